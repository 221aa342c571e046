#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [TEST...]: runs fioring's tests, each under a timeout, one line per
# test, and ends with "N passed, N failed, N skipped".  Tests are the unit
# programs build/tests/*.t, the scripts tests/integration/*.sh and the NVMe
# testbed's tests/vm/nvme-TEST-KERNEL-mpMODE.sh, names that no file holds:
# tests/vm/lib/matrix.sh lists them and tests/vm/lib/report.sh runs each.
# They exit 0 (pass), 1 (fail) or 77 (skip, reason printed).
# A failing test's output is shown; set V=1 to see every test's output.
# With TALLY=FILE the counts are also added to FILE, which `run.sh --total
# FILE` sums up: make check's passes (plain, sanitized, fuzz) end in one total.

set -u

# --total FILE: the sum of the counts earlier runs added to FILE (TALLY=FILE)
if [ "${1:-}" = --total ]; then
	[ -s "$2" ] || { echo "total: no test ran"; exit 1; }
	awk '{ p += $1; f += $2; s += $3 } END {
		printf "total: %d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 || NR == 0 }' "$2" 2>/dev/null ||
		exit 1
	exit 0
fi

top=${FIORING_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
timeout_s=${TEST_TIMEOUT:-600}
logdir=$top/build/test-logs
mkdir -p "$logdir"

if [ $# -gt 0 ]; then
	tests="$*"
else
	vm=$(sh "$top/tests/vm/lib/matrix.sh" "$top") || exit 1
	tests="$(ls "$top"/build/tests/*.t "$top"/tests/integration/*.sh 2>/dev/null) $vm"
fi

pass=0 fail=0 skip=0
for t in $tests; do
	name=$(basename "$t")
	log=$logdir/$name.log
	start=$(date +%s.%N)
	case "$t" in
	*tests/vm/nvme-*.sh)
		timeout -k 10 "$timeout_s" sh "$top/tests/vm/lib/report.sh" "$name" >"$log" 2>&1 ;;
	*.sh) timeout -k 10 "$timeout_s" sh "$t" >"$log" 2>&1 ;;
	*) timeout -k 10 "$timeout_s" "$t" >"$log" 2>&1 ;;
	esac
	rc=$?
	secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
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
		printf 'FAIL %-40s %6ss  (exit %d)\n' "$name" "$secs" "$rc"
		sed 's/^/    | /' "$log" | tail -n 40
		;;
	esac
	[ "${V:-0}" = 1 ] && sed 's/^/    | /' "$log"
done

echo "$pass passed, $fail failed, $skip skipped"
[ -n "${TALLY:-}" ] && echo "$pass $fail $skip" >>"$TALLY"
[ $fail -eq 0 ]
