#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# install: `make install` into a staging root puts the engine where the
# dynamic linker finds a bare --ioengine=libfioring.so (fio 3.33 takes
# external:NAME only as a file path, which is tested too), and the installed
# fio, fioring-bench, job files and plot scripts work from there; then
# `make uninstall` removes every file install put there, and only those.

. "$(dirname "$0")/../lib/common.sh"
root=$T_TMP/root
# a file of someone else's where install puts the engine
mkdir -p "$root/usr/local/lib" && : >"$root/usr/local/lib/other.so"
make -s -C "$FIORING_TOP" install DESTDIR="$root" PREFIX=/usr/local \
	>"$T_TMP/make.log" 2>&1 || fail "make install: $(tail -5 "$T_TMP/make.log")"
p=$root/usr/local
for f in lib/libfioring.so bin/fioring-bench share/fioring/jobs/randread-qd32.fio \
	share/fioring/plots/iops.gp; do
	[ -f "$p/$f" ] || fail "make install did not install $f"
done

# The installed fio (when fioring built it) or the tree's: the engine runs
# only inside the fio it was built against.
fio=$FIO
[ -x "$p/bin/fio" ] && fio=$p/bin/fio
for engine in libfioring.so "external:$p/lib/libfioring.so"; do
	LD_LIBRARY_PATH=$p/lib "$fio" --name=inst --ioengine="$engine" --sqthread_poll=1 \
		--filename="$T_TMP/data" --size=4M --rw=randread --bs=4k \
		--output-format=json --output="$T_TMP/o.json" 2>"$T_TMP/err" ||
		fail "--ioengine=$engine did not load: $(cat "$T_TMP/err")"
	ios=$(jqr "$T_TMP/o.json" '.jobs[0].read.total_ios')
	[ "$ios" = 1024 ] || fail "--ioengine=$engine did $ios reads, want 1024"
	echo "installed engine: $ios reads through --ioengine=$engine"
done

"$p/bin/fioring-bench" --help >/dev/null 2>&1 || fail "installed fioring-bench --help failed"
echo "installed fioring-bench runs"

# make uninstall, with the same PREFIX and DESTDIR, removes every file
# install put there and fioring's own folders, and nothing else: a file of
# someone else's in the same lib/ stays.
find "$root" ! -type d | sort >"$T_TMP/installed"
[ -s "$T_TMP/installed" ] || fail "make install put no file in $root"
make -s -C "$FIORING_TOP" uninstall DESTDIR="$root" PREFIX=/usr/local \
	>"$T_TMP/make.log" 2>&1 || fail "make uninstall: $(tail -5 "$T_TMP/make.log")"
left=$(find "$root" ! -type d | grep -v "^$p/lib/other.so$")
[ -z "$left" ] || fail "make uninstall left: $(echo $left)"
[ -f "$p/lib/other.so" ] || fail "make uninstall removed a file it had not installed"
[ ! -e "$p/share/fioring" ] || fail "make uninstall left $p/share/fioring"
echo "make uninstall removed all $(grep -vc "^$p/lib/other.so$" "$T_TMP/installed") files install put there"
