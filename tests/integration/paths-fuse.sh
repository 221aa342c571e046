#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# paths-fuse: paths whose backing goes through FUSE.  A loop device over
# the backing file in tmpfs is the fast path; loop devices over the same
# file seen through a bindfs (FUSE) mount are slow paths, every I/O paying
# a round trip through the FUSE daemon, and paths that really fail: aborting
# the FUSE connection (/sys/fs/fuse/connections/N/abort) makes every I/O of
# those loop devices end in EIO, as a path whose transport died.
#  - one fast and two FUSE paths: at the same depth latency does 1.5x the
#    I/O of round-robin (which splits evenly) with its mean job clat at
#    least a quarter lower;
#  - a verify job over a fast and a FUSE path whose connection is aborted
#    mid-run passes, with path errors counted and the path marked down;
#  - the same with both paths on FUSE: no path is left and the job fails.
# The aborted FUSE paths' loop devices log their failed I/O, on purpose:
# kmsg-expect: I/O error, dev loop[0-9]+, sector [0-9]+ op 0x[01]:\((READ|WRITE)\)

. "$(dirname "$0")/../lib/common.sh"
need_root
command -v jq >/dev/null || skip "jq is not installed"
command -v bindfs >/dev/null || skip "bindfs is not installed (./configure installs it)"

conns=/sys/fs/fuse/connections
if ! mountpoint -q "$conns"; then
	mount -t fusectl none "$conns" 2>/dev/null || skip "cannot mount fusectl on $conns"
	at_exit "umount $conns"
fi

loop_make 256M || skip "cannot make a loop device"
fast=$DEV
back=$(losetup -n -O BACK-FILE "$fast" | sed 's/ *$//')

# fuse_mount DIR: DIR shows the backing file's directory through FUSE;
# sets CONN to its connection's abort file.  Unmounted after the loop
# devices over it are gone (at_exit runs newest first).
fuse_mount() {
	mkdir -p "$1"
	bindfs -o direct_io "$(dirname "$back")" "$1" || skip "bindfs cannot mount $1"
	at_exit "umount -l $1"
	CONN=$conns/$(mountpoint -d "$1" | cut -d: -f2)/abort
	[ -w "$CONN" ] || skip "no FUSE connection file $CONN"
}

fuse_mount "$T_TMP/fuse1"
abort1=$CONN
loop_make 256M "$T_TMP/fuse1/$(basename "$back")" || skip "no loop device over FUSE"
f1=$DEV
loop_make 256M "$T_TMP/fuse1/$(basename "$back")" || skip "no loop device over FUSE"
f2=$DEV

eng() {
	echo "--ioengine=external:$FIORING_ENGINE"
}

# p50: one fast path, two slow ones
for pol in round-robin latency; do
	fio_json "$T_TMP/$pol.json" --name=p50 --filename="$fast" "$(eng)" \
		--paths="$f1:$f2" --path_policy="$pol" --path_stats="$T_TMP/$pol.paths" \
		--rw=randread --bs=4k --iodepth=16 --direct=1 --size=256M \
		--time_based --runtime=3 --randrepeat=0 ||
		fail "$pol: fio failed: $(cat "$T_TMP/$pol.json.err")"
	all=$(jqr "$T_TMP/$pol.paths" '[.paths[].read.ios] | add')
	share=$(jqr "$T_TMP/$pol.paths" ".paths[0].read.ios / $all")
	p50=$(jqr "$T_TMP/$pol.json" '.jobs[0].read.clat_ns.percentile["50.000000"]')
	mean=$(jqr "$T_TMP/$pol.json" '.jobs[0].read.clat_ns.mean | floor')
	echo "$pol: fast path share $share of $all I/O, job clat mean $mean ns, p50 $p50 ns"
	[ "$all" -eq "$(jqr "$T_TMP/$pol.json" '.jobs[0].read.total_ios')" ] ||
		fail "$pol: per-path ios do not add up to fio's"
	eval "${pol%-robin}_mean=$mean ${pol%-robin}_share=$share ${pol%-robin}_all=$all"
