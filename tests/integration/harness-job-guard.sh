#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-job-guard.sh: what fio will write is what the guard checks.  Two
# loop devices: the target, blank, and another one with ext4 on it.  A job
# naming the other device as its filename, a --fio-arg that makes a job
# without rw= write (also under fio's alias readwrite=, and from an
# included file) to the ext4 device, a job setting its own ioengine,
# runtime or CPUs (kept with --runtime 0 and --unpinned), a job or
# --fio-arg setting an option of a dims row (ioscheduler, sqthread_poll,
# prioclass), a job fio cannot parse and an engine fio cannot load: each is
# refused before the first run with exit 1 and one line naming the job, the
# option and why.  Afterwards the ext4 UUID is intact and every queue
# setting of both devices is as it was.  A job with its own runtime runs
# under --runtime 0, and its row says the runtime fio ran.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
loop_make 64M || skip "cannot make a loop device"
tgt=$DEV
ext4_loop 64M
other=$DEV
uuid=$UUID
knobs "$tgt" >"$T_TMP/tgt.knobs"
knobs "$other" >"$T_TMP/other.knobs"

# sweep NAME JOB [ARGS...]: a 1-s sweep of JOB, exit status in rc
sweep() {
	name=$1 job=$2
	shift 2
	"$bench" run --target "$tgt" --job "$job" --engine io_uring --iostats 1 \
		--repeat 1 --runtime 1 --out "$T_TMP/$name" \
		--state "$T_TMP/journal" "$@" >"$T_TMP/$name.log" 2>&1
	rc=$?
}

j=$T_TMP/jobs
mkdir "$j"
printf '[other]\nrw=randwrite\nbs=4k\nfilename=%s\n' "$other" >"$j/other.fio"
printf '[norw]\nbs=4k\ndirect=1\n' >"$j/norw.fio"
printf 'rw=write\n' >"$j/writes.inc"
printf '[inc]\nbs=4k\ninclude %s\n' "$j/writes.inc" >"$j/inc.fio"
printf '[psync]\nioengine=psync\nruntime=1\nrw=randread\n' >"$j/psync.fio"
printf '[own]\nrw=randread\nbs=4k\nruntime=2\ntime_based\n' >"$j/own.fio"
printf '[typo]\nrw=randred\n' >"$j/typo.fio"
printf '[cpus]\nrw=randread\ncpus_allowed=0\n' >"$j/cpus.fio"
printf '[sched]\nrw=randread\nioscheduler=none\n' >"$j/sched.fio"

sweep other "$j/other.fio"
sweep_refused other 1 "--job $j/other.fio: \[other\] sets filename=$other: the sweep names the device (--target)$"

# the job reads, fio's command line makes it write: refused on ext4
tgt_saved=$tgt
tgt=$other
sweep fioarg "$j/norw.fio" --fio-arg=--rw=write
sweep_refused fioarg 1 "refusing to write to $other: .*ext4"
sweep alias "$j/norw.fio" --fio-arg=--readwrite=randwrite
sweep_refused alias 1 "refusing to write to $other: .*ext4"
sweep include "$j/inc.fio"
sweep_refused include 1 "refusing to write to $other: .*ext4"
# and a read stays a read: it runs
sweep reads "$j/norw.fio" || { cat "$T_TMP/reads.log"; fail "a read job was refused"; }
tgt=$tgt_saved

sweep fioarg-file "$j/norw.fio" --fio-arg=--filename=$other
sweep_refused fioarg-file 1 "--fio-arg sets filename=$other: the sweep names the device"

sweep psync "$j/psync.fio" --engine fioring --runtime 3
sweep_refused psync 1 "--job $j/psync.fio: \[psync\] sets ioengine=psync: the sweep sets the engine (--engine)$"
sweep own "$j/own.fio" --runtime 3
sweep_refused own 1 "\[own\] sets runtime=2: the sweep sets the runtime"

sweep cpus "$j/cpus.fio"
sweep_refused cpus 1 "\[cpus\] sets cpus_allowed=0: the sweep places fio (--cpus"
sweep cpus-unpinned "$j/cpus.fio" --unpinned ||
	{ cat "$T_TMP/cpus-unpinned.log"; fail "--unpinned refused a job's cpus_allowed"; }

sweep sched "$j/sched.fio"
sweep_refused sched 1 "\[sched\] sets ioscheduler=none: the sweep sets and restores the scheduler (--scheduler)$"
sweep sqpoll "$j/norw.fio" --fio-arg=--sqthread_poll=1
sweep_refused sqpoll 1 "--fio-arg sets sqthread_poll=1: the sweep sets it (--sqpoll)$"
sweep prio "$j/norw.fio" --fio-arg=--prioclass=3
sweep_refused prio 1 "--fio-arg sets prioclass=3: the sweep sets priorities (--ioprio)$"

sweep typo "$j/typo.fio"
sweep_refused typo 1 "--job $j/typo.fio with engine io_uring: fio refuses it: fio: failed parsing rw=randred"
sweep noengine "$j/norw.fio" --engine nosuchengine
sweep_refused noengine 1 "with engine nosuchengine: fio refuses it: .*nosuchengine not loadable"

[ "$(blkid -o value -s UUID "$other")" = "$uuid" ] || fail "the ext4 on $other was damaged"
knobs "$tgt" | diff "$T_TMP/tgt.knobs" - || fail "a queue setting of $tgt changed"
knobs "$other" | diff "$T_TMP/other.knobs" - || fail "a queue setting of $other changed"

# --runtime 0 leaves the job its own runtime, and the row says what ran
sweep ownrt "$j/own.fio" --runtime 0 || { cat "$T_TMP/ownrt.log"; fail "--runtime 0 refused a job's runtime"; }
rt=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["status"], $c["runtime_s"], $c["fio_version"] }' "$T_TMP/ownrt/results.csv")
echo "own runtime row: $rt"
case $rt in
"ok 2."*" $("$FIO" --version)") ;;
*) fail "the row of a 2-s job says: $rt" ;;
esac
knobs "$tgt" | diff "$T_TMP/tgt.knobs" - || fail "a queue setting of $tgt was not restored"
echo "refused: filename=, --fio-arg rw/readwrite/filename, include, ioengine, runtime, ioscheduler, sqthread_poll, prioclass, syntax, engine; ext4 and knobs intact"
