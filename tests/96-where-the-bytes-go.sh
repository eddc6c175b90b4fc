# measure/: where the bytes go.  `tksize attribute` gives every allocated
# byte of the kernels `make` built to a source file; its sums are checked
# against binutils (size, readelf -S), its per-object view against ld's
# own link map (tests/linkmap-oracle.sh, awk that re-implements the map
# rules and checks itself against readelf's sections), and, from DWARF
# alone (no map), its per-file code against the compilation units' ranges
# as readelf prints .debug_aranges (tests/attribute-oracle.sh).  Then the
# directory table of the report, directory budgets, `tksize diff --dirs`
# and the faults: no DWARF, DWARF that does not describe the image.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
d=$(scratch where-the-bytes-go)
cd "$TOP"
make -s -C measure O="$d" >/dev/null
tk=$d/tksize
src=$BUILD/src/linux

# check_sums VIEW V: the rows and sections of tksize's output $d/VIEW-V.txt
# add up: per section, owned plus remainder (computed apart) is readelf's
# size, and the sections are readelf's allocated ones, every one; the
# rows' text, data and bss are binutils size's, their code the code
# sections'.  Leaves the rows in $d/rows-VIEW-V.txt, sections likewise.
check_sums() {
	f=$d/$1-$2.txt rows=$d/rows-$1-$2.txt secs=$d/sections-$1-$2.txt vm=$BUILD/kernels/tiny-Os-$2/vmlinux
	awk -F'\t' 'NF == 7 && $1 ~ /^ *[0-9]+$/ && $7 != "(TOTALS)"' "$f" >"$rows"
	sed -n '/^section /,$p' "$f" | tail -n +2 >"$secs"
	[ -s "$rows" ] && [ -s "$secs" ] || fail "tiny/Os/$2 ($1): no rows or no sections"
	awk '{ print $1, $4 }' "$secs" | sort >"$d/tk-sections.txt"
	diff "$d/readelf-$2.txt" "$d/tk-sections.txt" >/dev/null ||
		{ diff "$d/readelf-$2.txt" "$d/tk-sections.txt" >&2; fail "tiny/Os/$2 ($1): tksize's sections are not readelf's"; }
	awk '$4 != $5 + $6 { print "tiny/Os/" v ": " $1 ": owned " $5 " + remainder " $6 " != size " $4; bad = 1 }
	     $2 == "code" && $4 != $7 + $8 { print "tiny/Os/" v ": " $1 ": written " $7 " + remainder " $8 " != size " $4; bad = 1 }
	     END { exit bad }' v="$2" "$secs" >&2 || fail "tiny/Os/$2 ($1): a section's bytes do not add up"
	set -- "$@" $(size "$vm" | awk 'NR == 2 { print $1, $2, $3 }')
	set -- "$@" $(awk -F'\t' '{ t += $1; dt += $2; b += $3; c += $5 } END { print t, dt, b, c }' "$rows")
	[ "$3 $4 $5" = "$6 $7 $8" ] || fail "tiny/Os/$2 ($1): the rows add up to text/data/bss $6/$7/$8, size says $3/$4/$5"
	code=$(awk '$2 == "code" { s += $4 } END { print s }' "$secs")
	[ "$9" = "$code" ] || fail "tiny/Os/$2 ($1): the rows hold $9 bytes of code, the code sections $code"
	sizes="$3/$4/$5"
}

