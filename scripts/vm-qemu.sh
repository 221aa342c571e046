#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-qemu.sh DIR: prints the qemu command the NVMe testbed runs: the
# system's qemu-system-x86_64, or a newer one from bookworm-backports
# unpacked into DIR.  Why newer: under Debian 12's qemu 7.2 the guest's NVMe
# commands now and then never complete (the guest kernel logs I/O timeouts,
# aborts and a controller reset 30 s later; seen here under SQPOLL and in the
# multipath tests, on both guest kernels), which turns tests into timeouts;
# with bookworm-backports' qemu 10.0 the same suite ran without one.  Like
# vm-kernel.sh it fetches with apt into a private index and unpacks with
# dpkg-deb -x: nothing is installed on the host.  $QEMU, when set, is used
# as it is.  When nothing newer can be had the system's qemu is printed, and
# a warning on stderr says why.

set -eu

dir=$1
top=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${QEMU:-}" ]; then
	echo "$QEMU"
	exit 0
fi

system=$(command -v qemu-system-x86_64 || true)

# major version of qemu binary $1 (with its -L arguments after it), 0 if none
major() {
	"$@" --version 2>/dev/null | sed -n '1s/^QEMU emulator version \([0-9]*\)\..*/\1/p' |
		grep . || echo 0
}

run_unpacked() {
	echo "$dir/root/usr/bin/qemu-system-x86_64 -L $dir/root/usr/share/seabios" \
		"-L $dir/root/usr/share/qemu"
}

fallback() {
	echo "vm-qemu: $*; running $system (qemu $(major $system)), whose emulated NVMe" \
		"may lose commands (guest I/O timeouts)" >&2
	echo "$system"
	exit 0
}

if [ ! -f "$dir/.complete" ]; then
	apt=$top/build/vm/apt-backports
	work=$dir.tmp
	rm -rf "$work"
	mkdir -p "$work/deb"
	(cd "$work/deb" && sh "$top/scripts/apt-private.sh" "$apt" -backports deb -- \
		download qemu-system-x86 qemu-system-data seabios) >"$work/download.log" 2>&1 ||
		{ rm -rf "$work"; [ -n "$system" ] && fallback "no qemu from bookworm-backports"; exit 1; }
	for deb in "$work"/deb/*.deb; do
		dpkg-deb -x "$deb" "$work/root"
	done
	# Its libraries are the ones Debian's own qemu-system-x86 pulls in.
	missing=$(ldd "$work/root/usr/bin/qemu-system-x86_64" | awk '/not found/ { print $1 }')
	if [ -n "$missing" ]; then
		rm -rf "$work"
		[ -n "$system" ] && fallback "bookworm-backports' qemu lacks" $missing
		echo "vm-qemu: bookworm-backports' qemu lacks $missing" >&2
		exit 1
	fi
	rm -rf "$dir" "$work/deb" "$work/download.log"
	mv "$work" "$dir"
	touch "$dir/.complete"
fi

# The newer of the two runs the guest.
if [ -n "$system" ] && [ "$(major $system)" -ge "$(major $(run_unpacked))" ]; then
	echo "$system"
else
	run_unpacked
fi
