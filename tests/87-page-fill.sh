# The page of fill .data takes or gives back as .text moves, on pairs of
# ELF images linked here with the kernel's layout where it matters:
# .text, then .rodata and .data each on a new page, and .data opening
# (_sdata) with an 8 KiB-aligned init stack (__start_init_task;
# INIT_TASK_DATA(THREAD_SIZE) on i386).  When .text shrinks across a page
# boundary, .data takes a page of fill: `size` says data grew by 4,096
# while no data symbol changed.
# - deinline/keep.sh, the advisor's keep rule, keeps such a change; one
#   whose data symbols grow by what its functions save is dropped, and so
#   is each other way a trial fails the rule, with its reason.
# - `tksize size --less-init-fill` (option-cost's data column) leaves the
#   fill out, and only it: not without both symbols, and not when they
#   could hold data between them.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch page-fill)
make -s -C "$TOP/measure" O="$d" >/dev/null
export TKSIZE="$d/tksize"
keep=$TOP/deinline/keep.sh

cat >"$d/kernel.lds" <<'L'
ENTRY(fa)
SECTIONS {
	. = 0x100000;
	.text : { *(.text .text.*) }
	. = ALIGN(4096);
	.rodata : { *(.rodata) }
	. = ALIGN(4096);
	.data : { _sdata = .; . = ALIGN(8192); __start_init_task = .; *(.data..init_task) *(.data) }
	.bss : { *(.bss) }
}
L
# image NAME FUNCTION_BYTES DATA_OBJECT_BYTES [UNNAMED_TEXT_BYTES]: one
# function fa, one unnamed stretch of code (bytes no symbol owns), a
# 64-byte rodata table, the 8 KiB init stack, a data object, 64 of bss
image() {
	cat >"$d/$1.s" <<S
	.section .text.fa,"ax",@progbits
	.globl fa
	.type fa,@function
fa:	.skip $2, 0x90
	.size fa, .-fa
$([ "${4:-0}" = 0 ] || printf '\t.section .text.unnamed,"ax",@progbits\n\t.skip %s, 0xcc\n' "$4")
	.section .rodata,"a",@progbits
	.globl table
	.type table,@object
table:	.skip 64
	.size table, 64
	.section .data..init_task,"aw",@progbits
	.globl init_stack
	.type init_stack,@object
init_stack:	.skip 8192
	.size init_stack, 8192
	.section .data,"aw",@progbits
	.globl counters
	.type counters,@object
counters:	.skip $3
	.size counters, $3
	.section .bss,"aw",@nobits
	.globl zeroes
	.type zeroes,@object
zeroes:	.skip 64
	.size zeroes, 64
S
	as --32 -o "$d/$1.o" "$d/$1.s" || fail "as $1.s"
	ld -m elf_i386 -T "$d/kernel.lds" -o "$d/$1" "$d/$1.o" || fail "ld $1"
}
tab=$(printf '\t')
# rule NAME TRY MEMBERS PREDICTED [WARNING]: the verdict line on base -> TRY
rule() {
	n=$1 try=$2
	shift 2
	"$keep" "$d/base" "$d/$try" "$@" >"$d/$n.out" 2>"$d/$n.err" || { cat "$d/$n.err" >&2; fail "$n: keep.sh failed"; }
	[ "$(wc -l <"$d/$n.out")" = 1 ] || fail "$n: not one line: $(cat "$d/$n.out")"
}
expect() {
	[ "$(cat "$d/$1.out")" = "$2" ] ||
		fail "$1: keep.sh printed '$(tr '\t' '|' <"$d/$1.out")', not '$(printf '%s' "$2" | tr '\t' '|')'"
	ok "$1: $(tr '\t' ' ' <"$d/$1.out")"
}

# base: fa ends .text at 0x102008, so .rodata is at 0x103000 and .data at
# 0x104000, already 8 KiB-aligned: no fill
image base 8200 64
# the function 200 bytes smaller: .text ends at 0x101f40, .rodata at
# 0x102000, .data at 0x103000, and a page of fill before the init stack
image page 8000 64
set -- $("$TKSIZE" size "$d/base" | awk 'NR == 2 { print $1, $2 }') $("$TKSIZE" size "$d/page" | awk 'NR == 2 { print $1, $2 }')
[ "$1" = 8264 ] && [ "$2" = 8256 ] || fail "base: size says text $1, data $2, not 8264 and 8256 (the layout is not the one this test needs)"
[ $(($3 - $1)) = -200 ] && [ $(($4 - $2)) = 4096 ] ||
	fail "page: size's text and data moved by $(($3 - $1)) and $(($4 - $2)), not -200 and +4096: no page of fill to test"
ok "the layout: .text 200 bytes smaller across a page boundary, size's data 4,096 larger"

# and no data symbol changed: bloat-o-meter -d's total is 0
"$TKSIZE" diff -d "$d/base" "$d/page" >"$d/page.d"
expect_grep '^add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 \(0\)$' "$d/page.d" "page: the data symbols"

rule page page 1 150
expect page "kept${tab}-200${tab}4096${tab}0${tab}-200${tab}"

# data symbols that grow by as much as the functions save: dropped, by
# the symbols (the page of fill is there too, and not counted)
image data_grows 8000 264
rule data_grows data_grows 1 150
expect data_grows "dropped${tab}-200${tab}4296${tab}0${tab}-200${tab}data symbols grew by 200, the functions shrank by 200"
# by less: kept
image data_grows_less 8000 263
rule data_grows_less data_grows_less 1 150
expect data_grows_less "kept${tab}-200${tab}4295${tab}0${tab}-200${tab}"

