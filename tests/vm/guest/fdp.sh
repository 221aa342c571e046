#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fdp.sh: Flexible Data Placement is real, not accepted and ignored: fio's
# examples/uring-cmd-fdp.fio (as lib/example.sh runs it) on the FDP
# namespace (nsid 8, scripts/vm-boot.sh), with fioring and with fio's
# io_uring_cmd, once as it is (fdp_pli_select's default, roundrobin), once
# with fdp_pli_select=random and once with fdp=0.  Around each run the
# device is asked, through libnvme (tests/helpers/fdp_status), for each
# placement handle's Reclaim Unit Handle Status and for the FDP statistics
# log page.  qemu takes every block written through a placement handle off
# its reclaim unit's available media writes (ruamw), and sends a write
# without the placement directive to placement handle 0; it adds every
# written byte to the statistics' host bytes written.  So, per run:
#   - every job's written blocks are on the handles its fdp_pli names (fio
#     indexes the namespace's Reclaim Unit Handle Status list), in equal
#     turns for roundrobin (exact to the block: handle j of k gets
#     ceil((writes - j) / k) writes), on each of them for random; the
#     handles no job names get nothing; with fdp=0 everything is on
#     placement handle 0;
#   - the host bytes written rise by what fio wrote;
#   - both engines place alike, handle by handle (fio's placement choice
#     is seeded like the rest of its random state).
# A run that fills a reclaim unit (96 MiB, far more than these write)
# would make ruamw rise; that fails the run rather than be guessed around.

. /tests/lib/common.sh
. /tests/lib/example.sh
need_ng
need_engine

[ -f /examples/uring-cmd-fdp.fio ] || skip "this fio tree has no examples/uring-cmd-fdp.fio"
fio --cmdhelp=fdp 2>&1 | grep -q "^ *fdp:" ||
	skip "$(fio --version) has no fdp option (FDP came in fio 3.34)"
command -v fdp_status >/dev/null || fail "the guest has no fdp_status helper (tests/helpers)"

ng=$(ng_of_nsid 8 | head -n 1)
[ -n "$ng" ] || fail "no generic device for the FDP namespace (nsid 8)"
lba=$(cat "$(dirname "$(readlink -f "/sys/class/nvme-generic/${ng#/dev/}")")/nvme${ng#/dev/ng}/queue/logical_block_size")

# snap OUT: the device's FDP statistics and reclaim unit handle status
snap() {
	fdp_status "$ng" >"$1" 2>"$1.err" || fail "fdp_status $ng: $(cat "$1.err")"
}

# placed BEFORE AFTER: per placement handle, in the order of the device's
# status list (the index fdp_pli names), "INDEX PID BLOCKS" written through
# it between two snapshots; "HBMW BYTES", the host bytes written
placed() {
	awk '
	FNR == 1 { f++ }
	$1 == "stats" { split($3, kv, "="); hbmw[f] = kv[2] }
	$1 == "ruh" {
		split($2, p, "="); split($4, r, "=")
		if (f == 1) { pid[n++] = p[2]; before[p[2]] = r[2] }
		else after[p[2]] = r[2]
	}
	END {
		for (i = 0; i < n; i++) {
			d = before[pid[i]] - after[pid[i]]
			if (d < 0)
				print "ROLLOVER pid " pid[i] ": ruamw rose from " before[pid[i]] " to " after[pid[i]]
			print i, pid[i], d
		}
		print "HBMW", hbmw[2] - hbmw[1]
	}' "$1" "$2"
}

# plan JSON: per job "NAME WRITES BLOCKS_PER_WRITE PLI,PLI,...": its write
# count, blocks per write and the fdp_pli list it was given
plan() {
	jq -r --argjson lba "$lba" '.jobs[] |
		"\(.jobname) \(.write.total_ios) \(if .write.total_ios > 0 then .write.io_bytes / .write.total_ios / $lba else 0 end) \(.["job options"] | .fdp_pli // .plids // "-")"' "$1"
}

