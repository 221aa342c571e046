#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-journal-removed.sh: the journal's file is removed while a sweep
# runs (a cleaner of /tmp, a script's trap that takes the state directory
# with it), then the sweep is stopped by SIGTERM.  The sweep still puts
# back what it changed, queue/iostats and the unbound workqueue cpumask,
# from the journal it holds open, and exits 143 like any stopped sweep.

. "$(dirname "$0")/../lib/common.sh"

fault_target
wq=/sys/devices/virtual/workqueue/cpumask
wq_orig=$(cat "$wq")
# with the journal gone, a failed check must put the cpumask back itself
at_exit "echo $wq_orig >$wq"
mkdir "$T_TMP/state" || fail "mkdir $T_TMP/state"
fault_sweep 5 "$T_TMP/state/journal"
[ "$(cat "$q")" = "$want" ] || fail "the sweep did not set $q to $want"
wq_sweep=$(cat "$wq")
# a pinned sweep of a loop device binds the unbound workqueues too
[ "$wq_sweep" != "$wq_orig" ] || fail "the sweep did not bind $wq"
rm -r "$T_TMP/state" || fail "rm -r $T_TMP/state"
kill -TERM $pid
wait $pid
rc=$?
cat "$T_TMP/log"
[ "$(cat "$q")" = "$orig" ] || fail "$q left at $(cat "$q"), was $orig"
[ "$(cat "$wq")" = "$wq_orig" ] ||
	fail "$wq left at $(cat "$wq") (the sweep's $wq_sweep), was $wq_orig"
[ $rc -eq 143 ] || fail "exit $rc, want 143 (stopped by SIGTERM, all restored)"
grep -q 'NOT all restored' "$T_TMP/log" && fail "the sweep says it did not restore"
echo "a sweep whose journal file was removed still restores from the journal it holds"
