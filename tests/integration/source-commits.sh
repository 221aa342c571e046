#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# source-commits.sh: the commits after the start recorded in
# .commit-rules-since have a subject of at most 72 characters in the form
# "area: what changed" and a blank line before any body
# (scripts/check-commits.sh; DEVELOPING.md, "Commit messages").  The
# checker is first shown a throwaway repository: a long subject, one
# without an area, one run into its body and a merge are named or let
# through as they should be, an exempt commit passes, a start outside the
# history is refused, and a shallow clone without the start checks what it
# has (and one that can reach its remote is deepened).  Then this
# checkout; outside a git checkout (a tarball) it skips.

. "$(dirname "$0")/../lib/common.sh"

command -v git >/dev/null 2>&1 || skip "git is not installed"
check=$FIORING_TOP/scripts/check-commits.sh
r=$T_TMP/repo

git init -q -b main "$r" || fail "git init"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
ci() { # ci MESSAGE: an empty commit with that message
	git -C "$r" commit -q --allow-empty -m "$1" || fail "git commit: $1"
}
ci "a long subject of the old days, which the rule does not reach back to touch at all, ok"
start=$(git -C "$r" rev-parse HEAD)
printf '# start\n%s\n' "$start" >"$r/.commit-rules-since"
git -C "$r" add .commit-rules-since
ci "tests: record where the commit rule starts"
ci "engine: a subject of exactly seventy-two characters, which is allowed ok"
ci "HOWTO, README: two areas"
ci "history detect: a command and its subcommand as the area"
git -C "$r" checkout -q -b side
ci "side: a commit merged below"
git -C "$r" checkout -q main
git -C "$r" merge -q --no-ff -m "Merge branch 'side' of something somewhere, far longer than seventy-two chars" side ||
	fail "git merge"
ci "engine: a subject of seventy-three characters, one more than is allowed.."
long=$(git -C "$r" rev-parse --short=12 HEAD)
ci "no area here"
noarea=$(git -C "$r" rev-parse --short=12 HEAD)
ci "sweep: a subject
run straight into its body"
nobreak=$(git -C "$r" rev-parse --short=12 HEAD)

exits_with 1 "$T_TMP/out" sh "$check" "$r"
said "$T_TMP/out" \
	"$long: subject is 73 characters, at most 72: engine: a subject of seventy-three characters, one more than is allowed.." \
	"$noarea: subject is not 'area: what changed': no area here" \
	"$nobreak: no blank line after the subject: sweep: a subject" \
	"3 of 8 commits after $(printf %.12s "$start") break the commit message rule (DEVELOPING.md, \"Commit messages\")"
[ "$(wc -l <"$T_TMP/out")" -eq 4 ] || fail "more named than the three bad commits"

# exempt the three: the rest passes
for c in $long $noarea $nobreak; do
	echo "exempt $(git -C "$r" rev-parse "$c")" >>"$r/.commit-rules-since"
done
sh "$check" "$r" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; fail "exempt commits still refused"; }

# a shallow clone is deepened from its remote to reach the start
git clone -q --depth 2 "file://$r" "$T_TMP/shallow" || fail "git clone --depth 2"
cp "$r/.commit-rules-since" "$T_TMP/shallow/"
sh "$check" "$T_TMP/shallow" >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; fail "deepened clone refused"; }
grep -q "^8 commits after " "$T_TMP/out" || fail "the deepened clone: $(cat "$T_TMP/out")"
# and one that cannot be deepened checks the commits it has
git clone -q --depth 2 "file://$r" "$T_TMP/shallow2" || fail "git clone --depth 2"
git -C "$T_TMP/shallow2" remote remove origin
cp "$r/.commit-rules-since" "$T_TMP/shallow2/"
exits_with 0 "$T_TMP/out" sh "$check" "$T_TMP/shallow2"
grep -q "^note: shallow clone without $start: checking the 2 commits present$" "$T_TMP/out" ||
	fail "the shallow clone was not said"

# a start that is not in the history of a full clone is refused
printf '%s\n' 0123456789abcdef0123456789abcdef01234567 >"$r/.commit-rules-since"
sh "$check" "$r" >"$T_TMP/out" 2>&1 && fail "a start outside the history passed: $(cat "$T_TMP/out")"
grep -q "is not in this history" "$T_TMP/out" || fail "unknown start: $(cat "$T_TMP/out")"

# outside a git checkout the checker skips with a reason
mkdir "$T_TMP/tarball"
exits_with 77 "$T_TMP/out" sh "$check" "$T_TMP/tarball"
grep -q "is not a git checkout" "$T_TMP/out" || fail "no reason given: $(cat "$T_TMP/out")"

# this checkout
sh "$check" "$FIORING_TOP" >"$T_TMP/out" 2>&1
rc=$?
cat "$T_TMP/out"
[ $rc -ne 77 ] || skip "$(tail -n 1 "$T_TMP/out")"
[ $rc -eq 0 ] || fail "commits break the commit message rule (listed above)"
pass "$(tail -n 1 "$T_TMP/out")"
