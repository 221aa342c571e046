#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh: fioring-bench on NVMe, which the host (no NVMe) cannot test.
#  multipath=Y, the head disk of nsid 1:
#   - the default --iopolicy probes what the subsystem takes (numa and
#     round-robin; queue-depth from 6.11 on) and sweeps exactly those, each
#     row's iopolicy read back, with iostats 0 and 1 written to the head and
#     its hidden path disks; afterwards iopolicy and every iostats are back;
#     the kernel figures of the iostats=1 rows come from the hidden path
#     disks on 5.10 and 6.1 (flagged ks_from_paths), from the head on later
#     kernels, and the applicability probe finds the head honours iostats;
#   - --knob nomerges=0,2 goes to the hidden path disks, which hold the
#     bio-based head's requests: seen there during the sweep, read back,
#     the head probed as blk-mq (so measured) and its line naming the
#     paths, everything put back after; meta.json's record of queue/ as
#     found gives nomerges per path where one path was left otherwise, and
#     read_ahead_kb (the head's) as one value; its system record gives
#     nvme_core.multipath and nvme.poll_queues as /sys/module has them;
#     a path's nomerges changed during a run fails that row, naming it;
#   - an --iopolicy the kernel does not take is refused before any run:
#     exit 1, one line naming it and what the kernel takes, no results
#     directory, the iopolicy as it was and the journal empty;
#   - a sweep SIGKILLed half way leaves its settings changed and
#     'fioring-bench restore' puts back the iopolicy, every iostats and nomerges.
#  multipath=N: a generic device target runs with both engines (fio's own
#  as io_uring_cmd).  Before 6.13 the kernel counts passthrough nowhere and
#  the rows are flagged no_kstats; from 6.13 on --iostats 1 also writes
#  queue/iostats_passthrough, read back as 1, and the kernel's IOPS are
#  within 10% of fio's; the knob is put back after.  The probe records
#  passthrough as countable (iostats_honoured) from 6.13 on only.

. /tests/lib/common.sh
need_engine
need_bench
export FIORING_STATE=$T_TMP/journal

job=$T_TMP/rr.fio
cat >"$job" <<EOF
[rr]
rw=randread
bs=4k
iodepth=4
direct=1
size=32m
EOF

# bench_run OUT ARGS...: one sweep, stderr in OUT.err; returns its status
bench_run() {
	out=$1
	shift
	echo "fioring-bench run $*" >&2
	"$bench" run --job "$job" --repeat 1 --runtime 1 \
		--out "$out" "$@" 2>"$out.err"
}

# settings: the subsystem's iopolicy and the iostats/nomerges of the head
# and of every hidden path disk, one line
settings() {
	s=$(cat "$subsys/iopolicy")
	for d in /sys/block/"$head" $(head_paths "$head"); do
		s="$s $(basename "$d")=$(cat "$d/queue/iostats")/$(cat "$d/queue/nomerges")"
	done
	echo "$s"
}

journal_empty() {
	[ ! -s "$FIORING_STATE" ] || fail "$1: the journal is not empty: $(cat "$FIORING_STATE")"
}

