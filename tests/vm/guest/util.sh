#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# util.sh: the %util over-count, seen on a kernel that has it and not on
# those that do not.  Before kernel commit 99dc422335d8 ("block: support to
# account io_ticks precisely", 6.10; in 6.1 stable from 6.1.93, not in
# 5.10 stable as of 5.10.223) every I/O that starts in a new jiffy charges
# io_ticks a whole jiffy, busy or not; that commit's own job (4 KiB direct
# writes at QD1 with 4 ms think time, HZ=250) reads ~90% %util on an idle
# disk.
# fioring-bench runs that job on nsid 1's block disk (the head with native
# multipath: before 6.3 its figures come from the path disks) and must flag
# every run util_vs_busy on 5.10 and none on 6.1 and later.

. /tests/lib/common.sh
[ -x "$FIORING_BENCH" ] || fail "no fioring-bench in the guest: $FIORING_BENCH (run make)"
export FIORING_STATE=$T_TMP/journal

disk=$(disks_of_nsid 1 | head -n 1)
[ -n "$disk" ] || fail "no block disk for nsid 1"

job=$T_TMP/thinktime.fio
cat >"$job" <<EOF
[util]
rw=write
bs=4k
iodepth=1
direct=1
thinktime=4ms
size=32m
EOF

# one path: round-robin would split the I/O, and each path's %util with it
policy=
[ "$(multipath)" = Y ] && policy="--iopolicy numa"

# the kernels of the testbed with the old io_ticks code
case $(uname -r) in
5.*) overcount=1 ;;
*) overcount=0 ;;
esac

echo "fioring-bench run --job $job --target $disk" >&2
"$FIORING_BENCH" run --job "$job" --target "$disk" --engine psync --iostats 1 \
	--repeat 3 --runtime 2 --force $policy --out "$T_TMP/out" 2>"$T_TMP/err" ||
	fail "sweep on $disk: exit $?: $(tail -n 3 "$T_TMP/err")"
rows=$(jq -r '.runs[] | [.status, .ks_util_pct, .fio_busy_pct, .ks_flags] |
	map(if . == null or . == "" then "-" else tostring end) | join(" ")' \
	"$T_TMP/out/results.json")
[ "$(echo "$rows" | grep -c .)" -eq 3 ] || fail "$disk: want 3 runs: $rows"
echo "$rows" | while read -r status util busy flags; do
	[ "$status" = ok ] || fail "$disk: a run ended $status"
	case "$overcount:$flags" in
	0:*util_vs_busy*) fail "$(uname -r) has the fix, yet %util $util at busy $busy% was flagged: $flags" ;;
	1:*util_vs_busy*|0:*) ;;
	*) fail "$(uname -r) has the old io_ticks code, yet %util $util at busy $busy% was not flagged: $flags" ;;
	esac
done || exit 1
summary=$(echo "$rows" | awk '{ printf "%s%%util %.1f at busy %.1f%% [%s]", (NR > 1 ? "; " : ""), $2, $3, $4 }')
[ "$overcount" = 1 ] && pass "$disk on $(uname -r), old io_ticks code, every run flagged util_vs_busy: $summary"
pass "$disk on $(uname -r), io_ticks fixed, no run flagged util_vs_busy: $summary"
