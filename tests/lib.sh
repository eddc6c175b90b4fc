# Helpers sourced by the tests: each prints what it checks and fails loudly.
set -eu
: "${TOP:?run tests through tests/run.sh}" "${BUILD:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# expect_grep PATTERN FILE WHAT
expect_grep() { grep -q -E -- "$1" "$2" || { cat "$2" >&2; fail "$3: no line matching '$1' in $2"; }; }
# expect_last_cause PATTERN FILE: a failed run's output ends with its
# cause, "tinykern: FAILED:" and the cause indented, and only make's own
# closing line after it
expect_last_cause() {
	tail -n 3 "$2" >"$2.last"
	expect_grep "^tinykern: FAILED:$" "$2.last" "closing summary"
	expect_grep "^  $1$" "$2.last" "the cause in the last lines"
}
scratch() { d=$BUILD/tests/$1; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }
# The objects a kbuild log says were compiled or assembled, sorted, less
# arch/x86/boot/, which a new vmlinux always remakes (compressed/misc.o
# includes its voffset.h).
objs_compiled() { sed -n 's/^  \(CC\|AS\)      //p' "$1" | grep -v '^arch/x86/boot/' | sort; }
# The files of `tksize attribute --files` output FILE: the table's rows
# (seven columns, the path last; [section] and (TOTALS) are not files).
attribution_paths() { awk -F'\t' 'NR > 1 && NF == 7 && $7 !~ /^[[(]/ { print $7 }' "$1"; }
# The paths of FILE (one a line) outside the kernel's top folders: a tree's
# own path left in front of them.  Exit 1 when there are none.
outside_kernel_folders() {
	grep -E -v '^(arch|block|certs|crypto|drivers|fs|include|init|ipc|kernel|lib|mm|net|security|usr|virt)/' "$1"
}
# The x86 tables that code walks from a start to an end symbol, and the
# brk area: link-time DCE must keep each of them whole (test 60).
X86_TABLES='^\.(altinstructions|altinstr_replacement|x86_cpu_dev\.init|apicdrivers|smp_locks|parainstructions|retpoline_sites|return_sites|ibt_endbr_seal|x86_intel_mid_dev\.init|brk)$'
# section_sizes ELF ERE: "name bytes" of each section of ELF whose name matches ERE
section_sizes() {
	readelf -S -W "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk -v re="$2" '$1 ~ re { print $1, $5 }' |
	while read -r name hex; do echo "$name $((0x$hex))"; done
}
# section_bytes ELF NAME: the size of ELF's section NAME in bytes; empty when it has none
section_bytes() { section_sizes "$1" "^$(printf '%s' "$2" | sed 's/\./\\./g')\$" | awk 'NR == 1 { print $2 }'; }
# x86_table_sections ELF: "name bytes" of each x86 table section of ELF
x86_table_sections() { section_sizes "$1" "$X86_TABLES"; }
# same_x86_tables REF ELF TMPDIR: every table section of ELF file REF (a
# build without DCE, or vmlinux.o: the link's input) is in ELF, as large
same_x86_tables() {
	x86_table_sections "$1" >"$3/tables-a"
	x86_table_sections "$2" >"$3/tables-b"
	[ -s "$3/tables-a" ] || fail "found no x86 table sections in $1"
	while read -r name sz; do
		got=$(awk -v n="$name" '$1 == n { print $2 }' "$3/tables-b")
		[ -n "$got" ] || fail "$name is missing from $2"
		[ "$got" -ge "$sz" ] || fail "$name: $got bytes in $2, $sz in $1"
		ok "$name: $got bytes in $2 ($sz in $1)"
	done <"$3/tables-a"
}
# brk_bytes ELF: __brk_limit - __brk_base of ELF, in bytes
brk_bytes() {
	set -- $(nm "$1" | awk '$3 == "__brk_base" { b = $1 } $3 == "__brk_limit" { l = $1 } END { print b, l }')
	[ $# = 2 ] || fail "no __brk_base/__brk_limit symbols"
	echo $((0x$2 - 0x$1))
}
# no_instruments KDIR: the kernel in KDIR was built with neither DWARF nor
# -fstack-usage (DEBUG_INFO=no, STACK_USAGE=no): none in its .config,
# vmlinux, stack.su or objects
no_instruments() {
	! grep -q '^CONFIG_DEBUG_INFO=y' "$1/config" || fail "$1: built with DEBUG_INFO"
	[ -z "$(readelf -SW "$1/vmlinux" | grep -F .debug_info)" ] || fail "$1/vmlinux has .debug_info"
	[ ! -e "$1/stack.su" ] || fail "$1: STACK_USAGE=no still gathered stack.su"
	[ -z "$(find "$1/obj" -name '*.su' | head -n 1)" ] || fail "$1: STACK_USAGE=no still wrote .su files"
}
# ere STRING: STRING with every character ERE gives a meaning escaped, to
# match a path, version or kernel name literally in expect_grep
ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }
# shared_kernel TARGET...: make TARGET (kernels, boots, a file) of the
# suite's one SMP kernel, small-smp/Oz/dce without the instruments
# (tinyconfigs/small-smp.config says why one serves tests 60, 61 and 92);
# whichever of them runs first builds it, the others find it made.  Only
# 92 asks for make's boot, with small's network and disk checks: 60 and 61
# test nothing that boot shows.  Its folder is $SHARED_KDIR.
SHARED_KDIR=$BUILD/kernels/small-smp-Oz-dce
shared_kernel() {
	STACK_USAGE=no make -s BUILD="$BUILD" CONFIGS=small-smp OPTS=Oz VARIANTS=dce DEBUG_INFO=no "$@"
}
