#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# valgrind-harness.sh: fioring-bench under valgrind's memcheck for a short
# sweep (two cells on a loop device, the embedded-device path too, a job
# the job check refuses) and the report of it.  fio runs as the harness's child, outside memcheck.  Any
# memory error or definite leak of the harness fails the test.

. "$(dirname "$0")/../lib/common.sh"

command -v valgrind >/dev/null || skip "valgrind is not installed"
need_bench
ldd "$bench" | grep -q libasan && skip "a sanitized build: valgrind and ASan do not mix"
need_root
loop_make 64M || skip "cannot make a loop device"

# vg NAME ARGS...: fioring-bench under memcheck
vg() {
	name=$1
	shift
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		"$bench" "$@" >"$T_TMP/$name.log" 2>&1
	rc=$?
	# loop ioctls valgrind does not know are warnings, not errors: 99 is
	[ $rc -ne 99 ] || { cat "$T_TMP/$name.log"; fail "$name: memcheck errors"; }
}

vg run run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring,fioring --iostats 0,1 --repeat 1 --runtime 1 \
	--out "$T_TMP/out" --state "$T_TMP/journal"
[ $rc -eq 0 ] || { cat "$T_TMP/run.log"; fail "run: exit $rc"; }
[ "$(awk -F, 'NR > 1 && $4 == "ok"' "$T_TMP/out/results.csv" | wc -l)" -eq 4 ] ||
	fail "run: not 4 ok runs"
echo "run: 4 runs, memcheck clean"

# the job check's refusal, after fio parsed the job
printf '[own]\nrw=read\nfilename=/dev/null\n' >"$T_TMP/own.fio"
vg refused run --target "$DEV" --job "$T_TMP/own.fio" --engine io_uring \
	--iostats 1 --repeat 1 --runtime 1 --out "$T_TMP/own" --state "$T_TMP/journal"
[ $rc -eq 1 ] || { cat "$T_TMP/refused.log"; fail "refused run: exit $rc"; }
echo "refused run: memcheck clean"

vg embedded run --embedded loop --embedded-size 64M --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --iostats 1 --repeat 1 --runtime 1 --out "$T_TMP/emb" \
	--state "$T_TMP/journal"
[ $rc -eq 0 ] || { cat "$T_TMP/embedded.log"; fail "embedded run: exit $rc"; }
echo "embedded run: memcheck clean"

vg report report "$T_TMP/out"
[ $rc -eq 0 ] || { cat "$T_TMP/report.log"; fail "report: exit $rc"; }
echo "report: memcheck clean"
vg gate gate --vs io_uring "$T_TMP/out"
[ $rc -ne 99 ] || fail "gate: memcheck errors"
echo "gate (exit $rc: too few runs to judge): memcheck clean"
exit 0
