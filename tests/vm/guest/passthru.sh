#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# passthru.sh: what shows fioring's passthrough features are real, not
# accepted and ignored (fio's examples themselves run in examples.sh):
#   - PI, for types 1, 2 and 3, extended LBA and separate metadata, PI first
#     and last: data written with host-made PI (pi_act=0) and with the
#     controller's (pi_act=1) reads back checked by the controller and the
#     host; one LBA overwritten behind fio's back with a bad guard fails the
#     read with the NVMe status decoded under pi_chk=GUARD, and reads fine
#     without it; metadata read at iodepth=4096 lands in the engine's
#     own pages, not the shared zero page;
#   - trim: ranges written, trimmed, read back as zeroes, and the driver's
#     tracepoint shows the Dataset Management commands num_range asked for;
#   - write_mode: Write Zeroes (deac) reads back zeroes, Write Uncorrectable
#     reaches the device (qemu refuses the opcode), Verify passes;
#   - zoned: zones reset by fioring take a write at their start; after a
#     zonemode=zbd sequential write the device takes a write exactly at the
#     write pointer fio left and refuses one an LBA past it.
# The namespaces are scripts/vm-boot.sh's.

. /tests/lib/common.sh
need_ng
need_engine

ng_first() {
	ng_of_nsid "$1" | head -n 1
}

# pi_rw NSID BS0 MD0 BS1 MD1 CHK WHAT: 16 blocks written and read back with
# host-made PI (pi_act=0: bs BS0, md_per_io_size MD0) and with the
# controller's (pi_act=1: BS1, MD1; with 8 bytes of metadata, all PI,
# none travels then), the fields CHK checked
# where fio's io_uring_cmd knows md_per_io_size (3.41 does, 3.33 not) it checks
# fioring's PI and corrupts it behind fioring's back; before, fioring itself
# writes the bad PI (pi_act=0 without pi_chk: all zeroes)
ref_pi=
fio --enghelp=io_uring_cmd 2>/dev/null | grep -q md_per_io_size && ref_pi=1

pi_rw() {
	dev=$(ng_first "$1")
	for act in 0 1; do
		if [ $act = 0 ]; then bs=$2 md=$3; else bs=$4 md=$5; fi
		a="--filename=$dev --bs=$bs --size=$((bs * 16)) --md_per_io_size=$md --pi_act=$act
		--pi_chk=$6 --apptag=0x0888 --apptag_mask=0xffff"
		fio_engine "$T_TMP/p$1$act.json" --name=pw $a --rw=write --name=pr $a --rw=read \
			--stonewall ||
			fail "PI $7, pi_act=$act on $dev: $(head -n 3 "$T_TMP/p$1$act.json.err")"
		# fio's io_uring_cmd checks the host-made PI the same way
		[ $act = 1 ] || [ -z "$ref_pi" ] || ref_fio --name=pr --ioengine=io_uring_cmd --cmd_type=nvme $a --rw=read \
			>"$T_TMP/pref.out" 2>&1 ||
			fail "PI $7: fio's io_uring_cmd rejects the PI fioring made on $dev: $(grep -m2 -i 'err\|tag\|guard' "$T_TMP/pref.out")"
	done
	echo "PI $7 on $dev: pi_act=0 and 1 written and read, $6 checked, host-made PI${ref_pi:+ accepted by io_uring_cmd}"
}
pi_rw 2 4160 0 4160 0 GUARD,REFTAG,APPTAG "type 1, extended 4096+64"
pi_rw 3 4096 64 4096 64 GUARD,REFTAG,APPTAG "type 1, separate 64 per 4096"
pi_rw 5 4160 0 4096 0 GUARD,REFTAG,APPTAG "type 2, extended 512+8, PI first"
pi_rw 6 4096 128 4096 128 GUARD,APPTAG "type 3 (no reference tag), separate 16 per 512"

# PI: host-made PI written and checked (nsid 3, separate metadata, type 1)
ng=$(ng_first 3)
pi="--md_per_io_size=64 --pi_act=0 --apptag=0x0888 --apptag_mask=0xffff --bs=4k --size=64k"
fio_engine "$T_TMP/piw.json" --name=piw --filename="$ng" --rw=write $pi \
	--pi_chk=GUARD,REFTAG,APPTAG || fail "PI write on $ng: $(head -n 3 "$T_TMP/piw.json.err")"