# nothing shrank
image same 8200 64
rule same same 1 150
expect same "dropped${tab}0${tab}0${tab}0${tab}0${tab}the functions did not shrink (0 bytes)"

# the function shrank, and code no symbol owns took the bytes back: .text
# the same size, kept
image text_same 8000 64 200
rule text_same text_same 1 150
expect text_same "kept${tab}0${tab}0${tab}0${tab}-200${tab}"
# the function shrank, but code no symbol owns grew .text by more
image text_grows 8000 64 300
rule text_grows text_grows 1 150
expect text_grows "dropped${tab}100${tab}0${tab}0${tab}-200${tab}the functions shrank by 200 but .text grew by 100"

# a group of three must save AGREE percent (30) of its prediction:
# 200 of 1,000 is 20%
rule group page 3 1000
expect group "dropped${tab}-200${tab}4096${tab}0${tab}-200${tab}saved 200 of the 1000 predicted"
AGREE=20 rule group_agree page 3 1000
expect group_agree "kept${tab}-200${tab}4096${tab}0${tab}-200${tab}"
# a single candidate is not held to its prediction
rule single page 1 1000
expect single "kept${tab}-200${tab}4096${tab}0${tab}-200${tab}"

# a warning the build added drops a trial that saved bytes
rule warning page 1 150 "lib/x.c: warning: unused variable 'k' [-Wunused-variable]"
expect warning "dropped${tab}-200${tab}4096${tab}0${tab}-200${tab}new warning: lib/x.c: warning: unused variable 'k' [-Wunused-variable]"

# a trial kernel tksize cannot read is dropped, with tksize's reason
rule unreadable missing 1 150
expect unreadable "dropped${tab}0${tab}0${tab}0${tab}0${tab}measuring it failed: tksize: $d/missing: No such file or directory"
# a base it cannot read is an error: one line naming it, and no verdict
if "$keep" "$d/missing" "$d/page" 1 150 >"$d/bad.out" 2>"$d/bad.err"; then
	fail "keep.sh on a missing base exited 0"
fi
[ ! -s "$d/bad.out" ] || fail "keep.sh on a missing base printed a verdict: $(cat "$d/bad.out")"
[ "$(wc -l <"$d/bad.err")" = 1 ] && grep -q "$d/missing" "$d/bad.err" ||
	{ cat "$d/bad.err" >&2; fail "keep.sh on a missing base: not one line naming it"; }
ok "a missing base: $(cat "$d/bad.err")"

# tksize size --less-init-fill: the base has no fill, the page image a
# page of it; the data the images' objects hold is the same
fill_sizes() { "$TKSIZE" size --less-init-fill "$d/$1" | awk 'NR == 2 { print $1, $2, $3 }'; }
[ "$(fill_sizes base)" = "8264 8256 64" ] || fail "base: --less-init-fill says '$(fill_sizes base)', not '8264 8256 64'"
[ "$(fill_sizes page)" = "8064 8256 64" ] || fail "page: --less-init-fill says '$(fill_sizes page)', not '8064 8256 64' (the page of fill left out)"
[ "$(fill_sizes data_grows)" = "8064 8456 64" ] || fail "data_grows: --less-init-fill says '$(fill_sizes data_grows)', not '8064 8456 64' (real data counts)"
ok "--less-init-fill: data 8,256 with and without the page of fill, 8,456 with 200 bytes more of it"
# an image without the two symbols, or with __start_init_task alone:
# size's own figures, fill and all
sed -e 's/_sdata = \.; //' -e 's/__start_init_task = \.; //' "$d/kernel.lds" >"$d/plain.lds"
sed -e 's/_sdata = \.; //' "$d/kernel.lds" >"$d/start-only.lds"
for l in plain start-only; do
	ld -m elf_i386 -T "$d/$l.lds" -o "$d/$l" "$d/page.o" || fail "ld $l"
	[ "$(fill_sizes "$l")" = "8064 12352 64" ] || fail "$l: --less-init-fill says '$(fill_sizes "$l")', not size's '8064 12352 64'"
done
ok "without _sdata and __start_init_task, or with the second alone: size's own figures, fill and all"
# _sdata in another section than the init stack: what lies between would
# be data, so it is an error naming the file, not a figure
sed -e 's/_sdata = \.; //' -e 's/\.rodata : { \*(\.rodata) }/.rodata : { _sdata = .; *(.rodata) }/' "$d/kernel.lds" >"$d/apart.lds"
grep -q '_sdata = \.; \*(\.rodata)' "$d/apart.lds" || fail "apart.lds: _sdata not moved into .rodata"
ld -m elf_i386 -T "$d/apart.lds" -o "$d/apart" "$d/page.o" || fail "ld apart"
if "$TKSIZE" size --less-init-fill "$d/apart" >"$d/apart.out" 2>"$d/apart.err"; then
	fail "--less-init-fill on _sdata in .rodata exited 0: $(cat "$d/apart.out")"
fi
[ "$(wc -l <"$d/apart.err")" = 1 ] && grep -q "^tksize: $d/apart: _sdata .* and __start_init_task .* one section" "$d/apart.err" ||
	{ cat "$d/apart.err" >&2; fail "--less-init-fill on _sdata in .rodata: not one line naming the file and the symbols"; }
ok "_sdata outside the init stack's section: $(cat "$d/apart.err")"
