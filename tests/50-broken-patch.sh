# source/: a patch that no longer applies stops the run before any build,
# names the patch and the file, and leaves no tree a later run would trust;
# once the patch is fixed, the next run extracts and applies cleanly.
. "$(dirname "$0")/lib.sh"
d=$(scratch broken-patch)
cd "$TOP"
cp -r patches "$d/patches"
victim=$(grep -m1 'mm-gup' patches/series)
# change one context line, as an upstream change to the file would
sed -i 's/^ \tBUILD_BUG();$/ \tBUILD_BUG(); \/* moved upstream *\//' "$d/patches/$victim"
cmp -s "patches/$victim" "$d/patches/$victim" && fail "could not break $victim"

b=$d/build
if make BUILD="$b" PATCHES="$d/patches" source >"$d/out.txt" 2>&1; then
	cat "$d/out.txt"; fail "make source succeeded with a broken patch"
fi
cat "$d/out.txt"
expect_grep "^source: $victim does not apply to linux-source [0-9.]+: mm/gup.c: .*FAILED" "$d/out.txt" "error line"
[ "$(grep -c '^source: ' "$d/out.txt")" = 1 ] || fail "expected exactly one error line"
[ ! -e "$b/src/linux" ] && [ ! -e "$b/src/linux.tmp" ] && [ ! -e "$b/src/.stamp" ] ||
	fail "a half-patched tree or stamp was left behind"
ok "broken patch named with its file; no tree left"

cp "patches/$victim" "$d/patches/$victim"
make BUILD="$b" PATCHES="$d/patches" source >"$d/fixed.txt" 2>&1 || { cat "$d/fixed.txt"; fail "fixed series did not apply"; }
expect_grep "PATCH   $victim" "$d/fixed.txt" "fixed run"
[ -e "$b/src/.stamp" ] && grep -q 'static inline int __gup_device_huge_pmd' "$b/src/linux/mm/gup.c" ||
	fail "fixed run did not produce a patched tree"
ok "after the fix the series applies from a fresh extraction"
rm -rf "$b/src"
