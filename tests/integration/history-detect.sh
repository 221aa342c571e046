#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# history-detect.sh: `fioring-bench history detect` on seeded synthetic
# sweeps (no fio, no device) added to temporary databases.  A steady
# series of 14 sweeps with a kernel change halfway gives no change point,
# names the setup change and exits 0; a series whose IOPS fall 20% at
# sweep 9, where its meta.json says the kernel changed, gives the change
# point between sweeps 8 and 9 with their labels, says it is at the setup
# change (kernel), calls it a regression of iops and of cpu_per_io_us and
# exits 1 (sweep 9 is one of the last 6 of 14), or 0 with --since 5;
# a drop where the device's queue/ settings changed is put at that setup
# change, naming the attribute, and sweeps of an older harness that
# recorded no queue/ make no setup change; so is a rise where the kernel
# command line, a CPU mitigation and a config option changed, naming the
# parameters, the setting and the option (in --json too); the same seed prints the same;
# 6 sweeps exit 3 naming how many are needed; bad arguments exit 2.
# history ack: an ack at the change (or one sweep off) covering every
# metric makes detect mark all four and exit 0; one of iops only leaves
# the others failing; one accepting less than the change does not cover
# it; one where no change is found is said; dropped, the failure is back;
# bad ack arguments exit 2, naming what is wrong.  --json writes what
# detect printed (change point, ack, idle ack, exit status); an unwritable
# file exits 2 naming it.

. "$(dirname "$0")/../lib/common.sh"

need_bench
synth="sh $FIORING_TOP/tests/fixtures/synth-results.sh"
d=$T_TMP

# sweep DB N IOPS KERNEL [QUEUE [SYSTEM]]: sweep N (1-based; its seed and
# day) of one cell of the embedded loop device, its queue/ as found QUEUE
# and meta.json's system SYSTEM (JSON members; none: no record), added to
# DB with the label commit=cN
sweep() {
	queue= system=
	[ -n "${5:-}" ] && queue=", \"queue\": { $5 }"
	[ -n "${6:-}" ] && system=", \"system\": { $6 }"
	dir=$d/$1-$2
	$synth "$dir" "$2" 9 "loop0:fioring:randread:0:1:$3:3" || fail "synth $1-$2"
	day=$(printf %02d "$2")
	cat >"$dir/meta.json" <<EOF
{ "id": "detect-$1-$2", "started": "2026-01-${day}T00:00:00Z", "host": "h",
  "kernel": "$4", "kernel_version": "#1 SMP", "embedded": "/dev/loop0",
  "devices": [ { "disk": "loop0", "embedded": "loop", "model": "loop",
    "serial": "", "firmware": "", "size_bytes": 67108864 $queue } ] $system }
EOF
	"$bench" history add --db "$d/$1.db" "$dir" --label "commit=c$2" \
		>"$d/add.out" 2>&1 || { cat "$d/add.out"; fail "history add $1-$2"; }
}

# hist SUB DB WANT [ARG...]: history SUB into $d/out, its exit status WANT
hist() {
	sub=$1 db=$2 want=$3
	shift 3
	"$bench" history "$sub" --db "$d/$db.db" "$@" >"$d/out" 2>&1
	rc=$?
	cat "$d/out"
	[ "$rc" -eq "$want" ] || fail "history $sub $db $*: exit $rc, want $want"
}
detect() { hist detect "$@"; }
ack() { hist ack "$@"; }

i=1
while [ $i -le 14 ]; do
	k=6.1.0
	[ $i -ge 8 ] && k=6.5.0
	sweep steady $i 100000 $k
	k=6.1.0 iops=100000
	[ $i -ge 9 ] && k=6.5.0 iops=80000
	sweep step $i $iops $k
	[ $i -le 6 ] && sweep short $i 100000 6.1.0
	q= iops=100000
	[ $i -ge 4 ] && q='"scheduler": "none", "read_ahead_kb": "128"'
	[ $i -ge 10 ] && q='"scheduler": "none", "read_ahead_kb": "4096"' iops=80000
	sweep queue $i $iops 6.5.0 "$q"
	m= iops=100000
	[ $i -ge 4 ] && m='"cmdline": "quiet mitigations=auto", "settings": { "cpu.smt": "on",
		"vuln.spectre_v2": "Mitigation: Retpolines; STIBP: disabled" },
		"kconfig": { "CONFIG_HZ": "250", "CONFIG_PROVE_LOCKING": "y" }'
	[ $i -ge 10 ] && m='"cmdline": "mitigations=off quiet", "settings": { "cpu.smt": "on",
		"vuln.spectre_v2": "Vulnerable" },
		"kconfig": { "CONFIG_PROVE_LOCKING": "n", "CONFIG_HZ": "250" }' iops=120000
	sweep system $i $iops 6.5.0 "" "$m"
	i=$((i + 1))
done

