# The small config's boot check proves what the config adds: its guest
# gets a DHCP lease over an emulated e1000 NIC and reads a file from an
# ext2 disk image.  Without the NIC or with a wrong disk it must FAIL,
# naming the check.
# No kernel of `make` has these devices, so the kernel booted here is the
# suite's one SMP kernel, small-smp/Oz/dce (tests/lib.sh's shared_kernel):
# small's fragment with SMP on top, which tests 63 and 61 share, built by
# whichever runs first.  It is built without DWARF, which nothing here
# reads.  Its boot is make's, with small's checks: small-smp.config's base
# is small, whose "# boot-expect: net disk" the chain carries.
# The shared kernel is built cold by whichever test runs first:
# timeout: 1800
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch small-config)
cd "$TOP"
shared_kernel boots >"$d/make.txt" 2>&1 || { cat "$d/make.txt"; fail "make of small-smp/Oz/dce failed"; }
k=$SHARED_KDIR
for sym in BLOCK EXT2_FS INET UNIX PACKET E1000 VIRTIO_BLK RTC_DRV_CMOS I6300ESB_WDT; do
	grep -q "^CONFIG_$sym=y" "$k/config" || fail "small config lacks CONFIG_$sym"
done
expect_grep '^result PASS$' "$k/boot.result" "small boot"
expect_grep '^TINYKERN-NET-OK if=eth0 addr=10\.0\.2\.15 server=10\.0\.2\.2 .*driver=e1000$' "$k/boot.log" "network line"
expect_grep '^TINYKERN-DISK-OK dev=vda fs=ext2 file=tinykern-ext2-ok$' "$k/boot.log" "disk line"
ok "small boots, leases 10.0.2.15 over e1000 and reads tinykern.txt from ext2"
min=$(sed -n 's/^min_ram_mib //p' "$k/minram.result")
[ -n "$min" ] || fail "no min RAM for small"
least_ram "$k" "$min" "$d/least"
ok "small boots with its devices in $min MiB, and not in $((min - 1))"

# no NIC: the network check fails and says so
if BOOT_EXPECT="net disk" BOOT_DISK="$BUILD/rootfs/disk.ext2" BOOT_NET=none \
	boot/boot.sh "$k/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" "$d/nonic" small/nonic 2>"$d/nonic.err"; then
	fail "a boot without its NIC passed"
fi
cat "$d/nonic.err"
expect_grep '^  FAIL    boot small/nonic: network check: no eth0 in the guest$' "$d/nonic.err" "no-NIC verdict"
ok "without the NIC: FAIL, network check named"

# a disk without the file: the disk check fails and says so
mkdir -p "$d/empty"
mke2fs -q -t ext2 -d "$d/empty" "$d/empty.ext2" 1024 >/dev/null
if BOOT_EXPECT="net disk" BOOT_DISK="$d/empty.ext2" \
	boot/boot.sh "$k/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" "$d/nofile" small/nofile 2>"$d/nofile.err"; then
	fail "a boot with the wrong disk passed"
fi
cat "$d/nofile.err"
expect_grep '^  FAIL    boot small/nofile: disk check: TINYKERN-DISK-FAILED dev=vda' "$d/nofile.err" "wrong-disk verdict"
ok "with a disk lacking the file: FAIL, disk check named"

# the tiny kernel has neither driver: asking it for them fails cleanly
if BOOT_EXPECT="net" boot/boot.sh "$BUILD/kernels/tiny-Os-inline+units/bzImage" \
	"$BUILD/rootfs/initramfs.cpio.xz" "$d/tinynet" tiny/net 2>"$d/tinynet.err"; then
	fail "tiny passed a network check it cannot pass"
fi
expect_grep 'network check: no eth0 in the guest' "$d/tinynet.err" "tiny without a NIC driver"
ok "tiny, which has no network, fails the network check"
