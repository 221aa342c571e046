#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-fio-choice.sh: with neither --fio nor FIO, fioring-bench runs the
# fio this build's engine is built against, even with Debian's fio first in
# the PATH (it used to take the PATH's, and every fioring run then failed
# the engine's build-id check); its header and meta.json name that fio (path,
# version, build-id) and the engine.  A fio the engine is not built for is
# refused before any run, in one line, with nothing changed.

. "$(dirname "$0")/../lib/common.sh"

fault_target
fio=$(readlink -f "$FIO")
ver=$("$fio" --version)
id=$(readelf -n "$fio" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
[ -n "$id" ] || fail "$fio has no GNU build-id"

# sweep NAME ARGS...: a 1-s fioring sweep of DEV, as a user would start it
sweep() {
	name=$1
	shift
	env -u FIO -u FIORING_ENGINE PATH="/usr/bin:$PATH" "$bench" run \
		--target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine fioring --iostats $want --repeat 1 --runtime 1 \
		--out "$T_TMP/$name" --state "$T_TMP/journal" "$@" >"$T_TMP/$name.log" 2>&1
}

sweep default
rc=$?
cat "$T_TMP/default.log"
[ $rc -eq 0 ] || fail "the sweep with the default fio exited $rc, want 0"
short=$(echo "$id" | cut -c1-12)
grep -q "^fioring-bench run: fio $fio ($ver, build-id $short), engine /.*libfioring.so (build-id:[0-9a-f]*)\$" \
	"$T_TMP/default.log" || fail "the header does not name fio $fio ($ver, $short) and the engine"
meta=$T_TMP/default/meta.json
[ "$(jqr "$meta" .fio.path)" = "$fio" ] || fail "meta.json fio.path is $(jqr "$meta" .fio.path), want $fio"
[ "$(jqr "$meta" .fio.version)" = "$ver" ] || fail "meta.json fio.version is $(jqr "$meta" .fio.version)"
[ "$(jqr "$meta" .fio.build_id)" = "$id" ] || fail "meta.json fio.build_id is $(jqr "$meta" .fio.build_id), want $id"
rows=$(awk -F, 'NR > 1 && $4 == "ok" && $9 == v' v="$ver" "$T_TMP/default/results.csv" | wc -l)
[ "$rows" -eq 1 ] || fail "$rows ok fioring rows with $ver, want 1"

# Debian's fio: another build (3.33) or another version (3.41) for this engine
deb=/usr/bin/fio
[ -x $deb ] || { echo "no $deb: the foreign-fio case is not exercised"; exit 0; }
deb_id=$(readelf -n $deb | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
[ "$deb_id" != "$id" ] || { echo "$deb is this build's fio: no foreign fio to try"; exit 0; }
sweep foreign --fio $deb && fail "a sweep with $deb, which the engine is not built for, ran"
cat "$T_TMP/foreign.log"
grep -q "^fioring-bench run: $deb is not the fio that .*libfioring.so is built against, $fio (build-id $short): every fioring run would fail" \
	"$T_TMP/foreign.log" || fail "the refusal does not name both fios"
[ "$(wc -l <"$T_TMP/foreign.log")" -eq 1 ] || fail "the refusal is not one line"
[ ! -e "$T_TMP/foreign" ] || fail "the refused sweep made its results directory"
[ "$(cat "$q")" = "$orig" ] || fail "queue/iostats is $(cat "$q"), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "the refused sweep left a journal"
exit 0
