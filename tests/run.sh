#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [TEST...]: runs fioring's tests, each under a timeout, one line per
# test, and ends with "N passed, N failed, N skipped".  Tests are the unit
# programs build/tests/*.t, the scripts tests/integration/*.sh and the NVMe
# testbed's tests/vm/nvme-TEST-KERNEL-mpMODE.sh, names that no file holds:
# tests/vm/lib/matrix.sh lists them and tests/vm/lib/report.sh runs each.
# They exit 0 (pass), 1 (fail) or 77 (skip, reason printed).
# After each test the kernel log is read from a mark written before it
# (tests/lib/kmsg.sh): a new WARN, BUG, oops or I/O error line the test does
# not declare ("# kmsg-expect: REGEX") fails it, naming the line (one about
# a loop or zram device the test did not make, scripts/devices.sh's dev_own,
# is only noted in its log: another process's); TEST_KMSG=0 turns that off.
# A failing test's output is shown; set V=1 to see every test's output.
# With TALLY=FILE the counts are also added to FILE, which `run.sh --total
# FILE` sums up: make check's passes (plain, sanitized, fuzz) end in one
# total.

set -u

# --total FILE: the sum of the counts earlier runs added to FILE (TALLY=FILE)
if [ "${1:-}" = --total ]; then
	[ -s "$2" ] || { echo "total: no test ran"; exit 1; }
	awk '{ p += $1; f += $2; s += $3 } END {
		printf "total: %d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 || NR == 0 }' "$2" 2>/dev/null ||
		exit 1
	exit 0
fi

# an option is not a test: it would be run as a file of that name
case "${1:-}" in
-*)
	echo "run.sh: unknown option '$1' (run.sh [TEST...], run.sh --total FILE)" >&2
	exit 2 ;;
esac

top=${FIORING_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
timeout_s=${TEST_TIMEOUT:-600}
logdir=$top/build/test-logs
mkdir -p "$logdir"
. "$top/tests/lib/kmsg.sh"

if [ $# -gt 0 ]; then
	tests="$*"
else
	vm=$(sh "$top/tests/vm/lib/matrix.sh" "$top") || exit 1
	tests="$(ls "$top"/build/tests/*.t "$top"/tests/integration/*.sh 2>/dev/null) $vm"
fi

pass=0 fail=0 skip=0
kmsg_note=
for t in $tests; do
	name=$(basename "$t")
	log=$logdir/$name.log
	# A VM test's kernel is the guest's, which the guest's /init scans: the
	# host's log is not read for it.
	mark=
	if [ "${TEST_KMSG:-1}" = 0 ]; then
		kmsg_note="kernel log not scanned (TEST_KMSG=0)"
	elif [ -n "${t##*tests/vm/nvme-*}" ]; then
		mark=$(kmsg_mark "$name")
		export FIORING_TEST_DEVS=$logdir/$name.devs
		rm -f "$FIORING_TEST_DEVS"
		[ -n "$mark" ] ||
			kmsg_note="kernel log not scanned: /dev/kmsg cannot be written or read back (needs root)"
	fi
	start=$(date +%s.%N)
	case "$t" in
	*tests/vm/nvme-*.sh)
		timeout -k 10 "$timeout_s" sh "$top/tests/vm/lib/report.sh" "$name" >"$log" 2>&1 ;;
	*.sh) timeout -k 10 "$timeout_s" sh "$t" >"$log" 2>&1 ;;
	*) timeout -k 10 "$timeout_s" "$t" >"$log" 2>&1 ;;
	esac
	rc=$?
	info="exit $rc"
	secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
	if [ -n "$mark" ]; then
		bad=$(kmsg_bad "$mark" "$t" "$FIORING_TEST_DEVS")
		others=$(kmsg_others "$mark" "$t" "$FIORING_TEST_DEVS")
		[ -z "$others" ] || {
			echo "note: the kernel logged, for loop or zram devices this test did not make:"
			echo "$others"
		} >>"$log"
		if [ -n "$bad" ]; then
			{
				echo "FAIL: the kernel logged, during this test (exit $rc):"
				echo "$bad"
			} >>"$log"
			info="exit $rc, then the kernel log" rc=1
		fi
	fi
	case $rc in
	0)
		pass=$((pass + 1))
		printf 'PASS %-40s %6ss\n' "$name" "$secs"
		;;
	77)
		skip=$((skip + 1))
		printf 'SKIP %-40s %6ss  %s\n' "$name" "$secs" \
			"$(grep -i 'skip' "$log" | tail -n 1)"
		;;
	*)
		fail=$((fail + 1))
		[ $rc -eq 124 ] && echo "timed out after ${timeout_s}s" >>"$log"
		printf 'FAIL %-40s %6ss  (%s)\n' "$name" "$secs" "$info"
		sed 's/^/    | /' "$log" | tail -n 40
		;;
	esac
	[ "${V:-0}" = 1 ] && sed 's/^/    | /' "$log"
done

[ -n "$kmsg_note" ] && echo "note: $kmsg_note"
echo "$pass passed, $fail failed, $skip skipped"
[ -n "${TALLY:-}" ] && echo "$pass $fail $skip" >>"$TALLY"
[ $fail -eq 0 ]
