# make option-cost on tiny/Os/dce with a short list (CHAIN=no): an option
# that changes the size and boots, one whose removal breaks the boot check,
# one kconfig cannot turn off because another option selects it, one the
# architecture forces on (measured with X86's select taken out), one it
# cannot turn on because a dependency is off, and two
# cheap ones that save bytes and boot, which the combined and fragment
# builds then take together; then (NODCE=1) the one that moves text most,
# again on make's inline+units kernel, the same config without DCE.  Each is an incremental build in a copy of
# make's dce folder (kbuild/trial.sh): 0 to 4 objects, about 30 s each.
# Last, the run's folder merged into another (MERGE=), and the list split
# in two parts (SHARD=), neither building anything.
# timeout: 1500
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch option-cost)
cd "$TOP"
base=$BUILD/kernels/tiny-Os-dce
tk=$BUILD/tools/tksize
make -s BUILD="$BUILD" VARIANTS=dce kernels >/dev/null
cat >"$d/list" <<'EOF'
# the test's options
SIGNALFD on         # adds fs/signalfd.c
BINFMT_SCRIPT off   # /init is a shell script: no boot without it
CRC32 off           # XZ_DEC selects it
SYSCTL_EXCEPTION_TRACE off  # X86 selects it: /proc/sys/debug/exception-trace
XZ_DEC_POWERPC off  # the xz decoder's branch filters for other CPUs
XZ_DEC_IA64 off
SERIAL_8250_PCI on  # depends on PCI, which tiny has not
EOF

# 1. a bad list is one line naming the file, and nothing is built
printf 'SIGNALFD maybe\n' >"$d/bad"
if make -s BUILD="$BUILD" OPTCOST_DIR="$d/badrun" CHAIN=no LIST="$d/bad" option-cost >"$d/bad.out" 2>&1; then
	fail "a list line 'SIGNALFD maybe' was accepted"
fi
expect_grep "^option-cost: $d/bad:1: \"SIGNALFD maybe\": want SYMBOL on\|off$" "$d/bad.out" "bad list line"
if grep -q 'BUILD ' "$d/bad.out"; then fail "a bad list still built something"; fi
ok "a bad list line is named with its file"

# 2. the run; the scratch tree is hard-linked to the patched one, whose
#    arch/x86/Kconfig a forced trial must not reach
kconfig_sum=$(cksum <"$BUILD/src/linux/arch/x86/Kconfig")
make BUILD="$BUILD" OPTCOST_DIR="$d/run" CHAIN=no LIST="$d/list" COMBINE=2 NODCE=1 option-cost >"$d/out" 2>&1 ||
	{ cat "$d/out"; fail "make option-cost failed"; }
j=$d/run/journal
# option SYMBOL DIR STATUS DTEXT DDATA DBSS DBZIMAGE BOOT SECONDS CHANGED REASON
row() { awk -F'\t' -v s="$1" '$1 == "option" && $2 == s' "$j"; }
field() { row "$1" | cut -f"$2"; }
[ "$(awk -F'\t' '$1 == "option"' "$j" | wc -l)" = 7 ] || { cat "$j"; fail "not 7 option lines in $j"; }

[ "$(field SIGNALFD 4)" = measured ] || fail "SIGNALFD was not measured: $(row SIGNALFD)"
[ "$(field SIGNALFD 5)" -gt 0 ] || fail "SIGNALFD on added no text: $(row SIGNALFD)"
[ "$(field SIGNALFD 9)" = PASS ] || fail "SIGNALFD on did not boot: $(row SIGNALFD)"
# its data is fs/signalfd.c's few bytes, not a page: on this kernel the
# journal said -4096 of data while it counted the init stack's fill
# (tests/87 has the case exactly)
[ "$(field SIGNALFD 6)" -gt -4096 ] && [ "$(field SIGNALFD 6)" -lt 4096 ] ||
	fail "SIGNALFD on: data $(field SIGNALFD 6), a page of the init stack's fill"
ok "SIGNALFD on: text +$(field SIGNALFD 5), data $(field SIGNALFD 6), boots"

