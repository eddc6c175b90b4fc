# source/: when linux-source is not the version the series was made for,
# say so with both versions, and go on only when the series applies.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch version-mismatch)
cd "$TOP"
cp -r patches "$d/patches"
have=$(sed -n 's/^# *target: *linux-source \([^ ]*\).*/\1/p' patches/series)
[ -n "$have" ] || fail "patches/series names no target version"
# pretend the series was made for another sublevel
sed -i "s/^\(# *target: *linux-source\) $have/\1 6.1.999/" "$d/patches/series"

make BUILD="$d/build" PATCHES="$d/patches" source >"$d/out.txt" 2>&1 || { cat "$d/out.txt"; fail "make source failed"; }
cat "$d/out.txt"
expect_grep "WARNING linux-source is $have but patches/series was made for 6.1.999; trying it" "$d/out.txt" "mismatch warning"
expect_grep "NOTE    patches/series \(made for 6.1.999\) applies to linux-source $have" "$d/out.txt" "applies note"
# the tree holds the whole series: the files it changes, taken out of the
# tree, give back every patch in reverse order, last first (-f: patch
# must not take a patch that is not there for one to apply forwards,
# which --batch would)
t=$d/tree
grep -v -e '^#' -e '^[[:space:]]*$' "$d/patches/series" >"$d/list"
[ -s "$d/list" ] || fail "the series lists no patch"
sed "s|^|$d/patches/|" "$d/list" | xargs sed -n 's|^--- a/||p' | sort -u | while read -r f; do
	[ -f "$d/build/src/linux/$f" ] || fail "$f, which the series changes, is not in the tree"
	mkdir -p "$t/$(dirname "$f")" && cp "$d/build/src/linux/$f" "$t/$f"
done
tac "$d/list" | while read -r p; do
	patch -d "$t" -p1 -R -f --fuzz=0 --quiet <"$d/patches/$p" >"$d/reverse.txt" 2>&1 ||
		{ cat "$d/reverse.txt"; fail "$p is not in the tree: it does not come off in reverse"; }
done
ok "version mismatch is named, and the tree holds every patch of the series ($(wc -l <"$d/list"))"
rm -rf "$d/build"
