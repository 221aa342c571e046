#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# docs-no-dates.sh: HOWTO.md and DEVELOPING.md carry no figure measured on
# a particular machine on a particular day: no date (2026-12-02, Dec 2026,
# 2 December 2026) and no "on this machine".  Such a figure belongs in a
# dated note under docs/notes/, cited from the paragraph that relies on it.
# Each offending line is named, FILE:LINE.  The check is first shown a file
# with one line of each kind, and a clean one.

. "$(dirname "$0")/../lib/common.sh"

months='(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?'
pattern="[12][0-9]{3}-[01][0-9]-[0-3][0-9]|\\b$months [12][0-9]{3}\\b"
pattern="$pattern|\\b[0-3]?[0-9] $months( [12][0-9]{3})?\\b|on this machine"

# dated FILE...: the offending lines, FILE:LINE: TEXT
dated() {
	grep -nHiE "$pattern" "$@"
}

printf '%s\n' 'measured on 2026-12-02: 12 of 16' 'a note of Dec 2026' \
	'seen on 3 December' 'Measured on this machine: 0.4x' >"$T_TMP/bad.md"
printf '%s\n' 'see docs/notes/2026-12-sqpoll-wait.md' 'fio 3.41, kernel 6.12.95' \
	'a 2-core machine; CPUs 0-1; 10 s' >"$T_TMP/good.md"
[ "$(dated "$T_TMP/bad.md" | wc -l)" -eq 4 ] ||
	fail "the check missed a dated line: $(dated "$T_TMP/bad.md")"
! dated "$T_TMP/good.md" >/dev/null || fail "the check flagged: $(dated "$T_TMP/good.md")"

if dated "$FIORING_TOP/HOWTO.md" "$FIORING_TOP/DEVELOPING.md" >"$T_TMP/found"; then
	sed "s|^$FIORING_TOP/||" "$T_TMP/found"
	fail "$(wc -l <"$T_TMP/found") lines carry a date or 'on this machine' (listed above): move the figures to docs/notes/"
fi
pass "no dates and no 'on this machine' in HOWTO.md and DEVELOPING.md"
