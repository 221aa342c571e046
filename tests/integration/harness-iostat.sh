#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-iostat.sh: the harness' kernel figures against sysstat's iostat -x
# as an independent oracle over the very same interval.  For each run of a
# small sweep on a loop device (TEST_DEV if set), the two /proc/diskstats
# snapshots the harness recorded are replayed to iostat (-f DIR reads
# DIR/block/DEV/stat) while /proc/uptime, which iostat measures the
# interval by, is bind-mounted in a private mount namespace to show the
# snapshots' own clock.  r/s + w/s, r_await, w_await, aqu-sz and %util
# must agree within iostat's rounding (two decimals, and the centisecond
# resolution of /proc/uptime).

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
command -v iostat >/dev/null || skip "no iostat (sysstat)"
unshare -m true 2>/dev/null || skip "cannot make a mount namespace"
test_dev 256M || skip "cannot make a loop device"
dev=$DEV
disk=${dev#/dev/}
out=$T_TMP/out

"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd32.fio" \
	--job "$FIORING_TOP/jobs/randwrite-qd32.fio" \
	--job "$FIORING_TOP/jobs/qd1-thinktime.fio" --engine io_uring \
	--iostats 1 --repeat 1 --runtime 1 --out "$out" \
	--state "$T_TMP/journal" 2>"$T_TMP/log" ||
	{ cat "$T_TMP/log"; fail "the sweep failed"; }

# replay SNAPSHOTS: iostat -x's interval report for the two snapshots
replay() {
	d=$T_TMP/replay
	rm -rf "$d"
	mkdir -p "$d/block/$disk"
	# snap WHICH: the stat line and the uptime of one snapshot
	snap() {
		awk -v w="# $1" -v d="$disk" '
			index($0, w) == 1 { on = 1; split($4, b, "="); next }
			/^#/ { on = 0 }
			on && $3 == d { $1 = $2 = $3 = ""; print > (dir "/block/" d "/stat") }
			END { up = b[2] / 1e9; printf "%.2f %.2f\n", up, up > (dir "/uptime") }
		' dir="$d" "$2"
	}
	snap before "$1"
	cat >"$d/run.sh" <<SCRIPT
mount --bind "$d/uptime" /proc/uptime || exit 1
iostat -x -d -f "$d" $disk 1 2 >"$d/out" &
i=0
until [ \$(grep -c "^$disk " "$d/out") -ge 1 ]; do
	i=\$((i + 1)); [ \$i -lt 100 ] || exit 1; sleep 0.02
done
awk -v w="# after" -v d="$disk" '
	index(\$0, w) == 1 { on = 1; split(\$4, b, "="); next }
	/^#/ { on = 0 }
	on && \$3 == d { \$1 = \$2 = \$3 = ""; print > "$d/block/$disk/stat.new" }
	END { up = b[2] / 1e9; printf "%.2f %.2f\n", up, up > "$d/uptime.new" }' "$1"
cat "$d/block/$disk/stat.new" >"$d/block/$disk/stat"
cat "$d/uptime.new" >"$d/uptime"
wait
SCRIPT
	unshare -m sh "$d/run.sh" || return 1
	# the second report, by column name
	awk -v d="$disk" '$1 == "Device" { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$1 == d { n++; if (n == 2) printf "%s %s %s %s %s %s\n",
			$h["r/s"] + $h["w/s"], $h["r_await"], $h["w_await"],
			$h["aqu-sz"], $h["%util"], $h["r/s"] }' "$d/out"
}

n=$(jq '.runs | length' "$out/results.json")
[ "$n" -eq 3 ] || fail "$n runs, want 3"
i=0
while [ $i -lt "$n" ]; do
	snaps=$out/$(jqr "$out/results.json" ".runs[$i].diskstats")
	got=$(replay "$snaps") || fail "iostat replay failed for run $((i + 1))"
	[ -n "$got" ] || fail "iostat printed no interval report for run $((i + 1))"
	set -- $got
	ours=$(jq -r ".runs[$i] | \"\(.ks_iops) \(.ks_r_await_ms) \(.ks_w_await_ms) \(.ks_aqu_sz) \(.ks_util_pct) \(.ks_interval_ms) \(.job)\"" "$out/results.json")
	echo "run $((i + 1)): iostat: IOPS $1 r_await $2 w_await $3 aqu-sz $4 %util $5"
	echo "run $((i + 1)): harness: $ours"
	echo "$got $ours" | awk '
		# rates carry the centisecond rounding of each uptime reading
		function rate_ok(a, b) { return (a - b) ^ 2 <= (0.0051 + 2.2 * 10 / iv * (b < 0 ? -b : b)) ^ 2 }
		function abs_ok(a, b) { return (a - b) ^ 2 <= 0.0051 ^ 2 }
		{ iv = $12
		  if (!rate_ok($1, $7)) { print "IOPS differ"; bad = 1 }
		  if (!abs_ok($2, $8)) { print "r_await differs"; bad = 1 }
		  if (!abs_ok($3, $9)) { print "w_await differs"; bad = 1 }
		  if (!rate_ok($4, $10)) { print "aqu-sz differs"; bad = 1 }
		  if (!rate_ok($5, $11)) { print "%util differs"; bad = 1 } }
		END { exit bad }' || fail "run $((i + 1)) disagrees with iostat"
	i=$((i + 1))
done
echo "all $n runs agree with iostat -x within its rounding"
