# The deinline variant: dce plus patches/deinline/, on a tree of its own
# (build/src/linux-deinline) with a build folder seeded from dce's:
#  1. its tree is the patched tree with the series on top, and the patched
#     tree itself has none of it;
#  2. make's folder, seeded from dce's (kbuild/seed.sh), recompiled only
#     what names a file the series touches in its dependency list, among
#     them every touched .c file's object, or for one another unit
#     #includes, that unit's (its seed.log, kept by the
#     Makefile: no second seeded build here);
#  4. make's deinline kernel has less text than dce, and booted;
#  5. its attribution names files by their path in the kernel, though its
#     objects come from two trees;
#  6. a "# configs: tiny" line (in a copy of the fragments: the shipped
#     series is for every config) makes small's not available, and
#     nothing is built;
#  7. a user's fragment on top of tiny, with networking, gets it.
# That the seeded kernel is the one a build from an empty folder makes is
# tests/81's, the one cold build of this tree (the slow tier).
# timeout: 600
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline-variant)
cd "$TOP"
deinline_made "$d"
series=$(grep -v -e '^#' -e '^[[:space:]]*$' patches/deinline/series || true)
[ -n "$series" ] || fail "patches/deinline/series names no patch"
files=$(for p in $series; do sed -n 's|^+++ b/||p' "patches/deinline/$p"; done | sort -u)

# 1. the two trees: the touched files, patched here one patch at a time
for f in $files; do
	cmp -s "$src/$f" "$tree/$f" && fail "$f: the series does not change it in $tree"
	mkdir -p "$d/check/$(dirname "$f")"
	cp "$src/$f" "$d/check/$f"
done
for p in $series; do
	patch -s -p1 --batch --forward --fuzz=0 -d "$d/check" <"patches/deinline/$p" || fail "$p does not apply to $src"
done
for f in $files; do cmp -s "$d/check/$f" "$tree/$f" || fail "$f in $tree is not the patched tree's plus the series"; done
ok "$tree is $src plus the $(echo "$series" | wc -w) patches ($(echo "$files" | wc -w) files); $src has none of them"

# 2. seeded from dce, only what names a touched file recompiles: make's
#    own seeding, whose builds' logs the Makefile keeps in seed.log.  When
#    make's folder was not made that way (rebuilt in place since, after a
#    config change, or seeded from an older dce or by an older seed.sh),
#    the seeding is done here as the Makefile does it, in a folder of this
#    test's own: make's folder is left as make left it.
seeded=$kdir seedlog=$kdir/seed.log
if ! [ -s "$kdir/seed.log" ] || [ -e "$kdir/seeding" ] || [ "$kdir/vmlinux" -nt "$kdir/seed.log" ] ||
	[ "$dce/vmlinux" -nt "$kdir/seed.log" ] || [ kbuild/seed.sh -nt "$kdir/seed.log" ]; then
	[ -f "$dce/obj/vmlinux" ] || fail "$dce/obj has no kernel to seed from (make prune?): make clean and run again"
	echo "note: $kdir was not seeded by the current seeding; seeding $d/seeded from $dce as the Makefile does"
	# shellcheck disable=SC2046
	kbuild/seed.sh "$src" "$dce/obj" "$tree" "$d/seeded/obj" $(cat "$BUILD/src/.stamp-deinline") ||
		fail "seeding $d/seeded from $dce"
	cmp -s "$kdir/obj/.config" "$d/seeded/obj/.config" || cp "$kdir/obj/.config" "$d/seeded/obj/.config"
	kbuild/build.sh "$tree" "$d/seeded" "tiny/Os/deinline, seeded by the test" >"$d/seeded.out" 2>&1 ||
		{ cat "$d/seeded.out"; fail "the build of $d/seeded"; }
	seeded=$d/seeded seedlog=$d/seeded/build.log
fi
grep -r -l -F "$src/" --include='*.cmd' "$seeded/obj" >/dev/null && fail "a .cmd file of the seeded $seeded/obj still names $src"
objs_compiled "$seedlog" >"$d/compiled"
# every target whose .cmd dependency list names a touched file (objects,
# and asm-offsets.s and the like)
for f in $files; do echo "$src/$f"; done >"$d/touched"
(cd "$dce/obj" && find . -name '.*.cmd' | while read -r c; do
	if grep -q -F -f "$d/touched" "$c"; then
		dir=$(dirname "${c#./}") t=$(basename "$c" .cmd)
		t=${t#.}
		[ "$dir" = . ] && echo "$t" || echo "$dir/$t"
	fi
done) | sort >"$d/dependents"
[ -s "$d/compiled" ] || fail "the seeded build compiled nothing"
extra=$(comm -23 "$d/compiled" "$d/dependents")
[ -z "$extra" ] || fail "the seeded build recompiled what names no touched file: $(echo $extra | cut -c 1-300)"
# each touched .c file's object; a .c file another unit #includes
# (kernel/sched/deadline.c, in build_policy.c) has none: an object that
# names it, then
for f in $files; do
	case $f in *.c) ;; *) continue ;; esac
	if [ -f "$dce/obj/$(dirname "$f")/.$(basename "$f" .c).o.cmd" ]; then
		grep -q -x -F "${f%.c}.o" "$d/compiled" || fail "${f%.c}.o (the series changes $f) was not recompiled"
	else
		(cd "$dce/obj" && grep -l -F "$src/$f" $(find . -name '.*.o.cmd') | sed 's|^\./||; s|\.\([^/]*\)\.cmd$|\1|') |
			grep -q -x -F -f - "$d/compiled" || fail "no object that includes $f (the series changes it) was recompiled"
	fi