mode_y() {
	subsys=$(subsys_by_nqn fioring-testbed) || fail "no subsystem fioring-testbed"
	head=$(disks_of_nsid 1 | head -n 1)
	head=${head#/dev/}
	[ -b "/dev/$head" ] || fail "no head block device /dev/$head"
	[ "$(head_paths "$head" | wc -l)" -ge 2 ] || fail "/dev/$head has no two hidden path disks"
	before=$(settings)

	# every policy the kernel takes, found by trying each
	takes=numa,round-robin
	echo queue-depth >"$subsys/iopolicy" 2>/dev/null && takes=$takes,queue-depth
	echo "${before%% *}" >"$subsys/iopolicy"
	bench_run "$T_TMP/sweep" --target "/dev/$head" --engine fioring --iostats 0,1 ||
		fail "default sweep: exit $?: $(tail -n 3 "$T_TMP/sweep.err")"
	swept=$(jq -r '[.runs[].iopolicy_req] | unique | join(",")' "$T_TMP/sweep/results.json")
	want=$(echo "$takes" | tr ',' '\n' | sort | tr '\n' ',' | sed 's/,$//')
	[ "$swept" = "$want" ] || fail "default sweep swept iopolicies $swept, the kernel takes $want"
	bad=$(jq -r '.runs[] | select(.status != "ok" or .iopolicy_eff != .iopolicy_req) |
		"\(.cell): \(.status) \(.iopolicy_eff) \(.error)"' "$T_TMP/sweep/results.json")
	[ -z "$bad" ] || fail "default sweep: $bad"
	nruns=$(jq '.runs | length' "$T_TMP/sweep/results.json")
	# where the kernel counts multipath I/O: 5.10 and 6.1 on the hidden path
	# disks only (the rows take the paths' figures, ks_from_paths), later
	# kernels on the head
	case $(uname -r) in
	5.*|6.1.*) from_paths=true ;;
	*) from_paths=false ;;
	esac
	bad=$(jq -r --argjson w $from_paths '.runs[] | select(.iostats_eff == "1") |
		select((.ks_ios > 0 | not) or
		       ((.ks_flags | split(";") | index("ks_from_paths") != null) != $w)) |
		"\(.cell): ks_ios \(.ks_ios), flags \(.ks_flags)"' "$T_TMP/sweep/results.json")
	[ -z "$bad" ] || fail "kernel $(uname -r): want ks_from_paths $from_paths: $bad"
	# the probe found the head honours iostats (through its paths on 6.1)
	jq -e '.meta.targets[0].iostats_honoured == true' "$T_TMP/sweep/results.json" >/dev/null ||
		fail "probe of /dev/$head: $(jq -c .meta.targets "$T_TMP/sweep/results.json")"
	after=$(settings)
	[ "$after" = "$before" ] || fail "default sweep left '$after', was '$before'"
	journal_empty "default sweep"

	# --knob nomerges: the head is bio-based and its requests are the
	# paths', so nomerges is written to each path (seen there while the
	# sweep runs), read back from them, measured, and put back
	for p in $(head_paths "$head"); do
		while :; do
			echo "$(basename "$p")=$(cat "$p/queue/nomerges")"
			sleep 0.05
		done >"$T_TMP/seen.$(basename "$p")" &
		echo $! >>"$T_TMP/watchers"
	done
	# one path left at nomerges 1: the record of queue/ as found names it
	last=$(head_paths "$head" | tail -n 1)
	echo 1 >"$last/queue/nomerges"
	bench_run "$T_TMP/knob" --target "/dev/$head" --engine fioring --iostats 1 \
		--iopolicy numa --knob nomerges=0,2
	rc=$?
	kill $(cat "$T_TMP/watchers")
	[ $rc -eq 0 ] || fail "--knob nomerges=0,2: exit $rc: $(tail -n 3 "$T_TMP/knob.err")"
	[ "$(cat "$last/queue/nomerges")" = 1 ] ||
		fail "--knob sweep left $(basename "$last")'s nomerges at $(cat "$last/queue/nomerges"), found 1"
	echo 0 >"$last/queue/nomerges"
	rec=$(jq -r '.devices[0].queue.nomerges' "$T_TMP/knob/meta.json")
	for p in $(head_paths "$head"); do
		want=0
		[ "$p" = "$last" ] && want=1
		case " $rec " in
		*" $(basename "$p")=$want "*) ;;
		*) fail "meta.json's nomerges as found '$rec' lacks $(basename "$p")=$want" ;;
		esac
	done
	[ "$(jq -r '.devices[0].queue.read_ahead_kb' "$T_TMP/knob/meta.json")" = \
		"$(cat "/sys/block/$head/queue/read_ahead_kb")" ] ||
		fail "meta.json's read_ahead_kb is not the head's"
	# the NVMe driver's module parameters as found, and the command line
	for mp in nvme_core/multipath nvme/poll_queues; do
		[ "$(jq -r --arg k "${mp%/*}.${mp#*/}" '.system.settings[$k]' "$T_TMP/knob/meta.json")" = \
			"$(cat "/sys/module/${mp%/*}/parameters/${mp#*/}")" ] ||
			fail "meta.json's system settings lack ${mp%/*}.${mp#*/} as found"
	done
	jq -r .system.cmdline "$T_TMP/knob/meta.json" | grep -q 'nvme_core.multipath=Y' ||
		fail "meta.json's system.cmdline lacks nvme_core.multipath=Y"
	for p in $(head_paths "$head"); do
		grep -qx "$(basename "$p")=2" "$T_TMP/seen.$(basename "$p")" ||
			fail "--knob nomerges=2 never reached $(basename "$p")"
	done
	bad=$(jq -r '.runs[] | select(.status != "ok" or .knob_nomerges_eff != .knob_nomerges_req) |
		"\(.cell): \(.status) \(.knob_nomerges_eff) \(.error)"' "$T_TMP/knob/results.json")
	[ -z "$bad" ] || fail "--knob nomerges=0,2: $bad"
	! grep 'not measurable' "$T_TMP/knob.err" || fail "--knob nomerges said not measurable"
	# the probe's line says where the head's requests, so nomerges, go
	line=$(grep "^fioring-bench run: $head: " "$T_TMP/knob.err")
	case $line in
	*": bio-based multipath head, its requests on the blk-mq paths "*) ;;
	*) fail "the probe's line of a multipath head: '$line'" ;;
	esac
	for p in $(head_paths "$head"); do
		case $line in
		*" $(basename "$p")"[\ ,]*) ;;
		*) fail "the probe's line does not name $(basename "$p"): '$line'" ;;
		esac
	done
	# what the report reads to measure it (the guest has no gnuplot)
	jq -e '.meta.targets[0].blk_mq == true' "$T_TMP/knob/results.json" >/dev/null ||
		fail "the probe found /dev/$head's requests not on blk-mq queues"
	after=$(settings)
	[ "$after" = "$before" ] || fail "--knob sweep left '$after', was '$before'"
	journal_empty "--knob sweep"

	# a path's nomerges changed while fio runs fails that row, naming the
	# path disk; the next repeat, set afresh, is ok
	last=$(head_paths "$head" | tail -n 1)
	"$bench" run --job "$job" --engine fioring --repeat 2 --warmup 0 --runtime 3 \
		--target "/dev/$head" --iostats 1 --iopolicy numa --knob nomerges=2 \
		--out "$T_TMP/flip" 2>"$T_TMP/flip.err" &
	pid=$!
	fio_with_open $pid "/dev/$head" >/dev/null || fail "the flip sweep's fio never opened /dev/$head"
	echo 0 >"$last/queue/nomerges"
	wait $pid
	rc=$?
	[ $rc -eq 3 ] || fail "a path's nomerges flipped: exit $rc, want 3: $(tail -n 3 "$T_TMP/flip.err")"
	got=$(jq -r '.runs[] | "\(.repeat) \(.status) \(.error)"' "$T_TMP/flip/results.json")
	flipped="1 failed queue/nomerges of $(basename "$last") changed during the run:"
	echo "$got" | grep -qx "$flipped 2 at the start and 0 at the end" &&
		echo "$got" | grep -qx "2 ok " || fail "a path's nomerges flipped: $got"
	after=$(settings)
	[ "$after" = "$before" ] || fail "the flip sweep left '$after', was '$before'"
	journal_empty "the flip sweep"

	# a name the kernel does not take stops the sweep before it starts
	bench_run "$T_TMP/bogus" --target "/dev/$head" --engine fioring --iostats 1 \
		--iopolicy numa,bogus
	rc=$?
	[ $rc -eq 1 ] || fail "--iopolicy numa,bogus: exit $rc, want 1: $(cat "$T_TMP/bogus.err")"
	grep -q "^fioring-bench run: --iopolicy bogus: /sys/.*/nvme-subsys[0-9]*/iopolicy does not take it (it takes: numa, round-robin" \
		"$T_TMP/bogus.err" || fail "--iopolicy bogus: $(cat "$T_TMP/bogus.err")"
	[ ! -e "$T_TMP/bogus" ] || fail "--iopolicy bogus left a results directory"
	after=$(settings)
	[ "$after" = "$before" ] || fail "--iopolicy bogus left '$after', was '$before'"
	journal_empty "--iopolicy bogus"

	# SIGKILL: nothing restores, then restore does
	"$bench" run --job "$job" --engine fioring --repeat 20 --runtime 1 \
		--target "/dev/$head" --iostats 0 --iopolicy round-robin --knob nomerges=2 \
		--out "$T_TMP/killed" >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ "$(cat "$subsys/iopolicy")" != round-robin ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 1
	kill -9 $pid
	wait $pid
	changed=$(settings)
	[ "$changed" != "$before" ] || fail "the killed sweep had changed nothing: '$changed'"
	"$bench" restore >"$T_TMP/restore.out" 2>&1 ||
		fail "restore: exit $?: $(cat "$T_TMP/restore.out")"
	after=$(settings)
	[ "$after" = "$before" ] || fail "restore left '$after', was '$before'"
	journal_empty "restore"
	pass "swept $swept x iostats 0,1 on /dev/$head ($nruns runs, ok, restored, ks_from_paths $from_paths); --knob nomerges=0,2 on its paths, a flip on one caught; --iopolicy bogus refused before any run; after SIGKILL ('$changed') restore put back '$before'"
}

