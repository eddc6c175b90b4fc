# source/: when linux-source is not the version the series was made for,
# say so with both versions, and go on only when the series applies.
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
[ -e "$d/build/src/.stamp" ] || fail "the tree was not prepared"
ok "version mismatch is named, and the series still applied"
rm -rf "$d/build"
