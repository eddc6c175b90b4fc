# measure/: size budgets.  A kernel over a limit fails the report, named
# with the figure and the budget file; a bad budget line is named by
# file:line; the report shows the headroom of every limited figure.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch budget)
cd "$TOP"
cp tinyconfigs/*.config "$d/"
text() { size "$BUILD/kernels/tiny-Os-$1/vmlinux" | awk 'NR == 2 { print $1 }'; }
orig=$(text orig) dce=$(text dce)

# a text limit between dce and orig, and a dce-only bzImage limit 1 byte short
bz=$(stat -c %s "$BUILD/kernels/tiny-Os-dce/bzImage")
printf '# test budget\ntext %s\ndce bzimage %s\n' $(( (orig + dce) / 2 )) $((bz - 1)) >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/over.txt" 2>&1; then cat "$d/over.txt"; fail "over budget, yet the report passed"; fi
cat "$d/over.txt"
expect_grep "^tksize: tiny/Os/orig: over budget: text $orig > $(( (orig + dce) / 2 )) by " "$d/over.txt" "orig over"
expect_grep "^tksize: tiny/Os/dce: over budget: bzimage $bz > $((bz - 1)) by 1 \($d/tiny.budget\)$" "$d/over.txt" "dce bzimage over by 1"
if grep -q 'tiny/Os/dce: over budget: text' "$d/over.txt"; then fail "dce text is within its budget"; fi
expect_grep "^  tiny/Os/dce +text +$dce of +$(( (orig + dce) / 2 ))  headroom $(( (orig + dce) / 2 - dce ))$" "$d/over.txt" "headroom line"
# the expected count, from the kernels' own figures: every text over the
# limit, and dce's bzImage
want=1
for v in orig inline inline+units dce; do
	[ "$(text "$v")" -gt $(( (orig + dce) / 2 )) ] && want=$((want + 1))
done
[ "$(jq .over_budget "$REPORT.json")" = "$want" ] || fail "report.json over_budget is not $want"
[ "$(grep -c '^tksize: .*: over budget: ' "$d/over.txt")" = "$want" ] || fail "not $want over-budget lines"
ok "over-budget kernels named with figure and file; headroom shown"

# all within: the report passes
printf 'text %s\n' "$orig" >"$d/tiny.budget"
make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/within.txt" 2>&1 || { cat "$d/within.txt"; fail "within budget, yet the report failed"; }
expect_grep "^  tiny/Os/orig +text +$orig of +$orig  headroom 0$" "$d/within.txt" "zero headroom"
ok "a kernel exactly at its limit passes"

# CONFIG-OPT.budget, when there is one, is read in place of CONFIG.budget
# (tests/63 checks CONFIG.budget capping an -Oz kernel without it)
printf 'text 1\n' >"$d/tiny.budget"
printf 'dce text %s\n' $((dce - 1)) >"$d/tiny-Os.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/opt.txt" 2>&1; then cat "$d/opt.txt"; fail "over tiny-Os.budget, yet the report passed"; fi
expect_grep "^tksize: tiny/Os/dce: over budget: text $dce > $((dce - 1)) by 1 \($d/tiny-Os.budget\)$" "$d/opt.txt" "tiny-Os.budget"
[ "$(grep -c '^tksize: .*: over budget: ' "$d/opt.txt")" = 1 ] || { cat "$d/opt.txt"; fail "tiny.budget was read beside tiny-Os.budget"; }
rm "$d/tiny-Os.budget"
ok "tiny-Os.budget caps -Os in place of tiny.budget"

# min_ram, in MiB, against what the bisection found
ram=$(jq '.kernels[] | select(.name == "tiny/Os/dce") | .boot.min_ram_mib' "$REPORT.json")
printf 'dce min_ram %s\n' $((ram - 1)) >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/ram.txt" 2>&1; then fail "min_ram over budget, yet the report passed"; fi
expect_grep "^tksize: tiny/Os/dce: over budget: min_ram $ram > $((ram - 1)) by 1 " "$d/ram.txt" "min_ram over"
ok "min_ram is checked in MiB"

# malformed lines
for bad in 'text 12x' 'txt 12' 'dce text' 'a b c d'; do
	printf '# ok\n%s\n' "$bad" >"$d/tiny.budget"
	if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/bad.txt" 2>&1; then fail "budget line '$bad' accepted"; fi
	expect_grep "^tksize: $d/tiny.budget:2: .*: $bad$" "$d/bad.txt" "bad line '$bad'"
done
ok "malformed budget lines are named by file:line"

# a variant line for a variant with no fragment is a typo: named by file:line
printf 'text %s\ndcee text 1\n' "$orig" >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/typo.txt" 2>&1; then fail "budget line for variant dcee accepted"; fi
expect_grep "^tksize: $d/tiny.budget:2: unknown variant 'dcee' \(no $d/variant-dcee.config\): dcee text 1$" "$d/typo.txt" "typo"
ok "a budget line for an unknown variant is an error at file:line"

# bad lines do not stop the report: it is written whole, the good lines
# still hold, each bad line is named, last, and the run fails
rm -f "$REPORT.json" "$REPORT.md"
printf 'txt 12\ndce bzimage %s\ndcee text 1\n' $((bz - 1)) >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/mixed.txt" 2>&1; then fail "a budget with bad lines passed"; fi
[ "$(jq '.kernels | length' "$REPORT.json")" = "$(jq '.kernels | length' "$BUILD/report.json")" ] && [ -s "$REPORT.md" ] ||
	{ cat "$d/mixed.txt"; fail "a bad budget line stopped the report from being written"; }
expect_grep "^tksize: tiny/Os/dce: over budget: bzimage $bz > $((bz - 1)) by 1 \($d/tiny.budget:2\)$|^tksize: tiny/Os/dce: over budget: bzimage $bz > $((bz - 1)) by 1 \($d/tiny.budget\)$" "$d/mixed.txt" "the good line beside bad ones"
expect_grep "^tksize: $d/tiny.budget:1: unknown key .*: txt 12$" "$d/mixed.txt" "the first bad line"
expect_grep "^tksize: $d/tiny.budget:3: unknown variant 'dcee' .*: dcee text 1$" "$d/mixed.txt" "the second bad line"
# last: after the report's tables, whether or not make sums up the causes
# (it does not inside make check, which holds the lock)
sed -n '/^budgets:$/,$p' "$d/mixed.txt" >"$d/mixed.causes"
expect_grep "^(tksize: |  )$(ere "$d/tiny.budget:1: unknown key") " "$d/mixed.causes" "the first bad line, after the tables"
expect_grep "^(tksize: |  )$(ere "$d/tiny.budget:3: unknown variant 'dcee'") " "$d/mixed.causes" "the second bad line, after the tables"
ok "bad budget lines are each named, last, and the report is written with the good ones"

# a known variant this run did not build is noted, not an error: the
# shipped budget with VARIANTS=orig
make BUILD="$BUILD" VARIANTS=orig report >"$d/orig-only.txt" 2>&1 ||
	{ cat "$d/orig-only.txt"; fail "VARIANTS=orig broke the shipped budget"; }
expect_grep "^  note: $TOP/tinyconfigs/tiny.budget:[0-9]+: variant dce of tiny/Os is not in this run; its text limit was not checked$" \
	"$d/orig-only.txt" "note for dce"
ok "make VARIANTS=orig notes the dce lines it did not check"

# the shipped budget holds for the default kernels
make BUILD="$BUILD" report >"$d/shipped.txt" 2>&1 || { cat "$d/shipped.txt"; fail "the default kernels break tinyconfigs/tiny.budget"; }
ok "tinyconfigs/tiny.budget holds"
