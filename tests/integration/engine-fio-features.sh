#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-fio-features.sh: the FIO_HAS_<FEATURE> defines of the build's
# fio-host.h (scripts/fio-host.sh finds them by compiling probes) agree with
# what the fio tree's headers say, read here another way (their text); and
# the header names the fio the tests run.  With fio 3.33 no feature is
# there, with 3.41 all; make check runs this against both.

. "$(dirname "$0")/../lib/common.sh"

src=$(dirname "$(readlink -f "$FIO")")
hdr=$(dirname "$FIORING_ENGINE")/fio-host.h
[ -f "$hdr" ] || fail "no $hdr beside $FIORING_ENGINE (run make)"
[ -f "$src/ioengines.h" ] || fail "$FIO is not in a fio source tree ($src)"

grep -q "^#define FIORING_FIO_VERSION \"$("$FIO" --version)\"\$" "$hdr" ||
	fail "$hdr is not for $("$FIO" --version): $(grep FIORING_FIO_VERSION "$hdr")"

# expect FEATURE EXTENDED-REGEX FILE: FIO_HAS_FEATURE is defined exactly
# when the tree's FILE has a line matching the pattern
expect() {
	want=no got=no
	grep -qE "$2" "$src/$3" && want=yes
	grep -q "^#define FIO_HAS_$1 1\$" "$hdr" && got=yes
	[ $want = $got ] || fail "FIO_HAS_$1: the probe says $got, $3 says $want"
	echo "FIO_HAS_$1: $got"
}
expect ERRDETAILS '\(\*errdetails\)\(struct thread_data \*' ioengines.h
expect DATAPLACEMENT '^[[:space:]]*uint32_t dspec;' io_u.h
expect DEVICE_ERROR '^[[:space:]]*IO_U_F_DEVICE_ERROR[[:space:]]*=' io_u.h
expect VERIFY_IN_DEV '^[[:space:]]*IO_U_F_VER_IN_DEV[[:space:]]*=' io_u.h
expect FDP_RUHS '\(\*fdp_fetch_ruhs\)' ioengines.h
expect MULTI_RANGE_TRIM '^[[:space:]]*FIO_MULTI_RANGE_TRIM[[:space:]]*=' ioengines.h
expect ATOMIC_WRITES '^[[:space:]]*FIO_ATOMICWRITES[[:space:]]*=' ioengines.h
expect MOVE_ZONE_WP '\(\*move_zone_wp\)' ioengines.h
expect MAX_ACTIVE_ZONES '\(\*get_max_active_zones\)' ioengines.h
expect FINISH_ZONE '\(\*finish_zone\)' ioengines.h
exit 0
