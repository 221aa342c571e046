#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fio-sanitize.sh SRC DEST "FLAGS": makes DEST a second, configured copy of the
# fio source tree SRC whose compile and link flags include FLAGS (the
# sanitizers), so that the engine built with the same flags runs inside a fio
# that carries their runtime.  SRC and its build are left untouched; an
# existing DEST is configured again.

set -eu

src=$1
dest=$2
flags=$3

[ -f "$src/fio.h" ] || { echo "fio-sanitize: not a fio source tree: $src" >&2; exit 1; }

if [ ! -f "$dest/fio.h" ]; then
	mkdir -p "$dest"
	# a copy of the tree, then fio's own clean: SRC's objects and
	# configuration must not leak into the sanitized build
	cp -a "$src/." "$dest/"
fi
cd "$dest"
make -s clean >/dev/null 2>&1 || true
# fio's configure takes compile flags as an option and link flags from
# LDFLAGS in the environment; its own probes see both
LDFLAGS="$flags" ./configure --disable-native --extra-cflags="$flags"

# fio 3.33 frees a forked job's engine options in the parent right after
# the fork (backend.c, run_threads: free(eo)) and frees them again at exit
# (fio_options_free): a use after free ASan stops every run at, whatever
# the engine.  The job's thread_data is shared memory, so the pointer can
# not be cleared there without the child seeing it; the early free goes
# instead, and the one at exit stays.  backend.c is taken afresh from SRC
# each time, so this runs once on it.
cp "$src/backend.c" backend.c
n=$(grep -c '^				free(eo);$' backend.c || true)
case $n in
0) ;;	# another fio: nothing of the sort to take out
1) sed -i '/^				free(eo);$/d' backend.c ;;
*) echo "fio-sanitize: backend.c has $n early free(eo), expected 1" >&2; exit 1 ;;
esac
