# README.md describes the kernels make has just built, and README and
# docs/ describe the product:
# - the "What you get" size table is, number by number, what make wrote to
#   build/report.json (text, data, bss, dec, hex, text%, bzImage, boot),
#   and so are the boot table's MemTotal and least RAM, for every kernel
#   make built and no other; every row of either table in that section is
#   in the report's shape; the reading under it quotes the percentages
#   (LTO's share of dce's text among them) and RAM that report.json
#   gives, and the advisor's section the shipped
#   series' patch count and text;
# - each block after a "<!-- checked: make attribute|diff ... -->" line is
#   that command's output on make's kernels, line for line (a line of
#   "..." and a comment skips lines), to its last line; a block that starts with "$ make " and shows
#   output has such a marker, and no marker is malformed;
# - every VARIABLE= and `make TARGET` the README names is in `make help`,
#   and docs/reference.md's "Targets and variables" has one row for each
#   target and variable of `make help`, and none for another;
# - the README is at most 300 lines;
# - README and docs/ speak of the product, not of the work that made it;
# - every link between them reaches a file, and a heading there.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch readme)
cd "$TOP"
J=$BUILD/report.json
[ -f "$J" ] || fail "no $J: run make first"
docs="README.md $(ls docs/*.md docs/runs/*/README)"
# fenced FILE: the lines inside its ``` blocks; prose FILE: the others
fenced() { awk '/^```/ { f = !f; next } f' "$1"; }
prose() { awk '/^```/ { f = !f; next } !f' "$1"; }
# section FILE HEADING: the lines of FILE's "## HEADING" section
section() { awk -v h="## $2" '/^## / { on = ($0 == h) } on' "$1"; }

# -- the "What you get" section, and make's kernels from report.json
section README.md "What you get" >"$d/what.md"
[ -s "$d/what.md" ] || fail "README.md has no '## What you get' section"
fenced "$d/what.md" >"$d/what.fenced"
# "file text data bss dec hex text% bzImage boot memtotal minram name" of
# each kernel make built; text% against the built orig of its tree,
# config and opt, as the report prints it: base for orig, n/a without one
jq -r '.kernels as $k | $k[] | select(.built) | . as $x |
	(first($k[] | select(.built and .variant == "orig" and .tree == $x.tree and
		.config == $x.config and .opt == $x.opt) | .text) // "none") as $base |
	[ "vmlinux-" + (.name | gsub("/"; "-")), .text, .data, .bss, .dec, $base, .bzimage,
	  .boot.result, .boot.memtotal_kb, .boot.min_ram_mib, .name, .variant ] | map(tostring) | join(" ")' "$J" |
	awk '{ pct = $12 == "orig" ? "base" : $6 == "none" ? "n/a" : sprintf("%+.2f%%", ($2 - $6) * 100 / $6)
	       ram = $10 == "0" ? "-" : $10
	       printf "%s %s %s %s %s %x %s %s %s %s %s %s\n", $1, $2, $3, $4, $5, $5, pct, $7, $8, $9, ram, $11 }' \
	>"$d/made"
[ -s "$d/made" ] || fail "$J lists no built kernel"

# every line of the section's blocks naming a vmlinux is a size row, and
# every line naming a kernel (A/B/C) a boot row, in the report's shape
size_re='^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9a-f]+ vmlinux-[^ ]+ +(base|n/a|[-+][0-9]+\.[0-9][0-9]%) +[0-9]+ +(PASS|FAIL)$'
boot_re='^[^ /]+/[^ /]+/[^ ]+ +[0-9.]+ +[0-9.]+ +[0-9]+ kB +[0-9]+ kB +([0-9]+ MiB|-)$'
bad=$(grep -E 'vmlinux-' "$d/what.fenced" | grep -vE "$size_re" | head -n 1 || true)
[ -z "$bad" ] || fail "README.md, What you get: not a size row as make prints one: '$bad'"
bad=$(grep -E '^[^ /]+/[^ /]+/' "$d/what.fenced" | grep -vE "$boot_re" | head -n 1 || true)
[ -z "$bad" ] || fail "README.md, What you get: not a boot row as make prints one: '$bad'"
grep -E "$size_re" "$d/what.fenced" | awk '{ print $6, $1, $2, $3, $4, $5, $7, $8, $9 }' >"$d/size-rows"
grep -E "$boot_re" "$d/what.fenced" | awk '{ print $1, $4, $8 == "-" ? "-" : $8 }' >"$d/boot-rows"

