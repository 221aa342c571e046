#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-exclusive.sh: one sweep per device, and nobody else's device.
#  - a writing sweep on a device another process holds O_EXCL is refused
#    (exit 1, one line naming the holder's pid), and nothing is written;
#  - while a sweep runs on a device, a second sweep on it with its own
#    --state is refused (exit 1, one line naming the first sweep's pid),
#    and so are `restore` and a run replaying a journal of a setting on
#    that device; the first sweep's rows are ok and, stopped by SIGINT, it
#    puts its knob back;
#  - once it is done the journal restores.
# A mark the test writes on the device stands for its user's data: no
# refused sweep overwrites it; every queue setting is as found afterwards.

. "$(dirname "$0")/../lib/common.sh"

need_bench
[ -x "$HOLD_EXCL" ] || skip "the hold_excl helper is not built"
need_root
loop_make 64M || skip "cannot make a loop device"
dev=$DEV
q=/sys/block/${dev#/dev/}/queue/iostats
orig=$(cat "$q")
want=1
[ "$orig" = 1 ] && want=0
knobs "$dev" >"$T_TMP/knobs"
# a mark at 1 MiB that any write of the sweep's jobs would overwrite
printf 'fioring-test-mark' | dd of="$dev" bs=1M seek=1 conv=notrunc,fsync status=none
mark() {
	dd if="$dev" bs=1M skip=1 count=1 status=none | head -c 17
}

# sweep NAME JOB RUNTIME [ARGS...]: a sweep of one run, exit status in rc
sweep() {
	name=$1 job=$2 rt=$3
	shift 3
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/$job.fio" \
		--engine io_uring --iostats $want --repeat 1 --runtime "$rt" \
		--out "$T_TMP/$name" --state "$T_TMP/$name.journal" "$@" \
		>"$T_TMP/$name.log" 2>&1
	rc=$?
}

# O_EXCL held by another process: a write sweep is refused
hold_excl "$dev"
sweep excl randwrite-qd32 1
sweep_refused excl 1 "refusing to write to $dev: $dev is claimed O_EXCL by another user (open by pid $hpid (hold_excl))$"
[ "$(mark)" = fioring-test-mark ] || fail "$dev was written while held O_EXCL"
# a read sweep shares the device with its user
sweep excl-read randread-qd1 1 || { cat "$T_TMP/excl-read.log"; fail "a read sweep was refused"; }
kill $hpid
wait $hpid 2>/dev/null

# two sweeps, two state files, one device
"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats $want --repeat 100 --runtime 1 \
	--out "$T_TMP/first" --state "$T_TMP/first.journal" >"$T_TMP/first.log" 2>&1 &
first=$!
at_exit "kill -9 $first"
fio_with_open $first "$dev" >/dev/null || fail "the first sweep's fio never opened $dev"
sweep second randwrite-qd32 1
sweep_refused second 1 "--target $dev: /dev/${dev#/dev/} is locked by pid $first (fioring-bench); one sweep at a time per device$"
sweep second-read randread-qd1 1
sweep_refused second-read 1 "is locked by pid $first (fioring-bench)"
# a journal of a setting on that device: neither restore nor a run replays it
printf 'knob\t%s\t%s\n' "$q" "$orig" >"$T_TMP/old.journal"
"$bench" restore --state "$T_TMP/old.journal" >"$T_TMP/restore.log" 2>&1
rc=$?
cat "$T_TMP/restore.log"
[ $rc -eq 1 ] || fail "restore exited $rc while a sweep ran on $dev"
grep -q "^fioring-bench restore: /dev/${dev#/dev/} is locked by pid $first (fioring-bench); try again when it is done$" \
	"$T_TMP/restore.log" || fail "restore did not name the sweep holding $dev"
[ "$(cat "$q")" = $want ] || fail "restore changed $q under a running sweep"
cp "$T_TMP/old.journal" "$T_TMP/replay.journal"
loop_make 64M || fail "cannot make a third loop device"
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats 1 --repeat 1 --runtime 1 --out "$T_TMP/replay" \
	--state "$T_TMP/replay.journal" >"$T_TMP/replay.log" 2>&1
rc=$?
sweep_refused replay 1 "cannot restore $T_TMP/replay.journal: /dev/${dev#/dev/} is locked by pid $first"
grep -q "^knob" "$T_TMP/replay.journal" || fail "a refused replay emptied its journal"
kill -INT $first
wait $first
rc=$?
tail -n 3 "$T_TMP/first.log"
[ $rc -eq 130 ] || fail "the first sweep exited $rc on SIGINT"
grep -q ',ok,' "$T_TMP/first/results.csv" || fail "the first sweep has no ok row"
[ "$(cat "$q")" = "$orig" ] || fail "$q left at $(cat "$q"), was $orig"
[ ! -s "$T_TMP/first.journal" ] || fail "the first sweep left its journal"
"$bench" restore --state "$T_TMP/old.journal" >"$T_TMP/restore2.log" 2>&1 ||
	{ cat "$T_TMP/restore2.log"; fail "restore failed once the sweep was done"; }
[ "$(mark)" = fioring-test-mark ] || fail "a refused sweep wrote to $dev"
knobs "$dev" | diff "$T_TMP/knobs" - || fail "a queue setting of $dev changed"
echo "O_EXCL holder, second sweep, restore and replay refused, naming the pid; knobs as found"
