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
# brk area: link-time DCE must keep each of them whole (tests 60 and 63).
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
# (tinyconfigs/small-smp.config says why one serves tests 61, 63 and 92);
# whichever of them runs first builds it, the others find it made.  Only
# 92 asks for make's boot, with small's network and disk checks: 60 and 61
# test nothing that boot shows.  Its folder is $SHARED_KDIR.
SHARED_KDIR=$BUILD/kernels/small-smp-Oz-dce
shared_kernel() {
	STACK_USAGE=no make -s BUILD="$BUILD" CONFIGS=small-smp OPTS=Oz VARIANTS=dce DEBUG_INFO=no "$@"
}
# Every make a test runs writes its report into a folder of the test's
# own, never over the one `make` wrote (build/report.*): a user who runs
# `make` and then `make check` opens `make`'s report, and tests/run.sh
# checks that the suite left it as it was.  Test 20, which is that make,
# unsets it.
REPORT=$BUILD/tests/reports/$(basename "$0" .sh)/report
export REPORT
# emptied first, so that no test reads a report an earlier run left
rm -rf "$(dirname "$REPORT")"
# boots_in KDIR MIB OUT: boot KDIR's kernel straight through boot/boot.sh,
# with MIB MiB of RAM and the checks make gave it (KDIR/boot.args: the
# config's boot-expect and boot-append lines), within make's 60 s, its
# console and verdict in folder OUT; true on PASS.
boots_in() {
	mkdir -p "$3"
	_args=$(cat "$1/boot.args") || fail "$1/boot.args: the kernel was never booted by make"
	_expect=$(printf '%s' "$_args" | sed -n 's/^expect: *\([^;]*\);.*/\1/p')
	_append=$(printf '%s' "$_args" | sed -n 's/.*; append: *//p')
	QEMU_MEM=${2}M BOOT_TIMEOUT=${BOOT_TIMEOUT:-60} BOOT_EXPECT="$_expect" BOOT_DISK="$BUILD/rootfs/disk.ext2" \
		BOOT_APPEND_CONFIG="$_append" boot/boot.sh "$1/bzImage" "$BUILD/rootfs/initramfs.cpio.xz" "$3" \
		"$(basename "$1")@${2}M" >"$3.out" 2>&1
}
# least_ram KDIR MIB DIR: KDIR's kernel boots in MIB MiB and not in one
# MiB less, each booted here, not read from minram.sh's own probes.  The
# boot below gets make's whole 60 s, where minram.sh's probes time out
# sooner, and its failure must be the kernel's (a hang, a panic, no
# marker), not QEMU's.
least_ram() {
	boots_in "$1" "$2" "$3/at-$2" || { cat "$3/at-$2.out"; fail "$(basename "$1") does not boot in $2 MiB, its least RAM"; }
	! boots_in "$1" $(($2 - 1)) "$3/at-$(($2 - 1))" ||
		fail "$(basename "$1") boots in $(($2 - 1)) MiB, below the least RAM found, $2"
	! grep -q '^reason QEMU failed to run' "$3/at-$(($2 - 1))/boot.result" ||
		fail "$(basename "$1") at $(($2 - 1)) MiB: $(sed -n 's/^reason //p' "$3/at-$(($2 - 1))/boot.result")"
}
# count_build KIND SECONDS NAME: a kernel build this test ran outside
# kbuild/build.sh, for tests/run.sh's closing table: KIND full (a whole
# kernel from an empty folder) or other (some objects of one, a no-op
# kbuild, one killed halfway)
count_build() { [ -z "${TINYKERN_BUILDS:-}" ] || echo "$1 $2 $3" >>"$TINYKERN_BUILDS"; }
# deinline_made DIR: make's dce and deinline kernels, built and booted
# (make's output in DIR/make.out), and what tests 81 and 99 read of them:
# src and tree, the patched tree and the deinline variant's; dce and kdir,
# the two kernels' folders
deinline_made() {
	make -s VARIANTS="dce deinline" boots >"$1/make.out" 2>&1 || { cat "$1/make.out"; fail "make VARIANTS='dce deinline' boots"; }
	src=$BUILD/src/linux tree=$BUILD/src/linux-deinline
	dce=$BUILD/kernels/tiny-Os-dce kdir=$BUILD/kernels/tiny-Os-deinline
}
