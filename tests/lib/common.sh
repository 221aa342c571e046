# SPDX-License-Identifier: GPL-2.0
#
# common.sh: sourced by every test script, on the host (tests/integration/)
# and in the NVMe testbed guest (tests/vm/guest/, where this file is
# /tests/lib/common.sh and FIORING_TESTBED=1).  Result helpers, fio runs
# through the fioring engine that return fio's JSON, the NVMe topology read
# from sysfs (device numbering changes between boots, so nothing is
# assumed); on the host also the block devices a test makes for itself
# (scripts/devices.sh: zram, loop over tmpfs, removed on exit) or the
# user's own (TEST_DEV, see test_dev).  POSIX sh: the guest has busybox.

set -u

if [ "${FIORING_TESTBED:-0}" = 1 ]; then
	FIO=fio
	FIORING_ENGINE=/fioring/libfioring.so
	FIORING_BENCH=/fioring/fioring-bench
	T_TMP=$(mktemp -d /tmp/guest.XXXXXX)
else
	: "${FIORING_TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
	: "${FIO:?FIO is not set: run tests through make check}"
	: "${FIORING_ENGINE:=$FIORING_TOP/build/libfioring.so}"
	T_TMP=$(mktemp -d /tmp/fioring-test.XXXXXX)
	. "$FIORING_TOP/scripts/devices.sh"
fi

skip() {
	echo "SKIP: $*"
	exit 77
}

fail() {
	echo "FAIL: $*"
	exit 1
}

pass() {
	echo "PASS: $*"
	exit 0
}

# exits_with RC OUT CMD...: runs CMD, its output in OUT and shown; the test
# fails unless CMD exits RC
exits_with() {
	ew_rc=$1
	ew_out=$2
	shift 2
	"$@" >"$ew_out" 2>&1
	ew_got=$?
	cat "$ew_out"
	[ "$ew_got" -eq "$ew_rc" ] || fail "$*: exit $ew_got, want $ew_rc"
}

# said FILE LINE...: each LINE is a whole line of FILE; else the test fails
# naming the first one missing
said() {
	said_f=$1
	shift
	for said_l in "$@"; do
		grep -qxF -- "$said_l" "$said_f" || fail "not said: $said_l"
	done
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root to make block devices"
}

need_engine() {
	[ -f "$FIORING_ENGINE" ] || fail "no engine: $FIORING_ENGINE (run make)"
}

# need_bench: the harness in $bench, $FIORING_BENCH or the built one.  The
# testbed guest is given one, so there its absence is a failure.
need_bench() {
	bench=${FIORING_BENCH:-$FIORING_TOP/build/fioring-bench}
	[ -x "$bench" ] && return 0
	[ "${FIORING_TESTBED:-0}" = 1 ] &&
		fail "no fioring-bench in the guest: $bench (run make)"
	skip "fioring-bench is not built"
}

# custom_slices: the running kernel has EEVDF custom slices (6.12+), where
# the engine gives a job that shares its CPU with its SQ thread a 0.1 ms one
custom_slices() {
	case $(uname -r) in
	[1-5].*|6.[0-9].*|6.1[01].*) return 1 ;;
	esac
}

# fio_json OUT ARGS...: runs fio with JSON output into OUT; fio's exit
# status is returned and its stderr kept in OUT.err
fio_json() {
	out=$1
	shift
	"$FIO" --output-format=json --output="$out" "$@" 2>"$out.err"
}

# fio_engine OUT ARGS...: fio_json through the fioring engine
fio_engine() {
	out=$1
	shift
	# the last one shows in the log of a test that timed out
	echo "fio $*" >&2
	fio_json "$out" --ioengine="external:$FIORING_ENGINE" "$@"
}

# ref_fio ARGS...: fio for a run of its own io_uring_cmd engine, the
# reference.  Its metadata buffer is plain malloc(): on 6.12 a Read's
# metadata lands in whatever page backs it, and a page never written is
# the shared zero page (see nvme_cmd_md_alloc in engines/nvme_cmd.c).
# glibc's malloc perturbation writes every byte malloc hands out, which
# makes those pages fio's own; the non-PI metadata bytes it then writes are
# 0xaa instead of 0x00, which no test reads.
ref_fio() {
	MALLOC_PERTURB_=85 "$FIO" "$@"
}

