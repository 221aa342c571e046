#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fio-source.sh BUILDDIR VERSION: gets fio VERSION's source from the Debian
# archive into BUILDDIR/fio-src/fio-VERSION, configures it and prints the
# tree's path.  A tree that is already there is reused, with no network.
#
# Where it comes from, both through a private apt index (apt-private.sh):
# - the machine's suite carries VERSION (3.33 on bookworm): Debian's source
#   package, with apt-get source (apt checks the .dsc's hashes against the
#   signed Sources index and dpkg-source applies Debian's patches);
# - otherwise Debian unstable's Sources lists it (3.41): upstream's tarball
#   alone, fio_VERSION.orig.tar.gz, checked by apt's own fetcher against the
#   SHA-256 that unstable's signed Sources index gives for it.  Debian's
#   .dsc and patches are not used: they are missing from some mirrors (here,
#   404), and a tree that depended on the mirror would not be one fio.

set -eu

builddir=$1 version=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$builddir/fio-src
tree=$top/fio-$version
tarball=fio_$version.orig.tar.gz

die() {
	echo "fio-source: $*" >&2
	exit 1
}

# uris APTDIR SUITE: "URI NAME SIZE SHA256:HASH" of each file of the fio
# source package that SUITE's signed Sources index lists
uris() {
	out=$(sh "$here/apt-private.sh" "$1" "$2" deb-src -- \
		source --print-uris --only-source fio 2>"$top/apt.err") ||
		die "apt-get source --print-uris fio (${2:-machine suite}) failed: $(tail -n 1 "$top/apt.err")"
	echo "$out" | sed -n "s/^'\([^']*\)' /\1 /p"
}

from_machine_suite() {
	list=$(uris "$builddir/apt" "") || exit 1
	echo "$list" | grep -q " $tarball " || return 1
	(cd "$top" && sh "$here/apt-private.sh" "$builddir/apt" "" deb-src -- \
		source --only-source fio) >&2 || die "apt-get source fio failed"
	[ -f "$tree/fio.h" ] || die "Debian's fio source package did not unpack into $tree"
}

from_unstable_tarball() {
	list=$(uris "$builddir/apt-sid" sid) || exit 1
	line=$(echo "$list" | grep " $tarball ") ||
		die "neither the machine's suite nor unstable (sid) has fio $version's source (unstable has $(echo "$list" | sed -n 's/.* fio_\([^ ]*\)\.orig\.tar\.[a-z0-9]* .*/\1/p')); use --fio-src=DIR"
	set -- $line
	uri=$1 hash=$4
	case "$hash" in
	SHA256:*) ;;
	*) die "unstable's Sources index gives no SHA-256 for $tarball" ;;
	esac
	echo "fio-source: $uri ($hash, from unstable's signed Sources index)" >&2
	# apt's fetcher refuses a file whose hash differs (exit 100)
	/usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
		"$uri" "$top/$tarball.part" "$hash" >&2 ||
		die "fetching $uri failed or its SHA-256 is not $hash"
	mv "$top/$tarball.part" "$top/$tarball"
	rm -rf "$tree.tmp"
	mkdir "$tree.tmp"
	tar -xzf "$top/$tarball" -C "$tree.tmp" || die "cannot unpack $tarball"
	[ -f "$tree.tmp/fio-$version/fio.h" ] || die "$tarball holds no fio-$version/ tree"
	mv "$tree.tmp/fio-$version" "$tree"
	rmdir "$tree.tmp"
}

if [ ! -f "$tree/fio.h" ]; then
	mkdir -p "$top"
	from_machine_suite || from_unstable_tarball
fi

if [ ! -f "$tree/config-host.h" ]; then
	# --disable-native: the binary must not fault on the next CI machine
	(cd "$tree" && ./configure --disable-native) >&2 ||
		die "fio's configure failed in $tree"
fi
echo "$tree"
