#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# testbed.sh: the emulated NVMe subsystems have the shape every other guest
# test relies on, checked without the fioring engine: two subsystems
# (fioring-testbed, and fioring-fdp with Flexible Data Placement for
# namespace 8) of two controllers each, the first's sharing namespace 1
# (the FDP one's, namespace 8); with native multipath one generic
# device for it and two hidden per-path disks (sysfs only, no /dev node);
# without, one generic device per controller.  fio's own io_uring_cmd
# engine then writes a pattern through one generic device and verifies it
# through another (or the same head), proving passthrough works at all.

. /tests/lib/common.sh
need_ng

subsys=$(ls /sys/class/nvme-subsystem | wc -l)
[ "$subsys" -eq 2 ] || fail "expected 2 NVMe subsystems, found $subsys"
for nqn in fioring-testbed fioring-fdp; do
	s=$(subsys_by_nqn $nqn) || fail "no NVMe subsystem with NQN ...:$nqn"
	n=$(ls "$s" | grep -c "^nvme[0-9]*$")
	[ "$n" -eq 2 ] || fail "subsystem $nqn has $n controllers, want 2"
done
ctrls=$(ls /sys/class/nvme | wc -l)
[ "$(ng_of_nsid 8 | grep -c .)" = "$(ng_of_nsid 1 | grep -c .)" ] ||
	fail "the FDP namespace 8 has $(ng_of_nsid 8 | grep -c .) generic devices, namespace 1 $(ng_of_nsid 1 | grep -c .)"

ngs=$(ng_of_nsid 1)
n=$(echo "$ngs" | grep -c .)
first=$(echo "$ngs" | head -n 1)
last=$(echo "$ngs" | tail -n 1)
paths=$(ls /sys/block | grep -c '^nvme[0-9]*c[0-9]*n[0-9]*$')

case $(multipath) in
Y)
	[ "$n" -eq 1 ] || fail "native multipath: $n generic devices for nsid 1, want 1"
	[ "$paths" -ge 2 ] || fail "native multipath: $paths hidden path disks, want >= 2"
	for p in $(ls /sys/block | grep '^nvme[0-9]*c[0-9]*n[0-9]*$'); do
		[ -e "/dev/$p" ] && fail "hidden path disk $p has a /dev node"
	done
	;;
N)
	[ "$n" -eq 2 ] || fail "per-controller mode: $n generic devices for nsid 1, want 2"
	[ "$paths" -eq 0 ] || fail "per-controller mode: $paths hidden path disks, want 0"
	[ "$(ng_ctrl "${first#/dev/}")" != "$(ng_ctrl "${last#/dev/}")" ] ||
		fail "$first and $last are on the same controller"
	;;
*) fail "nvme_core.multipath reads '$(multipath)'" ;;
esac

common="--ioengine=io_uring_cmd --cmd_type=nvme --bs=4k --size=4m --iodepth=4"
fio --name=write --filename="$first" $common --rw=write --do_verify=0 \
	--verify=crc32c --verify_pattern=0x5aa5 >"$T_TMP/w.out" 2>&1 ||
	fail "fio io_uring_cmd write on $first: $(tail -n 1 "$T_TMP/w.out")"
fio --name=write --filename="$last" $common --rw=read --verify=crc32c \
	--verify_pattern=0x5aa5 --verify_only=1 >"$T_TMP/v.out" 2>&1 ||
	fail "fio io_uring_cmd verify on $last: $(tail -n 1 "$T_TMP/v.out")"
grep -q 'err= 0' "$T_TMP/v.out" || fail "verify on $last reported errors"

pass "$ctrls controllers, nsid 1 on $(echo $ngs), $paths hidden paths; written on $first, verified on $last"
