#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# vm-order: last
#
# paths.sh: per-path results over the testbed's two controllers.
#  multipath=N (mode 1, the engine picks): paths=auto finds the other
#  controller's generic device through libnvme; under every path_policy
#  the per-path counts add up to fio's and split as the policy says
#  (round-robin evenly, numa on one path, latency and queue-depth on both);
#  another namespace is refused as a path; a verify job passes over both
#  paths; and removing one controller's PCI function mid-run (every
#  in-flight command fails with ENODEV) leaves a verify job passing with
#  path errors counted, after which the controller is rescanned back for
#  the tests that follow.
#  multipath=Y (mode 2, the kernel picks): for the kernel's numa and
#  round-robin iopolicies (and queue-depth where the kernel has it, shown
#  but not asserted), the split the kernel made, attributed by
#  diskstats for block I/O on the head and by the nvme tracepoints for
#  passthrough, said in the output; from 6.13 on, also passthrough with
#  queue/iostats_passthrough on in every path disk, attributed by the
#  paths' diskstats (the setting is put back after).

. /tests/lib/common.sh
need_ng
need_engine

ngs=$(ng_of_nsid 1)
first=$(echo "$ngs" | head -n 1)
[ -n "$first" ] || fail "no generic device for nsid 1"

# split OUT: "ios0 ios1" of the path_stats file OUT, reads plus writes
split() {
	jq -r '[.paths[] | .read.ios + .write.ios] | map(tostring) | join(" ")' "$1"
}

# check_sum JSON PATHS: per-path ios add up to fio's (within 1% for traces)
check_sum() {
	fio_total=$(jqr "$1" '.jobs[0].read.total_ios + .jobs[0].write.total_ios')
	path_total=$(jq '[.paths[] | .read.ios + .write.ios] | add' "$2")
	ratio_between "$path_total" "$fio_total" 0.99 1.001 ||
		fail "$2: per-path ios $path_total, fio did $fio_total"
}

mode1() {
	[ "$(echo "$ngs" | grep -c .)" -eq 2 ] || fail "multipath=N: want 2 generic devices, have: $ngs"
	summary=
	for pol in round-robin queue-depth numa latency; do
		pre=$T_TMP/$pol
		fio_engine "$pre.json" --filename="$first" --name=p --paths=auto \
			--path_policy=$pol --path_stats="$pre.paths" --rw=randread --bs=4k \
			--iodepth=8 --size=64m --time_based --runtime=2 ||
			fail "$pol: $(head -n 3 "$pre.json.err")"
		[ "$(jqr "$pre.paths" '.paths | length')" = 2 ] || fail "$pol: not 2 paths"
		[ "$(jqr "$pre.paths" '.method')" = engine ] || fail "$pol: method not engine"
		c0=$(jqr "$pre.paths" '.paths[0].controller')
		c1=$(jqr "$pre.paths" '.paths[1].controller')
		[ "$c0" != "$c1" ] || fail "$pol: both paths on $c0"
		check_sum "$pre.json" "$pre.paths"
		set -- $(split "$pre.paths")
		case $pol in
		round-robin) ratio_between "$1" "$2" 0.9 1.1 || fail "round-robin split $1/$2" ;;
		numa) [ "$1" -eq 0 ] || [ "$2" -eq 0 ] || fail "numa used both paths: $1/$2" ;;
		*) [ "$1" -gt 0 ] && [ "$2" -gt 0 ] || fail "$pol left a path unused: $1/$2" ;;
		esac
		summary="$summary $pol=$1/$2"
	done

	# another namespace of the same subsystem is not a path to this one
	other_ns=$(ng_of_nsid 2 | head -n 1)
	if [ -n "$other_ns" ]; then
		fio_engine "$T_TMP/bad.json" --filename="$first" --name=b --paths="$other_ns" \
			--rw=randread --bs=4k --size=1m &&
			fail "paths=$other_ns (nsid 2) accepted for nsid 1"
		grep -q "fioring: paths: $other_ns is .* nsid 2, not the job's namespace .* nsid 1" \
			"$T_TMP/bad.json.err" || fail "nsid 2 as a path: $(cat "$T_TMP/bad.json.err")"
	fi

	fio_engine "$T_TMP/v.json" --filename="$first" --name=v --paths=auto \
		--rw=randwrite --bs=4k --iodepth=8 --size=16m --verify=crc32c ||
		fail "verify over both paths: $(head -n 3 "$T_TMP/v.json.err")"

	# a controller dies mid-run: its commands fail, the job goes on
	other=$(echo "$ngs" | tail -n 1)
	pci=$(readlink -f "/sys/class/nvme/$(ng_ctrl "${other#/dev/}")/device")
	fio_engine "$T_TMP/f.json" --filename="$first" --name=f --paths=auto \
		--path_stats="$T_TMP/f.paths" --rw=randwrite --bs=4k --iodepth=8 \
		--size=64m --rate_iops=4000 --verify=crc32c &
	pid=$!
	sleep 2
	echo 1 >"$pci/remove"
	wait $pid
	rc=$?
	echo 1 >/sys/bus/pci/rescan
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ "$(ng_of_nsid 1 | grep -c .)" -eq 2 ] && break
		sleep 1
	done
	[ "$(ng_of_nsid 1 | grep -c .)" -eq 2 ] || fail "the removed controller did not come back"
	[ $rc -eq 0 ] || fail "verify with a controller removed: fio exit $rc: $(head -n 3 "$T_TMP/f.json.err")"
	perrs=$(jqr "$T_TMP/f.paths" '.path_errors')
	[ "$perrs" -ge 1 ] || fail "controller removed mid-run, but no path error counted"
	[ "$(jqr "$T_TMP/f.json" '.jobs[0].error')" = 0 ] || fail "verify job error after failover"
	pass "paths=auto over $(echo $ngs):$summary; verify with a controller removed: $perrs path errors, $(jqr "$T_TMP/f.paths" '.paths[1].state') path 1, job error 0"
}

