# A kernel that panics at boot is FAIL with its panic line, while the other
# kernels of the run are still booted and reported, and make exits non-zero.
# The bad kernel is real: its built-in command line names an init that
# does not exist (both rdinit= and init=, or the kernel falls back to
# /bin/sh and waits on the console instead of panicking).
. "$(dirname "$0")/lib.sh"
d=$(scratch one-kernel-fails)
cd "$TOP"
cp -r tinyconfigs "$d/fragments"
cat >"$d/fragments/variant-badinit.config" <<'F'
# inline+units with a built-in command line that asks for a missing init
CONFIG_CMDLINE_BOOL=y
CONFIG_CMDLINE="rdinit=/tinykern-no-such-init init=/tinykern-no-such-init"
F
if make BUILD="$BUILD" FRAGMENTS="$d/fragments" VARIANTS="inline+units badinit" INLINE_STATS=no BOOT_TIMEOUT=30 \
	>"$d/out.txt" 2>&1; then
	cat "$d/out.txt"; fail "make exited 0 with a kernel that panics"
fi
cat "$d/out.txt"
expect_grep 'FAIL    boot tiny/Os/badinit: Kernel panic - not syncing' "$d/out.txt" "panic named at boot"
expect_grep '^ *[0-9]+ .* vmlinux-tiny-Os-badinit .* FAIL$' "$d/out.txt" "FAIL row"
expect_grep '^ *[0-9]+ .* vmlinux-tiny-Os-inline[+]units .* PASS$' "$d/out.txt" "other kernel PASS row"
expect_grep '^tksize: tiny/Os/badinit: FAIL at boot: Kernel panic' "$d/out.txt" "failure summary, naming the stage"
[ "$(jq -r '.kernels[] | select(.name == "tiny/Os/badinit") | .failed_stage' "$BUILD/report.json")" = boot ] ||
	fail "report.json does not name the boot stage"
[ "$(jq .failed "$BUILD/report.json")" = 1 ] || fail "report.json does not count one failure"
expect_grep 'Kernel panic - not syncing' "$BUILD/kernels/tiny-Os-badinit/boot.log" "console log kept"
ok "panicking kernel is FAIL with its panic line; the other PASSes; make exits non-zero"
# leave the default report as the default run wrote it
make -s BUILD="$BUILD" report >/dev/null 2>&1 || true
