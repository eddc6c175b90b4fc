# tksize advisor: a make deinline run's figures from its journal, on a
# journal written by hand so that every figure is known in advance:
# builds and wall time (refused edits and boot drops built nothing), the
# wall time of every run (TDIR/wall),
# candidates kept (a trial undone by a failed boot is not, until kept
# again), text saved, drops by reason, trials queued, and Spearman's rho
# over the measured single-candidate trials (groups, failed builds,
# refused edits and failed boots left out).  Bad journals are one-line
# errors naming the file and line.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch advisor-figures)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
t=$d/run
mkdir -p "$t"
tab=$(printf '\t')
# predicted and measured (-DFUNCS) of the singles that count: 1 400/40,
# 3 200/10, 4 100/20, 13 100/20 (a tie on both sides), 7 50/-3.  Their
# ranks, ties at their mean: predicted 5,4,2.5,2.5,1 and measured
# 5,2,3.5,3.5,1; both have mean 3, so rho = sum(dp*dm) / sqrt(sum(dp^2) *
# sum(dm^2)) = 6.5 / sqrt(9.5 * 9.5) = 0.68.  Were 2 (dropped at its
# boot), 12 (undone by a failed boot, not tried again), 8 (a refused
# edit), 9 (a failed build) or the group 5+6 counted, or ties ranked
# apart, rho would differ.
sed "s/|/$tab/g" >"$t/journal" <<'J'
try|1|a|lib/x.c:1|noinline|-|400
kept|1|a()|-64|0|0|-40|10
try|2|b|lib/x.c:2|noinline|-|300
kept|2|b()|-32|0|0|-30|10
boot|FAIL|1 2|no shell prompt
unkept|1
unkept|2
try|1|a|lib/x.c:1|noinline|-|400
kept|1|a()|-64|0|0|-40|10
boot|PASS|1
try|2|b|lib/x.c:2|noinline|-|300
kept|2|b()|-32|0|0|-30|10
boot|FAIL|2|no shell prompt
unkept|2
dropped|2|-|0|0|0|0|0|boot failed: no shell prompt
try|3|c|lib/x.c:3|noinline|-|200
kept|3|c()|-32|0|0|-10|10
try|4|d|lib/x.c:4|noinline|-|100
kept|4|d()|-32|0|0|-20|10
try|5|e|include/linux/y.h:1|move|fs/y.c|150
try|6|f|include/linux/y.h:2|move|fs/y.c|150
kept|5+6|e() f()|-128|0|0|-120|10
try|7|g|lib/x.c:7|noinline|-|50
dropped|7|g()|0|0|0|3|10|the functions did not shrink (3 bytes)
try|8|h|lib/x.c:8|noinline|-|1000
dropped|8|h|0|0|0|0|0|edit: h() is defined by a macro
try|9|i|lib/x.c:9|noinline|-|900
dropped|9|i()|0|0|0|0|10|build failed: lib/x.c:9: error
try|10|j|include/linux/z.h:1|move|mm/z.c|100
try|11|k|include/linux/z.h:2|move|mm/z.c|100
split|10+11|j() k()|0|0|0|-5|10|saved 5 of the 200 predicted
try|12|l|lib/x.c:12|noinline|-|250
kept|12|l()|-32|0|0|-25|10
boot|FAIL|12|no shell prompt
unkept|12
try|13|m|lib/x.c:13|noinline|-|100
kept|13|m()|-32|0|0|-20|10
J
printf '10\n11\n12\n' >"$t/pending"
"$d/tksize" advisor "$t" >"$d/out" || fail "tksize advisor exited $?"
cat "$d/out"
cat >"$d/want" <<'W'
trials: 12 builds, 2m00s of wall time; 1 groups split
kept: 6 candidates, 288 bytes of text saved; boots: 1 PASS, 3 FAIL
kept trials: 1100 bytes predicted, 210 measured (text symbols)
dropped: 1, boot failed
dropped: 1, the functions did not shrink
dropped: 1, edit
dropped: 1, build failed
spearman: 0.68 over the 5 best-predicted single-candidate trials
per build: 24.0 bytes of text saved a trial build
queued: 3 trials left
W
diff -u "$d/want" "$d/out" || fail "tksize advisor's figures are not the ones worked out by hand"
ok "figures and Spearman's rho as worked out by hand"
# the wall time of every run, ranking and boots included, which
# advisor.sh keeps in TDIR/wall (2h03m04s here), after the builds' own
echo 7384 >"$t/wall"
"$d/tksize" advisor "$t" >"$d/out" || fail "tksize advisor exited $?"
sed -n 2p "$d/out" | grep -qx 'wall: 2h03m over every run, ranking and boots included' ||
	fail "the second line is not the wall time of TDIR/wall: $(sed -n 2p "$d/out")"
