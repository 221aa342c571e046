#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# report.sh NAME: runs the host-side VM test NAME, nvme-TEST-KERNEL-mpMODE.sh
# (tests/vm/lib/matrix.sh lists them; no file holds them, tests/run.sh
# calls this with the name), which reports the guest test
# tests/vm/guest/TEST.sh, run in the testbed booted with kernel KERNEL
# (5.10, 6.1, 6.12, latest: see scripts/vm-kernel.sh) and
# nvme_core.multipath=MODE (Y, N).
# One boot per (kernel, mode) runs all guest tests; its console is kept in
# build/vm/results/KERNEL-mpMODE/ with the checksum of everything the guest
# was built from, so the other tests of that boot, and later runs with the
# same inputs, report from the cache instead of booting again; the first
# test of a kernel boots both its modes side by side.  Prints one
# PASS/FAIL/SKIP line and exits 0/1/77 like every other test.

set -u

top=${FIORING_TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
name=$(basename "${1:-}" .sh)

# VM_BUILD names a second build (make CHECK_FIO=1: another fio): its boots
# are cached apart, so that neither build's results push out the other's
results=$top/build/vm/results${VM_BUILD:+-$VM_BUILD}

# fresh KERNEL MODE KEY: the cached boot of KERNEL/MODE can be reported from.
# A finished run is reused for as long as its inputs do not change; one that
# did not finish (qemu would not start, the guest died) only for the few
# minutes a 'make check-vm' takes, so its other tests do not boot again.
fresh() {
	d=$results/$1-mp$2
	[ -f "$d/key" ] && [ "$(cat "$d/key")" = "$3" ] || return 1
	grep -q '^FIORING-VM-END' "$d/console.log" 2>/dev/null ||
		[ -n "$(find "$d/key" -mmin -10 2>/dev/null)" ]
}

# boot KERNEL MODE KEY: boots the testbed once into the cache.  A test that
# finds another process booting it (its pid in .lock) waits for that boot.
boot() {
	d=$results/$1-mp$2
	mkdir -p "$d"
	while ! mkdir "$d/.lock" 2>/dev/null; do
		owner=$(cat "$d/.lock/pid" 2>/dev/null)
		if [ -n "$owner" ] && ! kill -0 "$owner" 2>/dev/null; then
			rm -rf "$d/.lock"	# its booter died
			continue
		fi
		sleep 1
		fresh "$@" && return 0
	done
	echo $$ >"$d/.lock/pid"
	rm -f "$d/key"
	start=$(date +%s)
	tries=0
	while :; do
		# one vCPU: two guests then boot side by side on two host cores
		VM_SMP=1 sh "$top/scripts/vm-boot.sh" "$1" "$2" test >"$d/console.log" \
			2>"$d/qemu.err"
		rc=$?
		# a vm-shell, or a boot started by hand, holds the disks: wait for it
		grep -q 'Failed to get "write" lock' "$d/qemu.err" && [ $tries -lt 60 ] || break
		tries=$((tries + 1))
		sleep 5
	done
	# the serial console ends lines with CR LF
	tr -d "\r" <"$d/console.log" >"$d/console.tmp" && mv "$d/console.tmp" "$d/console.log"
	echo "$rc $(($(date +%s) - start))" >"$d/status"
	echo "$3" >"$d/key"
	rm -rf "$d/.lock"
}

# report.sh --boot KERNEL MODE KEY: the background boot started below
if [ "${1:-}" = --boot ]; then
	boot "$2" "$3" "$4"
	exit 0
fi

spec=${name#nvme-}
mode=${spec##*-mp}
spec=${spec%-mp*}
kernel=${spec##*-}
test=${spec%-*}
case "$name:$mode:$kernel" in
nvme-*-*-mp*:[YN]:[0-9]*.*|nvme-*-*-mp*:[YN]:latest) ;;
*)
	echo "FAIL: $name: not a name of the form nvme-TEST-KERNEL-mpY|N"
	exit 1
	;;
esac

what="$test on $kernel, multipath=$mode"

dir=$results/$kernel-mp$mode
console=$dir/console.log
mkdir -p "$dir"

key=$(sh "$top/scripts/vm-boot.sh" "$kernel" "$mode" key 2>"$dir/key.err")
case $? in
0) ;;
77)
	echo "SKIP: $what: ${key#SKIP: }"
	exit 77
	;;
*)
	echo "FAIL: $what: the testbed could not be built:"
	cat "$dir/key.err"
	exit 1
	;;
esac

# The other multipath mode of this kernel boots alongside, in the background,
# for the tests that will ask for it.
if ! fresh "$kernel" "$mode" "$key"; then
	other=Y
	[ "$mode" = Y ] && other=N
	if ! fresh "$kernel" "$other" "$key" && [ ! -d "$results/$kernel-mp$other/.lock" ]; then
		FIORING_TOP=$top sh "$top/tests/vm/lib/report.sh" --boot "$kernel" "$other" "$key" \
			</dev/null >/dev/null 2>&1 &
	fi
	boot "$kernel" "$mode" "$key"
fi
read -r rc secs <"$dir/status"
echo "testbed boot: kernel $kernel ($(sed -n "s/^FIORING-VM-BEGIN kernel=\([^ ]*\).*/\1/p" "$console")), multipath=$mode, $(sed -n "s/^vm-boot: //p" "$console" | head -n 1),"\
	"exit $rc after ${secs}s ($console)"
# a warning from building the testbed (an old qemu, say)
[ -s "$dir/key.err" ] && sed "s/^/note: /" "$dir/key.err"

if [ "$rc" -eq 77 ]; then
	echo "SKIP: $what: $(grep '^SKIP:' "$console" | cut -d' ' -f2-)"
	exit 77
fi
if ! grep -q '^FIORING-VM-BEGIN' "$console"; then
	# No guest output at all: qemu itself did not run.
	if [ -s "$dir/qemu.err" ] && ! grep -q . "$console"; then
		echo "SKIP: $what: qemu cannot start: $(tail -n 1 "$dir/qemu.err")"
		exit 77
	fi
	echo "FAIL: $what: the guest never reached its tests (exit $rc); console:"
	tail -n 30 "$console"
	exit 1
fi

line=$(grep "^FIORING-VM-RESULT $test " "$console" | tail -n 1)
if [ -z "$line" ]; then
	if grep -q '^FIORING-VM-END' "$console"; then
		echo "FAIL: $what: the guest has no test $test (tests/vm/guest/$test.sh)"
	else
		echo "FAIL: $what: the guest died before reporting (exit $rc); console:"
		tail -n 30 "$console"
	fi
	exit 1
fi
set -- $line
status=$3
shift 3
secs=$(grep "^FIORING-VM-TIME $test " "$console" | tail -n 1 | cut -d" " -f3)
echo "guest test $test ran ${secs:-?}s"
echo "$status: $what: $*"
case "$status" in
PASS) exit 0 ;;
SKIP) exit 77 ;;
esac
grep "^FIORING-VM-LOG $test " "$console" | cut -d' ' -f3-
exit 1
