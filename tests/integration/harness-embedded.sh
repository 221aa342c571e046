#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-embedded.sh: with no --target, fioring-bench run makes its own
# device (zram through zram-control, or a loop device over tmpfs when asked
# or when zram is missing), sweeps it, and removes it afterwards, leaving no
# device, mount or journal line behind.  The loop device's file is
# written in full when it is made (its first writes would pay the pages'
# first touch otherwise).  The loop device is one the kernel makes for the
# sweep and removes after it, not an idle one whose queue/ settings a
# past user left: with nomerges=2 left on the idle device `losetup -f`
# names, the sweep finds nomerges 0 on its own.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
[ -e /sys/class/zram-control/hot_add ] || modprobe zram num_devices=0 2>/dev/null

# what a past user may leave on an idle loop device, put back at exit
idle=$(losetup -f 2>/dev/null)
idle_q=/sys/block/${idle#/dev/}/queue/nomerges
if [ -w "$idle_q" ]; then
	idle_was=$(cat "$idle_q")
	at_exit "echo $idle_was >$idle_q"
	echo 2 >"$idle_q" || fail "cannot set nomerges on $idle"
fi

# sweep KIND: one 1-s run on an embedded device of KIND; prints its node
sweep() {
	"$bench" run --embedded "$1" --embedded-size 128M \
		--job "$FIORING_TOP/jobs/randread-qd1.fio" --engine io_uring \
		--iostats 1 --repeat 1 --runtime 1 --out "$T_TMP/$1" \
		--state "$T_TMP/journal" >"$T_TMP/$1.log" 2>&1 ||
		{ cat "$T_TMP/$1.log"; fail "the $1 sweep failed"; }
	cat "$T_TMP/$1.log" >&2
	jqr "$T_TMP/$1/meta.json" .embedded
}

# tmpfs_mounts: the sweeps' tmpfs mounts now, sorted; new_tmpfs: those
# added since mnt.before (other sweeps on this machine may have their own)
tmpfs_mounts() {
	grep -o "/run/fioring/tmpfs\.[0-9]*" /proc/mounts | sort
}
new_tmpfs() {
	tmpfs_mounts | comm -13 "$T_TMP/mnt.before" -
}

# watch_tmpfs: the KiB used in the tmpfs the loop sweep mounted, into
# $T_TMP/used, read as soon as it is there (within 10 s)
watch_tmpfs() {
	for i in $(seq 200); do
		m=$(new_tmpfs | head -1)
		# bound: the file is made and sized before LOOP_CONFIGURE
		if [ -n "$m" ] && grep -qs "^$m/backing" /sys/block/loop*/loop/backing_file; then
			df -k --output=used $m | tail -1 | tr -d ' ' >"$T_TMP/used"
			return
		fi
		sleep 0.05
	done
}

for kind in zram loop; do
	if [ $kind = zram ] && [ ! -e /sys/class/zram-control/hot_add ]; then
		echo "no zram here: the loop fallback is tested alone"
		continue
	fi
	# only a mount that this sweep added and left counts
	tmpfs_mounts >"$T_TMP/mnt.before"
	: >"$T_TMP/used"
	[ $kind = loop ] && watch_tmpfs &
	dev=$(sweep $kind)
	wait
	case $dev in
	/dev/$kind[0-9]*) ;;
	*) fail "the $kind sweep ran on '$dev'" ;;
	esac
	[ "$(awk -F, 'NR == 2 { print $4 }' "$T_TMP/$kind/results.csv")" = ok ] ||
		fail "the run on the embedded $kind device failed"
	name=${dev#/dev/}
	if [ $kind = zram ]; then
		[ ! -e /sys/block/$name ] || fail "$dev is still there after the sweep"
	else
		[ ! -e /sys/block/$name ] || fail "$dev is still there after the sweep"
		[ "$dev" != "$idle" ] || fail "the sweep took the idle $idle"
		[ "$(jqr "$T_TMP/$kind/meta.json" '.devices[0].queue.nomerges')" = 0 ] ||
			fail "$dev did not have the loop driver's nomerges 0 when found"
		! new_tmpfs | grep -q . ||
			fail "the loop device's tmpfs is still mounted"
		# written when made: a first write must not pay the first touch
		[ "$(cat "$T_TMP/used")" -ge 131072 ] 2>/dev/null ||
			fail "the loop device's file held $(cat "$T_TMP/used") KiB of 131072 when seen"
	fi
	[ ! -s "$T_TMP/journal" ] || fail "the journal is not empty after the $kind sweep"
	echo "$kind: swept $dev and removed it"
done
