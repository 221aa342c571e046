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
# 2 s) must be refused by both engines alike; the zoned example's size=1G
# is cut to 8 MiB, two of the namespace's zones (zonemode=zbd would go on writing
# through zone resets).  What shows the features
# are real is in passthru.sh.

. /tests/lib/common.sh
need_ng
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
	# zonemode=zbd does not stop at the device's end: 1G would rewrite the
	# namespace again and again through zone resets
	[ "$1" = zoned ] && sed -i "s|^size=1G|size=8M|" "$3"
	return 0
}

# counts JSON: per job, its name and bytes read, written and trimmed
counts() {
	jq -r '.jobs[] | "\(.jobname) r=\(.read.io_bytes) w=\(.write.io_bytes) t=\(.trim.io_bytes) err=\(.error)"' "$1"
}

summary=
for f in /examples/uring-cmd-*.fio; do
	ex=$(basename "$f" .fio)
	ex=${ex#uring-cmd-}
	job "$ex" "external:$FIORING_ENGINE" "$T_TMP/$ex.ring.fio"
	job "$ex" io_uring_cmd "$T_TMP/$ex.ref.fio"
	echo "fio $ex" >&2
	fio --output-format=json --output="$T_TMP/$ex.ring.json" "$T_TMP/$ex.ring.fio" \
		2>"$T_TMP/$ex.ring.err"
	rc_ring=$?
	ref_fio --output-format=json --output="$T_TMP/$ex.ref.json" "$T_TMP/$ex.ref.fio" \
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

pass "examples:$summary: same exit and I/O with fioring and io_uring_cmd"