echo "--- steady, a kernel change at sweep 8"
detect steady 0
grep -q 'setup change: sweep 7 \[commit=c7\] -> sweep 8 \[commit=c8\]: kernel$' "$d/out" ||
	fail "the kernel change between sweeps 7 and 8 is not named"
grep -q 'change point:' "$d/out" && fail "a change point in a steady series"
grep -q '^summary: 4 series, 4 judged, 0 change points' "$d/out" ||
	fail "steady: the summary does not count 4 series judged, no change point"

echo "--- a 20% drop at sweep 9, where the kernel changed"
detect step 1
grep -q '^  iops: 14 sweeps, 2 setups' "$d/out" || fail "step: the setup change is not said per series"
line=$(grep -A3 '^  iops:' "$d/out" | grep 'change point:') || fail "step: no change point of iops"
echo "$line" | grep -q 'sweep 8 \[commit=c8\] -> sweep 9 \[commit=c9\]: x0\.[78]' ||
	fail "step: the iops change point is not between sweeps 7 and 8 at about x0.8"
echo "$line" | grep -q 'REGRESSION, within the last 6 sweeps; at the setup change (kernel)$' ||
	fail "step: the iops change point is not a recent regression at the kernel change"
grep -A3 '^  cpu_per_io_us:' "$d/out" | grep -q 'sweep 8 \[commit=c8\] -> sweep 9 .*x1\.2.*REGRESSION' ||
	fail "step: the cpu_per_io_us rise is not a regression"
[ "$(grep -c 'change point:' "$d/out")" -eq 4 ] || fail "step: not one change point per metric"

echo "--- the same seed prints the same; --since 5 leaves the change out"
cp "$d/out" "$d/first"
detect step 1 --seed 0x66696f72696e67
cmp -s "$d/out" "$d/first" || fail "the same seed printed something else"
detect step 0 --since 5 --metric iops
grep -q 'REGRESSION$\|REGRESSION;' "$d/out" || fail "--since 5: the change point is not shown"

echo "--- acknowledged changes"
cp "$d/step.db" "$d/ack.db"
ack ack 0 commit=c8 --max-change 30 --why "kernel 6.5 costs this, accepted"
grep -q '^ack 1: sweep 8 \[commit=c8\], every cell, every metric, up to 30%: kernel 6.5 costs this, accepted$' \
	"$d/out" || fail "ack: the new ack is not described"
detect ack 0 --json "$d/ack.json"
jq -e '.summary.exit == 0 and .summary.recent_acknowledged == 4 and
	(.series | length) == 4 and .series[0].setup_changes[0].parts == ["kernel"] and
	(.series[0].change_points[0] | .after.id == 9 and .after.labels.commit == "c9" and
	 .verdict == "regression" and .recent and .setup_change == "at" and
	 .ack.id == 1 and .ack.covers and .ratio < 0.85 and .ratio_hi < 1)' "$d/ack.json" >/dev/null ||
	fail "detect --json does not say what detect printed: $(jq -c '.summary, .series[0]' "$d/ack.json")"
[ "$(grep -c 'REGRESSION, within the last 6 sweeps; at the setup change (kernel); acknowledged by ack 1 (up to 30%: kernel 6.5 costs this, accepted)$' "$d/out")" -eq 4 ] ||
	fail "ack: an ack one sweep before the change does not mark all four change points"
grep -q '^summary: 4 series, 4 judged, 4 change points, 4 regressions, 4 within the last 6 sweeps, 4 of them acknowledged$' \
	"$d/out" || fail "ack: the summary does not count 4 acknowledged"
ack ack 0 --drop 1
ack ack 0 9 --metric iops --max-change 25 --why "iops: accepted"
detect ack 1
grep 'change point:' "$d/out" | grep -q 'x0\.8.*acknowledged by ack 2' || fail "ack: iops not acknowledged"
[ "$(grep -c 'acknowledged by' "$d/out")" -eq 1 ] || fail "ack: an iops ack covers other metrics"
ack ack 0 --drop 2
ack ack 0 commit=c9 --max-change 10 --why "less than the drop"
detect ack 1
[ "$(grep -c 'larger than accepted by ack 3 (up to 10%: less than the drop)$' "$d/out")" -eq 4 ] ||
	fail "ack: a 20% change is covered by an ack of 10%"
ack ack 0 --drop 3
ack ack 0 12 --max-change 50 --why "nothing here"
detect ack 1 --json "$d/ack.json"
jq -e '.summary.exit == 1 and .idle_acks[0].id == 4 and .idle_acks[0].sweep == 12 and
	.series[0].change_points[0].ack == null' "$d/ack.json" >/dev/null ||
	fail "detect --json: the idle ack or the exit status is not there"
grep -q '^ack 4 at sweep 12 \[commit=c12\]: no change point found there (nothing here)$' "$d/out" ||
	fail "ack: an ack where no change is found is not said"
