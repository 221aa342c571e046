#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# valgrind-engine.sh: the engine under valgrind's memcheck, inside fio run
# with --thread (one process, so memcheck sees the engine's I/O path):
# a plain random read/write job, a paths= job with per-path statistics over
# two loop devices on one file, and an SQPOLL job.  Any memory error or
# definite leak fails the test; tests/valgrind.supp holds fio's own leaks
# only.

. "$(dirname "$0")/../lib/common.sh"

command -v valgrind >/dev/null || skip "valgrind is not installed"
[ -f "$FIORING_ENGINE" ] || skip "the engine is not built"
ldd "$FIORING_ENGINE" | grep -q libasan && skip "a sanitized engine: valgrind and ASan do not mix"
need_root
loop_make 64M || skip "cannot make a loop device"
dev1=$DEV
loop_make 64M "$(losetup -nO BACK-FILE "$dev1")" || skip "cannot make a second loop device"
dev2=$DEV

# vg NAME ARGS...: fio under memcheck; fails the test on any error
vg() {
	name=$1
	shift
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		--suppressions="$FIORING_TOP/tests/valgrind.supp" \
		"$FIO" --thread --name="$name" --ioengine="external:$FIORING_ENGINE" \
		--bs=4k --size=16M --iodepth=8 --number_ios=4000 --randseed=1 \
		--output-format=json --output="$T_TMP/$name.json" "$@" \
		>"$T_TMP/$name.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || { cat "$T_TMP/$name.log"; fail "$name: exit $rc under memcheck"; }
	ios=$(jqr "$T_TMP/$name.json" '[.jobs[0].read.total_ios, .jobs[0].write.total_ios] | add')
	[ "$ios" -gt 0 ] || fail "$name: no I/O done"
	echo "$name: $ios I/Os, memcheck clean"
}

vg randrw --filename="$dev1" --rw=randrw
vg paths --filename="$dev1" --paths="$dev2" --path_stats="$T_TMP/paths.out" \
	--rw=randread --path_policy=latency --direct=1
jq -e '.paths | length == 2' "$T_TMP/paths.out" >/dev/null || fail "paths: no per-path statistics"
vg sqpoll --filename="$dev1" --rw=randread --sqthread_poll=1
exit 0
