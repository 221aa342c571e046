#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# harness-clients-guard.sh: the safety guard on a fio server's side.  One
# server on 127.0.0.5; the device it sweeps carries ext4.  A writing sweep
# (--client) gets no I/O on it: the exec_prerun of each job refuses the
# device, so the host's row fails and the filesystem's UUID and the queue
# settings are intact; a reading sweep of the same device runs.  While
# another process holds the device's flock on that host, even a reading
# sweep's row fails.  A job that sets its own filename is refused before
# any server is contacted, as without --client.
# mkfs.ext4 zeroes the end of the device with WRITE_ZEROES, which a loop
# device over tmpfs does not take: the kernel logs it, mkfs writes zeroes
# kmsg-expect: operation not supported error, dev loop[0-9]+, .*\(WRITE_ZEROES\)

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
command -v flock >/dev/null && command -v base64 >/dev/null ||
	skip "the servers' scripts need flock and base64"
ext4_loop 64M
dev=$DEV
uuid=$UUID
disk=${dev#/dev/}
knobs "$dev" >"$T_TMP/knobs"
at_exit "rm -rf /run/fioring/remote-$disk.users /run/fioring/remote-$disk.journal"
[ -e /run/fioring/remote.lock ] || at_exit "rm -f /run/fioring/remote.lock"

port=$((20000 + ($$ + 7) % 20000))
mkdir -p "$T_TMP/srv"
(cd "$T_TMP/srv" && exec setsid "$FIO" --server=127.0.0.5,$port \
	>"$T_TMP/srv/log" 2>&1 </dev/null) &
spid=$!
at_exit "kill -9 -$spid"
for _ in $(seq 50); do
	grep -q "$(printf ':%04X ' $port)" /proc/net/tcp && break
	sleep 0.1
done
grep -q "$(printf ':%04X ' $port)" /proc/net/tcp || skip "cannot start a fio server on 127.0.0.5"

# sweep NAME JOB: one run on the server, exit status in rc
sweep() {
	"$bench" run --client "127.0.0.5,$port" --target "$dev" --job "$2" \
		--engine io_uring --iostats 1 --repeat 1 --runtime 1 \
		--out "$T_TMP/$1" --state "$T_TMP/$1.journal" >"$T_TMP/$1.log" 2>&1
	rc=$?
	cat "$T_TMP/$1.log"
}
host_row() {
	grep "/host-127.0.0.5_" "$T_TMP/$1/results.csv" | cut -d, -f4-5
}

sweep write "$FIORING_TOP/jobs/randwrite-qd32.fio"
[ $rc -eq 3 ] || fail "a write sweep on ext4 through a server exited $rc, not 3"
grep -q "^fioring-bench run: note: --client: the fio servers' devices are checked by each job's exec_prerun" \
	"$T_TMP/write.log" || fail "no note on what is checked on the servers"
case $(host_row write) in
"failed,no I/O on 127.0.0.5;$port: its exec_prerun refused the settings"*) ;;
*) fail "the host's row of a write to ext4: $(host_row write)" ;;
esac
grep -q "holds data (blkid -p exit 0)" "$T_TMP/srv/randwrite-qd32.prerun.txt" ||
	fail "the server's prerun output does not say why"
[ "$(blkid -o value -s UUID "$dev")" = "$uuid" ] || fail "the ext4 on $dev was damaged"

sweep read "$FIORING_TOP/jobs/randread-qd1.fio"
[ $rc -eq 0 ] || { cat "$T_TMP/srv/randread-qd1.prerun.txt"; fail "a read sweep through a server exited $rc"; }
[ "$(host_row read)" = "ok," ] || fail "the host's row of a read: $(host_row read)"

flock -x "$dev" sleep 30 &
holder=$!
at_exit "kill $holder"
sleep 0.3
sweep locked "$FIORING_TOP/jobs/randread-qd1.fio"
[ $rc -eq 3 ] || fail "a sweep of a device locked on the host exited $rc, not 3"
grep -q "is locked by another process" "$T_TMP/srv/randread-qd1.prerun.txt" ||
	fail "the server's prerun output does not name the lock"
kill $holder

printf '[other]\nrw=randwrite\nfilename=/dev/null\n' >"$T_TMP/other.fio"
sweep own "$T_TMP/other.fio"
[ $rc -eq 1 ] || fail "a job with its own filename exited $rc under --client"
grep -q "\[other\] sets filename=/dev/null: the sweep names the device" "$T_TMP/own.log" ||
	fail "no line for the job's filename"
[ "$(blkid -o value -s UUID "$dev")" = "$uuid" ] || fail "the ext4 on $dev was damaged"
knobs "$dev" | diff "$T_TMP/knobs" - || fail "a queue setting of $dev changed"
echo "server side: ext4 refused for writing, read ok, a held lock refused; jobs checked here"
