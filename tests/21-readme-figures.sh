# README.md describes the kernels make has just built, and README and
# docs/ describe the product:
# - the "What you get" size table is, number by number, what make wrote to
#   build/report.json (text, data, bss, dec, hex, text%, bzImage, boot),
#   and so are the boot table's MemTotal and least RAM, for every kernel
#   make built and no other;
# - each block after a "<!-- checked: make ... -->" line is that command's
#   output on make's kernels, line for line ("..." skips lines);
# - every VARIABLE= the README names is in `make help`, and every target
#   and variable of `make help` has a row in docs/reference.md;
# - the README is at most 300 lines;
# - README and docs/ speak of the product, not of how it was made;
# - every link between them reaches a file, and a heading there.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch readme)
cd "$TOP"
J=$BUILD/report.json
[ -f "$J" ] || fail "no $J: run make first"

# -- the "What you get" section, and make's kernels from report.json
awk '/^## / { on = ($0 == "## What you get") } on' README.md >"$d/what.md"
[ -s "$d/what.md" ] || fail "README.md has no '## What you get' section"
# "file text data bss dec hex text% bzImage boot memtotal minram" of each
# kernel make built; text% against the orig of its tree, config and opt
jq -r '.kernels as $k | $k[] | select(.built) |
	. as $x | ($k[] | select(.built and .variant == "orig" and .tree == $x.tree and
		.config == $x.config and .opt == $x.opt) | .text) as $base |
	[ "vmlinux-" + (.name | gsub("/"; "-")), .text, .data, .bss, .dec, $base, .bzimage,
	  .boot.result, .boot.memtotal_kb, .boot.min_ram_mib, .name ] | map(tostring) | join(" ")' "$J" |
	awk '{ pct = $6 == $2 ? "base" : sprintf("%+.2f%%", ($2 - $6) * 100 / $6)
	       printf "%s %s %s %s %s %x %s %s %s %s %s %s\n", $1, $2, $3, $4, $5, $5, pct, $7, $8, $9, $10, $11 }' \
	>"$d/made"
[ -s "$d/made" ] || fail "$J lists no built kernel"

# the size table's rows: text data bss dec hex filename text% bzImage boot
grep -E '^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9a-f]+ vmlinux-' "$d/what.md" |
	awk '{ print $6, $1, $2, $3, $4, $5, $7, $8, $9 }' >"$d/size-rows"
# the boot table's rows: kernel, MemTotal, least RAM
grep -E '^[^ ]+/[^ ]+ +[0-9.]+ +[0-9.]+ +[0-9]+ kB +[0-9]+ kB +[0-9]+ MiB$' "$d/what.md" |
	awk '{ print $1, $4, $8 }' >"$d/boot-rows"

checked=0
while read -r file text data bss dec hex pct bz boot memtotal minram name; do
	row=$(awk -v f="$file" '$1 == f' "$d/size-rows")
	[ -n "$row" ] || fail "README.md, What you get: no row for $file, which make built"
	[ "$(printf '%s\n' "$row" | wc -l)" = 1 ] || fail "README.md, What you get: two rows for $file"
	set -- $row
	for col in "text $2 $text" "data $3 $data" "bss $4 $bss" "dec $5 $dec" "hex $6 $hex" \
		"text% $7 $pct" "bzImage $8 $bz" "boot $9 $boot"; do
		set -- $col
		[ "$2" = "$3" ] || fail "README.md, What you get, row $file: $1 $2, but make wrote $3 to $J"
		checked=$((checked + 1))
	done
	row=$(awk -v k="$name" '$1 == k' "$d/boot-rows")
	[ -n "$row" ] || fail "README.md, What you get: no boot row for $name, which make built"
	set -- $row
	[ "$2" = "$memtotal" ] || fail "README.md, What you get, boot row $name: MemTotal $2 kB, but make wrote $memtotal to $J"
	[ "$3" = "$minram" ] || fail "README.md, What you get, boot row $name: min RAM $3 MiB, but make wrote $minram to $J"
	checked=$((checked + 2))
done <"$d/made"
awk '{ print $1 }' "$d/made" | sort >"$d/made-files"
awk '{ print $1 }' "$d/size-rows" | sort >"$d/readme-files"
extra=$(comm -13 "$d/made-files" "$d/readme-files")
[ -z "$extra" ] || fail "README.md, What you get: rows for kernels make did not build: $extra"
awk '{ print $12 }' "$d/made" | sort >"$d/made-names"
extra=$(awk '{ print $1 }' "$d/boot-rows" | sort | comm -13 "$d/made-names" -)
[ -z "$extra" ] || fail "README.md, What you get: boot rows for kernels make did not build: $extra"
ok "What you get: $(wc -l <"$d/made") kernels, $checked figures, each what make wrote to report.json"

# -- the checked blocks: a marker line, then a fenced block whose first
# line is "$ " and the marker's command
awk -v d="$d" '
	fence_next { if ($0 != "```") { print NR ": no code block after the marker" > (d "/checked.err"); exit }
		fence_next = 0; inblock = 1; next }
	inblock && $0 == "```" { inblock = 0; next }
	inblock { print > (d "/checked." n ".want"); next }
	/^<!-- checked: .* -->$/ { n++; c = $0; sub(/^<!-- checked: /, "", c); sub(/ -->$/, "", c)
		print c > (d "/checked." n ".cmd"); fence_next = 1 }' README.md
