#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-bad-input.sh: fioring-bench refuses bad input with one line that
# names what is wrong and a non-zero exit, touching nothing (a job fio
# cannot parse included); and a fio run that fails is a recorded failure
# carrying fio's message while the sweep goes on.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root

# refused WANT_RC PATTERN ARGS...: one line matching PATTERN, exit WANT_RC
refused() {
	want=$1 pat=$2
	shift 2
	"$bench" "$@" >"$T_TMP/out" 2>&1
	rc=$?
	cat "$T_TMP/out"
	[ $rc -eq "$want" ] || fail "'$*' exited $rc, want $want"
	[ "$(wc -l <"$T_TMP/out")" -eq 1 ] || fail "'$*' did not answer in one line"
	grep -q -- "$pat" "$T_TMP/out" || fail "'$*' did not say: $pat"
}

st="--state $T_TMP/journal"
refused 2 "unknown command 'frobnicate'" frobnicate
refused 2 "bad --iostats value '1,,2'" run --iostats 1,,2 $st
refused 2 "bad --sqpoll value '2'" run --sqpoll 2 $st
refused 2 "bad --repeat value 'many'" run --repeat many $st
refused 2 "bad --warmup value '-1': a whole number >= 0" run --warmup -1 $st
refused 2 "bad --embedded-size value '12Q'" run --embedded-size 12Q $st
refused 2 "bad --embedded-size value .-1." run --embedded-size -1 $st
refused 2 "bad --out value '': empty" run --out "" $st
refused 2 "bad --fio-arg value '': empty" run --fio-arg "" $st
refused 2 "bad --adaptive-metric value '': a comma-separated list" \
	run --adaptive-metric "" $st
refused 2 "unknown option --iodepth" run --iodepth 4 $st
refused 2 "bad --knob value 'iostats=0': queue/iostats is swept by --iostats" run --knob iostats=0 $st
refused 2 "bad --knob value 'scheduler=none': queue/scheduler is swept by --scheduler" \
	run --knob nomerges=0 --knob scheduler=none $st
refused 2 "bad --knob value .nomerges=.: nomerges: a comma-separated list of values" \
	run --knob nomerges= $st
refused 2 "bad --knob value .nomerges=0,,2.: nomerges: a comma-separated" \
	run --knob nomerges=0,,2 $st
refused 2 "bad --cpus value .1-x.: a CPU list" run --cpus 1-x $st
refused 2 "--cpus 1023: not all of them are CPUs this process may use" run --cpus 1023 $st
refused 2 "--cpus and --unpinned exclude each other" run --cpus 0 --unpinned $st
refused 2 "option --out needs a value" run --out
refused 2 "report: need exactly one result directory" report
refused 2 "report: need exactly one result directory" report ""
refused 2 "gate: --json is empty" gate --vs io_uring --json "" "$T_TMP"
refused 2 "gate: DIR is empty" gate --vs io_uring ""
refused 2 "restore: --state is empty" restore --state ""
refused 1 "history add: the history database path is empty" history add --db "" "$T_TMP"
refused 128 "bisect: option --good needs a value" bisect --good ""
refused 1 "--target /dev/fioring-none: No such file" run --target /dev/fioring-none \
	--engine io_uring --out "$T_TMP/none" $st
refused 1 "--job /nonexistent.fio" run --job /nonexistent.fio --engine io_uring $st
refused 1 "cannot run fio '/bin/false-fio'" run --fio /bin/false-fio $st
refused 1 "fioring engine (libfioring.so) is not found: /nonexistent.so" \
	run --engine fioring --engine-lib /nonexistent.so $st
[ ! -e "$T_TMP/none" ] || fail "a refused run made its results directory"
"$bench" --help | grep -q 'restore' || fail "--help does not list restore"
"$bench" --version | grep -q '^fioring-bench ' || fail "--version"

# --dry-run: the plan, nothing made or changed; a value given twice (in a
# list, by repeating the option, one job file twice) is one cell, not two
ls /sys/block >"$T_TMP/disks.before"
"$bench" run --dry-run --iostats 0,1,0 --engine io_uring --engine io_uring --sqpoll 0,1 \
	--job "$FIORING_TOP/jobs/randread-qd1.fio" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--repeat 3 $st >"$T_TMP/plan" ||
	fail "--dry-run failed"
cat "$T_TMP/plan"
[ "$(grep -c '^embedded/io_uring/randread-qd1/sq[01]/iostats[01]/' "$T_TMP/plan")" -eq 4 ] ||
	fail "--dry-run did not list the 4 cells"
grep -q '^4 cells x 3 repeats = 12 runs' "$T_TMP/plan" || fail "--dry-run did not count the runs"
ls /sys/block | cmp -s - "$T_TMP/disks.before" || fail "--dry-run made or removed a device"
[ ! -s "$T_TMP/journal" ] || fail "--dry-run wrote the journal"

