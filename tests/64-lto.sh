# The lto variant (GCC's whole-program LTO, patches 0015-0017) on make's
# tiny kernels: what LTO can get wrong in a kernel, each checked against
# dce, the same kernel compiled a file at a time.
#  1. it boots to the init marker, and its text is below dce's;
#  2. its initcalls run in dce's order (initcall_debug, each address
#     named by the kernel's own symbol table);
#  3. every C function or variable that the assembly objects refer to is
#     in vmlinux: LTO sees no call from a .S file, and must keep them;
#  4. the proofs of tests/60 for DCE hold: the CPU vendor driver, the
#     alternatives patched at boot, per CPU feature, as dce's, the brk area as
#     large as dce's, each x86 table section of vmlinux.o (the link's
#     input) whole in vmlinux;
#  5. its stack table comes from the LTO stage's code generation
#     (vmlinux.o.ltrans*.ltrans.su), its inline table counts the
#     expansions of the LTO stage's DWARF with the declared-inline counts
#     not known (null), and its attribution places code in the files that
#     defined it, not in one "<artificial>" unit;
#  6. with a gcc that refuses -flto (a stub first in PATH), kconfig does
#     not offer LTO_GCC, and the kernel is not available, with kconfig's
#     reason, rather than a failed build; make passes the fragment so.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch lto)
cd "$TOP"
make -s BUILD="$BUILD" VARIANTS="dce lto" boots >/dev/null
dce=$BUILD/kernels/tiny-Os-dce lto=$BUILD/kernels/tiny-Os-lto
grep -q '^CONFIG_LTO_GCC=y$' "$lto/config" || fail "$lto/config has no CONFIG_LTO_GCC=y"
grep -q '^CONFIG_LTO_GCC=y$' "$dce/config" && fail "$dce/config has CONFIG_LTO_GCC=y"

# 1. it boots, smaller
expect_grep '^result PASS$' "$lto/boot.result" "lto boot"
expect_grep '^TINYKERN-BOOT-OK release=' "$lto/boot.log" "lto init marker"
t_dce=$(size "$dce/vmlinux" | awk 'NR == 2 { print $1 }')
t_lto=$(size "$lto/vmlinux" | awk 'NR == 2 { print $1 }')
[ "$t_lto" -lt "$t_dce" ] || fail "lto text $t_lto is not below dce's $t_dce"
ok "lto boots to the init marker; text $t_lto against dce's $t_dce"

# 2. initcall order: the addresses initcall_debug prints, named by nm
initcalls() {
	BOOT_APPEND="initcall_debug ignore_loglevel" boot/boot.sh "$1/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" \
		"$d/ic-$2" "initcalls-$2" >/dev/null || fail "$2 did not boot with initcall_debug"
	nm "$1/vmlinux" | awk '{ print $1, $3 }' >"$d/$2.syms"
	sed -n 's/.*calling  0x\([0-9a-f]*\) .*/\1/p' "$d/ic-$2/boot.log" |
		awk 'NR == FNR { name[$1] = $2; next } { print ($1 in name) ? name[$1] : "?" $1 }' "$d/$2.syms" - >"$d/$2.initcalls"
}
initcalls "$dce" dce
initcalls "$lto" lto
n=$(wc -l <"$d/dce.initcalls")
[ "$n" -gt 50 ] || fail "only $n initcalls seen in dce's boot"
grep -q '^?' "$d/lto.initcalls" && fail "an initcall of lto's is at no symbol: $(grep -m1 '^?' "$d/lto.initcalls")"
diff -u "$d/dce.initcalls" "$d/lto.initcalls" >&2 || fail "lto's initcalls do not run in dce's order"
ok "lto's $n initcalls run in dce's order"

# 3. what assembly refers to: the undefined symbols of the objects that
#    hold object code (the .S files; the C objects hold GCC's language),
#    less what those objects define themselves
cd "$lto/obj"
for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do ar t "$a"; done >"$d/members"
while read -r o; do
	[ -f "$o" ] || fail "$lto/obj/$o, a member of its archives, is not there"
	readelf -S -W "$o" | grep -q '\.gnu\.lto_' || echo "$o"
