#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# history-run-db.sh: `fioring-bench run --db FILE --label K=V` on two tiny
# sweeps of an embedded loop device (one cell, two 1-s runs each): each
# sweep adds itself to the history when it ends, with its labels, its
# kernel version string, the machine's settings (system: the command
# line, writeback, the loop module, the kernel config) and its target
# named "embedded-loop-64MiB", and the second is gated against the first
# through the database (`--baseline db:commit=one`), its cell paired
# whatever the loop device's number, with no note of settings that
# differ.  A --label without --db, and a database of a newer schema, are
# refused before anything is made: exit 2, one line, no results directory.

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
db=$T_TMP/h.db

# sweep NAME ARGS...: one tiny sweep into $T_TMP/NAME; its exit status in rc
sweep() {
	name=$1
	shift
	"$bench" run --embedded loop --embedded-size 64M \
		--job "$FIORING_TOP/jobs/randread-qd1.fio" --engine io_uring \
		--iostats 1 --repeat 2 --runtime 1 --out "$T_TMP/$name" \
		--state "$T_TMP/journal" "$@" >"$T_TMP/$name.log" 2>&1
	rc=$?
	cat "$T_TMP/$name.log"
}

sweep one --db "$db" --label commit=one --label branch=main
[ $rc -eq 0 ] || fail "the first sweep exited $rc"
grep -q "^fioring-bench run: added to the history $db as sweep 1$" "$T_TMP/one.log" ||
	fail "the first sweep does not say it was added"
sweep two --db "$db" --label commit=two
[ $rc -eq 0 ] || fail "the second sweep exited $rc"

"$bench" history ls --db "$db" >"$T_TMP/ls.out" || fail "history ls failed"
cat "$T_TMP/ls.out"
[ "$(awk 'NR > 1' "$T_TMP/ls.out" | wc -l)" -eq 2 ] || fail "want two sweeps in the history"
grep -q '^1 .* 2 .*embedded-loop-64MiB  *branch=main commit=one$' "$T_TMP/ls.out" ||
	fail "sweep 1: not 2 runs of embedded-loop-64MiB labelled branch=main commit=one"
[ "$(jqr "$T_TMP/one/meta.json" .kernel_version)" = "$(uname -v)" ] ||
	fail "meta.json's kernel_version is not uname -v"
[ "$(jqr "$T_TMP/one/meta.json" '.devices[0].size_bytes')" = 67108864 ] ||
	fail "meta.json's device size is not 64 MiB"
# the command line without the boot's names, credentials and the init's
# arguments (unit test system_snap.t has the cases)
want=$(sed 's/ -- .*//; s/^-- .*//' /proc/cmdline | tr ' ' '\n' |
	grep -v '^\(BOOT_IMAGE\|initrd\|root\|resume\)=' |
	grep -vi '^[^=]*\(passw\|passphrase\|secret\|token\|cred\|key\|username\|netroot\|iscsi\|cifsroot\)' |
	grep -v '^$' | tr '\n' ' ')
[ "$(jqr "$T_TMP/one/meta.json" .system.cmdline) " = "$want" ] ||
	fail "meta.json's system.cmdline is not /proc/cmdline's parameters ('$want')"
[ "$(jqr "$T_TMP/one/meta.json" '.system.settings["vm.dirty_ratio"]')" = \
	"$(cat /proc/sys/vm/dirty_ratio)" ] || fail "meta.json's system settings lack vm.dirty_ratio"
if [ -r /proc/config.gz ]; then
	[ "$(jqr "$T_TMP/one/meta.json" '.system.kconfig.CONFIG_BLOCK + " " + .system.kconfig_source')" = \
		"y /proc/config.gz" ] || fail "meta.json's system kconfig lacks CONFIG_BLOCK from /proc/config.gz"
fi
if [ -r /sys/module/loop/parameters/max_part ]; then
	[ "$(jqr "$T_TMP/one/meta.json" '.system.settings["loop.max_part"]')" = \
		"$(cat /sys/module/loop/parameters/max_part)" ] ||
		fail "meta.json's system settings lack loop.max_part"
fi

"$bench" history show --db "$db" 'target=embedded-loop-64MiB' >"$T_TMP/show.out" ||
	fail "history show failed"
cat "$T_TMP/show.out"
[ "$(awk 'NR > 2 && $3 == 2' "$T_TMP/show.out" | wc -l)" -eq 2 ] ||
	fail "history show: want two sweeps of 2 ok runs"

# two runs a side are too few to judge: exit 3, but the cell is paired
"$bench" gate --baseline db:commit=one --db "$db" "$T_TMP/two" \
	>"$T_TMP/gate.out" 2>&1
grc=$?
cat "$T_TMP/gate.out"
[ $grc -ne 2 ] || fail "gate --baseline db:commit=one exited 2"
grep -q "against baseline sweep 1 of $db" "$T_TMP/gate.out" || fail "gate: not against sweep 1"
grep -q '^NEW ' "$T_TMP/gate.out" && fail "gate: the cell was not paired with the stored one"
grep -q "^CANNOT  *loop[0-9]*/io_uring/randread-qd1/.*  iops: " "$T_TMP/gate.out" || fail "gate: no iops line for the cell"
grep -q 'differs* from the baseline' "$T_TMP/gate.out" &&
	fail "gate: a settings note between two sweeps of one machine"

# refused before anything is made
sweep nodb --label commit=x
[ $rc -eq 2 ] || fail "--label without --db exited $rc, want 2"
[ "$(wc -l <"$T_TMP/nodb.log")" -eq 1 ] || fail "--label without --db: not one line"
cp "$db" "$T_TMP/new.db"
printf '\000\000\000\143' | dd of="$T_TMP/new.db" bs=1 seek=60 conv=notrunc 2>/dev/null
sweep newer --db "$T_TMP/new.db"
[ $rc -eq 2 ] || fail "a newer schema: run exited $rc, want 2"
grep -q 'schema version 99' "$T_TMP/newer.log" || fail "a newer schema: not named"
[ ! -e "$T_TMP/newer" ] || fail "a newer schema: a results directory was made"

pass "run --db adds each sweep; gate --baseline db: pairs the embedded device"