[ "$(field BINFMT_SCRIPT 4)" = measured ] || fail "BINFMT_SCRIPT was not measured: $(row BINFMT_SCRIPT)"
[ "$(field BINFMT_SCRIPT 5)" -lt 0 ] || fail "BINFMT_SCRIPT off saved no text: $(row BINFMT_SCRIPT)"
[ "$(field BINFMT_SCRIPT 9)" = FAIL ] || fail "BINFMT_SCRIPT off passed the boot check: $(row BINFMT_SCRIPT)"
[ "$(field BINFMT_SCRIPT 12)" != - ] || fail "BINFMT_SCRIPT off failed its boot with no reason: $(row BINFMT_SCRIPT)"
ok "BINFMT_SCRIPT off: text $(field BINFMT_SCRIPT 5), boot FAIL ($(field BINFMT_SCRIPT 12 | cut -c1-60))"

# kconfig's own answer: lib/Kconfig's XZ_DEC selects CRC32, and the base has XZ_DEC
grep -q '^CONFIG_XZ_DEC=y$' "$base/obj/.config" || fail "the base has no XZ_DEC"
[ "$(field CRC32 4)" = cannot ] || fail "CRC32 off was not refused: $(row CRC32)"
[ "$(field CRC32 12)" = "cannot disable: selected by XZ_DEC" ] || fail "CRC32's reason: $(field CRC32 12)"
ok "CRC32 off: cannot disable: selected by XZ_DEC"
# forced: X86, which no user can set, selects SYSCTL_EXCEPTION_TRACE; the
# trial takes that select out of the scratch tree's arch/x86/Kconfig, and
# the kernel loses kernel/sysctl.c's exception-trace entry (data only)
grep -q '^CONFIG_SYSCTL_EXCEPTION_TRACE=y$' "$base/obj/.config" || fail "the base has no SYSCTL_EXCEPTION_TRACE"
[ "$(field SYSCTL_EXCEPTION_TRACE 12)" = "cannot disable: selected by X86" ] ||
	fail "SYSCTL_EXCEPTION_TRACE's reason: $(row SYSCTL_EXCEPTION_TRACE)"
[ -z "$(tinyconfigs/kconfig-query.sh "$BUILD/src/linux" prompt X86)" ] || fail "kconfig-query finds a prompt for X86"
[ -n "$(tinyconfigs/kconfig-query.sh "$BUILD/src/linux" prompt XZ_DEC)" ] || fail "kconfig-query finds no prompt for XZ_DEC"
forced=$(awk -F'\t' '$1 == "forced"' "$j")
[ "$(echo "$forced" | cut -f2-4)" = "$(printf 'SYSCTL_EXCEPTION_TRACE\tX86\tmeasured')" ] ||
	{ cat "$j"; fail "not one forced line, SYSCTL_EXCEPTION_TRACE against X86, measured"; }
# CRC32's selector, XZ_DEC, has a prompt: turning it off is a row of its own
if awk -F'\t' '$1 == "forced" && $2 == "CRC32"' "$j" | grep -q .; then fail "CRC32 was measured as forced"; fi
[ "$(echo "$forced" | cut -f9)" = PASS ] || fail "the kernel without SYSCTL_EXCEPTION_TRACE did not boot: $forced"
[ "$(echo "$forced" | cut -f6)" -lt 0 ] || fail "SYSCTL_EXCEPTION_TRACE off took no data: $forced"
[ "$(echo "$forced" | cut -f11)" = - ] || fail "kconfig changed more than SYSCTL_EXCEPTION_TRACE: $forced"
[ "$(cksum <"$BUILD/src/linux/arch/x86/Kconfig")" = "$kconfig_sum" ] &&
	grep -q 'select SYSCTL_EXCEPTION_TRACE$' "$BUILD/src/linux/arch/x86/Kconfig" ||
	fail "the forced trial changed the patched tree's arch/x86/Kconfig"
# linked: a file no trial saved shares the patched tree's inode; the
# saved one has an inode of its own
[ "$(stat -c %i "$d/run/linux/Makefile")" = "$(stat -c %i "$BUILD/src/linux/Makefile")" ] ||
	fail "the scratch tree is not linked to the patched one"
[ "$(stat -c %i "$d/run/linux/arch/x86/Kconfig")" != "$(stat -c %i "$BUILD/src/linux/arch/x86/Kconfig")" ] ||
	fail "the scratch tree's arch/x86/Kconfig still shares the patched tree's inode"
cmp -s "$d/run/linux/arch/x86/Kconfig" "$BUILD/src/linux/arch/x86/Kconfig" ||
	fail "the scratch tree's arch/x86/Kconfig was not put back"
