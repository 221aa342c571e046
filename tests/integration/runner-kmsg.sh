#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# runner-kmsg: tests/run.sh fails a test during which the kernel logged a
# line that shows trouble, naming the line, even when the test itself
# passed; a line the test declares with "# kmsg-expect:" is let through,
# for that test only, and an undeclared one beside it still fails it.  An
# I/O error on a loop device the test made (scripts/devices.sh's dev_own)
# fails it; one on a loop device it did not make, or on its own before it
# made it (the number was another's then), is only noted.  The fixture
# tests below write their lines into the kernel log; the nested runner is
# told that lines of this test's tag show trouble (KMSG_BAD), so that no
# line written here looks like trouble to any other run on the machine.
# The real KMSG_BAD is checked against kernel lines as text: the WARN, BUG,
# oops, I/O error and NVMe timeout lines it must catch, and everyday lines
# it must not.  An option run.sh does not know is one line and exit 2.

. "$(dirname "$0")/../lib/common.sh"
. "$FIORING_TOP/tests/lib/kmsg.sh"

# the real patterns, as text
while IFS= read -r l; do
	echo "$l" | grep -qE -- "$KMSG_BAD" || fail "KMSG_BAD misses: $l"
done <<'EOF'
[  12.345678] WARNING: CPU: 1 PID: 42 at block/blk-mq.c:1234 blk_mq_start_request+0x5/0x10
[  12.345678] BUG: kernel NULL pointer dereference, address: 0000000000000008
[  12.345678] kernel BUG at mm/slub.c:321!
[  12.345678] Oops: 0000 [#1] PREEMPT SMP NOPTI
[  12.345678] general protection fault, probably for non-canonical address 0xdead: 0000 [#1]
[  12.345678] UBSAN: shift-out-of-bounds in drivers/nvme/host/core.c:99:1
[  12.345678] INFO: task fio:1234 blocked for more than 120 seconds.
[  12.345678] rcu: INFO: rcu_preempt self-detected stall on CPU
[  12.345678] I/O error, dev loop3, sector 74504 op 0x1:(WRITE) flags 0xa08800 phys_seg 1 prio class 2
[  12.345678] critical medium error, dev nvme0n1, sector 8 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 0
[  12.345678] Buffer I/O error on dev loop3, logical block 0, async page read
[  12.345678] nvme nvme0: I/O 17 QID 2 timeout, aborting
EOF
while IFS= read -r l; do
	echo "$l" | grep -qE -- "$KMSG_BAD" && fail "KMSG_BAD takes an everyday line: $l"
done <<'EOF'
[  12.345678] nvme nvme0: Shutdown timeout set to 8 seconds
[  12.345678] loop3: detected capacity change from 0 to 131072
[  12.345678] EXT4-fs (loop3): mounted filesystem with ordered data mode
[  12.345678] zram0: detected capacity change from 0 to 524288
[  12.345678] nvme nvme1: 1/0/0 default/read/poll queues
[  12.345678] fioring-test: engine-verify.sh 1234.56.78
EOF
echo "KMSG_BAD takes the 12 trouble lines and none of the 6 everyday ones"

need_root
[ -n "$(kmsg_mark runner-kmsg)" ] || skip "the kernel log cannot be written or read back"

tag=fioring-kmsg-selftest
d=$T_TMP/fixtures
mkdir -p "$d"
printf '%s\n' '#!/bin/sh' \
	"echo '<4>$tag: trouble-warn CPU 0' >/dev/kmsg" \
	>"$d/kmsg-warn.sh"
printf '%s\n' '#!/bin/sh' \
	"# kmsg-expect: $tag: trouble-ioerr, dev selftest" \
	"echo '<3>$tag: trouble-ioerr, dev selftest, sector 8' >/dev/kmsg" \
	>"$d/kmsg-expected.sh"
printf '%s\n' '#!/bin/sh' \
	"# kmsg-expect: $tag: trouble-ioerr, dev selftest" \
	"echo '<3>$tag: trouble-ioerr, dev selftest, sector 8' >/dev/kmsg" \
	"echo '<3>$tag: trouble-medium, dev nvme99n9, sector 8' >/dev/kmsg" \
	>"$d/kmsg-other.sh"
printf '%s\n' '#!/bin/sh' \
	'echo "loop98 $(cut -d" " -f1 /proc/uptime)" >>"$FIORING_TEST_DEVS"' \
	"echo '<3>$tag: trouble-ioerr, dev loop98, sector 8' >/dev/kmsg" \
	>"$d/kmsg-own-loop.sh"
printf '%s\n' '#!/bin/sh' \
	'echo "loop98 $(cut -d" " -f1 /proc/uptime)" >>"$FIORING_TEST_DEVS"' \
	"echo '<3>$tag: trouble-ioerr, dev loop97, sector 8' >/dev/kmsg" \
	>"$d/kmsg-foreign-loop.sh"
printf '%s\n' '#!/bin/sh' \
	"echo '<3>$tag: trouble-ioerr, dev loop96, sector 8' >/dev/kmsg" \
	'sleep 1.5' \
	'echo "loop96 $(cut -d" " -f1 /proc/uptime)" >>"$FIORING_TEST_DEVS"' \
	>"$d/kmsg-reused-loop.sh"
printf '%s\n' '#!/bin/sh' 'exit 0' >"$d/kmsg-quiet.sh"

# runner TEST: run.sh on one fixture, its output in $T_TMP/run.out (its
# counts kept out of the tally of the make check running this)
runner() {
	TALLY= TEST_KMSG=1 KMSG_BAD="$tag: trouble-" \
		sh "$FIORING_TOP/tests/run.sh" "$d/$1" >"$T_TMP/run.out" 2>&1
}
logs=$FIORING_TOP/build/test-logs

runner kmsg-warn.sh && fail "a trouble line during a passing test did not fail it: $(cat "$T_TMP/run.out")"
grep -q "^FAIL kmsg-warn.sh .*(exit 0, then the kernel log)" "$T_TMP/run.out" ||
	fail "kmsg-warn: no FAIL line for the kernel log: $(cat "$T_TMP/run.out")"
grep -q "$tag: trouble-warn CPU 0" "$T_TMP/run.out" ||
	fail "kmsg-warn: the line is not named: $(cat "$T_TMP/run.out")"
echo "a trouble line fails a passing test: $(grep -m1 'trouble-warn' "$T_TMP/run.out")"

runner kmsg-expected.sh || fail "a declared line failed the test: $(cat "$T_TMP/run.out")"
echo "a declared line passes: $(head -n 1 "$T_TMP/run.out")"

runner kmsg-other.sh && fail "an undeclared line beside a declared one passed: $(cat "$T_TMP/run.out")"
grep -q "trouble-medium, dev nvme99n9" "$T_TMP/run.out" ||
	fail "kmsg-other: the undeclared line is not named: $(cat "$T_TMP/run.out")"
grep "trouble-ioerr, dev selftest" "$T_TMP/run.out" &&
	fail "kmsg-other: the declared line was named too"
echo "an undeclared line beside it still fails: $(grep -m1 'trouble-medium' "$T_TMP/run.out")"

runner kmsg-own-loop.sh && fail "an I/O error on the test's own loop device passed: $(cat "$T_TMP/run.out")"
grep -q "trouble-ioerr, dev loop98" "$T_TMP/run.out" ||
	fail "kmsg-own-loop: the line is not named: $(cat "$T_TMP/run.out")"
echo "an I/O error on its own loop device fails it"

runner kmsg-foreign-loop.sh ||
	fail "an I/O error on a loop device the test did not make failed it: $(cat "$T_TMP/run.out")"
grep -A1 "^note: the kernel logged, for loop or zram devices this test did not make:" \
	"$logs/kmsg-foreign-loop.sh.log" | grep -q "dev loop97" ||
	fail "kmsg-foreign-loop: the other device's line is not noted in its log"
echo "an I/O error on another's loop device is noted, not failed"

runner kmsg-reused-loop.sh ||
	fail "an I/O error on a loop device's number before the test made it failed it: $(cat "$T_TMP/run.out")"
echo "an I/O error logged before the test made that loop device is noted, not failed"

runner kmsg-quiet.sh || fail "a quiet test failed: $(cat "$T_TMP/run.out")"

# an option is refused in one line, not run as a test
sh "$FIORING_TOP/tests/run.sh" --help >"$T_TMP/opt.out" 2>&1
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T_TMP/opt.out")" -eq 1 ] &&
	grep -q "^run.sh: unknown option '--help'" "$T_TMP/opt.out" ||
	fail "run.sh --help: exit $rc, not one line naming the option: $(cat "$T_TMP/opt.out")"
exit 0
