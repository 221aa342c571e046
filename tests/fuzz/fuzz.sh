#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh [TARGET...]: runs each libFuzzer target (build/fuzz/NAME.fuzz, made
# by `make fuzz-build`) for FUZZ_SECONDS (default 10) from its seed corpus
# tests/fuzz/corpus/NAME/, and prints how many inputs each ran clean.  New
# inputs go to build/fuzz/corpus/NAME (kept between runs), a crashing one
# to build/fuzz/crash/; any crash, leak or timeout fails the run.  Exit 0,
# 1, or 77 when the targets are not built (no clang).

set -u

top=${FIORING_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
secs=${FUZZ_SECONDS:-10}
fz=$top/build/fuzz

if [ $# -gt 0 ]; then
	targets="$*"
else
	targets=$(cd "$top/tests/fuzz" && ls *.c | sed 's/\.c$//')
fi

failed=0
for t in $targets; do
	bin=$fz/$t.fuzz
	seeds=$top/tests/fuzz/corpus/$t
	[ -x "$bin" ] || { echo "SKIP: $bin is not built (make fuzz-build needs clang)"; exit 77; }
	[ -d "$seeds" ] || { echo "FAIL: $t has no seed corpus in $seeds"; exit 1; }
	mkdir -p "$fz/corpus/$t" "$fz/crash"
	log=$fz/$t.log
	# -timeout: one input taking 10 s is a hang; -rss_limit_mb: a
	# parser that eats a GiB on a small file is a bug too
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
		-print_final_stats=1 -artifact_prefix="$fz/crash/$t-" \
		"$fz/corpus/$t" "$seeds" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ $rc -ne 0 ] || [ -z "$runs" ]; then
		echo "FAIL: $t (exit $rc) after ${runs:-?} runs; input in $fz/crash/:"
		grep -E 'ERROR|runtime error|SUMMARY|Test unit written' "$log" | head -n 10
		failed=1
		continue
	fi
	printf '%-16s %10s runs clean in %ss, corpus %s inputs\n' "$t" "$runs" "$secs" \
		"$(ls "$fz/corpus/$t" | wc -l)"
done
exit $failed
