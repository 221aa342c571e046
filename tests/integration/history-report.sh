#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# history-report.sh: `fioring-bench history report` on 12 synthetic sweeps
# (no fio, no device) whose IOPS fall 20% at sweep 7 while the fio version
# and queue/nr_requests change at sweep 10.  report.md names the change
# point between sweeps 6 and 7 and the setup change (fio, queue, with the
# attribute's two values) between 9 and 10, and the change of
# cpu_per_io_us as acknowledged (history ack of that metric only); each plot's data
# has the 12 sweeps with their labels; report.html, opened from disk in
# headless Chromium, renders (a screenshot that is not one flat colour)
# and every embedded plot decodes there.  Without --out it exits 2.

. "$(dirname "$0")/../lib/common.sh"

need_bench
command -v gnuplot >/dev/null || skip "gnuplot not installed (Debian package gnuplot-nox)"
command -v identify >/dev/null || skip "ImageMagick not installed (Debian package imagemagick)"
. "$(dirname "$0")/../lib/browser.sh"

synth="sh $FIORING_TOP/tests/fixtures/synth-results.sh"
d=$T_TMP
db=$d/h.db

i=1
while [ $i -le 12 ]; do
	iops=100000 fio=fio-3.33 nr=128
	[ $i -ge 7 ] && iops=80000
	[ $i -ge 10 ] && fio=fio-3.41 nr=256
	dir=$d/s$i
	$synth "$dir" $i 7 "loop0:fioring:randread:0:1:$iops:3" || fail "synth $i"
	cat >"$dir/meta.json" <<EOF
{ "id": "report-$i", "started": "2026-02-$(printf %02d $i)T00:00:00Z", "host": "h",
  "kernel": "6.1.0", "kernel_version": "#1 SMP", "fio": { "version": "$fio" },
  "embedded": "/dev/loop0",
  "devices": [ { "disk": "loop0", "embedded": "loop", "model": "loop",
    "serial": "", "firmware": "", "size_bytes": 67108864,
    "queue": { "nr_requests": "$nr", "scheduler": "none" } } ] }
EOF
	"$bench" history add --db "$db" "$dir" --label "commit=c$i" >/dev/null ||
		fail "history add $i"
	i=$((i + 1))
done

"$bench" history report --db "$db" >"$d/out" 2>&1 && fail "history report without --out exits 0"
cat "$d/out"

# "" is not a directory: it would have put the plots in /plots
"$bench" history report --db "$db" --out "" >"$d/out" 2>&1 && fail "history report --out '' exits 0"
grep -qx "fioring-bench history report: --out '': a directory" "$d/out" ||
	fail "history report --out '': not one line naming it: $(cat "$d/out")"

"$bench" history ack --db "$db" 7 --metric cpu_per_io_us --max-change 30 \
	--why "a known cost" >/dev/null || fail "history ack failed"
out=$d/report
"$bench" history report --db "$db" --out "$out" --metric iops,cpu_per_io_us ||
	fail "history report failed"
cat "$out/report.md"
grep -q 'iops: change point between sweeps 6 and 7: x0\.[78].*a regression' "$out/report.md" ||
	fail "report.md does not name the iops change point between sweeps 6 and 7"
grep -q 'iops: change point .*a regression\.' "$out/report.md" ||
	fail "report.md marks the iops change point, which no ack covers"
grep -q 'cpu_per_io_us: change point between sweeps 6 and 7: x1\.[23].*a regression, acknowledged by ack 1 (up to 30%: a known cost)\.' \
	"$out/report.md" || fail "report.md does not mark the cpu_per_io_us change point acknowledged"
grep -q 'iops: setup change between sweeps 9 and 10: fio, queue (queue: nr_requests 128 -> 256)\.' \
	"$out/report.md" || fail "report.md does not name the fio and queue changes between sweeps 9 and 10"
[ "$(wc -l <"$out/plots/trend-1-iops.dat")" -eq 12 ] || fail "the iops plot has not 12 sweeps"
grep -q '^11 .*"12 commit=c12"$' "$out/plots/trend-1-iops.dat" ||
	fail "the last sweep is not labelled with its id and commit"
for m in iops cpu_per_io_us; do
	[ -s "$out/plots/trend-1-$m.png" ] && [ -s "$out/plots/trend-1-$m.svg" ] ||
		fail "no plot of $m"
done
nimg=$(grep -o '<img ' "$out/report.html" | wc -l)
[ "$nimg" -eq 2 ] || fail "$nimg plots in report.html, want 2"

page_renders "$out/report.html" 2
pass
