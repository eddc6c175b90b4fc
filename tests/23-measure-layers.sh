# measure/: tksize's sources are in layers, and every #include goes down.
# The check passes on the tree; in a copy, each kind of fault planted alone
# fails it, named by file and line: an include that goes up a layer, a
# writer using another writer, a loop of includes within a layer, an
# include that names no layer.  The build runs the check first, so a
# planted fault also stops the build before it compiles anything.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch measure-layers)
cd "$TOP"
LAYERS="commands output report stores analyses readers base"
measure/check-layers.sh $LAYERS >"$d/tree.txt" 2>&1 || { cat "$d/tree.txt"; fail "the layers of measure/ as committed fail the check"; }
n=$(cat measure/*/*.[ch] | grep -c '^#include "')
[ "$n" -gt 50 ] || fail "only $n includes in measure/*/: the layers are not where the check looks"
ok "measure/'s $n includes go down the layers"

# plant FILE LINE WHAT PATTERN: LINE added after FILE's first include, in a copy
plant() {
	rm -rf "$d/m" && cp -a measure "$d/m"
	sed -i "0,/^#include/s||$2\n&|" "$d/m/$1"
	if "$d/m/check-layers.sh" $LAYERS >"$d/out.txt" 2>&1; then fail "$3: the check passed"; fi
	expect_grep "$4" "$d/out.txt" "$3"
	[ "$(wc -l <"$d/out.txt")" = 1 ] || { cat "$d/out.txt"; fail "$3: not one line"; }
}
plant base/util.c '#include "report/report.h"' "an upward include" \
	'^base/util\.c:[0-9]+: #include "report/report\.h" goes up, from base/ to report/$'
# the build stops on it before compiling
if make -s -C "$d/m" O="$d/bin" >"$d/build.txt" 2>&1; then fail "tksize built with an upward include"; fi
[ ! -e "$d/bin/tksize" ] || fail "tksize was compiled although the layers failed"
expect_grep 'goes up, from base/ to report/' "$d/build.txt" "the build's error"
ok "an upward include is named by file:line, and stops the build"
plant output/report-md.c '#include "output/report-html.h"' "a writer using another" \
	'^output/report-md\.c:[0-9]+: #include "output/report-html\.h": a writer uses another writer'
plant analyses/difftab.h '#include "analyses/symdiff.h"' "a loop" \
	'^measure: includes go round in a loop within a layer: .*analyses/(difftab|symdiff)'
plant readers/elfio.c '#include "util.h"' "an include without its layer" \
	'^readers/elfio\.c:[0-9]+: #include "util\.h" names no layer'
ok "a writer using another, a loop within a layer, and an include without a layer are each named"