checked=0
while read -r file text data bss dec hex pct bz boot memtotal minram name; do
	row=$(awk -v f="$file" '$1 == f' "$d/size-rows")
	[ -n "$row" ] || fail "README.md, What you get: no row for $file, which make built"
	[ "$(printf '%s\n' "$row" | wc -l)" = 1 ] || fail "README.md, What you get: two rows for $file"
	set -- $row
	for col in "text $2 $text" "data $3 $data" "bss $4 $bss" "dec $5 $dec" "hex $6 $hex" \
		"text% $7 $pct" "bzImage $8 $bz" "boot $9 $boot"; do
		set -- $col
		[ "$2" = "$3" ] || fail "README.md, What you get, row $file: $1 $2, but report.json gives $3 ($J)"
		checked=$((checked + 1))
	done
	# the report prints a boot row for a kernel that passed
	[ "$boot" = PASS ] || continue
	row=$(awk -v k="$name" '$1 == k' "$d/boot-rows")
	[ -n "$row" ] || fail "README.md, What you get: no boot row for $name, which make built and booted"
	set -- $row
	[ "$2" = "$memtotal" ] || fail "README.md, What you get, boot row $name: MemTotal $2 kB, but report.json gives $memtotal ($J)"
	[ "$3" = "$minram" ] || fail "README.md, What you get, boot row $name: min RAM $3, but report.json gives $minram ($J)"
	checked=$((checked + 2))
done <"$d/made"
awk '{ print $1 }' "$d/made" | sort >"$d/made-files"
awk '$9 == "PASS" { print $12 }' "$d/made" | sort >"$d/booted-names"
extra=$(awk '{ print $1 }' "$d/size-rows" | sort | comm -13 "$d/made-files" -)
[ -z "$extra" ] || fail "README.md, What you get: rows for kernels make did not build: $extra"
extra=$(awk '{ print $1 }' "$d/boot-rows" | sort | comm -13 "$d/booted-names" -)
[ -z "$extra" ] || fail "README.md, What you get: boot rows for kernels make did not boot: $extra"
ok "What you get: $(wc -l <"$d/made") kernels, $checked figures, each what make wrote to report.json"

# the reading under the table, from make's default kernels (tiny, -Os,
# 6.1): each step's share of the text before it, and the least RAM range
txt() { jq -r --arg v "$1" '.kernels[] | select(.tree == "6.1" and .config == "tiny" and .opt == "Os" and
	.variant == $v and .built) | .text' "$J"; }
o=$(txt orig) i=$(txt inline) u=$(txt inline+units) c=$(txt dce) w=$(txt lto) l=$(txt deinline)
[ -n "$o" ] && [ -n "$i" ] && [ -n "$u" ] && [ -n "$c" ] && [ -n "$w" ] && [ -n "$l" ] ||
	fail "$J lacks one of make's six tiny/Os kernels"
