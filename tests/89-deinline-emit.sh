# deinline/emit.sh on a run written by hand, so that every commit is known
# in advance: the kept trials on one file share a commit, where the first
# of them was kept; a trial joins an earlier commit only when no commit
# after it touches a file of its; a header's trial and a subsystem's group
# with the same name ("fs") stay apart; a trial undone by a failed boot,
# and one kept after the last boot, are left out.  The series applies
# with git am, in order, and gives the tree the kept trials made.  A
# commit that saves less than MIN_SAVING joins its subsystem's commit
# after or before it, or is dropped.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline-emit)
cd "$TOP"
export TKSIZE="$BUILD/tools/tksize"
t=$d/run src=$d/src work=$d/work
mkdir -p "$t/changes" "$t/confirmed" "$src/fs" "$src/mm" "$src/include/linux"
for f in fs/a.c fs/b.c mm/c.c include/linux/fs.h; do seq 1 60 | sed 's/^/line /' >"$src/$f"; done
cp -a "$src" "$work"
git -C "$work" init -q
git -C "$work" -c user.name=t -c user.email=t@t commit -q --allow-empty -m empty
git -C "$work" add -A
git -C "$work" -c user.name=t -c user.email=t@t commit -q -m base
tab=$(printf '\t')
# candidates: id file line name kind mode home ... predicted status body
# subsys, under rank.sh's header line; then with subsys moved second and
# predicted last, so that a reader counting columns would read others
cand() {
	printf '%s\t%s\t1\tf%s\t%s\t%s\t%s\t2\t1\t30\t0\t0\t1\t%s\tok\t10\t%s\n' \
		"$1" "$2" "$1" "$([ "$3" = move ] && echo header || echo c)" "$3" "$4" "${1}0" "$5"
}
{
	printf '# id\tfile\tline\tname\tkind\tmode\thome\tsites\tunits\tbytes\tcopies\tcopy_bytes\trebuilds\tpredicted\tstatus\tbody\tsubsys\n'
	cand 1 fs/a.c noinline - fs
	cand 2 fs/b.c noinline - fs
	cand 3 fs/a.c noinline - fs
	cand 4 fs/a.c noinline - fs
	cand 5 fs/b.c noinline - fs
	cand 6 fs/a.c noinline - fs
	cand 7 include/linux/fs.h move mm/c.c mm
	cand 8 mm/c.c noinline - mm
	cand 9 mm/c.c noinline - mm
} | awk -F'\t' -v OFS='\t' '{ out = $1 OFS $17; for (i = 2; i <= NF; i++) if (i != 14 && i != 17) out = out OFS $i
	print out OFS $14 }' >"$t/candidates"
