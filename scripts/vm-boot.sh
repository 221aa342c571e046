#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-boot.sh KERNEL MULTIPATH test|shell|key: boots the NVMe testbed, a qemu
# guest (TCG: no KVM needed) with two NVMe subsystems of two controllers
# each.  The first one's namespaces, all shared by both its controllers:
#   nsid 1  128 MiB, 4 KiB LBAs, no metadata: what the engine serves
#   nsid 2  2 MiB, 4 KiB LBAs + 64 B metadata in an extended LBA, PI type 1
#           (fio's examples/uring-cmd-pi-ext.fio)
#   nsid 3  2 MiB, 4 KiB LBAs + 64 B separate metadata, PI type 1 (pi-sb)
#   nsid 4  16 MiB, 4 KiB LBAs, zoned (4 MiB zones): writes off the write
#           pointer fail with an NVMe status, for the error path; zonemode=zbd
#   nsid 5  16 MiB, 512 B LBAs + 8 B extended metadata, PI type 2, PI first
#   nsid 6  16 MiB, 512 B LBAs + 16 B separate metadata, PI type 3
#   nsid 7  4 MiB, 4 KiB LBAs, no metadata: fio's examples sized to fit;
#           deallocated (discard=unmap) LBAs read back as zeroes
# The second subsystem has Flexible Data Placement (one endurance group of
# 8 reclaim unit handles, one reclaim group, 96 MiB reclaim units), in a
# subsystem of its own because qemu 10.0 refuses fdp=on when the
# namespaces of the endurance group differ in LBA format, as the first's do:
#   nsid 8  8 MiB, 4 KiB LBAs, no metadata, placement handles 0-7 on
#           reclaim unit handles 0-7 (fio's examples/uring-cmd-fdp.fio)
# KERNEL is 5.10, 6.1, 6.12 or latest (vm-kernel.sh), MULTIPATH is Y (native: one head
# per namespace) or N (one generic device per controller and namespace).
# 'test' runs the guest tests and copies the console to stdout, 'shell'
# gives a busybox shell on this terminal, 'key' builds what is missing and
# prints the checksum of everything the guest is built from.  Kernel and
# initramfs are cached under build/vm/, the namespaces' backing files under
# build/vm/disks/KERNEL-mpMULTIPATH/ (two guests can run side by side;
# VM_BUILD=NAME, a second build, has its own: disks/NAME-KERNEL-mp...).
# In 'test' mode the guest runs each test holding the host's measurement
# lock (vm-lock.sh), shared or alone as the test asks.
# Exit status 77 (reason printed) means the testbed cannot run here.

set -eu

kernel=$1 multipath=$2 mode=$3
top=$(cd "$(dirname "$0")/.." && pwd)
vm=$top/build/vm

cannot() {
	echo "SKIP: $*"
	exit 77
}

case "$multipath" in
Y|N) ;;
*) echo "vm-boot: MULTIPATH must be Y or N, not '$multipath'" >&2; exit 1 ;;
esac
case "$mode" in
test|shell|key) ;;
*) echo "vm-boot: mode must be test, shell or key, not '$mode'" >&2; exit 1 ;;
esac

# The guest CPU is TCG's "max" model, which lacks some host instructions
# (AVX-512): a fio built for the host CPU dies there with SIGILL.
fio=${FIO:-$(sed -n 's/^FIO_SRC=//p' "$top/config-host.mak")/fio}
grep -qs '^CONFIG_BUILD_NATIVE=y' "$(dirname "$fio")/config-host.mak" &&
	cannot "$fio is built with -march=native and may not run on the guest's emulated CPU: rebuild it after ./configure --disable-native"

kdir=$vm/kernel-$kernel
rc=0
sh "$top/scripts/vm-kernel.sh" "$kernel" "$kdir" 2>"$vm/kernel-$kernel.err" || rc=$?
case $rc in
0) ;;
77) cannot "kernel $kernel: $(tail -n 1 "$vm/kernel-$kernel.err")" ;;
*) cat "$vm/kernel-$kernel.err" >&2; exit 1 ;;
esac

# stderr passes: a warning that the qemu run is an old one belongs on screen
qemu=$(sh "$top/scripts/vm-qemu.sh" "$vm/qemu") ||
	cannot "no qemu to run the guest (apt-get install qemu-system-x86)"
qemu_version=$($qemu --version | head -n 1)

ikey=$(KEY=1 sh "$top/scripts/vm-initramfs.sh" "$kdir" -)
# VM_BUILD (a second build, make CHECK_FIO=1) has its own initramfs and disks
tag=${VM_BUILD:+$VM_BUILD-}
initrd=$vm/initrd-$tag$kernel-$ikey.cpio.gz
if [ ! -f "$initrd" ]; then
	rm -f "$vm/initrd-$tag$kernel-"*.cpio.gz
	sh "$top/scripts/vm-initramfs.sh" "$kdir" "$initrd"