for v in orig inline inline+units dce; do
	vm=$BUILD/kernels/tiny-Os-$v/vmlinux
	[ -s "$vm.map" ] || fail "tiny/Os/$v has no link map ($vm.map): CONFIG_VMLINUX_MAP is in tinyconfigs/tiny.config"
	"$tk" attribute --files "$vm" >"$d/map-$v.txt" || { cat "$d/map-$v.txt"; fail "tksize attribute failed on tiny/Os/$v"; }
	"$tk" attribute --files --no-map "$vm" >"$d/dwarf-$v.txt" || { cat "$d/dwarf-$v.txt"; fail "tksize attribute --no-map failed on tiny/Os/$v"; }
	readelf -SW "$vm" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$7 ~ /A/ { print $1, $5 }' |
		while read -r n h; do [ $((0x$h)) = 0 ] || echo "$n $((0x$h))"; done | sort >"$d/readelf-$v.txt"

	tests/attribute-oracle.sh "$vm" "$src" >"$d/oracle-$v.txt"

	# 1. both views add up, section by section and to size's figures
	check_sums map "$v"
	check_sums dwarf "$v"
	rows=$d/rows-dwarf-$v.txt

	# 2. with the map, each object holds what ld's map gives it
	#    (kernel/fork.c's row is kernel/fork.o's input sections; ld's fill
	#    is [padding]), and no byte is left without an owner
	tests/linkmap-oracle.sh "$vm" "$vm.map" >"$d/ld-$v.txt"
	awk -F'\t' '$4 > 0 { p = $7; if (p == "[padding]") p = "*fill*"; else sub(/\.[cS]$/, ".o", p); print p, $4 + 0 }' \
		"$d/rows-map-$v.txt" | sort >"$d/tk-objects-$v.txt"
	diff "$d/ld-$v.txt" "$d/tk-objects-$v.txt" >"$d/objects-$v.diff" ||
		{ head -n 20 "$d/objects-$v.diff" >&2; fail "tiny/Os/$v: per-object bytes differ from ld's map"; }
	objects=$(wc -l <"$d/ld-$v.txt")
	[ "$objects" -gt 300 ] || fail "tiny/Os/$v: only $objects objects in the map; compared too little"
	# and each object with a unit is that unit's file, not a row of its
	# own name: the .o rows are the objects DWARF has no unit for
	awk '{ sub(/\.[cSh]$/, "", $1); print $1 }' "$d/oracle-$v.txt" | sort -u >"$d/unit-stems-$v.txt"
	awk -F'\t' '$7 ~ /\.o$/ { sub(/\.o$/, "", $7); print $7 }' "$d/rows-map-$v.txt" | sort -u >"$d/o-stems-$v.txt"
	comm -12 "$d/unit-stems-$v.txt" "$d/o-stems-$v.txt" >"$d/unmatched-objects-$v.txt"
	[ ! -s "$d/unmatched-objects-$v.txt" ] ||
		{ cat "$d/unmatched-objects-$v.txt" >&2; fail "tiny/Os/$v: objects with a unit kept rows of their own names"; }
	[ "$(awk -F'\t' '$7 ~ /\.c$/' "$d/rows-map-$v.txt" | wc -l)" -gt 300 ] || fail "tiny/Os/$v: fewer than 300 .c rows with the map"
	awk '$6 != 0 { print "tiny/Os/" v ": " $1 " has " $6 " bytes no object owns"; bad = 1 } END { exit bad }' v="$v" \
		"$d/sections-map-$v.txt" >&2 || fail "tiny/Os/$v: bytes without an owner though the map places them all"

	# 3. from DWARF alone, per file, its code is its unit's ranges,
	#    clipped to the code sections (dropped code counts nowhere), as
	#    readelf gives them.  gas names an assembler unit after the header
	#    of its first .loc (entry_32.S's is asm/idtentry.h): tksize gives
	#    those bytes to the .S file, so the header-named units' bytes must
	#    be exactly the .S rows readelf has no unit for.
	awk -F'\t' '$7 !~ /^\[/ && $5 > 0 { print $7, $5 + 0 }' "$rows" | sort >"$d/tk-code-$v.txt"
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
		v="$v" "$rows" >&2 || fail "tiny/Os/$v: where-it-was-written does not hold"

	# 5. coverage from DWARF alone: at least 97% of the code has a file
	owned=$(awk -F'\t' '$7 !~ /^\[/ { s += $5 } END { print s }' "$rows")
	[ $((owned * 100)) -ge $((code * 97)) ] || fail "tiny/Os/$v: $owned of $code code bytes have a source file"
	ok "tiny/Os/$v: text/data/bss $sizes and every section add up; $objects objects as ld's map, no byte unowned; $files units' code as readelf's aranges; from DWARF alone $owned of $code code bytes owned"
