#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-full-fs.sh: a sweep whose results directory fills up (a 64 KiB
# tmpfs) stops with one line naming the directory and ENOSPC, exits 1,
# keeps every row it wrote before (whole, parseable, in run order), leaves
# no half-written results.json copy, and puts the target's queue/iostats
# back; the journal is empty afterwards.  A sweep whose results.json
# cannot be written as it ends says so the same way and exits 1, not 0,
# and stays out of the history.

. "$(dirname "$0")/../lib/common.sh"

fault_target

mkdir "$T_TMP/full"
mount -t tmpfs -o size=64k none "$T_TMP/full" || skip "cannot mount a tmpfs"
at_exit "umount -l $T_TMP/full"
out=$T_TMP/full/out

# --warmup 0: run 1 is the first fio output the disk must hold
# iostats 0 and 1: whatever the original, one cell changes it
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats 0,1 --repeat 20 --warmup 0 --runtime 1 \
	--out "$out" --state "$T_TMP/journal" >"$T_TMP/log" 2>&1
rc=$?
cat "$T_TMP/log"
[ $rc -eq 1 ] || fail "exit $rc on a full results disk, want 1"
grep -q "^fioring-bench run: cannot write results in $out: No space left on device$" \
	"$T_TMP/log" || fail "no 'cannot write results ... No space left on device' line"
[ "$(cat $q)" = "$orig" ] || fail "queue/iostats is $(cat $q), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty: $(cat "$T_TMP/journal")"
[ -z "$(ls "$out" | grep '\.tmp$')" ] || fail "half-written files left: $(ls "$out")"

# what was written stays readable: whole rows numbered 1, 2, ... and the
# first run's figures, which fitted
ncols=$(head -n 1 "$out/results.csv" | awk -F, '{ print NF }')
rows=$(awk -F, -v n="$ncols" 'NR > 1 && NF == n && $1 == NR - 1 { k++ } END { print k + 0 }' \
	"$out/results.csv")
[ "$rows" -ge 1 ] || fail "no whole row kept in results.csv"
[ "$(awk -F, 'NR == 2 { print $4 }' "$out/results.csv")" = ok ] || fail "run 1 not ok"
jq -e '.jobs | length > 0' "$out/raw/r0001.json" >/dev/null || fail "raw/r0001.json lost"
[ "$rows" -lt 40 ] || fail "all 40 runs fitted in 64 KiB: the disk never filled"
# a run that failed for the full disk says so, not 'fio failed'
if grep -q ',failed,' "$out/results.csv"; then
	grep ',failed,' "$out/results.csv" | grep -vq 'No space left on device' &&
		fail "a failed row blames something else than the full disk"
fi
echo "full disk: exit 1 after $rows whole rows, iostats back at $orig"

# results.json cannot be written as the sweep ends (a directory where its
# temporary copy goes, made during run 2, after run 1's row and
# results.json; 1 s runs keep run 2's row within the 5 s before results.json
# is rewritten, so only the end writes it): one line, exit 1 rather than 0,
# both rows kept, iostats back, and the sweep kept out of the history
out=$T_TMP/end
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats $want --repeat 2 --warmup 0 --runtime 1 \
	--out "$out" --state "$T_TMP/journal" --db "$T_TMP/history.db" \
	>"$T_TMP/log" 2>&1 &
pid=$!
for _ in $(seq 300); do
	[ "$(wc -l 2>/dev/null <"$out/results.csv")" = 2 ] && [ -f "$out/results.json" ] && break
	sleep 0.1
done
[ "$(wc -l <"$out/results.csv")" = 2 ] || { cat "$T_TMP/log"; fail "run 1's row never written"; }
mkdir "$out/results.json.tmp"
wait $pid
rc=$?
cat "$T_TMP/log"
[ "$(wc -l <"$out/results.csv")" = 3 ] || fail "run 2's row not in results.csv"
[ $rc -eq 1 ] || fail "exit $rc when results.json cannot be written at the end, want 1"
grep -q "^fioring-bench run: cannot write results in $out: Is a directory$" "$T_TMP/log" ||
	fail "no 'cannot write results in $out: Is a directory' line"
[ "$(grep -c 'cannot write results' "$T_TMP/log")" = 1 ] || fail "the error said more than once"
[ "$(cat "$q")" = "$orig" ] || fail "queue/iostats is $(cat "$q"), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty: $(cat "$T_TMP/journal")"
! grep -q 'added to the history' "$T_TMP/log" ||
	fail "a sweep without its results.json went into the history"
echo "results.json refused at the end: exit 1, one line, both rows kept"
exit 0
