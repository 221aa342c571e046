#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# paths-policies: two loop devices over one backing file are two paths to
# the same data; one is made slow with blk-throttle (cgroup v1 blkio, else
# cgroup v2 io.max) capped at CAP read IOPS.  Per path_policy: round-robin
# splits the I/O evenly and the slow path's mean clat is what the cap makes
# it by Little's law (I/O in flight / CAP); latency and queue-depth send
# >= 80% to the fast path, and latency cuts the job's mean clat by 10x or
# more; numa (loop devices have no NUMA node) keeps to the first path.
# Per-path counts must add up to fio's.  The p50 comparison is in
# paths-fuse.sh: blk-throttle lets part of every 100 ms slice through at
# once, so a throttled path's p50 stays low (its mean and p90 do not).
# Unthrottled, verify jobs under each submission option (registerfiles,
# sqthread_poll, fixedbufs, nonvectored) pass, and each path's count is
# what its device's diskstats saw.

. "$(dirname "$0")/../lib/common.sh"
need_root
command -v jq >/dev/null || skip "jq is not installed"

CAP=500
QD=16
RUNTIME=3

loop_make 256M || skip "cannot make a loop device"
fast=$DEV
back=$(losetup -n -O BACK-FILE "$fast" | sed 's/ *$//')
loop_make 256M "$back" || skip "cannot make a second loop device"
slow=$DEV

# cap SLOW...: throttle reads of these devices in a cgroup of our own
cap() {
	for d in "$@"; do
		majmin=$(cat "/sys/block/${d#/dev/}/dev")
		if [ "$tasks" = "$cg/tasks" ]; then
			echo "$majmin $CAP" >"$cg/blkio.throttle.read_iops_device"
		else
			echo "$majmin riops=$CAP" >"$cg/io.max"
		fi || skip "the throttle refused $d ($majmin)"
	done
}

cg=
if [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ]; then
	cg=/sys/fs/cgroup/blkio/fioring-paths-$$
	mkdir "$cg" || skip "cannot make a blkio cgroup"
	at_exit "rmdir $cg"
	tasks=$cg/tasks
else
	v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	[ -n "$v2" ] || skip "neither a cgroup v1 blkio nor a cgroup v2 hierarchy is mounted"
	grep -qw io "$v2/cgroup.controllers" 2>/dev/null ||
		skip "cgroup v2 at $v2 has no io controller (blkio is bound to v1?)"
	if ! grep -qw io "$v2/cgroup.subtree_control"; then
		echo +io >"$v2/cgroup.subtree_control" || skip "cannot enable the io controller"
		at_exit "echo -io >$v2/cgroup.subtree_control"
	fi
	cg=$v2/fioring-paths-$$
	mkdir "$cg" || skip "cannot make a cgroup v2 group"
	at_exit "rmdir $cg"
	tasks=$cg/cgroup.procs
fi
cap "$slow"
echo "slow path $slow capped at $CAP read IOPS through $cg"

run_slowed() {
	sh -c 'echo $$ >"$1" && shift && exec "$@"' sh "$tasks" "$@"
}

# run POLICY [PATHS]: fio JSON in $T_TMP/POLICY-N.json, per-path JSON in .paths
run() {
	paths=${2:-$slow}
	n=$(($(echo "$paths" | tr -cd : | wc -c) + 2))
	out=$T_TMP/$1-$n
	run_slowed "$FIO" --output-format=json --output="$out.json" \
		--name=paths --filename="$fast" --ioengine="external:$FIORING_ENGINE" \
		--paths="$paths" --path_policy="$1" --path_stats="$out.paths" \
		--rw=randread --bs=4k --iodepth=$QD --direct=1 --size=256M \
		--time_based --runtime=$RUNTIME --randrepeat=0 2>"$out.err" ||
		fail "$1: fio failed: $(cat "$out.err")"
	[ "$(jqr "$out.json" '.jobs[0].error')" = 0 ] || fail "$1: job error"
	[ "$(jqr "$out.paths" '.policy')" = "$1" ] || fail "$1: policy not in path_stats"
	[ "$(jqr "$out.paths" '.paths | length')" = "$n" ] || fail "$1: not $n paths"
	total=$(jqr "$out.json" '.jobs[0].read.total_ios')
	f_ios=$(jqr "$out.paths" '.paths[0].read.ios')
	s_ios=$(jqr "$out.paths" '[.paths[1:][].read.ios] | add')
	f_mean=$(jqr "$out.paths" '.paths[0].read.clat_ns.mean // 0')
	s_mean=$(jqr "$out.paths" '.paths[1].read.clat_ns.mean // 0')
	p50=$(jqr "$out.json" '.jobs[0].read.clat_ns.percentile["50.000000"]')
	mean=$(jqr "$out.json" ".jobs[0].read.clat_ns.mean")
	[ $((f_ios + s_ios)) -eq "$total" ] ||
		fail "$1: per-path ios $f_ios + $s_ios != fio's $total"
	[ "$(jqr "$out.paths" '.paths[1].name')" = "$slow" ] || fail "$1: path 1 is not $slow"
	awk -v p="$1" -v n="$n" -v fi="$f_ios" -v fm="$f_mean" -v si="$s_ios" -v sm="$s_mean" -v p50="$p50" \
		'BEGIN { printf "%-12s %d paths: fast %6d ios, mean %8.0f us | slow %6d ios, mean %8.0f us | job p50 %6.0f us\n",
			 p, n, fi, fm / 1e3, si, sm / 1e3, p50 / 1e3 }'
}

