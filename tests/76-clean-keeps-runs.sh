# Makefile: make clean removes the kernels and reports but keeps the
# advisor's and option-cost's runs (hours of trial builds), naming each;
# make distclean refuses while such a run is there, in one line, and
# removes nothing; FORCE=1 removes them.  On a build folder of its own,
# laid out as make leaves one.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch clean)
cd "$TOP"
b=$d/build
lay_out() {
	rm -rf "$b"
	mkdir -p "$b/kernels/tiny-Os-dce/obj" "$b/deinline/tiny-Os-dce/series" "$b/optcost/small-Os-dce/failed" \
		"$b/tools" "$b/rootfs" "$b/src/linux"
	for f in kernels/tiny-Os-dce/vmlinux deinline/tiny-Os-dce/journal deinline/tiny-Os-dce/series/0001-x.patch \
		optcost/small-Os-dce/journal report.json report.md tools/tksize rootfs/initramfs.cpio.xz src/linux/Makefile; do
		echo x >"$b/$f"
	done
}

lay_out
make BUILD="$b" clean >"$d/clean.txt" 2>&1 || { cat "$d/clean.txt"; fail "make clean failed"; }
for gone in kernels report.json report.md tools rootfs; do
	[ ! -e "$b/$gone" ] || fail "make clean left $gone"
done
[ -f "$b/src/linux/Makefile" ] || fail "make clean removed the source tree"
[ -f "$b/deinline/tiny-Os-dce/journal" ] && [ -f "$b/deinline/tiny-Os-dce/series/0001-x.patch" ] ||
	fail "make clean removed the advisor's run"
[ -f "$b/optcost/small-Os-dce/journal" ] || fail "make clean removed the option-cost run"
expect_grep "^  KEEP    $(ere "$b/deinline/tiny-Os-dce") \(a run's journal; make clean FORCE=1 removes it\)$" "$d/clean.txt" "advisor run kept"
expect_grep "^  KEEP    $(ere "$b/optcost/small-Os-dce") " "$d/clean.txt" "option-cost run kept"
ok "make clean keeps the advisor's and option-cost's runs, and says so"

if make BUILD="$b" distclean >"$d/distclean.txt" 2>&1; then cat "$d/distclean.txt"; fail "make distclean removed runs without FORCE=1"; fi
[ -f "$b/deinline/tiny-Os-dce/journal" ] && [ -f "$b/src/linux/Makefile" ] || fail "a refused make distclean removed something"
expect_grep "^tinykern: $(ere "$b") holds 2 advisor or option-cost run\(s\) \(deinline/tiny-Os-dce and more\); make distclean FORCE=1 removes them too$" \
	"$d/distclean.txt" "distclean's refusal"
ok "make distclean refuses while runs are kept, naming one, and removes nothing"

make BUILD="$b" clean FORCE=1 >"$d/force.txt" 2>&1 || { cat "$d/force.txt"; fail "make clean FORCE=1 failed"; }
[ ! -e "$b/deinline" ] && [ ! -e "$b/optcost" ] || fail "make clean FORCE=1 left the runs"
[ -f "$b/src/linux/Makefile" ] || fail "make clean FORCE=1 removed the source tree"
lay_out
make BUILD="$b" distclean FORCE=1 >"$d/force.txt" 2>&1 || { cat "$d/force.txt"; fail "make distclean FORCE=1 failed"; }
[ ! -e "$b" ] || fail "make distclean FORCE=1 left $b"
# without runs, distclean needs no FORCE
mkdir -p "$b/kernels"
make BUILD="$b" distclean >"$d/plain.txt" 2>&1 || { cat "$d/plain.txt"; fail "make distclean without runs failed"; }
[ ! -e "$b" ] || fail "make distclean left $b"
ok "FORCE=1 removes the runs; distclean without runs needs no FORCE"
