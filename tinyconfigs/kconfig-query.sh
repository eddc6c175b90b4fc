#!/bin/sh
# kconfig-query: what a kernel tree's Kconfig files say about one symbol.
#   usage: kconfig-query.sh SRCTREE defines SYM
#          kconfig-query.sh SRCTREE selectors SYM
#          kconfig-query.sh SRCTREE depends SYM [DOTCONFIG]
#          kconfig-query.sh SRCTREE prompt SYM
# SYM is named without CONFIG_.
#   defines    the Kconfig files that define SYM, one a line
#   selectors  the symbols whose definitions "select SYM", one a line
#   depends    the "depends on" lines of SYM's definitions, joined by " && ".
#              With DOTCONFIG, only the terms it leaves unmet: a plain
#              SYMBOL that is not y or m there, or !SYMBOL that is.  When
#              none is, the toolchain tests ($(success,...) and the like),
#              which a .config cannot tell; when there are none either
#              (the fault is in an expression, or
#              in a menu's or an if's dependency, which this does not
#              read), the whole line is printed, as without DOTCONFIG.
#   prompt     the prompts of SYM's definitions, one a line: nothing for a
#              symbol no user can set (def_bool, a bare bool), which only
#              its default or a select turns on (X86, X86_32)
# A definition outside arch/*/, or in arch/x86/, counts before another
# arch's, since the kernels are i386: a symbol that only arm64 defines is
# still found, but x86's definition of one that several arches define is
# the one read, even when it has no "depends on" and theirs do.  Nothing
# is printed when there is nothing to say.
# tinyconfigs/merge.sh says with it why a tree denies a variant, and
# optcost/option-cost.sh why an option cannot be flipped.
set -eu
usage() { echo "usage: kconfig-query.sh SRCTREE defines|selectors|depends|prompt SYM [DOTCONFIG]" >&2; exit 2; }
[ $# -ge 3 ] || usage
src=$1 query=$2 sym=$3 dotconfig=${4:-}
case $query in defines|selectors|prompt) [ $# -eq 3 ] || usage ;; depends) [ $# -le 4 ] || usage ;; *) usage ;; esac
[ -d "$src" ] || { echo "kconfig-query: $src: no such folder" >&2; exit 2; }
[ -z "$dotconfig" ] || [ -r "$dotconfig" ] || { echo "kconfig-query: $dotconfig: no such file" >&2; exit 2; }

# Every line the query yields, as "RANK TEXT", after a line "RANK =" for
# each definition of SYM: RANK 0 for a file outside arch/*/ or in
# arch/x86/, 1 for another arch's.  Then the answers of the best rank
# any definition has (all of them for selectors, whose other-arch lines
# the caller's .config drops anyway).  cur is the symbol whose definition
# a line is in: a help text, or a menu, if or choice line, ends it.  A
# line ending in a backslash goes on on the next.
answers() {
	(cd "$src" && find . -name 'Kconfig*' -type f | sed 's|^\./||' | LC_ALL=C sort |
		xargs awk -v s="$sym" -v q="$query" '
		FNR == 1 { rank = (FILENAME ~ /^arch\/[^\/]+\// && FILENAME !~ /^arch\/x86\//) ? 1 : 0; cur = ""; cont = "" }
		cont != "" { $0 = cont " " $0; cont = "" }
		/\\$/ { cont = substr($0, 1, length($0) - 1); next }
		/^[ \t]*(menu)?config[ \t]/ {
			cur = $2
			# selectors are not ranked: no mark, so every one is kept
			if (cur == s && q != "selectors") { print rank " ="; if (q == "defines") print rank " " FILENAME }
			next
		}
		/^[ \t]*(menu|endmenu|choice|endchoice|if|endif|comment|source|help|---help---)([ \t]|$)/ { cur = "" }
		q == "depends" && cur == s && $1 == "depends" && $2 == "on" { sub(/^[ \t]*depends on[ \t]*/, ""); print rank " " $0 }
		q == "prompt" && cur == s && $1 ~ /^(bool|tristate|string|hex|int|prompt)$/ && $2 ~ /^"/ {
			t = $0; sub(/^[^"]*"/, "", t); sub(/".*/, "", t); print rank " " t }
		q == "selectors" && cur != "" && $1 == "select" && $2 == s { print 0 " " cur }') |
	awk '
		{ r = $1; text = $0; sub(/^[01] /, "", text) }
		text == "=" { if (best == "" || r < best) best = r; next }
		{ n++; rank[n] = r; line[n] = text }
		END { for (i = 1; i <= n; i++) if (best == "" || rank[i] == best) print line[i] }'
}

case $query in
defines|prompt) answers ;;
selectors) answers | LC_ALL=C sort -u ;;
depends)
	# a line with || in it is one term: an unmet part of it may not matter
	answers | awk -v cfg="$dotconfig" '
		BEGIN {
			if (cfg != "")
				while ((getline l < cfg) > 0)
					if (l ~ /^CONFIG_[A-Za-z0-9_]+=[ym]$/) { sub(/^CONFIG_/, "", l); sub(/=.*/, "", l); on[l] = 1 }
		}
		{ line[NR] = $0 }
		cfg != "" && !/\|\|/ {
			n = split($0, term, /&&/)
			for (i = 1; i <= n; i++) {
				t = term[i]; gsub(/^[ \t]+|[ \t]+$/, "", t)
				if (t ~ /^[A-Za-z0-9_]+$/ && !(t in on) || t ~ /^![A-Za-z0-9_]+$/ && (substr(t, 2) in on))
					unmet = unmet (unmet != "" ? " && " : "") t
				# a toolchain test: what .config cannot tell
				if (t ~ /^\$\(/)
					probes = probes (probes != "" ? " && " : "") t
			}
		}
		END {
			if (unmet != "") { print unmet; exit }
			if (probes != "") { print probes; exit }
			# joined, a line with || in it keeps its own meaning in brackets
			for (i = 1; i <= NR; i++) all = all (i > 1 ? " && " : "") (NR > 1 && line[i] ~ /\|\|/ ? "(" line[i] ")" : line[i])
			if (all != "") print all
		}' ;;
esac
