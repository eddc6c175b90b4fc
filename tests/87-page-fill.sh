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
#   fill out, and only it.
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

# bad input: one line naming the file, and no verdict
if "$keep" "$d/base" "$d/missing" 1 150 >"$d/bad.out" 2>"$d/bad.err"; then
	fail "keep.sh on a missing vmlinux exited 0"
fi
[ ! -s "$d/bad.out" ] || fail "keep.sh on a missing vmlinux printed a verdict: $(cat "$d/bad.out")"
[ "$(wc -l <"$d/bad.err")" = 1 ] && grep -q "$d/missing" "$d/bad.err" ||
	{ cat "$d/bad.err" >&2; fail "keep.sh on a missing vmlinux: not one line naming it"; }
ok "a missing vmlinux: $(cat "$d/bad.err")"

# tksize size --less-init-fill: the base has no fill, the page image a
# page of it; the data the images' objects hold is the same
fill_sizes() { "$TKSIZE" size --less-init-fill "$d/$1" | awk 'NR == 2 { print $1, $2, $3 }'; }
[ "$(fill_sizes base)" = "8264 8256 64" ] || fail "base: --less-init-fill says '$(fill_sizes base)', not '8264 8256 64'"
[ "$(fill_sizes page)" = "8064 8256 64" ] || fail "page: --less-init-fill says '$(fill_sizes page)', not '8064 8256 64' (the page of fill left out)"
[ "$(fill_sizes data_grows)" = "8064 8456 64" ] || fail "data_grows: --less-init-fill says '$(fill_sizes data_grows)', not '8064 8456 64' (real data counts)"
ok "--less-init-fill: data 8,256 with and without the page of fill, 8,456 with 200 bytes more of it"
# an image without the two symbols: size's own figures
sed -e 's/_sdata = \.; //' -e 's/__start_init_task = \.; //' "$d/kernel.lds" >"$d/plain.lds"
ld -m elf_i386 -T "$d/plain.lds" -o "$d/plain" "$d/page.o" || fail "ld plain"
[ "$(fill_sizes plain)" = "$("$TKSIZE" size "$d/plain" | awk 'NR == 2 { print $1, $2, $3 }')" ] ||
	fail "plain: --less-init-fill changed the sizes of an image without _sdata and __start_init_task"
[ "$(fill_sizes plain)" = "8064 12352 64" ] || fail "plain: size says '$(fill_sizes plain)', not '8064 12352 64'"
ok "without _sdata and __start_init_task: size's own figures, fill and all"
