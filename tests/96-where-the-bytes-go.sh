# measure/: where the bytes go.  `tksize attribute` gives every allocated
# byte of the kernels `make` built to a source file; its sums are checked
# against binutils (size, readelf -S) and its per-file code against the
# compilation units' ranges as readelf prints .debug_aranges
# (tests/attribute-oracle.sh shares no code with tksize).  Then the
# directory table of the report, directory budgets, `tksize diff --dirs`
# and the faults: no DWARF, DWARF that does not describe the image.
. "$(dirname "$0")/lib.sh"
d=$(scratch where-the-bytes-go)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
src=$BUILD/src/linux

for v in orig inline inline+units dce; do
	vm=$BUILD/kernels/tiny-Os-$v/vmlinux
	"$tk" attribute --files "$vm" >"$d/files-$v.txt" || { cat "$d/files-$v.txt"; fail "tksize attribute failed on tiny/Os/$v"; }
	# the rows (files and [section] rows) and the sections' table
	awk -F'\t' 'NF == 7 && $1 ~ /^ *[0-9]+$/ && $7 != "(TOTALS)"' "$d/files-$v.txt" >"$d/rows-$v.txt"
	sed -n '/^section /,$p' "$d/files-$v.txt" | tail -n +2 >"$d/sections-$v.txt"
	[ -s "$d/rows-$v.txt" ] && [ -s "$d/sections-$v.txt" ] || fail "tiny/Os/$v: no rows or no sections"

	# 1. per section, the bytes files own plus the union of the rest is
	#    the section's size as readelf gives it; the sections are
	#    readelf's allocated ones with a size, every one of them
	readelf -SW "$vm" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$7 ~ /A/ { print $1, $5 }' |
		while read -r n h; do [ $((0x$h)) = 0 ] || echo "$n $((0x$h))"; done | sort >"$d/readelf-$v.txt"
	awk '{ print $1, $4 }' "$d/sections-$v.txt" | sort >"$d/tk-sections-$v.txt"
	diff "$d/readelf-$v.txt" "$d/tk-sections-$v.txt" >/dev/null ||
		{ diff "$d/readelf-$v.txt" "$d/tk-sections-$v.txt" >&2; fail "tiny/Os/$v: tksize's sections are not readelf's"; }
	awk '$4 != $5 + $6 { print "tiny/Os/" v ": " $1 ": owned " $5 " + remainder " $6 " != size " $4; bad = 1 }
	     $2 == "code" && $4 != $7 + $8 { print "tiny/Os/" v ": " $1 ": written " $7 " + remainder " $8 " != size " $4; bad = 1 }
	     END { exit bad }' v="$v" "$d/sections-$v.txt" >&2 || fail "tiny/Os/$v: a section's bytes do not add up"

	# 2. the rows' text, data and bss add up to what binutils size prints,
	#    and their code to the code sections' size
	set -- $(size "$vm" | awk 'NR == 2 { print $1, $2, $3 }')
	set -- "$@" $(awk -F'\t' '{ t += $1; dt += $2; b += $3; c += $5 } END { print t, dt, b, c }' "$d/rows-$v.txt")
	[ "$1 $2 $3" = "$4 $5 $6" ] || fail "tiny/Os/$v: the rows add up to text/data/bss $4/$5/$6, size says $1/$2/$3"
	code=$(awk '$2 == "code" { s += $4 } END { print s }' "$d/sections-$v.txt")
	[ "$7" = "$code" ] || fail "tiny/Os/$v: the rows hold $7 bytes of code, the code sections $code"

	# 3. per file, its code is its unit's ranges, clipped to the code
	#    sections (dropped code counts nowhere), as readelf gives them.
	#    gas names an assembler unit after the header of its first .loc
	#    (entry_32.S's is asm/idtentry.h): tksize gives those bytes to the
	#    .S file, so the header-named units' bytes must be exactly the .S
	#    rows readelf has no unit for.
	tests/attribute-oracle.sh "$vm" "$src" >"$d/oracle-$v.txt"
	awk -F'\t' '$7 !~ /^\[/ && $5 > 0 { print $7, $5 + 0 }' "$d/rows-$v.txt" | sort >"$d/tk-code-$v.txt"
	grep -v '\.h ' "$d/oracle-$v.txt" >"$d/oracle-units-$v.txt" || true
	headers=$(awk '$1 ~ /\.h$/ { s += $2 } END { print s + 0 }' "$d/oracle-$v.txt")
	join -v 1 "$d/tk-code-$v.txt" "$d/oracle-units-$v.txt" >"$d/unmatched-$v.txt"
	join "$d/tk-code-$v.txt" "$d/oracle-units-$v.txt" | awk '$2 != $3' >"$d/differ-$v.txt"
	join -v 2 "$d/tk-code-$v.txt" "$d/oracle-units-$v.txt" >>"$d/differ-$v.txt"
	[ ! -s "$d/differ-$v.txt" ] || { cat "$d/differ-$v.txt" >&2; fail "tiny/Os/$v: per-file code differs from readelf's .debug_aranges"; }
	moved=$(awk '$1 ~ /\.S$/ { s += $2 } END { print s + 0 }' "$d/unmatched-$v.txt")
	[ "$(grep -cv '\.S ' "$d/unmatched-$v.txt")" = 0 ] && [ "$moved" = "$headers" ] ||
		{ cat "$d/unmatched-$v.txt" >&2; fail "tiny/Os/$v: files readelf has no unit for: $moved bytes, header-named units $headers"; }
	files=$(wc -l <"$d/oracle-$v.txt")
	[ "$files" -gt 300 ] || fail "tiny/Os/$v: only $files units with code; compared too little"

	# 4. where it was written: a .c file's code cannot be inlined into
	#    another unit (no LTO), so a unit's written bytes lie inside its
	#    own code (a .c file that another #includes, kernel/sched/rt.c in
	#    build_policy.c, holds no unit: code 0); headers hold no unit's
	#    code, and some of them were inlined
	awk -F'\t' '$7 ~ /\.c$/ && $5 > 0 && $6 > $5 { print "tiny/Os/" v ": " $7 " written " $6 " > code " $5; bad = 1 }
	     $7 ~ /\.h$/ && $5 != 0 { print "tiny/Os/" v ": header " $7 " holds code " $5; bad = 1 }
	     $7 ~ /\.h$/ { h += $6 }
	     END { if (h < 10000) { print "tiny/Os/" v ": only " h " bytes written in headers"; bad = 1 }; exit bad }' \
		v="$v" "$d/rows-$v.txt" >&2 || fail "tiny/Os/$v: where-it-was-written does not hold"

	# 5. coverage: at least 97% of the code has a source file
	owned=$(awk -F'\t' '$7 !~ /^\[/ { s += $5 } END { print s }' "$d/rows-$v.txt")
	[ $((owned * 100)) -ge $((code * 97)) ] || fail "tiny/Os/$v: $owned of $code code bytes have a source file"
	ok "tiny/Os/$v: text/data/bss $1/$2/$3 and every section add up; $files units' code as readelf's aranges; $owned of $code code bytes owned"