done

# the directory view is the files' roll-up: each top directory's text,
# data and bss are its files' (summed here with awk), and the totals hold
# at every depth
"$tk" attribute "$BUILD/kernels/tiny-Os-dce/vmlinux" >"$d/depth1.txt"
"$tk" attribute --depth 3 "$BUILD/kernels/tiny-Os-dce/vmlinux" >"$d/depth3.txt"
awk -F'\t' '{ p = $7; if (p !~ /^\[/) { sub(/\/.*/, "/", p) }; t[p] += $1; dt[p] += $2; b[p] += $3 }
	END { for (p in t) print p, t[p], dt[p], b[p] }' "$d/rows-map-dce.txt" | sort >"$d/rollup-awk.txt"
awk -F'\t' 'NF == 7 && $1 ~ /^ *[0-9]+$/ && $7 != "(TOTALS)" { print $7, $1 + 0, $2 + 0, $3 + 0 }' "$d/depth1.txt" | sort >"$d/rollup-tk.txt"
diff "$d/rollup-awk.txt" "$d/rollup-tk.txt" >&2 || fail "the depth-1 rows are not the files summed by top directory"
for f in depth1 depth3; do
	[ "$(grep '(TOTALS)' "$d/$f.txt")" = "$(grep '(TOTALS)' "$d/map-dce.txt")" ] || fail "$f totals differ from the files'"
done
expect_grep "	kernel/$" "$d/depth1.txt" "kernel/ at depth 1"
expect_grep "	kernel/sched/$" "$d/depth3.txt" "kernel/sched/ at depth 3"
if grep -q '	kernel/sched/$' "$d/depth1.txt"; then fail "depth 1 has kernel/sched/"; fi
ok "directory roll-ups keep the totals"

# the report: a directory table per config and opt whose rows sum to size's text
make BUILD="$BUILD" report >"$d/report.txt" 2>&1 || { cat "$d/report.txt"; fail "make report failed"; }
sed -n '/^tiny\/Os: text by directory/,/^  total/p' "$d/report.txt" >"$d/table.txt"
expect_grep "^  directory +orig +inline +inline\+units +dce +lto +deinline  orig->deinline$" "$d/table.txt" "table header"
awk '/^  total/ { for (i = 2; i <= 7; i++) if ($(i + 2) != sum[i]) { print "column " i ": rows " sum[i] ", total " $(i + 2); bad = 1 }; done = 1 }
     !/^  (directory|total)/ && NR > 2 { for (i = 2; i <= 7; i++) sum[i] += $i }
     END { exit bad || !done }' "$d/table.txt" >&2 || fail "the directory table's rows do not add up to its total"
col=4
for v in orig inline inline+units dce lto deinline; do
	t=$(size "$BUILD/kernels/tiny-Os-$v/vmlinux" | awk 'NR == 2 { print $1 }')
	[ "$(awk -v c=$col '/^  total/ { print $c }' "$d/table.txt")" = "$t" ] || fail "the table's total for $v is not $t, size's text"
	col=$((col + 1))
done
[ "$(jq '[.kernels[] | select(.name == "tiny/Os/dce") | .attribution.files[].text] | add' "$REPORT.json")" = \
  "$(jq '.kernels[] | select(.name == "tiny/Os/dce") | .text' "$REPORT.json")" ] || fail "report.json's files do not add up to dce's text"
expect_grep "^## Where the bytes go" "$REPORT.md" "report.md section"
expect_grep "<h2>Where the bytes go</h2>" "$REPORT.html" "report.html section"
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

