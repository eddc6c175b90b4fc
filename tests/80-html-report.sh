# measure/: build/report.html is one self-contained page that a browser
# renders: headless Chromium parses it into the size, boot and budget
# tables with the report's own figures, draws the SVG chart of text and the
# treemap of where it goes, and takes a screenshot.  Nothing in it is fetched from anywhere.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch html-report)
cd "$TOP"
make -s BUILD="$BUILD" report >/dev/null
html=$REPORT.html json=$REPORT.json
[ -s "$html" ] || fail "no $html"

# self-contained: no scripts, stylesheets, images or fonts from outside;
# the only URL is the SVG namespace name, which is never fetched
if grep -n -E '<script|<link|<img|<iframe|src=|url\(|@import' "$html"; then fail "the page loads something"; fi
if grep -o -E 'https?://[^"]*' "$html" | grep -v -x 'http://www.w3.org/2000/svg'; then fail "the page names a URL"; fi
ok "no external resources"

browser() {
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$d/profile" "$@" 2>>"$d/chromium.err"
}
browser --dump-dom "file://$html" >"$d/dom.html" || fail "chromium could not load the page"
browser --screenshot="$d/report.png" --window-size=1100,1400 "file://$html" >/dev/null ||
	fail "chromium could not take a screenshot"
[ "$(stat -c %s "$d/report.png")" -gt 20000 ] || fail "the screenshot is all but empty"
ok "rendered; screenshot $d/report.png"

# the parsed DOM has one size row per kernel with the report's figures
for name in $(jq -r '.kernels[] | select(.built) | .name' "$json"); do
	set -- $(jq -r --arg n "$name" '.kernels[] | select(.name == $n) | "\(.text) \(.data) \(.bss) \(.boot.result)"' "$json")
	grep -q "<tr><td>$name</td><td>$1</td><td>$2</td><td>$3</td>" "$d/dom.html" ||
		fail "$name: no size row with $1 $2 $3 in the rendered page"
	grep -q "<tr><td>$name</td><td class=\"$4\">$4</td>" "$d/dom.html" || fail "$name: no boot row"
done
ok "size and boot tables rendered with the report's figures"
built=$(jq '[.kernels[] | select(.built)] | length' "$json")
sed -n '/<svg id="chart"/,/<\/svg>/p' "$d/dom.html" |
	sed -n 's/.*<rect x="[0-9]*" y="[0-9]*" width="\([0-9.]*\)" height="22".*<title>text \([0-9]*\)<.*/\1 \2/p' >"$d/bars.txt"
[ "$(wc -l <"$d/bars.txt")" = "$built" ] || fail "the chart has $(wc -l <"$d/bars.txt") bars, want $built"
# text on a scale of its own: the largest text is the full 560 px, each
# bar in proportion, within the 0.1 px it is printed to
max=$(jq '[.kernels[] | select(.built) | .text] | max' "$json")
awk -v max="$max" '{ want = 560 * $2 / max; if ($1 - want > 0.051 || want - $1 > 0.051) { print "bar " $1 " for text " $2 ", want " want; bad = 1 } }
	END { exit bad }' "$d/bars.txt" >&2 || fail "a bar is not to the scale of the largest text"
ok "chart: one text bar for each of $built kernels, to the scale of the largest text"

# the treemap of each config's last variant: the top directories side by
# side, as wide as their share of text, which adds up to the kernel's text
# (a report with no attribution would check nothing: that fails)
treemapped=$(jq -r '.kernels[] | select(.attribution != null) | .name' "$json" | tail -n 1)
[ -n "$treemapped" ] || fail "no kernel of $json has its attribution: no treemap to check"
for name in $treemapped; do
	text=$(jq --arg n "$name" '.kernels[] | select(.name == $n) | .text' "$json")
	sed -n "\|<svg id=\"treemap-$name\"|,\|</svg>|p" "$d/dom.html" >"$d/treemap.svg"
	[ -s "$d/treemap.svg" ] || fail "no treemap of $name"
	sed -n 's/.*<rect class="dir" x="[0-9.]*" y="0.00" width="\([0-9.]*\)" height="420.00".*data-bytes="\([0-9]*\)".*/\1 \2/p' \
		"$d/treemap.svg" >"$d/boxes.txt"
	[ "$(wc -l <"$d/boxes.txt")" -ge 5 ] || fail "the treemap of $name has fewer than 5 directories"
	awk -v text="$text" '{ sum += $2; want = 900 * $2 / text; if ($1 - want > 0.006 || want - $1 > 0.006) { print "box " $1 " for " $2 ", want " want; bad = 1 } }
		END { if (sum != text) { print "boxes hold " sum ", text is " text; bad = 1 }; exit bad }' "$d/boxes.txt" >&2 ||
		fail "the treemap of $name is not to scale"
	ok "treemap of $name: $(wc -l <"$d/boxes.txt") directories, to scale, adding up to its text $text"
done
expect_grep '<table id="budgets">' "$d/dom.html" "budget table"
expect_grep '<h2>Symbols: tiny/Os, orig → inline\+units</h2>' "$d/dom.html" "symbol diff section"
ok "budget table and symbol diff present"

# the stack and inline tables, with the report's figures
[ "$(jq '[.kernels[] | select(.stack != null)] | length' "$json")" -ge 4 ] || fail "fewer than 4 kernels of $json have stack figures"
[ "$(jq '[.kernels[] | select(.inline != null)] | length' "$json")" -ge 4 ] || fail "fewer than 4 kernels of $json have inline figures"
for name in $(jq -r '.kernels[] | select(.stack != null) | .name' "$json"); do
	set -- $(jq -r --arg n "$name" '.kernels[] | select(.name == $n) | "\(.stack.functions) \(.stack.max) \(.stack.sum)"' "$json")
	grep -q "<tr><td>$name</td><td>$1</td><td>$2</td><td>$3</td>" "$d/dom.html" ||
		fail "$name: no stack row with $1 $2 $3"
done
for name in $(jq -r '.kernels[] | select(.inline != null) | .name' "$json"); do
	# a count not known (null: GCC's LTO) is n/a in the table
	set -- $(jq -r --arg n "$name" '.kernels[] | select(.name == $n) | .inline |
		"\(.declared // "n/a") \(.declared_inlined // "n/a") \(.outofline // "n/a") \(.undeclared_inlined // "n/a") \(.sites) \(.bytes)"' "$json")
	grep -q "<tr><td>$name</td><td>$1</td><td>$2</td><td>$3</td><td>$4</td><td>$5</td><td>$6</td>" "$d/dom.html" ||
		fail "$name: no inline row with $*"
done
[ "$(jq '[.kernels[] | select(.stack != null and .inline != null)] | length' "$json")" -ge 4 ] ||
	fail "fewer than 4 kernels have stack and inline figures"
ok "stack and inline tables rendered with the report's figures"
