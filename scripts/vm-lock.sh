#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-lock.sh CHANNEL: the host's side of the testbed's measurement lock,
# run beside one guest by vm-boot.sh.  make check boots two guests side by
# side on the host's cores; a guest test that judges a rate (the
# SQPOLL floor on a CPU shared with the SQ thread, %util against busy
# time) then measures the other guest's load instead (the figures:
# docs/notes/2026-12-sqpoll-slices.md).  So the guest asks before each
# test, on its second serial port
# (qemu's pipe chardev: CHANNEL.out carries the guest's lines, CHANNEL.in
# ours): "shared" for a test that may overlap others, "alone" for one that
# must not, then "done".  Every guest on the machine, whichever clone
# booted it, shares one lock: a reader-writer lock on flock(1) locks, with
# a turnstile so that a waiting "alone" is not starved by the other guest
# taking "shared" test after test.  The lock files live in TMPDIR; flock
# locks die with the process that holds them, so a guest that dies holds
# nothing.  vm-boot.sh kills it when qemu has exited.

set -u

chan=$1
lock=${TMPDIR:-/tmp}/fioring-vm-measure.lock

exec 7>>"$lock.turn" 8>>"$lock"
# read-write, as qemu opens them: an open that waited for qemu would wait
# for ever if qemu never started
exec 5<>"$chan.out" 6<>"$chan.in"
while read -r req <&5; do
	case $req in
	alone*|shared*)
		flock -x 7
		case $req in
		alone*) flock -x 8 ;;
		*) flock -s 8 ;;
		esac
		flock -u 7
		echo go >&6
		;;
	done*) flock -u 8 ;;
	esac
done
