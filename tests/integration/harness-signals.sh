#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-signals.sh: kernel settings survive no interruption.  A SIGINT in
# the middle of a sweep stops fio, restores queue/iostats and exits 130 with
# the finished runs written; after a SIGKILL the setting stays changed until
# `fioring-bench restore` (or the next run) puts it back, and restore also
# removes an embedded device the killed run made.  restore refuses while a
# live run holds the journal.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
zram_make 128M || skip "cannot make a zram device"
dev=$DEV
q=/sys/block/${dev#/dev/}/queue/iostats
orig=$(cat $q)
want=1
[ "$orig" = 1 ] && want=0
state=$T_TMP/journal

# start NAME [ARGS...]: a long sweep in the background; sets PID
start() {
	name=$1
	shift
	"$bench" run --job "$FIORING_TOP/jobs/randread-qd1.fio" --engine io_uring \
		--iostats $want --repeat 50 --runtime 2 --out "$T_TMP/$name" \
		--state "$state" "$@" >"$T_TMP/$name.log" 2>&1 &
	PID=$!
	at_exit "kill -9 $PID"
}

# wait_for CMD: up to 20 s for CMD to succeed
wait_for() {
	i=0
	until eval "$1"; do
		i=$((i + 1))
		[ $i -lt 200 ] || fail "timed out waiting for: $1"
		sleep 0.1
	done
}

fio_on() {
	pgrep -f -- "--filename=$1" >/dev/null
}

# SIGINT: restored by the run itself
start int --target "$dev"
wait_for "[ \$(cat $q) = $want ] && fio_on $dev"
# a run finished (a slow fio, e.g. under ASan, takes seconds to start)
wait_for "grep -q ',ok,' $T_TMP/int/results.csv 2>/dev/null"
"$bench" restore --state "$state" >"$T_TMP/busy.log" 2>&1 &&
	fail "restore ran while a sweep held the journal"
grep -q 'still using' "$T_TMP/busy.log" || fail "restore did not say why it refused"
kill -INT $PID
wait $PID
rc=$?
cat "$T_TMP/int.log"
[ $rc -eq 130 ] || fail "the interrupted sweep exited $rc, want 130"
[ "$(cat $q)" = "$orig" ] || fail "iostats is $(cat $q) after SIGINT, was $orig"
fio_on "$dev" && fail "fio still runs on $dev after SIGINT"
grep -q ',interrupted,' "$T_TMP/int/results.csv" ||
	fail "the interrupted run is not recorded"
[ "$(grep -c ',ok,' "$T_TMP/int/results.csv")" -ge 1 ] ||
	fail "the run finished before SIGINT is not recorded"
echo "SIGINT: iostats back at $orig"

# SIGKILL: the setting stays changed until restore
start kill --target "$dev"
wait_for "[ \$(cat $q) = $want ] && fio_on $dev"
kill -9 $PID
wait $PID 2>/dev/null
[ "$(cat $q)" = $want ] || fail "SIGKILL: iostats is not left changed: nothing to test"
wait_for "! fio_on $dev"
"$bench" restore --state "$state" || fail "restore failed"
[ "$(cat $q)" = "$orig" ] || fail "iostats is $(cat $q) after restore, was $orig"
[ ! -s "$state" ] || fail "the journal is not empty after restore"
echo "SIGKILL + restore: iostats back at $orig"

# SIGKILL, then the next run restores before it starts
start kill2 --target "$dev"
wait_for "[ \$(cat $q) = $want ]"
kill -9 $PID
wait $PID 2>/dev/null
"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats $want --repeat 1 --runtime 1 \
	--out "$T_TMP/next" --state "$state" >"$T_TMP/next.log" 2>&1 ||
	{ cat "$T_TMP/next.log"; fail "the run after a SIGKILL failed"; }
grep -q 'restoring what an earlier run left' "$T_TMP/next.log" ||
	fail "the next run did not restore the killed run's settings"
[ "$(cat $q)" = "$orig" ] || fail "iostats is $(cat $q) after the next run"
echo "SIGKILL + next run: restored first"

# SIGKILL of a sweep on its own device: restore removes the device
start emb --embedded zram --embedded-size 64M
wait_for "grep -q '^zram' $state 2>/dev/null && grep -q '^knob' $state"
emb=/sys/block/zram$(awk -F'\t' '$1 == "zram" { print $2 }' "$state")
kill -9 $PID
wait $PID 2>/dev/null
[ -e "$emb" ] || fail "the embedded device vanished before restore: nothing to test"
"$bench" restore --state "$state" || fail "restore failed"
[ ! -e "$emb" ] || fail "restore left the embedded device $emb"
echo "SIGKILL + restore: embedded ${emb#/sys/block/} removed"

# SIGTERM of a sweep on its own device: the run removes it and exits 143
start term --embedded zram --embedded-size 64M
wait_for "grep -q '^zram' $state 2>/dev/null && grep -q '^knob' $state"
emb=/sys/block/zram$(awk -F'\t' '$1 == "zram" { print $2 }' "$state")
kill -TERM $PID
wait $PID
rc=$?
[ $rc -eq 143 ] || { cat "$T_TMP/term.log"; fail "the terminated sweep exited $rc, want 143"; }
[ ! -e "$emb" ] || fail "SIGTERM left the embedded device $emb"
[ ! -s "$state" ] || fail "the journal is not empty after SIGTERM"
echo "SIGTERM: embedded ${emb#/sys/block/} removed, exit 143"
