// SPDX-License-Identifier: GPL-2.0
/*
 * uninline: make one change of the de-inlining advisor to one function
 * definition in a kernel tree, the way a kernel patch would make it.
 *
 *   uninline check    TREE FILE LINE NAME       can it be changed, and how
 *   uninline letgcc   TREE FILE LINE NAME       `inline` becomes `notrace` (a .c file)
 *   uninline noinline TREE FILE LINE NAME       `inline` becomes `noinline notrace`
 *   uninline move     TREE FILE LINE NAME HOME [export]
 *                                               one shared definition in HOME
 *
 * FILE and HOME are relative to TREE; LINE and NAME come from the DWARF
 * (DW_AT_decl_line of the definition).  `move` leaves a declaration in
 * FILE (a header) where the definition was, and appends the definition,
 * without `static inline`, to HOME (a .c file linked into vmlinux that
 * includes FILE): what "uninline foo()" patches do.  A definition under
 * #if keeps its declaration in its branch, and goes to HOME under the same
 * #if lines (see conditions()).  With `export`, EXPORT_SYMBOL_GPL() follows
 * it, for the modules that called the header's inline (the caller knows
 * which: deinline/rank.sh); a kernel without modules compiles it to
 * nothing.
 *
 * With UNINLINE_PRISTINE=DIR, LINE is a line of DIR/FILE, the tree the
 * kernel was built from: earlier changes may have moved the definition.
 *
 * Every out-of-line copy it makes stays notrace: the kernel's `inline`
 * carries notrace (compiler_types.h), and code the tracer must not enter
 * (trace clocks, NMI-safe time) calls such functions.
 *
 * It refuses, with a one-line reason and exit 1, what it must not or
 * cannot change: __always_inline (noinstr, constant folding and asm
 * constraints depend on it), a function not declared inline at that
 * line, one a macro defines, one whose text it cannot match, one that
 * reads the frame it is expanded in (reads_frame()).
 * Files are written whole to a temporary file and renamed.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *where;	/* FILE:LINE NAME, for messages */

static void __attribute__((noreturn, format(printf, 1, 2))) refuse(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "uninline: %s: ", where);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		refuse("%s: %s", path, strerror(errno));
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		refuse("%s: cannot read it", path);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Write PATH as the concatenation of N (pointer, length) pieces. */
static void spill(const char *path, int n, ...)
{
	char tmp[4096];
	struct stat st;
	va_list ap;
	FILE *f;
	int i;

	snprintf(tmp, sizeof(tmp), "%s.uninline.tmp", path);
	f = fopen(tmp, "wb");
	if (!f)
		refuse("%s: %s", tmp, strerror(errno));
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		const char *p = va_arg(ap, const char *);
		size_t len = va_arg(ap, size_t);

		if (fwrite(p, 1, len, f) != len)
			refuse("%s: %s", tmp, strerror(errno));
	}
	va_end(ap);
	if (!stat(path, &st))
		fchmod(fileno(f), st.st_mode & 07777);
	if (fclose(f) || rename(tmp, path))
		refuse("%s: %s", path, strerror(errno));
}

static int is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Skip a comment, string or character literal at P; else return P. */
static const char *skip_lexeme(const char *p, const char *end)
{
	if (p + 1 < end && p[0] == '/' && p[1] == '*') {
		const char *q = strstr(p + 2, "*/");

		return q ? q + 2 : end;
	}
	if (p + 1 < end && p[0] == '/' && p[1] == '/') {
		while (p < end && *p != '\n')
			p++;
		return p;
	}
	if (*p == '"' || *p == '\'') {
		char quote = *p++;

		while (p < end && *p != quote) {
			if (*p == '\\' && p + 1 < end)
				p++;
			p++;
		}
		return p < end ? p + 1 : end;
	}
	return p;
}

/* The bracket matching the OPEN at P, or NULL. */
static const char *match(const char *p, const char *end, char open, char close)
{
	int depth = 0;

	while (p < end) {
		const char *q = skip_lexeme(p, end);

		if (q != p) {
			p = q;
			continue;
		}
		if (*p == open)
			depth++;
		else if (*p == close && --depth == 0)
			return p;
		p++;
	}
	return NULL;
}

