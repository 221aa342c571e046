#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-detach.sh: the target loop device detached (losetup -d) while fio
# runs on it.  The kernel only marks an open loop device for auto-clear, so
# the running fio finishes; the runs after it fail with fio's message about
# the now empty device, the sweep still finishes and exits 3, and the
# setting the harness changed on the device is put back.

. "$(dirname "$0")/../lib/common.sh"

bench=${FIORING_BENCH:-$FIORING_TOP/build/fioring-bench}
[ -x "$bench" ] || skip "fioring-bench is not built"
need_root
# not loop_make: its cleanup would detach the device's number again, which
# by then may be another's; detach only what still has our backing file
truncate -s 64M "$T_TMP/backing"
DEV=$(losetup --find --show --direct-io=on "$T_TMP/backing") || skip "cannot make a loop device"
at_exit "losetup -n -O NAME -j $T_TMP/backing | xargs -r losetup -d"
name=${DEV#/dev/}
q=/sys/block/$name/queue/iostats
orig=$(cat $q)

"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats 0,1 --repeat 2 --runtime 2 --out "$T_TMP/out" \
	--state "$T_TMP/journal" >"$T_TMP/log" 2>&1 &
pid=$!
at_exit "kill -9 $pid"
# once fio has the device open (no fixed sleep: fio can
# take seconds to start, e.g. under ASan)
fio_with_open $pid "$DEV" >/dev/null || fail "no fio opened $DEV"
sleep 0.3
losetup -d "$DEV" || fail "losetup -d $DEV failed"
wait $pid
rc=$?
cat "$T_TMP/log"
[ $rc -eq 3 ] || fail "exit $rc with the target detached, want 3"
csv=$T_TMP/out/results.csv
[ "$(awk -F, 'NR == 2 { print $4 }' "$csv")" = ok ] ||
	fail "the run in progress at detach did not finish ok"
[ "$(awk -F, 'NR > 1' "$csv" | wc -l)" -eq 4 ] || fail "not every run has its row"
awk -F, 'NR > 2 { print $4 "," $5 }' "$csv" | grep -v "^failed,fio failed: $DEV: " &&
	fail "a run on the detached device did not fail with fio's message"
[ "$(cat $q)" = "$orig" ] || fail "queue/iostats of $name is $(cat $q), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty: $(cat "$T_TMP/journal")"
echo "detached: run 1 ok, runs 2-4 failed ($(awk -F, 'NR == 3 { print $5 }' "$csv")), exit 3"
exit 0
