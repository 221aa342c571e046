#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# badfmt.sh: what NVMe passthrough cannot serve is refused at setup, with
# one line naming the problem, before any I/O: namespaces whose format has
# metadata (nsid 2: extended LBA; nsid 3: separate metadata with PI), block
# sizes and offsets that are not whole LBAs (nsid 1 has 4 KiB LBAs) or more
# than the controller transfers in one command (qemu: 512 KiB), and
# operations NVMe Read/Write cannot express (trim, nowait).  Each refusal
# is checked for its message and for fio's non-zero exit.

. /tests/lib/guest.sh
need_engine

# refused WHAT PATTERN FIO-ARGS...: fio must fail with a message matching PATTERN
refused() {
	what=$1 pattern=$2
	shift 2
	if fio_engine "$T_TMP/r.json" --name=bad "$@"; then
		fail "$what: fio ran (exit 0), expected a refusal"
	fi
	grep -q "$pattern" "$T_TMP/r.json.err" ||
		fail "$what: no message matching '$pattern': $(head -n 3 "$T_TMP/r.json.err")"
	grep -m1 "fioring" "$T_TMP/r.json.err"
}

n=0
for nsid in 2 3; do
	for ng in $(ng_of_nsid "$nsid"); do
		refused "nsid $nsid on $ng" 'fioring: .*metadata.*not supported' \
			--filename="$ng" --rw=read --bs=4k --size=1m
		n=$((n + 1))
	done
done
[ "$n" -ge 2 ] || fail "found $n generic devices for nsids 2 and 3, want >= 2"

ng=$(ng_of_nsid 1 | head -n 1)
refused "bs=512 on 4k LBAs" "bs=512 is not a multiple of the namespace's LBA size (4096)" \
	--filename="$ng" --rw=read --bs=512 --size=1m
refused "offset=512" "offset=512 is not a multiple" \
	--filename="$ng" --rw=read --bs=4k --size=1m --offset=512
refused "bs=4m" "bs=4194304 is larger than the largest transfer the namespace takes" \
	--filename="$ng" --rw=read --bs=4m --size=8m
refused "bsrange 2k-8k" "bs=2048 is not a multiple" \
	--filename="$ng" --rw=randwrite --bsrange=2k-8k --size=1m
refused "trim" "trim is not supported on NVMe generic devices" \
	--filename="$ng" --rw=randtrim --bs=4k --size=1m
refused "nowait" "nowait does not apply" \
	--filename="$ng" --rw=read --bs=4k --size=1m --nowait=1
refused "a char device that is not NVMe" "not an NVMe generic" \
	--filename=/dev/zero --rw=read --bs=4k --size=1m

pass "$n metadata namespaces and 7 bad jobs refused at setup"
