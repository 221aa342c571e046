#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-clients.sh: a sweep across three fio servers on loopback
# addresses (127.0.0.2-4), driven by fioring-bench run --client and
# --client-file through fio's client/server protocol, one server killed
# mid-sweep.  The killed host's rows fail from then on while the other
# hosts go on; every host has its own rows with the kernel's figures from
# fio's disk_util, plus an "all" row; the settings the jobs made (iostats,
# scheduler) are back on the surviving hosts; the local journal keeps the
# dead host, and 'fioring-bench restore' clears it once that server is
# back.  Bad --client/--client-file values are one line each.  All three
# servers share this kernel and one loop device, as hosts of a rack would
# not: the test shows mechanics, not scaling.

. "$(dirname "$0")/../lib/common.sh"

need_bench
[ -f "$FIORING_ENGINE" ] || skip "libfioring.so is not built"
need_root
command -v flock >/dev/null && command -v base64 >/dev/null ||
	skip "the servers' scripts need flock and base64"
loop_make 256M || skip "cannot make a loop device"
dev=$DEV
disk=${dev#/dev/}
q=/sys/block/$disk/queue
sched_orig=$(sed 's/.*\[\(.*\)\].*/\1/' $q/scheduler)
iostats_orig=$(cat $q/iostats)
at_exit "rm -rf /run/fioring/remote-$disk.users /run/fioring/remote-$disk.journal"
# the servers' lock file, when this test is the one that makes it
[ -e /run/fioring/remote.lock ] || at_exit "rm -f /run/fioring/remote.lock"

# bad input: one line each, before any server is contacted
"$bench" run --client 8765 -t "$dev" 2>"$T_TMP/err" && fail "--client 8765 accepted"
grep -q "bad --client value '8765'" "$T_TMP/err" || fail "no line for --client 8765"
"$bench" run --client 127.0.0.2 --out "$T_TMP/bad" --state "$T_TMP/j2" 2>"$T_TMP/err" && fail "--client without --target accepted"
grep -q "^fioring-bench run: --client needs --target DEV" "$T_TMP/err" || fail "no line for a missing --target"
"$bench" run --client-file "$T_TMP/none" -t "$dev" 2>"$T_TMP/err" && fail "a missing --client-file accepted"
grep -q "^fioring-bench run: --client-file $T_TMP/none: No such file" "$T_TMP/err" || fail "no line for a missing --client-file"

port=$((20000 + $$ % 20000))
srv=$T_TMP/srv
mkdir -p "$srv"

# server N: a fio server on 127.0.0.N in its own process group, killed at exit
server() {
	(cd "$srv" && exec setsid "$FIO" --server=127.0.0.$1,$port \
		>"$srv/s$1.log" 2>&1 </dev/null) &
	echo $! >"$srv/s$1.pid"
	at_exit "kill -9 -$(cat "$srv/s$1.pid")"
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		grep -q "$(printf ':%04X ' $port)" /proc/net/tcp && return 0
		sleep 0.1
	done
}
server 2
server 3
server 4
sleep 0.3
kill -0 "$(cat "$srv/s3.pid")" 2>/dev/null || skip "cannot start fio servers on 127.0.0.N"
echo "127.0.0.4,$port" >"$T_TMP/hosts"

out=$T_TMP/out
csv=$out/results.csv
# kill server 3 once two runs (4 rows each) are in, during the third
(
	for _ in $(seq 600); do
		[ -f "$csv" ] && [ "$(wc -l <"$csv")" -ge 9 ] && break
		sleep 0.1
	done
	sleep 1
	kill -9 -"$(cat "$srv/s3.pid")"
) &
killer=$!

"$bench" run --client "127.0.0.2,$port,127.0.0.3,$port" --client-file "$T_TMP/hosts" \
	--target "$dev" --job "$FIORING_TOP/jobs/randread-qd32.fio" --engine fioring \
	--iostats 0,1 --scheduler mq-deadline,none --repeat 2 --runtime 2 \
	--out "$out" --state "$T_TMP/journal" 2>"$T_TMP/log"
rc=$?
wait $killer
cat "$T_TMP/log"
[ $rc -eq 1 ] || fail "want exit 1 (the dead host's settings stay journaled), got $rc"
grep -q "could not restore every setting" "$T_TMP/log" || fail "no word on the dead host"

[ "$(sed 's/.*\[\(.*\)\].*/\1/' $q/scheduler)" = "$sched_orig" ] ||
	fail "scheduler left at $(cat $q/scheduler), was $sched_orig"
[ "$(cat $q/iostats)" = "$iostats_orig" ] || fail "iostats left changed"
[ -z "$(ls -A /run/fioring/remote-$disk.users 2>/dev/null)" ] &&
	[ ! -e /run/fioring/remote-$disk.journal ] || fail "the servers' journal is not empty"

res=$out/results.json
[ "$(jq '.runs | length' "$res")" -eq 32 ] || fail "want 32 rows (8 runs x 3 hosts + all)"
for h in 127.0.0.2 127.0.0.4; do
	n=$(jq --arg h "$h,$port" '[.runs[] | select(.host == $h and .status == "ok")] | length' "$res")
	[ "$n" -eq 8 ] || fail "$h: $n of 8 runs ok"
done
dead_ok=$(jq --arg h "127.0.0.3,$port" '[.runs[] | select(.host == $h and .status == "ok")] | length' "$res")
dead_failed=$(jq --arg h "127.0.0.3,$port" '[.runs[] | select(.host == $h and .status == "failed") | select(.error | test("no results from 127.0.0.3"))] | length' "$res")
echo "killed host: $dead_ok runs ok, $dead_failed failed"
[ "$dead_ok" -ge 2 ] && [ "$dead_ok" -le 3 ] || fail "the killed host ran $dead_ok runs, want 2 or 3"
[ $((dead_ok + dead_failed)) -eq 8 ] || fail "the killed host's missed runs are not all recorded"
all_ok=$(jq '[.runs[] | select(.host == "all" and .status == "ok")] | length' "$res")
[ "$all_ok" -eq "$dead_ok" ] || fail "$all_ok 'all' rows ok, want $dead_ok"

# remote diskstats: counted with iostats=1, not with iostats=0
bad=$(jq '[.runs[] | select(.status == "ok" and .host != "all") |
	select((.iostats_req == "1" and (.ks_ios // 0) == 0) or
	       (.iostats_req == "0" and (.ks_ios // 0) > 0))] | length' "$res")
[ "$bad" -eq 0 ] || fail "$bad rows whose disk_util figures do not follow iostats"
bad=$(jq '[.runs[] | select(.status == "ok") | select(.scheduler == "" or .iostats_eff != .iostats_req)] | length' "$res")
[ "$bad" -eq 0 ] || fail "$bad ok rows without the effective settings"
jq -r '.runs[] | select(.repeat == 1) | "\(.host) \(.iostats_req) \(.scheduler): \(.status) \(.iops // "-") IOPS, kernel \(.ks_iops // "-")"' "$res"

grep -q "^remote	127.0.0.3,$port	$disk" "$T_TMP/journal" ||
	fail "the journal does not name the dead host"
server 3
"$bench" restore --state "$T_TMP/journal" || fail "restore failed with every server up"
[ ! -s "$T_TMP/journal" ] || fail "the journal is not empty after restore"

command -v gnuplot >/dev/null || skip "no gnuplot: the sweep and the journal were checked, the report (hosts, the dead one marked) was not"
"$bench" report "$out" >"$T_TMP/report" || fail "report failed"
grep -q "^| 127.0.0.4" "$out/report.md" || fail "the report has no row for host 127.0.0.4"
grep -q "^| \*\*(!)\*\* 127.0.0.3" "$out/report.md" ||
	fail "the report does not mark the host that died"
exit 0
