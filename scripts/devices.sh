# SPDX-License-Identifier: GPL-2.0
#
# devices.sh: sourced by the tests and the benchmark scripts.  Makes the
# block devices a run needs (zram, loop over tmpfs) and undoes everything it
# did when the shell exits.  The make functions set DEV instead of printing
# it: called in $(...) their cleanup would be registered in a subshell.

: "${T_TMP:=$(mktemp -d /tmp/fioring.XXXXXX)}"
T_CLEANUPS=

# at_exit CMD: run CMD when the shell exits, newest first
at_exit() {
	T_CLEANUPS="$*; $T_CLEANUPS"
}

t_cleanup() {
	eval "$T_CLEANUPS" >/dev/null 2>&1
	rm -rf "$T_TMP"
}
trap t_cleanup EXIT
trap 'exit 1' INT TERM

# dev_own DEV: DEV is this run's own device from now on.  Under tests/run.sh
# (which sets FIORING_TEST_DEVS) it is listed there with the time, so that
# an I/O error the kernel logs for DEV fails the test while one for another
# process's loop or zram device (or for DEV's number before) does not.
dev_own() {
	[ -z "${FIORING_TEST_DEVS:-}" ] ||
		echo "${1#/dev/} $(cut -d' ' -f1 /proc/uptime)" >>"$FIORING_TEST_DEVS"
}

# zram_remove ID: a device whose last user just exited may still be busy
zram_remove() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		echo "$1" >/sys/class/zram-control/hot_remove 2>/dev/null && return 0
		sleep 0.2
	done
	return 1
}

# zram_make SIZE: hot-adds a zram device of SIZE, sets DEV
zram_make() {
	[ -e /sys/class/zram-control/hot_add ] || modprobe zram num_devices=0 2>/dev/null
	[ -e /sys/class/zram-control/hot_add ] || return 1
	id=$(cat /sys/class/zram-control/hot_add) || return 1
	at_exit "zram_remove $id"
	echo "$1" >/sys/block/zram$id/disksize || return 1
	DEV=/dev/zram$id
	dev_own "$DEV"
}

# loop_make SIZE [FILE]: a loop device over FILE (default: a new file in
# tmpfs), sets DEV
loop_make() {
	f=${2:-}
	if [ -z "$f" ]; then
		mkdir -p "$T_TMP/tmpfs"
		if ! mountpoint -q "$T_TMP/tmpfs"; then
			# sparse backing files: only what is written takes memory
			mount -t tmpfs -o size=8g none "$T_TMP/tmpfs" || return 1
			at_exit "umount -l $T_TMP/tmpfs"
		fi
		f=$T_TMP/tmpfs/backing.$$.$(date +%N)
		truncate -s "$1" "$f" || return 1
	fi
	DEV=$(losetup --find --show --direct-io=on "$f") || return 1
	at_exit "losetup -d $DEV"
	# a loop device keeps its queue settings when detached: start from the
	# kernel's default, and leave it as it was found
	lq=/sys/block/${DEV#/dev/}/queue/iostats
	if [ "$(cat "$lq" 2>/dev/null)" = 0 ] && echo 1 >"$lq" 2>/dev/null; then
		echo "note: $DEV had queue/iostats 0 from an earlier user: 1 until this run ends" >&2
		at_exit "echo 0 >$lq"
	fi
	dev_own "$DEV"
}

# embedded_make SIZE: the default device of benchmarks: zram, else a loop
# device over tmpfs
embedded_make() {
	zram_make "$1" || loop_make "$1"
}