fi
if [ "$mode" = key ]; then
	# the results cached under this key depend on the qemu that made them
	printf "%s\n%s\n" "$ikey" "$qemu_version" | sha256sum | cut -c1-16
	exit 0
fi

disks=$vm/disks/$tag$kernel-mp$multipath
mkdir -p "$disks"
for d in ns1:128M ns2:2M ns3:2M ns4:16M ns5:16M ns6:16M ns7:4M ns8:8M; do
	f=$disks/${d%%:*}.img
	# sized every boot: a namespace made smaller keeps no stale tail
	truncate -s "${d#*:}" "$f"
done

# Queues for hipri: the driver needs poll queues to complete polled I/O.
append="console=ttyS0 panic=-1 quiet nvme_core.multipath=$multipath nvme.poll_queues=1"
append="$append fioring.mode=$mode fioring.ctrls=2 fioring.ns=8"

set -- -machine q35 -cpu max -smp ${VM_SMP:-2} -m 1G -nodefaults -no-reboot \
	-display none -kernel "$kdir/vmlinuz" -initrd "$initrd" -append "$append" \
	-device nvme-subsys,id=subsys0,nqn=fioring-testbed \
	-device nvme,serial=fioring0,subsys=subsys0,id=ctrl0 \
	-device nvme,serial=fioring0,subsys=subsys0,id=ctrl1 \
	-drive "file=$disks/ns1.img,if=none,id=ns1,format=raw" \
	-device nvme-ns,drive=ns1,nsid=1,shared=on,logical_block_size=4096,physical_block_size=4096 \
	-drive "file=$disks/ns2.img,if=none,id=ns2,format=raw" \
	-device nvme-ns,drive=ns2,nsid=2,shared=on,logical_block_size=4096,physical_block_size=4096,ms=64,mset=1,pi=1 \
	-drive "file=$disks/ns3.img,if=none,id=ns3,format=raw" \
	-device nvme-ns,drive=ns3,nsid=3,shared=on,logical_block_size=4096,physical_block_size=4096,ms=64,mset=0,pi=1 \
	-drive "file=$disks/ns4.img,if=none,id=ns4,format=raw" \
	-device nvme-ns,drive=ns4,nsid=4,shared=on,logical_block_size=4096,physical_block_size=4096,zoned=true,zoned.zone_size=4M \
	-drive "file=$disks/ns5.img,if=none,id=ns5,format=raw" \
	-device nvme-ns,drive=ns5,nsid=5,shared=on,ms=8,mset=1,pi=2,pil=1 \
	-drive "file=$disks/ns6.img,if=none,id=ns6,format=raw" \
	-device nvme-ns,drive=ns6,nsid=6,shared=on,ms=16,mset=0,pi=3 \
	-drive "file=$disks/ns7.img,if=none,id=ns7,format=raw,discard=unmap" \
	-device nvme-ns,drive=ns7,nsid=7,shared=on,logical_block_size=4096,physical_block_size=4096 \
	-device nvme-subsys,id=subsys1,nqn=fioring-fdp,fdp=on,fdp.runs=96M,fdp.nrg=1,fdp.nruh=8 \
	-device nvme,serial=fioring1,subsys=subsys1,id=ctrl2 \
	-device nvme,serial=fioring1,subsys=subsys1,id=ctrl3 \
	-drive "file=$disks/ns8.img,if=none,id=ns8,format=raw" \
	-device nvme-ns,drive=ns8,nsid=8,shared=on,logical_block_size=4096,physical_block_size=4096,fdp.ruhs=0-7

if [ "$mode" = shell ]; then
	echo "vm-boot: kernel $(cat "$kdir/version"), nvme_core.multipath=$multipath;" \
		"$qemu_version;" \
		"leave with 'poweroff -f' (or Ctrl-a x)"
	exec $qemu "$@" -serial mon:stdio
fi

echo "vm-boot: $qemu_version"
# The guest's second serial port is its channel to the measurement lock
# (vm-lock.sh), which may keep it waiting while the other guest runs a
# test that must run alone: hence the time limit's margin.
chan=$disks/lock
rm -f "$chan.in" "$chan.out"
mkfifo "$chan.in" "$chan.out"
sh "$top/scripts/vm-lock.sh" "$chan" &
lockd=$!
rc=0
timeout -k 10 420 $qemu "$@" -serial stdio -serial "pipe:$chan" </dev/null || rc=$?
pkill -P $lockd 2>/dev/null || :
kill $lockd 2>/dev/null || :
rm -f "$chan.in" "$chan.out"
exit $rc
