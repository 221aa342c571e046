#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-fio-killed.sh: fio killed with SIGKILL in the middle of a run is
# that run's failure, not the sweep's: the row says "fio killed by Killed",
# the other runs go on and are ok, `run` exits 3, queue/iostats is put back
# and nothing stays journaled.  Once with fio's io_uring, once with the
# fioring engine.

. "$(dirname "$0")/../lib/common.sh"

fault_target

engines=io_uring
[ -f "$FIORING_ENGINE" ] && engines="io_uring fioring"
# --warmup 0: the first fio the harness starts is run 1
for engine in $engines; do
	out=$T_TMP/$engine
	"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine $engine --iostats $want --repeat 3 --warmup 0 --runtime 2 \
		--out "$out" --state "$T_TMP/journal" >"$T_TMP/$engine.log" 2>&1 &
	pid=$!
	at_exit "kill -9 $pid"
	# the first fio the harness starts, once it has the device open (fio
	# can take seconds to start, e.g. under ASan: no fixed sleep)
	fio=$(fio_with_open $pid "$DEV") || fail "$engine: no fio opened $DEV"
	sleep 0.3
	kill -9 "$fio"
	wait $pid
	rc=$?
	cat "$T_TMP/$engine.log"
	[ $rc -eq 3 ] || fail "$engine: exit $rc after fio was killed, want 3"
	row1=$(awk -F, 'NR == 2 { print $4 "," $5 }' "$out/results.csv")
	case "$row1" in
	"failed,fio killed by Killed"*) ;;
	*) fail "$engine: run 1 is '$row1', want failed by fio killed" ;;
	esac
	ok=$(awk -F, 'NR > 2 && $4 == "ok"' "$out/results.csv" | wc -l)
	[ "$ok" -eq 2 ] || fail "$engine: $ok of the 2 runs after the kill are ok"
	[ "$(cat $q)" = "$orig" ] || fail "$engine: queue/iostats is $(cat $q), was $orig"
	[ ! -s "$T_TMP/journal" ] || fail "$engine: journal not empty"
	echo "$engine: fio killed: run 1 failed, runs 2-3 ok, exit 3, iostats back at $orig"
done
exit 0