run round-robin
rr_mean=$mean
ratio_between "$f_ios" "$s_ios" 0.9 1.1 ||
	fail "round-robin: split $f_ios / $s_ios is not even"
# every I/O but those in flight on the fast path waits on the slow one
expect=$(awk -v q=$QD -v c=$CAP 'BEGIN { print q / c * 1e9 }')
ratio_between "$s_mean" "$expect" 0.5 2.0 ||
	fail "round-robin: slow path mean clat $s_mean ns, the cap makes it ~$expect"
ratio_between "$s_mean" "$f_mean" 10 1000000 ||
	fail "round-robin: slow path ($s_mean ns) not clearly slower than fast ($f_mean ns)"
rate=$(awk -v n="$s_ios" -v t=$RUNTIME 'BEGIN { print n / t }')
ratio_between "$rate" "$CAP" 0 1.25 || fail "round-robin: slow path did $rate IOPS over its cap $CAP"

run latency
ratio_between "$f_ios" "$((f_ios + s_ios))" 0.8 1 ||
	fail "latency: only $f_ios of $((f_ios + s_ios)) I/O on the fast path"
[ "$s_ios" -gt 0 ] || fail "latency: the slow path was never probed"
ratio_between "$mean" "$rr_mean" 0 0.1 ||
	fail "latency: job mean clat $mean ns, round-robin $rr_mean ns: not cut 10x"
[ "$(jqr "$out.paths" '.probe_every')" = 64 ] || fail "latency: probe_every missing"

run queue-depth
ratio_between "$f_ios" "$((f_ios + s_ios))" 0.8 1 ||
	fail "queue-depth: only $f_ios of $((f_ios + s_ios)) I/O on the fast path"

run numa
[ "$s_ios" -eq 0 ] || fail "numa: $s_ios I/O on the second path of equal (no) NUMA node"

# every submission option, verified, unthrottled: each path's ios must be
# what its device saw (diskstats), so registered-file slots and fds really
# reach the path the engine counted
dev_ios() {
	awk '{ print $1 + $5 }' "/sys/block/${1#/dev/}/stat"
}
for opts in "" --registerfiles=1 "--registerfiles=1 --sqthread_poll=1 --fixedbufs=1" \
	"--nonvectored=0 --path_policy=queue-depth" "--sqthread_poll=1 --path_policy=latency"; do
	f0=$(dev_ios "$fast") s0=$(dev_ios "$slow")
	# shellcheck disable=SC2086
	fio_json "$T_TMP/m.json" --name=m --filename="$fast" "--ioengine=external:$FIORING_ENGINE" \
		--paths="$slow" --path_stats="$T_TMP/m.paths" $opts --rw=randwrite --bs=4k \
		--iodepth=16 --direct=1 --size=32M --verify=crc32c --verify_fatal=1 \
		--verify_state_save=0 --randrepeat=0 ||
		fail "verify with paths $opts: $(cat "$T_TMP/m.json.err")"
	[ "$(jqr "$T_TMP/m.json" '.jobs[0].error')" = 0 ] || fail "verify with paths $opts: job error"
	pf=$(jqr "$T_TMP/m.paths" '.paths[0].read.ios + .paths[0].write.ios')
	ps=$(jqr "$T_TMP/m.paths" '.paths[1].read.ios + .paths[1].write.ios')
	df=$(($(dev_ios "$fast") - f0)) ds=$(($(dev_ios "$slow") - s0))
	ratio_between "$df" "$pf" 0.9 1.1 && ratio_between "$ds" "$ps" 0.9 1.1 ||
		fail "paths $opts: engine counted $pf/$ps, devices saw $df/$ds"
	echo "verify ${opts:-(defaults)}: engine $pf/$ps, devices $df/$ds I/O"
done

# the normal output carries the per-path block, in fio's style
run_slowed "$FIO" --name=paths --filename="$fast" --ioengine="external:$FIORING_ENGINE" \
	--paths="$slow" --rw=randread --bs=4k --iodepth=4 --direct=1 --size=8M \
	>"$T_TMP/normal.txt" 2>&1 || fail "normal output run failed"
grep -q "^paths: fioring paths: 2, policy=round-robin, method=engine" "$T_TMP/normal.txt" &&
	grep -q "  path $slow (" "$T_TMP/normal.txt" &&
	grep -q "clat percentiles (usec): p50=" "$T_TMP/normal.txt" ||
	fail "no per-path block in fio's normal output: $(cat "$T_TMP/normal.txt")"
echo "per-path results as expected under every policy"
