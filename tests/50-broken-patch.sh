# source/: a patch that no longer applies stops the run before any build,
# names the patch and the file in one line, and leaves the tarball, the
# tree of the last good series and earlier results as they were; once the
# patch is fixed, the next run extracts afresh and applies cleanly.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch broken-patch)
cd "$TOP"
tarball=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
cp -r patches "$d/patches"
b=$d/build

# a good run first, and an earlier result to keep
make BUILD="$b" PATCHES="$d/patches" source >"$d/good.txt" 2>&1 || { cat "$d/good.txt"; fail "good series failed"; }
mkdir -p "$b/kernels/tiny-Os-orig" && echo "earlier result" >"$b/kernels/tiny-Os-orig/boot.result"
stat -c '%s %Y' "$tarball" >"$d/tarball.before"
stat -c '%Y' "$b/src/linux/Makefile" >"$d/tree.before"

victim=$(grep -m1 'mm-gup' patches/series)
# change one context line, as an upstream change to the file would
sed -i 's/^ \tBUILD_BUG();$/ \tBUILD_BUG(); \/* moved upstream *\//' "$d/patches/$victim"
cmp -s "patches/$victim" "$d/patches/$victim" && fail "could not break $victim"

# the whole default run, as a user types it (a make of its own, which ends
# the run with its cause)
if env -u TINYKERN_LOCKED make BUILD="$b" PATCHES="$d/patches" >"$d/out.txt" 2>&1; then
	cat "$d/out.txt"; fail "make succeeded with a broken patch"
fi
cat "$d/out.txt"
expect_grep "^source: $victim does not apply to linux-source [0-9.]+: mm/gup.c: .*FAILED" "$d/out.txt" "error line"
[ "$(grep -c '^source: ' "$d/out.txt")" = 1 ] || fail "expected exactly one error line"
if grep -E '^  (CONFIG|BUILD) |text +data +bss|FAIL: not built' "$d/out.txt"; then
	fail "it went on to configure, build or report"
fi
expect_last_cause "source: $victim does not apply to linux-source [0-9.]+: mm/gup.c: .*FAILED.*" "$d/out.txt"
[ ! -e "$b/src/linux.tmp" ] || fail "the half-patched tree was left behind"
[ "$(stat -c '%Y' "$b/src/linux/Makefile")" = "$(cat "$d/tree.before")" ] || fail "the last good tree was touched"
[ "$b/src/.stamp" -ot "$d/patches/$victim" ] || fail "the stamp claims the broken series was applied"
cmp -s "$d/tarball.before" - <<T || fail "the tarball changed"
$(stat -c '%s %Y' "$tarball")
T
expect_grep '^earlier result$' "$b/kernels/tiny-Os-orig/boot.result" "earlier result"
ok "broken patch named with its file; stopped before building; nothing else touched"

cp "patches/$victim" "$d/patches/$victim"
make BUILD="$b" PATCHES="$d/patches" source >"$d/fixed.txt" 2>&1 || { cat "$d/fixed.txt"; fail "fixed series did not apply"; }
expect_grep "EXTRACT" "$d/fixed.txt" "fresh extraction"
expect_grep "PATCH   $victim" "$d/fixed.txt" "fixed run"
[ -e "$b/src/.stamp" ] && grep -q 'static inline int __gup_device_huge_pmd' "$b/src/linux/mm/gup.c" ||
	fail "fixed run did not produce a patched tree"
ok "after the fix the series applies from a fresh extraction"

# a build that has no room: refused before kbuild starts (the figure it
# needs is raised past the disk here), named in the report as the build
# stage, with no build.log it could point at, and named again last
if env -u TINYKERN_LOCKED make BUILD="$b" PATCHES="$d/patches" VARIANTS=orig BUILD_NEED_MIB=99999999 BUILD_NEED_DEBUG_MIB=99999999 \
	>"$d/room.txt" 2>&1; then cat "$d/room.txt"; fail "a build with no room passed"; fi
cat "$d/room.txt"
k=$b/kernels/tiny-Os-orig
[ ! -e "$k/build.log" ] && [ ! -e "$k/vmlinux" ] || fail "kbuild ran anyway"
cause="tiny/Os/orig: FAIL at build: $k: [0-9]+ MiB free, a build of it needs 999999[0-9][0-9] MiB"
expect_grep "^tksize: $cause$" "$d/room.txt" "the report names the stage"
expect_last_cause "$cause" "$d/room.txt"
if grep -q "build.log" "$d/room.txt"; then fail "a build.log that does not exist was named"; fi
ok "no room for a build: refused before kbuild, the stage named, no missing log pointed at"
rm -rf "$b/src"
