#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# util.sh: the %util over-count, seen on a kernel that has it and not on
# those that do not.  Before kernel commit 99dc422335d8 ("block: support to
# account io_ticks precisely", 6.10; in 6.1 stable from 6.1.93, not in
# 5.10 stable as of 5.10.223) every I/O that starts in a new jiffy charges
# io_ticks a whole jiffy, busy or not; that commit's own job (4 KiB direct
# writes at QD1 with 4 ms think time, HZ=250) reads ~90% %util on an idle
# disk.  Here the think time is 8 ms (see below).
# fioring-bench runs that job on nsid 1's block disk (the head with native
# multipath: before 6.3 its figures come from the path disks) and must see
# it (and flag it util_vs_busy) on 5.10 and on none of 6.1 and later.
# Alone on the host (scripts/vm-lock.sh): busy time is a rate, and the
# other guest's load slows the emulated writes.
# vm-host: alone

. /tests/lib/common.sh
need_bench
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
thinktime=8ms
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
"$bench" run --job "$job" --target "$disk" --engine psync --iostats 1 \
	--repeat 5 --runtime 2 --force $policy --out "$T_TMP/out" 2>"$T_TMP/err" ||
	fail "sweep on $disk: exit $?: $(tail -n 3 "$T_TMP/err")"
rows=$(jq -r '.runs[] | [.status, .ks_util_pct, .fio_busy_pct, .ks_flags] |
	map(if . == null or . == "" then "-" else tostring end) | join(" ")' \
	"$T_TMP/out/results.json")
[ "$(echo "$rows" | grep -c .)" -eq 5 ] || fail "$disk: want 5 runs: $rows"
kernel=$(uname -r)
# The old code charges a jiffy per I/O started in a new jiffy.  With the
# commit's 4 ms think time each I/O starts in a new jiffy, so %util reads
# about one jiffy per cycle, 4 / (4 + t) for an I/O of t ms, that is 1 -
# busy: more than 20 points above fio's busy share (and more than twice it,
# which util_vs_busy flags) while busy is under 40%.  Under TCG an emulated
# write took 1-3 ms, more when the host was busy: 5.10 read %util 81-90% at
# busy 20-30% in one boot and 78-82% at 35-48% in another (alone on the
# host; only 2 of those 5 more than twice busy, so flagged), and beside the
# other guest 44% at 41%.  With 8 ms of think time a write of up to 3.4 ms
# keeps busy under 30%.  So on 5.10 the runs below 30% busy are judged (each
# must be over-counted and flagged) and at least one must be; the others
# are printed.  On the kernels with the fix every run is judged: none may
# be over-counted or flagged.
judged=0 judged_below=30
for row in $(echo "$rows" | tr ' ' ','); do
	status=$(echo "$row" | cut -d, -f1)
	util=$(echo "$row" | cut -d, -f2)
	busy=$(echo "$row" | cut -d, -f3)
	flags=$(echo "$row" | cut -d, -f4)
	[ "$status" = ok ] || fail "$disk: a run ended $status"
	over=$(awk -v u="$util" -v b="$busy" 'BEGIN { print (u > b + 20) ? 1 : 0 }')
	quick=$(awk -v b="$busy" -v m=$judged_below 'BEGIN { print (b < m) ? 1 : 0 }')
	case "$overcount:$quick:$over:$flags" in
	0:*:1:*) fail "$kernel has the fix, yet %util $util is over busy $busy% by more than 20 points" ;;
	0:*:*:*util_vs_busy*) fail "$kernel has the fix, yet %util $util at busy $busy% was flagged: $flags" ;;
	1:1:0:*) fail "$kernel has the old io_ticks code, yet %util $util is not 20 points over busy $busy%" ;;
	1:1:1:*util_vs_busy*) judged=$((judged + 1)) ;;
	1:1:*) fail "$kernel has the old io_ticks code, yet %util $util at busy $busy% was not flagged: $flags" ;;
	1:0:*) echo "not judged (busy $busy% is $judged_below% or more): %util $util [$flags]" ;;
	esac
done
summary=$(echo "$rows" | awk '{ printf "%s%%util %.1f at busy %.1f%% [%s]", (NR > 1 ? "; " : ""), $2, $3, $4 }')
[ "$overcount" = 0 ] && pass "$disk on $kernel, io_ticks fixed, no run over-counted or flagged util_vs_busy: $summary"
[ "$judged" -gt 0 ] || fail "$disk on $kernel: every run at $judged_below% busy or more, the emulated I/O too slow here to show the over-count: $summary"
pass "$disk on $kernel, old io_ticks code, the $judged runs below $judged_below% busy over-counted and flagged util_vs_busy: $summary"
