#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-lock.sh: the testbed's measurement lock (scripts/vm-lock.sh) keeps an
# "alone" guest test from overlapping any other, lets "shared" ones overlap
# each other, and dies with its holder.  Two lock servers, as two guests'
# qemu would run them, each on a channel of FIFOs that this test holds
# read-write as qemu does, with a lock file of their own (TMPDIR), so a
# testbed running beside it is not touched.

. "$(dirname "$0")/../lib/common.sh"

export TMPDIR=$T_TMP
lock=$FIORING_TOP/scripts/vm-lock.sh
for g in a b; do
	mkfifo "$T_TMP/$g.in" "$T_TMP/$g.out"
done
exec 3<>"$T_TMP/a.out" 4<>"$T_TMP/a.in" 5<>"$T_TMP/b.out" 6<>"$T_TMP/b.in"
sh "$lock" "$T_TMP/a" &
a=$!
sh "$lock" "$T_TMP/b" &
b=$!
trap 'kill $a $b 2>/dev/null; pkill -P $a; pkill -P $b' EXIT

# answered FD SECONDS: the server's answer on FD within SECONDS is "go"
answered() {
	[ "$(timeout "$2" head -n 1 <&"$1")" = go ]
}

echo alone >&3
answered 4 5 || fail "guest a asked to run alone and got no answer in 5 s"
echo shared >&5
answered 6 1 && fail "guest b was let run while guest a ran alone"
echo done >&3
answered 6 5 || fail "guest b got no answer in 5 s once guest a was done"
echo alone >&3
answered 4 1 && fail "guest a was let run alone while guest b ran"
echo done >&5
answered 4 5 || fail "guest a got no answer in 5 s once guest b was done"
echo done >&3

echo shared >&3
answered 4 5 || fail "guest a asked for a shared run and got no answer in 5 s"
echo shared >&5
answered 6 5 || fail "two shared runs did not overlap: guest b waited for guest a"
echo done >&3
echo done >&5

# a guest that dies alone holds nothing: its server goes with its qemu
echo alone >&3
answered 4 5 || fail "guest a asked to run alone and got no answer in 5 s"
pkill -P $a
kill $a
wait $a 2>/dev/null
echo alone >&5
answered 6 5 || fail "guest a's server was killed holding the lock, and guest b still waits"
pass "alone excludes shared and alone, shared runs overlap, a dead holder frees the lock"
