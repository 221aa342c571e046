#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# history-store.sh: `fioring-bench history` on seeded synthetic sweeps
# (no fio, no device).  The same sweep added twice is one sweep with its
# labels merged; two ingests of different sweeps into one fresh database
# at once both land (each holds its transaction 2 s, so they overlap); an
# ingest killed with SIGKILL inside its transaction leaves no trace, and
# a reader is not blocked meanwhile (WAL); a database of a newer schema
# is refused with one line and exit 2; `history ls` and `show` list what
# is stored.  Then the gate: a sweep of the embedded device as loop1 is
# judged against one as loop0, from its directory and from the database
# (`--baseline db:commit=...`, `db:ID`), the cells paired by the stable key,
# and notes (and gate.json's queue_diff and cmdline_diff) name the queue/
# setting and the kernel parameter that differ from the baseline's.

. "$(dirname "$0")/../lib/common.sh"

need_bench
synth="sh $FIORING_TOP/tests/fixtures/synth-results.sh"
d=$T_TMP
db=$d/h.db
export FIORING_DB=$db

# sweep NAME SEED DISK IOPS [RA [CMDLINE]]: a synthetic sweep of the
# embedded loop device, found with queue/read_ahead_kb RA (128) and the
# kernel command line CMDLINE (quiet)
sweep() {
	$synth "$d/$1" "$2" 9 "$3:io_uring:randread:0:1:$4:3" \
		"$3:fioring:randread:0:1:$4:3" || fail "synth $1"
	printf '{ "id": "test-%s", "started": "2026-01-0%sT00:00:00Z", "host": "h",\n' "$1" "$2" \
		>"$d/$1/meta.json"
	printf '  "kernel": "6.1.0", "kernel_version": "#1 SMP", "embedded": "/dev/%s",\n' "$3" \
		>>"$d/$1/meta.json"
	printf '  "devices": [ { "disk": "%s", "embedded": "loop", "model": "loop",\n' "$3" \
		>>"$d/$1/meta.json"
	printf '    "serial": "", "firmware": "", "size_bytes": 67108864,\n' \
		>>"$d/$1/meta.json"
	printf '    "queue": { "read_ahead_kb": "%s", "scheduler": "none" } } ],\n' \
		"${5:-128}" >>"$d/$1/meta.json"
	printf '  "system": { "cmdline": "%s", "settings": { "cpu.smt": "on" } } }\n' \
		"${6:-quiet}" >>"$d/$1/meta.json"
}

sweep a 1 loop0 100000
sweep b 2 loop1 100000
sweep c 3 loop2 100000 4096 "quiet nvme.poll_queues=2"
sweep k 4 loop3 100000

# nsweeps: how many sweeps `history ls` lists
nsweeps() {
	"$bench" history ls | awk 'NR > 1' | wc -l
}

# two at once into a database neither has made yet
FIORING_STORE_TEST_STALL=2 "$bench" history add "$d/a" --label commit=aaa \
	>"$d/add-a.out" 2>&1 &
pa=$!
FIORING_STORE_TEST_STALL=2 "$bench" history add "$d/b" --label commit=bbb \
	>"$d/add-b.out" 2>&1 &
pb=$!
wait $pa || { cat "$d/add-a.out"; fail "the first of two concurrent ingests failed"; }
wait $pb || { cat "$d/add-b.out"; fail "the second of two concurrent ingests failed"; }
cat "$d/add-a.out" "$d/add-b.out"
[ "$(nsweeps)" -eq 2 ] || fail "two concurrent ingests: $(nsweeps) sweeps stored, want 2"
# which got which id is the race's
aid=$(sed -n 's/.*: sweep \([0-9]*\) (added)$/\1/p' "$d/add-a.out")
bid=$(sed -n 's/.*: sweep \([0-9]*\) (added)$/\1/p' "$d/add-b.out")
[ -n "$aid" ] && [ -n "$bid" ] && [ "$aid" != "$bid" ] || fail "two concurrent ingests: ids '$aid' and '$bid'"

# the same sweep again: one sweep, labels merged
"$bench" history add "$d/a" --label branch=main >"$d/again.out" 2>&1 ||
	{ cat "$d/again.out"; fail "adding a sweep again failed"; }
cat "$d/again.out"
grep -q 'already stored; labels merged' "$d/again.out" || fail "a sweep added twice is not said to be stored already"
[ "$(nsweeps)" -eq 2 ] || fail "a sweep added twice: $(nsweeps) sweeps, want 2"
"$bench" history ls >"$d/ls.out" || fail "history ls failed"
cat "$d/ls.out"
grep -q 'embedded-loop-64MiB  *branch=main commit=aaa$' "$d/ls.out" ||
	fail "history ls: sweep a without its merged labels and target"

# killed inside its transaction: nothing of it stays
FIORING_STORE_TEST_STALL=30 "$bench" history add "$d/k" --label commit=kkk \
	>"$d/kill.out" 2>&1 &
pk=$!
i=0
until grep -q 'before the commit' "$d/kill.out"; do
	i=$((i + 1))
	[ $i -le 100 ] || { kill -9 $pk; fail "the stalled ingest never reached its transaction"; }
	sleep 0.1