ack ack 0 --list
grep -q '^4 .* 12 .* - .* - .* 50 .* nothing here$' "$d/out" || fail "ack --list: the ack is not listed"
ack ack 2 13
grep -q -- '--why TEXT is required' "$d/out" || fail "ack: a missing --why not named"
ack ack 2 13 --why x
grep -q -- '--max-change PCT is required' "$d/out" || fail "ack: a missing --max-change not named"
ack ack 2 13 --max-change 0 --why x
ack ack 2 13 --max-change 5 --why "$(printf 'two\nlines')"
[ "$(grep -c '' "$d/out")" -eq 1 ] || fail "ack: a reason of two lines is not refused in one"
ack ack 2 commit=zzz --max-change 5 --why x
grep -q 'no sweep labelled commit=zzz' "$d/out" || fail "ack: an unknown sweep not named"
ack ack 2 13 --max-change 5 --why x --cell nosuch
ack ack 2 13 --max-change 5 --why x --metric iops,nosuch
grep -q "'nosuch': no stored sweep has this column" "$d/out" || fail "ack: an unknown metric not named"
ack ack 2 --drop 99
ack ack 2 --list 13
ack ack 2 13 14 --max-change 5 --why x
[ "$(grep -c '' "$d/out")" -eq 1 ] || fail "ack: a bad argument is not one line"
"$bench" history ack --db "$d/ack.db" --list | grep -c '^[0-9]' | grep -qx 1 ||
	fail "ack: a refused ack was stored"

echo "--- a 20% drop at sweep 10, where read_ahead_kb changed"
detect queue 1 --metric iops
grep -q '^  iops: 14 sweeps, 2 setups' "$d/out" ||
	fail "queue: not one setup change (sweeps without a queue/ record count as one)"
grep -q 'setup change: sweep 9 \[commit=c9\] -> sweep 10 \[commit=c10\]: queue$' "$d/out" ||
	fail "queue: the queue/ change between sweeps 9 and 10 is not named"
grep -q '^      queue: read_ahead_kb 128 -> 4096$' "$d/out" ||
	fail "queue: the attribute that changed is not named with both values"
grep 'change point:' "$d/out" | grep -q 'sweep 9 .* -> sweep 10 .*at the setup change (queue)$' ||
	fail "queue: the drop is not put at the queue/ change"

echo "--- a 20% rise at sweep 10, where mitigations were turned off"
detect system 0 --metric iops --json "$d/system.json"
grep -q '^  iops: 14 sweeps, 2 setups' "$d/out" ||
	fail "system: not one setup change (sweeps without a system record count as one)"
grep -q 'setup change: sweep 9 \[commit=c9\] -> sweep 10 \[commit=c10\]: cmdline, system, kconfig$' \
	"$d/out" || fail "system: the command line, system and kconfig change between sweeps 9 and 10 is not named"
grep -q '^      cmdline: -mitigations=auto +mitigations=off$' "$d/out" ||
	fail "system: the parameters that changed are not named"
grep -q '^      system: vuln.spectre_v2 Mitigation: Retpolines; STIBP: disabled -> Vulnerable$' "$d/out" ||
	fail "system: the setting that changed is not named with both values"
grep -q '^      kconfig: CONFIG_PROVE_LOCKING y -> n$' "$d/out" ||
	fail "system: the kernel config option that changed is not named with both values"
grep 'change point:' "$d/out" | grep -q 'x1\.2.*improvement; at the setup change (cmdline, system, kconfig)$' ||
	fail "system: the rise is not put at the setup change"
jq -e '.series[0].setup_changes[0] | .parts == ["cmdline", "system", "kconfig"] and .queue == null and
	.kconfig == "CONFIG_PROVE_LOCKING y -> n" and
	.cmdline == "-mitigations=auto +mitigations=off" and
	(.system | startswith("vuln.spectre_v2 "))' "$d/system.json" >/dev/null ||
	fail "system: --json does not carry the setup change: $(jq -c '.series[0].setup_changes' "$d/system.json")"

echo "--- 6 sweeps are too few"
detect short 3
grep -q 'too few sweeps to judge: 6, at least 11 needed at p 0.005' "$d/out" ||
	fail "short: the series does not say how many sweeps are needed"

echo "--- bad arguments"
detect steady 2 --p 2
detect steady 2 --p 0.001 --permutations 500
grep -q 'at least 1/p - 1' "$d/out" || fail "too few permutations for p not explained"
detect steady 2 --metric nosuch
grep -q "no stored run has a value of 'nosuch'" "$d/out" || fail "an unknown metric not named"
detect steady 2 --cell nosuch
detect steady 2 --since 0
detect steady 2 stray
detect steady 2 --json ""
detect steady 2 --json "$d/no/such/dir/d.json"
grep -q "cannot write $d/no/such/dir/d.json" "$d/out" || fail "an unwritable --json file not named"
"$bench" history report --db "$d/steady.db" --out "$d/r" --json "$d/r.json" >/dev/null 2>&1 &&
	fail "history report takes --json"
"$bench" history detect --db "$d/none.db" >"$d/out" 2>&1 && fail "a missing database exits 0"
cat "$d/out"
pass