[ "$(head -n 1 "$t/candidates" | cut -f2)" = subsys ] || fail "the candidates' columns were not moved"
# trial TID FILE:LINE...: edit those lines in the work tree, as a kept
# trial of the advisor would, with its diff, table and journal lines
trial() {
	tid=$1
	shift
	for id in $(echo "$tid" | tr '+' ' '); do
		printf 'try\t%s\tf%s\tx.c:1\tnoinline\t-\t%s0\n' "$id" "$id" "$id" >>"$t/journal"
	done
	for at in "$@"; do sed -i "${at#*:}s/\$/ trial $tid/" "$work/${at%%:*}"; done
	git -C "$work" diff >"$t/changes/$tid.diff"
	git -C "$work" -c user.name=t -c user.email=t@t commit -q -a -m "$tid"
	printf 'Function old new delta\nf%s - 9 +9\n' "$tid" >"$t/changes/$tid.bloat"
	printf 'kept\t%s\tf()\t-%s00\t0\t0\t-%s\t30\n' "$tid" "${tid%%+*}" "${tid%%+*}" >>"$t/journal"
}
trial 1 fs/a.c:5
trial 2 fs/b.c:5
trial 3 fs/a.c:8
trial 4+5 fs/a.c:20 fs/b.c:20
trial 6 fs/a.c:30
trial 7 include/linux/fs.h:3 mm/c.c:50
cp -a "$work" "$d/want"
# 8: kept, then undone by a failed boot (its files back as they were)
trial 8 mm/c.c:10
printf 'boot\tFAIL\t8\tno shell prompt\nunkept\t8\n' >>"$t/journal"
git -C "$work" -c user.name=t -c user.email=t@t revert --no-edit HEAD >/dev/null
printf 'boot\tPASS\t1,2,3,4+5,6,7\n' >>"$t/journal"
echo 7 >"$t/confirmed/.last"
# 9: kept after the last boot, so not confirmed
trial 9 mm/c.c:12
cp -a "$t" "$d/small"
MIN_SAVING=0 deinline/emit.sh "$t" "$src" >"$d/out" || fail "emit.sh exited $?"
cat >"$d/want.commits" <<'W'
file fs/a.c 1 3
file fs/b.c 2
subsys fs 4+5
file fs/a.c 6
file include/linux/fs.h 7
W
diff -u "$d/want.commits" "$t/commits" || fail "the commits are not the ones worked out by hand"
ok "trials 1 and 3 share fs/a.c's commit; 6 does not (the group 4+5 touches fs/a.c after it); fs.h's and fs's apart; 8 and 9 left out"
for p in "$t"/series/*.patch; do sed -n 's/^Subject: \[PATCH [0-9\/]*\] //p' "$p"; done >"$d/subjects"
cat >"$d/want.subjects" <<'W'
fs/a: uninline f1(), f3()
fs/b: uninline f2()
fs: uninline f4(), f5()
fs/a: uninline f6()
fs: uninline f7()
W
diff -u "$d/want.subjects" "$d/subjects" || fail "the subjects are not the ones worked out by hand"
sed -n 's/^Trial \([0-9+]*\): predicted \([0-9]*\), functions \(-*[0-9]*\), .*/\1 \2 \3/p' "$t"/series/*.patch >"$d/trials"
printf '1 10 -1\n3 30 -3\n2 20 -2\n4+5 90 -4\n6 60 -6\n7 70 -7\n' >"$d/want.trials"
diff -u "$d/want.trials" "$d/trials" || fail "each trial's figures are not in its commit, once"
[ "$(grep -c '^  f[0-9+]* - 9 +9$' "$t"/series/0001-*.patch)" = 2 ] || fail "the first patch lacks a table of its two trials"
expect_grep '^Predicted saving: 40 bytes\. Measured in 2 trials' "$t/series/0001-fs-a-uninline-f1-f3.patch" "the folded commit's sums"
ok "subjects, and each trial's figures and table in its commit"
# under 8 bytes: 1+3 (4 bytes) joins the fs group 4+5, the first later
# commit to touch fs/a.c, and so does 2 (fs/b.c), each in the order kept;
# 6 (fs/a.c, touched by nothing after it) joins that fs commit before it;
# 7 (7 bytes, mm) has no mm commit and nothing after it: dropped
cp -a "$src" "$d/src.small"
MIN_SAVING=8 deinline/emit.sh "$d/small" "$src" >"$d/small.out" || fail "emit.sh with MIN_SAVING=8 exited $?"
cat "$d/small.out"
printf 'subsys fs 1 2 3 4+5 6\n' >"$d/want.small"
diff -u "$d/want.small" "$d/small/commits" || fail "MIN_SAVING=8: the commits are not the ones worked out by hand"
[ "$(cat "$d/small/emit.dropped")" = 7 ] || fail "MIN_SAVING=8: dropped '$(cat "$d/small/emit.dropped")', not trial 7"
[ "$(grep -c '\.patch$' "$d/small/series/series")" = 1 ] || fail "MIN_SAVING=8: not 1 patch"
p1=$d/small/series/0001-fs-uninline-6-functions.patch
expect_grep '^Predicted saving: 210 bytes\. Measured in 5 trials' "$p1" "the folded commit's sums"
# applied, it gives every kept trial's lines but 7's
git -C "$d/src.small" init -q
git -C "$d/src.small" add -A
git -C "$d/src.small" -c user.name=t -c user.email=t@t commit -q -m base
git -C "$d/src.small" -c user.name=t -c user.email=t@t am -q "$p1" || fail "the MIN_SAVING=8 patch does not apply with git am"
for f in fs/a.c fs/b.c mm/c.c include/linux/fs.h; do
	sed 's/ trial 7$//' "$d/want/$f" | cmp -s - "$d/src.small/$f" || fail "$f after the MIN_SAVING=8 patch is not the kept trials' less 7's"
done
ok "a commit under MIN_SAVING joins the first later commit of its subsystem that touches its files, or the one before it, in the order kept, or is dropped; the patch applies"
expect_grep '^Cost at run time: where gcc expanded them, 12 calls and returns' "$p1" "the calls the commit adds"
# the series onto the tree it was made from, in order
git -C "$src" init -q
git -C "$src" add -A
git -C "$src" -c user.name=t -c user.email=t@t commit -q -m base
for p in $(grep -v '^#' "$t/series/series"); do
	git -C "$src" -c user.name=t -c user.email=t@t am -q "$t/series/$p" || fail "$p does not apply with git am"
done
for f in fs/a.c fs/b.c mm/c.c include/linux/fs.h; do
	cmp -s "$src/$f" "$d/want/$f" || fail "$f after the series is not as the kept trials left it"
done
ok "the series applies with git am in order and gives the kept trials' tree"
# a ranking without its header line: one line naming the file and column
sed -i 1d "$t/candidates"
if deinline/emit.sh "$t" "$d/src" >"$d/headless" 2>&1; then fail "emit.sh read candidates without a header line"; fi
expect_grep "^$(ere "$t/candidates"): no column 'id' in its header line$" "$d/headless" "a ranking without its header"
ok "the candidates' columns are read by their header's names"
rm -rf "$d"
