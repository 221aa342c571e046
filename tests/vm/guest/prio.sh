#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# prio.sh: an NVMe generic device cannot carry an I/O priority (the kernel
# ignores sqe->ioprio for io_uring_cmd), so a job that asks for one through
# the fioring engine (cmdprio_*, or prioclass/prio) runs and says so once,
# on stderr: fio's JSON stays JSON and shows no per-priority split.
#
# vm-matrix: kernel=6.1 mp=N

. /tests/lib/common.sh
need_ng
need_engine

ng=$(ng_of_nsid 1 | head -n 1)
[ -n "$ng" ] || fail "no generic device for nsid 1"
note="fioring: $ng: io_uring_cmd carries no I/O priority; cmdprio/prioclass ignored"

for opts in "--cmdprio_percentage=25 --cmdprio_class=1" "--prioclass=3 --prio=0"; do
	# shellcheck disable=SC2086
	fio_engine "$T_TMP/p.json" --name=prio --filename="$ng" --rw=randread \
		--bs=4k --size=2m --iodepth=4 --number_ios=400 $opts ||
		fail "$opts on $ng: $(head -n 3 "$T_TMP/p.json.err")"
	n=$(grep -c "^$note" "$T_TMP/p.json.err")
	[ "$n" -eq 1 ] || fail "$opts: the notice $n times, want once: $(cat "$T_TMP/p.json.err")"
	ios=$(jqr "$T_TMP/p.json" '.jobs[0].read.total_ios') ||
		fail "$opts: fio's JSON does not parse"
	[ "$ios" -ge 400 ] || fail "$opts: $ios reads, want 400"
	[ "$(jqr "$T_TMP/p.json" '.jobs[0].read.prios // [] | length')" -le 1 ] ||
		fail "$opts: prios[] shows a split that cannot exist"
done
fio_engine "$T_TMP/p.json" --name=plain --filename="$ng" --rw=randread \
	--bs=4k --size=1m --iodepth=4 --number_ios=100 ||
	fail "plain job on $ng: $(head -n 3 "$T_TMP/p.json.err")"
! grep -q "carries no I/O priority" "$T_TMP/p.json.err" ||
	fail "the notice on a job that asked for no priority"
pass "cmdprio and prioclass on $ng: run, said once on stderr, JSON intact"
