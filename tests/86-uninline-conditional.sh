# deinline/uninline move on a header function defined under #if: the
# header keeps a declaration in that branch and its other branches as they
# were; the home unit gets the definition under the same #if, #elif and
# #else lines (their earlier branches empty, the include guard and an
# #if closed before the definition left out).  Compiled and linked with
# gcc in each config: the shared definition exists exactly in the config
# whose branch was moved, and every config links and computes what the
# header did.  An #if on a macro the header #defines after the
# definition (the arch override pattern) is refused, as the home unit
# would read it otherwise.  A body with an #if on Kconfig symbols moves
# whole; one on a macro a unit may set is refused.  Comments hide no
# directive, and a header without a guard keeps its first #ifndef.  An
# #else without #elif reads #ifndef X (or #if !(...)) in the home unit,
# and the shared definition is notrace, as the kernel's inline was.
# timeout: 900
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch uninline-conditional)
gcc -O2 -Wall -o "$d/uninline" "$TOP/deinline/uninline.c" || fail "building uninline"
u=$d/uninline

mkdir -p "$d/pristine/include"
cat >"$d/pristine/include/foo.h" <<'H'
/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FOO_H
#define _FOO_H
#include <stddef.h>

#ifdef CONFIG_E
#define FOO_E 1
#endif
/*
#endif
 */

# if defined(CONFIG_A) && \
	defined(CONFIG_B)	/* A and B */
static inline int foo(int x)
{
	return x * 3 + 1;
}
#elif defined(CONFIG_C)
#ifdef CONFIG_D
#define FOO_D 1
#else
#define FOO_D 0
#endif
static inline int foo(int x)
{
	return x * 5;
}
#else /* neither */
static inline int foo(int x)
{
	return x;
}
#endif

static inline int baz(int x)
{
#if defined(CONFIG_A) || \
	defined(CONFIG_C)
	x += 100;
#else
	x -= 100;
#endif
	return x;
}

static inline int qux(int x)
{
#ifdef DEBUG
	x++;
#endif
	return x;
}

static inline int grault(int x)
{
#if defined(CONFIG_A) || \ 
	defined(DEBUG)
	x++;
#endif
	return x;
}

static inline int garply(int x)
{
#ifdef CONFIG_A
	if (x) {
#else
	if (!x) {
#endif
		x++;
#ifdef CONFIG_A
	}
#else
	}
#endif
	return x;
}