# a job fio cannot parse: refused before the first run, not N failed runs
zram_make 128M || skip "cannot make a zram device"
cat >"$T_TMP/broken.fio" <<JOB
[broken]
rw=sideways
JOB
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--job "$T_TMP/broken.fio" --engine io_uring --iostats 1 --repeat 2 \
	--runtime 1 --out "$T_TMP/parse" $st >"$T_TMP/parse.log" 2>&1
rc=$?
sweep_refused parse 1 "--job $T_TMP/broken.fio with engine io_uring: fio refuses it: fio: failed parsing rw=sideways"
# a queue/ setting the device lacks (zram has no scheduler): refused up front
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--scheduler none --engine io_uring --iostats 1 --repeat 1 --runtime 1 \
	--out "$T_TMP/nosched" $st >"$T_TMP/nosched.log" 2>&1
rc=$?
sweep_refused nosched 1 "^fioring-bench run: --scheduler: ${DEV#/dev/} has no queue/scheduler$"
# a job fio parses but fails to run (512-byte O_DIRECT reads of a 4 KiB
# block device), between two good runs: recorded, the sweep goes on
cat >"$T_TMP/failing.fio" <<JOB
[failing]
rw=randread
bs=512
direct=1
JOB
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--job "$T_TMP/failing.fio" --engine io_uring --iostats 1 --repeat 2 \
	--warmup 0 --runtime 1 --out "$T_TMP/sweep" $st 2>"$T_TMP/log"
rc=$?
cat "$T_TMP/log"
[ $rc -eq 3 ] || fail "a sweep with failed runs exited $rc, want 3"
! ls "$T_TMP/sweep/raw/w"* 2>/dev/null || fail "--warmup 0 ran a warm-up"
csv=$T_TMP/sweep/results.csv
[ "$(grep -c ',ok,' "$csv")" -eq 2 ] || fail "the good runs are not all ok"
[ "$(grep -c ',failed,' "$csv")" -eq 2 ] || fail "the failing runs are not recorded as failed"
grep ',failed,' "$csv" | grep -q 'Invalid argument' || fail "the failure does not carry fio's message"
jq -e '[.runs[] | select(.status == "failed") | .error | length > 0] | all' \
	"$T_TMP/sweep/results.json" >/dev/null || fail "results.json lacks the error"
# fio crashing: recorded, the sweep goes on, the setting restored after
cat >"$T_TMP/crashing-fio" <<SCRIPT
#!/bin/sh
[ "\$1" = --version ] && exec "$FIO" --version
# the job check before the first run parses; runs crash
[ "\$1" = --parse-only ] && exec "$FIO" "\$@"
kill -SEGV \$\$
SCRIPT
chmod +x "$T_TMP/crashing-fio"
q=/sys/block/${DEV#/dev/}/queue/iostats
orig=$(cat $q)
want=1
[ "$orig" = 1 ] && want=0
"$bench" run --target "$DEV" --fio "$T_TMP/crashing-fio" --engine io_uring \
	--job "$FIORING_TOP/jobs/randread-qd1.fio" --iostats $want --repeat 2 \
	--runtime 1 --out "$T_TMP/crash" $st 2>"$T_TMP/crash.log"
rc=$?
cat "$T_TMP/crash.log"
[ $rc -eq 3 ] || fail "a sweep whose fio crashed exited $rc, want 3"
[ "$(grep -c ',failed,fio killed by Segmentation fault' "$T_TMP/crash/results.csv")" -eq 2 ] ||
	fail "the crashes are not recorded as such"
[ "$(cat $q)" = "$orig" ] || fail "iostats is $(cat $q) after fio crashed, was $orig"
# a setting the kernel refuses: that cell fails, the others run, and the
# scheduler is back as it was
loop_make 64M || skip "cannot make a loop device"
sched=/sys/block/${DEV#/dev/}/queue/scheduler
before=$(cat $sched)
"$bench" run --target "$DEV" --scheduler none,no-such-sched --engine io_uring \
	--job "$FIORING_TOP/jobs/randread-qd1.fio" --iostats 1 --repeat 1 \
	--runtime 1 --out "$T_TMP/sched" $st 2>"$T_TMP/sched.log"
rc=$?
cat "$T_TMP/sched.log"
[ $rc -eq 3 ] || fail "a sweep with a refused setting exited $rc, want 3"
grep -q ',failed,cannot set scheduler=no-such-sched on ' "$T_TMP/sched/results.csv" ||
	fail "the refused scheduler is not recorded"
awk -F, -v c="$(head -1 "$T_TMP/sched/results.csv" | tr , '\n' | grep -n '^scheduler$' | cut -d: -f1)" \
	'NR > 1 && $4 == "ok" && $c == "none" { ok = 1 } END { exit !ok }' "$T_TMP/sched/results.csv" ||
	fail "the scheduler=none cell did not run with scheduler none"
[ "$(cat $sched)" = "$before" ] || fail "scheduler is '$(cat $sched)' after the sweep, was '$before'"

echo "bad input refused; failing and crashing fio runs recorded, the sweep went on"