/* Does the word W occur, whole, in [P, END)? Returns where, or NULL. */
static const char *word(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	const char *s;

	for (s = p; s + n <= end; s++)
		if (!strncmp(s, w, n) && (s == p || !is_ident(s[-1])) &&
		    (s + n == end || !is_ident(s[n])))
			return s;
	return NULL;
}

struct definition {
	const char *start;	/* first byte of the declaration specifiers */
	const char *name;	/* the function's name */
	const char *open;	/* the body's '{' */
	const char *close;	/* its '}' */
	const char *inl;	/* the inline keyword in the specifiers */
	size_t inl_len;
};

/*
 * Find NAME's definition at LINE of BUF: the name (on LINE or the few
 * lines after it), its specifiers back to the end of the statement or
 * directive before, its parameter list, and its body.
 */
static struct definition find(const char *buf, size_t len, long line, const char *name)
{
	const char *end = buf + len, *p = buf, *s, *q;
	static const char *const inlines[] = { "inline", "__inline__", "__inline" };
	struct definition d = { 0 };
	size_t n = strlen(name);
	long l;
	int i;

	for (l = 1; l < line && p < end; p++)
		if (*p == '\n')
			l++;
	if (l != line)
		refuse("the file has no line %ld", line);
	for (s = p; s < end && s < p + 400; s++)
		if (!strncmp(s, name, n) && (s == buf || !is_ident(s[-1])) && !is_ident(s[n])) {
			q = s + n;
			while (q < end && isspace((unsigned char)*q))
				q++;
			if (*q == '(')
				break;
		}
	if (s >= end || s >= p + 400)
		refuse("no definition of %s() at that line (a macro defines it?)", name);
	d.name = s;
	/* back over the specifiers: to the line after a ';', '}', '{', a
	 * comment's end, a directive or a blank line */
	d.start = s;
	while (d.start > buf && d.start[-1] != '\n')
		d.start--;
	for (;;) {
		const char *prev = d.start, *t;

		if (prev == buf)
			break;
		prev--;		/* the '\n' ending the line before */
		while (prev > buf && prev[-1] != '\n')
			prev--;
		const char *lead = prev;

		for (t = d.start - 1; t > prev && isspace((unsigned char)t[-1]); t--)
			;
		while (lead < t && isspace((unsigned char)*lead))
			lead++;
		/* a blank line, a directive, a comment line, or one that ends a
		 * statement, a block, a comment or a macro's line */
		if (t == prev || *lead == '#' || *lead == '*' || !strncmp(lead, "//", 2) ||
		    !strncmp(lead, "/*", 2) || strchr(";{}\\/", t[-1]))
			break;
		d.start = prev;
	}
	while (d.start < s && isspace((unsigned char)*d.start))
		d.start++;
	for (q = d.start; q < s; q++) {
		const char *w = q;

		if (*q == '(') {	/* only __attribute__((..)) and __attr(..) */
			while (w > d.start && isspace((unsigned char)w[-1]))
				w--;
			while (w > d.start && is_ident(w[-1]))
				w--;
			if (strncmp(w, "__", 2) || !(q = match(q, s, '(', ')')))
				refuse("cannot tell where the definition of %s() starts", name);
		} else if (strchr("#;{}=", *q)) {
			refuse("cannot tell where the definition of %s() starts", name);
		}
	}
	/* forward: the parameters, attributes, then the body */
	q = s + n;
	while (q < end && *q != '(')
		q++;
	q = match(q, end, '(', ')');
	if (!q)
		refuse("unbalanced parameter list of %s()", name);
	for (q++; q < end && *q != '{'; q++) {
		const char *after = skip_lexeme(q, end);

		if (after != q) {	/* a comment between the ')' and the body */
			q = after - 1;
			continue;
		}
		if (*q == ';')
			refuse("%s() at that line is a declaration, not a definition", name);
		if (*q == '(' && !(q = match(q, end, '(', ')')))
			refuse("unbalanced attribute after %s()", name);
	}
	if (q >= end)
		refuse("no body of %s()", name);
	d.open = q;
	d.close = match(q, end, '{', '}');
	if (!d.close)
		refuse("unbalanced body of %s()", name);
	if (word(d.start, s, "__always_inline") || word(d.start, s, "always_inline") ||
	    word(d.start, s, "__always_inline__"))
		refuse("%s() is __always_inline: never changed", name);
	for (i = 0; i < 3 && !d.inl; i++)
		if ((d.inl = word(d.start, s, inlines[i])))
			d.inl_len = strlen(inlines[i]);
	if (!d.inl)
		refuse("%s() is not declared inline at that line", name);
	return d;
}

