#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# matrix.sh [TOP]: prints the NVMe testbed's host-side test names, one a
# line, as tests/vm/nvme-TEST-KERNEL-mpMODE.sh: every guest test
# tests/vm/guest/TEST.sh times every kernel of scripts/vm-kernel.sh times
# both multipath modes.  Nothing is committed for these names: tests/run.sh
# hands a name of this form to tests/vm/lib/report.sh, so a new guest test
# or kernel needs no new file.  A guest test that only means something in
# part of the matrix says so in a comment line of its own,
#   # vm-matrix: kernel=6.1 mp=N
# (space-separated values after each '=', a dimension not named takes all
# its values).  A new dimension is a list below, one more loop in the
# nesting and one more part in the name; its first value names no part, so
# the names of the tests that exist keep their meaning.

set -eu

top=${1:-${FIORING_TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}}

kernels="5.10 6.1 6.12 latest"
modes="Y N"

# values DIM ALL SPEC: the values of dimension DIM the spec line SPEC
# keeps ("kernel=6.1 6.12 mp=N" keeps 6.1 and 6.12 of the kernels)
values() {
	v=$(echo "$3" | awk -v d="$1" '{
		for (i = 1; i <= NF; i++) {
			if (split($i, kv, "=") == 2) { dim = kv[1]; $i = kv[2] }
			if (dim == d) print $i
		} }')
	[ -n "$v" ] || v=$2
	for x in $v; do
		case " $2 " in
		*" $x "*) echo "$x" ;;
		*) echo "matrix: $g: $1=$x is not one of: $2" >&2; exit 1 ;;
		esac
	done
}

for g in "$top"/tests/vm/guest/*.sh; do
	test=$(basename "$g" .sh)
	spec=$(sed -n 's/^# vm-matrix: //p' "$g" | head -n 1)
	these_kernels=$(values kernel "$kernels" "$spec") || exit 1
	these_modes=$(values mp "$modes" "$spec") || exit 1
	for kernel in $these_kernels; do
		for mode in $these_modes; do
			echo "tests/vm/nvme-$test-$kernel-mp$mode.sh"
		done
	done
done
