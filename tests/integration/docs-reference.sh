#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# docs-reference.sh: HOWTO.md documents every option the programs take and
# every column the results writer emits: each command `fioring-bench
# --help` lists and each subcommand `fioring-bench history --help` lists,
# each --option that `fioring-bench [COMMAND] --help` and `fioring-bench
# history SUBCOMMAND --help` print, each engine option of the options
# table in engines/fioring.c (`name` or `name=`), and each results.csv
# column (`name`): those of
# harness/results/results.c's fixed[] table and the req_col/eff_col of
# each row of harness/results/dims.c.  A missing item is named with where
# it comes from, so that a branch that adds one sees what to document.
# The check is first shown a copy of HOWTO.md with one item of each kind
# renamed away, and must name exactly those five.

. "$(dirname "$0")/../lib/common.sh"
need_bench

howto=$FIORING_TOP/HOWTO.md
engine_src=$FIORING_TOP/engines/fioring.c
results_src=$FIORING_TOP/harness/results/results.c
dims_src=$FIORING_TOP/harness/results/dims.c

# the commands, as `fioring-bench --help` lists them
cmds=$("$bench" --help | awk '/^Commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { exit }')
[ "$(echo $cmds | wc -w)" -ge 4 ] || fail "only these commands read from fioring-bench --help: $cmds"

# the history's subcommands, as `fioring-bench history --help` lists them
subs=$("$bench" history --help | awk '/^Subcommands:/ { f = 1; next } f && /^  [a-z]/ { print $1 } f && /^$/ { exit }')
[ "$(echo $subs | wc -w)" -ge 5 ] || fail "only these history subcommands read: $subs"

# the items, one per line: "--opt<TAB>where", "engine NAME", "column NAME"
{
	for cmd in $cmds; do
		echo "command $cmd"
	done
	for sub in $subs; do
		echo "subcommand $sub"
	done
	{
		for cmd in "" $cmds; do
			# shellcheck disable=SC2086
			"$bench" $cmd --help 2>&1 |
				grep -oE -- '--[a-z][a-z0-9-]*' | sort -u |
				sed "s|\$|	fioring-bench${cmd:+ $cmd} --help|"
		done
		for sub in $subs; do
			"$bench" history "$sub" --help 2>&1 |
				grep -oE -- '--[a-z][a-z0-9-]*' | sort -u |
				sed "s|\$|	fioring-bench history $sub --help|"
		done
	} | sort -u -k1,1
	# .name = "..." inside the engine's struct fio_option table
	sed -n '/^static struct fio_option options\[\]/,/^};/p' "$engine_src" |
		sed -n 's/^[[:space:]]*\.name[[:space:]]*=[[:space:]]*"\([a-z_0-9]*\)".*/engine \1/p'
	# S(name), I(name), N(name) inside the fixed[] table, then each dims
	# row's columns (dim_knob's are formats, documented as knob_ATTR_req)
	{
		sed -n '/^static const struct column fixed\[\]/,/^};/p' "$results_src" |
			grep -oE '\b[SIN]\([a-z_0-9]+\)' | sed 's/^.(\(.*\))$/\1/'
		grep -oE '\.(req|eff)_col = "[a-z_0-9]+"' "$dims_src" | cut -d'"' -f2
	} | sort -u | sed 's/^/column /'
} >"$T_TMP/items"

n_opt=$(grep -c '^--' "$T_TMP/items")
n_eng=$(grep -c '^engine ' "$T_TMP/items")
n_col=$(grep -c '^column ' "$T_TMP/items")
[ "$n_opt" -ge 30 ] || fail "only $n_opt --options read from the programs' --help"
[ "$n_eng" -ge 25 ] || fail "only $n_eng engine options read from $engine_src"
[ "$n_col" -ge 60 ] || fail "only $n_col columns read from $results_src and $dims_src"

# missing FILE: the items FILE does not document, one line each
missing() {
	while IFS= read -r item; do
		case $item in
		--*)
			opt=${item%%	*}
			grep -qE -- "(^|[^a-z0-9-])$opt([^a-z0-9-]|\$)" "$1" ||
				echo "option $opt (${item#*	})" ;;
		"engine "*)
			grep -qE "\`${item#engine }[\`=]" "$1" ||
				echo "engine option ${item#engine } ($engine_src)" ;;
		"command "*)
			grep -qE "fioring-bench ${item#command }([^a-z-]|\$)" "$1" ||
				echo "command fioring-bench ${item#command } (fioring-bench --help)" ;;
		"subcommand "*)
			grep -qE "history ${item#subcommand }([^a-z-]|\$)" "$1" ||
				echo "subcommand history ${item#subcommand } (fioring-bench history --help)" ;;
		"column "*)
			grep -qF "\`${item#column }\`" "$1" ||
				echo "results.csv column ${item#column } ($results_src)" ;;
		esac
	done <"$T_TMP/items"
}

# the check must see a missing command, subcommand, option, engine option
# and column
sed -e 's/fioring-bench restore/fioring-bench restorx/g' -e 's/--fio-timeout/--fio-tmo/g' \
	-e 's/`hipri`/`hipr`/g' -e 's/`ks_aqu_sz`/`ks_aqu`/g' -e 's/history ack/history acx/g' \
	"$howto" >"$T_TMP/howto.md"
missing "$T_TMP/howto.md" >"$T_TMP/got"
printf '%s\n' "command fioring-bench restore (fioring-bench --help)" \
	"subcommand history ack (fioring-bench history --help)" \
	"option --fio-timeout (fioring-bench run --help)" \
	"engine option hipri ($engine_src)" \
	"results.csv column ks_aqu_sz ($results_src)" >"$T_TMP/want"
diff "$T_TMP/want" "$T_TMP/got" >/dev/null ||
	fail "with five items renamed away the check said: $(cat "$T_TMP/got")"

missing "$howto" >"$T_TMP/missing"
if [ -s "$T_TMP/missing" ]; then
	echo "HOWTO.md does not document:"
	sed 's/^/  /' "$T_TMP/missing"
	fail "$(wc -l <"$T_TMP/missing") items missing from HOWTO.md (listed above)"
fi
pass "HOWTO.md documents $(echo $cmds | wc -w) commands, $n_opt --options, $n_eng engine options and $n_col results.csv columns"