[ "$(stat -c %Y "$d/run/linux/arch/x86/Kconfig")" = "$(stat -c %Y "$BUILD/src/linux/arch/x86/Kconfig")" ] ||
	fail "the scratch tree's arch/x86/Kconfig came back with another mtime"
ok "SYSCTL_EXCEPTION_TRACE off: forced by X86; without the select, data $(echo "$forced" | cut -f6), boots; Kconfig put back"
grep -q '^# CONFIG_PCI is not set$' "$base/obj/.config" || fail "the base has PCI"
grep -q '^CONFIG_SERIAL_8250=y$' "$base/obj/.config" || fail "the base has no SERIAL_8250"
[ "$(field SERIAL_8250_PCI 4)" = cannot ] || fail "SERIAL_8250_PCI on was not refused: $(row SERIAL_8250_PCI)"
# it "depends on SERIAL_8250 && PCI": the reason names the unmet term only
[ "$(field SERIAL_8250_PCI 12)" = "cannot enable: depends on PCI" ] ||
	fail "SERIAL_8250_PCI's reason: $(field SERIAL_8250_PCI 12)"
ok "SERIAL_8250_PCI on: cannot enable: depends on PCI (SERIAL_8250, met, is not named)"

# 3. the table carries the journal's figures, in the report's shape too
"$tk" optcost "$d/run" >"$d/table"
expect_grep "^  SIGNALFD +on +\+$(field SIGNALFD 5) " "$d/table" "SIGNALFD row"
expect_grep "^  data: size's, less the page of fill .data's init stack takes or gives back as .text moves$" "$d/table" "the data column's legend"
expect_grep "^  CRC32 +off +cannot disable: selected by XZ_DEC$" "$d/table" "CRC32 row"
expect_grep "^  7 options: 4 measured, 3 kconfig would not flip, 0 failed to build; " "$d/table" "the count line"
expect_grep "^  SYSCTL_EXCEPTION_TRACE +off +[-+][0-9]+ +$(echo "$forced" | cut -f6) .*PASS.*\(selected by X86\)$" "$d/table" \
	"the forced row"
"$tk" report --json "$d/r.json" --optcost tiny-Os-dce="$d/run" tiny/Os/dce="$base" >"$d/report.txt" 2>&1 ||
	{ cat "$d/report.txt"; fail "tksize report --optcost failed"; }
expect_grep "^option cost tiny-Os-dce \(against the base kernel\):$" "$d/report.txt" "the report's section"
[ "$(jq '.option_cost[0].options | length' "$d/r.json")" = 7 ] || fail "report.json: not 7 options"
[ "$(jq -r '.option_cost[0].forced[] | "\(.option) \(.selected_by) \(.data) \(.boot)"' "$d/r.json")" = \
	"SYSCTL_EXCEPTION_TRACE X86 $(echo "$forced" | cut -f6) PASS" ] || fail "report.json's forced row is not the journal's"
[ "$(jq -r '.option_cost[0].options[] | select(.option == "SIGNALFD") | .text' "$d/r.json")" = "$(field SIGNALFD 5)" ] ||
	fail "report.json's SIGNALFD text is not the journal's"
[ "$(jq '.option_cost[0].data_less_init_fill' "$d/r.json")" = true ] ||
	fail "report.json does not say the data column leaves the init stack's fill out"
ok "the table and report.json carry the journal's figures"

# 4. the two savers that boot, together: the sum is of their single trials,
#    and the fragment's kernel is what the journal says, by size(1)
p1=$(field XZ_DEC_POWERPC 5) p2=$(field XZ_DEC_IA64 5)
[ "$p1" -lt 0 ] && [ "$p2" -lt 0 ] || fail "the xz filters saved no text: $p1 $p2"
[ "$(field XZ_DEC_POWERPC 9)$(field XZ_DEC_IA64 9)" = PASSPASS ] || fail "an xz filter's removal broke the boot"
c=$(awk -F'\t' '$1 == "combined"' "$j")
[ -n "$c" ] || fail "no combined line in $j"
[ "$(echo "$c" | cut -f9)" = $((p1 + p2)) ] || fail "combined: sum $(echo "$c" | cut -f9), singles $p1 + $p2"
[ "$(echo "$c" | cut -f7)" = PASS ] || fail "the combined kernel did not boot: $c"
ct=$(echo "$c" | cut -f3)
[ "$ct" -lt "$p1" ] && [ "$ct" -lt "$p2" ] || fail "combined: text $ct saves no more than one of $p1 and $p2 alone"
ok "combined: text $ct against $((p1 + p2)) summed singly"
fr=$(awk -F'\t' '$1 == "fragment"' "$j")
[ -n "$fr" ] || fail "no fragment line in $j"
[ "$(echo "$fr" | cut -f2 | tr , '\n' | sort | paste -sd, -)" = XZ_DEC_IA64,XZ_DEC_POWERPC ] ||
	fail "the fragment is not the two savers that boot: $(echo "$fr" | cut -f2)"
