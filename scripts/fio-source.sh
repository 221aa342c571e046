#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fio-source.sh BUILDDIR: unpacks Debian's fio source package (signature
# checked by apt) under BUILDDIR/fio-src and configures it; prints the tree's
# path.  A tree that is already there is reused.

set -eu

builddir=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$builddir/fio-src

tree=$(ls -d "$top"/fio-*/ 2>/dev/null | head -n 1)
if [ -z "$tree" ]; then
	mkdir -p "$top"
	(cd "$top" && sh "$here/apt-private.sh" "$builddir/apt" "" deb-src -- \
		source --only-source fio) >&2 ||
		{ echo "fio-source: apt-get source fio failed" >&2; exit 1; }
	tree=$(ls -d "$top"/fio-*/ | head -n 1)
fi
tree=${tree%/}

if [ ! -f "$tree/config-host.h" ]; then
	# --disable-native: the binary must not fault on the next CI machine
	(cd "$tree" && ./configure --disable-native) >&2 ||
		{ echo "fio-source: fio's configure failed in $tree" >&2; exit 1; }
fi
echo "$tree"