[ ! -e "$d/checked.err" ] || fail "README.md:$(cat "$d/checked.err")"
blocks=0
for cmdf in "$d"/checked.*.cmd; do
	[ -e "$cmdf" ] || fail "README.md has no <!-- checked: make ... --> block"
	want=${cmdf%.cmd}.want cmd=$(cat "$cmdf")
	case $cmd in make\ *) ;; *) fail "README.md: a checked block's command is not a make command: $cmd" ;; esac
	[ "$(head -n 1 "$want")" = "\$ $cmd" ] || fail "README.md: the block checked as '$cmd' does not start with '\$ $cmd'"
	set -f; set -- $cmd; set +f; shift
	make -s --no-print-directory BUILD="$BUILD" REPORT="$REPORT" "$@" >"${cmdf%.cmd}.out" 2>&1 ||
		{ cat "${cmdf%.cmd}.out"; fail "README.md: '$cmd' failed"; }
	# whitespace runs are one space; "..." skips any lines; other lines
	# follow each other as in the output
	norm() { sed 's/[[:space:]]\{1,\}/ /g; s/^ //; s/ $//' "$1"; }
	norm "$want" | tail -n +2 >"$want.n"
	norm "${cmdf%.cmd}.out" >"${cmdf%.cmd}.out.n"
	miss=$(awk 'NR == FNR { out[++n] = $0; next }
		$0 == "..." { gap = 1; next }
		{ if (gap) { while (p < n && out[p + 1] != $0) p++ }
		  if (p >= n || out[p + 1] != $0) { print FNR + 1 ": " $0; exit }
		  p++; gap = 0; lines++ }
		END { if (!lines) print "0: no line to compare" }' "${cmdf%.cmd}.out.n" "$want.n")
	[ -z "$miss" ] || { cat "${cmdf%.cmd}.out"; fail "README.md, the block of '$cmd', its line ${miss%%: *}: '${miss#*: }' is not what the command prints (above)"; }
	blocks=$((blocks + 1))
done
ok "$blocks checked blocks are their commands' output on make's kernels"

# -- every VARIABLE= the README names, make help names
make -s --no-print-directory BUILD="$BUILD" help >"$d/help.txt"
vars=$(grep -oE '(^|[^A-Za-z0-9_])[A-Z][A-Z0-9_]*=' README.md | sed 's/^[^A-Z]//; s/=$//' |
	grep -v '^CONFIG_' | sort -u)
[ -n "$vars" ] || fail "README.md names no variable"
for v in $vars; do
	grep -qE "(^|[^A-Za-z0-9_])$v=" "$d/help.txt" || fail "README.md names $v=, which make help does not list"
done
ok "make help lists the $(echo "$vars" | wc -w) variables README.md names"

# -- docs/reference.md names every target and variable make help does
awk '/^## / { on = ($0 == "## Targets and variables") } on' docs/reference.md >"$d/reference"
[ -s "$d/reference" ] || fail "docs/reference.md has no '## Targets and variables' section"
targets=$(sed -n 's/^  make \([a-z-]*\) .*/\1/p' "$d/help.txt")
[ -n "$targets" ] || fail "make help lists no target"
for t in $targets; do
	grep -qF "make $t\`" "$d/reference" || grep -qF "(\`$t\`)" "$d/reference" ||
		fail "docs/reference.md, Targets and variables: no row for make $t"
done
hvars=$(grep -oE '(^|[^A-Za-z0-9_])[A-Z][A-Z0-9_]*=' "$d/help.txt" | sed 's/^[^A-Z]//; s/=$//' | sort -u)
for v in $hvars; do
	[ "$v" != O ] || continue  # "O=": kbuild's, in KSRC's line
	grep -qF "\`$v\`" "$d/reference" || fail "docs/reference.md, Targets and variables: no row for $v=, which make help lists"
done
ok "docs/reference.md has a row for each of make help's $(echo "$targets" | wc -w) targets and $(echo "$hvars" | wc -w) variables"

# -- the README's length
n=$(wc -l <README.md)
[ "$n" -le 300 ] || fail "README.md has $n lines, over 300: records go to docs/"
ok "README.md has $n lines"

# -- product voice: no word of the work that made it
docs="README.md $(ls docs/*.md docs/runs/*/README)"
if grep -n -i -w -E 'issues?|sessions?' $docs >"$d/voice"; then
	cat "$d/voice"; fail "README/docs speak of issues or sessions (above)"
fi
if grep -n -E "(^|[ (])I( |'[a-z])" $docs >"$d/voice"; then
	cat "$d/voice"; fail "README/docs narrate in the first person (above)"
fi
ok "README.md and docs/ name no issue or session and say no 'I'"

# -- links between them: the file exists, and a #anchor is one of its headings
slugs() { sed -n 's/^#\{1,6\} //p' "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'; }
links=0
for doc in $docs; do
	dir=$(dirname "$doc")
	grep -oE '\]\([^)]+\)' "$doc" | sed 's/^](//; s/)$//' | grep -vE '^[a-z]+:' | sort -u |
	while read -r link; do
		path=${link%%#*}
		target=$doc
		[ -z "$path" ] || target=$dir/$path
		[ -e "$target" ] || fail "$doc: link $link: no $target"
		case $link in *'#'*)
			[ -f "$target" ] && slugs "$target" | grep -qxF "${link#*#}" ||
				fail "$doc: link $link: $target has no heading #${link#*#}" ;;
		esac
		echo "$link"
	done >>"$d/links"
done
links=$(wc -l <"$d/links")
[ "$links" -gt 0 ] || fail "found no link in README.md or docs/"
ok "$links links in README.md and docs/ reach their file and heading"
