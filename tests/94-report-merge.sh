# A matrix split over two machines: each writes its own report.json, and
# `make report MERGE=...` on a third folder makes one report of both, with
# text% computed across them and each side's symbol-diff totals kept.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch report-merge)
cd "$TOP"
json=$REPORT.json
# the two partial results, as two machines would have written them
make -s BUILD="$BUILD" VARIANTS="orig inline" report >/dev/null 2>&1 || fail "partial report A failed"
cp "$json" "$d/a.json"
make -s BUILD="$BUILD" VARIANTS="inline+units dce lto deinline" report >/dev/null 2>&1 || fail "partial report B failed"
cp "$json" "$d/b.json"
make -s BUILD="$BUILD" report >/dev/null 2>&1 || fail "full report failed"
cp "$json" "$d/full.json"
[ "$(jq '.kernels | length' "$d/a.json")" = 2 ] && [ "$(jq '.kernels | length' "$d/b.json")" = 4 ] ||
	fail "partial reports do not have two and four kernels"

# the merge, in a build folder that has built nothing
make BUILD="$d/third" REPORT="$d/third/report" MERGE="$d/a.json $d/b.json" report >"$d/merged.txt" 2>&1 ||
	{ cat "$d/merged.txt"; fail "merged report failed"; }
cat "$d/merged.txt"
m=$d/third/report.json
fields='.kernels[] | [.name, .text, .data, .bss, .bzimage, .boot.result, .boot.min_ram_mib, .stack.sum, .inline.sites, (.text_change_pct // "base" | tostring)] | @tsv'
jq -r "$fields" "$m" | sort >"$d/merged.rows"
jq -r "$fields" "$d/full.json" | sort >"$d/full.rows"
if ! cmp -s "$d/merged.rows" "$d/full.rows"; then
	diff "$d/full.rows" "$d/merged.rows"; fail "merged rows differ from the full report's"
fi
ok "6 kernels from two report.json files, figures and text% as in the one-machine report"
# where the bytes go travels too: every file's row, and the directory table
jq -S '[.kernels[] | {name, attribution}] | sort_by(.name)' "$m" >"$d/merged.attr"
jq -S '[.kernels[] | {name, attribution}] | sort_by(.name)' "$d/full.json" >"$d/full.attr"
cmp -s "$d/merged.attr" "$d/full.attr" || fail "merged attribution differs from the full report's"
[ "$(jq '[.kernels[].attribution.files | length] | min' "$m")" -gt 300 ] || fail "merged kernels lack their files"
sed -n '/^tiny\/Os: text by directory/,/^  total/p' "$d/merged.txt" >"$d/merged.table"
sed -n '/^tiny\/Os: text by directory/,/^  total/p' "$REPORT.md" >"$d/full.table"
[ -s "$d/merged.table" ] && cmp -s "$d/merged.table" "$d/full.table" || fail "the merged directory table is not the full report's"
ok "the attribution of every file and the directory table survive the merge"
row=$(printf '%s' "vmlinux-tiny-Os-dce" | sed 's/+/[+]/g')
expect_grep "^ *[0-9]+ +[0-9]+ +[0-9]+ .* $row +-[0-9.]+% .* PASS$" "$d/merged.txt" "dce row with text% against orig from the other file"
[ "$(jq '[.diffs[] | select(.from == "inline+units" and .to == "dce")] | length' "$m")" = 1 ] ||
	fail "the inline+units -> dce diff of machine B was not kept"
[ "$(jq -c '.diffs[] | select(.to == "dce") | [.add, .remove, .before, .after]' "$m")" = \
  "$(jq -c '.diffs[] | select(.from == "inline+units" and .to == "dce") | [.add, .remove, .before, .after]' "$d/full.json")" ] ||
	fail "merged diff totals differ from the full report's"
ok "symbol-diff totals of a merged pair kept"

# a diff whose two kernels come from different files cannot be made: the
# report says so, names both files, and keeps it out of report.json's diffs
for pair in "orig -> inline+units:orig:inline+units" "inline -> inline+units:inline:inline+units"; do
	title=${pair%%:*} rest=${pair#*:}
	from=${rest%%:*} to=${rest#*:}
	expect_grep "^tksize: tiny/Os: $(printf '%s' "$title" | sed 's/+/[+]/g'): symbol diff unavailable: tiny/Os/$from came from $d/a.json and tiny/Os/$(printf '%s' "$to" | sed 's/+/[+]/g') from $d/b.json" \
		"$d/merged.txt" "unavailable $title"
	jq -e --arg f "$from" --arg t "$to" '([.diffs[] | select(.from == $f and .to == $t)] | length) == 0 and
		([.diffs_unavailable[] | select(.from == $f and .to == $t and (.why | test("a.json")))] | length) == 1' "$m" >/dev/null ||
		fail "report.json: $title is not listed as unavailable"
done
ok "the two diffs across files are named unavailable, with both files"

# a file that is not a report is refused, naming it
echo '{"hello": 1}' >"$d/bad.json"
if make BUILD="$d/third" REPORT="$d/third/report" MERGE="$d/bad.json" report >"$d/bad.txt" 2>&1; then fail "merged a non-report"; fi
expect_grep "^tksize: --merge $d/bad.json: not a tinykern report.json" "$d/bad.txt" "bad merge error"
ok "a non-report JSON is refused by name"

# beside a good file, a bad one stops nothing: the report is written with
# the good file's kernels, and the bad file is named last, among the causes
rm -f "$d/third/report.json"
if make BUILD="$d/third" REPORT="$d/third/report" MERGE="$d/a.json $d/bad.json" report >"$d/mixed.txt" 2>&1; then
	fail "a merge with a bad file passed"; fi
[ "$(jq '[.kernels[] | select(.built)] | length' "$d/third/report.json" 2>/dev/null)" = 2 ] ||
	{ cat "$d/mixed.txt"; fail "a bad merged file stopped the good one's report"; }
# last: after the report's tables, whether or not make sums up the causes
# (it does not inside make check, which holds the lock)
sed -n '/^budgets:$/,$p' "$d/mixed.txt" >"$d/mixed.causes"
expect_grep "^(tksize: |  )--merge $(ere "$d/bad.json"): not a tinykern report.json" "$d/mixed.causes" "the bad file, after the tables"
ok "a bad merged file is named last, and the good file's kernels are still reported"
