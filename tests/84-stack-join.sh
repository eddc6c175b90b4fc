# measure/: a frame counts only when its own function is in the image.
# Two objects with the same file name (d1/util.c, d2/util.c) each have a
# static helper() with a different frame; the linker's --gc-sections drops
# d2's.  A static clash() in d2 shares its name with a live global in
# main.c.  The two helpers have code of the same size (only a constant
# differs), so neither name nor size tells them apart.  A join by name alone
# would count d2's frames for d1's helper and main's clash; tksize must
# count only the live ones.  The objects are
# gathered by kbuild/stack-usage.sh from a thin vmlinux.a, as for a kernel,
# and in both link orders, so that the order of the objects decides nothing.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch stack-join)
make -s -C "$TOP/measure" O="$d" >/dev/null
tk=$d/tksize
tab=$(printf '\t')

mkdir -p "$d/obj/d1" "$d/obj/d2"
cat >"$d/obj/d1/util.c" <<'C'
static int __attribute__((noinline, noclone)) helper(int x) { volatile char buf[300]; buf[x] = 1; return buf[x + 1]; }
int api1(int x) { return helper(x); }
C
cat >"$d/obj/d2/util.c" <<'C'
static int __attribute__((noinline, noclone)) helper(int x) { volatile char buf[600]; buf[x] = 1; return buf[x + 1]; }
static int __attribute__((noinline, noclone)) clash(int x) { volatile char buf[900]; buf[x] = 3; return buf[x + 3]; }
int unused2(int x) { return helper(x) + clash(x); }
C
cat >"$d/obj/main.c" <<'C'
int api1(int);
int __attribute__((noinline, noclone)) clash(int x) { volatile char buf[40]; buf[x] = 2; return buf[x + 1]; }
int main(int c, char **v) { (void)v; return api1(c) + clash(c); }
C
for f in d1/util d2/util main; do
	gcc -O2 -fstack-usage -ffunction-sections -c -o "$d/obj/$f.o" "$d/obj/$f.c"
done
# the frames gcc wrote, by object and function
frame() { awk -F'\t' -v n="$2" '{ f = $1; sub(/.*:/, "", f) } f == n { print $2 }' "$d/obj/$1.su"; }
h1=$(frame d1/util helper) h2=$(frame d2/util helper) c2=$(frame d2/util clash) cm=$(frame main clash)
[ "$h2" -gt "$h1" ] && [ "$c2" -gt "$h2" ] && [ "$cm" -lt "$h1" ] ||
	fail "the test's frames are not ordered as it needs: helper $h1 $h2, clash $c2 $cm"
hsize() { readelf -sW "$d/obj/$1.o" | awk '$8 == "helper" { print $3 }'; }
[ "$(hsize d1/util)" = "$(hsize d2/util)" ] || fail "the two helpers' code differs in size: $(hsize d1/util) $(hsize d2/util)"
want_sum=$(( h1 + $(frame d1/util api1) + cm + $(frame main main) ))

for order in "main.o d1/util.o d2/util.o" "main.o d2/util.o d1/util.o"; do
	k=$d/k-$(echo "$order" | tr ' /' '-_')
	mkdir -p "$k"
	ln -s "$d/obj" "$k/obj"
	(cd "$d/obj" && rm -f vmlinux.a && ar rcT vmlinux.a $order)
	(cd "$d/obj" && gcc -Wl,--gc-sections -o "$k/vmlinux" $order)
	nm "$k/vmlinux" | grep -q ' t helper$' || fail "the test's program lost d1's helper"
	[ "$(nm "$k/vmlinux" | grep -c ' t helper$')" = 1 ] || fail "the linker kept both helpers"
	"$TOP/kbuild/stack-usage.sh" "$k/obj" "$d/obj" >"$k/stack.su"
	[ "$(grep -c '^# object ' "$k/stack.su")" = 3 ] || { cat "$k/stack.su"; fail "stack.su does not name 3 objects"; }
	grep -q "^d2/util.c:[0-9]*:[0-9]*:helper$tab$h2$tab" "$k/stack.su" || fail "d2's helper frame is not in stack.su"
	"$tk" stack "$k" >"$k/out.txt" || fail "tksize stack failed"
	cat "$k/out.txt"
	set -- $(head -n 1 "$k/out.txt")
	[ "$2" = 4 ] || fail "link order $order: $2 functions, want 4 (main, api1, d1's helper, main's clash)"
	[ "$3" = "$h1" ] || fail "link order $order: largest frame $3, want d1's helper $h1 (d2's $h2 and its clash $c2 were dropped)"
	[ "$4" = "$want_sum" ] || fail "link order $order: sum $4, want $want_sum"
	sed -n 2p "$k/out.txt" | grep -q " helper .* d1/util.c:" || fail "the largest frame is not d1/util.c's helper"
	ok "link order $order: 4 live frames, sum $want_sum, largest $h1 (d1/util.c helper); d2's $h2 and $c2 not counted"
done

# stack.su from before the object lines: named, not silently joined by name
printf 'main.c:2:5:main\t16\tstatic\n' >"$k/stack.su"
if "$tk" stack "$k" >/dev/null 2>"$d/old.err"; then fail "a stack.su without object lines was accepted"; fi
expect_grep "^tksize: $k/stack.su:1: a frame before any '# object' line" "$d/old.err" "old stack.su"
ok "a stack.su without object lines is refused, naming file and line"
