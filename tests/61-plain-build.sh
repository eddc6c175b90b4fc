# A kernel built with DEBUG_INFO=no and STACK_USAGE=no, the way a user who
# wants neither builds one, and CC="distcc gcc", for users with a build
# farm.  Both on small-smp/Oz/dce, the suite's one SMP kernel, built that
# way (tests/lib.sh's shared_kernel: tests 63 and 92 share it, and this
# test builds it when it runs first or alone); that the instruments change no
# allocated byte is test 81's, on a cold build of deinline.
#  1. no DWARF and no .su files; the inline table and the report say the
#     inline figures were not measured, and the report does not take that
#     for a fault;
#  2. CC="distcc gcc" reaches kbuild untouched, shown on objects rather
#     than on a second kernel: real distcc (DISTCC_HOSTS=localhost: it
#     compiles here, no daemon) starts the same build in a folder of its
#     own, is stopped once it has compiled 60 objects, and each object it
#     finished is the plain build's, byte for byte.  A whole distcc kernel
#     would not be: kconfig records `$(CC) --version` in
#     CONFIG_CC_VERSION_TEXT, and the banner distcc's gcc prints
#     ("x86_64-linux-gnu-gcc (Debian ...)") is 17 bytes longer.
# The shared kernel is built cold by whichever test runs first:
# timeout: 1800
# tier: slow
. "$(dirname "$0")/lib.sh"
d=$(scratch plain-build)
cd "$TOP"
command -v distcc >/dev/null || fail "distcc not installed (deps/packages.list has it)"
shared_kernel kernels "$SHARED_KDIR/inline.txt" >"$d/make.txt" 2>&1 ||
	{ cat "$d/make.txt"; fail "make DEBUG_INFO=no of small-smp/Oz/dce failed"; }
cat "$d/make.txt"
p=$SHARED_KDIR

# 1. without the instruments: no DWARF, no .su files, no stack.su
no_instruments "$p"
expect_grep '^# not measured: built without DWARF \(DEBUG_INFO=no\)$' "$p/inline.txt" "inline table of a kernel without DWARF"
# the report says so in the inline row, and does not take it for a fault
set +e
"$BUILD/tools/tksize" report small-smp/Oz/dce="$p" >"$d/report.txt" 2>"$d/report.err"
set -e
cat "$d/report.txt" "$d/report.err"
expect_grep '^small-smp/Oz/dce +not measured: built without DWARF \(DEBUG_INFO=no\)$' "$d/report.txt" "the report's inline row"
if grep -q 'inline figures unavailable' "$d/report.err"; then fail "the report counts a kernel built without DWARF as a fault"; fi
ok "the plain build has no DWARF and no .su files; its inline table and the report say it was not measured"

# 2. distcc: the same build, through CC="distcc gcc", stopped once kbuild
#    has finished 60 objects with it (kconfig's compiler probes go
#    through distcc too, so its log alone says little); in its own
#    process group, as a terminal's job is, and a build folder of its own
#    that shares the source tree, the rootfs and the config cache
mkdir -p "$d/distcc"
for f in src busybox rootfs .deps.stamp config-cache; do ln -s "$BUILD/$f" "$d/distcc/$f"; done
q=$d/distcc/kernels/small-smp-Oz-dce/obj
t0=$(date +%s)
DISTCC_HOSTS=localhost DISTCC_VERBOSE=1 DISTCC_LOG="$d/distcc.log" STACK_USAGE=no \
	setsid make BUILD="$d/distcc" CC="distcc gcc" CONFIGS=small-smp OPTS=Oz VARIANTS=dce DEBUG_INFO=no kernels >"$d/distcc.txt" 2>&1 &
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
count_build other $(($(date +%s) - t0)) "small-smp/Oz/dce through distcc, stopped after 60 objects"
expect_grep '^  BUILD   small-smp/Oz/dce .*CC=distcc gcc\)$' "$d/distcc.txt" "build line names distcc"
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
rm -rf "$d/distcc/kernels"
