# deinline/uninline move on a header function defined under #if: the
# header keeps a declaration in that branch and its other branches as they
# were; the home unit gets the definition under the same #if, #elif and
# #else lines (their earlier branches empty, the include guard and an
# #if closed before the definition left out).  Compiled and linked with
# gcc in each config: the shared definition exists exactly in the config
# whose branch was moved, and every config links and computes what the
# header did.  An #if on a macro the header #defines after the
# definition (the arch override pattern) is refused, as the home unit
# would read it otherwise; so is a move out of a .c file.
. "$(dirname "$0")/lib.sh"
d=$(scratch uninline-conditional)
gcc -O2 -Wall -o "$d/uninline" "$TOP/deinline/uninline.c" || fail "building uninline"
u=$d/uninline

mkdir -p "$d/pristine/include"
cat >"$d/pristine/include/foo.h" <<'H'
/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FOO_H
#define _FOO_H

#ifdef CONFIG_E
#define FOO_E 1
#endif

#if defined(CONFIG_A) && \
	defined(CONFIG_B)
static inline int foo(int x)
{
	return x * 3 + 1;
}
#elif defined(CONFIG_C)
static inline int foo(int x)
{
	return x * 5;
}
#else
#ifdef CONFIG_D
#define FOO_D 1
#endif
static inline int foo(int x)
{
	return x;
}
#endif

#ifndef bar
static inline int bar(int x)
{
	return x - 1;
}
#define bar bar
#endif

#endif
H
cat >"$d/pristine/home.c" <<'C'
#include "include/foo.h"
int home_user(int x) { return foo(x); }
C
cat >"$d/pristine/other.c" <<'C'
#include <stdio.h>
#include "include/foo.h"
int home_user(int x);
int main(void) { printf("%d %d\n", foo(7), home_user(8)); return 0; }
C
# what each config computed before the change: foo(7), foo(8)
run() {
	# shellcheck disable=SC2086
	gcc -O2 -Wall $2 -o "$d/prog" "$1/home.c" "$1/other.c" 2>"$d/cc.err" ||
		{ cat "$d/cc.err" >&2; fail "$1 does not build with '$2'"; }
	"$d/prog"
}
# the configs, one a line: each branch, CONFIG_A without B, and none
printf '%s\n' -DCONFIG_C '-DCONFIG_A -DCONFIG_B' -DCONFIG_A -DCONFIG_D -DCONFIG_NONE >"$d/configs"
while read -r c; do
	echo "$c: $(run "$d/pristine" "$c")"
done <"$d/configs" >"$d/before"
[ "$(wc -l <"$d/before")" = 5 ] || fail "not 5 configs built before the move"
expect_grep '^-DCONFIG_C: 35 40$' "$d/before" "the header's CONFIG_C branch"

# foo's second definition, in the #elif branch (line 16 is its name)
cp -a "$d/pristine" "$d/moved"
"$u" move "$d/moved" include/foo.h 16 foo home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move foo"; }
sed -n '/^#elif defined(CONFIG_C)$/,/^#else$/p' "$d/moved/include/foo.h" >"$d/branch"
[ "$(sed -n 2p "$d/branch")" = "int foo(int x);" ] && [ "$(wc -l <"$d/branch")" = 3 ] ||
	{ cat "$d/branch" >&2; fail "the header's #elif branch is not the declaration alone"; }
for body in 'return x \* 3 + 1;' 'return x;'; do
	[ "$(grep -c "^	$body\$" "$d/moved/include/foo.h")" = 1 ] || fail "the header lost its other branch '$body'"
done
cat >"$d/want.tail" <<'C'
int home_user(int x) { return foo(x); }

#if defined(CONFIG_A) && \
	defined(CONFIG_B)
#elif defined(CONFIG_C)
int foo(int x)
{
	return x * 5;
}
#endif
C
tail -n 10 "$d/moved/home.c" | diff -u "$d/want.tail" - || fail "home.c's shared definition is not under the header's #if lines"
ok "the header keeps a declaration in the #elif branch; home.c holds the definition under #if/#elif, without the guard, CONFIG_E's #ifdef or CONFIG_D's"

while read -r c; do
	echo "$c: $(run "$d/moved" "$c")"
	if [ "$c" = -DCONFIG_C ]; then
		nm "$d/prog" | grep -q ' T foo$' || fail "with '$c' there is no shared foo()"
	elif nm "$d/prog" | grep -q ' T foo$'; then
		fail "with '$c' a shared foo() was compiled"
	fi
done <"$d/configs" >"$d/after"
diff -u "$d/before" "$d/after" || fail "a config computes otherwise after the move"
ok "each of the 5 configs builds, links and computes what it did; a shared foo() only with CONFIG_C"

# the arch override pattern: refused, naming the macro
cp -a "$d/pristine" "$d/bar"
if "$u" move "$d/bar" include/foo.h 31 bar home.c 2>"$d/bar.err"; then
	fail "uninline moved bar(), whose #ifndef bar the header #defines after it"
fi
expect_grep '^uninline: include/foo.h:31 bar\(\): bar\(\) is under an #if on bar, which its header #defines after it$' "$d/bar.err" "the refusal"
cmp -s "$d/pristine/include/foo.h" "$d/bar/include/foo.h" && cmp -s "$d/pristine/home.c" "$d/bar/home.c" ||
	fail "the refused move changed a file"
ok "an #ifndef on a macro the header #defines after it: refused, nothing changed"
