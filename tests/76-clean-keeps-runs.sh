# Makefile: make clean removes the kernels, reports, tools and rootfs, and
# keeps the source tree and the advisor's and option-cost's runs (hours of
# trial builds: a journal, or a verify's prefixes), every file of them,
# naming each run; make distclean refuses while such a run is there, in
# one line, and removes nothing; FORCE=1, and only 1, removes them.  On a
# build folder of its own, laid out as make leaves one.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch clean)
cd "$TOP"
b=$d/build
RUNS="deinline/tiny-Os-dce deinline/verify-tiny-Os-dce optcost/small-Os-dce"
lay_out() {
	rm -rf "$b"
	for f in kernels/tiny-Os-dce/vmlinux kernels/tiny-Os-dce/obj/.config report.json report.md report.html \
		tools/tksize rootfs/initramfs.cpio.xz src/linux/Makefile busybox/bin/busybox \
		deinline/tiny-Os-dce/journal deinline/tiny-Os-dce/series/0001-x.patch deinline/tiny-Os-dce/base/obj/a.o \
		deinline/verify-tiny-Os-dce/prefixes \
		optcost/small-Os-dce/journal optcost/small-Os-dce/failed/X-off.build.log optcost/small-Os-dce/savings.config; do
		mkdir -p "$(dirname "$b/$f")"
		echo x >"$b/$f"
	done
}
listing() { (cd "$b" && find . | sort) >"$1"; }
# runs_kept WHAT: every file of the runs is where lay_out put it
runs_kept() {
	(cd "$b" && find deinline optcost | sort) >"$d/runs-now" 2>/dev/null || true
	(cd "$d/laid" && find deinline optcost | sort) >"$d/runs-then"
	diff "$d/runs-then" "$d/runs-now" >/dev/null || { diff "$d/runs-then" "$d/runs-now"; fail "$1 touched the runs"; }
}
lay_out
listing "$d/laid-out"
rm -rf "$d/laid" && cp -a "$b" "$d/laid"

# clean: kernels, reports, tools and rootfs go; the tree, busybox and the runs stay
make BUILD="$b" clean >"$d/clean.txt" 2>&1 || { cat "$d/clean.txt"; fail "make clean failed"; }
for gone in kernels report.json report.md report.html tools rootfs; do
	[ ! -e "$b/$gone" ] || fail "make clean left $gone"
done
[ -f "$b/src/linux/Makefile" ] && [ -f "$b/busybox/bin/busybox" ] || fail "make clean removed the source tree or busybox"
runs_kept "make clean"
for r in $RUNS; do
	expect_grep "^  KEEP    $(ere "$b/$r") \(a run's journal; make clean FORCE=1 removes it\)$" "$d/clean.txt" "$r kept"
done
ok "make clean keeps every file of the advisor's, verify's and option-cost's runs, and names each"

# FORCE=0, or any value but 1, is not FORCE=1
make BUILD="$b" clean FORCE=0 >"$d/force0.txt" 2>&1 || { cat "$d/force0.txt"; fail "make clean FORCE=0 failed"; }
runs_kept "make clean FORCE=0"
ok "make clean FORCE=0 keeps the runs"

# distclean refuses in one line, and removes nothing
lay_out
if make BUILD="$b" distclean >"$d/distclean.txt" 2>&1; then cat "$d/distclean.txt"; fail "make distclean removed runs without FORCE=1"; fi
listing "$d/after-refusal"
diff "$d/laid-out" "$d/after-refusal" || fail "a refused make distclean removed something (above)"
[ "$(grep -c '^tinykern: ' "$d/distclean.txt")" = 1 ] || { cat "$d/distclean.txt"; fail "distclean's refusal is not one line"; }
expect_grep "^tinykern: $(ere "$b") holds 3 advisor or option-cost run\(s\) \(deinline/tiny-Os-dce and more\); make distclean FORCE=1 removes them too$" \
	"$d/distclean.txt" "distclean's refusal"
if make BUILD="$b" distclean FORCE=yes >"$d/distclean.txt" 2>&1; then fail "make distclean FORCE=yes removed runs"; fi
ok "make distclean refuses in one line while runs are kept, naming one, and removes nothing"

# FORCE=1: clean removes the runs too, and what it always removes
make BUILD="$b" clean FORCE=1 >"$d/force.txt" 2>&1 || { cat "$d/force.txt"; fail "make clean FORCE=1 failed"; }
for gone in deinline optcost kernels report.json tools rootfs; do
	[ ! -e "$b/$gone" ] || fail "make clean FORCE=1 left $gone"
done
[ -f "$b/src/linux/Makefile" ] || fail "make clean FORCE=1 removed the source tree"
lay_out
make BUILD="$b" distclean FORCE=1 >"$d/force.txt" 2>&1 || { cat "$d/force.txt"; fail "make distclean FORCE=1 failed"; }
[ ! -e "$b" ] || fail "make distclean FORCE=1 left $b"
# without runs, distclean needs no FORCE
mkdir -p "$b/kernels"
make BUILD="$b" distclean >"$d/plain.txt" 2>&1 || { cat "$d/plain.txt"; fail "make distclean without runs failed"; }
[ ! -e "$b" ] || fail "make distclean left $b"
ok "FORCE=1 removes the runs; distclean without runs needs no FORCE"
