#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-knob-changed.sh: a row says what ran.  While a sweep runs with
# queue/iostats at one value, another process flips it: that run's row is
# "failed", naming the setting and both values, not an "ok" row labelled
# with a setting it did not have; the next repeat, set afresh, is ok; the
# sweep exits 3 (some runs failed) and puts the setting back.  The ok
# rows' fio_version is the one fio's JSON names.

. "$(dirname "$0")/../lib/common.sh"

fault_target
fault_sweep 2 "$T_TMP/journal"
echo "$orig" >"$q"
wait $pid
rc=$?
cat "$T_TMP/log"
[ $rc -eq 3 ] || fail "exit $rc, not 3 (some runs failed)"
rows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["repeat"] "|" $c["status"] "|" $c["error"] "|" $c["fio_version"] }' \
	"$T_TMP/out/results.csv")
echo "$rows"
echo "$rows" | grep -qx "1|failed|queue/iostats changed during the run: $want at the start and $orig at the end|$("$FIO" --version)" ||
	fail "the run whose setting changed is not failed with the reason"
echo "$rows" | grep -qx "2|ok||$("$FIO" --version)" || fail "the next repeat is not ok"
[ "$(cat "$q")" = "$orig" ] || fail "$q left at $(cat "$q"), was $orig"
echo "a setting changed mid-run fails its row; the next repeat is ok"