done
# a reader goes on while the writer holds the database
timeout 10 "$bench" history ls >/dev/null || fail "history ls blocked by an ingest"
kill -9 $pk
wait $pk 2>/dev/null
[ "$(nsweeps)" -eq 2 ] || fail "a killed ingest left a sweep: $(nsweeps) sweeps"
"$bench" history show "engine=fioring" >"$d/show.out" || fail "history show failed"
cat "$d/show.out"
[ "$(awk 'NR > 2' "$d/show.out" | wc -l)" -eq 2 ] || fail "history show: want a line per sweep (2)"
grep -q '^target=embedded-loop-64MiB,engine=fioring,job=randread,' "$d/show.out" ||
	fail "history show: not the stable key of the embedded loop device"
"$bench" history add "$d/k" >"$d/k2.out" 2>&1 || fail "adding the killed sweep again failed"
grep -q '(added)' "$d/k2.out" || fail "the killed sweep was stored after all"

# the gate: loop2 against loop0, from the directory and from the database
. "$(dirname "$0")/../lib/gate.sh"
gate_expect 0 dir --baseline "$d/a" "$d/c"
grep -q "^gate: note: loop2/io_uring/.* is the baseline's loop0/io_uring/" "$T_TMP/dir.out" ||
	fail "gate: loop2 not paired with loop0 by the stable key"
[ "$(grep -c '^PASS        loop2/' "$T_TMP/dir.out")" -eq 4 ] || fail "gate: want four PASS lines"
queue_note='^gate: note: queue/ settings differ from the baseline.s: read_ahead_kb 128 -> 4096$'
grep -q "$queue_note" "$T_TMP/dir.out" || fail "gate: no note of read_ahead_kb 128 -> 4096"
[ "$(jqr "$d/c/gate.json" .queue_diff)" = "read_ahead_kb 128 -> 4096" ] ||
	fail "gate.json: queue_diff is not read_ahead_kb 128 -> 4096"
cmdline_note='^gate: note: the kernel command line differs from the baseline.s: +nvme.poll_queues=2$'
grep -q "$cmdline_note" "$T_TMP/dir.out" || fail "gate: no note of +nvme.poll_queues=2"
[ "$(jqr "$d/c/gate.json" '.cmdline_diff + "," + (.system_diff // "null")')" = \
	"+nvme.poll_queues=2,null" ] || fail "gate.json: cmdline_diff or system_diff is wrong"
gate_expect 0 label --baseline db:commit=aaa "$d/c"
grep -q "against baseline sweep $aid of $db" "$T_TMP/label.out" || fail "gate: db:commit=aaa is not sweep $aid"
grep -q "$queue_note" "$T_TMP/label.out" || fail "gate: a stored baseline gives no queue/ note"
grep -q "$cmdline_note" "$T_TMP/label.out" || fail "gate: a stored baseline gives no command line note"
gate_expect 0 same --baseline "$d/a" "$d/b"
grep -q 'differs* from the baseline' "$T_TMP/same.out" &&
	fail "gate: a settings note where the settings are the same"
[ "$(jqr "$d/b/gate.json" .queue_diff)" = null ] ||
	fail "gate.json: a queue_diff where the settings are the same"
gate_expect 0 id --baseline "db:$bid" --db "$db" "$d/c"
grep -q "against baseline sweep $bid of $db" "$T_TMP/id.out" || fail "gate: db:$bid is not that sweep"
gate_expect 2 nolabel --baseline db:commit=zzz "$d/c"
[ "$(wc -l <"$T_TMP/nolabel.out")" -eq 1 ] || fail "gate: an unknown label is not one line"

# a database of a newer schema (user_version, bytes 60-63 of the header)
cp "$db" "$d/new.db"
printf '\000\000\000\143' | dd of="$d/new.db" bs=1 seek=60 conv=notrunc 2>/dev/null
"$bench" history ls --db "$d/new.db" >"$d/new.out" 2>&1
rc=$?
cat "$d/new.out"
[ $rc -eq 2 ] || fail "a newer schema: history ls exited $rc, want 2"
[ "$(wc -l <"$d/new.out")" -eq 1 ] || fail "a newer schema: not one line"
grep -q 'schema version 99; this fioring-bench knows version 2 only' "$d/new.out" ||
	fail "a newer schema: the line does not name both versions"
"$bench" history add --db "$d/new.db" "$d/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "a newer schema: history add did not exit 2"
gate_expect 2 newdb --baseline db:1 --db "$d/new.db" "$d/c"

# bad arguments: one line, exit 2
"$bench" history add --label nokey "$d/a" 2>"$d/bad.out"
[ $? -eq 2 ] && [ "$(wc -l <"$d/bad.out")" -eq 1 ] || fail "a bad --label: not one line and exit 2"
"$bench" history frob 2>/dev/null
[ $? -eq 2 ] || fail "an unknown subcommand: not exit 2"
"$bench" history ls --db "$d/none.db" 2>/dev/null
[ $? -eq 1 ] || fail "history ls of a missing database: not exit 1"
[ ! -e "$d/none.db" ] || fail "history ls made a database"

pass "ingest twice, concurrent, killed; schema refused; gate across loop numbers"
