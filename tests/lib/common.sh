# SPDX-License-Identifier: GPL-2.0
#
# common.sh: sourced by the integration tests.  Skip/fail helpers, the block
# devices a test makes for itself (zram, loop over tmpfs) and removes on exit,
# and fio runs that return fio's JSON.

set -u

: "${FIORING_TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${FIO:?FIO is not set: run tests through make check}"
: "${FIORING_ENGINE:=$FIORING_TOP/build/libfioring.so}"

T_TMP=$(mktemp -d /tmp/fioring-test.XXXXXX)
T_CLEANUPS=

skip() {
	echo "SKIP: $*"
	exit 77
}

fail() {
	echo "FAIL: $*"
	exit 1
}

# at_exit CMD: run CMD when the test exits, newest first
at_exit() {
	T_CLEANUPS="$*; $T_CLEANUPS"
}

t_cleanup() {
	eval "$T_CLEANUPS" >/dev/null 2>&1
	rm -rf "$T_TMP"
}
trap t_cleanup EXIT
trap 'exit 1' INT TERM

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root to make block devices"
}

# zram_make SIZE: hot-adds a zram device of SIZE and sets DEV to its /dev
# path.  Not for $(...): the cleanup must be registered in this shell.
zram_make() {
	[ -e /sys/class/zram-control/hot_add ] || modprobe zram num_devices=0 2>/dev/null
	[ -e /sys/class/zram-control/hot_add ] || return 1
	id=$(cat /sys/class/zram-control/hot_add) || return 1
	at_exit "echo $id >/sys/class/zram-control/hot_remove"
	echo "$1" >/sys/block/zram$id/disksize || return 1
	DEV=/dev/zram$id
}

# loop_make SIZE [FILE]: a loop device over FILE (default: a new file in
# tmpfs); sets DEV to its /dev path.  Not for $(...), as zram_make.
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
}

# fio_json OUT ARGS...: runs fio with JSON output into OUT; fio's exit
# status is returned and its stderr kept in OUT.err
fio_json() {
	out=$1
	shift
	"$FIO" --output-format=json --output="$out" "$@" 2>"$out.err"
}

# engine_args: the command-line words that load libfioring
engine_args() {
	echo "--ioengine=external:$FIORING_ENGINE"
}

# jqr FILE FILTER: one raw value from a JSON file
jqr() {
	jq -r "$2" "$1"
}

# ratio_between X Y LO HI: succeeds when LO <= X/Y <= HI
ratio_between() {
	awk -v x="$1" -v y="$2" -v lo="$3" -v hi="$4" \
		'BEGIN { r = (y > 0) ? x / y : -1; exit !(r >= lo && r <= hi) }'
}