done <"$d/members" >"$d/asm-objects"
for o in arch/x86/kernel/head_32.o arch/x86/entry/entry_32.o; do
	grep -qx "$o" "$d/asm-objects" || fail "$o is not among the object-code objects of lto's archives"
done
xargs nm --defined-only <"$d/asm-objects" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$d/asm-defined"
xargs nm -u <"$d/asm-objects" 2>/dev/null | awk '$1 == "U" { print $2 }' | sort -u | comm -23 - "$d/asm-defined" >"$d/asm-wants"
cd "$TOP"
nm "$lto/vmlinux" | awk 'NF == 3 { print $3 }' | sort -u >"$d/vmlinux-defined"
missing=$(comm -23 "$d/asm-wants" "$d/vmlinux-defined" | grep -v -E '^(__x86_indirect_thunk_|__fentry__)' || true)
[ -z "$missing" ] || fail "symbols the assembly refers to that lto's vmlinux lacks: $(echo $missing)"
n=$(wc -l <"$d/asm-wants")
[ "$n" -gt 20 ] || fail "only $n symbols referred to from assembly"
grep -qx 'schedule_tail' "$d/asm-wants" || fail "entry_32.S's call of schedule_tail was not found"
ok "all $n C symbols the $(wc -l <"$d/asm-objects") assembly objects refer to are in lto's vmlinux (schedule_tail among them)"

# 4. tests/60's proofs
expect_grep '^CPU: Intel ' "$lto/boot.log" "CPU vendor line"
if grep -q 'unknown, using generic init' "$lto/boot.log"; then fail "lto fell back to the generic CPU"; fi
# the sites patched at boot, counted per CPU feature, as dce's
for k in dce lto; do
	BOOT_APPEND="debug-alternative loglevel=8" boot/boot.sh "$BUILD/kernels/tiny-Os-$k/bzImage" \
		"$BUILD/rootfs/initramfs.cpio.xz" "$d/alt-$k" "alt-$k" >/dev/null || fail "$k did not boot with debug-alternative"
	sed -n 's/.*feat: \(!\{0,1\}[0-9]*\*32+[0-9]*\),.*/\1/p' "$d/alt-$k/boot.log" | sort | uniq -c >"$d/feat-$k"
done
patched=$(grep -c 'feat: ' "$d/alt-lto/boot.log" || true)
[ "$patched" -gt 100 ] || fail "lto patched only $patched alternatives at boot"
[ "$(awk '{ s += $1 } END { print s + 0 }' "$d/feat-lto")" = "$patched" ] ||
	fail "the feature of some of lto's $patched 'feat:' lines was not read"
diff -u "$d/feat-dce" "$d/feat-lto" >&2 || fail "lto's alternatives patched at boot, per feature, are not dce's"
ok "lto's CPU vendor recognised; its $patched alternatives patched at boot, feature by feature, as dce's"
brk_dce=$(brk_bytes "$dce/vmlinux")
brk_lto=$(brk_bytes "$lto/vmlinux")
[ "$brk_dce" -gt 0 ] && [ "$brk_dce" = "$brk_lto" ] || fail "brk area: dce $brk_dce, lto $brk_lto"
same_x86_tables "$lto/obj/vmlinux.o" "$lto/vmlinux" "$d"
ok "brk area as dce's; each x86 table of vmlinux.o whole in lto's vmlinux"