[ "$(echo "$fr" | cut -f3)" = "$ct" ] || fail "the fragment (the same two options) is not the combined kernel: $fr"
for s in XZ_DEC_POWERPC XZ_DEC_IA64; do
	expect_grep "^# CONFIG_$s is not set$" "$d/run/savings.config" "fragment file"
	expect_grep "^# CONFIG_$s is not set$" "$d/run/savings/config" "the fragment kernel's .config"
done
t_base=$(size "$base/vmlinux" | awk 'NR == 2 { print $1 }')
t_frag=$(size "$d/run/savings/vmlinux" | awk 'NR == 2 { print $1 }')
[ $((t_frag - t_base)) = "$(echo "$fr" | cut -f3)" ] ||
	fail "fragment: journal text $(echo "$fr" | cut -f3), size(1) $((t_frag - t_base))"
# the data column is size(1)'s less the init stack's alignment fill, by
# nm: _sdata to __start_init_task (tests/87 has a case where they differ)
data_less_fill() {
	f=$1
	set -- "$(size "$f" | awk 'NR == 2 { print $2 }')" \
		$(nm "$f" | awk '$3 == "_sdata" { s = $1 } $3 == "__start_init_task" { t = $1 } END { print s, t }')
	[ $# = 3 ] || { echo "$f: no _sdata or __start_init_task"; return; }
	echo $(($1 - (0x$3 - 0x$2)))
}
data_frag=$(data_less_fill "$d/run/savings/vmlinux") data_base=$(data_less_fill "$base/vmlinux")
case $data_frag$data_base in *[!0-9]*) fail "$data_frag $data_base" ;; esac
dd_frag=$((data_frag - data_base))
[ "$dd_frag" = "$(echo "$fr" | cut -f4)" ] ||
	fail "fragment: journal data $(echo "$fr" | cut -f4), size(1) less the init stack's fill $dd_frag"
expect_grep '^result PASS$' "$d/run/savings/boot.result" "the fragment kernel's boot"
ok "fragment: the two savers, text $((t_frag - t_base)) and data $dd_frag by size(1) and nm, boots"

# 5. without DCE: the option with the largest text change, alone on the
#    inline+units kernel (its base is that kernel, by checksum)
top=$(awk -F'\t' '$1 == "option" && $4 == "measured" { print ($5 < 0 ? -$5 : $5), $2, $3 }' "$j" |
	sort -k1,1nr -k2,2 | head -n 1)
set -- $top
nj=$d/run/nodce/journal
[ "$(awk -F'\t' '$1 == "option"' "$nj" | cut -f2-4)" = "$(printf '%s\t%s\tmeasured' "$2" "$3")" ] ||
	{ cat "$nj"; fail "$nj: not one line, $2 $3 measured"; }
[ "$(cksum <"$BUILD/kernels/tiny-Os-inline+units/vmlinux")" = "$(cat "$d/run/nodce/origin")" ] ||
	fail "the run without DCE did not start from make's inline+units kernel"
grep -q '^# CONFIG_LD_DEAD_CODE_DATA_ELIMINATION is not set$' "$d/run/nodce/base/obj/.config" ||
	fail "the base without DCE has LD_DEAD_CODE_DATA_ELIMINATION"
# the run asked for COMBINE=2 and a fragment: the step without DCE makes
# neither (its options are the table's, measured once more, alone)
! grep -q -E '^(combined|fragment)' "$nj" && [ ! -e "$d/run/nodce/savings.config" ] ||
	fail "the run without DCE made a combined or fragment build: $(grep -E '^(combined|fragment)' "$nj" | cut -f1-2)"
