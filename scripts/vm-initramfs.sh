ldd "$busybox" 2>&1 | grep -q "not a dynamic executable" ||
#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-initramfs.sh KERNEL_DIR OUT: writes the NVMe testbed's initramfs (a
# gzipped cpio archive) to OUT.  It holds busybox-static, the nvme modules
# of KERNEL_DIR (from vm-kernel.sh), the project's own fio, libfioring.so
# and fioring-bench with every shared library they load (found by ldd), the
# test helpers the guest runs (fdp_status, from FIORING_HELPERS), jq for
# reading fio's JSON, the guest's /init, the guest test scripts
# tests/vm/guest/*.sh and the helpers they share with the host's tests and
# runner (tests/lib/common.sh, tests/lib/kmsg.sh) and among themselves
# (tests/vm/guest/lib/*.sh) in /tests/lib.
# With KEY=1 it writes nothing and prints a checksum of all those inputs
# instead (vm-boot.sh, which sets up the guest, and vm-lock.sh included):
# the host runner keys its cached results on it.

set -eu

kdir=$1 out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
fio=${FIO:-$(sed -n 's/^FIO_SRC=//p' "$top/config-host.mak")/fio}
engine=${FIORING_ENGINE:-$top/build/libfioring.so}
bench=${FIORING_BENCH:-$top/build/fioring-bench}
fdp_status=${FIORING_HELPERS:-$top/build/tests/helpers}/fdp_status
busybox=/bin/busybox
guest=$top/tests/vm/guest
# with the guest tests' own (tests/vm/guest/lib/*.sh), all in /tests/lib
shared="$top/tests/lib/common.sh $top/tests/lib/kmsg.sh $(ls "$guest"/lib/*.sh)"

die() {
	echo "vm-initramfs: $*" >&2
	exit 1
}

[ -x "$fio" ] || die "no fio binary at $fio (run make)"
ldd "$busybox" 2>&1 | grep -q "not a dynamic executable" ||
	die "$busybox is not busybox-static (apt-get install busybox-static)"
jq=$(command -v jq) || die "no jq (apt-get install jq)"

# The engine and the harness are optional: without them the guest still
# boots and its tests report what is missing.
bins="$fio $jq"
[ -f "$engine" ] && bins="$bins $engine"
[ -x "$bench" ] && bins="$bins $bench"
[ -x "$fdp_status" ] && bins="$bins $fdp_status"
# fio's own passthrough examples, run as they are by tests/vm/guest/examples.sh
examples=$(ls "$(dirname "$fio")"/examples/uring-cmd-*.fio 2>/dev/null || :)

if [ "${KEY:-0}" = 1 ]; then
	{
		cat "$kdir/version"
		sha256sum "$0" "$top/scripts/vm-boot.sh" "$top/scripts/vm-lock.sh" "$busybox" $bins "$kdir"/modules/* \
			"$guest"/lib/init "$guest"/*.sh $shared $examples | awk '{ print $1 }'
	} | sha256sum | cut -c1-16
	exit 0
fi

root=$out.root
rm -rf "$root"
mkdir -p "$root/bin" "$root/lib/fioring-modules" "$root/tests" "$root/fioring" \
	"$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/run" "$root/root"

cp "$busybox" "$root/bin/busybox"
for app in $("$busybox" --list); do
	[ -e "$root/bin/$app" ] || ln -s busybox "$root/bin/$app"
done
ln -s bin "$root/sbin"
mkdir -p "$root/usr"
ln -s ../bin "$root/usr/bin"
ln -s ../bin "$root/usr/sbin"

cp "$kdir"/modules/* "$root/lib/fioring-modules/"

# Each binary and library at its host path, so the loader finds them.
copy_with_libs() {
	for lib in $(ldd "$1" 2>/dev/null | awk '/=> \// { print $3 } /^\t\// { print $1 }'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
for b in $bins; do
	copy_with_libs "$b"
done
cp "$fio" "$root/bin/fio"
cp "$jq" "$root/bin/jq"
[ -f "$engine" ] && cp "$engine" "$root/fioring/libfioring.so"
[ -x "$bench" ] && cp "$bench" "$root/fioring/fioring-bench"
[ -x "$fdp_status" ] && cp "$fdp_status" "$root/bin/fdp_status"

mkdir -p "$root/tests/lib"
cp $shared "$root/tests/lib/"
cp "$guest"/*.sh "$root/tests/"
mkdir -p "$root/examples"
[ -z "$examples" ] || cp $examples "$root/examples/"
cp "$guest"/lib/init "$root/init"
chmod 0755 "$root/init"

(cd "$root" && find . | LC_ALL=C sort | cpio --quiet -o -H newc --reproducible) |
	gzip -1 >"$out.$$.tmp"
mv "$out.$$.tmp" "$out"
rm -rf "$root"
