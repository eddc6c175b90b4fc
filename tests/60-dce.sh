# The dce variant: link-time dead code elimination must shrink the kernel
# without dropping anything it needs.  Each check below is a way DCE on x86
# was seen to fail: silently, or with a kernel that still boots.  Here on
# make's tiny kernels; on an SMP kernel at -Oz, tests/63.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch dce)
cd "$TOP"
make -s BUILD="$BUILD" VARIANTS="inline+units dce" boots >/dev/null
units=$BUILD/kernels/tiny-Os-inline+units dce=$BUILD/kernels/tiny-Os-dce

# 1. it boots, and init ran (the marker comes from /init)
expect_grep '^result PASS$' "$dce/boot.result" "dce boot"
expect_grep '^TINYKERN-BOOT-OK release=' "$dce/boot.log" "dce init marker"
ok "dce boots to the init marker"

# 2. at least 10% less text than inline+units
t_units=$(size "$units/vmlinux" | awk 'NR == 2 { print $1 }')
t_dce=$(size "$dce/vmlinux" | awk 'NR == 2 { print $1 }')
[ $((t_dce * 100)) -le $((t_units * 90)) ] || fail "dce text $t_dce is not 10% below inline+units $t_units"
ok "dce text $t_dce vs inline+units $t_units ($(( (t_units - t_dce) * 1000 / t_units )) per mille less)"

# 3. the CPU vendor driver survived (.x86_cpu_dev.init)
expect_grep '^CPU: Intel ' "$dce/boot.log" "CPU vendor line"
if grep -q 'unknown, using generic init' "$dce/boot.log"; then fail "dce fell back to the generic CPU"; fi
ok "CPU vendor recognised"

# 4. alternatives were applied, every one of them: boot both kernels with
#    debug-alternative and compare how many entries were patched
for k in inline+units dce; do
	BOOT_APPEND="debug-alternative loglevel=8" boot/boot.sh "$BUILD/kernels/tiny-Os-$k/bzImage" \
		"$BUILD/rootfs/initramfs.cpio.xz" "$d/alt-$k" "alt-$k" >/dev/null
	expect_grep 'alt table ' "$d/alt-$k/boot.log" "$k alternatives debug output"
	grep -c 'feat: ' "$d/alt-$k/boot.log" >"$d/alt-$k.count"
done
[ "$(cat "$d/alt-dce.count")" -gt 0 ] || fail "no alternative applied in dce"
[ "$(cat "$d/alt-dce.count")" = "$(cat "$d/alt-inline+units.count")" ] ||
	fail "dce applied $(cat "$d/alt-dce.count") alternatives, inline+units $(cat "$d/alt-inline+units.count")"
ok "alternatives applied: $(cat "$d/alt-dce.count") in both"

# 5. the brk area is as large as without DCE (.bss..brk is kept)
b_units=$(brk_bytes "$units/vmlinux") b_dce=$(brk_bytes "$dce/vmlinux")
[ "$b_units" = "$b_dce" ] || fail "brk area: inline+units $b_units bytes, dce $b_dce bytes"
ok "brk area $b_dce bytes in both"

# 6. every x86 table section of inline+units is present and as large in dce
same_x86_tables "$units/vmlinux" "$dce/vmlinux" "$d"
