#!/bin/sh
# boot: boot one kernel with the tinykern initramfs under qemu-system-i386
# and decide PASS or FAIL from its serial console.
#   usage: boot.sh BZIMAGE INITRAMFS OUTDIR [NAME]
# Writes OUTDIR/boot.log (the whole console) and OUTDIR/boot.result, and
# exits 0 only on PASS.  PASS needs all three of: the init's marker line,
# no panic/Oops/BUG in the log, and QEMU exiting by itself before the
# timeout.  A panic with -no-reboot also ends QEMU cleanly, which is why
# the exit status alone proves nothing.
#
# Environment: BOOT_TIMEOUT (seconds, default 60), QEMU_MEM (default 64M),
# QEMU (default qemu-system-i386), QEMU_ACCEL (default tcg; kvm is an
# opt-in that falls back to tcg), QEMU_SMP (default 1), QEMU_CPU (default
# QEMU's own), BOOT_APPEND_CONFIG (the kernel's fragments' "# boot-append:"
# lines) and BOOT_APPEND (the user's), added to the kernel command line.
# BOOT_EXPECT lists what the boot must prove beyond the marker, from the
# config's "# boot-expect:" line: "net" gives the guest an e1000 NIC on
# QEMU's user network (BOOT_NET, default user,model=e1000) and needs its
# TINYKERN-NET-OK line; "disk" gives it BOOT_DISK as a read-only virtio disk
# and needs TINYKERN-DISK-OK with the file mkdisk.sh wrote.
set -u
kernel=$1 initrd=$2 out=$3 name=${4:-$(basename "$out")}
timeout=${BOOT_TIMEOUT:-60}
qemu=${QEMU:-qemu-system-i386}
marker=TINYKERN-BOOT-OK

fail() { echo "boot: $name: $*" >&2; exit 1; }
command -v "$qemu" >/dev/null 2>&1 || fail "$qemu not found (apt-get install qemu-system-x86)"
[ -r "$kernel" ] || fail "$kernel: no such kernel"
[ -r "$initrd" ] || fail "$initrd: no such initramfs"
mkdir -p "$out"

# Each boot gets its own copy of its inputs, so nothing a guest or a
# parallel boot does can touch the shared files.
run=$(mktemp -d "$out/.boot.XXXXXX")
trap 'rm -rf "$run"' EXIT
cp "$kernel" "$run/bzImage"
cp "$initrd" "$run/initrd"
log=$run/console.log

# The devices BOOT_EXPECT asks for; without "net" the guest gets no NIC.
devs="-nic none"
for want in ${BOOT_EXPECT:-}; do
	case $want in
	net) devs="-nic ${BOOT_NET:-user,model=e1000}" ;;
	disk)
		[ -r "${BOOT_DISK:-}" ] || fail "BOOT_EXPECT has disk, but BOOT_DISK='${BOOT_DISK:-}' is no readable image"
		cp "$BOOT_DISK" "$run/disk" ;;
	*) fail "BOOT_EXPECT: unknown check '$want' (known: net disk)" ;;
	esac
done
[ -e "$run/disk" ] && devs="$devs -drive file=$run/disk,if=virtio,format=raw,readonly=on"

# KVM is opt-in only (it asserts or hangs on some hosts); QEMU falls back
# to the next -accel when the first cannot start.
accel="-accel tcg"
[ "${QEMU_ACCEL:-tcg}" = kvm ] && accel="-accel kvm -accel tcg"
# One CPU per socket.  A kernel without ACPI finds its CPUs in the MP
# table, and with plain "-smp 2" (one socket of two cores since QEMU 6.2)
# QEMU 7.2's SeaBIOS lists one processor there: the kernel boots on one CPU.
smp=${QEMU_SMP:-1}
smp="$smp,sockets=$smp,cores=1,threads=1"
start=$(date +%s.%N)
# shellcheck disable=SC2086 # $accel and $devs are several words on purpose
timeout --kill-after=5 "$timeout" "$qemu" $accel $devs \
	-m "${QEMU_MEM:-64M}" -smp "$smp" ${QEMU_CPU:+-cpu "$QEMU_CPU"} \
	-display none -monitor none -serial "file:$log" -no-reboot \
	-kernel "$run/bzImage" -initrd "$run/initrd" \
	-append "console=ttyS0 panic=-1 ${BOOT_APPEND_CONFIG:+$BOOT_APPEND_CONFIG }${BOOT_APPEND:-}" \
	>"$run/qemu.out" 2>&1 </dev/null
rc=$?
end=$(date +%s.%N)
secs=$(awk "BEGIN { printf \"%.3f\", $end - $start }")
# The serial console ends its lines with CR LF; keep plain lines, so the
# verdict's reason and the marker's values carry no stray CR.
cat "$log" "$run/qemu.out" 2>/dev/null | tr -d '\r' >"$out/boot.log.tmp"
mv "$out/boot.log.tmp" "$out/boot.log"
log=$out/boot.log

bad=$(grep -m1 -E 'Kernel panic|Oops|BUG:|general protection fault|invalid opcode:' "$log")
why=
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	why="no clean exit within ${timeout}s, QEMU killed"
elif [ "$rc" != 0 ]; then
	why="QEMU failed to run (exit $rc): $(head -n 1 "$run/qemu.out")"
fi
[ -n "$bad" ] && why="${why:+$why; }$bad"
grep -q "^$marker" "$log" || why="${why:+$why; }no $marker marker"
for want in ${BOOT_EXPECT:-}; do
	case $want in
	net) grep -q '^TINYKERN-NET-OK ' "$log" ||
		why="${why:+$why; }network check: $(grep -m1 '^TINYKERN-NET-' "$log" || echo 'no eth0 in the guest')" ;;
	disk) grep -q '^TINYKERN-DISK-OK .* file=tinykern-ext2-ok$' "$log" ||
		why="${why:+$why; }disk check: $(grep -m1 '^TINYKERN-DISK-' "$log" || echo 'no /dev/vda in the guest')" ;;
	esac
done
# a boot that cannot pass for want of an option says which
if [ -n "$why" ] && [ -r "$out/config" ] && lacks=$("$(dirname "$0")/needs.sh" "$out/config") && [ -n "$lacks" ]; then
	why="$why; its .config lacks what the boot check needs: $(echo "$lacks" | paste -s -d ' ' | sed 's/) CONFIG_/), CONFIG_/g')"
fi

{
	if [ -z "$why" ]; then echo "result PASS"; else echo "result FAIL"; echo "reason $why"; fi
	echo "seconds $secs"
	grep -m1 "^$marker" "$log" | tr ' ' '\n' | sed -n 's/=/ /p'
} >"$out/boot.result.tmp"
mv "$out/boot.result.tmp" "$out/boot.result"

if [ -n "$why" ]; then
	echo "  FAIL    boot $name: $why" >&2
	echo "  ---- last lines of $out/boot.log ----" >&2
	tail -n 15 "$out/boot.log" | sed 's/^/  | /' >&2
	exit 1
fi
printf '  PASS    boot %s (%.1fs)\n' "$name" "$secs"