fio_engine "$T_TMP/pir.json" --name=pir --filename="$ng" --rw=read $pi \
	--pi_chk=GUARD,REFTAG,APPTAG || fail "PI read on $ng: $(head -n 3 "$T_TMP/pir.json.err")"
# behind fio's back: one LBA rewritten with PI the controller does not check
# (no pi_chk): its guard no longer matches its data
bad="--name=bad --filename=$ng --rw=write --md_per_io_size=64 --pi_act=0 --bs=4k --size=4k
	--offset=8k --buffer_pattern=0x55"
if [ -n "$ref_pi" ]; then
	fio --ioengine=io_uring_cmd --cmd_type=nvme $bad
else
	fio --ioengine=external:$FIORING_ENGINE $bad
fi >"$T_TMP/bad.out" 2>&1 || fail "corrupting LBA 2 of $ng: $(tail -n 2 "$T_TMP/bad.out")"
if fio_engine "$T_TMP/pic.json" --name=pic --filename="$ng" --rw=read $pi --pi_chk=GUARD; then
	fail "PI: a read over a bad guard passed under pi_chk=GUARD"
fi
grep -q "fioring: $ng: NVMe Read of 4096 bytes at offset 8192 failed: status 0x[0-9a-f]*: .*Guard" \
	"$T_TMP/pic.json.err" ||
	fail "PI: no decoded guard check error: $(head -n 3 "$T_TMP/pic.json.err")"
pistatus=$(grep -m1 "NVMe Read" "$T_TMP/pic.json.err" | sed 's/.*failed: //')
fio_engine "$T_TMP/pin.json" --name=pin --filename="$ng" --rw=read $pi ||
	fail "PI: a read without pi_chk failed: $(head -n 3 "$T_TMP/pin.json.err")"
# Reads whose metadata buffer spans 64 pages (iodepth=4096 x 64 bytes)
# never written before: 6.12 hands the device such a page as it is mapped,
# the shared zero page, unless the engine made it its own.  The guest's
# init checks the zero page after every test.
fio_engine "$T_TMP/pim.json" --name=pim --filename="$ng" --rw=read --bs=4k --size=2m \
	--md_per_io_size=64 --iodepth=4096 ||
	fail "metadata reads at iodepth=4096: $(head -n 3 "$T_TMP/pim.json.err")"

# trim (nsid 7, deallocated LBAs read as zeroes): written, trimmed, read back
# as zeroes; the driver's nvme_setup_cmd tracepoint counts the Dataset
# Management commands and their ranges (cdw10, 0's based): 64 trims of 4k
# go out as 8 commands of 8 ranges with num_range=8, as 64 of one without
ng=$(ng_first 7)
t="--filename=$ng --bs=4k --size=256k --offset=2m"
fio_engine "$T_TMP/tw.json" --name=tw $t --rw=write --buffer_pattern=0xaa ||
	fail "trim: write: $(head -n 3 "$T_TMP/tw.json.err")"
nr= want="64 nr=0"
fio --cmdhelp=num_range 2>/dev/null | grep -q "num_range:" && nr="--num_range=8" want="8 nr=7"
tr=/sys/kernel/tracing
mounted=
if ! grep -q " $tr " /proc/mounts; then
	mount -t tracefs nodev $tr || fail "cannot mount tracefs"
	mounted=1
fi
echo >$tr/trace
echo 1 >$tr/events/nvme/nvme_setup_cmd/enable
fio_engine "$T_TMP/tt.json" --name=tt $t --rw=trim $nr
rc=$?
echo 0 >$tr/events/nvme/nvme_setup_cmd/enable
dsm=$(grep -o 'nvme_cmd_dsm nr=[0-9]*' $tr/trace | sort | uniq -c | awk '{ print $1, $3 }')
echo >$tr/trace
[ -z "$mounted" ] || umount $tr
[ "$rc" -eq 0 ] || fail "trim $nr: $(head -n 3 "$T_TMP/tt.json.err")"
trimmed=$(jqr "$T_TMP/tt.json" '.jobs[0].trim.io_bytes')
[ "$trimmed" -eq 262144 ] || fail "trim $nr: $trimmed bytes trimmed, want 262144"
[ "$dsm" = "$want" ] ||
	fail "trim $nr: Dataset Management commands seen (count, 0's based ranges): '$(echo $dsm)', want '$want'"
