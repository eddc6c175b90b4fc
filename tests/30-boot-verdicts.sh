# boot/: a boot is PASS only with the marker AND no panic AND QEMU exiting
# by itself.  Each condition is broken alone here with a real kernel and a
# real misbehaving /init, and the verdict must be FAIL with the reason.
# Then min RAM's bisection and the floor it starts from (part 7).
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch boot-verdicts)
cd "$TOP"
make -s BUILD="$BUILD" VARIANTS=inline+units kernels rootfs >/dev/null
kernel=$BUILD/kernels/tiny-Os-inline+units/bzImage
src=$BUILD/src/linux bb=$BUILD/busybox/busybox

# initramfs NAME BODY: a cpio whose /init runs BODY after mounting /proc
initramfs() {
	printf '#!/bin/sh\n/bin/busybox --install -s /bin\nmount -t proc proc /proc\n%s\n' "$2" >"$d/$1.init"
	rootfs/mkinitramfs.sh "$src" "$bb" "$d/$1.cpio.xz" "$d/$1.init" >/dev/null
}
# verdict NAME [ENV...]: boot with that initramfs, expect FAIL, print reason
verdict() {
	name=$1; shift
	if env "$@" boot/boot.sh "$kernel" "$d/$name.cpio.xz" "$d/$name" "$name" >"$d/$name.out" 2>&1; then
		cat "$d/$name.out"; fail "$name: boot passed"
	fi
	expect_grep '^result FAIL$' "$d/$name/boot.result" "$name verdict"
	sed -n 's/^reason //p' "$d/$name/boot.result"
}
marker='echo TINYKERN-BOOT-OK release=$(uname -r)'

# 1. the marker is printed and QEMU exits by itself, but init then exits,
#    so the kernel panics (panic=-1 + -no-reboot ends QEMU cleanly)
initramfs exits "$marker"
verdict exits | grep -q 'Kernel panic - not syncing: Attempted to kill init' ||
	fail "exits: panic not named in the reason"
ok "marker + clean QEMU exit + panic is FAIL, with the panic line"

# 2. marker printed, no panic, but the guest never powers off
initramfs hangs "$marker; while :; do :; done"
verdict hangs BOOT_TIMEOUT=15 | grep -q 'no clean exit within 15s, QEMU killed' ||
	fail "hangs: timeout not reported"
expect_grep '^TINYKERN-BOOT-OK' "$d/hangs/boot.log" "hangs console kept"
expect_grep '^  ---- last lines of .*/hangs/boot.log ----$' "$d/hangs.out" "hangs log tail header"
expect_grep '^  \| TINYKERN-BOOT-OK' "$d/hangs.out" "hangs log tail"
ok "marker without QEMU exiting is FAIL after the timeout"
if pgrep -f "$d/hangs/" >/dev/null; then fail "a QEMU of the hang test is still running"; fi
ok "no QEMU left behind"

# 3. the kernel hangs before printing anything: an i686 kernel on a 486
#    stops in its setup code, before the serial console exists
initramfs good "$marker; reboot -f"
if QEMU_CPU=486 BOOT_TIMEOUT=10 boot/boot.sh "$kernel" "$d/good.cpio.xz" "$d/early" early >"$d/early.out" 2>&1; then
	fail "early: a kernel that printed nothing passed"
fi
expect_grep '^reason no clean exit within 10s, QEMU killed; no TINYKERN-BOOT-OK marker$' "$d/early/boot.result" "early hang"
[ ! -s "$d/early/boot.log" ] || grep -q '^qemu-system-i386: terminating on signal' "$d/early/boot.log" ||
	fail "early: the kernel printed something after all"
if pgrep -f "$d/early/" >/dev/null; then fail "a QEMU of the early-hang test is still running"; fi
ok "silent early hang is FAIL after the timeout, QEMU killed"

# 4. no marker: init powers off cleanly without printing it
initramfs silent "reboot -f"
verdict silent | grep -q 'no TINYKERN-BOOT-OK marker' || fail "silent: missing marker not reported"
if grep -q 'Kernel panic' "$d/silent/boot.log"; then fail "silent: unexpected panic"; fi
ok "clean exit without the marker is FAIL"