nt=$(awk -F'\t' '$1 == "option" { print $5 }' "$nj") dt=$(field "$2" 5)
[ "$nt" != 0 ] || fail "$2 $3 moved no text without DCE: $(cat "$nj")"
[ "$(awk -F'\t' '$1 == "option" { print $9 }' "$nj")" = "$(field "$2" 9)" ] || fail "$2 $3 boots otherwise without DCE"
"$tk" optcost "$d/run" >"$d/table"
expect_grep "^  $2 +$3 +[+]?$dt +[+]?$nt +[+]?$((nt - dt)) +$(field "$2" 9)$" "$d/table" "the row without DCE"
[ "$(jq -r '.option_cost[0].without_dce[0] | "\(.option) \(.to) \(.text)"' "$d/r.json")" = "$2 $3 $nt" ] ||
	fail "report.json's row without DCE is not the journal's"
ok "without DCE: $2 $3, text $nt against $dt with it"

# 6. the base folder is untouched, and a rerun builds nothing
[ "$(cksum <"$base/vmlinux")" = "$(cat "$d/run/origin")" ] || fail "make's dce kernel changed under the run"
cp "$j" "$d/journal.before"
cp "$d/run/nodce/journal" "$d/nodce.before"
make BUILD="$BUILD" OPTCOST_DIR="$d/run" CHAIN=no LIST="$d/list" COMBINE=2 NODCE=1 option-cost >"$d/again" 2>&1 ||
	{ cat "$d/again"; fail "the rerun failed"; }
if grep -q '  BUILD ' "$d/again"; then cat "$d/again"; fail "the rerun built again"; fi
cmp -s "$j" "$d/journal.before" || { diff "$d/journal.before" "$j"; fail "the rerun changed the journal"; }
cmp -s "$d/run/nodce/journal" "$d/nodce.before" || fail "the rerun changed the journal without DCE"
ok "a rerun resumes from the journal and builds nothing"

# 7. the boot check of a config other than this run's (CONFIG=small-smp,
#    while CONFIGS is tiny) is that config's: small's network and disk.
#    One option measured on the suite's SMP kernel (tests 61, 63 and 92
#    build it), its boot through a QEMU that writes down what it was
#    given: a NIC and the ext2 disk, and the trial booted (PASS, which
#    with them needs the guest's network and disk lines)
printf 'SIGNALFD on\n' >"$d/one"
printf '#!/bin/sh\necho "$*" >>"%s/qemu.args"\nexec qemu-system-i386 "$@"\n' "$d" >"$d/qemu"
chmod +x "$d/qemu"
: >"$d/qemu.args"
shared_kernel kernels >"$d/shared.txt" 2>&1 || { cat "$d/shared.txt"; fail "make of small-smp/Oz/dce failed"; }
STACK_USAGE=no FRAGMENT=no QEMU="$d/qemu" make BUILD="$BUILD" CONFIG=small-smp OPT=Oz DEBUG_INFO=no \
	OPTCOST_DIR="$d/smp" CHAIN=no COMBINE=0 NODCE=0 LIST="$d/one" option-cost >"$d/smp.out" 2>&1 ||
	{ cat "$d/smp.out"; fail "make option-cost CONFIG=small-smp OPT=Oz"; }
[ "$(awk -F'\t' '$1 == "option" && $2 == "SIGNALFD" { print $9 }' "$d/smp/journal")" = PASS ] ||
	{ cat "$d/smp/journal"; fail "SIGNALFD on small-smp did not boot"; }
grep -q -e '-nic user,model=e1000' "$d/qemu.args" && grep -q -e "-drive file=.*disk" "$d/qemu.args" ||
	{ cat "$d/qemu.args"; fail "the trial's boot on small-smp had no NIC or no disk: tiny's boot check, not small's"; }
ok "make option-cost CONFIG=small-smp boots its trial with small's NIC and disk, and it passes"

# 8. over machines: a folder that merges this run's (MERGE=) has its rows
#    and builds nothing; SHARD=1/2 and 2/2 split the list in two parts
#    that share no option; a folder of another kernel is refused
FRAGMENT=no make BUILD="$BUILD" OPTCOST_DIR="$d/merged" CHAIN=no LIST="$d/list" COMBINE=0 NODCE=0 MERGE="$d/run" \
	option-cost >"$d/merge.out" 2>&1 || { cat "$d/merge.out"; fail "make option-cost MERGE=$d/run"; }
