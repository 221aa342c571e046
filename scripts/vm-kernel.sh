#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-kernel.sh KERNEL DIR: gets the Debian kernel the NVMe testbed boots and
# leaves in DIR its vmlinuz, the nvme modules (with their dependencies, in
# load order, uncompressed) and a 'version' file naming the package.  KERNEL
# is 5.10 (bullseye's: the io_ticks code before kernel commit 99dc422335d8,
# which charges a jiffy per I/O start; no NVMe generic char devices), 6.1
# (bookworm's kernel), 6.12 (bookworm-backports', which adds the
# queue-depth iopolicy) or latest (trixie-backports', whatever version it
# carries: 6.13+ adds queue/iostats_passthrough).  Newer Debian kernels
# split the image package into linux-binary-* (vmlinuz) and linux-modules-*;
# both are fetched when the image depends on them.  The packages are
# fetched with apt into a private index (scripts/apt-private.sh) and
# unpacked with dpkg-deb -x: nothing is installed on the host.  A DIR
# already complete is left alone, so a second run needs neither the network
# nor time.  Exit status 77 (reason on stderr) means this kernel cannot be
# had here, 1 any other failure.

set -eu

kernel=$1 dir=$2
top=$(cd "$(dirname "$0")/.." && pwd)

[ -f "$dir/.complete" ] && exit 0

unavailable() {
	echo "vm-kernel: $*" >&2
	exit 77
}

case "$kernel" in
5.10) suffix=bullseye ;;
6.1) suffix= ;;
6.12) suffix=-backports ;;
latest) suffix=trixie-backports ;;
*)
	echo "vm-kernel: unknown KERNEL '$kernel' (5.10, 6.1, 6.12 or latest)" >&2
	exit 1
	;;
esac

# one private index per suite, shared with vm-qemu.sh (bookworm-backports)
case "$suffix" in
""|-*) apt=$top/build/vm/apt$suffix ;;
*) apt=$top/build/vm/apt-$suffix ;;
esac
aptopts="-o Dir::Etc::SourceList=$apt/sources.list
-o Dir::Etc::SourceParts=$apt/sources.list.d -o Dir::State::Lists=$apt/lists"

# The private index is made (or refreshed, once a day) by apt-private.sh.
sh "$top/scripts/apt-private.sh" "$apt" "$suffix" deb -- check >/dev/null 2>&1 ||
	unavailable "cannot read the Debian archive's index for $suffix"

# linux-image-amd64 names the suite's current kernel package.
pkg=$(apt-cache $aptopts depends linux-image-amd64 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
[ -n "$pkg" ] || unavailable "${suffix:-the machine's suite} has no linux-image-amd64"
release=${pkg#linux-image-}
case "$kernel:$release" in
latest:*|"$kernel":"$kernel".*) ;;
*) unavailable "${suffix:-the machine's suite} carries $release, not a $kernel kernel" ;;
esac
# the packages holding vmlinuz and the modules, where they are split out
pkgs="$pkg $(apt-cache $aptopts depends "$pkg" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-\(binary\|modules\)-[0-9][^ ]*\)$/\1/p' | sort -u)"

work=$dir.tmp
rm -rf "$work"
mkdir -p "$work/deb"
(cd "$work/deb" && sh "$top/scripts/apt-private.sh" "$apt" "$suffix" deb -- \
	download $pkgs) >"$work/download.log" 2>&1 ||
	unavailable "apt-get download $pkgs failed: $(tail -n 1 "$work/download.log")"
for deb in "$work"/deb/*.deb; do
	dpkg-deb -x "$deb" "$work/root"
done
# modules and vmlinuz under /usr/lib/modules in newer packages
if [ ! -d "$work/root/lib/modules" ] && [ -d "$work/root/usr/lib/modules" ]; then
	mkdir -p "$work/root/lib"
	ln -s ../usr/lib/modules "$work/root/lib/modules"
fi

mods=$work/root/lib/modules/$release
depmod -b "$work/root" "$release"

# modprobe resolves the dependencies; the guest's busybox insmods the list.
mkdir -p "$work/out/modules"
modprobe -d "$work/root" -S "$release" --show-depends nvme |
	awk '$1 == "insmod" && !seen[$2]++ { print $2 }' >"$work/order"
[ -s "$work/order" ] || { echo "vm-kernel: no nvme module in $pkg" >&2; exit 1; }
: >"$work/out/modules/order"
while read -r ko; do
	name=$(basename "$ko")
	case "$name" in
	*.xz) xz -dc "$ko" >"$work/out/modules/${name%.xz}"; name=${name%.xz} ;;
	*.zst) zstd -qdc "$ko" >"$work/out/modules/${name%.zst}"; name=${name%.zst} ;;
	*) cp "$ko" "$work/out/modules/$name" ;;
	esac
	echo "$name" >>"$work/out/modules/order"
done <"$work/order"
[ -d "$mods" ]

vmlinuz=$work/root/boot/vmlinuz-$release
[ -f "$vmlinuz" ] || vmlinuz=$mods/vmlinuz
cp "$vmlinuz" "$work/out/vmlinuz"
dpkg-deb -W --showformat='${Package} ${Version}\n' "$work"/deb/linux-image-*.deb >"$work/out/version"

rm -rf "$dir"
mv "$work/out" "$dir"
rm -rf "$work"
touch "$dir/.complete"