[ "$(grep -v '^wall: ' "$d/out")" = "$(cat "$d/want")" ] || fail "TDIR/wall changed another figure"
echo soon >"$d/wall.bad"
cp "$t/wall" "$d/wall.good" && cp "$d/wall.bad" "$t/wall"
"$d/tksize" advisor "$t" >/dev/null 2>"$d/err" && fail "a wall file of 'soon' was accepted"
expect_grep "^tksize: $t/wall:1: 'soon' is not a number$" "$d/err" "bad wall file"
cp "$d/wall.good" "$t/wall"
ok "TDIR/wall's time is printed, and a bad one is a one-line error naming it"

# the report carries the run: make report's text, report.json and the
# HTML scatter plot, one mark per measured trial (1, 3, 4, 7, 12 and 13
# alone, 5+6 and 10+11 in groups; 2 failed its boot, 8 and 9 never
# built), the kept ones filled
kdir=$BUILD/kernels/tiny-Os-dce
[ -f "$kdir/boot.result" ] || make -s VARIANTS=dce boots
"$d/tksize" report --json "$d/r.json" --html "$d/r.html" --md "$d/r.md" --deinline hand="$t" \
	tiny/Os/dce="$kdir" >"$d/report.out" || fail "tksize report exited $?"
expect_grep '^deinline hand:$' "$d/report.out" "report text"
expect_grep '^  spearman: 0\.68 over the 5 best' "$d/report.out" "report text"
expect_grep '^spearman: 0\.68 over the 5 best' "$d/r.md" "report.md"
[ "$(jq -r '.deinline[0] | "\(.name) \(.spearman) \(.kept) \(.text_saved) \(.wall_seconds) \([.trials_measured[].trial] | join(","))"' "$d/r.json")" = \
	"hand 0.68 6 288 7384 1,3,4,5+6,7,10+11,12,13" ] || fail "report.json's deinline: $(jq -c .deinline "$d/r.json")"
