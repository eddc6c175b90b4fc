# measure/: `tksize diff` prints what the kernel's scripts/bloat-o-meter
# prints, line for line, in every mode, on ELF files made here and on the
# built kernels.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch symdiff)
make -s -C "$TOP/measure" O="$d" >/dev/null
tk=$d/tksize
bom=$BUILD/src/linux/scripts/bloat-o-meter
[ -x "$bom" ] || fail "no $bom: run after the integration test"

# two versions of a file with added, removed, grown, shrunk, renamed-by-
# clone (.constprop.0), static-duplicate and weak symbols
cat >"$d/a.c" <<'C'
static int tbl[64] = { 1 };
const char msg[] = "old message";
int gone(int x) { return x * 3 + tbl[x & 63]; }
int keep(int x) { return x + 1; }
int grows(int x) { return x ^ 5; }
__attribute__((weak)) int weakfn(int x) { return x; }
static __attribute__((noinline)) int helper(int x, int k) { return x * k + tbl[k]; }
int use(int x) { return helper(x, 7) + helper(x, 9); }
char buf[100];
C
cat >"$d/b.c" <<'C'
static int tbl[128] = { 1 };
const char msg[] = "a longer new message";
int keep(int x) { return x + 1; }
int grows(int x) { int i, s = 0; for (i = 0; i < x; i++) s += tbl[i & 127] * i; return s ^ 5; }
__attribute__((weak)) int weakfn(int x) { return x * 2; }
int added(int x) { return x * x; }
static __attribute__((noinline)) int helper(int x, int k) { return x * k; }
int use(int x) { return helper(x, 7); }
char buf[10];
C
gcc -O2 -c -o "$d/a.o" "$d/a.c"
gcc -O2 -c -o "$d/b.o" "$d/b.c"

# two objects with more sections than an ELF section index holds (65,279):
# symbols past it carry SHN_XINDEX and their real index in .symtab_shndx.
# In the new one, some functions grow, some go and some are new, and ten
# data objects grow, all of them past the limit: a wrong section index
# would take them for code, or drop them.
many_sections() {
	awk -v n=70000 -v grow="$2" -v gone="$3" -v new="$4" 'BEGIN {
		for (i = 1; i <= n + new; i++) {
			if (i > n - gone && i <= n) continue
			printf ".section .text.f%d,\"ax\",@progbits\n.globl f%d\n.type f%d,@function\nf%d:\n", i, i, i, i
			printf "\t.skip %d, 0x90\n\tret\n.size f%d, .-f%d\n", (i > n - 100 && i <= n - 50 ? grow : 1), i, i
		}
		for (i = 1; i <= 10; i++)
			printf ".section .data.d%d,\"aw\",@progbits\n.globl d%d\n.type d%d,@object\nd%d:\n\t.skip %d\n.size d%d, %d\n", i, i, i, i, 4 * grow, i, 4 * grow
	}' >"$d/$1.s"
	as --32 -o "$d/$1.o" "$d/$1.s"
	# "Number of section headers: 0 (69993)": the real count is in section 0
	shnum=$(readelf -h "$d/$1.o" | awk -F: '/Number of section headers/ { gsub(/[()]/, " ", $2); n = split($2, a, " "); print a[n] }')
	[ "$shnum" -gt 65279 ] || fail "$1.o has $shnum sections, not more than 65,279"
	readelf -sW "$d/$1.o" | awk '$8 == "f69940"' | grep -q . || fail "$1.o: no symbol f69940"
}
many_sections xold 1 0 0
many_sections xnew 9 20 5
ok "objects with $shnum section headers made"

# pairs: the objects both ways, and the built kernels in a ring (each one
# diffed against the next, the last against the first), so that every
# kernel is both the old and the new side once.  Every ordered pair would
# grow with the square of what the build folder holds: on a folder with
# the matrix built (23 kernels, 506 pairs) it ran 17 minutes and was
# stopped, where CI's folder takes 17 s.
set -- "$d/a.o" "$d/b.o" "$d/b.o" "$d/a.o" "$d/xold.o" "$d/xnew.o"
first= prev=
for x in "$BUILD"/kernels/*/vmlinux; do
	[ -e "$x" ] || continue
	[ -n "$prev" ] && set -- "$@" "$prev" "$x"
	prev=$x first=${first:-$x}
done
[ "$first" != "$prev" ] && set -- "$@" "$prev" "$first"
pairs=0
while [ $# -ge 2 ]; do
	for mode in "" -c -d -t; do
		"$bom" $mode "$1" "$2" >"$d/bom.txt"
		"$tk" diff $mode "$1" "$2" >"$d/tk.txt"
		diff -u "$d/bom.txt" "$d/tk.txt" >"$d/delta.txt" ||
			{ head -n 40 "$d/delta.txt"; fail "tksize diff $mode $1 $2 differs from bloat-o-meter"; }
	done
	pairs=$((pairs + 1))
	shift 2
done
[ "$pairs" -ge 4 ] || fail "no two built kernels to compare: run after the integration test"
"$tk" diff "$d/xold.o" "$d/xnew.o" >"$d/xdiff.txt"
expect_grep '^add/remove: 5/20 grow/shrink: 60/0 up/down: ' "$d/xdiff.txt" "the diff past 65,279 sections"
"$tk" diff -d "$d/xold.o" "$d/xnew.o" >"$d/xdiff.txt"
expect_grep '^add/remove: 0/0 grow/shrink: 10/0 up/down: 320/0 \(320\)$' "$d/xdiff.txt" "the data past 65,279 sections"
ok "tksize diff == bloat-o-meter on $pairs pairs, in all four modes"

# the report carries the default diffs: a report of make's kernels, of
# this test's own
make BUILD="$BUILD" report >"$d/report.txt" 2>&1 || { cat "$d/report.txt"; fail "make report failed"; }
expect_grep '^tiny/Os: orig -> inline\+units \(bloat-o-meter\)$' "$d/report.txt" "report diff summary"
expect_grep '^## tiny/Os: orig -> inline\+units, symbol by symbol$' "$REPORT.md" "report.md diff table"
[ "$(jq '.diffs | length' "$REPORT.json")" -ge 1 ] || fail "report.json has no diffs"
ok "the report carries orig -> inline+units"
