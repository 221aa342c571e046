# SPDX-License-Identifier: GPL-2.0
#
# gate.sh: sourced by the gate tests after common.sh.  gate_expect runs
# `fioring-bench gate` and holds its exit status to the one wanted.

need_bench

# gate_run NAME ARGS...: runs gate ARGS with its output in $T_TMP/NAME.out,
# shown, and its exit status in got
gate_run() {
	name=$1
	shift
	"$bench" gate "$@" >"$T_TMP/$name.out" 2>&1
	got=$?
	cat "$T_TMP/$name.out"
}

# gate_expect WANT NAME ARGS...: runs gate ARGS, output in $T_TMP/NAME.out
gate_expect() {
	want=$1
	shift
	gate_run "$@"
	[ "$got" -eq "$want" ] || fail "$name: gate exited $got, want $want"
}

# gate_expect_not BAD NAME ARGS...: runs gate ARGS and fails on exit status
# BAD or on bad arguments (2): for live sweeps, where "cannot judge" is a
# fair answer on a loaded machine but the wrong verdict never is
gate_expect_not() {
	bad=$1
	shift
	gate_run "$@"
	[ "$got" -ne "$bad" ] && [ "$got" -ne 2 ] ||
		fail "$name: gate exited $got, must not be $bad (or 2)"
}