mode_n() {
	need_ng
	first=$(ng_of_nsid 1 | head -n 1)
	[ -n "$first" ] || fail "no generic device for nsid 1"
	disk=nvme${first#/dev/ng}
	knob=/sys/block/$disk/queue/iostats_passthrough
	before=$(cat "$knob" 2>/dev/null)
	bench_run "$T_TMP/ng" --target "$first" --iostats 1 --engine fioring,io_uring ||
		fail "sweep on $first: exit $?: $(tail -n 3 "$T_TMP/ng.err")"
	rows=$(jq -r '.runs[] | [.engine, .status, .iostats_passthrough_eff, .iops, .ks_iops,
		.read_clat_mean_us, .ks_r_await_ms, .ks_flags] |
		map(if . == null or . == "" then "-" else tostring end) | join(" ")' \
		"$T_TMP/ng/results.json")
	[ "$(echo "$rows" | grep -c .)" -eq 2 ] || fail "$first: want 2 runs: $rows"
	echo "$rows" | while read -r eng status pt iops ks_iops clat await flags; do
		[ "$status" = ok ] || fail "$first, $eng: $status"
		if [ -n "$before" ]; then
			# 6.13+: iostats=1 turns passthrough accounting on, and the
			# kernel then counts what fio did
			[ "$pt" = 1 ] || fail "$first, $eng: iostats_passthrough read back '$pt'"
			ratio_between "$ks_iops" "$iops" 0.9 1.1 ||
				fail "$first, $eng: the kernel counted $ks_iops IOPS, fio did $iops"
		else
			case $flags in
			*no_kstats*) ;;
			*) fail "$first, $eng: passthrough counted without iostats_passthrough: $flags" ;;
			esac
		fi
	done || exit 1
	# the probe says once whether passthrough can be counted at all
	want=false
	[ -n "$before" ] && want=true
	jq -e --argjson w $want '.meta.targets[0].iostats_honoured == $w' "$T_TMP/ng/results.json" >/dev/null ||
		fail "probe of $first: want iostats_honoured $want: $(jq -c .meta.targets "$T_TMP/ng/results.json")"
	[ "$(cat "$knob" 2>/dev/null)" = "$before" ] ||
		fail "$knob left at $(cat "$knob"), was $before"
	journal_empty "sweep on $first"
	pass "$first with fioring and io_uring (io_uring_cmd), iostats_passthrough ${before:-absent}: $(echo "$rows" | tr '\n' ';')"
}

case $(multipath) in
Y) mode_y ;;
N) mode_n ;;
*) fail "nvme_core.multipath reads '$(multipath)'" ;;
esac