done
ok "the seeded build recompiled $(wc -l <"$d/compiled") objects, all naming a touched file ($(wc -l <"$d/dependents") do)"

# 4. smaller than dce, and booted
t_dce=$(size "$dce/vmlinux" | awk 'NR == 2 { print $1 }') t_de=$(size "$kdir/vmlinux" | awk 'NR == 2 { print $1 }')
[ "$t_de" -lt "$t_dce" ] || fail "deinline's text ($t_de) is not below dce's ($t_dce)"
grep -q '^result PASS$' "$kdir/boot.result" || fail "the deinline kernel did not boot: $(head -n 1 "$kdir/boot.result")"
ok "text $t_dce -> $t_de, and it boots"

# 5. attribution across two trees
make -s -C measure O="$d" >/dev/null
"$d/tksize" attribute --files --no-map "$kdir/vmlinux" >"$d/attr" || fail "tksize attribute"
attribution_paths "$d/attr" >"$d/paths"
[ "$(wc -l <"$d/paths")" -gt 300 ] || fail "the attribution has $(wc -l <"$d/paths") files"
outside_kernel_folders "$d/paths" &&
	fail "files named outside the kernel's folders (above)"
for f in init/main.c $files; do
	case $f in *.c) grep -q -x -F "$f" "$d/paths" || fail "$f has no row of its own" ;; esac
done
ok "attribution names files by their path in the kernel, from both trees"

# 6. a variant's "# configs:" line keeps it to those configs: a copy of
#    the fragments whose deinline names tiny alone makes small's not
#    available, saying why, and builds nothing
mkdir -p "$d/frags"
cp tinyconfigs/*.config tinyconfigs/*.sh "$d/frags/"
grep -q '^# configs:' "$d/frags/variant-deinline.config" &&
	fail "the shipped variant-deinline.config has a '# configs:' line: its series is for every config"
echo '# configs: tiny' >>"$d/frags/variant-deinline.config"
rm -rf "$BUILD/kernels/small-Os-deinline"
make FRAGMENTS="$d/frags" CONFIGS=small VARIANTS=deinline kernels >"$d/small.out" 2>&1 || { cat "$d/small.out"; fail "make CONFIGS=small VARIANTS=deinline kernels"; }
expect_grep "^  SKIP    small/Os/deinline: not available: its series patches/deinline is made for tiny only$" "$d/small.out" "small's deinline"
grep -q -e '^  CONFIG ' -e '^  BUILD ' "$d/small.out" && fail "make configured or built a kernel for small/Os/deinline"
[ ! -d "$BUILD/kernels/small-Os-deinline/obj" ] || fail "small/Os/deinline has a build folder"
ok "# configs: tiny: small/Os/deinline not available ($(cat "$BUILD/kernels/small-Os-deinline/unavailable")), nothing built, exit 0"
rm -rf "$BUILD/kernels/small-Os-deinline"

# 7. without that line, a fragment of the user's on top of tiny, with
#    networking, gets the variant: its .config is made on the deinline
#    tree, with its own options and the series' tree
cp tinyconfigs/*.config tinyconfigs/*.sh "$d/frags/"
printf '# mynet: tiny and IPv4\n# base: tiny\nCONFIG_NET=y\nCONFIG_INET=y\nCONFIG_UNIX=y\nCONFIG_PACKET=y\n' >"$d/frags/mynet.config"
rm -rf "$BUILD/kernels/mynet-Os-deinline"
make FRAGMENTS="$d/frags" CONFIGS=mynet VARIANTS=deinline configs >"$d/mynet.out" 2>&1 || { cat "$d/mynet.out"; fail "make CONFIGS=mynet VARIANTS=deinline configs"; }
grep -q 'not available' "$d/mynet.out" && { cat "$d/mynet.out"; fail "mynet/Os/deinline is not available"; }
[ ! -e "$BUILD/kernels/mynet-Os-deinline/unavailable" ] || fail "mynet/Os/deinline has an unavailable file"
for sym in INET UNIX PACKET LD_DEAD_CODE_DATA_ELIMINATION; do
	grep -q "^CONFIG_$sym=y" "$BUILD/kernels/mynet-Os-deinline/obj/.config" || fail "mynet/Os/deinline's .config lacks CONFIG_$sym"
done
ok "a fragment based on tiny, with networking, gets deinline: its .config has INET, UNIX, PACKET and DCE"
rm -rf "$BUILD/kernels/mynet-Os-deinline" "$d/seeded"
