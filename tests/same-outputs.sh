#!/bin/sh
# same-outputs.sh: every output of measure/'s tksize, to compare two
# versions of its sources byte for byte (a restructure must change none).
#
#   tests/same-outputs.sh DIR            tksize built from measure/ now: each
#                                        output into DIR (emptied first)
#   tests/same-outputs.sh --compare DIR  the same into a scratch folder, then
#                                        compared with DIR; exit 1 on a difference
#
# The inputs are make's five tiny kernels (build/kernels/tiny-Os-*), the
# advisor runs in docs/runs/, an option-cost run folder when one is in
# build/ (tests/93 leaves some), and broken files made here.  Each
# command's stdout, stderr and exit code are kept; the report's files are
# written at one fixed path and then copied, so that no output names DIR.
# BUILD= and SRC= (build/src/linux) say where they are.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
SRC=${SRC:-$BUILD/src/linux}
compare=
if [ "${1:-}" = --compare ]; then compare=$2; shift; fi
[ $# = 1 ] || { echo "usage: tests/same-outputs.sh [--compare] DIR" >&2; exit 2; }
if [ -n "$compare" ]; then
	[ -d "$compare" ] || { echo "same-outputs: no $compare to compare with" >&2; exit 2; }
	out=$BUILD/same-outputs/now
else
	out=$1
fi
work=$BUILD/same-outputs/work
K=$BUILD/kernels
for v in orig inline inline+units dce deinline; do
	[ -f "$K/tiny-Os-$v/vmlinux" ] || { echo "same-outputs: no $K/tiny-Os-$v/vmlinux: run make first" >&2; exit 2; }
done
rm -rf "$out" "$work"
mkdir -p "$out" "$work/bin"
make -s -C "$TOP/measure" O="$work/bin" >/dev/null
T=$work/bin/tksize

n=0
# run NAME ARGS...: tksize ARGS, its stdout, stderr and exit code as NAME.*
run() {
	name=$1; shift
	rc=0
	"$T" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
	echo "$rc" >"$out/$name.rc"
	n=$((n + 1))
}

for v in orig inline inline+units dce deinline; do
	k=$K/tiny-Os-$v
	run "size-$v" size "$k/vmlinux"
	run "size-fill-$v" size --less-init-fill "$k/vmlinux"
	run "stack-$v" stack "$k"
	run "stack-t-$v" stack -t 256 "$k"
	run "inline-$v" inline "$k/vmlinux"
	run "attribute-$v" attribute "$k/vmlinux"
	run "attribute-depth2-$v" attribute --depth 2 "$k/vmlinux"
	run "attribute-files-$v" attribute --files "$k/vmlinux"
	run "attribute-nomap-$v" attribute --no-map "$k/vmlinux"
	run "attribute-save-$v" attribute --save "$work/attribution.json" "$k/vmlinux"
	cp "$work/attribution.json" "$out/attribute-save-$v.json"
done
run size-all size "$K"/tiny-Os-*/vmlinux
set -- orig:inline inline:inline+units inline+units:dce dce:deinline orig:deinline
for pair; do
	a=$K/tiny-Os-${pair%%:*}/vmlinux b=$K/tiny-Os-${pair#*:}/vmlinux
	for mode in all -c -d -t --dirs --dirs=1 --files; do
		if [ $mode = all ]; then run "diff-$pair" diff "$a" "$b"
		else run "diff$mode-$pair" diff $mode "$a" "$b"; fi
	done
done
if [ -d "$SRC" ]; then
	run candidates-dce candidates "$SRC" "$K/tiny-Os-dce/vmlinux"
fi
for r in "$TOP"/docs/runs/*/; do
	run "advisor-$(basename "$r")" advisor "$r"
done
optcost=
for r in "$BUILD"/tests/option-cost/run "$BUILD"/tests/option-cost/merged; do
	[ -f "$r/journal" ] || continue
	run "optcost-$(basename "$r")" optcost "$r"
	optcost="$optcost --optcost tiny-Os-dce-$(basename "$r")=$r"
done

# broken inputs: not ELF, truncated, stripped
printf 'not an ELF file\n' >"$work/text"
head -c 4096 "$K/tiny-Os-dce/vmlinux" >"$work/truncated"
objcopy --strip-all "$K/tiny-Os-dce/vmlinux" "$work/stripped"
for f in text truncated stripped; do
	run "size-$f" size "$work/$f"
	run "diff-$f" diff "$K/tiny-Os-dce/vmlinux" "$work/$f"
	run "inline-$f" inline "$work/$f"
	run "attribute-$f" attribute --no-map "$work/$f"
done
run usage

# the report: make's kernels, with its budget, the runs' sections, and
# then two halves merged, as two machines would
kernels=
for v in orig inline inline+units dce deinline; do kernels="$kernels tiny/Os/$v=$K/tiny-Os-$v"; done
report() {
	name=$1; shift
	run "$name" report --md "$work/r.md" --json "$work/r.json" --html "$work/r.html" \
		--baseline orig --diff orig:inline+units --diff inline:inline+units --diff inline+units:dce \
		--diff dce:deinline --fragments "$TOP/tinyconfigs" "$@"
	for f in md json html; do cp "$work/r.$f" "$out/$name.$f" 2>/dev/null || true; done
}
report report --budget "tiny/Os=$TOP/tinyconfigs/tiny.budget" \
	--deinline "tiny-Os-dce=$TOP/docs/runs/tiny-Os-dce/" --deinline "tiny-O2-dce=$TOP/docs/runs/tiny-O2-dce/" \
	$optcost $kernels
printf 'text 1000000\ndce bzimage 1\ndce dir lib/ text 1\n' >"$work/tight.budget"
report report-over --budget "tiny/Os=$work/tight.budget" $kernels
report report-a tiny/Os/orig="$K/tiny-Os-orig" tiny/Os/inline="$K/tiny-Os-inline"
cp "$work/r.json" "$work/a.json"
report report-b tiny/Os/inline+units="$K/tiny-Os-inline+units" tiny/Os/dce="$K/tiny-Os-dce" \
	tiny/Os/deinline="$K/tiny-Os-deinline"
cp "$work/r.json" "$work/b.json"
report report-merged --merge "$work/a.json" --merge "$work/b.json"

if [ -z "$compare" ]; then
	echo "same-outputs: $n outputs of $T in $out"
	exit 0
fi
if diff -r "$compare" "$out" >"$work/diff"; then
	echo "same-outputs: $n outputs, each byte for byte as in $compare"
else
	head -n 60 "$work/diff"
	echo "same-outputs: $(grep -c '^diff -r\|^Only in' "$work/diff") outputs differ from $compare (the diff: $work/diff)" >&2
	exit 1
fi
