#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-kernel.sh KERNEL DIR: gets the Debian kernel the NVMe testbed boots and
# leaves in DIR its vmlinuz, the nvme modules (with their dependencies, in
# load order, uncompressed) and a 'version' file naming the package.  KERNEL
# is 6.1 (bookworm's kernel) or 6.12 (bookworm-backports', which adds the
# queue-depth iopolicy).  The package is fetched with apt into a private
# index (scripts/apt-private.sh) and unpacked with dpkg-deb -x: nothing is
# installed on the host.  A DIR already complete is left alone, so a second
# run needs neither the network nor time.  Exit status 77 (reason on
# stderr) means this kernel cannot be had here, 1 any other failure.

set -eu

kernel=$1 dir=$2
top=$(cd "$(dirname "$0")/.." && pwd)

[ -f "$dir/.complete" ] && exit 0

unavailable() {
	echo "vm-kernel: $*" >&2
	exit 77
}

case "$kernel" in
6.1) suffix= ;;
6.12) suffix=-backports ;;
*)
	echo "vm-kernel: unknown KERNEL '$kernel' (6.1 or 6.12)" >&2
	exit 1
	;;
esac

apt=$top/build/vm/apt$suffix
aptopts="-o Dir::Etc::SourceList=$apt/sources.list
-o Dir::Etc::SourceParts=$apt/sources.list.d -o Dir::State::Lists=$apt/lists"

# The private index is made (or refreshed, once a day) by apt-private.sh.
sh "$top/scripts/apt-private.sh" "$apt" "$suffix" deb -- check >/dev/null 2>&1 ||
	unavailable "cannot read the Debian archive's index for bookworm$suffix"

# linux-image-amd64 names the suite's current kernel package.
pkg=$(apt-cache $aptopts depends linux-image-amd64 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
[ -n "$pkg" ] || unavailable "bookworm$suffix has no linux-image-amd64"
release=${pkg#linux-image-}
case "$release" in
"$kernel".*) ;;
*) unavailable "bookworm$suffix carries $release, not a $kernel kernel" ;;
esac

work=$dir.tmp
rm -rf "$work"
mkdir -p "$work/deb"
(cd "$work/deb" && sh "$top/scripts/apt-private.sh" "$apt" "$suffix" deb -- \
	download "$pkg") >"$work/download.log" 2>&1 ||
	unavailable "apt-get download $pkg failed: $(tail -n 1 "$work/download.log")"
dpkg-deb -x "$work"/deb/*.deb "$work/root"

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

cp "$work/root/boot/vmlinuz-$release" "$work/out/vmlinuz"
dpkg-deb -W --showformat='${Package} ${Version}\n' "$work"/deb/*.deb >"$work/out/version"

rm -rf "$dir"
mv "$work/out" "$dir"
rm -rf "$work"
touch "$dir/.complete"