# check SELECT PLACED PLAN: the placement the device shows against what
# fio was asked (SELECT: roundrobin, random or none for fdp=0); prints the
# per-handle blocks on success
check() {
	awk -v sel="$1" -v lba="$lba" '
	FILENAME == ARGV[1] {
		if ($1 == "ROLLOVER") { print "a reclaim unit was replaced during the run: " $0; bad = 1 }
		else if ($1 == "HBMW") hbmw = $2
		else { got[$1] = $3; pid[$1] = $2; n = $1 + 1 }
		next
	}
	{
		w = $2 * $3; total += w
		if (sel == "none") { want[0] += w; next }
		k = split($4, l, ",")
		for (j = 1; j <= k; j++) {
			named[l[j]] = 1
			if (sel == "roundrobin")
				want[l[j]] += int(($2 + k - j) / k) * $3
		}
		if (sel == "random") { sum[$1] = w; list[$1] = $4 }
	}
	END {
		for (i = 0; i < n; i++) {
			if (sel == "random" && !(i in named) && got[i] != 0) {
				print "handle " i " (pid " pid[i] ") got " got[i] " blocks; no job names it"; bad = 1
			}
			if (sel != "random" && got[i] != want[i] + 0) {
				print "handle " i " (pid " pid[i] ") got " got[i] " blocks, want " want[i] + 0; bad = 1
			}
			line = line " " i "=" got[i]
		}
		for (job in sum) {
			k = split(list[job], l, ","); s = 0
			for (j = 1; j <= k; j++) {
				if (got[l[j]] == 0) { print job ": handle " l[j] " of " list[job] " got nothing"; bad = 1 }
				s += got[l[j]]
			}
			# no handle is shared between jobs here: each sum is what one job wrote
			if (s != sum[job]) { print job ": handles " list[job] " got " s " blocks, it wrote " sum[job]; bad = 1 }
		}
		if (hbmw != total * lba) {
			print "host bytes written rose by " hbmw ", fio wrote " total * lba; bad = 1
		}
		if (bad) exit 1
		print "blocks per handle:" line
	}' "$2" "$3"
}

summary=
for sel in roundrobin random none; do
	for eng in fioring io_uring_cmd; do
		case $eng in
		fioring) engine=external:$FIORING_ENGINE run=fio ;;
		*) engine=io_uring_cmd run=ref_fio ;;
		esac
		job=$T_TMP/$sel.$eng.fio
		example_job fdp "$engine" "$ng" "$job"
		case $sel in
		random) sed -i "s|^\[global\]|&\nfdp_pli_select=random|" "$job" ;;
		none) sed -i "s|^fdp=1|fdp=0|" "$job" ;;
		esac
		grep -q "^fdp_pli_select=random" "$job" || [ "$sel" != random ] ||
			fail "could not set fdp_pli_select=random in $job"
		grep -q "^fdp=$([ "$sel" = none ] && echo 0 || echo 1)$" "$job" ||
			fail "$job: the example's fdp= line is not where it was"
		snap "$T_TMP/$sel.$eng.before"
		echo "fio fdp $sel $eng" >&2
		$run --output-format=json --output="$T_TMP/$sel.$eng.json" "$job" \
			2>"$T_TMP/$sel.$eng.err" ||
			fail "$sel $eng: fio exit $?: $(head -n 3 "$T_TMP/$sel.$eng.err")"
		snap "$T_TMP/$sel.$eng.after"
		placed "$T_TMP/$sel.$eng.before" "$T_TMP/$sel.$eng.after" >"$T_TMP/$sel.$eng.placed"
		plan "$T_TMP/$sel.$eng.json" >"$T_TMP/$sel.$eng.plan"
		echo "$sel $eng: jobs (name writes blocks/write fdp_pli): $(tr '\n' ';' <"$T_TMP/$sel.$eng.plan")"
		msg=$(check "$sel" "$T_TMP/$sel.$eng.placed" "$T_TMP/$sel.$eng.plan") ||
			fail "$sel $eng: $(echo "$msg" | tr '\n' ';')"
		echo "$sel $eng: $msg"
		eval "got_$eng=\$msg"
	done
	# same seed, same choices: both engines' writes on the same handles
	[ "$got_fioring" = "$got_io_uring_cmd" ] ||
		fail "$sel: fioring $got_fioring; io_uring_cmd $got_io_uring_cmd"
	summary="$summary $sel:${got_fioring#blocks per handle:}"
done

pass "fdp placement as fdp_pli/fdp_pli_select say, alike with fioring and io_uring_cmd (handle=blocks):$summary"