static inline int plugh(int x)
{
#ifdef CONFIG_A
	if (x) {
#else
	if (!x) {
#endif
		x++;
	}
	return x;
}

#define CALLER_ADDR0 ((unsigned long)__builtin_return_address(0))
static inline int thud(void)
{
	return (int)CALLER_ADDR0;
}

#ifdef HOME_FLAG
static inline int corge(int x)
{
	return x + 2;
}
#endif

#ifndef quux
#define quux quux
static inline int quux(int x)
{
	return x + 3;
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
int home_user(int x) { return foo(x) + baz(x); }
C
cat >"$d/pristine/other.c" <<'C'
#include <stdio.h>
#include "include/foo.h"
int home_user(int x);
int main(void) { printf("%d %d %d\n", foo(7), baz(7), home_user(8)); return 0; }
C
# where each definition's name is, as DWARF's decl_line gives it: the Nth
line_of() { grep -n "^static inline int $1(" "$d/pristine/include/foo.h" | sed -n "${2:-1}s/:.*//p"; }
# what each config computed before the change: foo(7), baz(7), foo(8) + baz(8)
run() {
	# shellcheck disable=SC2086
	gcc -O2 -Wall -Dnotrace= $2 -o "$d/prog" "$1/home.c" "$1/other.c" 2>"$d/cc.err" ||
		{ cat "$d/cc.err" >&2; fail "$1 does not build with '$2'"; }
	"$d/prog"
}
# the configs, one a line: each branch, CONFIG_A without B, and none
printf '%s\n' -DCONFIG_C '-DCONFIG_A -DCONFIG_B' -DCONFIG_A -DCONFIG_D -DCONFIG_NONE >"$d/configs"
while read -r c; do
	echo "$c: $(run "$d/pristine" "$c")"
done <"$d/configs" >"$d/before"
[ "$(wc -l <"$d/before")" = 5 ] || fail "not 5 configs built before the move"
expect_grep '^-DCONFIG_C: 35 107 148$' "$d/before" "the header's CONFIG_C branch"

# foo's second definition, in the #elif branch
cp -a "$d/pristine" "$d/moved"
"$u" move "$d/moved" include/foo.h "$(line_of foo 2)" foo home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move foo"; }
# the header's one change: that branch's body became the declaration
diff "$d/pristine/include/foo.h" "$d/moved/include/foo.h" | grep '^[<>]' >"$d/header.changes"
printf '%s\n' '< static inline int foo(int x)' '< {' '< 	return x * 5;' '< }' '> int foo(int x);' |
	diff -u - "$d/header.changes" || fail "the header changed otherwise than the #elif branch's foo() becoming its declaration"
cat >"$d/want.tail" <<'C'
int home_user(int x) { return foo(x) + baz(x); }

# if defined(CONFIG_A) && \
	defined(CONFIG_B)
#elif defined(CONFIG_C)
notrace int foo(int x)
{
	return x * 5;
}
#endif
C
tail -n 10 "$d/moved/home.c" | diff -u "$d/want.tail" - || fail "home.c's shared definition is not under the header's #if lines"
ok "the header keeps a declaration in the #elif branch; home.c holds the definition under #if/#elif, without the guard, CONFIG_E's #ifdef, the #endif in a comment, the branch's closed #ifdef CONFIG_D or the #if line's comment"

# baz(), whose body holds a continued #if on Kconfig symbols: it moves
# whole, directives and all, and every config gets its own branch of it
# from the one shared definition (its line is the pristine header's, as
# the advisor gives it after earlier changes: UNINLINE_PRISTINE)
UNINLINE_PRISTINE=$d/pristine "$u" move "$d/moved" include/foo.h "$(line_of baz)" baz home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move baz"; }
[ "$(grep -c '^int baz(int x);$' "$d/moved/include/foo.h")" = 1 ] || fail "the header has no declaration of baz()"
sed -n '/^notrace int baz(int x)$/,/^}$/p' "$d/moved/home.c" >"$d/baz.moved"
sed -n '/^static inline int baz(int x)$/,/^}$/p' "$d/pristine/include/foo.h" | sed 1s/'static inline '/'notrace '/ >"$d/baz.want"
diff -u "$d/baz.want" "$d/baz.moved" || fail "home.c's baz() is not the header's body, directives and all"
ok "baz(), a body with an #if on Kconfig symbols: moved whole"

while read -r c; do
	echo "$c: $(run "$d/moved" "$c")"
	if [ "$c" = -DCONFIG_C ]; then
		nm "$d/prog" | grep -q ' T foo$' || fail "with '$c' there is no shared foo()"
	elif nm "$d/prog" | grep -q ' T foo$'; then
		fail "with '$c' a shared foo() was compiled"
	fi
	nm "$d/prog" | grep -q ' T baz$' || fail "with '$c' there is no shared baz()"
done <"$d/configs" >"$d/after"
diff -u "$d/before" "$d/after" || fail "a config computes otherwise after the move"
ok "each of the 5 configs builds, links and computes what it did; a shared foo() only with CONFIG_C, a shared baz() in all"

# foo's third definition, in the #else branch: the home unit's copy is
# compiled exactly where neither earlier branch is taken
cp -a "$d/pristine" "$d/else"
"$u" move "$d/else" include/foo.h "$(line_of foo 3)" foo home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move foo (#else)"; }
cat >"$d/want.else" <<'C'
# if defined(CONFIG_A) && \
	defined(CONFIG_B)
#elif defined(CONFIG_C)
#else
notrace int foo(int x)
{
	return x;
}
#endif
C
tail -n 9 "$d/else/home.c" | diff -u "$d/want.else" - || fail "home.c's #else foo() is not under #if, #elif and #else"
while read -r c; do
	echo "$c: $(run "$d/else" "$c")"
	case $c in
	-DCONFIG_C|'-DCONFIG_A -DCONFIG_B')
		if nm "$d/prog" | grep -q ' T foo$'; then fail "with '$c' the #else foo() was compiled"; fi ;;
	*)	nm "$d/prog" | grep -q ' T foo$' || fail "with '$c' there is no shared foo()" ;;
	esac
done <"$d/configs" >"$d/after.else"
diff -u "$d/before" "$d/after.else" || fail "a config computes otherwise after the #else move"
ok "the #else branch's foo(): under #if, #elif and #else in home.c, shared in the 3 configs that take it, and each config computes what it did"

# a header without an include guard, whose first #if is an #ifndef: that
# #if is a condition like any other, kept in the home unit
mkdir -p "$d/unguarded/include"
cat >"$d/unguarded/include/waldo.h" <<'H'
#ifndef CONFIG_G
static inline int waldo(int x)
{
	return x + 7;
}
#else
static inline int waldo(int x)
{
	return x - 7;
}
#endif
H
cp "$d/unguarded/include/waldo.h" "$d/pristine.waldo.h"
printf '#include "include/waldo.h"\nint home_user(int x) { return waldo(x); }\n' >"$d/unguarded/home.c"
printf '#include <stdio.h>\n#include "include/waldo.h"\nint home_user(int x);\nint main(void) { printf("%%d %%d\\n", waldo(1), home_user(2)); return 0; }\n' >"$d/unguarded/other.c"
for c in -DCONFIG_G -DCONFIG_NONE; do echo "$c: $(run "$d/unguarded" "$c")"; done >"$d/before.unguarded"
"$u" move "$d/unguarded" include/waldo.h 2 waldo home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move waldo"; }
[ "$(sed -n '4p' "$d/unguarded/home.c")" = '#ifndef CONFIG_G' ] && [ "$(tail -n 1 "$d/unguarded/home.c")" = '#endif' ] ||
	{ cat "$d/unguarded/home.c" >&2; fail "waldo() in home.c is not under #ifndef CONFIG_G"; }
for c in -DCONFIG_G -DCONFIG_NONE; do echo "$c: $(run "$d/unguarded" "$c")"; done >"$d/after.unguarded"
diff -u "$d/before.unguarded" "$d/after.unguarded" || fail "a config computes otherwise after moving waldo()"
ok "a header without a guard: its first #ifndef stays a condition; both configs compute what they did"

# the #else branch of a lone #ifndef, and of a continued #if: home.c says
# #ifdef CONFIG_G and #if !(...), as a patch would, not an empty branch
# and #else
cat >"$d/unguarded/include/fred.h" <<'H'
#if defined(CONFIG_G) || \
	defined(CONFIG_H)
static inline int fred(int x)
{
	return x * 11;
}
#else
static inline int fred(int x)
{
	return x * 13;
}
#endif
H
printf '#include "include/waldo.h"\n#include "include/fred.h"\nint home_user(int x) { return waldo(x) + fred(x); }\n' >"$d/unguarded/home.c"
printf '#include <stdio.h>\n#include "include/waldo.h"\n#include "include/fred.h"\nint home_user(int x);\nint main(void) { printf("%%d %%d %%d\\n", waldo(1), fred(1), home_user(2)); return 0; }\n' >"$d/unguarded/other.c"
cp -a "$d/unguarded" "$d/inverted"
rm -f "$d/inverted/include/waldo.h"
cp "$d/pristine.waldo.h" "$d/inverted/include/waldo.h"
for c in -DCONFIG_G -DCONFIG_H -DCONFIG_NONE; do echo "$c: $(run "$d/inverted" "$c")"; done >"$d/before.inverted"
"$u" move "$d/inverted" include/waldo.h 7 waldo home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move waldo (#else)"; }
"$u" move "$d/inverted" include/fred.h 8 fred home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move fred (#else)"; }
cat >"$d/want.inverted" <<'C'
#ifdef CONFIG_G
notrace int waldo(int x)
{
	return x - 7;
}
#endif

#if !(defined(CONFIG_G) || \
	defined(CONFIG_H))
notrace int fred(int x)
{
	return x * 13;
}
#endif
C
tail -n 14 "$d/inverted/home.c" | diff -u "$d/want.inverted" - || fail "home.c's #else definitions are not under #ifdef CONFIG_G and #if !(...)"
for c in -DCONFIG_G -DCONFIG_H -DCONFIG_NONE; do echo "$c: $(run "$d/inverted" "$c")"; done >"$d/after.inverted"
diff -u "$d/before.inverted" "$d/after.inverted" || fail "a config computes otherwise after moving the #else waldo() and fred()"
ok "an #else without #elif: home.c says #ifdef CONFIG_G and #if !(...); the 3 configs compute what they did"

# refused, naming why, and nothing changed: an #ifndef on a macro the
# header #defines (after the definition, and before it: the arch override
# pattern), one the home unit #defines, a body's #if on a macro a unit
# may set (DEBUG; once on a line a backslash and a blank continue), a
# body whose braces an #if splits, and one that reads the frame it is
# expanded in
printf '#define HOME_FLAG 1\n#include "include/foo.h"\n' >"$d/pristine/flagged.c"
refused() {
	rm -rf "$d/refused"
	cp -a "$d/pristine" "$d/refused"
	if "$u" move "$d/refused" include/foo.h "$(line_of "$1")" "$1" "${3:-home.c}" 2>"$d/refused.err"; then
		fail "uninline moved $1()"
	fi
	expect_grep "^uninline: include/foo.h:$(line_of "$1") $1\(\): $2$" "$d/refused.err" "the refusal of $1()"
	diff -r "$d/pristine" "$d/refused" >/dev/null || fail "the refused move of $1() changed a file"
}
refused bar 'bar\(\) is under an #if on bar, which its header #defines'
refused quux 'quux\(\) is under an #if on quux, which its header #defines'
refused corge 'corge\(\) is under an #if on HOME_FLAG, which its home unit #defines' flagged.c
refused qux 'qux\(\) has an #if in its body on DEBUG, which a unit may set otherwise'
refused grault 'grault\(\) has an #if in its body on DEBUG, which a unit may set otherwise'
refused garply 'garply\(\) has braces that an #if in its body splits'
refused plugh 'unbalanced body of plugh\(\)'
refused thud 'thud\(\) uses CALLER_ADDR0, which reads the frame it is expanded in'
ok "refused, nothing changed: #ifndef bar and quux (#defined after and before), HOME_FLAG (#defined by the home unit), #ifdef DEBUG in a body, DEBUG on a continued line, braces an #if splits (balanced over both branches, or not), CALLER_ADDR0 (the frame it is expanded in)"

# a .c file's function: letgcc turns inline into notrace (no blank left at
# a line's end), and keeps one notrace where there was one
mkdir -p "$d/c"
printf 'static inline\nint a(int x)\n{\n\treturn x;\n}\nstatic __inline__ notrace int b(int x)\n{\n\treturn x;\n}\n' >"$d/c/f.c"
"$u" letgcc "$d/c" f.c 2 a && "$u" letgcc "$d/c" f.c 6 b || fail "uninline letgcc"
[ "$(sed -n '1p;6p' "$d/c/f.c")" = "static notrace
static notrace int b(int x)" ] || { cat -A "$d/c/f.c" >&2; fail "letgcc did not write 'static notrace' for a() and b()"; }
ok "letgcc: 'static inline' at a line's end and 'static __inline__ notrace' each become one notrace"

# move ... export: EXPORT_SYMBOL_GPL() right after the shared definition,
# inside the header's #if lines, as checkpatch wants it; without the word,
# none
for how in export plain; do
	rm -rf "$d/exp"
	mkdir -p "$d/exp/include"
	cp "$d/pristine.waldo.h" "$d/exp/include/waldo.h"
	printf '#include "include/waldo.h"\n' >"$d/exp/home.c"
	"$u" move "$d/exp" include/waldo.h 7 waldo home.c $([ "$how" = plain ] || echo export) 2>"$d/move.err" ||
		{ cat "$d/move.err" >&2; fail "uninline move waldo ($how)"; }
	{
		printf '#include "include/waldo.h"\n\n#ifdef CONFIG_G\nnotrace int waldo(int x)\n{\n\treturn x - 7;\n}\n'
		[ "$how" = plain ] || printf 'EXPORT_SYMBOL_GPL(waldo);\n'
		printf '#endif\n'
	} | diff -u - "$d/exp/home.c" || fail "move ($how): home.c is not the definition under #ifdef CONFIG_G$([ "$how" = plain ] || echo ", EXPORT_SYMBOL_GPL(waldo) after it")"
	grep -q EXPORT_SYMBOL "$d/exp/include/waldo.h" && fail "move ($how): the header got an EXPORT_SYMBOL"
	# compiled and run in both configs, the export a declaration here
	printf '#include <stdio.h>\n#include "include/waldo.h"\nint main(void) { printf("%%d\\n", waldo(1)); return 0; }\n' >"$d/exp/other.c"
	for c in -DCONFIG_G -DCONFIG_NONE; do
		gcc $c -Dnotrace= '-DEXPORT_SYMBOL_GPL(x)=extern int x##_exported' -o "$d/exp/prog" \
			"$d/exp/home.c" "$d/exp/other.c" || fail "move ($how): $c does not build"
		echo "$c $("$d/exp/prog")"
	done >"$d/exp.out"
	printf -- '-DCONFIG_G -6\n-DCONFIG_NONE 8\n' | diff -u - "$d/exp.out" || fail "move ($how): a config computes otherwise"
done
cp "$d/pristine.waldo.h" "$d/exp/include/waldo.h"
printf '#include "include/waldo.h"\n' >"$d/exp/home.c"
set +e
"$u" move "$d/exp" include/waldo.h 7 waldo home.c exprot 2>"$d/exprot.err"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q '^usage: ' "$d/exprot.err" || fail "uninline move ... exprot: exit $rc, not its usage (2)"
cmp -s "$d/pristine.waldo.h" "$d/exp/include/waldo.h" && [ "$(cat "$d/exp/home.c")" = '#include "include/waldo.h"' ] ||
	fail "uninline move ... exprot changed a file"
ok "move ... export: EXPORT_SYMBOL_GPL(waldo) after the definition, inside the #if, both configs computing as before; none without it; a misspelt word refused, nothing changed"

# a prototype written "struct s * p" (poll_wait() in 6.1's poll.h) moves
# as kernel style writes it, "struct s *p", in the declaration and the
# definition: checkpatch's POINTER_LOCATION error otherwise; the body's
# "a * b" stays
mkdir -p "$d/ptr/include"
printf 'struct s { int x; };\nstatic inline int ptr(struct s * p, int * q)\n{\n\treturn p->x * *q;\n}\n' >"$d/ptr/include/ptr.h"
printf '#include "include/ptr.h"\n' >"$d/ptr/home.c"
"$u" move "$d/ptr" include/ptr.h 2 ptr home.c 2>"$d/move.err" || { cat "$d/move.err" >&2; fail "uninline move ptr"; }
grep -qx 'int ptr(struct s \*p, int \*q);' "$d/ptr/include/ptr.h" || { cat "$d/ptr/include/ptr.h" >&2; fail "the declaration of ptr() is not 'int ptr(struct s *p, int *q);'"; }
grep -qx 'notrace int ptr(struct s \*p, int \*q)' "$d/ptr/home.c" && grep -qxF '	return p->x * *q;' "$d/ptr/home.c" ||
	{ cat "$d/ptr/home.c" >&2; fail "home.c's ptr() is not tidied in its prototype alone"; }
ok "a prototype's 'struct s * p' becomes 'struct s *p' in the declaration and the definition; the body's 'p->x * *q' stays"