fio_engine "$T_TMP/tr.json" --name=tw $t --rw=write --verify=pattern --verify_pattern=0x00 \
	--verify_only=1 || fail "trim: trimmed LBAs do not read back as zeroes: $(head -n 3 "$T_TMP/tr.json.err")"

# write_mode (nsid 7): Write Zeroes with DEAC reads back zeroes, Write
# Uncorrectable is refused by qemu as an opcode it lacks, Verify passes
# over readable LBAs; writefua/readfua go out with the data
w="--filename=$ng --bs=4k --size=64k --offset=3m"
fio_engine "$T_TMP/wm0.json" --name=wm $w --rw=write --buffer_pattern=0x5a --writefua=1 ||
	fail "writefua: $(head -n 3 "$T_TMP/wm0.json.err")"
fio_engine "$T_TMP/wm1.json" --name=wm $w --rw=write --write_mode=zeroes --deac=1 ||
	fail "write_mode=zeroes deac=1: $(head -n 3 "$T_TMP/wm1.json.err")"
fio_engine "$T_TMP/wm2.json" --name=wm $w --rw=write --verify=pattern --verify_pattern=0x00 \
	--verify_only=1 --readfua=1 ||
	fail "write_mode=zeroes: LBAs do not read back as zeroes: $(head -n 3 "$T_TMP/wm2.json.err")"
fio_engine "$T_TMP/wm3.json" --name=wm $w --rw=write --write_mode=verify ||
	fail "write_mode=verify over readable LBAs: $(head -n 3 "$T_TMP/wm3.json.err")"
# qemu 10.0 has no Write Uncorrectable (ONCS bit 1): the device must refuse
# the opcode, which shows the write went out as one
if fio_engine "$T_TMP/wm4.json" --name=wm $w --rw=write --write_mode=uncor --size=4k; then
	fail "write_mode=uncor: qemu took a Write Uncorrectable"
fi
grep -q "NVMe Write of 4096 bytes at offset 3145728 failed: status 0x[0-9a-f]*: Invalid Command Opcode" \
	"$T_TMP/wm4.json.err" || fail "write_mode=uncor: not refused as an opcode: $(head -n 3 "$T_TMP/wm4.json.err")"

# zoned (nsid 4, 4 MiB zones): zones 2 and 3 reset by fioring (zonemode=zbd
# trims), then 6 MiB written sequentially from zone 2: the device itself,
# through fio's io_uring_cmd without zonemode, must then take a write at
# zone 3's start + 2 MiB and refuse one an LBA past it
ng=$(ng_first 4)
z="--filename=$ng --zonemode=zbd --offset=8m --size=8m"
ref="--ioengine=io_uring_cmd --cmd_type=nvme --filename=$ng --rw=write --bs=4k --size=4k"
reset() {
	fio_engine "$T_TMP/zt.json" --name=zt $z --rw=trim --bs=4m ||
		fail "zone reset (trim) of zones 2-3: $(head -n 3 "$T_TMP/zt.json.err")"
}
reset
fio --name=z0 $ref --offset=8m >"$T_TMP/z0.out" 2>&1 ||
	fail "zoned: after fioring's reset, a write at zone 2's start failed: $(grep -m1 -i err "$T_TMP/z0.out")"
reset
fio_engine "$T_TMP/zw.json" --name=zw $z --rw=write --bs=64k --io_size=6m ||
	fail "zoned write: $(head -n 3 "$T_TMP/zw.json.err")"
zw=$(jqr "$T_TMP/zw.json" '.jobs[0].write.io_bytes')
[ "$zw" -eq 6291456 ] || fail "zoned write: $zw bytes written, want 6291456"
if fio --name=z1 $ref --offset=14340k >"$T_TMP/z1.out" 2>&1; then
	fail "zoned: a write one LBA past the expected write pointer (14 MiB) was taken"
fi
fio --name=z2 $ref --offset=14m >"$T_TMP/z2.out" 2>&1 ||
	fail "zoned: write pointer not at 14 MiB after fioring wrote 6 MiB from 8 MiB: $(grep -m1 -i err "$T_TMP/z2.out")"

pass "PI types 1-3 written and checked, bad guard: $pistatus; write_mode zeroes+deac reads zeroes, uncor refused by qemu as an opcode, verify passes; 256k trimmed as $want (DSM commands, ranges-1) reads zeroes; zones reset, write pointer at 14 MiB after 6 MiB from 8 MiB"