# jqr FILE FILTER: one raw value from a JSON file
jqr() {
	jq -r "$2" "$1"
}

# median VALUES...: their median
median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ratio X Y: X/Y to three places (0 when Y is not positive)
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }'
}

# little QD IOPS: Little's law's mean latency of a closed loop, in ns
little() {
	awk -v qd="$1" -v iops="$2" 'BEGIN { printf "%.0f", 1e9 * qd / iops }'
}

# ratio_between X Y LO HI: succeeds when LO <= X/Y <= HI
ratio_between() {
	awk -v x="$1" -v y="$2" -v lo="$3" -v hi="$4" \
		'BEGIN { r = (y > 0) ? x / y : -1; exit !(r >= lo && r <= hi) }'
}

# expect_fio_error WHAT PATTERN FIO-ARGS...: fio with libfioring fails with
# a line matching PATTERN, a non-zero exit and no crash (a signal would show
# as an exit status of 128 or more); its output is left in $T_TMP/out
expect_fio_error() {
	what=$1 pattern=$2
	shift 2
	"$FIO" --name=bad --ioengine="external:$FIORING_ENGINE" "$@" \
		>"$T_TMP/out" 2>&1
	rc=$?
	[ $rc -ne 0 ] || fail "$what: fio exited 0"
	[ $rc -lt 128 ] || fail "$what: fio died with signal $((rc - 128))"
	grep -q "$pattern" "$T_TMP/out" ||
		fail "$what: no line matching '$pattern' in: $(cat "$T_TMP/out")"
	echo "$what: $(grep "$pattern" "$T_TMP/out" | head -n 1)"
}

