# A kernel that panics at boot is FAIL with its panic line, while the other
# kernels of the run are still booted and reported, and make exits non-zero.
# The panic is real, and costs no build: variant badinit is inline+units
# with a "# boot-append:" line naming an init that does not exist (both
# rdinit= and init=, or the kernel falls back to /bin/sh and waits on the
# console instead of panicking), and its build folder starts as a copy of
# inline+units's, so make finds it built.  That the copy rebuilds nothing
# is checked too: kbuild's .cmd files hold no path of the folder they are in.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch one-kernel-fails)
cd "$TOP"
make -s BUILD="$BUILD" VARIANTS=inline+units kernels >/dev/null
[ -e "$BUILD/kernels/tiny-Os-inline+units/obj/vmlinux.o" ] ||
	fail "no objects in tiny-Os-inline+units/obj: the folder was pruned (make prune); make clean and run again"
cp -r tinyconfigs "$d/fragments"
{ cat tinyconfigs/variant-inline+units.config
  echo "# boot-append: rdinit=/tinykern-no-such-init init=/tinykern-no-such-init"; } \
	>"$d/fragments/variant-badinit.config"
bad=$BUILD/kernels/tiny-Os-badinit
rm -rf "$bad"
cp -a "$BUILD/kernels/tiny-Os-inline+units" "$bad"
rm -f "$bad"/boot.* "$bad"/minram.* "$bad/inline.txt"
if make BUILD="$BUILD" FRAGMENTS="$d/fragments" VARIANTS="inline+units badinit" BOOT_TIMEOUT=30 \
	>"$d/out.txt" 2>&1; then
	cat "$d/out.txt"; fail "make exited 0 with a kernel that panics"
fi
cat "$d/out.txt"
if grep -E '^  BUILD   ' "$d/out.txt"; then fail "the copied build folder was built again"; fi
expect_grep 'FAIL    boot tiny/Os/badinit: Kernel panic - not syncing' "$d/out.txt" "panic named at boot"
expect_grep '^ *[0-9]+ .* vmlinux-tiny-Os-badinit .* FAIL$' "$d/out.txt" "FAIL row"
expect_grep '^ *[0-9]+ .* vmlinux-tiny-Os-inline[+]units .* PASS$' "$d/out.txt" "other kernel PASS row"
expect_grep '^tksize: tiny/Os/badinit: FAIL at boot: Kernel panic' "$d/out.txt" "failure summary, naming the stage"
[ "$(jq -r '.kernels[] | select(.name == "tiny/Os/badinit") | .failed_stage' "$REPORT.json")" = boot ] ||
	fail "report.json does not name the boot stage"
[ "$(jq .failed "$REPORT.json")" = 1 ] || fail "report.json does not count one failure"
expect_grep 'Kernel panic - not syncing' "$bad/boot.log" "console log kept"
expect_grep 'rdinit=/tinykern-no-such-init init=/tinykern-no-such-init' "$bad/boot.log" "the appended command line"
ok "panicking kernel is FAIL with its panic line; the other PASSes; make exits non-zero"

# kbuild in the copy, called as kbuild/build.sh calls it (kbuild/kmake.sh):
# nothing to do, as in the folder it was copied from
t0=$(date +%s)
KCFLAGS=-fstack-usage kbuild/kmake.sh "$BUILD/src/linux" "$bad/obj" -j"$(nproc)" vmlinux bzImage >"$d/kbuild.txt" 2>&1 ||
	{ tail "$d/kbuild.txt"; fail "kbuild in the copy failed"; }
count_build other $(($(date +%s) - t0)) "tiny/Os/badinit, kbuild in the copied folder"
if grep -E '^  [A-Z0-9]+ ' "$d/kbuild.txt" | grep -v -E '^  (GEN|CALL) '; then fail "kbuild redid work in a copied build folder"; fi
# and no .cmd file in the copy names the folder it was copied from
if grep -r -l -F "$BUILD/kernels/tiny-Os-inline+units" --include='.*.cmd' "$bad/obj" | head -n 3 | grep .; then
	fail "kbuild's .cmd files name the folder they were copied from"
fi
ok "a copied build folder is up to date for kbuild: nothing recompiled"
rm -rf "$bad"
