#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# paths-bad-input: paths that do not reach the job's data, and paths= in
# jobs it cannot serve, are refused before any I/O with one line from the
# engine naming what is wrong and a non-zero fio exit (no crash); bad
# policy and decay values are refused by fio's option parser.  Nothing is
# written: the backing files stay all zeroes.

. "$(dirname "$0")/../lib/common.sh"
need_root

loop_make 64M || skip "cannot make a loop device"
a=$DEV
back=$(losetup -n -O BACK-FILE "$a" | sed 's/ *$//')
loop_make 64M "$back" || skip "cannot make a second loop device"
b=$DEV
loop_make 32M || skip "cannot make a third loop device"
small=$DEV
file=$T_TMP/data
truncate -s 64M "$file"

# expect_error WHAT PATTERN FIO-ARGS...: a refused random-write job
expect_error() {
	what=$1 pattern=$2
	shift 2
	expect_fio_error "$what" "$pattern" --rw=randwrite --bs=4k --direct=1 --size=4M "$@"
}

expect_error "size differs" \
	"fioring: paths: $small has 33554432 bytes but $a has 67108864: not a path to the same data" \
	--filename="$a" --paths="$small"
expect_error "path does not exist" "fioring: paths: /dev/fioring-nosuch: No such file or directory" \
	--filename="$a" --paths=/dev/fioring-nosuch
expect_error "regular file as a path" "fioring: paths: $file is not a block or NVMe generic device" \
	--filename="$a" --paths="$file"
expect_error "char device, not NVMe" "fioring: paths: /dev/null: not an NVMe namespace known to libnvme" \
	--filename="$a" --paths=/dev/null
expect_error "path named twice" "fioring: paths: $b is named twice" \
	--filename="$a" --paths="$b:$b"
expect_error "job file as its own path" "fioring: paths: $a is named twice" \
	--filename="$a" --paths="$a"
expect_error "auto on a loop device" "fioring: paths=auto: $a is not an NVMe namespace libnvme knows" \
	--filename="$a" --paths=auto
expect_error "two files" "fioring: paths= needs a job with one file (it has 2)" \
	--filename="$a:$b" --paths="$b"
expect_error "trim" "fioring: paths= with trim is not supported" \
	--filename="$a" --paths="$b" --rw=randtrim
expect_error "buffered I/O" "fioring: paths= on block devices needs direct=1" \
	--filename="$a" --paths="$b" --direct=0
expect_error "unknown policy" "path_policy" \
	--filename="$a" --paths="$b" --path_policy=fastest
expect_error "decay 0" "path_decay: min value out of range" \
	--filename="$a" --paths="$b" --path_decay=0

# a path_stats file that cannot be written is reported, not ignored
"$FIO" --name=stats --ioengine="external:$FIORING_ENGINE" --filename="$a" --paths="$b" \
	--path_stats=/nonexistent-dir/p.json --rw=randread --bs=4k --size=1M --direct=1 \
	>"$T_TMP/out" 2>&1
grep -q "fioring: path_stats=/nonexistent-dir/p.json: cannot write" "$T_TMP/out" ||
	fail "unwritable path_stats: no message in: $(cat "$T_TMP/out")"
echo "unwritable path_stats: $(grep 'path_stats=' "$T_TMP/out")"

# every refusal came before any write
cmp -s -n $((64 << 20)) "$back" /dev/zero ||
	fail "a refused job wrote to the backing file"
echo "nothing written"
