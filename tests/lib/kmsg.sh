# SPDX-License-Identifier: GPL-2.0
#
# kmsg.sh: sourced by the test runners (tests/run.sh on the host, the NVMe
# testbed's /init in the guest).  Marks the kernel log before a test and,
# after it, names the new lines that show the kernel in trouble: a WARN,
# a BUG, an oops, a sanitizer report, a hung task or an I/O error.  A test
# that provokes some of these on purpose (it removes an NVMe controller, it
# fails a loop device's backing file) names each in a line of its own,
#   # kmsg-expect: EXTENDED-REGEX
# and only lines matching one of those are let through, for that test only.
# POSIX sh and busybox: the guest has nothing else.
# KMSG_BAD, the lines that show trouble, may be set beforehand: the runner's
# own test (tests/integration/runner-kmsg.sh) does, so that the lines it
# writes into the kernel log fail no other test run on the machine.

: "${KMSG_BAD:=WARNING:|(^|[] ])BUG:|kernel BUG at|Oops|general protection fault|\
Kernel panic|UBSAN:|KASAN:|kmemleak:|INFO: task .* blocked|rcu.* stall|\
soft lockup|hard LOCKUP|I/O error|[a-z] error, dev |QID [0-9]+ timeout}"

# kmsg_mark NAME: writes a line naming this run of test NAME into the kernel
# log and prints it (the MARK of kmsg_since and kmsg_bad); prints nothing
# when the log cannot be written or read back (not root)
kmsg_mark() {
	m="fioring-test: $1 $$.$(cut -d" " -f1 /proc/uptime)"
	{ echo "$m" >/dev/kmsg; } 2>/dev/null || return 0
	dmesg 2>/dev/null | grep -qF "$m" && echo "$m"
}

# kmsg_since MARK: the kernel log after MARK
kmsg_since() {
	dmesg | awk -v m="$1" 'found { print } index($0, m) { found = 1 }'
}

# kmsg_trouble MARK TEST: the lines after MARK that show trouble and that
# TEST (the test's script) does not expect, one a line
kmsg_trouble() {
	expect=$(sed -n 's/^# kmsg-expect: //p' "$2" 2>/dev/null | tr "\n" "|" | sed "s/|$//")
	kmsg_since "$1" | grep -E -- "$KMSG_BAD" |
		if [ -n "$expect" ]; then grep -v -E -- "$expect"; else cat; fi
}

# kmsg_bad MARK TEST [OWN]: kmsg_trouble's lines, nothing when all is well.
# With OWN, the file of the loop and zram devices the test made (a line
# "NAME UPTIME" each, as scripts/devices.sh's dev_own writes them), a line
# about another loop or zram device, or about one of these logged before
# the test made it (its number was another's then), is left out: on a
# shared machine another process's device is not this test's doing.
# kmsg_others prints those lines.
kmsg_bad() {
	kmsg_trouble "$1" "$2" | kmsg_split "${3:-}" own
}

kmsg_others() {
	kmsg_trouble "$1" "$2" | kmsg_split "$3" other
}

# kmsg_split OWN own|other: of the kernel log lines read ("[SECONDS] ..."),
# those that concern the test (own) or another process's loop or zram
# device (other); a second's slack between the two clocks
kmsg_split() {
	awk -v own="$1" -v want="$2" '
	BEGIN {
		if (own != "")
			while ((getline l < own) > 0) {
				split(l, f, " ")
				since[f[1]] = f[2] + 0
			}
	}
	{
		side = "own"
		if (own != "" && match($0, / dev (loop|zram)[0-9]+/)) {
			d = substr($0, RSTART + 5, RLENGTH - 5)
			t = substr($0, 2, index($0, "]") - 2) + 0
			if (!(d in since) || t < since[d] - 1)
				side = "other"
		}
		if (side == want)
			print
	}'
}
