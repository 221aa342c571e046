#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-knob.sh: `run --knob nomerges=0,2 --iostats 0,1` on a loop device
# made for the test crosses nomerges with iostats: cells named
# .../nomerges-0 and .../nomerges-2, their rows with knob_nomerges_req and
# knob_nomerges_eff as written and read back, the report's nomerges and
# peak profile findings, and `gate --vs knob:nomerges=0` pairing the cells;
# afterwards every queue setting is as before, and meta.json and the
# report's Setup have them as the sweep found them (the Setup the kernel
# command line, system settings and kernel config too).  An attribute that does not
# exist, a read-only one and a value the kernel refuses each stop the
# sweep with one line naming it, exit 1, no results directory and nothing
# changed.  After a SIGKILL the knob stays set until `fioring-bench
# restore` puts it back.  On zram (bio-based, no merging) the sweep, before
# its first run, and the report say the knob is not measurable there.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
loop_make 64M || skip "cannot make a loop device"
disk=${DEV#/dev/}
q=/sys/block/$disk/queue/nomerges
[ -w "$q" ] || skip "$disk has no writable queue/nomerges"
state=$T_TMP/journal
knobs "$DEV" >"$T_TMP/before"
orig=$(cat "$q")

sweep() {
	"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --iostats 0,1 --repeat 3 --runtime 1 \
		--state "$state" "$@"
}

sweep --knob nomerges=0,2 --out "$T_TMP/out" 2>"$T_TMP/log"
rc=$?
cat "$T_TMP/log"
[ $rc -eq 0 ] || fail "the sweep exited $rc"
csv=$T_TMP/out/results.csv
col() {
	awk -F, -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) print i; exit }' "$csv"
}
req=$(col knob_nomerges_req)
eff=$(col knob_nomerges_eff)
[ -n "$req" ] && [ -n "$eff" ] || fail "no knob_nomerges_req/_eff columns"
[ "$(($(wc -l <"$csv") - 1))" -eq 12 ] || fail "not 12 rows"
awk -F, -v r="$req" -v e="$eff" 'NR > 1 && ($r != $e || $4 != "ok" ||
	$2 !~ ("/nomerges-" $r "$")) { bad = 1 } END { exit bad }' "$csv" ||
	fail "a row's nomerges is not what its cell asked, or it failed"
[ "$(cut -d, -f"$req" "$csv" | sort -u | tr '\n' ' ')" = "0 2 knob_nomerges_req " ] ||
	fail "the rows do not cover nomerges 0 and 2"
