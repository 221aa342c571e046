#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# examples.sh: fio's own passthrough examples (examples/uring-cmd-*.fio of
# the fio tree the testbed was built with) run as users have them, with
# only ioengine= and the device changed (and what lib/example.sh cuts to
# fit the testbed), once with fioring and once with fio's io_uring_cmd as
# the reference: both must exit alike and do the same I/O (bytes per job
# and direction), verify included where the example verifies.  Each
# example runs on the namespace that has what it needs (see
# scripts/vm-boot.sh); the FDP example on the namespace of the FDP
# subsystem.  What shows the features are real is in passthru.sh and, for
# FDP's placement, fdp.sh.

. /tests/lib/common.sh
. /tests/lib/example.sh
need_ng
need_engine

ls /examples/uring-cmd-*.fio >/dev/null 2>&1 || skip "this fio tree has no examples/uring-cmd-*.fio"

# counts JSON: per job, its name and bytes read, written and trimmed
# fio writes what an engine logs into the --output file too, before its
# JSON (log_err(): the fioring warning of a one-CPU guest's SQPOLL jobs)
counts() {
	sed -n '/^{/,$p' "$1" |
		jq -r '.jobs[] | "\(.jobname) r=\(.read.io_bytes) w=\(.write.io_bytes) t=\(.trim.io_bytes) err=\(.error)"'
}

summary=
for f in /examples/uring-cmd-*.fio; do
	ex=$(basename "$f" .fio)
	ex=${ex#uring-cmd-}
	dev=$(ng_of_nsid "$(example_nsid "$ex")" | head -n 1)
	[ -n "$dev" ] || fail "$ex: no generic device for nsid $(example_nsid "$ex")"
	example_job "$ex" "external:$FIORING_ENGINE" "$dev" "$T_TMP/$ex.ring.fio"
	example_job "$ex" io_uring_cmd "$dev" "$T_TMP/$ex.ref.fio"
	echo "fio $ex" >&2
	fio --output-format=json --output="$T_TMP/$ex.ring.json" "$T_TMP/$ex.ring.fio" \
		2>"$T_TMP/$ex.ring.err"
	rc_ring=$?
	ref_fio --output-format=json --output="$T_TMP/$ex.ref.json" "$T_TMP/$ex.ref.fio" \
		2>"$T_TMP/$ex.ref.err"
	rc_ref=$?
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