# children PID [NAME]: the pids whose parent is PID (and whose command is
# NAME), read from /proc so that it runs where there is no pgrep (the NVMe
# guest's busybox)
children() {
	for s in /proc/[0-9]*/stat; do
		read -r st 2>/dev/null <"$s" || continue
		comm=${st#*(}
		comm=${comm%)*}
		# after the command's last ')': the state, then the parent's pid
		ppid=${st##*) }
		ppid=${ppid#* }
		[ "${ppid%% *}" = "$1" ] || continue
		[ -z "${2:-}" ] || [ "$comm" = "$2" ] || continue
		s=${s#/proc/}
		echo "${s%/stat}"
	done
}

# fio_with_open PID DEV: waits up to 20 s for a fio started by process PID
# to have DEV open in a job process (which opens it before the first I/O
# and keeps it to the end; fio's main process only looks at it briefly),
# and prints that fio's main pid (a grandchild: the harness starts fio
# under a child of its own that leads fio's process group).  Tests that
# must hit a run in progress wait for this instead of sleeping: fio can
# take seconds to start (under ASan, on a loaded machine).
fio_with_open() {
	for _ in $(seq 200); do
		for g in $(children "$1"); do
			for f in $(children "$g" fio); do
				for j in $(children "$f" fio); do
					ls -l "/proc/$j/fd" 2>/dev/null | grep -q -- "-> $2\$" &&
						{ echo "$f"; return 0; }
				done
			done
		done
		sleep 0.1
	done
	return 1
}

# test_dev SIZE: the device a device test runs on, in DEV: the user's
# TEST_DEV (a block device of at least SIZE, which the test overwrites) or
# else a loop device of SIZE made for the test.  A TEST_DEV that is mounted,
# used as swap, held by another device (dm, md) or carries a signature
# (file system, partition table, RAID member: what blkid -p finds) fails
# the test, saying why, unless TEST_DEV_FORCE=1; one smaller than SIZE
# skips it.
test_dev() {
	if [ -z "${TEST_DEV:-}" ]; then
		loop_make "$1"
		return
	fi
	[ -b "$TEST_DEV" ] || fail "TEST_DEV=$TEST_DEV is not a block device"
	td_name=$(basename "$(readlink -f "$TEST_DEV")")
	td_want=$(numfmt --from=iec "$1")
	td_have=$(blockdev --getsize64 "$TEST_DEV") ||
		fail "TEST_DEV=$TEST_DEV: cannot read its size"
	[ "$td_have" -ge "$td_want" ] || skip "TEST_DEV=$TEST_DEV holds $td_have bytes, this test needs $1"
	if [ "${TEST_DEV_FORCE:-0}" != 1 ]; then
		td_used=$(lsblk -nro MOUNTPOINT "$TEST_DEV" 2>/dev/null | grep . | head -n 1)
		[ -z "$td_used" ] || fail "TEST_DEV=$TEST_DEV (or a partition of it) is mounted on $td_used (TEST_DEV_FORCE=1 to use it anyway)"
		! grep -q "^$(readlink -f "$TEST_DEV") " /proc/swaps ||
			fail "TEST_DEV=$TEST_DEV is in use as swap (TEST_DEV_FORCE=1 to use it anyway)"
		[ -z "$(ls "/sys/class/block/$td_name/holders" 2>/dev/null)" ] ||
			fail "TEST_DEV=$TEST_DEV is held by $(ls "/sys/class/block/$td_name/holders" | tr '\n' ' ')(TEST_DEV_FORCE=1 to use it anyway)"
		td_sig=$(blkid -p -o export "$TEST_DEV" 2>/dev/null | grep -E '^(TYPE|PTTYPE)=' | tr '\n' ' ')
		[ -z "$td_sig" ] || fail "TEST_DEV=$TEST_DEV carries a signature (${td_sig% }): its data would be overwritten (TEST_DEV_FORCE=1 to use it anyway)"
	fi
	DEV=$TEST_DEV
	dev_own "$td_name"
	echo "device under test: TEST_DEV=$DEV ($td_have bytes)"
}

# ext4_loop SIZE: a loop device of SIZE with ext4 on it, in DEV, and the
# file system's UUID in UUID: the user data a guard test shows intact
ext4_loop() {
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
	loop_make "$1" || skip "cannot make a loop device"
	mkfs.ext4 -q "$DEV" || fail "mkfs.ext4 $DEV failed"
	UUID=$(blkid -o value -s UUID "$DEV")
}

# fault_target: what a harness fault test starts from: root, the harness
# ($bench), a 64 MiB loop device ($DEV), its queue/iostats ($q), the value
# it has now ($orig) and the other one ($want), which the sweep sets so
# that there is a setting to put back
fault_target() {
	need_bench
	need_root
	loop_make 64M || skip "cannot make a loop device"
	q=/sys/block/${DEV#/dev/}/queue/iostats
	orig=$(cat "$q")
	want=1
	[ "$orig" = 1 ] && want=0
}

# fault_sweep REPEAT STATE: a sweep of $DEV setting iostats to $want
# (io_uring, randread-qd1, 3 s runs, no warm-up: a fault aimed at run 1
# lands in it; results in $T_TMP/out, output in $T_TMP/log) in the
# background, journaled in STATE; sets pid once its fio has $DEV open
fault_sweep() {
	"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --iostats $want --repeat "$1" --warmup 0 --runtime 3 \
		--out "$T_TMP/out" --state "$2" >"$T_TMP/log" 2>&1 &
	pid=$!
	at_exit "kill -9 $pid"
	fio_with_open $pid "$DEV" >/dev/null ||
		{ cat "$T_TMP/log"; fail "the sweep's fio never opened $DEV"; }
}

# knobs DEV: every queue setting of DEV, "name value" a line, so a test can
# show that a refused or finished sweep left each of them as it found it
knobs() {
	for f in /sys/block/${1#/dev/}/queue/*; do
		[ -f "$f" ] && [ -r "$f" ] || continue
		printf '%s %s\n' "${f##*/}" "$(cat "$f" 2>/dev/null)"
	done
}

# hold_excl DEV: the hold_excl helper holds DEV O_EXCL in the background
# until killed; its pid in hpid
HOLD_EXCL=${FIORING_HELPERS:-${FIORING_TOP:-}/build/tests/helpers}/hold_excl
hold_excl() {
	"$HOLD_EXCL" "$1" >"$T_TMP/hold.out" &
	hpid=$!
	at_exit "kill $hpid"
	for _ in $(seq 100); do
		grep -q ready "$T_TMP/hold.out" && return 0
		sleep 0.1
	done
	fail "hold_excl did not take $1"
}

# sweep_refused NAME RC PATTERN: the sweep logged in $T_TMP/NAME.log exited RC
# with exactly one line, matching PATTERN, and made no results directory
sweep_refused() {
	cat "$T_TMP/$1.log"
	[ "$rc" -eq "$2" ] || fail "$1: exit $rc, not $2"
	[ "$(wc -l <"$T_TMP/$1.log")" -eq 1 ] || fail "$1: not one line"
	grep -q -- "$3" "$T_TMP/$1.log" || fail "$1: no line matching '$3'"
	[ ! -e "$T_TMP/$1" ] || fail "$1: a refused sweep made its results directory"
}

# multipath: nvme_core's multipath parameter (Y or N)
multipath() {
	cat /sys/module/nvme_core/parameters/multipath
}

# need_ng: skips when the kernel has no NVMe generic char devices (they came
# in 5.13, io_uring_cmd passthrough on them in 5.19)
need_ng() {
	[ -d /sys/class/nvme-generic ] ||
		skip "kernel $(uname -r) has no NVMe generic char devices (/dev/ngXnY: 5.13+, io_uring_cmd on them: 5.19+)"
}

# ng_nsid NG: the namespace id behind a generic device (ngXnY names the same
# namespace as the block disk nvmeXnY beside it in sysfs)
ng_nsid() {
	dir=$(dirname "$(readlink -f "/sys/class/nvme-generic/$1")")
	cat "$dir/nvme${1#ng}/nsid"
}

# ng_of_nsid NSID: the /dev paths of every generic device of namespace
# NSID, one a line (one with native multipath, one per controller without)
ng_of_nsid() {
	for g in /sys/class/nvme-generic/ng*; do
		[ -e "$g" ] || continue
		n=$(basename "$g")
		[ "$(ng_nsid "$n")" = "$1" ] && echo "/dev/$n"
	done
}

# disks_of_nsid NSID: the /dev paths of the block disks of namespace NSID
# that have a /dev node, one a line (the head with native multipath, one
# per controller without; the hidden path disks have none)
disks_of_nsid() {
	for d in /sys/block/nvme*n*; do
		n=$(basename "$d")
		[ -b "/dev/$n" ] && [ "$(cat "$d/nsid" 2>/dev/null)" = "$1" ] && echo "/dev/$n"
	done
}

# head_paths DISK: the sysfs directories of the hidden path disks
# (nvmeXcZnY) of the native multipath head DISK (nvmeXnY), one a line;
# found by name, as the harness finds them: the head's multipath/ links
# are not there on every kernel (6.1 has none)
head_paths() {
	_s=${1#nvme}
	for p in /sys/block/nvme"${_s%%n*}"c*n"${1##*n}"; do
		[ -e "$p" ] && echo "$p"
	done
}

# subsys_by_nqn NAME: the sysfs directory of the NVMe subsystem whose NQN
# ends in ":NAME" (the testbed has two, fioring-testbed and fioring-fdp,
# numbered in whatever order they came up)
subsys_by_nqn() {
	for s in /sys/class/nvme-subsystem/nvme-subsys*; do
		case "$(cat "$s/subsysnqn" 2>/dev/null)" in
		*:"$1")
			echo "$s"
			return 0
			;;
		esac
	done
	return 1
}

# ng_ctrl NG: the controller (nvmeN) a per-controller generic device sits on
ng_ctrl() {
	basename "$(dirname "$(readlink -f "/sys/class/nvme-generic/$1")")"
}