ram=$(jq -r '[.kernels[] | select(.built and .boot.min_ram_mib > 0) | .boot.min_ram_mib] |
	"\(min) or \(max) MiB"' "$J")
prose "$d/what.md" | tr '\n' ' ' | tr -s ' ' >"$d/what.prose"
n_patches=$(grep -c '\.patch$' patches/deinline/series)
for fig in "$(awk -v a="$o" -v b="$i" 'BEGIN { printf "%.1f%%", (a - b) * 100 / a }')" \
	"$(awk -v a="$i" -v b="$u" 'BEGIN { printf "%.1f%%", (a - b) * 100 / a }')" \
	"$(awk -v a="$u" -v b="$c" 'BEGIN { printf "%.1f%%", (a - b) * 100 / a }')" \
	"$(awk -v a="$c" -v b="$w" 'BEGIN { printf "%.2f%%", (a - b) * 100 / a }')" \
	"$(awk -v a="$c" -v b="$l" 'BEGIN { printf "%.2f%%", (a - b) * 100 / a }')" "$ram" "$n_patches patches"; do
	grep -qF -- "$fig" "$d/what.prose" ||
		fail "README.md, What you get: the reading under the table does not say $fig, as report.json (and patches/deinline/series) give it"
done
# the advisor's section: the shipped series, and what it takes off dce
commas() { printf '%s' "$1" | sed ':a; s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }
section README.md "The de-inlining advisor and the deinline variant" | prose /dev/stdin | tr '\n' ' ' |
	tr -s ' ' >"$d/advisor.prose"
for fig in "$n_patches patches" "$(commas "$c") to $(commas "$l") bytes" \
	"($(awk -v a="$c" -v b="$l" 'BEGIN { printf "%.2f%%", (a - b) * 100 / a }'))"; do
	grep -qF -- "$fig" "$d/advisor.prose" ||
		fail "README.md, the advisor's section does not say '$fig' (patches/deinline/series, report.json)"
done
ok "the readings quote report.json's percentages and RAM, and the series' $n_patches patches"

# -- the checked blocks: a marker line, then a fenced block whose first
# line is "$ " and the marker's command
bad=$(grep -n '<!--.*checked' README.md | grep -vE '^[0-9]+:<!-- checked: make (attribute|diff) [^>]* -->$' | head -n 1 || true)
[ -z "$bad" ] || fail "README.md:$bad: a checked marker is '<!-- checked: make attribute|diff ARGS -->' on a line of its own"
awk -v d="$d" '
	fence_next { if ($0 != "```") { print NR ": no code block after the marker" > (d "/checked.err"); exit }
		fence_next = 0; inblock = 1; next }
	inblock && $0 == "```" { inblock = 0; next }
	inblock { print > (d "/checked." n ".want"); next }
	/^```/ { plain = NR; first = ""; lines = 0; inplain = !inplain; if (!inplain) quoted = 0; next }
	inplain { if (!lines++) first = $0; if (lines == 2 && first ~ /^\$ make / && !quoted)
		{ print plain ": a block showing what \"" first "\" prints has no checked marker" > (d "/checked.err"); exit } ; next }
	# the block of a slow command: the slow test it names compares it
	/^<!-- quoted by tests\/[0-9]+: make [^>]* -->$/ { quoted = 1; t = $0; sub(/^<!-- quoted by tests\//, "", t)
		sub(/:.*/, "", t); print t > (d "/quoted.tests"); next }
	/^<!-- checked: .* -->$/ { n++; c = $0; sub(/^<!-- checked: /, "", c); sub(/ -->$/, "", c)
		print c > (d "/checked." n ".cmd"); fence_next = 1 }' README.md
[ ! -e "$d/checked.err" ] || fail "README.md:$(cat "$d/checked.err")"
# each quoted block's test exists and reads that marker
for t in $(cat "$d/quoted.tests" 2>/dev/null); do
	f=$(ls "$TOP"/tests/"$t"-*.sh 2>/dev/null | head -n 1)
	[ -n "$f" ] && grep -q "quoted by tests/$t" "$f" ||
		fail "README.md: a block is 'quoted by tests/$t', but no tests/$t-*.sh reads that marker"
done
blocks=0
norm() { sed 's/[[:space:]]\{1,\}/ /g; s/^ //; s/ $//' "$1"; }
for cmdf in "$d"/checked.*.cmd; do
	[ -e "$cmdf" ] || fail "README.md has no <!-- checked: make ... --> block"
	want=${cmdf%.cmd}.want out=${cmdf%.cmd}.out cmd=$(cat "$cmdf")
	[ "$(head -n 1 "$want")" = "\$ $cmd" ] || fail "README.md: the block checked as '$cmd' does not start with '\$ $cmd'"
	set -f; set -- $cmd; set +f; shift
	make -s --no-print-directory BUILD="$BUILD" REPORT="$REPORT" "$@" >"$out" 2>&1 ||
		{ cat "$out"; fail "README.md: '$cmd' failed"; }
	# whitespace runs are one space; "...", with a comment or none, skips
	# any lines; other lines
	# follow each other as in the output, to its end
	norm "$want" | tail -n +2 >"$want.n"
	norm "$out" >"$out.n"
	miss=$(awk 'NR == FNR { out[++n] = $0; next }
		/^\.\.\.( |$)/ { gap = 1; next }
		{ if (gap) { while (p < n && out[p + 1] != $0) p++ }
		  if (p >= n || out[p + 1] != $0) { print FNR + 1 ": " $0; exit }
		  p++; gap = 0; lines++ }
		END { if (!lines) print "0: no line to compare"
		      else if (!gap && p < n) print "end: the output goes on: " out[p + 1] }' "$out.n" "$want.n")
	[ -z "$miss" ] || { cat "$out"; fail "README.md, the block of '$cmd', its line ${miss%%: *}: '${miss#*: }' is not what the command prints (above)"; }
	blocks=$((blocks + 1))
done
ok "$blocks checked blocks are their commands' output on make's kernels"

# -- every VARIABLE= and `make TARGET` the README names, make help names
make -s --no-print-directory BUILD="$BUILD" help >"$d/help.txt"
vars=$(grep -oE '(^|[^A-Za-z0-9_])[A-Z][A-Z0-9_]*=' README.md | sed 's/^[^A-Z]//; s/=$//' |
	grep -v '^CONFIG_' | sort -u)
[ -n "$vars" ] || fail "README.md names no variable"
for v in $vars; do
	grep -qE "(^|[^A-Za-z0-9_])$v=" "$d/help.txt" || fail "README.md names $v=, which make help does not list"
done
targets=$(sed -n 's/^  make \([a-z-]*\) .*/\1/p' "$d/help.txt" | sort -u)
[ -n "$targets" ] || fail "make help lists no target"
named=$({ grep -oE '`make [a-z][a-z-]*' README.md | sed 's/^`make //'
	  fenced README.md | sed -n 's/^\$\{0,1\} *make \([a-z][a-z-]*\).*/\1/p'; } |
	grep -vxE 'mrproper|tinyconfig|allnoconfig|olddefconfig' | sort -u)  # the kernel's own targets
[ -n "$named" ] || fail "README.md names no make target"
printf '%s\n' "$targets" >"$d/help-targets"
extra=$(printf '%s\n' "$named" | comm -23 - "$d/help-targets")
[ -z "$extra" ] || fail "README.md names make targets make help does not list: $extra"
ok "make help lists the $(echo "$vars" | wc -w) variables and $(echo "$named" | wc -w) targets README.md names"

# -- docs/reference.md: one row for each target and variable of make help
section docs/reference.md "Targets and variables" >"$d/reference"
[ -s "$d/reference" ] || fail "docs/reference.md has no '## Targets and variables' section"
awk -F'|' '/^\| `make/ { print $2 }' "$d/reference" |
	sed 's/^ *`make` (`all`) *$/all/; s/^ *`make \([a-z-]*\)` *$/\1/' | sort >"$d/ref-targets"
dup=$(uniq -d "$d/ref-targets")
[ -z "$dup" ] || fail "docs/reference.md, Targets and variables: two rows for make $dup"
diffs=$(diff "$d/ref-targets" "$d/help-targets" || true)
[ -z "$diffs" ] || fail "docs/reference.md, Targets and variables: its target rows are not make help's (< its own, > make help's): $(echo $diffs)"
hvars=$(grep -oE '(^|[^A-Za-z0-9_])[A-Z][A-Z0-9_]*=' "$d/help.txt" | sed 's/^[^A-Z]//; s/=$//' |
	grep -vx O | sort -u)  # O=: kbuild's, named in KSRC's line
awk -F'|' '/^\| `[A-Z]/ { print $2 }' "$d/reference" | grep -oE '`[A-Z][A-Z0-9_]*`' | tr -d '`' | sort >"$d/ref-vars"
dup=$(uniq -d "$d/ref-vars")
[ -z "$dup" ] || fail "docs/reference.md, Targets and variables: two rows for $dup"
printf '%s\n' "$hvars" >"$d/help-vars"
diffs=$(diff "$d/ref-vars" "$d/help-vars" || true)
[ -z "$diffs" ] || fail "docs/reference.md, Targets and variables: its variable rows are not make help's (< its own, > make help's): $(echo $diffs)"
ok "docs/reference.md has one row for each of make help's $(echo "$targets" | wc -w) targets and $(echo "$hvars" | wc -w) variables"

# -- the README's length, a last line without a newline counted
n=$(awk 'END { print NR }' README.md)
[ "$n" -le 300 ] || fail "README.md has $n lines, over 300: records go to docs/"
ok "README.md has $n lines"

# -- product voice: no word of the work that made it, outside tool output
: >"$d/voice"
for doc in $docs; do
	prose "$doc" | grep -n -i -w -E 'issues?|sessions?|we|our' | sed "s|^|$doc: |" >>"$d/voice" || true
	prose "$doc" | grep -n -E "(^|[^A-Za-z])I([ ,.;:!?]|'[a-z]|$)" | sed "s|^|$doc: |" >>"$d/voice" || true
done
[ ! -s "$d/voice" ] || { cat "$d/voice"; fail "README/docs speak of the work, not the product (above: issue, session, I, we, our)"; }
ok "README.md and docs/ speak of the product"

# -- links between them: the file exists, and a #anchor is one of its
# headings (GitHub's slugs; a repeated heading's second is SLUG-1)
slugs() {
	prose "$1" | sed -n 's/^#\{1,6\} //p' | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g' |
		awk '{ s = $0; if (seen[$0]++) s = $0 "-" (seen[$0] - 1); print s }'
}
: >"$d/links"
for doc in $docs; do
	dir=$(dirname "$doc")
	prose "$doc" | grep -oE '\]\([^)]+\)' | sed 's/^](//; s/)$//' | grep -vE '^[a-z]+:' | sort -u >"$d/doc-links" || true
	while read -r link; do
		path=${link%%#*}
		target=$doc
		[ -z "$path" ] || target=$dir/$path
		[ -e "$target" ] || fail "$doc: link $link: no $target"
		case $link in *'#'*)
			[ -f "$target" ] && slugs "$target" | grep -qxF "${link#*#}" ||
				fail "$doc: link $link: $target has no heading #${link#*#}" ;;
		esac
		echo "$doc $link" >>"$d/links"
	done <"$d/doc-links"
done
links=$(wc -l <"$d/links")
[ "$links" -gt 0 ] || fail "found no link in README.md or docs/"
ok "$links links in README.md and docs/ reach their file and heading"