# faults: one line naming the file, and exit 2: no DWARF; DWARF that does
# not describe the image (.text moved away from the code its units'
# ranges name); a map of another link; a file that is no map; a map that
# lacks an object (its strings then have no owner, and the map is not
# quietly trusted)
vm=$BUILD/kernels/tiny-Os-dce/vmlinux
expect_fault() {	# NAME PATTERN tksize-args...
	name=$1 pattern=$2
	shift 2
	set +e
	"$tk" "$@" >/dev/null 2>"$d/fault.err"
	rc=$?
	set -e
	[ $rc = 2 ] || { cat "$d/fault.err" >&2; fail "$name: exit $rc, not 2"; }
	expect_grep "^tksize: $pattern" "$d/fault.err" "$name"
	[ "$(wc -l <"$d/fault.err")" = 1 ] || { cat "$d/fault.err" >&2; fail "$name: more than one line"; }
}
objcopy --strip-debug "$vm" "$d/nodwarf"
expect_fault "no DWARF" "$d/nodwarf: no DWARF \(built without debug info\?\)" attribute "$d/nodwarf"
objcopy --change-section-vma .text+0x1000000 "$vm" "$d/moved" 2>/dev/null
expect_fault ".text no unit describes" "$d/moved: \.text: [0-9]+ of [0-9]+ bytes \(100\.00%\) have no source file, more than 3%$" \
	attribute "$d/moved"
orig_map=$BUILD/kernels/tiny-Os-orig/vmlinux.map
expect_fault "orig's map for dce" "$orig_map: not the map of $vm: section \.text is [0-9]+ bytes at 0x[0-9a-f]+ there, [0-9]+ bytes at 0x[0-9a-f]+ in the image$" \
	attribute --map "$orig_map" "$vm"
expect_fault "a .config for a map" "$BUILD/kernels/tiny-Os-dce/config: not a GNU ld map file" \
	attribute --map "$BUILD/kernels/tiny-Os-dce/config" "$vm"
grep -v 'kernel/fork\.o' "$vm.map" >"$d/nofork.map"
expect_fault "a map without kernel/fork.o" "$vm: [.a-z_]+: [0-9]+ of [0-9]+ bytes have no owner, though the link map should place them all$" \
	attribute --map "$d/nofork.map" "$vm"
ok "no DWARF, code no unit describes, another kernel's map, no map, a map short of an object: one line each, exit 2"

# the report reads each kernel's attribution.json, which make keeps, while
# it is newer than vmlinux and its map, and vmlinux itself when it is not:
# a planted file with a row no kernel has shows in the one case, not in
# the other
for v in orig inline inline+units dce; do
	k=$BUILD/kernels/tiny-Os-$v
	[ "$k/attribution.json" -nt "$k/vmlinux" ] || fail "tiny/Os/$v: no attribution.json newer than vmlinux"
	[ "$(jq -c '.attribution.files' "$k/attribution.json")" = \
	  "$(jq -c --arg n "tiny/Os/$v" '.kernels[] | select(.name == $n) | .attribution.files' "$REPORT.json")" ] ||
		fail "tiny/Os/$v: report.json's files are not attribution.json's"
done
kd=$d/kernel
mkdir -p "$kd"
good=$BUILD/kernels/tiny-Os-dce
cp "$good/vmlinux" "$good/vmlinux.map" "$good/bzImage" "$good/boot.result" "$good/stack.su" "$good/inline.txt" "$kd/"
jq -c '.attribution.files += [{"path": "planted/x.c", "text": 1, "data": 0, "bss": 0, "code": 1, "written": 1}]' \
	"$good/attribution.json" >"$kd/attribution.json"
touch "$kd/attribution.json"
"$tk" report t/Os/dce="$kd" >"$d/planted-new.txt" 2>&1 || true
expect_grep "^  planted/ +1  " "$d/planted-new.txt" "the newer attribution.json is read"
touch -d '2000-01-01' "$kd/attribution.json"
"$tk" report t/Os/dce="$kd" >"$d/planted-old.txt" 2>&1 || true
if grep -q 'planted/' "$d/planted-old.txt"; then fail "an attribution.json older than vmlinux was read"; fi
expect_grep "^  kernel/ +[0-9]+  " "$d/planted-old.txt" "vmlinux read instead"
ok "attribution.json is read while it is newer than vmlinux and its map, and vmlinux otherwise"
