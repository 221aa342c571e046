#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-commits.sh [DIR]: the commit messages after the start recorded in
# DIR/.commit-rules-since (DIR: the checkout, by default this script's)
# follow DEVELOPING.md's rule: a subject of at most 72 characters in the
# form "area: what changed", then a blank line before any body.  Earlier
# history is left as it is.  Every commit that breaks it is named,
# "HASH: what is wrong: SUBJECT", and the exit status is 1; 0 when all
# follow it; 77 with the reason when DIR is no git checkout (a tarball) or
# git is missing.  Merge commits are git's own text and are not checked.
#
# .commit-rules-since holds the start's full hash on a line of its own and
# may name commits let through, "exempt HASH" (a subject that landed before
# the check ran); "#" starts a comment.  In a shallow clone that lacks the
# start, the history is deepened from its remote when that works, else the
# commits present are checked (all of them come after the start).

set -u

top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
since_file=$top/.commit-rules-since

command -v git >/dev/null 2>&1 || { echo "git is not installed: commits not checked"; exit 77; }
[ "$(git -C "$top" rev-parse --is-inside-work-tree 2>/dev/null)" = true ] ||
	{ echo "$top is not a git checkout: commits not checked"; exit 77; }
[ -f "$since_file" ] || { echo "$since_file is missing: no start to check from"; exit 1; }

since=$(sed -e 's/#.*//' "$since_file" | awk 'NF == 1 && $1 ~ /^[0-9a-f]+$/ { print $1; exit }')
exempt=$(sed -e 's/#.*//' "$since_file" | awk '$1 == "exempt" { print $2 }')
[ -n "$since" ] || { echo "$since_file names no start commit"; exit 1; }

has() {
	git -C "$top" cat-file -e "$1^{commit}" 2>/dev/null
}

range="$since..HEAD"
if ! has "$since"; then
	if [ "$(git -C "$top" rev-parse --is-shallow-repository)" != true ]; then
		echo "the start $since of $since_file is not in this history"
		exit 1
	fi
	git -C "$top" fetch --quiet --unshallow >/dev/null 2>&1 || :
	if ! has "$since"; then
		echo "note: shallow clone without $since: checking the $(git -C "$top" rev-list --count HEAD) commits present"
		range=HEAD
	fi
fi
if [ "$range" != HEAD ] && ! git -C "$top" merge-base --is-ancestor "$since" HEAD; then
	echo "the start $since of $since_file is not an ancestor of HEAD"
	exit 1
fi

# an area: a word or path, or up to three of them ("history detect")
area='[A-Za-z0-9_.+/-]+( [A-Za-z0-9_.+/-]+){0,2}'

bad=0
checked=0
for c in $(git -C "$top" rev-list --no-merges "$range"); do
	checked=$((checked + 1))
	case " $(echo $exempt) " in *" $c "*) continue ;; esac
	git -C "$top" log -1 --format=%B "$c" >"${TMPDIR:-/tmp}/check-commits.$$"
	subject=$(sed -n 1p "${TMPDIR:-/tmp}/check-commits.$$")
	second=$(sed -n 2p "${TMPDIR:-/tmp}/check-commits.$$")
	lines=$(wc -l <"${TMPDIR:-/tmp}/check-commits.$$")
	why=
	n=$(printf '%s' "$subject" | wc -m)
	[ "$n" -le 72 ] || why="subject is $n characters, at most 72"
	printf '%s\n' "$subject" | grep -qE "^$area(, $area)*: [^ ]" ||
		why="${why:+$why; }subject is not 'area: what changed'"
	[ "$lines" -le 1 ] || [ -z "$second" ] || why="${why:+$why; }no blank line after the subject"
	if [ -n "$why" ]; then
		echo "$(git -C "$top" rev-parse --short=12 "$c"): $why: $subject"
		bad=$((bad + 1))
	fi
done
rm -f "${TMPDIR:-/tmp}/check-commits.$$"
if [ "$bad" -gt 0 ]; then
	echo "$bad of $checked commits after $(printf %.12s "$since") break the commit message rule (DEVELOPING.md, \"Commit messages\")"
	exit 1
fi
echo "$checked commits after $(printf %.12s "$since") follow the commit message rule"
