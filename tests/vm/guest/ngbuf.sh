#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ngbuf.sh: on a generic device the engine lays out its I/O buffers as fio's
# own io_uring_cmd does: that engine declares FIO_MEMALIGN | FIO_RAWIO, so
# fio page-aligns the buffers even without direct=1 (a passthrough buffer
# goes to the device as it is).  fio's --debug=mem prints the size it
# allocates, which those flags grow by the alignment slack: the two engines
# must print the same size, and more than the bare bs * iodepth a block
# file gets without direct=1.

# vm-matrix: kernel=6.1 mp=N

. /tests/lib/common.sh
need_ng
need_engine

ng=$(ng_of_nsid 1 | head -n 1)
[ -n "$ng" ] || fail "no generic device for nsid 1"

# alloc ENGINE [ARGS]: the buffer size fio allocated for a read job on $ng
alloc() {
	e=$1
	shift
	fio --name=buf --filename="$ng" --ioengine="$e" "$@" --rw=read --bs=4k --iodepth=1 \
		--size=64k --debug=mem 2>&1 |
		sed -n 's/.*Alloc \([0-9]*\) for buffers.*/\1/p' | head -n 1
}

own=$(alloc io_uring_cmd --cmd_type=nvme)
ours=$(alloc "external:$FIORING_ENGINE")
msg="buffer allocation on $ng without direct=1: fioring $ours bytes, fio's io_uring_cmd $own"
[ -n "$own" ] && [ -n "$ours" ] || fail "$msg: no 'Alloc ... for buffers' line from fio --debug=mem"
[ "$ours" = "$own" ] || fail "$msg: not laid out alike"
[ "$ours" -gt 4096 ] || fail "$msg: no alignment slack, the buffers are not page-aligned"
pass "$msg"
