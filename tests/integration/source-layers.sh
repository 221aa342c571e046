#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# source-layers.sh: no file of harness/ includes a header of a layer above
# its own (scripts/check-layers.sh).  The checker is first shown a small
# tree with one of each mistake it must name, file:line: an include from a
# higher layer, one from a peer (kernel and fio), one without its folder,
# and a file in a folder that is no layer; a tree whose includes all go
# down passes.

. "$(dirname "$0")/../lib/common.sh"

check=$FIORING_TOP/scripts/check-layers.sh
t=$T_TMP/tree
mkdir -p $t/lib $t/kernel $t/fio $t/report $t/cli $t/misc
printf '#include <stdio.h>\n' >$t/lib/a.h
printf '#include "lib/a.h"\n#include "kernel/k.h"\n#include "sweep/s.h"\n' >$t/kernel/k.c
printf '/* peer */\n#include "kernel/k.h"\n' >$t/fio/f.c
printf '#include "results/r.h"\n#include "r.h"\n' >$t/report/r.c
printf '#include "report/r.h"\n#include "sweep/s.h"\n#include "lib/a.h"\n' >$t/cli/c.c
printf '#include "lib/a.h"\n' >$t/misc/m.c

exits_with 1 "$T_TMP/out" sh "$check" "$t"
said "$T_TMP/out" \
	"$t/kernel/k.c:3: kernel includes \"sweep/s.h\", from the higher layer sweep" \
	"$t/fio/f.c:2: fio includes \"kernel/k.h\", from its peer kernel" \
	"$t/report/r.c:2: includes \"r.h\" without its layer's folder" \
	"$t/misc/m.c: in 'misc', which is no layer (lib, kernel, fio, results, store, sweep, report, cli)"
[ "$(wc -l <"$T_TMP/out")" -eq 4 ] || fail "more than the four mistakes named"

rm -r $t/misc $t/fio/f.c $t/kernel/k.c
sed -i '2d' $t/report/r.c
sh "$check" "$t" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; fail "a tree whose includes go down is refused"; }

sh "$check" || fail "harness/ includes a header of a higher layer"
exit 0