# 5. the tables
head -n 1 "$lto/stack.su" | grep -qx '# object vmlinux.o' || fail "lto's stack.su does not start with vmlinux.o's frames"
ls "$lto"/obj/vmlinux.o.ltrans*.ltrans.su >/dev/null || fail "no LTO-stage .su file in $lto/obj"
cat "$lto"/obj/vmlinux.o.ltrans*.ltrans.su | grep . | sort >"$d/ltrans.su"
grep -v '^#' "$lto/stack.su" | sort >"$d/stack.su"
[ "$(wc -l <"$d/ltrans.su")" -gt 1000 ] || fail "only $(wc -l <"$d/ltrans.su") LTO-stage frames"
cmp -s "$d/ltrans.su" "$d/stack.su" || fail "lto's stack.su is not the LTO stage's frames"
funcs=$(jq -r '.kernels[] | select(.name == "tiny/Os/lto") | .stack.functions' "$BUILD/report.json")
[ "$funcs" -gt 1000 ] || fail "report.json: lto's stack table has $funcs functions"
jq -e '.kernels[] | select(.name == "tiny/Os/lto") | .inline | .declared == null and .outofline == null and .sites > 10000' \
	"$BUILD/report.json" >/dev/null || fail "report.json: lto's inline row is not sites with the declared counts null"
jq -e '.kernels[] | select(.name == "tiny/Os/dce") | .inline.declared > 1000' "$BUILD/report.json" >/dev/null ||
	fail "report.json: dce's declared count is not known"
# the code lives in the files that defined it: kernel/, mm/ and fs/ hold
# within 10% of what they hold in dce (LTO takes 3% off them)
"$BUILD/tools/tksize" attribute --files "$lto/vmlinux" >"$d/attr"
"$BUILD/tools/tksize" attribute --files "$dce/vmlinux" >"$d/attr-dce"
grep -q 'artificial' "$d/attr" && fail "lto's attribution has an <artificial> row"
text=$(awk -F'\t' '$7 ~ /^(kernel|mm|fs)\// { s += $1 } END { print s + 0 }' "$d/attr")
text_dce=$(awk -F'\t' '$7 ~ /^(kernel|mm|fs)\// { s += $1 } END { print s + 0 }' "$d/attr-dce")
[ "$text_dce" -gt 0 ] && [ $((text * 10)) -ge $((text_dce * 9)) ] && [ "$text" -le "$text_dce" ] ||
	fail "lto's attribution gives kernel/, mm/ and fs/ $text bytes of text, dce's $text_dce"
ok "lto's stack ($funcs functions, the LTO stage's frames), inline (sites, declared n/a) and attribution ($text bytes of text in kernel/, mm/, fs/; dce $text_dce)"

# 6. a gcc without LTO: the variant is not available, with the reason
mkdir -p "$d/stub"
gcc=$(command -v gcc)
cat >"$d/stub/gcc" <<STUB
#!/bin/sh
# a gcc that refuses -flto, as one built without LTO support does
for a; do case \$a in -flto*) echo "gcc: error: LTO support has not been enabled in this configuration" >&2; exit 1 ;; esac; done
exec $gcc "\$@"
STUB
chmod +x "$d/stub/gcc"
mkdir -p "$d/k/obj"
rc=0
PATH=$d/stub:$PATH tinyconfigs/merge.sh -u "tinyconfigs/variant-lto.config" "$BUILD/src/linux" "$d/k/obj" \
	tinyconfigs/tiny.config tinyconfigs/variant-dce.config tinyconfigs/variant-lto.config tinyconfigs/opt-Os.config \
	>"$d/merge.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$d/merge.out"; fail "merge.sh with a gcc without LTO exited $rc"; }
[ -s "$d/k/unavailable" ] || fail "no $d/k/unavailable"
expect_grep '^this tree.s kconfig drops CONFIG_LTO_GCC=y: it depends on HAS_LTO_GCC, which needs \$\(success,\$\(CC\) -x c -flto' \
	"$d/k/unavailable" "the reason"
[ ! -e "$d/k/obj/.config" ] || fail "a .config was written for an unavailable kernel"
[ ! -e "$d/k/failed" ] || fail "the kernel is marked failed: $(cat "$d/k/failed")"
make -n -W tinyconfigs/merge.sh VARIANTS=lto "$lto/config.stamp" 2>/dev/null | grep 'merge.sh' >"$d/make-n" || true
expect_grep "merge\\.sh .*-u \"[^\"]*variant-lto\\.config\"" "$d/make-n" "make's merge.sh -u with the lto fragment"
ok "a gcc that refuses -flto: lto not available ($(cut -c 1-80 "$d/k/unavailable")...), and make passes -u"
