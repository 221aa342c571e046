#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-restore-refused.sh: a teardown that cannot put a setting back says
# so.  The sweep runs in a mount namespace of its own (unshare -m); once
# its fio has the device open, /sys is remounted read-only in that
# namespace only (nsenter; the host's /sys is untouched), so putting
# queue/iostats back fails with EROFS, and so does putting back the unbound
# workqueue cpumask a pinned sweep of a loop device binds to the jobs' CPUs.
# Twice: at the end of a sweep, and when it is stopped by SIGINT.  Each
# time `run` names both settings, the value each was left at and the one it
# should have gone back to, says it could not restore every setting, exits
# 1 (not 130 after the signal, and never "settings restored"), and the
# journal keeps those two settings alone; `fioring-bench restore` then puts
# them back and empties the journal.

. "$(dirname "$0")/../lib/common.sh"

command -v unshare >/dev/null && command -v nsenter >/dev/null ||
	skip "no unshare or nsenter"
fault_target
unshare -m true 2>/dev/null || skip "cannot make a mount namespace here"
state=$T_TMP/journal
# a pinned sweep of a loop device binds the unbound workqueues too
wq=/sys/devices/virtual/workqueue/cpumask
wq_orig=$(cat "$wq")
# a failed check must not leave the settings changed with their journal gone
at_exit "\"$bench\" restore --state \"$state\""

# refused NAME ARGS...: a sweep whose /sys turns read-only under it; sets rc
refused() {
	name=$1
	shift
	unshare -m --propagation private "$bench" run --target "$DEV" \
		--job "$FIORING_TOP/jobs/randread-qd1.fio" --engine io_uring \
		--iostats $want --runtime 2 --out "$T_TMP/$name" --state "$state" \
		"$@" >"$T_TMP/$name.log" 2>&1 &
	pid=$!
	at_exit "kill -9 $pid"
	fio_with_open $pid "$DEV" >/dev/null || fail "$name: no fio opened $DEV"
	[ "$(cat "$q")" = $want ] || fail "$name: iostats is not set: nothing to test"
	nsenter -t $pid -m mount -o remount,bind,ro /sys ||
		skip "cannot remount /sys read-only in the sweep's namespace"
	findmnt -no OPTIONS /sys | grep -q '^rw' || fail "the host's /sys became read-only"
	[ "$name" = end ] || kill -INT $pid
	wait $pid
	rc=$?
	cat "$T_TMP/$name.log"
	[ $rc -eq 1 ] || fail "$name: exit $rc with a setting left changed, want 1"
	grep -qxF "restore: $q left at $want, not put back to $orig: Read-only file system" \
		"$T_TMP/$name.log" || fail "$name: the setting left changed is not named"
	[ "$(cat "$wq")" != "$wq_orig" ] || fail "$name: the workqueue cpumask was not bound"
	grep -qxF "restore: $wq left at $(cat "$wq"), not put back to $wq_orig: Read-only file system" \
		"$T_TMP/$name.log" || fail "$name: the workqueue cpumask left changed is not named"
	grep -q "could not restore every setting; see 'fioring-bench restore'" \
		"$T_TMP/$name.log" || fail "$name: no 'could not restore every setting'"
	grep -q 'settings restored' "$T_TMP/$name.log" && fail "$name: says 'settings restored'"
	[ "$(cat "$q")" = $want ] || fail "$name: iostats is $(cat "$q"): was it restored after all?"
	[ "$(cat "$state")" = "$(printf 'knob\t%s\t%s\nknob\t%s\t%s' "$q" "$orig" "$wq" "$wq_orig")" ] ||
		fail "$name: the journal holds '$(cat "$state")', want those two settings alone"
	"$bench" restore --state "$state" >"$T_TMP/$name.restore" 2>&1 ||
		{ cat "$T_TMP/$name.restore"; fail "$name: restore failed"; }
	[ "$(cat "$q")" = "$orig" ] || fail "$name: iostats is $(cat "$q") after restore, was $orig"
	[ "$(cat "$wq")" = "$wq_orig" ] || fail "$name: the workqueue cpumask is $(cat "$wq") after restore, was $wq_orig"
	[ ! -s "$state" ] || fail "$name: the journal is not empty after restore"
	echo "$name: '$q left at $want', exit 1, journaled until restore"
}

refused end --repeat 1
refused sigint --repeat 50
grep -q 'stopped by Interrupt; settings NOT all restored' "$T_TMP/sigint.log" ||
	fail "sigint: the signal's line does not say settings were left"
exit 0
