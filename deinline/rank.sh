#!/bin/sh
# rank: the de-inlining advisor's candidates for one built kernel.
#   usage: rank.sh SRCTREE KDIR >CANDIDATES
# One row per function definition declared inline that has expansions in
# KDIR/vmlinux's live code (tksize candidates, which documents the cost
# model), best predicted saving first, tab-separated:
#   id file line name kind mode home sites units bytes copies copy_bytes
#   rebuilds predicted status body subsys max_site const_sites const_args
#   params export
# (body: the estimated size of the one out-of-line body; max_site, the
# largest expansion, and const_sites, the expansions with a constant
# argument, are not in the prediction: they test it; const_args, the
# constant arguments of all expansions, and params, the definition's
# parameters, are in it (docs/deinline.md); subsys: the
# subsystem the change lands in, from the file that gets the out-of-line
# definition: x86 for arch/x86, sched for kernel/sched, kernel for
# kernel/*.c, else the top folder: fs, mm, lib, crypto...)
# kind is header or c; mode is the change the advisor makes (move: one
# shared definition in HOME; for a .c file C_MODE, by default noinline,
# or letgcc: drop `inline` and let gcc decide).  HOME is a unit every x86
# config builds (kbuild/always-built.sh), in arch/ for an arch or
# asm-generic header and outside it otherwise: of the units with
# expansions, the one with the most that is such a unit, else one of the
# header's name that includes it (file.h: fs/file.c), else the function
# is left alone; export is "yes" when a module may call the moved
# function, so its definition is followed by EXPORT_SYMBOL_GPL(): a .c
# file kbuild can build as a module names it (kbuild/modular-sources.sh),
# or a header does (another header, or its own outside its definition),
# whose functions a module may expand; else "no" ("-" for a .c file's
# function, which stays static); rebuilds counts the
# vmlinux objects that change recompiles (kbuild/dependents.sh); status is
# "ok", or why the function is left alone: __always_inline, a file that
# code outside vmlinux is built from, a definition the editor cannot
# match.  Environment: TKSIZE, UNINLINE (the tools).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$1" && pwd) kdir=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${TKSIZE:?}" candidates "$src" "$kdir/vmlinux" >"$tmp/dwarf"
"$here/../kbuild/dependents.sh" "$kdir/obj" "$src" "$tmp/units" >"$tmp/deps"
sort -u -o "$tmp/units" "$tmp/units"
"$here/../kbuild/always-built.sh" "$src" >"$tmp/always"
# the functions a header declares `static inline` without a body:
# highmem.h does so for kmap_atomic() after including highmem-internal.h,
# which defines it, and a shared definition would follow that static
# declaration in every unit (the editor sees only the defining header)
grep -rhoE --include='*.h' '^static inline [^=;{(]*[ *][A-Za-z_][A-Za-z0-9_]*\([^;{]*\);' \
	"$src/include" "$src/arch/x86/include" |
	sed -E 's/^[^(]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/' | sort -u >"$tmp/static" || :
printf '# id\tfile\tline\tname\tkind\tmode\thome\tsites\tunits\tbytes\tcopies\tcopy_bytes\trebuilds\tpredicted\tstatus\tbody\tsubsys\tmax_site\tconst_sites\tconst_args\tparams\texport\n'
# tksize candidates' columns by the names of its header line (columns.sh),
# in the order this loop reads them
. "$here/columns.sh"
cols=$(awk_cols "$tmp/dwarf" file line name sites units bytes copies copy_bytes home predicted body max_site \
	const_sites const_args params units_sites)
# shellcheck disable=SC2086
awk -F'\t' -v OFS='\t' $cols '!/^#/ { print $c_file, $c_line, $c_name, $c_sites, $c_units, $c_bytes, $c_copies,
	$c_copy_bytes, $c_home, $c_predicted, $c_body, $c_max_site, $c_const_sites, $c_const_args, $c_params,
	$c_units_sites }' "$tmp/dwarf" |
while IFS="$(printf '\t')" read -r file line fn sites units bytes copies cbytes home pred body maxsite constsites constargs params usites; do
	if kind=$("${UNINLINE:?}" check "$src" "$file" "$line" "$fn" 2>"$tmp/err"); then
		status=ok
	else
		kind=- status=$(sed 's/^uninline: [^)]*): //' "$tmp/err")
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$line" "$fn" "$kind" "$home" \
		"$sites" "$units" "$bytes" "$copies" "$cbytes" "$pred" "$status" "$body" "$maxsite" "$constsites" "$constargs" "$params" "$usites"