done

# the directory view is the files' roll-up: same totals at every depth
"$tk" attribute "$BUILD/kernels/tiny-Os-dce/vmlinux" >"$d/depth1.txt"
"$tk" attribute --depth 3 "$BUILD/kernels/tiny-Os-dce/vmlinux" >"$d/depth3.txt"
for f in depth1 depth3; do
	[ "$(grep '(TOTALS)' "$d/$f.txt")" = "$(grep '(TOTALS)' "$d/files-dce.txt")" ] || fail "$f totals differ from the files'"
done
expect_grep "	kernel/$" "$d/depth1.txt" "kernel/ at depth 1"
expect_grep "	kernel/sched/$" "$d/depth3.txt" "kernel/sched/ at depth 3"
if grep -q '	kernel/sched/$' "$d/depth1.txt"; then fail "depth 1 has kernel/sched/"; fi
ok "directory roll-ups keep the totals"

# the report: a directory table per config and opt whose rows sum to size's text
make BUILD="$BUILD" report >"$d/report.txt" 2>&1 || { cat "$d/report.txt"; fail "make report failed"; }
sed -n '/^tiny\/Os: text by directory/,/^  total/p' "$d/report.txt" >"$d/table.txt"
expect_grep "^  directory +orig +inline +inline\+units +dce  orig->dce$" "$d/table.txt" "table header"
awk '/^  total/ { for (i = 2; i <= 5; i++) if ($(i + 2) != sum[i]) { print "column " i ": rows " sum[i] ", total " $(i + 2); bad = 1 }; done = 1 }
     !/^  (directory|total)/ && NR > 2 { for (i = 2; i <= 5; i++) sum[i] += $i }
     END { exit bad || !done }' "$d/table.txt" >&2 || fail "the directory table's rows do not add up to its total"
for v in orig dce; do
	t=$(size "$BUILD/kernels/tiny-Os-$v/vmlinux" | awk 'NR == 2 { print $1 }')
	grep "^  total (size's text)" "$d/table.txt" | grep -q " $t " || fail "the table's total has no $t (size's text of $v)"
done
[ "$(jq '[.kernels[] | select(.name == "tiny/Os/dce") | .attribution.files[].text] | add' "$BUILD/report.json")" = \
  "$(jq '.kernels[] | select(.name == "tiny/Os/dce") | .text' "$BUILD/report.json")" ] || fail "report.json's files do not add up to dce's text"
expect_grep "^## Where the bytes go" "$BUILD/report.md" "report.md section"
expect_grep "<h2>Where the bytes go</h2>" "$BUILD/report.html" "report.html section"
ok "the report's directory table adds up to size's text; report.json holds every file"