done
ratio_between "$round_share" 1 0.30 0.37 || fail "round-robin: fast path share $round_share, not 1/3"
ratio_between "$latency_share" 1 0.5 1 || fail "latency: fast path share only $latency_share"
# The same depth on a faster mix of paths: more I/O done, and (Little's
# law) less time each, on average: the mean by at least a quarter.  Not
# the median: it sits on the fast path under both policies and moves less
# (docs/notes/2026-12-multipath-paths.md), as the fast path's queue is
# deeper under latency.
[ $((latency_mean * 4)) -lt $((round_mean * 3)) ] ||
	fail "latency: job clat mean $latency_mean ns not well below round-robin's $round_mean ns"
ratio_between "$latency_all" "$round_all" 1.5 100 ||
	fail "latency: $latency_all I/O, not 1.5x round-robin's $round_all at the same depth"

# verify_over PATH0 PATH1 ABORT OUT: a rate-limited verify job (~3 s of
# writes) whose FUSE connection ABORT is aborted 1 s in; fio's status
verify_over() {
	"$FIO" --output-format=json --output="$4.json" --name=verify --filename="$1" \
		"$(eng)" --paths="$2" --path_stats="$4.paths" \
		--rw=randwrite --bs=4k --iodepth=16 --direct=1 --size=256M --rate_iops=20000 \
		--verify=crc32c --verify_fatal=1 --verify_state_save=0 --randrepeat=0 \
		2>"$4.err" &
	pid=$!
	sleep 1
	echo 1 >"$3"
	wait "$pid"
}

verify_over "$fast" "$f1" "$abort1" "$T_TMP/v" ||
	fail "verify with one failed path: fio failed: $(cat "$T_TMP/v.err")"
err=$(jqr "$T_TMP/v.json" '.jobs[0].error')
written=$(jqr "$T_TMP/v.json" '.jobs[0].write.io_bytes')
verified=$(jqr "$T_TMP/v.json" '.jobs[0].read.io_bytes')
perrs=$(jqr "$T_TMP/v.paths" '.path_errors')
state=$(jqr "$T_TMP/v.paths" '.paths[1].state')
before=$(jqr "$T_TMP/v.paths" '.paths[1].write.ios')
echo "verify: error $err, $written bytes written, $verified verified, $perrs path errors," \
	"$f1 $state after $before writes"
[ "$err" = 0 ] || fail "verify job error $err"
[ "$written" -eq $((256 << 20)) ] && [ "$verified" -eq $((256 << 20)) ] ||
	fail "verify: $written written, $verified verified, not all 256 MiB"
[ "$perrs" -ge 1 ] && [ "$state" = down ] || fail "no path error counted on $f1"
[ "$before" -gt 0 ] || fail "$f1 carried no I/O before it failed"
# An I/O requeued on the surviving path is one I/O: one slat sample, one
# submission, its latency counted from its first issue.
wios=$(jqr "$T_TMP/v.json" ".jobs[0].write.total_ios")
wslat=$(jqr "$T_TMP/v.json" ".jobs[0].write.slat_ns.N")
[ "$wslat" -eq "$wios" ] ||
	fail "verify: $wslat write slat samples for $wios writes: requeued I/O counted as submitted again"
echo "verify: $wslat write slat samples for $wios writes, $perrs I/O requeued"
grep -q "fioring: path $f1 failed (Input/output error): marked down, 1 path left" \
	"$T_TMP/v.err" || fail "no path failure line: $(cat "$T_TMP/v.err")"

# both paths through a second FUSE mount: nothing is left, the job fails
fuse_mount "$T_TMP/fuse2"
loop_make 256M "$T_TMP/fuse2/$(basename "$back")" || skip "no loop device over FUSE"
g1=$DEV
loop_make 256M "$T_TMP/fuse2/$(basename "$back")" || skip "no loop device over FUSE"
g2=$DEV
if verify_over "$g1" "$g2" "$CONN" "$T_TMP/n"; then
	fail "the job passed with every path dead"
fi
grep -q "0 paths left" "$T_TMP/n.err" || fail "no 'no path left' line: $(cat "$T_TMP/n.err")"
[ "$(jqr "$T_TMP/n.paths" '[.paths[].state] | unique | join(",")')" = down ] ||
	fail "not every path marked down"
echo "no path left, the job failed: $(grep -m1 '0 paths left' "$T_TMP/n.err")"
