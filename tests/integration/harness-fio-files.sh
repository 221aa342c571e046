#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-fio-files.sh: what fio leaves behind and what it says when it
# fails.  A job with verify= makes fio save its verify state; the sweep,
# started from a directory of its own, must leave nothing there (the state
# goes to the run's raw/).  A fio that fails with an empty stderr (an
# engine's init error goes to stdout under --output-format=json) must give
# the row its reason, not "no message".

. "$(dirname "$0")/../lib/common.sh"

fault_target
cwd=$T_TMP/cwd
mkdir "$cwd" || fail "cannot make $cwd"
cat >"$T_TMP/verify.fio" <<JOB
; writes and verifies: fio saves a verify state file at the end
[vrfy]
rw=write
bs=4k
size=1M
direct=1
verify=crc32c
JOB

(cd "$cwd" && "$bench" run --target "$DEV" --job "$T_TMP/verify.fio" \
	--engine io_uring --iostats $want --repeat 1 --runtime 0 \
	--out "$T_TMP/v" --state "$T_TMP/journal") >"$T_TMP/v.log" 2>&1
rc=$?
cat "$T_TMP/v.log"
[ $rc -eq 0 ] || fail "verify sweep: exit $rc"
left=$(ls -A "$cwd")
[ -z "$left" ] || fail "the sweep left files in its cwd: $left"
ls "$T_TMP/v/raw/"*verify.state >/dev/null 2>&1 ||
	fail "no verify state in the run's raw/: $(ls "$T_TMP/v/raw")"
echo "verify job: cwd left empty, state in raw/"

# a CPU this machine does not have: io_uring_setup fails with EINVAL
# (unpinned: a pinned sweep places the SQ thread itself)
nocpu=$(getconf _NPROCESSORS_CONF)
"$bench" run --target "$DEV" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
	--engine io_uring --sqpoll 1 --unpinned --iostats $want --repeat 1 \
	--runtime 1 \
	--fio-arg=--sqthread_poll_cpu=$nocpu --out "$T_TMP/f" \
	--state "$T_TMP/journal" >"$T_TMP/f.log" 2>&1
rc=$?
cat "$T_TMP/f.log"
[ $rc -eq 3 ] || fail "failing fio: exit $rc, want 3"
[ ! -s "$T_TMP/f/raw/r0001.err" ] ||
	echo "note: fio wrote to stderr here: $(cat "$T_TMP/f/raw/r0001.err")"
row=$(awk -F, 'NR == 2 { print $4 "," $5 }' "$T_TMP/f/results.csv")
case "$row" in
failed,*"no message"*) fail "the row has no reason: $row" ;;
failed,*"Invalid argument"*) ;;
*) fail "row is '$row', want failed with fio's Invalid argument" ;;
esac
echo "failing fio: $row"
exit 0
