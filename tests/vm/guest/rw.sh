#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# rw.sh: the fioring engine reads and writes an NVMe namespace through its
# generic device (io_uring_cmd) with every submission option the block path
# has: default, vectored (NVME_URING_CMD_IO_VEC), fixedbufs, registerfiles,
# hipri (polled), sqthread_poll and fsync (NVMe Flush), each a random write
# of crc32c-verified blocks read back in the same job.  What the engine
# writes must also be what another implementation reads at the same LBAs,
# so fio's own io_uring_cmd engine verifies the engine's data and the other
# way round, across paths where there are two (multipath=N: one controller
# writes, the other reads).

. /tests/lib/common.sh
need_ng
need_engine

ngs=$(ng_of_nsid 1)
first=$(echo "$ngs" | head -n 1)
last=$(echo "$ngs" | tail -n 1)
[ -n "$first" ] || fail "no generic device for nsid 1"

# one fio, one job per option set (stonewalled), each in its own 1 MiB of a 2 MiB slot
set -- "" "--nonvectored=0" "--fixedbufs" "--registerfiles" "--hipri" \
	"--sqthread_poll=1" "--fixedbufs --registerfiles --sqthread_poll=1" "--fsync=4"
jobs= i=0
for opts in "$@"; do
	jobs="$jobs --name=rw$i --ioengine=external:$FIORING_ENGINE $opts --filename=$first
	--rw=randwrite --bs=4k --size=1m --offset=$((i * 2))m --iodepth=8 --verify=crc32c
	--stonewall"
	i=$((i + 1))
done
fio --output-format=json --output="$T_TMP/rw.json" $jobs 2>"$T_TMP/rw.err" ||
	fail "randwrite+verify on $first: $(head -n 3 "$T_TMP/rw.err")"
i=0
for opts in "$@"; do
	w=$(jqr "$T_TMP/rw.json" ".jobs[$i].write.io_bytes")
	r=$(jqr "$T_TMP/rw.json" ".jobs[$i].read.io_bytes")
	e=$(jqr "$T_TMP/rw.json" ".jobs[$i].error")
	[ "$w" -eq 1048576 ] && [ "$r" -eq 1048576 ] && [ "$e" -eq 0 ] ||
		fail "randwrite+verify $opts on $first: wrote $w, verified $r bytes, error $e"
	i=$((i + 1))
done
# the last set's fsyncs went out as NVMe Flush commands
syncs=$(jqr "$T_TMP/rw.json" ".jobs[$((i - 1))].sync.total_ios")
[ "$syncs" -gt 0 ] || fail "fsync=4: no sync (NVMe Flush) completed"

# mixed sizes and directions, verified
fio_engine "$T_TMP/mix.json" --filename="$first" --name=mix --rw=randrw \
	--bsrange=4k-64k --size=4m --offset=16m --iodepth=16 --verify=crc32c --verify_backlog=64 ||
	fail "randrw 4k-64k on $first: $(head -n 3 "$T_TMP/mix.json.err")"

# engine writes, fio's io_uring_cmd verifies on the other path, and back
cmd="--ioengine=io_uring_cmd --cmd_type=nvme"
pat="--bs=8k --size=2m --iodepth=4 --verify=md5 --offset=24m"
fio_engine "$T_TMP/w1.json" --filename="$first" --name=x1 --rw=write $pat --do_verify=0 ||
	fail "write on $first: $(head -n 3 "$T_TMP/w1.json.err")"
fio --name=x1 --filename="$last" $cmd --rw=read $pat --verify_only=1 \
	>"$T_TMP/v1.out" 2>&1 && grep -q 'err= 0' "$T_TMP/v1.out" ||
	fail "fio io_uring_cmd on $last does not read back what fioring wrote on $first: $(grep -m1 -i 'verify\|err' "$T_TMP/v1.out")"
fio --name=x2 --filename="$last" $cmd --rw=write $pat --do_verify=0 \
	--offset=32m >"$T_TMP/w2.out" 2>&1 ||
	fail "fio io_uring_cmd write on $last: $(tail -n 1 "$T_TMP/w2.out")"
fio_engine "$T_TMP/v2.json" --filename="$first" --name=x2 --rw=read $pat --offset=32m \
	--verify_only=1 ||
	fail "fioring on $first does not read back what io_uring_cmd wrote on $last: $(head -n 3 "$T_TMP/v2.json.err")"

pass "8 option sets (fsync as NVMe Flush included), randrw 4k-64k and cross-engine verify on $(echo $ngs)"