/*
 * A header that #undefs a macro after its functions use it (kernel/irq/
 * debug.h's ___P) leaves a moved body that cannot compile in its new unit.
 */
static void refuse_undefined_macros(const char *buf, const struct definition *d, const char *name)
{
	const char *p = buf;

	while ((p = strstr(p, "#undef"))) {
		const char *m = p + 6, *e;
		char macro[128];

		while (*m == ' ' || *m == '\t')
			m++;
		for (e = m; is_ident(*e); e++)
			;
		p = e;
		if (e == m || (size_t)(e - m) >= sizeof(macro))
			continue;
		memcpy(macro, m, (size_t)(e - m));
		macro[e - m] = '\0';
		if (word(d->open, d->close, macro))
			refuse("%s() uses the macro %s, which its header #undefs", name, macro);
	}
}

/* READ_ONCE() and WRITE_ONCE() are volatile accesses: no static in them */
static int volatile_access(const char *p, const char *e)
{
	static const char *const names[] = { "READ_ONCE", "WRITE_ONCE", "__READ_ONCE", "__WRITE_ONCE" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((size_t)(e - p) == strlen(names[i]) && !strncmp(p, names[i], (size_t)(e - p)))
			return 1;
	return 0;
}

/*
 * Macros that hide a static local: the *ONCE* ones (WARN_ON_ONCE(),
 * pr_warn_once(), DO_ONCE_LITE_IF(), VM_WARN_ON_ONCE_FOLIO()) but the two
 * volatile accesses, the rate-limited printers, dynamic debug's dev_dbg(),
 * and those built on them under another name.
 */
static int hides_static(const char *p, const char *e)
{
	static const char *const named[] = { "WARN_ON_FPU", "RCU_LOCKDEP_WARN", "dev_dbg", "dev_vdbg",
					     "print_hex_dump_debug", "dynamic_pr_debug", "dynamic_dev_dbg" };
	char w[128];
	size_t i, n = (size_t)(e - p);

	if (n >= sizeof(w))
		return 0;
	memcpy(w, p, n);
	w[n] = '\0';
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (!strcmp(w, named[i]))
			return 1;
	return ((strstr(w, "ONCE") || strstr(w, "once")) && !volatile_access(p, e)) || strstr(w, "ratelimit");
}

/* Is the identifier [P, E) one for which TEST says yes? */
typedef int (*ident_test)(const char *p, const char *e);

/* The first identifier of D's body that TEST picks (*E its end), or NULL. */
static const char *body_ident(const struct definition *d, ident_test test, const char **end)
{
	const char *p = d->open;

	while (p < d->close) {
		const char *q = skip_lexeme(p, d->close), *e;

		if (q != p) {
			p = q;
			continue;
		}
		if (!is_ident(*p) || (p > d->open && is_ident(p[-1]))) {
			p++;
			continue;
		}
		for (e = p; e < d->close && is_ident(*e); e++)
			;
		if (test(p, e)) {
			*end = e;
			return p;
		}
		p = e;
	}
	return NULL;
}

static int unit_bound(const char *p, const char *e)
{
	return (e - p == 6 && !strncmp(p, "static", 6)) || !strncmp(p, "pr_", 3) || hides_static(p, e);
}

/*
 * What a body moved to another unit must not hold: a static local (and
 * the macros that hide one, hides_static()) would become one shared copy
 * where each unit had its own, and pr_*() would take the new unit's
 * pr_fmt.
 */
static void refuse_unit_bound_body(const struct definition *d, const char *name)
{
	const char *e, *p = body_ident(d, unit_bound, &e);

	if (p)
		refuse("%s() uses %.*s, which means something else in another unit", name, (int)(e - p), p);
}

/*
 * The builtins and macros that read the frame or return address of the
 * function they are expanded in, and the kernel's helpers built on them:
 * out of line they would read the new function's own frame, gone once it
 * returns (unwind_start()'s first frame, perf_fetch_caller_regs()'s ip
 * and sp, lockdep's _RET_IP_ naming the caller).
 */
static int reads_frame(const char *p, const char *e)
{
	static const char *const named[] = { "__builtin_frame_address", "__builtin_return_address", "_THIS_IP_",
					     "_RET_IP_", "current_stack_pointer", "get_stack_pointer",
					     "perf_arch_fetch_caller_regs" };
	size_t i, n = (size_t)(e - p);

	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (n == strlen(named[i]) && !strncmp(p, named[i], n))
			return 1;
	return n > 11 && !strncmp(p, "CALLER_ADDR", 11);
}

static void refuse_frame_reader(const struct definition *d, const char *name)
{
	const char *e, *p = body_ident(d, reads_frame, &e);

	if (p)
		refuse("%s() uses %.*s, which reads the frame it is expanded in", name, (int)(e - p), p);
}

/*
 * BUF with its comments turned to spaces, newlines kept, so that every
 * offset is BUF's: directives are read on it, and a #endif in a comment,
 * or a directive's trailing comment, counts for nothing.
 */
static char *blank_comments(const char *buf)
{
	size_t len = strlen(buf);
	char *out = strdup(buf), *p;

	if (!out)
		exit(2);
	for (p = out; *p; ) {
		const char *q = skip_lexeme(buf + (p - out), buf + len);

		if (q == buf + (p - out)) {
			p++;
			continue;
		}
		if (*p == '/')		/* a comment, not a literal */
			for (; p < out + (q - buf); p++)
				if (*p != '\n')
					*p = ' ';
		p = out + (q - buf);
	}
	return out;
}

/*
 * The end of the logical line at P: its '\n' (or the string's end), past
 * the lines a backslash continues it on, as gcc reads them (a backslash,
 * then blanks, then the newline).
 */
static const char *line_end(const char *p)
{
	for (;;) {
		const char *e = strchr(p, '\n'), *b;

		if (!e)
			return p + strlen(p);
		for (b = e; b > p && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		if (b > p && b[-1] == '\\') {
			p = e + 1;
			continue;
		}
		return e;
	}
}

/* The directive at line P ("if", "define"...), or NULL; *ARGS after it. */
static const char *directive(const char *p, const char *end, const char **args)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || *p != '#')
		return NULL;
	for (p++; *p == ' ' || *p == '\t'; p++)
		;
	for (*args = p; is_ident(**args); (*args)++)
		;
	return p;
}

