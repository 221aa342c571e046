#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-clients-guard.sh: the safety guard on fio servers' side.  Two
# servers on 127.0.0.5 and 127.0.0.6 share this kernel, as two clients'
# servers of one host would.  Before a host's first run its probe takes the
# device's flock for the whole sweep, in a process of its own, or refuses
# the sweep with one line: a device carrying ext4 (for writing), one whose
# flock another process holds, one another process has open (hold_excl,
# for writing), and the device a running sweep holds, whichever server
# the second sweep goes through, naming the holder's pid.  A reading sweep
# of the ext4 device runs.  A job that sets its own filename is refused
# before any server is contacted.  After each case the ext4 UUID, the
# written mark and every queue setting are as they were, and no holder
# process or flock of the sweeps is left.  A sweep whose holder is killed
# runs no more jobs.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"

need_bench
[ -x "$HOLD_EXCL" ] || skip "the hold_excl helper is not built"
need_root
for c in flock base64 setsid bash; do
	command -v $c >/dev/null || skip "no $c: the servers' scripts need it"
done
ext4_loop 64M
dev=$DEV
uuid=$UUID
disk=${dev#/dev/}
knobs "$dev" >"$T_TMP/knobs"
loop_make 64M || skip "cannot make a second loop device"
raw=$DEV
rdisk=${raw#/dev/}
printf fioring-test-mark | dd of="$raw" bs=1M seek=1 conv=notrunc status=none
knobs "$raw" >"$T_TMP/rknobs"
for d in $disk $rdisk; do
	at_exit "rm -rf /run/fioring/remote-$d.users /run/fioring/remote-$d.journal /run/fioring/remote-$d.holder /run/fioring/remote-$d.verdict-*"
done
[ -e /run/fioring/remote.lock ] || at_exit "rm -f /run/fioring/remote.lock"

port=$((20000 + ($$ + 7) % 20000))
mkdir -p "$T_TMP/srv"
for n in 5 6; do
	(cd "$T_TMP/srv" && exec setsid "$FIO" --server=127.0.0.$n,$port \
		>"$T_TMP/srv/log$n" 2>&1 </dev/null) &
	at_exit "kill -9 -$!"
done
for _ in $(seq 50); do
	[ "$(grep -c "$(printf ':%04X ' $port)" /proc/net/tcp)" -ge 2 ] && break
	sleep 0.1
done
[ "$(grep -c "$(printf ':%04X ' $port)" /proc/net/tcp)" -ge 2 ] ||
	skip "cannot start fio servers on 127.0.0.5 and 127.0.0.6"

# lockkey DEV: how /proc/locks names the device node
lockkey() {
	printf '%02x:%02x:%s' $(stat -L -c '%Hd %Ld %i' "$1")
}
# settled NAME: nothing of a sweep left on either device, nothing changed
settled() {
	for d in "$dev" "$raw"; do
		! grep -q " FLOCK .* $(lockkey "$d") " /proc/locks ||
			fail "$1: a flock on $d is left: $(grep " $(lockkey "$d") " /proc/locks)"
		[ -z "$(pgrep -f "flock -x -n $d ")" ] || fail "$1: a holder of $d is left"
		[ ! -e "/run/fioring/remote-${d#/dev/}.holder" ] || fail "$1: the holder of $d is still named"
	done
	[ "$(blkid -o value -s UUID "$dev")" = "$uuid" ] || fail "$1: the ext4 on $dev was damaged"
	[ "$(dd if="$raw" bs=1M skip=1 count=1 status=none | head -c 17)" = fioring-test-mark ] ||
		fail "$1: $raw was written"
	knobs "$dev" | diff "$T_TMP/knobs" - || fail "$1: a queue setting of $dev changed"
	knobs "$raw" | diff "$T_TMP/rknobs" - || fail "$1: a queue setting of $raw changed"
}

# sweep NAME SERVER DEV JOB [RUNTIME [REPEAT]]: a sweep through 127.0.0.SERVER, exit status in rc
sweep() {
	"$bench" run --client "127.0.0.$2,$port" --target "$3" --job "$4" \
		--engine io_uring --iostats 1 --repeat "${6:-1}" --runtime "${5:-1}" \
		--out "$T_TMP/$1" --state "$T_TMP/$1.journal" >"$T_TMP/$1.log" 2>&1
	rc=$?
	# run in the background, its status is what wait gives
	return $rc
}
# sweep_bg NAME SERVER DEV JOB [RUNTIME [REPEAT]]: that sweep in the
# background, its pid in bg, once the server names its lock holder: in hp
sweep_bg() {
	sweep "$@" &
	bg=$!
	for _ in $(seq 100); do
		[ -s "/run/fioring/remote-$disk.holder" ] && break
		sleep 0.1
	done
	read -r hp _ <"/run/fioring/remote-$disk.holder" || fail "the $1 sweep names no holder"
}
host_row() {
	grep "/host-127.0.0.5_" "$T_TMP/$1/results.csv" | cut -d, -f4-5
}
refusal() {
	echo "fioring-bench run: --client 127.0.0.$1,$port: refusing $2: $3"
}

sweep write 5 "$dev" "$FIORING_TOP/jobs/randwrite-qd32.fio"
sweep_refused write 1 "^$(refusal 5 "$dev" "$dev holds data (blkid -p exit 0)")$"
settled write

sweep read 5 "$dev" "$FIORING_TOP/jobs/randread-qd1.fio"
[ $rc -eq 0 ] || { cat "$T_TMP/read.log"; fail "a read sweep through a server exited $rc"; }
[ "$(host_row read)" = "ok," ] || fail "the host's row of a read: $(host_row read)"
settled read

# in a session of its own: its sleep, which shares the lock, dies with it
setsid flock -x "$dev" sleep 30 &
holder=$!
at_exit "kill -- -$holder"
sleep 0.3
sweep locked 5 "$dev" "$FIORING_TOP/jobs/randread-qd1.fio"
sweep_refused locked 1 "^$(refusal 5 "$dev" "$dev is locked by pid $holder (flock)")$"
kill -- -$holder
wait $holder 2>/dev/null
settled locked

hold_excl "$raw"
sweep excl 5 "$raw" "$FIORING_TOP/jobs/randwrite-qd32.fio"
sweep_refused excl 1 "^$(refusal 5 "$raw" "$raw is open by pid $hpid (hold_excl)")$"
kill $hpid
wait $hpid 2>/dev/null
settled excl

# a sweep of 4 runs through one server; another through the other server
# while it runs is refused naming the first one's holder
sweep_bg first 5 "$dev" "$FIORING_TOP/jobs/randread-qd1.fio" 2 4
first=$bg
[ "$(awk -v k="$(lockkey "$dev")" '$2 == "FLOCK" && $6 == k { print $5 }' /proc/locks)" = "$hp" ] ||
	fail "the holder $hp named by the first sweep does not hold the flock of $dev"
sweep second 6 "$dev" "$FIORING_TOP/jobs/randread-qd1.fio"
sweep_refused second 1 "^$(refusal 6 "$dev" "$dev is locked by pid $hp (flock)")$"
wait $first
rc=$?
cat "$T_TMP/first.log"
[ $rc -eq 0 ] || fail "the first sweep exited $rc after the second was refused"
[ "$(grep -c ',ok,' "$T_TMP/first/results.csv")" -eq 8 ] ||
	fail "the first sweep's rows are not all ok: $(cut -d, -f4-5 "$T_TMP/first/results.csv")"
# a zombie holds nothing; reaping it is init's business
state=$(cut -d' ' -f3 "/proc/$hp/stat" 2>/dev/null)
[ -z "$state" ] || [ "$state" = Z ] || fail "the first sweep's holder $hp outlived it ($state)"
settled concurrent

# the holder killed mid-sweep: the next jobs find the lock no longer
# theirs and refuse to run, so those rows fail instead of running unlocked
sweep_bg lost 5 "$dev" "$FIORING_TOP/jobs/randread-qd1.fio" 2 4
lost=$bg
kill -- -"$hp"
wait $lost
rc=$?
[ $rc -eq 3 ] || { cat "$T_TMP/lost.log"; fail "a sweep whose holder was killed exited $rc, not 3"; }
[ "$(grep -c ',ok,' "$T_TMP/lost/results.csv")" -eq 0 ] ||
	fail "rows ran without the lock: $(cut -d, -f4-5 "$T_TMP/lost/results.csv")"
grep -q "/dev/$disk: this sweep no longer holds its lock" "$T_TMP/srv/randread-qd1.prerun.txt" ||
	fail "the server's prerun output does not say the lock was lost"
settled lost

printf '[other]\nrw=randwrite\nfilename=/dev/null\n' >"$T_TMP/other.fio"
sweep own 5 "$dev" "$T_TMP/other.fio"
[ $rc -eq 1 ] || fail "a job with its own filename exited $rc under --client"
grep -q "\[other\] sets filename=/dev/null: the sweep names the device" "$T_TMP/own.log" ||
	fail "no line for the job's filename"
settled own
echo "server side: ext4, a foreign flock, an open device and a running sweep refused, each in one line; read ok"