[ "$(cat "$q")" = "$orig" ] || fail "nomerges is $(cat "$q") after the sweep, was $orig"
[ ! -s "$state" ] || fail "the journal is not empty after the sweep"
knobs "$DEV" | diff "$T_TMP/before" - || fail "a queue setting changed"
# meta.json keeps queue/ as the sweep found it, before it wrote any
dq() { jqr "$T_TMP/out/meta.json" ".devices[0].queue.$1"; }
[ "$(dq nomerges)" = "$orig" ] && [ "$(dq read_ahead_kb)" = "$(cat "${q%/*}/read_ahead_kb")" ] ||
	fail "meta.json's queue/ record is not the queue as found: $(jqr "$T_TMP/out/meta.json" .devices)"

"$bench" report "$T_TMP/out" >"$T_TMP/report.out" 2>&1 ||
	{ cat "$T_TMP/report.out"; fail "report failed"; }
grep -Eq "^  (DIFFER|NO DIFFERENCE|CANNOT JUDGE) +nomerges=2 against nomerges=0: IOPS [0-9.]+ \[.*\], CPU per I/O .* \((DIFFER|no measurable difference|CANNOT JUDGE: wider than \+-5%; more runs narrow it)\) on $disk" \
	"$T_TMP/report.out" || { cat "$T_TMP/report.out"; fail "no nomerges finding"; }
grep -Eq "^  (DIFFER|NO DIFFERENCE|CANNOT JUDGE) +peak profile iostats=0 nomerges=2 against iostats=1 nomerges=0: IOPS [0-9.]+ \[.*\], CPU per I/O .* \((DIFFER|no measurable difference|CANNOT JUDGE: wider than \+-5%; more runs narrow it)\) on $disk" \
	"$T_TMP/report.out" || { cat "$T_TMP/report.out"; fail "no peak profile finding"; }
grep -q "^queue/ of $disk as the sweep found it: .*, nomerges=$orig, .*, scheduler=" \
	"$T_TMP/out/report.md" || fail "report.md's Setup does not give queue/ as found"
grep -q "^System settings as the sweep found them: .*vm.dirty_ratio=$(cat /proc/sys/vm/dirty_ratio)" \
	"$T_TMP/out/report.md" && grep -q '^Kernel command line: ' "$T_TMP/out/report.md" ||
	fail "report.md's Setup does not give the system settings and command line as found"
if [ -r /proc/config.gz ]; then
	grep -q '^Kernel config (the options kept, from /proc/config.gz): .*CONFIG_BLOCK=y' \
		"$T_TMP/out/report.md" || fail "report.md's Setup does not give the kernel config"
fi
"$bench" gate --vs knob:nomerges=0 "$T_TMP/out" >"$T_TMP/gate.out" 2>&1
grep -q "each cell against its knob_nomerges_req=0 cell" "$T_TMP/gate.out" &&
	grep -q "nomerges-2 " "$T_TMP/gate.out" ||
	{ cat "$T_TMP/gate.out"; fail "gate --vs knob:nomerges=0 did not pair"; }

# a bio-based device (zram) merges nothing: the finding says so
if zram_make 64M && [ -w "/sys/block/${DEV#/dev/}/queue/nomerges" ]; then
	zdev=$DEV
	"$bench" run --target "$zdev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --iostats 1 --knob nomerges=0,2 --repeat 1 \
		--runtime 1 --state "$state" --out "$T_TMP/zram" >"$T_TMP/zram.log" 2>&1 ||
		{ cat "$T_TMP/zram.log"; fail "the zram sweep failed"; }
	"$bench" report "$T_TMP/zram" >"$T_TMP/zram.out" 2>&1
	grep -q "nomerges: not measurable here: ${zdev#/dev/} is bio-based" "$T_TMP/zram.out" ||
		{ cat "$T_TMP/zram.out"; fail "no 'not measurable' on zram"; }
	# and the sweep said so before its first run
	grep -q "^fioring-bench run: note: --knob nomerges not measurable on ${zdev#/dev/}: ${zdev#/dev/} is bio-based: queue/nomerges acts on requests, and it has none$" \
		"$T_TMP/zram.log" || { cat "$T_TMP/zram.log"; fail "the zram sweep did not say nomerges is not measurable there"; }
	grep "nomerges: not measurable" "$T_TMP/zram.out"
	DEV=/dev/$disk
else
	echo "no zram with queue/nomerges here: the bio-based case not shown"
fi

# refused: one line each, exit 1, nothing made or changed
sweep --knob nosuch_attr=1 --out "$T_TMP/nosuch" >"$T_TMP/nosuch.log" 2>&1
rc=$?
sweep_refused nosuch 1 "^fioring-bench run: --knob nosuch_attr: $disk has no queue/nosuch_attr$"
sweep --knob hw_sector_size=512 --out "$T_TMP/ro" >"$T_TMP/ro.log" 2>&1
rc=$?
sweep_refused ro 1 "^fioring-bench run: --knob hw_sector_size: queue/hw_sector_size of $disk is read-only$"
sweep --knob nomerges=2 --knob rq_affinity=1,bogus --out "$T_TMP/val" >"$T_TMP/val.log" 2>&1
rc=$?
sweep_refused val 1 "^fioring-bench run: --knob rq_affinity: $disk refuses queue/rq_affinity=bogus: Invalid argument$"
knobs "$DEV" | diff "$T_TMP/before" - || fail "a refused sweep left a queue setting changed"
[ ! -s "$state" ] || fail "the journal is not empty after the refusals"

# SIGKILL: nomerges stays 2 until restore puts it back
want=2
[ "$orig" = 2 ] && want=0
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats 1 --knob nomerges=$want --repeat 50 \
	--runtime 2 --out "$T_TMP/kill" --state "$state" >"$T_TMP/kill.log" 2>&1 &
pid=$!
at_exit "kill -9 $pid"
i=0
until [ "$(cat "$q")" = $want ] && pgrep -f -- "--filename=$DEV" >/dev/null; do
	i=$((i + 1))
	[ $i -lt 200 ] || { cat "$T_TMP/kill.log"; fail "the sweep did not start"; }
	sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null
[ "$(cat "$q")" = $want ] || fail "SIGKILL: nomerges is not left changed: nothing to test"
i=0
while pgrep -f -- "--filename=$DEV" >/dev/null; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "fio outlived the killed sweep by 20 s"
	sleep 0.1
done
"$bench" restore --state "$state" || fail "restore failed"
[ "$(cat "$q")" = "$orig" ] || fail "nomerges is $(cat "$q") after restore, was $orig"
knobs "$DEV" | diff "$T_TMP/before" - || fail "a queue setting changed after restore"
pass "--knob nomerges=0,2 swept, refusals one line each, SIGKILL + restore"