done | awk -F'\t' -v OFS='\t' '
	function subsys(path,  part, n) {
		n = split(path, part, "/")
		if (part[1] == "arch") return part[2]
		if (part[1] == "kernel" && n > 2) return part[2]
		return n > 1 ? part[1] : "kernel"
	}
	# an arch header (or asm-generic, which only some arches use) keeps its
	# definition in arch code, a generic header out of it
	function fits(file, unit) {
		return (unit in always) && ((file ~ /^(arch|include\/asm-generic)\//) == (unit ~ /^arch\//))
	}
	function stem(path) { sub(/^.*\//, "", path); sub(/\.[ch]$/, "", path); return path }
	# the unit to hold the shared definition of a function of FILE: HOME,
	# the first to reach the most expansions, if it fits; else of the units
	# with expansions (USITES, "unit:count,...", most first), the first that
	# fits; else an always-built unit that includes FILE and has its name
	# (file.h: fs/file.c); else none
	function rehome(file, home, usites,  n, u, i) {
		if (fits(file, home)) return home
		n = split(usites, u, ",")
		for (i = 1; i <= n; i++) {
			sub(/:[0-9]+$/, "", u[i])
			if (fits(file, u[i])) return u[i]
		}
		n = split(includers[file], u, " ")
		for (i = 1; i <= n; i++)
			if (fits(file, u[i]) && stem(u[i]) == stem(file)) return u[i]
		return ""
	}
	FILENAME == ARGV[2] { inside[$1] = $2; outside[$1] = $3; next }
	FILENAME == ARGV[3] { static_decl[$1] = 1; next }
	FILENAME == ARGV[4] { always[$1] = 1; next }
	FILENAME == ARGV[5] { if ($1 ~ /\.h$/ && ($2 in always)) includers[$1] = includers[$1] " " $2; next }
	{
		file = $1; kind = $4; status = $12
		mode = kind == "header" ? "move" : cmode
		home = mode == "move" ? $5 : "-"
		if (status == "ok" && mode == "move" && home ~ /\.c$/ && (h = rehome(file, home, $18)) != "")
			home = h
		else if (status == "ok" && mode == "move" && home ~ /\.c$/)
			status = "no unit that expands it or has its name is built by every x86 config (kbuild/always-built.sh): in " home " its definition would not link elsewhere"
		rebuilds = inside[file] + (mode == "move" && !(home in inside) ? 1 : 0)
		if (status == "ok" && outside[file] > 0)
			status = "built outside vmlinux too (" outside[file] " objects: boot, realmode, vDSO)"
		else if (status == "ok" && mode == "move" && home !~ /\.c$/)
			status = "no .c unit to hold a shared definition"
		else if (status == "ok" && mode == "move" && ($3 in static_decl))
			status = "a header declares it static inline without a body: a shared definition would follow that"
		print ++n, file, $2, $3, kind, mode, home, $6, $7, $8, $9, $10, rebuilds, $11, status, $13, subsys(mode == "move" ? home : file), $14, $15, $16, $17
	}' cmode="${C_MODE:-noinline}" "$tmp/deps" "$tmp/static" "$tmp/always" "$tmp/units" - >"$tmp/rows"
# who names each function a row moves: the .c files kbuild can build as
# modules, and every header an x86 kernel or module can include
awk -F'\t' '$6 == "move" { print $4 }' "$tmp/rows" | sort -u >"$tmp/moved"
"$here/../kbuild/modular-sources.sh" "$src" >"$tmp/modular"
: >"$tmp/named"
if [ -s "$tmp/moved" ]; then
	(cd "$src" && xargs grep -owhF -f "$tmp/moved" <"$tmp/modular" || :) | sed 's/^/modular\t/' >>"$tmp/named"
	# (not tools/'s copies of the headers, built into programs, nor Documentation/)
	# shellcheck disable=SC2046
	(cd "$src" && grep -rowHF --include='*.h' -f "$tmp/moved" arch/x86 \
		$(ls -d */ | grep -vx -e 'arch/' -e 'tools/' -e 'Documentation/') || :) |
		sed 's/:/\t/' >>"$tmp/named"
fi
awk -F'\t' -v OFS='\t' '
	FILENAME == ARGV[1] { if ($1 == "modular") modular[$2] = 1; else named[$1, $2]++; files[$2] = files[$2] " " $1; next }
	# a header function is exported when a module can reach it: named in a
	# modular .c file, in another header, or again in its own
	function exported(file, fn,  n, f, i) {
		if (fn in modular) return 1
		n = split(files[fn], f, " ")
		for (i = 1; i <= n; i++)
			if (f[i] != file || named[file, fn] > 1) return 1
		return 0
	}
	{ print $0, $6 != "move" ? "-" : exported($2, $4) ? "yes" : "no" }' "$tmp/named" "$tmp/rows"
