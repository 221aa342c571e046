#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# source-layers.sh: no file of harness/ includes a header of a layer above
# its own, no two modules include each other's headers (in harness/ and
# engines/), and no object of the harness calls a function only a higher
# layer defines (scripts/check-layers.sh).  The checker is first shown a
# small tree with one of each mistake it must name: an include from a
# higher layer, one from a peer (kernel and fio), one without its folder,
# a file in a folder that is no layer, two files that include each
# other's header (through a third), and an object that calls a function
# of a higher layer declared by hand (no include to see); a tree without
# them passes.

. "$(dirname "$0")/../lib/common.sh"

check=$FIORING_TOP/scripts/check-layers.sh
t=$T_TMP/tree
o=$T_TMP/obj
mkdir -p $t/lib $t/kernel $t/fio $t/report $t/cli $t/misc $t/results $t/sweep \
	$o/lib $o/sweep
printf '#include <stdio.h>\n' >$t/lib/a.h
printf '#include "lib/a.h"\n#include "kernel/k.h"\n#include "sweep/s.h"\n' >$t/kernel/k.c
printf '/* peer */\n#include "kernel/k.h"\n' >$t/fio/f.c
printf '#include "results/r.h"\n#include "r.h"\n' >$t/report/r.c
printf '#include "report/r.h"\n#include "sweep/s.h"\n#include "lib/a.h"\n' >$t/cli/c.c
printf '#include "lib/a.h"\n' >$t/misc/m.c
# results/x.c -> y.h; results/y.c -> z.h -> x.h: a cycle through a header
printf '#include "results/y.h"\n' >$t/results/x.c
printf '/* x */\n' >$t/results/x.h
printf '#include "results/z.h"\n' >$t/results/y.c
printf '/* y */\n' >$t/results/y.h
printf '#include "results/x.h"\n' >$t/results/z.h
# lib/u.c calls sweep_go(), declared by hand: only the objects show it
printf 'int sweep_go(void);\nint lib_u(void) { return sweep_go(); }\n' >$t/lib/u.c
printf 'int sweep_go(void) { return 1; }\n' >$t/sweep/s.c
cc -c -o $o/lib/u.o $t/lib/u.c && cc -c -o $o/sweep/s.o $t/sweep/s.c ||
	fail "cannot compile the small tree's objects with cc"

exits_with 1 "$T_TMP/out" sh "$check" "$t" "$o"
said "$T_TMP/out" \
	"$t/kernel/k.c:3: kernel includes \"sweep/s.h\", from the higher layer sweep" \
	"$t/fio/f.c:2: fio includes \"kernel/k.h\", from its peer kernel" \
	"$t/report/r.c:2: includes \"r.h\" without its layer's folder" \
	"$t/misc/m.c: in 'misc', which is no layer (lib, kernel, fio, results, store, sweep, report, cli)" \
	"$t/results/x <-> $t/results/y: each includes the other's header" \
	"$o/lib/u.o: lib calls sweep_go(), defined in the higher layer sweep (sweep/s.o)"
[ "$(wc -l <"$T_TMP/out")" -eq 6 ] || fail "more than the six mistakes named"

rm -r $t/misc $t/fio/f.c $t/kernel/k.c $t/results/z.h $o/lib/u.o
sed -i '2d' $t/report/r.c
sh "$check" "$t" "$o" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; fail "a tree whose includes go down is refused"; }

sh "$check" || fail "harness/ or engines/ breaks a rule above"
exit 0
