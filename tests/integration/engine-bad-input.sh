#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# engine-bad-input: every kind of bad input gets one line from the engine
# naming what is wrong, a non-zero fio exit and no crash (fio's exit status
# would be >= 128 on a signal), and nothing is created or left changed.

. "$(dirname "$0")/../lib/common.sh"
need_root
file=$T_TMP/data
truncate -s 4M "$file"

expect_fio_error "missing device node" "fioring: /dev/fioring-nosuch: No such file" \
	--filename=/dev/fioring-nosuch --rw=read --size=1M
[ ! -e /dev/fioring-nosuch ] || { rm -f /dev/fioring-nosuch; fail "fio created /dev/fioring-nosuch"; }

expect_fio_error "char device, not NVMe" "fioring: /dev/null: character device is not an NVMe generic" \
	--filename=/dev/null --rw=read --size=1M

expect_fio_error "sqthread_poll_cpu out of range" "fioring: sqthread_poll_cpu=4096 is out of range" \
	--filename="$file" --sqthread_poll=1 --sqthread_poll_cpu=4096 --rw=read --size=1M

expect_fio_error "nonvectored out of range" "fioring: nonvectored=7 is out of range" \
	--filename="$file" --nonvectored=7 --rw=read --size=1M

expect_fio_error "cmdprio_percentage out of range" "cmdprio_percentage: max value out of range" \
	--filename="$file" --cmdprio_percentage=101 --rw=read --size=1M

expect_fio_error "registerfiles with open_files < nr_files" "fioring: registerfiles needs open_files" \
	--directory="$T_TMP" --nrfiles=4 --openfiles=2 --registerfiles=1 --rw=read --size=1M

# A kernel without io_uring for us: kernel.io_uring_disabled (6.6+) stands in
# for an old kernel or a locked-down one; the setting is restored on exit.
sysctl=/proc/sys/kernel/io_uring_disabled
if [ -w $sysctl ]; then
	old=$(cat $sysctl)
	at_exit "echo $old >$sysctl"
	echo 2 >$sysctl
	expect_fio_error "io_uring disabled" "fioring: io_uring is not available" \
		--filename="$file" --rw=read --size=1M
	# root may always make SQPOLL rings on 5.11+: the refusal seen here is
	# io_uring being off, which must not be blamed on SQPOLL
	expect_fio_error "SQPOLL ring, io_uring off" "fioring: io_uring is not available" \
		--filename="$file" --sqthread_poll=1 --rw=read --size=1M
	echo "$old" >$sysctl
else
	unexercised="io_uring-unavailable (no $sysctl on this kernel)"
fi

# Debian's fio 3.33 has the same version string but another struct layout.
deb_fio=/usr/bin/fio
if [ -x $deb_fio ] && [ "$(readlink -f $deb_fio)" != "$(readlink -f "$FIO")" ]; then
	# a sanitized engine (make check SANITIZE=1) needs its runtime loaded
	# first in any fio, and Debian's fio leaks as fio does
	san=$(ldd "$FIORING_ENGINE" | awk '/libasan/ { print $3 }')
	FIO=$deb_fio LD_PRELOAD=$san ASAN_OPTIONS=detect_leaks=0 \
		expect_fio_error "foreign fio build" "fioring: built for fio-.* but loaded into fio-" \
		--filename="$file" --rw=read --size=1M
	lines=$(grep -c "^fioring:" "$T_TMP/out")
	[ "$lines" -eq 1 ] || fail "foreign fio: $lines fioring lines, want exactly one"
else
	unexercised="${unexercised:+$unexercised, }foreign fio build (no Debian fio at $deb_fio)"
fi
[ -z "${unexercised:-}" ] || skip "every other case passed; not exercised: $unexercised"
exit 0
