# tksize candidates' columns that test the advisor's cost model, on a
# program small enough to work out by hand: scale(x, k) is expanded five
# times, with one constant argument in a() (k = 5) and c() (x = 7), two
# in e() (7 and 5: the volatile load keeps its code), and none in b() and
# d().  So const_sites is 3, const_args 4 and params 2 (the local t is not
# one), whichever way gcc
# records the constants (DW_AT_const_value, or a location list of
# DW_OP_lit/const and DW_OP_stack_value).  sites, bytes and max_site are
# checked against readelf's DW_AT_high_pc of each expansion, code that
# shares nothing with tksize.  units_sites lists the units with expansions
# of each: a header's twice(), twice in m.c and once in n.c.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch candidate-columns)
make -s -C "$TOP/measure" O="$d" >/dev/null
cat >"$d/m.c" <<'C'
volatile int g;
static inline int scale(int x, int k) { int t = x * k; return t + g; }
int __attribute__((noinline)) a(int v) { return scale(v, 5); }
int __attribute__((noinline)) b(int v, int k) { return scale(v, k); }
int __attribute__((noinline)) c(int v) { return scale(7, v); }
int __attribute__((noinline)) d(int *p, int n, int k)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += scale(p[i], k);
	return s;
}
int __attribute__((noinline)) e(void) { return scale(7, 5); }
#include "h.h"
int n(int v);
int __attribute__((noinline)) f(int v) { return twice(v) + twice(v + g); }
/* one expansion beside the out-of-line copy its address needs */
static inline __attribute__((always_inline)) int once(int x) { return (3 * x + g) * (x ^ g) + (x << 4) / (g | 1) - g * g; }
int (*once_ptr)(int) = once;
int __attribute__((noinline)) o(int v) { return once(v); }
int main(int argc, char **argv) { (void)argv; return a(argc) + b(argc, argc) + c(argc) + d(&argc, 1, argc) + e() + f(argc) + n(argc) + o(argc); }
C
# a header's function expanded twice in m.c and once in n.c
cat >"$d/h.h" <<'C'
extern volatile int g;
static inline __attribute__((always_inline)) int twice(int x) { return 2 * x + g; }
C
printf '#include "h.h"\nint __attribute__((noinline)) n(int v) { return twice(v); }\n' >"$d/n.c"
gcc -Os -g -o "$d/m" "$d/m.c" "$d/n.c" || fail "gcc could not build the test program"
# the expansions as readelf prints them: one DW_AT_high_pc (a length) each
origin=$(readelf --debug-dump=info "$d/m" | awk '/DW_TAG_subprogram/ { off = $1 } /DW_AT_name.*: scale$/ { print off; exit }' |
	sed 's/^<[0-9]*><\([0-9a-f]*\)>:$/\1/')
[ -n "$origin" ] || fail "readelf shows no DIE for scale()"
readelf --debug-dump=info "$d/m" | awk -v o="<0x$origin>" '
	/DW_TAG_/ { inl = /DW_TAG_inlined_subroutine/; mine = 0 }
	inl && /DW_AT_abstract_origin/ && $NF == o { mine = 1 }
	inl && mine && /DW_AT_ranges/ { print "ranges" }
	inl && mine && /DW_AT_high_pc/ { print $NF }' >"$d/lengths"
grep -q ranges "$d/lengths" && fail "an expansion of scale() has DW_AT_ranges; the test wants one range each"
sites=0 bytes=0 max=0
for len in $(cat "$d/lengths"); do
	sites=$((sites + 1)) bytes=$((bytes + len))
	[ $((len)) -le "$max" ] || max=$((len))
done
[ "$sites" = 5 ] || fail "readelf shows $sites expansions of scale(), not the 5 the program has"
"$d/tksize" candidates "$d" "$d/m" >"$d/out" || fail "tksize candidates exited $?"
cat "$d/out"
head -n 1 "$d/out" | grep -q '	max_site	const_sites	const_args	params	units_sites$' ||
	fail "the header does not end in max_site, const_sites, const_args, params and units_sites"
# each unit with expansions and how many, the most first
[ "$(awk -F'\t' '$3 == "twice" { print $16 }' "$d/out")" = m.c:2,n.c:1 ] ||
	fail "twice(): units_sites is '$(awk -F'\t' '$3 == "twice" { print $16 }' "$d/out")', not m.c:2,n.c:1"
[ "$(awk -F'\t' '$3 == "scale" { print $16 }' "$d/out")" = m.c:5 ] ||
	fail "scale(): units_sites is '$(awk -F'\t' '$3 == "scale" { print $16 }' "$d/out")', not m.c:5"
ok "units_sites: twice() m.c:2,n.c:1, scale() m.c:5"
row=$(awk -F'\t' '$3 == "scale" { print $4, $6, $12, $13, $14, $15 }' "$d/out")
[ "$row" = "5 $bytes $max 3 4 2" ] ||
	fail "scale(): sites bytes max_site const_sites const_args params are '$row', not '5 $bytes $max 3 4 2'"
ok "scale(): 5 expansions, $bytes bytes, the largest $max, 3 with a constant argument, 4 constant arguments of 2 parameters"
# the prediction, by docs/deinline.md's model worked by hand: no copy, so
# the body is the mean expansion plus a ret; a call of two register
# arguments is 5 + 3 + 2 x 2 bytes, each constant argument 3 more, and
# each of the 3 expansions with one 3/10 of a mean expansion
body=$((bytes / 5 + 1))
want=$((bytes - body - 5 * (5 + 3 + 2 * 2) - 4 * 3 - 3 * bytes * 3 / (10 * 5)))
got=$(awk -F'\t' '$3 == "scale" { print $10 " " $11 }' "$d/out")
[ "$got" = "$want $body" ] || fail "scale(): predicted and body are '$got', not the model's '$want $body'"
ok "scale(): predicted $want bytes, body $body, as the documented model gives"
# once(): one expansion and a live copy, which the model says saves
# nothing, where the second version's formula (its expansion's bytes less
# a 10-byte call: the copy's bytes come and go) would not
row=$(awk -F'\t' '$3 == "once" { print $4, $7, $10 }' "$d/out")
[ "$row" = "1 1 0" ] || fail "once(): sites copies predicted are '$row', not '1 1 0'"
once_bytes=$(awk -F'\t' '$3 == "once" { print $6 }' "$d/out")
[ "$once_bytes" -gt 20 ] || fail "once()'s expansion is $once_bytes bytes: too small for the formula to differ from 0"
ok "once(): one expansion ($once_bytes bytes) beside its copy, predicted 0"
rm -rf "$d"