[ "$(grep -c '<circle class="trial"[^>]*fill="#4a78b5"' "$d/r.html")" = 4 ] &&
	[ "$(grep -c '<circle class="trial"[^>]*fill="none"' "$d/r.html")" = 2 ] &&
	[ "$(grep -c '<rect class="trial"[^>]*fill="#b5784a"' "$d/r.html")" = 1 ] &&
	[ "$(grep -c '<rect class="trial"[^>]*fill="none"' "$d/r.html")" = 1 ] ||
	fail "the scatter plot does not have 4 kept and 2 other singles, 1 kept and 1 split group"
expect_grep '<title>e\(\) f\(\): predicted 300, measured 120, kept</title>' "$d/r.html" "the group's point"
ok "make report's text, report.md, report.json and the scatter plot carry the run"

# only the 50 best-predicted singles count: 60 singles whose measured
# saving falls as their prediction rises (rho -1), after 10 with a lower
# prediction that would pull it up, were they counted, or were the first
# 50 in the journal taken
for i in $(seq 61 70) $(seq 1 60); do
	if [ "$i" -le 60 ]; then p=$((1000 + i)) m=$((100 - i)); else p=$i m=$((1000 + i)); fi
	printf 'try\t%s\tf%s\tlib/x.c:%s\tnoinline\t-\t%s\nkept\t%s\tf%s()\t-1\t0\t0\t-%s\t1\n' "$i" "$i" "$i" "$p" "$i" "$i" "$m"
done >"$t/journal"
: >"$t/pending"
"$d/tksize" advisor "$t" >"$d/out" || fail "tksize advisor exited $?"
expect_grep '^spearman: -1\.00 over the 50 best-predicted single-candidate trials$' "$d/out" "the top 50"
# and all 70 beside them: the 10 low predictions rank 1-10 by prediction
# and 61-70 by saving (d = 60 each), the 60 others 11-70 and 60-1
# (d = 2j - 51): 1 - 6 x 113,980 / (70 x 4,899) = -0.994
expect_grep '^spearman: -0\.99 over all 70 single-candidate trials$' "$d/out" "all the singles"
ok "only the 50 best-predicted single trials are correlated, and all 70 beside them"

# bad journals: one line naming the file and line, exit 2
bad() {
	printf "$1" >"$t/journal"
	rc=0
	"$d/tksize" advisor "$t" 2>"$d/err" || rc=$?
	[ "$rc" = 2 ] || fail "journal '$1': exit $rc, not 2"
	[ "$(wc -l <"$d/err")" = 1 ] || fail "journal '$1': not one line: $(cat "$d/err")"
	expect_grep "^tksize: $t/journal:$2$" "$d/err" "journal '$1'"
}
bad 'kept\t12\tl()\t-4\t0\t0\t-4\t1\n' "1: trial 12 has a result but candidate 12 no prediction before it"
bad 'try\t12\tl\tlib/x.c:12\tnoinline\t-\tmany\n' "1: predicted 'many' is not a number"
bad 'try\t12\tl\tlib/x.c:12\tnoinline\t-\t 5\n' "1: predicted ' 5' is not a number"
bad 'try\t12\tl\tlib/x.c:12\tnoinline\n' "1: a try line with 5 fields, not 7"
bad 'boot\tMAYBE\t12\n' "1: verdict 'MAYBE', not PASS or FAIL"
bad 'unkept\t12\n' "1: trial 12 is undone but was not kept"
bad 'try\t12\tl\tlib/x.c:12\tnoinline\t-\t5\nkept\t12\tl()\t-4\t0\t0\t-4\t-1\n' "2: -1 seconds"
bad 'kept\t\tl()\t-4\t0\t0\t-4\t1\n' "1: a kept line with an empty tid"
bad 'boot\tPASS\t12\tok\textra\n' "1: a boot line with 5 fields, not 3 to 4"
bad 'option\tX\toff\tmeasured\t0\t0\t0\t0\tPASS\t1\t-\t-\n' "1: not a journal line: option"
bad 'tried\t12\n' "1: not a journal line: tried"
rm "$t/journal"
"$d/tksize" advisor "$t" 2>"$d/err" && fail "a folder without a journal was accepted"
expect_grep "^tksize: $t/journal: No such file or directory$" "$d/err" "no journal"
ok "bad journals are one-line errors naming the file and line, exit 2"

# in a report, a bad journal fails it, named last, and the rest is written
printf 'tried\t12\n' >"$t/journal"
rc=0
"$d/tksize" report --md "$d/r.md" --json "$d/r.json" --deinline "bad=$t" \
	tiny/Os/dce="$BUILD/kernels/tiny-Os-dce" >"$d/r.out" 2>"$d/r.err" || rc=$?
[ "$rc" = 1 ] || { cat "$d/r.err"; fail "a report with a bad journal exited $rc, not 1"; }
[ "$(jq '.kernels | length' "$d/r.json")" = 1 ] && [ -s "$d/r.md" ] || fail "a bad journal stopped the report"
[ "$(tail -n 1 "$d/r.err")" = "tksize: $t/journal:1: not a journal line: tried" ] ||
	{ cat "$d/r.err"; fail "the bad journal is not named last"; }
ok "a bad journal in a report is named last, and the report is written"