# 5. the QEMU binary is missing: a clear message, not a timeout
if QEMU=/nonexistent/qemu-system-i386 boot/boot.sh "$kernel" "$d/good.cpio.xz" "$d/noqemu" >"$d/noqemu.out" 2>&1; then
	fail "boot passed without QEMU"
fi
expect_grep 'boot: noqemu: /nonexistent/qemu-system-i386 not found' "$d/noqemu.out" "missing QEMU"
ok "missing QEMU is named"
# a QEMU that cannot start (here: one that refuses an option it lacks)
if QEMU_ACCEL=tcg QEMU_CPU=no-such-cpu boot/boot.sh "$kernel" "$d/good.cpio.xz" "$d/badqemu" badqemu \
	>"$d/badqemu.out" 2>&1; then fail "boot passed with a QEMU that could not start"; fi
expect_grep '^reason QEMU failed to run \(exit 1\): .*no-such-cpu' "$d/badqemu/boot.result" "QEMU start failure"
ok "QEMU failing to start is reported with its own message, not as a timeout"

# 6. and the same kernel with a well-behaved init passes
boot/boot.sh "$kernel" "$d/good.cpio.xz" "$d/good" good || fail "good init did not pass"
expect_grep '^result PASS$' "$d/good/boot.result" "good verdict"
ok "well-behaved init passes"

# 7. min RAM: the bisection starts at CONFIG_PHYSICAL_START, below which
#    no i386 kernel runs (make's kernels: no probe below it, and the least
#    RAM with the probe one MiB lower failing); a floor that is wrong, a
#    .config claiming one MiB above the least RAM, is probed, boots, and
#    the bisection goes on below it to the same answer
k=$BUILD/kernels/tiny-Os-inline+units
make -s BUILD="$BUILD" VARIANTS=inline+units boots >/dev/null
min=$(sed -n 's/^min_ram_mib //p' "$k/minram.result")
floor=$(( $(sed -n 's/^CONFIG_PHYSICAL_START=//p' "$k/config") / 1048576 ))
[ "$floor" -gt 0 ] && [ "$min" -gt "$floor" ] || fail "min RAM $min MiB, CONFIG_PHYSICAL_START $floor MiB"
low=$(awk '$1 == "probe" && $2 < f { print $2 }' f="$floor" "$k/minram.result")
[ -z "$low" ] || fail "$k/minram.result: probes below CONFIG_PHYSICAL_START ($floor MiB): $low"
least_ram "$k" "$min" "$d/least"
mkdir -p "$d/floor"
cp "$k/boot.result" "$d/floor/"
# written in hex, as kconfig writes it (minram.sh reads no other form)
sed "s/^CONFIG_PHYSICAL_START=.*/CONFIG_PHYSICAL_START=$(printf '0x%x' $(( (min + 1) * 1048576 )))/" "$k/config" >"$d/floor/config"
grep -qx "CONFIG_PHYSICAL_START=$(printf '0x%x' $(( (min + 1) * 1048576 )))" "$d/floor/config" || fail "$d/floor/config: the wrong floor was not written"
boot/minram.sh "$kernel" "$BUILD/rootfs/initramfs.cpio.xz" "$d/floor" tiny/floor >"$d/floor.out" 2>&1 ||
	{ cat "$d/floor.out"; fail "minram with a wrong floor"; }
cat "$d/floor.out"
expect_grep "^probe $((min + 1)) PASS$" "$d/floor/minram.result" "the wrong floor, probed"
expect_grep "^min_ram_mib $min$" "$d/floor/minram.result" "min RAM below a wrong floor"
expect_grep "^probe $((min - 1)) FAIL$" "$d/floor/minram.result" "the probe below the least RAM, below a wrong floor"
ok "min RAM $min MiB: no probe below CONFIG_PHYSICAL_START ($floor MiB); a wrong floor ($((min + 1)) MiB) is probed and passed below"
