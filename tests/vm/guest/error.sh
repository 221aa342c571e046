#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# error.sh: a command that fails with an NVMe status goes through fio's
# normal error path.  On the zoned namespace (nsid 4) every random write
# off a zone's write pointer fails with an NVMe status: the engine must log
# it decoded (libnvme's string, not just a number), at most 8 times per
# file, and fail the I/O so that continue_on_error keeps the job going and
# counts the errors, ignore_error= naming the error (the NVMe status on fio
# 3.36+, EIO before) does the same, a write ignore list without it stops
# the job, and so does the default.

. /tests/lib/common.sh
need_ng
need_engine

ng=$(ng_of_nsid 4 | head -n 1)
[ -n "$ng" ] || fail "no generic device for nsid 4"
disk=$(dirname "$(readlink -f "/sys/class/nvme-generic/${ng#/dev/}")")/nvme${ng#/dev/ng}
[ "$(cat "$disk/queue/zoned" 2>/dev/null)" = host-managed ] ||
	skip "nsid 4 is not a zoned namespace on this kernel ($(cat "$disk/queue/zoned" 2>&1))"

job="--name=zw --filename=$ng --rw=randwrite --bs=4k --size=256k --iodepth=4"

if fio_engine "$T_TMP/stop.json" $job; then
	fail "no continue_on_error: fio exited 0 after NVMe errors"
fi
status=$(grep -m1 "^fioring: $ng: NVMe Write" "$T_TMP/stop.json.err" | sed 's/.*failed: //')
# fio 3.36 on carries device errors as they are (IO_U_F_DEVICE_ERROR), as
# its io_uring_cmd does: the NVMe status is the error, which fio does not
# count as non-fatal until ignore_error= names it, and the engine's
# errdetails decode it; older fio speaks errno only: EIO, non-fatal
if grep -q 'Device-specific error' "$T_TMP/stop.json.err"; then
	err=$(echo "$status" | sed -n 's/^status \(0x[0-9a-f]*\):.*/\1/p')
	grep -q "fio: fioring: $ng: NVMe status $err (sct=0x[0-7], sc=0x[0-9a-f]*): [A-Za-z]" \
		"$T_TMP/stop.json.err" ||
		fail "no decoded errdetails for status $err: $(tail -n 3 "$T_TMP/stop.json.err")"
	coe="--continue_on_error=all --ignore_error=,$err"
else
	grep -q 'Input/output error' "$T_TMP/stop.json.err" ||
		fail "no continue_on_error: no EIO reported by fio: $(tail -n 2 "$T_TMP/stop.json.err")"
	err=EIO
	coe="--continue_on_error=all"
fi

fio_engine "$T_TMP/coe.json" $job $coe ||
	fail "$coe: fio exited non-zero: $(head -n 3 "$T_TMP/coe.json.err")"
errs=$(jqr "$T_TMP/coe.json" '.jobs[0].total_err')
[ "$errs" -ge 32 ] || fail "$coe: $errs errors counted, want most of 64 writes"
grep -q "^fioring: $ng: NVMe Write of 4096 bytes at offset [0-9]* failed: status 0x[0-9a-f]*: [A-Za-z]" \
	"$T_TMP/coe.json.err" ||
	fail "no decoded NVMe status logged: $(head -n 3 "$T_TMP/coe.json.err")"
logged=$(grep -c "^fioring: $ng: NVMe Write" "$T_TMP/coe.json.err")
[ "$logged" -eq 8 ] || fail "$logged NVMe errors logged for $errs failures, want 8"
grep -q "^fioring: $ng: more NVMe errors, not logged" "$T_TMP/coe.json.err" ||
	fail "no 'more NVMe errors' line after the first 8"

fio_engine "$T_TMP/ign.json" $job --ignore_error=,$err ||
	fail "ignore_error=,$err: fio exited non-zero: $(head -n 3 "$T_TMP/ign.json.err")"
errs2=$(jqr "$T_TMP/ign.json" '.jobs[0].total_err')
[ "$errs2" -ge 32 ] || fail "ignore_error=,$err: $errs2 errors counted, want most of 64 writes"
if fio_engine "$T_TMP/other.json" $job --ignore_error=,EILSEQ; then
	fail "ignore_error=,EILSEQ: fio exited 0, but $err is not in the list"
fi

pass "$errs ($coe) and $errs2 (ignore_error=,$err) errors counted and survived, the job stops otherwise; logged: $status"
