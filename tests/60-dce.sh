# The dce variant: link-time dead code elimination must shrink the kernel
# without dropping anything it needs.  Each check below is a way DCE on x86
# was seen to fail: silently, or with a kernel that still boots.
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
# brk DIR: __brk_limit - __brk_base of DIR/vmlinux, in bytes
brk() {
	set -- $(nm "$1/vmlinux" | awk '$3 == "__brk_base" { b = $1 } $3 == "__brk_limit" { l = $1 } END { print b, l }')
	[ $# = 2 ] || fail "no __brk_base/__brk_limit symbols"
	echo $((0x$2 - 0x$1))
}
b_units=$(brk "$units") b_dce=$(brk "$dce")
[ "$b_units" = "$b_dce" ] || fail "brk area: inline+units $b_units bytes, dce $b_dce bytes"
ok "brk area $b_dce bytes in both"

# 6. every x86 table section of inline+units is present and as large in dce
tables='^\.(altinstructions|altinstr_replacement|x86_cpu_dev\.init|apicdrivers|smp_locks|parainstructions|retpoline_sites|return_sites|ibt_endbr_seal|x86_intel_mid_dev\.init|brk)$'
# sections DIR: "name size" of each x86 table section in DIR/vmlinux
sections() {
	readelf -S -W "$1/vmlinux" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk -v re="$tables" '$1 ~ re { print $1, $5 }' |
	while read -r name hex; do echo "$name $((0x$hex))"; done
}
# same_tables A B: every table section of kernel dir A is in B, as large
same_tables() {
	sections "$1" >"$d/tables-a"
	sections "$2" >"$d/tables-b"
	[ -s "$d/tables-a" ] || fail "found no x86 table sections in $1"
	while read -r name sz; do
		got=$(awk -v n="$name" '$1 == n { print $2 }' "$d/tables-b")
		[ -n "$got" ] || fail "$name is missing from $2"
		[ "$got" -ge "$sz" ] || fail "$name: $got bytes in $2, $sz in $1"
		ok "$name: $got bytes in $(basename "$2") ($sz in $(basename "$1"))"
	done <"$d/tables-a"
}
same_tables "$units" "$dce"

# 7. with SMP, booted on two CPUs (APIC drivers and SMP locks matter here).
#    The one kernel this test builds: no kernel of `make` has SMP.  Its
#    tables are checked against the link's own input, vmlinux.o (every
#    object of vmlinux, before --gc-sections), so no inline+units twin is
#    built for it: the final link must keep each table whole.  Without
#    DWARF, which nothing here reads, it builds in about half the time.
make -s BUILD="$BUILD" CONFIGS=tiny-smp VARIANTS=dce DEBUG_INFO=no kernels >/dev/null
smp=$BUILD/kernels/tiny-smp-Os-dce
grep -q '^CONFIG_SMP=y' "$smp/config" || fail "tiny-smp has no CONFIG_SMP"
grep -q '^CONFIG_LD_DEAD_CODE_DATA_ELIMINATION=y' "$smp/config" || fail "tiny-smp/Os/dce has no DCE"
[ -e "$smp/obj/vmlinux.o" ] || fail "no $smp/obj/vmlinux.o: the folder was pruned (make prune); remove $smp and run again"
mkdir -p "$d/smp-input"
ln -sf "$smp/obj/vmlinux.o" "$d/smp-input/vmlinux"
same_tables "$d/smp-input" "$smp"
# .smp_locks is padded to a page in vmlinux, so its size says little: each
# entry (a 32-bit offset to a lock prefix, never 0 once linked) must be there
entries=$(objdump -s -j .smp_locks "$smp/vmlinux" | awk 'NR > 4 { for (i = 2; i <= 5 && i <= NF; i++) if (length($i) == 8 && $i != "00000000") n++ } END { print n + 0 }')
want=$(( $(readelf -SW "$smp/obj/vmlinux.o" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".smp_locks" { print $5 }' | sed 's/^/0x/') / 4 ))
[ "$want" -gt 0 ] || fail "vmlinux.o has no .smp_locks entries"
[ "$entries" = "$want" ] || fail ".smp_locks: $entries entries in vmlinux, $want in vmlinux.o"
ok ".smp_locks: all $want entries of vmlinux.o are in vmlinux"
QEMU_SMP=2 boot/boot.sh "$smp/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" \
	"$d/smp" tiny-smp/Os/dce
expect_grep '^result PASS$' "$d/smp/boot.result" "SMP dce boot"
expect_grep 'Brought up 1 node, 2 CPUs' "$d/smp/boot.log" "second CPU"
if grep -q "Didn't find an APIC driver" "$d/smp/boot.log"; then fail "APIC driver table lost"; fi
ok "SMP dce kernel boots on 2 CPUs"
