# The kernel tinykern measures is the kernel a user would build: one plain
# build of tiny/Os/dce, with none of the instruments (no -g, no
# -fstack-usage), holds the same bytes in every allocated section as the
# kernel `make` built and measured, but for the two 20-byte build-ids
# (tests/same-code.sh).  It is the one full build this check cannot avoid:
# -g changes every object's command line, so no object of the measured
# kernel can stand in for it.  The same build shows that a kernel built
# with DEBUG_INFO=no has no inline table but all its other figures.
# Then CC="distcc gcc" reaches kbuild untouched, for users with a build
# farm, shown on objects rather than on a second kernel: real distcc
# (DISTCC_HOSTS=localhost: it compiles here, no daemon) starts the same
# build in a folder of its own, is stopped once it has compiled 60
# objects, and each object it finished is the plain build's, byte for
# byte.  A whole distcc kernel would not be: kconfig records
# `$(CC) --version` in CONFIG_CC_VERSION_TEXT, and the banner distcc's gcc
# prints ("x86_64-linux-gnu-gcc (Debian ...)") is 17 bytes longer.
. "$(dirname "$0")/lib.sh"
d=$(scratch plain-build)
cd "$TOP"
command -v distcc >/dev/null || fail "distcc not installed (deps/packages.list has it)"
k=$BUILD/kernels/tiny-Os-dce
[ -s "$k/vmlinux" ] || fail "no $k/vmlinux: run after the integration test"
grep -q '^CONFIG_DEBUG_INFO=y' "$k/config" || fail "tiny/Os/dce was built without DEBUG_INFO"
[ -s "$k/stack.su" ] || fail "tiny/Os/dce was built without -fstack-usage"

# a build folder of its own that shares the source tree and the rootfs
mkdir -p "$d/build" "$d/distcc"
for f in src busybox rootfs .deps.stamp; do ln -s "$BUILD/$f" "$d/build/$f"; ln -s "$BUILD/$f" "$d/distcc/$f"; done
STACK_USAGE=no make BUILD="$d/build" VARIANTS=dce DEBUG_INFO=no kernels \
	"$d/build/kernels/tiny-Os-dce/inline.txt" >"$d/make.txt" 2>&1 ||
	{ cat "$d/make.txt"; fail "make DEBUG_INFO=no STACK_USAGE=no failed"; }
cat "$d/make.txt"
p=$d/build/kernels/tiny-Os-dce

# 1. without the instruments: no DWARF, no .su files, no stack.su
grep -q '^CONFIG_DEBUG_INFO=y' "$p/config" && fail "DEBUG_INFO=no still built with DEBUG_INFO"
[ -z "$(readelf -SW "$p/vmlinux" | grep -F .debug_info)" ] || fail "DEBUG_INFO=no vmlinux has .debug_info"
[ ! -e "$p/stack.su" ] || fail "STACK_USAGE=no still gathered stack.su"
[ -z "$(find "$p/obj" -name '*.su' | head -n 1)" ] || fail "STACK_USAGE=no still wrote .su files"
expect_grep '^# not measured: built without DWARF \(DEBUG_INFO=no\)$' "$p/inline.txt" "inline table of a kernel without DWARF"
# the report says so in the inline row, and does not take it for a fault
set +e
"$d/build/tools/tksize" report tiny/Os/dce="$p" >"$d/report.txt" 2>"$d/report.err"
set -e
cat "$d/report.txt" "$d/report.err"
expect_grep '^tiny/Os/dce +not measured: built without DWARF \(DEBUG_INFO=no\)$' "$d/report.txt" "the report's inline row"
if grep -q 'inline figures unavailable' "$d/report.err"; then fail "the report counts a kernel built without DWARF as a fault"; fi
ok "the plain build has no DWARF and no .su files; its inline table and the report say it was not measured"

