#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fault-sysfs-ro.sh: the harness in a mount namespace whose /sys is
# read-only (unshare -m; the host's /sys is untouched).  Every run fails
# with one line naming the setting and EROFS, `run` exits 3, nothing is
# left journaled (a refused write changed nothing), and with no --target no
# zram device is left behind: the embedded device falls back to a loop
# device, which is removed at the end.

. "$(dirname "$0")/../lib/common.sh"

command -v unshare >/dev/null || skip "no unshare"
fault_target
unshare -m true 2>/dev/null || skip "cannot make a mount namespace here"

# ro_run NAME ARGS...: fioring-bench run in a namespace with /sys read-only
ro_run() {
	name=$1
	shift
	# remount,bind changes this namespace's mount only, never the host's
	unshare -m --propagation private sh -c 'mount -o remount,bind,ro /sys || exit 99
		exec "$@"' sh "$bench" run --job "$FIORING_TOP/jobs/randread-qd1.fio" \
		--engine io_uring --repeat 1 --runtime 1 --out "$T_TMP/$name" \
		--state "$T_TMP/journal" "$@" >"$T_TMP/$name.log" 2>&1
	rc=$?
	cat "$T_TMP/$name.log"
	[ $rc -ne 99 ] || skip "cannot remount /sys read-only in a namespace"
}

ro_run target --target "$DEV" --iostats 0,1
[ $rc -eq 3 ] || fail "exit $rc with a read-only sysfs, want 3"
n=$(grep -c "^\[[12]/2\] .*FAILED: cannot set iostats=[01] on ${DEV#/dev/}: Read-only file system" \
	"$T_TMP/target.log")
[ "$n" -eq 2 ] || fail "$n of 2 runs say which setting the read-only sysfs refused"
# and the two warm-up runs before them, each as what it is
n=$(grep -c "^\[warm-up [12]/2\] .*FAILED: cannot set iostats=0 .*(not recorded)$" "$T_TMP/target.log")
[ "$n" -eq 2 ] || fail "$n of 2 warm-up runs say the read-only sysfs refused them"
grep -q "^fioring-bench run: 2 runs (2 failed) and 2 warm-up (2 failed) in " "$T_TMP/target.log" ||
	fail "the end line does not count the 2 failed warm-up runs apart"
grep -q 'could not restore' "$T_TMP/target.log" && fail "restore failed on settings never changed"
[ ! -s "$T_TMP/journal" ] || fail "journal not empty: $(cat "$T_TMP/journal")"
[ "$(cat $q)" = "$orig" ] || fail "queue/iostats is $(cat $q), was $orig"
findmnt -no OPTIONS /sys | grep -q '^rw' || fail "the host's /sys became read-only"

zram_before=$(ls /sys/block | grep -c '^zram')
loops_before=$(losetup -a | wc -l)
ro_run embedded --iostats 1
[ $rc -eq 3 ] || fail "embedded: exit $rc with a read-only sysfs, want 3"
grep -q 'made /dev/loop' "$T_TMP/embedded.log" || fail "embedded: no loop device fallback"
[ "$(ls /sys/block | grep -c '^zram')" -eq "$zram_before" ] || fail "a zram device was left behind"
[ "$(losetup -a | wc -l)" -eq "$loops_before" ] || fail "the embedded loop device was left behind"
[ ! -s "$T_TMP/journal" ] || fail "embedded: journal not empty: $(cat "$T_TMP/journal")"
echo "read-only sysfs: runs refused with EROFS, exit 3, nothing left changed"
exit 0