# directory budgets: a dce-only limit 1 byte short of kernel/'s text
# fails the run, named with the figure and file:line; the other variants'
# limit holds
cp tinyconfigs/*.config "$d/"
kt=$(awk -F'\t' '$7 == "kernel/" { print $1 + 0 }' "$d/depth1.txt")
[ -n "$kt" ] || fail "no kernel/ row"
printf '# test\ndir kernel/ text 9999999\ndce dir kernel/ text %s\n' $((kt - 1)) >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/over.txt" 2>&1; then cat "$d/over.txt"; fail "dir over budget, yet the report passed"; fi
expect_grep "^tksize: tiny/Os/dce: over budget: dir kernel/ text $kt > $((kt - 1)) by 1 \($d/tiny.budget:3\)$" "$d/over.txt" "dce kernel/ over by 1"
[ "$(grep -c '^tksize: .*: over budget: ' "$d/over.txt")" = 1 ] || fail "not exactly one over-budget line"
expect_grep "^  tiny/Os/orig +dir kernel/ text +[0-9]+ of +9999999  headroom " "$d/over.txt" "orig headroom"
printf 'dce dir kernel/ text %s\n' "$kt" >"$d/tiny.budget"
make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/at.txt" 2>&1 || { cat "$d/at.txt"; fail "exactly at a dir limit, yet the report failed"; }
ok "a directory over its budget fails the run, named with the figure and file:line"

# a directory that matches nothing, and bad dir lines: file:line
printf 'text 9999999\ndir kernal/ text 5\n' >"$d/tiny.budget"
if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/typo.txt" 2>&1; then fail "dir kernal/ accepted"; fi
expect_grep "^tksize: $d/tiny.budget:2: dir kernal/ matches no source file of tiny/Os/orig$" "$d/typo.txt" "typo"
for bad in 'dir kernel/ bzimage 5' 'dir kernel/ text' 'dce dri kernel/ text 5' 'dir kernel/ text 5 6'; do
	printf '# ok\n%s\n' "$bad" >"$d/tiny.budget"
	if make BUILD="$BUILD" FRAGMENTS="$d" report >"$d/bad.txt" 2>&1; then fail "budget line '$bad' accepted"; fi
	expect_grep "^tksize: $d/tiny.budget:2: .*: $bad$" "$d/bad.txt" "bad line '$bad'"
done
ok "a directory that matches nothing and malformed dir lines are named by file:line"

# tksize diff --dirs: the rows' changes add up to the change in size's text
make BUILD="$BUILD" diff A=tiny/Os/orig B=tiny/Os/dce DIFFOPT=--dirs >"$d/diff.txt" || fail "make diff --dirs failed"
a=$(size "$BUILD/kernels/tiny-Os-orig/vmlinux" | awk 'NR == 2 { print $1 }')
b=$(size "$BUILD/kernels/tiny-Os-dce/vmlinux" | awk 'NR == 2 { print $1 }')
expect_grep "^Total: Before=$a, After=$b, chg " "$d/diff.txt" "Before/After are size's texts"
delta=$(awk 'NF == 4 && $4 ~ /^[-+][0-9]+$/ { s += $4 } END { print s }' "$d/diff.txt")
[ "$delta" = $((b - a)) ] || fail "the rows change by $delta, size's text by $((b - a))"
expect_grep "^add/remove: [0-9]+/[0-9]+ grow/shrink: [0-9]+/[0-9]+ up/down: [0-9]+/-[0-9]+ \($((b - a))\)$" "$d/diff.txt" "summary line"
ok "diff --dirs: rows add up to $((b - a)), the change in size's text"

# faults: no DWARF, and DWARF that does not describe the image (.text
# moved away from the code its units' ranges name): one line, exit 2
vm=$BUILD/kernels/tiny-Os-dce/vmlinux
objcopy --strip-debug "$vm" "$d/nodwarf"
if "$tk" attribute "$d/nodwarf" >/dev/null 2>"$d/nodwarf.err"; then fail "no DWARF, yet attribute succeeded"; fi
expect_grep "^tksize: $d/nodwarf: no DWARF \(built without debug info\?\)" "$d/nodwarf.err" "no DWARF"
objcopy --change-section-vma .text+0x1000000 "$vm" "$d/moved" 2>/dev/null
set +e
"$tk" attribute "$d/moved" >/dev/null 2>"$d/moved.err"
rc=$?
set -e
[ $rc = 2 ] || fail "a .text no unit describes: exit $rc, not 2"
expect_grep "^tksize: $d/moved: \.text: [0-9]+ of [0-9]+ bytes \(100\.00%\) have no source file, more than 3%$" "$d/moved.err" "coverage failure"
[ "$(wc -l <"$d/moved.err")" = 1 ] || fail "more than one line of error"
ok "no DWARF, or code no unit describes: a one-line error naming the file, exit 2"
