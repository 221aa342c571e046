#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-cmdprio: fio's cmdprio options and the job's prioclass reach the
# kernel through libfioring.  fio's JSON carries per-priority clat (prios[])
# with the split asked for, as with fio's own io_uring engine, and the block
# layer's block_rq_issue tracepoint shows each request's priority class: the
# share of RT requests matches cmdprio_percentage, and prioclass=3 makes
# every request idle.

. "$(dirname "$0")/../lib/common.sh"
need_root
test_dev 64M || skip "cannot make a loop device"
dev=$DEV

tr=/sys/kernel/tracing
if [ ! -d $tr/events/block ]; then
	mount -t tracefs nodev $tr 2>/dev/null || skip "tracefs cannot be mounted"
	at_exit "umount $tr"
fi
inst=$tr/instances/fioring-prio.$$
mkdir "$inst" || skip "cannot make a tracing instance"
at_exit "rmdir $inst"
ev=$inst/events/block/block_rq_issue
devnum=$(( $(stat -c %t "$dev" | sed 's/^/0x/') << 20 | $(stat -c %T "$dev" | sed 's/^/0x/') ))
echo "dev == $devnum" >$ev/filter

# traced ENGINE ARGS...: runs the job with the tracepoint on; prints the
# per-class request counts seen by the block layer, e.g. "be=600 rt=200"
traced() {
	engine=$1
	shift
	: >$inst/trace
	echo 1 >$ev/enable
	fio_json "$T_TMP/p.json" --name=prio --ioengine="$engine" --filename="$dev" \
		--rw=randread --bs=4k --direct=1 --randseed=7 "$@" ||
		fail "$engine $*: $(cat "$T_TMP/p.json.err")"
	echo 0 >$ev/enable
	grep -o ' [a-z]*,[0-9]*,[0-9]* \[fio\]' $inst/trace |
		awk '{ split($1, a, ","); n[a[1]]++ } END { for (c in n) printf "%s=%d ", c, n[c] }'
}

count() {
	echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}

kern=$(traced "external:$FIORING_ENGINE" --iodepth=16 --number_ios=8000 \
	--cmdprio_percentage=25 --cmdprio_class=1 --cmdprio=0)
ours=$(jqr "$T_TMP/p.json" '[.jobs[0].read.prios[] | "\(.prioclass):\(.clat_ns.N)"] | join(" ")')
traced io_uring --iodepth=16 --number_ios=8000 --cmdprio_percentage=25 \
	--cmdprio_class=1 --cmdprio=0 >/dev/null
theirs=$(jqr "$T_TMP/p.json" '[.jobs[0].read.prios[] | "\(.prioclass):\(.clat_ns.N)"] | join(" ")')
echo "fio prios[] clat samples: fioring [$ours] io_uring [$theirs]"
echo "block_rq_issue classes with fioring: $kern"

rt=$(count "$kern" rt)
all=$(echo "$kern" | tr ' =' '\n ' | awk 'NF == 2 { s += $2 } END { print s + 0 }')
[ "${rt:-0}" -gt 0 ] || fail "no RT request reached the block layer"
ratio_between "$rt" "$all" 0.20 0.30 || fail "RT share at the block layer $rt/$all is not about 25%"
[ "$(echo "$ours" | wc -w)" = 2 ] || fail "fioring: want two classes in prios[], got [$ours]"
[ "$(echo "$theirs" | wc -w)" = "$(echo "$ours" | wc -w)" ] ||
	fail "fioring reports other priority classes than io_uring"

kern=$(traced "external:$FIORING_ENGINE" --iodepth=4 --number_ios=2000 --prioclass=3 --prio=0)
echo "prioclass=3, block_rq_issue classes with fioring: $kern"
idle=$(count "$kern" idle)
all=$(echo "$kern" | tr ' =' '\n ' | awk 'NF == 2 { s += $2 } END { print s + 0 }')
[ "$all" -ge 1000 ] || fail "prioclass=3: only $all requests traced"
[ "${idle:-0}" = "$all" ] || fail "prioclass=3: $idle of $all requests were idle class"
exit 0
