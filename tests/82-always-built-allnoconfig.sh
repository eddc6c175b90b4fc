# kbuild/always-built.sh, and the homes deinline/rank.sh gives header
# functions, against kbuild itself: an i386 allnoconfig kernel, the config
# that builds the least, compiles every unit on the list for the 6.1 tree,
# and every home rank.sh gives on tiny/Os/dce.  The list is what rank.sh
# reads, so only a build of another config can tell it wrong (tests/83
# checks the parser on makefiles written for it, and the homes against
# tiny's own objects).  A full build of a kernel `make` does not build,
# hence the slow tier.
# timeout: 900
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch always-built-allnoconfig)
cd "$TOP"
src=$BUILD/src/linux kdir=$BUILD/kernels/tiny-Os-dce
[ -f "$kdir/vmlinux" ] && [ -d "$kdir/obj" ] || make -s VARIANTS=dce kernels
o=$d/obj
t0=$(date +%s)
kbuild/kmake.sh "$src" "$o" allnoconfig >"$d/config.log" 2>&1 || { tail "$d/config.log"; fail "make allnoconfig"; }
grep -q '^CONFIG_X86_32=y$' "$o/.config" || fail "allnoconfig for ARCH=i386 is not a 32-bit config"
kbuild/kmake.sh "$src" "$o" -j"$(nproc)" vmlinux >"$d/build.log" 2>&1 ||
	{ grep -m3 -E 'error:|Error [0-9]' "$d/build.log"; fail "the allnoconfig build failed"; }
count_build full $(($(date +%s) - t0)) "i386 allnoconfig"
# the units it compiled: each object whose .c file is in the tree
(cd "$o" && find . -name '*.o' ! -path './scripts/*' ! -path './tools/*' | sed 's|^\./||; s|\.o$|.c|') |
	while read -r c; do [ ! -f "$src/$c" ] || echo "$c"; done | LC_ALL=C sort -u >"$d/compiled"
[ "$(wc -l <"$d/compiled")" -gt 200 ] || fail "allnoconfig compiled $(wc -l <"$d/compiled") units"

kbuild/always-built.sh "$src" | LC_ALL=C sort -u >"$d/always"
[ "$(wc -l <"$d/always")" -gt 100 ] || fail "always-built.sh lists $(wc -l <"$d/always") units"
missing=$(LC_ALL=C comm -23 "$d/always" "$d/compiled")
[ -z "$missing" ] || fail "always-built.sh lists units allnoconfig does not compile: $(echo $missing | cut -c 1-300)"
ok "always-built.sh: all $(wc -l <"$d/always") units are compiled by allnoconfig ($(wc -l <"$d/compiled") units)"

make -s -C measure O="$d" >/dev/null
gcc -O2 -Wall -o "$d/uninline" deinline/uninline.c
TKSIZE=$d/tksize UNINLINE=$d/uninline deinline/rank.sh "$src" "$kdir" >"$d/candidates" || fail "rank.sh"
awk -F'\t' '!/^#/ && $6 == "move" && $15 == "ok" { print $7 }' "$d/candidates" | LC_ALL=C sort -u >"$d/homes"
[ "$(wc -l <"$d/homes")" -gt 10 ] || fail "rank.sh gave $(wc -l <"$d/homes") homes"
missing=$(LC_ALL=C comm -23 "$d/homes" "$d/compiled")
[ -z "$missing" ] || fail "rank.sh gave homes allnoconfig does not compile: $(echo $missing | cut -c 1-300)"
ok "rank.sh: its $(wc -l <"$d/homes") homes are all compiled by allnoconfig"
rm -rf "$o"