# kernel_run POLICY FILE TAG ARGS: a job on the head under the kernel's
# POLICY; echoes "method ios0/ios1"
kernel_run() {
	pol=$1 file=$2 tag=$3
	shift 3
	echo "$pol" >"$subsys/iopolicy" || fail "iopolicy $pol refused"
	pre=$T_TMP/k-$tag-$pol
	fio_engine "$pre.json" --filename="$file" --name=k --path_stats="$pre.paths" \
		--rw=randread --bs=4k --iodepth=8 --size=64m --time_based --runtime=2 "$@" ||
		fail "$tag $pol: $(head -n 3 "$pre.json.err")"
	[ "$(jqr "$pre.paths" '.mode')" = kernel ] || fail "$tag $pol: mode is not kernel"
	[ "$(jqr "$pre.paths" '.policy')" = "$pol" ] || fail "$tag $pol: policy not recorded"
	[ "$(jqr "$pre.paths" '.paths | length')" = 2 ] || fail "$tag $pol: not 2 paths"
	check_sum "$pre.json" "$pre.paths"
	set -- $(split "$pre.paths")
	case $pol in
	numa) [ "$1" -eq 0 ] || [ "$2" -eq 0 ] || fail "$tag numa: kernel used both paths: $1/$2" ;;
	round-robin) ratio_between "$1" "$2" 0.8 1.25 || fail "$tag round-robin: split $1/$2" ;;
	esac
	echo "$(jqr "$pre.paths" '.method') $1/$2"
}

mode2() {
	subsys=$(subsys_by_nqn fioring-testbed) || fail "no subsystem fioring-testbed"
	old=$(cat "$subsys/iopolicy")
	head_blk=/dev/nvme${first#/dev/ng}
	[ -b "$head_blk" ] || fail "no head block device $head_blk"
	unavail=
	if ! grep -q " /sys/kernel/tracing " /proc/mounts; then
		# the guest starts without tracefs: passthrough has no method
		fio_engine "$T_TMP/u.json" --filename="$first" --name=u --path_stats="$T_TMP/u.paths" \
			--rw=randread --bs=4k --size=4m ||
			fail "passthrough without tracefs: $(head -n 3 "$T_TMP/u.json.err")"
		[ "$(jqr "$T_TMP/u.paths" '.method')" = unavailable ] ||
			fail "passthrough without tracefs: method $(jqr "$T_TMP/u.paths" '.method')"
		grep -q "fioring: $first: per-path attribution unavailable: .*tracefs is not mounted" \
			"$T_TMP/u.json.err" || fail "no 'unavailable' line: $(cat "$T_TMP/u.json.err")"
		[ "$(jqr "$T_TMP/u.json" '.jobs[0].error')" = 0 ] || fail "passthrough without tracefs: job error"
		unavail=" passthrough without tracefs: unavailable, said so;"
	fi
	grep -q " /sys/kernel/tracing " /proc/mounts || mount -t tracefs nodev /sys/kernel/tracing ||
		fail "cannot mount tracefs"
	pols="numa round-robin"
	# 6.11+: reported, not asserted (the kernel's split is the finding)
	echo queue-depth >"$subsys/iopolicy" 2>/dev/null && pols="$pols queue-depth"
	summary=
	for pol in $pols; do
		r=$(kernel_run $pol "$head_blk" block --direct=1) || fail "${r#FAIL: }"
		[ "${r%% *}" = diskstats ] || fail "block I/O on $head_blk: method ${r%% *}"
		summary="$summary block/$pol: $r;"
		r=$(kernel_run $pol "$first" passthrough) || fail "${r#FAIL: }"
		case ${r%% *} in
		tracepoints|iostats_passthrough) ;;
		*) fail "passthrough on $first: method ${r%% *}" ;;
		esac
		summary="$summary passthrough/$pol: $r;"
	done
	# 6.13+: with queue/iostats_passthrough on in every path disk the
	# paths' diskstats count passthrough, and attribution uses them
	knobs=
	for p in $(head_paths "${head_blk#/dev/}"); do
		[ -f "$p/queue/iostats_passthrough" ] && knobs="$knobs $p/queue/iostats_passthrough"
	done
	if [ -n "$knobs" ]; then
		was=$(cat $knobs | tr '\n' ' ')
		for k in $knobs; do
			echo 1 >"$k"
		done
		r=$(kernel_run round-robin "$first" counted)
		rc=$?
		set -- $was
		for k in $knobs; do
			echo "$1" >"$k"
			shift
		done
		[ $rc -eq 0 ] || fail "${r#FAIL: }"
		[ "${r%% *}" = iostats_passthrough ] ||
			fail "passthrough with iostats_passthrough on: method ${r%% *}"
		summary="$summary passthrough/round-robin, iostats_passthrough on: $r;"
	fi
	echo "$old" >"$subsys/iopolicy"
	pass "kernel's split on $head_blk/$first:$unavail$summary"
}

case $(multipath) in
N) mode1 ;;
Y) mode2 ;;
*) fail "nvme_core.multipath reads '$(multipath)'" ;;
esac
