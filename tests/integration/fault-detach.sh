#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-detach.sh: the target loop device detached (losetup -d) while fio
# runs on it.  The kernel only marks an open loop device for auto-clear,
# and the sweep holds its target open (its device lock) until the end: so
# every run, the one in progress and the later ones, runs on the device
# and is ok, the setting the harness changed is put back, and the device
# is detached once the sweep has exited.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
# not loop_make: its cleanup would detach the device's number again, which
# by then may be another's; detach only what still has our backing file
truncate -s 64M "$T_TMP/backing"
DEV=$(losetup --find --show --direct-io=on "$T_TMP/backing") || skip "cannot make a loop device"
dev_own "$DEV"
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
[ $rc -eq 0 ] || fail "exit $rc with the target detached, want 0"
csv=$T_TMP/out/results.csv
[ "$(awk -F, 'NR > 1 && $4 == "ok"' "$csv" | wc -l)" -eq 4 ] ||
	fail "not every run is ok on a device the sweep holds"
[ "$(cat $q)" = "$orig" ] || fail "queue/iostats of $name is $(cat $q), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty: $(cat "$T_TMP/journal")"
[ -z "$(losetup -n -O NAME -j "$T_TMP/backing")" ] ||
	fail "$DEV is still attached after the sweep let it go"
echo "detached: 4 runs ok, setting restored, the device cleared after the sweep"
exit 0
