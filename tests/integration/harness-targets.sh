#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-targets.sh: one sweep over two devices.  Each gets its own cells
# and rows, each device's iostats goes back to its own original value, and
# naming one device twice is refused before anything is changed.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
zram_make 64M || skip "cannot make a zram device"
a=$DEV
loop_make 64M || skip "cannot make a loop device"
b=$DEV
qa=/sys/block/${a#/dev/}/queue/iostats
qb=/sys/block/${b#/dev/}/queue/iostats
echo 0 >$qa
echo 1 >$qb
st="--state $T_TMP/journal"

"$bench" run --target "$a" --target "$a" --engine io_uring $st \
	--job "$FIORING_TOP/jobs/randread-qd1.fio" >"$T_TMP/twice.log" 2>&1 &&
	fail "the same target twice was accepted"
cat "$T_TMP/twice.log"
grep -q 'given twice' "$T_TMP/twice.log" || fail "the refusal does not say why"

"$bench" run --target "$a" --target "$b" --engine io_uring --iostats 1,0 \
	--job "$FIORING_TOP/jobs/randread-qd1.fio" --repeat 2 --runtime 1 \
	--out "$T_TMP/out" $st 2>"$T_TMP/log"
rc=$?
cat "$T_TMP/log"
[ $rc -eq 0 ] || fail "the sweep exited $rc"
csv=$T_TMP/out/results.csv
for d in "$a" "$b"; do
	n=$(awk -F, -v d="${d#/dev/}" 'NR > 1 && $6 == d && $4 == "ok"' "$csv" | wc -l)
	[ "$n" -eq 4 ] || fail "$n ok rows for $d, want 4"
done
[ "$(cut -d, -f2 "$csv" | sort -u | wc -l)" -eq 5 ] || fail "not 4 distinct cells"
[ "$(cat $qa)" = 0 ] || fail "$a iostats is $(cat $qa), was 0"
[ "$(cat $qb)" = 1 ] || fail "$b iostats is $(cat $qb), was 1"
echo "two targets swept, each restored to its own value"
