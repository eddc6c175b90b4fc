# The dce variant on the suite's SMP kernel at -Oz: the ways DCE on x86 was
# seen to fail that only SMP shows (tests/60 has the others, on make's
# tiny kernels), and the -Oz budget file.
# The shared kernel is built cold by whichever test runs first:
# timeout: 1800
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch dce-smp)
cd "$TOP"

# 1. with SMP, at -Oz, booted on two CPUs (APIC drivers and SMP locks
#    matter here).  No kernel of `make` has SMP, so this is the suite's one
#    SMP kernel, small-smp/Oz/dce (tests/lib.sh's shared_kernel), which
#    tests 61 and 92 share: whichever runs first builds it.  It is built at
#    -Oz (patch 0014, tinyconfigs/opt-Oz.config) so that the same build
#    proves the third opt level keeps what DCE must keep: one kernel, not
#    a second SMP one at -Os (the tables are a matter of the linker script,
#    the same at every opt level; tests/60 checks them at -Os).  Its tables
#    are checked against the link's own input, vmlinux.o (every object of
#    vmlinux, before --gc-sections), so no inline+units twin is built for
#    it: the final link must keep each table whole.  Without DWARF, which
#    nothing here reads, it builds in three quarters of the compile time
#    (29.1 s of gcc against 38.6 on 64 objects of tiny/Os/dce); without
#    -fstack-usage too, as test 61 wants it.
shared_kernel kernels >"$d/shared.txt" 2>&1 || { cat "$d/shared.txt"; fail "make of small-smp/Oz/dce failed"; }
smp=$SHARED_KDIR
grep -q '^CONFIG_SMP=y' "$smp/config" || fail "small-smp has no CONFIG_SMP"
grep -q '^CONFIG_LD_DEAD_CODE_DATA_ELIMINATION=y' "$smp/config" || fail "small-smp/Oz/dce has no DCE"
# kconfig took the third choice, and kbuild passed -Oz, not -Os, to gcc
grep -q '^CONFIG_CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE=y$' "$smp/config" || fail "$smp/config: no CONFIG_CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE"
if grep -q -E '^CONFIG_CC_OPTIMIZE_FOR_(SIZE|PERFORMANCE)=y$' "$smp/config"; then
	fail "$smp/config: another optimization choice is set beside -Oz"
fi
for cmd in init/.main.o.cmd mm/.page_alloc.o.cmd kernel/sched/.core.o.cmd; do
	[ -r "$smp/obj/$cmd" ] || fail "no $smp/obj/$cmd"
	grep -q -e ' -Oz ' "$smp/obj/$cmd" || fail "$smp/obj/$cmd: gcc ran without -Oz"
	if grep -q -e ' -O[s2] ' "$smp/obj/$cmd"; then fail "$smp/obj/$cmd: gcc ran with -Os or -O2 too"; fi
done
ok "small-smp/Oz/dce compiled with -Oz"
[ -e "$smp/obj/vmlinux.o" ] || fail "no $smp/obj/vmlinux.o: the folder was pruned (make prune); remove $smp and run again"
same_x86_tables "$smp/obj/vmlinux.o" "$smp/vmlinux" "$d"
# .smp_locks is padded to a page in vmlinux, so its size says little: each
# entry (a 32-bit offset to a lock prefix, never 0 once linked) must be there
entries=$(objdump -s -j .smp_locks "$smp/vmlinux" | awk 'NR > 4 { for (i = 2; i <= 5 && i <= NF; i++) if (length($i) == 8 && $i != "00000000") n++ } END { print n + 0 }')
locks=$(section_bytes "$smp/obj/vmlinux.o" .smp_locks)
want=$(( ${locks:-0} / 4 ))
[ "$want" -gt 0 ] || fail "vmlinux.o has no .smp_locks entries"
[ "$entries" = "$want" ] || fail ".smp_locks: $entries entries in vmlinux, $want in vmlinux.o"
ok ".smp_locks: all $want entries of vmlinux.o are in vmlinux"
# the brk area: the linker script's 64 KiB of slop plus every RESERVE_BRK()
# of the link's input (.bss..brk in vmlinux.o)
reserved=$(section_bytes "$smp/obj/vmlinux.o" .bss..brk)
[ -n "$reserved" ] || fail "$smp/obj/vmlinux.o has no .bss..brk"
b_smp=$(brk_bytes "$smp/vmlinux")
[ "$b_smp" = $((65536 + reserved)) ] || fail "brk area: $b_smp bytes in vmlinux, 65536 + $reserved reserved in vmlinux.o"
ok "brk area $b_smp bytes: 65536 + $reserved reserved"
QEMU_SMP=2 BOOT_EXPECT="net disk" BOOT_DISK="$BUILD/rootfs/disk.ext2" \
	BOOT_APPEND="debug-alternative loglevel=8" boot/boot.sh "$smp/bzImage" \
	"$BUILD/rootfs/initramfs.cpio.xz" "$d/smp" small-smp/Oz/dce
