#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# history-bisect.sh: `git bisect run fioring-bench bisect` end to end over
# a small generated git history of a job file, six commits of which the
# fourth adds a `rate_iops=500` cap: each step sweeps the job on an
# embedded loop device (five 1-s runs) and gates it against the sweep of
# the first commit, and git bisect names the fourth commit as the first
# bad one.  A gate that cannot judge (two runs, below the gate's five)
# exits 125 (skip), and a missing --good 128 (stops the bisect).

. "$(dirname "$0")/../lib/common.sh"

need_bench
need_root
command -v git >/dev/null || skip "git not installed (Debian package git)"

repo=$T_TMP/repo
mkdir -p "$repo"
cd "$repo" || fail "cd $repo"
git init -q . && git config user.email t@example.invalid && git config user.name t ||
	fail "git init"
sed 's/^\[randread-qd1\]$/[bisected]/' "$FIORING_TOP/jobs/randread-qd1.fio" >job.fio
git add job.fio && git commit -q -m "commit 1" || fail "git commit 1"
first=$(git rev-parse HEAD)
for i in 2 3 4 5 6; do
	echo "; step $i" >>job.fio
	[ $i -eq 4 ] && echo "rate_iops=500" >>job.fio
	git commit -q -am "commit $i" || fail "git commit $i"
	[ $i -eq 4 ] && capped=$(git rev-parse HEAD)
done
last=$(git rev-parse HEAD)

# the run options of every sweep
set -- --embedded loop --embedded-size 64M --job "$repo/job.fio" --engine io_uring \
	--iostats 1 --runtime 1 --state "$T_TMP/journal"

git checkout -q "$first" || fail "checkout"
"$bench" run "$@" --repeat 5 --out "$T_TMP/good" >"$T_TMP/good.log" 2>&1 ||
	{ cat "$T_TMP/good.log"; fail "the good sweep failed"; }

"$bench" bisect "$@" --max-drop 50 >"$T_TMP/out" 2>&1
rc=$?
cat "$T_TMP/out"
[ $rc -eq 128 ] || fail "bisect without --good exited $rc, want 128"

"$bench" bisect --good "$T_TMP/good" --max-drop 50 --rounds 1 --out "$T_TMP/skip" \
	"$@" --repeat 2 >"$T_TMP/out" 2>&1
rc=$?
cat "$T_TMP/out"
[ $rc -eq 125 ] || fail "a gate that cannot judge: bisect exited $rc, want 125"
grep -q 'cannot judge after 1 sweeps: skip' "$T_TMP/out" || fail "the skip is not said"

git bisect start "$last" "$first" >/dev/null || fail "git bisect start"
# one step: a sweep of the checked-out job into its own directory
cat >"$T_TMP/step.sh" <<EOF
#!/bin/sh
exec "$bench" bisect --good "$T_TMP/good" --max-drop 50 \\
	--out "$T_TMP/b-\$(git rev-parse --short HEAD)" "\$@"
EOF
git bisect run sh "$T_TMP/step.sh" "$@" >"$T_TMP/bisect.out" 2>&1
rc=$?
cat "$T_TMP/bisect.out"
git bisect reset >/dev/null 2>&1
[ $rc -eq 0 ] || fail "git bisect run exited $rc"
grep -q "^$capped is the first bad commit" "$T_TMP/bisect.out" ||
	fail "git bisect did not name the commit that adds rate_iops ($capped)"
grep -q 'bisect: good' "$T_TMP/bisect.out" && grep -q 'bisect: bad' "$T_TMP/bisect.out" ||
	fail "the steps do not say good and bad"
pass