# 2. the same code and data, byte for byte, as the measured kernel
tests/same-code.sh "$k/vmlinux" "$p/vmlinux" >"$d/same.txt" || fail "-g or -fstack-usage changed the code"
cat "$d/same.txt"
ok "tiny/Os/dce: every allocated section of the measured kernel is the plain build's"
# ... and the check can fail: one byte of .data changed in a copy
cp "$k/vmlinux" "$d/changed"
off=$(readelf -SW "$d/changed" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".data" { print $4 }')
printf 'Z' | dd of="$d/changed" bs=1 seek=$((0x$off + 100)) conv=notrunc 2>/dev/null
if tests/same-code.sh "$k/vmlinux" "$d/changed" 2>"$d/changed.err"; then fail "same-code missed a changed byte"; fi
expect_grep "section .data differs at byte 100 " "$d/changed.err" "the changed byte"
ok "a byte changed in .data is found: $(cat "$d/changed.err")"

# 3. the size table's figures are equal; bzImage, whose payload holds the
#    build-ids, may differ by a few bytes of compression: say by how many
a=$(size "$k/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
b=$(size "$p/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
[ "$a" = "$b" ] || fail "text data bss: measured $a, plain $b"
bz_k=$(stat -c %s "$k/bzImage") bz_p=$(stat -c %s "$p/bzImage")
ok "text data bss $b in both; bzImage $bz_k bytes measured, $bz_p plain ($((bz_k - bz_p)) bytes)"

# 4. distcc: the same build, through CC="distcc gcc", stopped once kbuild
#    has finished 60 objects with it (kconfig's compiler probes go
#    through distcc too, so its log alone says little); in its own
#    process group, as a terminal's job is
q=$d/distcc/kernels/tiny-Os-dce/obj
DISTCC_HOSTS=localhost DISTCC_VERBOSE=1 DISTCC_LOG="$d/distcc.log" STACK_USAGE=no \
	setsid make BUILD="$d/distcc" CC="distcc gcc" VARIANTS=dce DEBUG_INFO=no kernels >"$d/distcc.txt" 2>&1 &
pid=$!
# out of timeout's reach in its own group: stop it whatever ends this test
trap 'kill -TERM -"$pid" 2>/dev/null || true' EXIT
# finished: objects whose .cmd file kbuild wrote, after the compile
finished() { find "$q" -name '.*.o.cmd' 2>/dev/null | xargs -r grep -l '^cmd_.* := distcc gcc ' 2>/dev/null | wc -l; }
while [ "$(finished)" -lt 60 ]; do
	kill -0 "$pid" 2>/dev/null || { cat "$d/distcc.txt"; fail "make with CC=\"distcc gcc\" ended before kbuild finished 60 objects with it"; }
	sleep 1
done
kill -TERM -"$pid" 2>/dev/null || true
wait "$pid" || true
expect_grep '^  BUILD   tiny/Os/dce .*CC=distcc gcc\)$' "$d/distcc.txt" "build line names distcc"
# an object is finished when kbuild has written its .cmd file after it;
# its allocated sections are compared (an assembler object's symbol table
# names the temporary file distcc preprocessed it into).  init/version.o
# is left out: it holds the banner, which names the compiler.
same=0 differ=
for cmd in $(cd "$q" && find . -name '.*.o.cmd' ! -path './scripts/*' ! -path './tools/*'); do
	o=$(dirname "$cmd")/$(basename "$cmd" .cmd | sed 's/^\.//')
	[ "$o" != ./init/version.o ] || continue
	grep -q '^cmd_.* := distcc gcc ' "$q/$cmd" || continue
	[ -e "$q/$o" ] && [ -e "$p/obj/$o" ] || continue	# make deletes an interrupted target
	# allocated bytes (an object with none is only its relocations), and
	# the relocations, at their offsets, against their symbols
	if tests/same-code.sh "$q/$o" "$p/obj/$o" >/dev/null 2>"$d/same.err" ||
		grep -q 'compared nothing' "$d/same.err"; then
		readelf -rW "$q/$o" | sed 's/ at offset 0x[0-9a-f]*//' >"$d/rel-q"
		readelf -rW "$p/obj/$o" | sed 's/ at offset 0x[0-9a-f]*//' >"$d/rel-p"
		if cmp -s "$d/rel-q" "$d/rel-p"; then same=$((same + 1)) one=$o; else differ="$differ $o(relocations)"; fi
	else
		differ="$differ $o"
	fi
done
[ -z "$differ" ] || fail "objects distcc compiled differ from the plain build's:$differ"
[ "$same" -ge 40 ] || fail "only $same finished distcc objects to compare"
src=$(echo "${one#./}" | sed 's/\.o$//; s/[.+]/[&]/g')
expect_grep "^distcc\[[0-9]+\] \(dcc_scan_args\) found input file \"(.*/)?$src\.[cS]\"$" "$d/distcc.log" "distcc's own log of compiling ${one#./}"
ok "CC=\"distcc gcc\" reached kbuild: the allocated sections and relocations of $same objects it compiled are the plain build's"
rm -rf "$p/obj" "$d/distcc/kernels"
