#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-truncated-json.sh: fio's JSON cut short (what a fio killed while
# printing, or a full disk, leaves).  A fio wrapper passes everything to
# the real fio and keeps only the first 2000 bytes of its output.  Each run
# is a failed row saying the JSON does not parse, the cut output is kept in
# raw/ for a look, `run` exits 3 and queue/iostats is put back; `report` on
# that directory still makes its report, and `gate` cannot judge it (exit 3).

. "$(dirname "$0")/../lib/common.sh"

fault_target

cat >"$T_TMP/fio-cut" <<EOT
#!/bin/sh
"$FIO" "\$@" >"$T_TMP/fio.out"
rc=\$?
head -c 2000 "$T_TMP/fio.out"
exit \$rc
EOT
chmod +x "$T_TMP/fio-cut"

out=$T_TMP/out
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats $want --repeat 2 --runtime 1 --out "$out" \
	--fio "$T_TMP/fio-cut" --state "$T_TMP/journal" >"$T_TMP/log" 2>&1
rc=$?
cat "$T_TMP/log"
[ $rc -eq 3 ] || fail "exit $rc with fio's JSON cut, want 3"
n=$(awk -F, 'NR > 1 && $4 == "failed" && $5 ~ /^fio.s JSON does not parse/' "$out/results.csv" | wc -l)
[ "$n" -eq 2 ] || fail "$n of 2 rows say fio's JSON does not parse"
[ "$(wc -c <"$out/raw/r0001.json")" -eq 2000 ] || fail "the cut output is not kept in raw/"
[ "$(cat $q)" = "$orig" ] || fail "queue/iostats is $(cat $q), was $orig"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty"

"$bench" report "$out" >"$T_TMP/report.log" 2>&1 ||
	{ cat "$T_TMP/report.log"; fail "report on a sweep of failed runs failed"; }
[ -s "$out/report.html" ] || [ -s "$out/report.md" ] || fail "report wrote no report"
# against itself, so that only the failed runs can stop it from judging
"$bench" gate --baseline "$out" "$out" >"$T_TMP/gate.log" 2>&1
grc=$?
cat "$T_TMP/gate.log"
[ $grc -eq 3 ] || fail "gate exit $grc on a sweep with no run ok, want 3 (cannot judge)"
grep -q '^CANNOT' "$T_TMP/gate.log" || fail "gate printed no CANNOT line"
echo "cut JSON: 2 failed rows, output kept, exit 3; report ok, gate exit $grc"
exit 0
