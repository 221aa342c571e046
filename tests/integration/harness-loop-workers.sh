#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-loop-workers.sh: a loop device's I/O runs in kworkers of an
# unbound workqueue, so a pinned sweep of a loop target binds the unbound
# workqueues to the jobs' CPUs (/sys/devices/virtual/workqueue/cpumask).
#  - pinned: while fio runs the mask is the jobs' CPUs; meta.json and the
#    placement line say so; afterwards the mask is as before and the
#    journal empty;
#  - an SQPOLL cell: the workers follow the submitter, the SQ thread, to
#    its CPU (with two CPUs or more);
#  - --unpinned: the mask is never touched, and nothing says it was;
#  - another sweep owning the mask (its lock held): the mask is not
#    touched, and a warning says why the workers are not bound;
#  - SIGKILL mid-run: the mask stays bound, journaled, until `restore`
#    puts it back.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
wq=/sys/devices/virtual/workqueue/cpumask
[ -w "$wq" ] || skip "no writable $wq"
loop_make 64M || skip "cannot make a loop device"
dev=$DEV
orig=$(cat "$wq")
state=$T_TMP/journal
# a failed check must not leave the mask bound with its journal gone
at_exit "\"$bench\" restore --state \"$state\""

# sweep NAME ARGS...: a 2 s read sweep in the background; sets pid and,
# once fio has the device open, seen (the mask then)
sweep() {
	name=$1
	shift
	"$bench" run --target "$dev" --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --iostats 1 --repeat 1 --runtime 2 \
		--out "$T_TMP/$name" --state "$state" "$@" >"$T_TMP/$name.log" 2>&1 &
	pid=$!
	at_exit "kill -9 $pid"
	fio_with_open $pid "$dev" >/dev/null || { cat "$T_TMP/$name.log"; fail "$name: no fio opened $dev"; }
	seen=$(cat "$wq")
}

sweep pinned
wait $pid || { cat "$T_TMP/pinned.log"; fail "pinned: the sweep failed"; }
cpus=$(jq -r .placement.job_cpus "$T_TMP/pinned/meta.json")
case $cpus in
''|*[!0-9]*) fail "pinned: job_cpus '$cpus' is not one CPU (the default)" ;;
esac
want=$(printf '%x' $((1 << cpus)))
[ "$seen" = "$want" ] || fail "pinned: the mask was $seen while fio ran on CPU $cpus, want $want"
[ "$(jq -r .placement.worker_cpus "$T_TMP/pinned/meta.json")" = "$cpus" ] ||
	fail "pinned: meta.json does not say the workers were bound to CPU $cpus"
grep -q "^fioring-bench run: placement: fio jobs on CPU $cpus, loop workers on CPU $cpus[ ,]" \
	"$T_TMP/pinned.log" || fail "pinned: the placement line does not name the loop workers"
[ "$(cat "$wq")" = "$orig" ] || fail "pinned: the mask is $(cat "$wq") after the sweep, was $orig"
[ ! -s "$state" ] || fail "pinned: the journal is not empty after the sweep"

if [ "$(jq -r '.placement.sq_cpu // empty' "$T_TMP/pinned/meta.json")" != "" ]; then
	sq=$(jq -r .placement.sq_cpu "$T_TMP/pinned/meta.json")
	sweep sqpoll --sqpoll 1
	wait $pid || { cat "$T_TMP/sqpoll.log"; fail "sqpoll: the sweep failed"; }
	[ "$seen" = "$(printf '%x' $((1 << sq)))" ] ||
		fail "sqpoll: the mask was $seen while fio ran with its SQ thread on CPU $sq"
	grep -q "loop workers on CPU $cpus (under SQPOLL on the SQ thread's), SQ threads on CPU $sq" \
		"$T_TMP/sqpoll.log" || fail "sqpoll: the placement line does not say the workers follow the SQ thread"
	[ "$(cat "$wq")" = "$orig" ] || fail "sqpoll: the mask is $(cat "$wq") after the sweep, was $orig"
else
	echo "one CPU: no SQ thread CPU of its own to follow"
fi

sweep unpinned --unpinned
wait $pid || { cat "$T_TMP/unpinned.log"; fail "unpinned: the sweep failed"; }
[ "$seen" = "$orig" ] || fail "unpinned: the mask was $seen while fio ran, was $orig"
[ -z "$(jq -r .placement.worker_cpus "$T_TMP/unpinned/meta.json")" ] ||
	fail "unpinned: meta.json names bound workers"
grep -q 'loop workers' "$T_TMP/unpinned.log" && fail "unpinned: the log names loop workers"

# a second sweep must not journal the first one's mask as the value to
# put back: while another holds the lock, the mask is left alone
exec 9>"/run/fioring/workqueue-cpumask.lock"
flock -n 9 || skip "another sweep owns the workqueue cpumask now"
sweep locked
wait $pid || { cat "$T_TMP/locked.log"; fail "locked: the sweep failed"; }
exec 9>&-
[ "$seen" = "$orig" ] || fail "locked: the mask was $seen while fio ran, another sweep owned it ($orig)"
grep -q "warning: another sweep owns the unbound workqueue cpumask" "$T_TMP/locked.log" ||
	fail "locked: no warning that another sweep owns the mask"
[ -z "$(jq -r .placement.worker_cpus "$T_TMP/locked/meta.json")" ] ||
	fail "locked: meta.json names bound workers"

sweep killed
kill -9 $pid
wait $pid 2>/dev/null
[ "$(cat "$wq")" = "$want" ] || fail "killed: the mask is $(cat "$wq"), the sweep had bound it to $want"
grep -q "$wq" "$state" || fail "killed: the journal does not hold the mask"
"$bench" restore --state "$state" >"$T_TMP/restore.log" 2>&1 ||
	{ cat "$T_TMP/restore.log"; fail "killed: restore failed"; }
[ "$(cat "$wq")" = "$orig" ] || fail "killed: the mask is $(cat "$wq") after restore, was $orig"
pass "bound to $want (CPU $cpus) while pinned fio ran, $orig before, after, unpinned and after restore"