/* Is the directive at D (up to ARGS) the word W? */
static int is_directive(const char *d, const char *args, const char *w)
{
	return d && (size_t)(args - d) == strlen(w) && !strncmp(d, w, (size_t)(args - d));
}

/* The identifier at P (blanks skipped): its length, and *ID set to it. */
static size_t ident_at(const char *p, const char **id)
{
	const char *e;

	while (*p == ' ' || *p == '\t')
		p++;
	for (e = p; is_ident(*e); e++)
		;
	*id = p;
	return (size_t)(e - p);
}

/*
 * The #if lines (beyond the include guard) a header definition sits
 * under, each with the #elif and #else lines before the definition at its
 * level.  The shared definition goes into its home unit under the same
 * lines, their branches before it left empty, so it is compiled exactly
 * where the header's declaration replaces it, and the configs that take
 * another branch keep the header's static inline there.  BLANK is the
 * header with its comments blanked (blank_comments()), D's pointers the
 * definition's in it.  Returns the lines (malloc'ed; "" for none) and
 * sets *ENDIFS to the #endif lines they need.
 */
struct conditional {
	char *text;		/* the #if line, then #elif/#else lines */
	int guard;		/* the include guard: the first #if, an #ifndef X, then #define X */
};

/* Append [P, E) to *TEXT, each line's trailing blanks dropped, and a newline. */
static void append_directive(char **text, const char *p, const char *e)
{
	size_t n = *text ? strlen(*text) : 0;
	char *t = realloc(*text, n + (size_t)(e - p) + 2), *o;

	if (!t)
		exit(2);
	for (o = t + n; p < e; p++) {
		if (*p == '\n')
			while (o > t + n && (o[-1] == ' ' || o[-1] == '\t'))
				o--;
		*o++ = *p;
	}
	while (o > t + n && (o[-1] == ' ' || o[-1] == '\t'))
		o--;
	*o++ = '\n';
	*o = '\0';
	*text = t;
}

