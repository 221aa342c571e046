#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# util.sh: the %util over-count, seen on a kernel that has it and not on
# those that do not.  Before kernel commit 99dc422335d8 ("block: support to
# account io_ticks precisely", 6.10; in 6.1 stable from 6.1.93, not in
# 5.10 stable as of 5.10.223) every I/O that starts in a new jiffy charges
# io_ticks a whole jiffy on top of the jiffies it spans; that commit's own
# job (4 KiB direct writes at QD1 with 4 ms think time, HZ=250) reads ~90%
# %util on an idle disk.  This test runs that job.
# fioring-bench runs it on nsid 1's block disk (the head with native
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
cat >"$job" <<JOB
[util]
rw=write
bs=4k
iodepth=1
direct=1
thinktime=4ms
size=32m
JOB

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
rows=$(jq -r '.runs[] | [.status, .ks_util_pct, .fio_busy_pct, .iops, .ks_flags] |
	map(if . == null or . == "" then "-" else tostring end) | join(" ")' \
	"$T_TMP/out/results.json")
[ "$(echo "$rows" | grep -c .)" -eq 5 ] || fail "$disk: want 5 runs: $rows"
kernel=$(uname -r)
# With 4 ms of think time every write starts in a new jiffy, and the old
# code charges it a jiffy (4 ms at Debian's HZ 250) more than it took:
# %util exceeds fio's busy share by a jiffy per write, 100 * 4 ms * IOPS
# points, whatever the write's own time.  util_vs_busy asks for 20 points,
# which such a job clears while a think-time cycle (4 ms plus the write
# plus fio's own time) is under 20 ms, which a write under TCG leaves
# (docs/notes/2026-12-util-overcount.md).  So on 5.10 every run must be over
# by 20 points and flagged, and on the kernels with the fix none may be;
# each run's excess per write is printed, a jiffy where the bug is.
for row in $(echo "$rows" | tr ' ' ','); do
	status=$(echo "$row" | cut -d, -f1)
	util=$(echo "$row" | cut -d, -f2)
	busy=$(echo "$row" | cut -d, -f3)
	iops=$(echo "$row" | cut -d, -f4)
	flags=$(echo "$row" | cut -d, -f5)
	[ "$status" = ok ] || fail "$disk: a run ended $status"
	over=$(awk -v u="$util" -v b="$busy" 'BEGIN { print (u > b + 20) ? 1 : 0 }')
	# the over-count per write, and a think-time cycle, in ms
	per=$(awk -v u="$util" -v b="$busy" -v i="$iops" \
		'BEGIN { printf "%.1f ms a write, one every %.1f ms", (i > 0 ? (u - b) * 10 / i : 0), (i > 0 ? 1000 / i : 0) }')
	case "$overcount:$over:$flags" in
	0:1:*) fail "$kernel has the fix, yet %util $util is over busy $busy% by more than 20 points ($per)" ;;
	0:*:*util_vs_busy*) fail "$kernel has the fix, yet %util $util at busy $busy% was flagged: $flags" ;;
	1:0:*) fail "$kernel has the old io_ticks code, yet %util $util is not 20 points over busy $busy% (over by $per: a cycle over 20 ms, the emulated I/O too slow here to show it)" ;;
	1:1:*util_vs_busy*) ;;
	1:1:*) fail "$kernel has the old io_ticks code, yet %util $util at busy $busy% was not flagged: $flags" ;;
	esac
done
summary=$(echo "$rows" | awk '{ printf "%s%%util %.1f at busy %.1f%%, over by %.1f ms a write [%s]", (NR > 1 ? "; " : ""), $2, $3, ($4 > 0 ? ($2 - $3) * 10 / $4 : 0), $5 }')
[ "$overcount" = 0 ] && pass "$disk on $kernel, io_ticks fixed, no run over-counted or flagged util_vs_busy: $summary"
pass "$disk on $kernel, old io_ticks code, every run over-counted and flagged util_vs_busy: $summary"