if grep -q '  BUILD ' "$d/merge.out"; then cat "$d/merge.out"; fail "the merging run built what the merged folder had measured"; fi
expect_grep "OPTCOST tiny/Os/dce: 8 rows measured on $d/run merged" "$d/merge.out" "the merge's count"
rows() { awk -F'\t' '$1 == "option" || $1 == "forced"' "$1/journal" | sort; }
[ -n "$(rows "$d/run")" ] && [ "$(rows "$d/merged")" = "$(rows "$d/run")" ] || fail "the merged folder's rows are not the run's"
# the table's option rows, above its count line (the run's rows without
# DCE come after it; the merged folder has none)
option_rows() { "$tk" optcost "$1" | awk '/^  [0-9]+ options: / { exit } /^  [A-Z0-9_]+ +(on|off) / { print }'; }
option_rows "$d/merged" >"$d/merged.rows"
[ "$(wc -l <"$d/merged.rows")" = 7 ] || { cat "$d/merged.rows"; fail "the merged table has not the list's 7 rows"; }
option_rows "$d/run" | cmp -s - "$d/merged.rows" || { option_rows "$d/run" | diff - "$d/merged.rows"; fail "the merged table's rows differ"; }
ok "MERGE=: the 7 options and the forced row come over, the table's rows the same, nothing built"
# the run without DCE measures another kernel: it merges nothing (were it
# to, same-base would refuse the dce folder and fail the make).  A merged
# folder whose table is whole goes on to it, and measures its option there
FRAGMENT=no make BUILD="$BUILD" OPTCOST_DIR="$d/merged-nodce" CHAIN=no LIST="$d/list" COMBINE=0 NODCE=1 MERGE="$d/run" \
	option-cost >"$d/merge-nodce.out" 2>&1 || { cat "$d/merge-nodce.out"; fail "make option-cost MERGE=$d/run NODCE=1"; }
[ "$(awk -F'\t' '$1 == "option" && $4 == "measured"' "$d/merged-nodce/nodce/journal" | wc -l)" = 1 ] ||
	fail "the merged folder's run without DCE did not measure its one option ($d/merged-nodce/nodce/journal)"
ok "MERGE= with NODCE=1: the run without DCE measures on its own kernel, merging nothing"
for k in 1 2; do
	SHARD=$k/2 make BUILD="$BUILD" OPTCOST_DIR="$d/merged" CHAIN=no LIST="$d/list" NODCE=0 option-cost >"$d/shard$k.out" 2>&1 ||
		{ cat "$d/shard$k.out"; fail "make option-cost SHARD=$k/2"; }
	if grep -q '  BUILD ' "$d/shard$k.out"; then fail "SHARD=$k/2 built, with every option measured"; fi
	sort "$d/merged/options" >"$d/part$k"
	[ -s "$d/part$k" ] || fail "SHARD=$k/2 has no option"
done
[ -z "$(comm -12 "$d/part1" "$d/part2")" ] || fail "the parts share options: $(comm -12 "$d/part1" "$d/part2" | tr '\n' ' ')"
[ "$(sort "$d/part1" "$d/part2")" = "$(grep -v '^#' "$d/list" | sed 's/ *#.*//' | awk '{ print $1, $2 }' | sort)" ] ||
	fail "the two parts together are not the list"
ok "SHARD=1/2 and 2/2: $(wc -l <"$d/part1") and $(wc -l <"$d/part2") of the list's 7 options, none in both"
mkdir -p "$d/other"
echo "0 0" >"$d/other/origin"
: >"$d/other/journal"
if make BUILD="$BUILD" OPTCOST_DIR="$d/merged" CHAIN=no LIST="$d/list" MERGE="$d/other" option-cost >"$d/other.out" 2>&1; then
	fail "a folder of another kernel was merged"
fi
expect_grep "^trial: $d/other: its trials were made on another build of the kernel than $d/merged's$" "$d/other.out" "the refusal"
ok "a folder of another kernel is refused, named"
rm -rf "$d/run/linux" "$d/run/base" "$d/run/nodce/linux" "$d/run/nodce/base" "$d/badrun" "$d/merged/linux" "$d/merged/base" \
	"$d/smp/linux" "$d/smp/base" "$d/merged-nodce/linux" "$d/merged-nodce/base" "$d/merged-nodce/nodce/linux" "$d/merged-nodce/nodce/base"