/*
 * Is the #ifndef whose argument is at ARGS, on a line ending at E, an
 * include guard: is the next directive in the file #define of its macro?
 */
static int guards(const char *args, const char *e)
{
	const char *id, *def, *dargs, *p;
	size_t n = ident_at(args, &id);

	for (p = e; *p; ) {
		const char *end;

		p += *p == '\n';
		end = line_end(p);
		if ((def = directive(p, end, &dargs))) {
			const char *did;

			return is_directive(def, dargs, "define") && ident_at(dargs, &did) == n && !strncmp(did, id, n);
		}
		p = end;
	}
	return 0;
}

/*
 * A level whose definition sits in its #else, with no #elif: "#ifdef X",
 * an empty branch and "#else" read as "#ifndef X", which is how a patch
 * would say it.  #if EXPR becomes #if !(EXPR).
 */
static void invert_lone_else(char **text)
{
	const char *t = *text, *e1 = line_end(t), *e2, *args = NULL, *dir, *eargs = NULL, *edir;
	const char *open, *close = "";
	char *out;

	if (!*e1 || !e1[1])
		return;
	e2 = line_end(e1 + 1);
	if (*e2 != '\n' || e2[1])
		return;
	edir = directive(e1 + 1, e2, &eargs);
	dir = directive(t, e1, &args);
	if (!is_directive(edir, eargs, "else") || !dir)
		return;
	if (is_directive(dir, args, "ifdef"))
		open = "#ifndef ";
	else if (is_directive(dir, args, "ifndef"))
		open = "#ifdef ";
	else if (is_directive(dir, args, "if"))
		open = "#if !(", close = ")";
	else
		return;
	while (*args == ' ' || *args == '\t')
		args++;
	out = malloc(strlen(open) + (size_t)(e1 - args) + strlen(close) + 2);
	if (!out)
		exit(2);
	sprintf(out, "%s%.*s%s\n", open, (int)(e1 - args), args, close);
	free(*text);
	*text = out;
}

static char *conditions(const char *blank, const struct definition *d, int *endifs)
{
	struct conditional stack[64];
	const char *p = blank;
	size_t len = 0;
	int depth = 0, first = 1, i;
	char *out;

	while (p < d->start) {
		const char *e = line_end(p), *args, *dir = directive(p, e, &args);

		if (dir && !strncmp(dir, "if", 2)) {
			if (depth == (int)(sizeof(stack) / sizeof(stack[0])))
				refuse("#if nested deeper than %d", depth);
			stack[depth].text = NULL;
			append_directive(&stack[depth].text, p, e);
			stack[depth].guard = first && is_directive(dir, args, "ifndef") && guards(args, e);
			depth++;
			first = 0;
		} else if ((is_directive(dir, args, "elif") || is_directive(dir, args, "else")) && depth) {
			append_directive(&stack[depth - 1].text, p, e);
		} else if (is_directive(dir, args, "endif") && depth) {
			free(stack[--depth].text);
		}
		if (!*e)
			break;
		p = e + 1;
	}
	*endifs = 0;
	for (i = 0; i < depth; i++)
		if (!stack[i].guard) {
			invert_lone_else(&stack[i].text);
			len += strlen(stack[i].text);
			(*endifs)++;
		}
	out = malloc(len + 1);
	if (!out)
		exit(2);
	*out = '\0';
	for (i = 0; i < depth; i++) {
		if (!stack[i].guard)
			strcat(out, stack[i].text);
		free(stack[i].text);
	}
	return out;
}

/* Does a directive of BLANK (comments blanked) #define or #undef the macro M (length N)? */
static int redefines(const char *blank, const char *m, size_t n)
{
	const char *p = blank;

	while (*p) {
		const char *e = line_end(p), *args, *dir = directive(p, e, &args), *id;

		if ((is_directive(dir, args, "define") || is_directive(dir, args, "undef")) &&
		    ident_at(args, &id) == n && !strncmp(id, m, n))
			return 1;
		if (!*e)
			break;
		p = e + 1;
	}
	return 0;
}