expect_grep '^result PASS$' "$d/smp/boot.result" "SMP dce boot"
expect_grep 'Brought up 1 node, 2 CPUs' "$d/smp/boot.log" "second CPU"
if grep -q "Didn't find an APIC driver" "$d/smp/boot.log"; then fail "APIC driver table lost"; fi
expect_grep 'smpboot: CPU0: Intel ' "$d/smp/boot.log" "SMP CPU vendor line"
if grep -q 'unknown, using generic init' "$d/smp/boot.log"; then fail "SMP dce fell back to the generic CPU"; fi
n=$(grep -c 'feat: ' "$d/smp/boot.log" || true)
[ "$n" -gt 0 ] || fail "no alternative applied in small-smp/Oz/dce"
ok "SMP -Oz dce kernel boots on 2 CPUs, its CPU vendor recognised, $n alternatives applied"

# 2. an -Oz kernel's budget is CONFIG-Oz.budget when there is one, and
#    CONFIG.budget is then not read: one byte under the kernel's text is
#    over budget, named; at the text itself, within.  Without it,
#    CONFIG.budget caps the -Oz kernel.  (The report exits non-zero either way unless test
#    92 has run: make has not booted this kernel, so the report has no
#    boot for it.  Its over_budget count is the budget's verdict.)
mkdir -p "$d/frags"
cp tinyconfigs/*.config "$d/frags/"
t_smp=$(size "$smp/vmlinux" | awk 'NR == 2 { print $1 }')
printf '# not read while small-smp-Oz.budget exists\ntext 1\n' >"$d/frags/small-smp.budget"
printf '# -Oz\ndce text %s\n' $((t_smp - 1)) >"$d/frags/small-smp-Oz.budget"
shared_kernel FRAGMENTS="$d/frags" report >"$d/over.txt" 2>&1 || true
[ "$(jq .over_budget "$REPORT.json")" = 1 ] || { cat "$d/over.txt"; fail "report.json: over_budget is not 1"; }
expect_grep "^tksize: small-smp/Oz/dce: over budget: text $t_smp > $((t_smp - 1)) by 1 \($d/frags/small-smp-Oz.budget\)$" "$d/over.txt" "Oz budget"
if grep -q 'small-smp\.budget' "$d/over.txt"; then cat "$d/over.txt"; fail "CONFIG.budget was read beside CONFIG-Oz.budget"; fi
expect_grep '^-Oz, CONFIG_CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE:$' "$d/over.txt" "the -Oz table's title"
printf '# -Oz\ndce text %s\n' "$t_smp" >"$d/frags/small-smp-Oz.budget"
shared_kernel FRAGMENTS="$d/frags" report >"$d/within.txt" 2>&1 || true
[ "$(jq .over_budget "$REPORT.json")" = 0 ] || { cat "$d/within.txt"; fail "at its limit, report.json: over_budget is not 0"; }
if grep -q 'over budget' "$d/within.txt"; then cat "$d/within.txt"; fail "at its limit, still over budget"; fi
rm "$d/frags/small-smp-Oz.budget"
printf '# every opt level\ndce text %s\n' $((t_smp - 1)) >"$d/frags/small-smp.budget"
shared_kernel FRAGMENTS="$d/frags" report >"$d/fallback.txt" 2>&1 || true
[ "$(jq .over_budget "$REPORT.json")" = 1 ] || { cat "$d/fallback.txt"; fail "without CONFIG-Oz.budget, report.json: over_budget is not 1"; }
expect_grep "^tksize: small-smp/Oz/dce: over budget: text $t_smp > $((t_smp - 1)) by 1 \($d/frags/small-smp.budget\)$" "$d/fallback.txt" "CONFIG.budget at -Oz"
ok "small-smp-Oz.budget caps small-smp/Oz/dce in place of small-smp.budget, which caps it without one"
