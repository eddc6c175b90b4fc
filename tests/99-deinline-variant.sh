# The deinline variant: dce plus patches/deinline/, on a tree of its own
# (build/src/linux-deinline) with a build folder seeded from dce's:
#  1. its tree is the patched tree with the series on top, and the patched
#     tree itself has none of it;
#  2. make's folder, seeded from dce's (kbuild/seed.sh), recompiled only
#     what names a file the series touches in its dependency list, among
#     them every touched .c file's object, or for one another unit
#     #includes, that unit's (its seed.log, kept by the
#     Makefile: no second seeded build here);
#  3. make's seeded kernel is the kernel a build from an empty folder
#     makes, without DWARF or -fstack-usage: the same text, data and bss,
#     and every allocated byte but the build-ids;
#  4. make's deinline kernel has less text than dce, and booted;
#  5. its attribution names files by their path in the kernel, though its
#     objects come from two trees;
#  6. on a config its fragment does not name (small), it is not available,
#     and nothing is built.
# timeout: 1800
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline-variant)
cd "$TOP"
make -s VARIANTS="dce deinline" boots >"$d/make.out" 2>&1 || { cat "$d/make.out"; fail "make VARIANTS='dce deinline' boots"; }
src=$BUILD/src/linux tree=$BUILD/src/linux-deinline
dce=$BUILD/kernels/tiny-Os-dce kdir=$BUILD/kernels/tiny-Os-deinline
series=$(grep -v -e '^#' -e '^[[:space:]]*$' patches/deinline/series || true)
[ -n "$series" ] || fail "patches/deinline/series names no patch"
files=$(for p in $series; do sed -n 's|^+++ b/||p' "patches/deinline/$p"; done | sort -u)
sizes() { size "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }

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
#    own seeding, whose builds' logs the Makefile keeps in seed.log.  A
#    folder made some other way, rebuilt since, seeded from an older dce
#    or by an older seed.sh or Makefile is made again, from a seed.
if ! [ -s "$kdir/seed.log" ] || [ -e "$kdir/seeding" ] || [ "$kdir/vmlinux" -nt "$kdir/seed.log" ] ||
	[ "$dce/vmlinux" -nt "$kdir/seed.log" ] || [ kbuild/seed.sh -nt "$kdir/seed.log" ] || [ Makefile -nt "$kdir/seed.log" ]; then
	[ -f "$dce/obj/vmlinux" ] || fail "$dce/obj has no kernel to seed from (make prune?): make clean and run again"
	rm -rf "$kdir"
	make -s VARIANTS="dce deinline" boots >"$d/make.out" 2>&1 || { cat "$d/make.out"; fail "make VARIANTS='dce deinline' boots, from a seed"; }
	[ -s "$kdir/seed.log" ] && ! [ -e "$kdir/seeding" ] || fail "make built $kdir without seeding it from $dce"
fi
grep -r -l -F "$src/" --include='*.cmd' "$kdir/obj" >/dev/null && fail "a .cmd file of the seeded $kdir/obj still names $src"
objs_compiled "$kdir/seed.log" >"$d/compiled"
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

# 3. a build from an empty folder, against the same tree and .config but
#    without DWARF and without -fstack-usage: the kernel a user would
#    build.  Its every allocated section holds the bytes of make's
#    deinline kernel, built in a copy of dce's folder with both
#    instruments, but for the two 20-byte build-ids (tests/same-code.sh).
#    So this one build shows that seeding makes the kernel a cold build
#    makes, and that the instruments change no code: a kernel measured
#    here is the kernel a user ships.  It is the one full build of this
#    test, and the only kernel of the suite built from this tree without
#    them; it misses ccache on every object, as no
#    other kernel here is built without -g from this tree (4m00s here);
#    with -g, the objects make's deinline build compiled would be ccache
#    hits.
#    The two settings turned back are all that DEBUG_INFO=no leaves out
#    (tinyconfigs/debug-info.config).
mkdir -p "$d/cold/obj"
cp "$kdir/obj/.config" "$d/cold/obj/.config"
[ "$(grep -E '^(# )?CONFIG_' tinyconfigs/debug-info.config | LC_ALL=C sort | paste -s -d ' ')" = \
	"# CONFIG_DEBUG_INFO_NONE is not set CONFIG_DEBUG_INFO_DWARF4=y" ] ||
	fail "tinyconfigs/debug-info.config sets more than DWARF 4 in place of no debug info: turn that back here too"
"$tree/scripts/config" --file "$d/cold/obj/.config" -d DEBUG_INFO_DWARF4 -e DEBUG_INFO_NONE
STACK_USAGE=no kbuild/build.sh "$tree" "$d/cold" "tiny/Os/deinline (from an empty folder, no -g)" >"$d/cold.out" 2>&1 ||
	{ cat "$d/cold.out"; fail "the build from an empty folder"; }
p=$d/cold
no_instruments "$p"
cold=$(sizes "$p/vmlinux")
[ "$(sizes "$kdir/vmlinux")" = "$cold" ] || fail "make's deinline kernel: $(sizes "$kdir/vmlinux"), from an empty folder: $cold"
ok "make's seeded and a cold build's deinline kernels: the same text, data and bss ($cold)"
tests/same-code.sh "$kdir/vmlinux" "$p/vmlinux" >"$d/same.txt" || fail "make's deinline kernel is not the cold build's, byte for byte"
cat "$d/same.txt"
ok "every allocated section of make's deinline kernel (seeded, -g, -fstack-usage) is the cold plain build's"
# ... and the check can fail: one byte changed in .data of a copy
cp "$kdir/vmlinux" "$d/changed"
off=$(readelf -SW "$d/changed" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".data" { print $4 }')
printf 'Z' | dd of="$d/changed" bs=1 seek=$((0x$off + 100)) conv=notrunc 2>/dev/null
if tests/same-code.sh "$kdir/vmlinux" "$d/changed" 2>"$d/changed.err"; then fail "same-code missed a changed byte"; fi
expect_grep "section .data differs at byte 100 " "$d/changed.err" "the changed byte"
ok "a byte changed in .data is found: $(cat "$d/changed.err")"
# bzImage's payload holds the build-ids: it may differ by a few bytes of
# compression; say by how many
bz_k=$(stat -c %s "$kdir/bzImage") bz_p=$(stat -c %s "$p/bzImage")
ok "bzImage $bz_k bytes measured, $bz_p plain ($((bz_k - bz_p)) bytes)"
rm -rf "$d/cold" "$d/changed"

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

# 6. on a config its fragment's "# configs:" line does not name, the
#    variant is not available, saying why, and nothing is built for it
configs=$(sed -n 's/^# configs: *//p' tinyconfigs/variant-deinline.config)
[ "$configs" = tiny ] || fail "variant-deinline.config's configs are '$configs': this test wants small left out"
rm -rf "$BUILD/kernels/small-Os-deinline"
make CONFIGS=small VARIANTS=deinline kernels >"$d/small.out" 2>&1 || { cat "$d/small.out"; fail "make CONFIGS=small VARIANTS=deinline kernels"; }
expect_grep "^  SKIP    small/Os/deinline: not available: its series patches/deinline is made for tiny only$" "$d/small.out" "small's deinline"
grep -q -e '^  CONFIG ' -e '^  BUILD ' "$d/small.out" && fail "make configured or built a kernel for small/Os/deinline"
[ ! -d "$BUILD/kernels/small-Os-deinline/obj" ] || fail "small/Os/deinline has a build folder"
ok "small/Os/deinline: not available ($(cat "$BUILD/kernels/small-Os-deinline/unavailable")), nothing built, exit 0"
rm -rf "$BUILD/kernels/small-Os-deinline"
