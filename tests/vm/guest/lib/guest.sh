# SPDX-License-Identifier: GPL-2.0
#
# guest.sh: sourced by the guest tests (/tests/*.sh in the NVMe testbed).
# Result helpers, the NVMe topology read from sysfs (device numbering
# changes between boots, so nothing is assumed), and fio runs through the
# fioring engine that return fio's JSON.  The host tests' tests/lib/common.sh
# is not used: it leans on the host's tree and tools, which the guest's
# busybox initramfs does not have.

set -u

ENGINE=/fioring/libfioring.so
T_TMP=$(mktemp -d /tmp/guest.XXXXXX)

skip() {
	echo "SKIP: $*"
	exit 77
}

fail() {
	echo "FAIL: $*"
	exit 1
}

pass() {
	echo "PASS: $*"
	exit 0
}

multipath() {
	cat /sys/module/nvme_core/parameters/multipath
}

# ng_nsid NG: the namespace id behind a generic device (ngXnY names the same
# namespace as the block disk nvmeXnY beside it in sysfs)
ng_nsid() {
	dir=$(dirname "$(readlink -f "/sys/class/nvme-generic/$1")")
	cat "$dir/nvme${1#ng}/nsid"
}

# ng_of_nsid NSID: the /dev paths of every generic device of namespace
# NSID, one a line (one with native multipath, one per controller without)
ng_of_nsid() {
	for g in /sys/class/nvme-generic/ng*; do
		[ -e "$g" ] || continue
		n=$(basename "$g")
		[ "$(ng_nsid "$n")" = "$1" ] && echo "/dev/$n"
	done
}

# head_paths DISK: the sysfs directories of the hidden path disks
# (nvmeXcZnY) of the native multipath head DISK (nvmeXnY), one a line
head_paths() {
	for p in /sys/block/"$1"/multipath/*; do
		[ -e "$p" ] && echo "$p"
	done
}

# ng_ctrl NG: the controller (nvmeN) a per-controller generic device sits on
ng_ctrl() {
	basename "$(dirname "$(readlink -f "/sys/class/nvme-generic/$1")")"
}

need_engine() {
	[ -f "$ENGINE" ] || fail "no engine in the guest: $ENGINE (run make)"
}

# fio_engine OUT ARGS...: fio through the fioring engine, JSON into OUT,
# stderr in OUT.err; returns fio's exit status
fio_engine() {
	out=$1
	shift
	# the last one shows in the log of a test that timed out
	echo "fio $*" >&2
	fio --output-format=json --output="$out" --ioengine="external:$ENGINE" \
		"$@" 2>"$out.err"
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