/*
 * The shared definition's #if lines are read again at the end of its home
 * unit: a macro they test that the header #defines or #undefs anywhere
 * (`#ifndef pte_offset_kernel` ... `#define pte_offset_kernel
 * pte_offset_kernel`, the arch override pattern, before or after the
 * definition) reads otherwise there, and the definition would not be
 * compiled where it is declared.  The same goes for the home unit's own
 * #defines (HOME_BLANK, when known).
 */
static void refuse_conditions_redefined(const char *blank, const char *home_blank, const char *cond,
					const char *name, const char *how)
{
	const char *p = cond;

	while (*p) {
		const char *e;

		if (!is_ident(*p) || isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		for (e = p; is_ident(*e); e++)
			;
		if (redefines(blank, p, (size_t)(e - p)))
			refuse("%s() %s %.*s, which its header #defines", name, how, (int)(e - p), p);
		if (home_blank && redefines(home_blank, p, (size_t)(e - p)))
			refuse("%s() %s %.*s, which its home unit #defines", name, how, (int)(e - p), p);
		p = e;
	}
}

/* Do the braces of [P, E) of BLANK balance, string and character literals skipped? */
static int braces_balance(const char *p, const char *e)
{
	int depth = 0;

	while (p < e) {
		const char *q = skip_lexeme(p, e);

		if (q != p) {
			p = q;
			continue;
		}
		depth += (*p == '{') - (*p == '}');
		if (depth < 0)
			return 0;
		p++;
	}
	return depth == 0;
}

/*
 * A header body that holds directives moves with them, and is compiled
 * once, in the home unit, for every unit that called it: only
 * conditionals (#if, #ifdef, #ifndef, #elif, #else, #endif) on Kconfig
 * symbols, which every unit sees alike.  A macro a unit may set before
 * the header (DEBUG, CREATE_TRACE_POINTS) would silently take the home
 * unit's value, and a #define or #undef would go from the header to one
 * unit.  The body's braces must balance between its directives: find()
 * matched them across the branches of its #ifs.  D's pointers are into
 * BLANK.
 */
static void refuse_body_directives(const struct definition *d, const char *name)
{
	static const char *const words[] = { "if", "ifdef", "ifndef", "elif", "else", "endif", "defined",
					     "IS_ENABLED", "IS_BUILTIN", "IS_MODULE", "IS_REACHABLE" };
	const size_t nwords = sizeof(words) / sizeof(words[0]);
	const char *p = d->open + 1, *stretch = d->open + 1;

	while (p < d->close) {
		const char *e = line_end(p), *args, *dir = directive(p, e, &args), *w;
		size_t i;

		if (e > d->close)
			e = d->close;
		if (!dir)
			goto next;
		for (i = 0; i < 6; i++)
			if (is_directive(dir, args, words[i]))
				break;
		if (i == 6)
			refuse("%s() has #%.*s in its body", name, (int)(args - dir), dir);
		if (!braces_balance(stretch, p))
			refuse("%s() has braces that an #if in its body splits", name);
		stretch = e;
		for (w = args; w < e; w++) {
			const char *x = w;

			if (!is_ident(*w) || isdigit((unsigned char)*w) || (w > args && is_ident(w[-1])))
				continue;
			for (; is_ident(*x); x++)
				;
			for (i = 0; i < nwords; i++)
				if ((size_t)(x - w) == strlen(words[i]) && !strncmp(w, words[i], (size_t)(x - w)))
					break;
			if (i == nwords && strncmp(w, "CONFIG_", 7))
				refuse("%s() has an #if in its body on %.*s, which a unit may set otherwise", name,
				       (int)(x - w), w);
			w = x - 1;
		}
next:
		if (e >= d->close)
			break;
		p = e + 1;
	}
	if (stretch != d->open + 1 && !braces_balance(stretch, d->close))
		refuse("%s() has braces that an #if in its body splits", name);
}

/*
 * A static declaration before the definition (x86's asm/tlb.h declares
 * tlb_flush() so that asm-generic/tlb.h can call it) makes the function
 * static in every unit whatever the definition says: a moved definition
 * would leave each caller an undefined static function.
 */
static void refuse_static_declaration(const char *buf, const struct definition *d, const char *name)
{
	size_t n = strlen(name);
	const char *p = buf;

	while ((p = strstr(p, name)) && p < d->start) {
		const char *e = p + n, *bol = p, *close;

		p = e;
		if ((bol > buf && is_ident(bol[-1])) || is_ident(*e))
			continue;
		while (*e == ' ' || *e == '\t')
			e++;
		if (*e != '(' || !(close = strchr(e, ')')))
			continue;
		for (close++; *close == ' ' || *close == '\t'; close++)
			;
		while (bol > buf && bol[-1] != '\n')
			bol--;
		if (*close == ';' && word(bol, e, "static"))
			refuse("%s() has a static declaration before its definition: every unit would keep it static", name);
	}
}

/* Specifiers without `static` and the inline keyword, single-spaced. */
static char *shared_specifiers(const struct definition *d)
{
	char *out = malloc((size_t)(d->name - d->start) + 1), *o = out;
	const char *p = d->start;

	while (p < d->name) {
		if (p == d->inl) {
			p += d->inl_len;
		} else if (word(p, d->name, "static") == p) {
			p += 6;
		} else if (isspace((unsigned char)*p)) {
			if (o > out && o[-1] != ' ')
				*o++ = ' ';
			p++;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

/*
 * The prototype from NAME to END as kernel style writes its parameters:
 * "struct file * filp" becomes "struct file *filp" (checkpatch's
 * POINTER_LOCATION error, which an old header's static inline escaped
 * until the series moves its lines).  Only blanks change.
 */
static char *tidy_prototype(const char *name, const char *end)
{
	char *out = malloc((size_t)(end - name) + 1), *o = out;
	const char *p = name;

	if (!out)
		exit(2);
	while (p < end) {
		*o++ = *p;
		if (*p++ == '*')
			while (p < end && (*p == ' ' || *p == '\t') && o - out >= 2 && o[-2] == ' ' &&
			       (isalpha((unsigned char)p[1]) || p[1] == '_' || p[1] == ' ' || p[1] == '\t'))
				p++;
	}
	*o = '\0';
	return out;
}

/*
 * LINE of FILE as it was built (in the tree PRISTINE) is where in BUF,
 * which earlier changes may have moved?  The definition's whole text,
 * found again, says; a definition whose text changed is refused.
 */
static long relocate(const char *buf, const char *file, long line, const char *name,
		     const char *pristine)
{
	char *path, *orig;
	const char *at, *p;
	struct definition d;
	size_t len;
	long l = 1;

	if (asprintf(&path, "%s/%s", pristine, file) < 0)
		exit(2);
	orig = slurp(path, &len);
	d = find(orig, len, line, name);
	len = (size_t)(d.close + 1 - d.start);
	at = memmem(buf, strlen(buf), d.start, len);
	if (!at)
		refuse("its text changed since the kernel was built (an earlier change?)");
	if (memmem(at + 1, strlen(at + 1), d.start, len))
		refuse("its text occurs twice in %s", file);
	for (p = buf; p < d.name - d.start + at; p++)
		l += *p == '\n';
	free(path);
	free(orig);
	return l;
}

/* D's pointers moved from FROM to the same offsets in TO. */
static struct definition shifted(const struct definition *d, const char *from, const char *to)
{
	struct definition t = *d;

	t.start = to + (d->start - from);
	t.name = to + (d->name - from);
	t.open = to + (d->open - from);
	t.close = to + (d->close - from);
	t.inl = to + (d->inl - from);
	return t;
}

static void usage(void)
{
	fprintf(stderr, "usage: uninline check|letgcc|noinline TREE FILE LINE NAME\n"
			"       uninline move TREE FILE LINE NAME HOME [export]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *op, *file, *name, *home = NULL;
	struct definition d;
	long line;
	size_t len;
	char *buf, *end, *cond = NULL, *blank = NULL;
	const char *notrace;
	struct definition db;
	int is_header, endifs = 0;

	if (argc < 6)
		usage();
	op = argv[1];
	if (chdir(argv[2]))
		refuse("%s: %s", argv[2], strerror(errno));
	file = argv[3];
	line = strtol(argv[4], &end, 10);
	name = argv[5];
	if (*end || line < 1)
		usage();
	if (asprintf((char **)&where, "%s:%ld %s()", file, line, name) < 0)
		exit(2);
	buf = slurp(file, &len);
	if (getenv("UNINLINE_PRISTINE"))
		line = relocate(buf, file, line, name, getenv("UNINLINE_PRISTINE"));
	d = find(buf, len, line, name);
	len = strlen(buf);
	refuse_frame_reader(&d, name);
	notrace = word(d.start, d.name, "notrace") ? "" : "notrace ";

	is_header = strlen(file) > 2 && !strcmp(file + strlen(file) - 2, ".h");
	if (is_header) {
		refuse_undefined_macros(buf, &d, name);
		refuse_unit_bound_body(&d, name);
		refuse_static_declaration(buf, &d, name);
		/* directives are read with the comments blanked */
		blank = blank_comments(buf);
		db = shifted(&d, buf, blank);
		cond = conditions(blank, &db, &endifs);
		refuse_conditions_redefined(blank, NULL, cond, name, "is under an #if on");
		refuse_body_directives(&db, name);
	}
	if (!strcmp(op, "check") && argc == 6) {
		printf("%s\n", is_header ? "header" : "c");
	} else if (!strcmp(op, "letgcc") && argc == 6) {
		const char *after = d.inl + d.inl_len, *word_nt;

		while (*after == ' ' || *after == '\t')
			after++;
		/* "static inline\nint": no blank left at the line's end */
		word_nt = *after == '\n' && *notrace ? "notrace" : notrace;
		spill(file, 3, buf, (size_t)(d.inl - buf), word_nt, strlen(word_nt), after,
		      len - (size_t)(after - buf));
	} else if (!strcmp(op, "noinline") && argc == 6) {
		const char *noinline = *notrace ? "noinline notrace" : "noinline";

		spill(file, 3, buf, (size_t)(d.inl - buf), noinline, strlen(noinline), d.inl + d.inl_len,
		      len - (size_t)(d.inl + d.inl_len - buf));
	} else if (!strcmp(op, "move") && (argc == 7 || (argc == 8 && !strcmp(argv[7], "export")))) {
		char *spec = shared_specifiers(&d), *hbuf, *proto;
		const char *proto_end = d.open;
		size_t hlen;

		home = argv[6];
		if (!strcmp(home, file))
			refuse("the shared definition cannot go into %s itself", file);
		if (!is_header)
			refuse("only a header's definition moves to a unit of its own");
		while (proto_end > d.name && isspace((unsigned char)proto_end[-1]))
			proto_end--;
		hbuf = slurp(home, &hlen);
		{
			char *home_blank = blank_comments(hbuf);

			refuse_conditions_redefined(blank, home_blank, cond, name, "is under an #if on");
			free(home_blank);
		}
		proto = tidy_prototype(d.name, proto_end);
		/* the header keeps a declaration where the definition was */
		spill(file, 5, buf, (size_t)(d.start - buf), spec, strlen(spec), proto, strlen(proto), ";",
		      (size_t)1, d.close + 1, len - (size_t)(d.close + 1 - buf));
		/* the definition at the end of HOME, under the header's #ifs */
		{
			char *tail = NULL;
			size_t tlen = 0;
			FILE *t = open_memstream(&tail, &tlen);
			int i;

			if (!t)
				exit(2);
			fprintf(t, "\n%s%s%s%s%.*s\n", cond, *notrace ? "notrace " : "", spec, proto,
				(int)(d.close + 1 - proto_end), proto_end);
			if (argc == 8)
				fprintf(t, "EXPORT_SYMBOL_GPL(%s);\n", name);
			for (i = 0; i < endifs; i++)
				fputs("#endif\n", t);
			if (fclose(t))
				exit(2);
			spill(home, 2, hbuf, hlen, tail, tlen);
			free(tail);
		}
		free(proto);
		free(cond);
	} else {
		usage();
	}
	return 0;
}
