# The shipped de-inlining series exports every moved function that code
# kbuild can build as a module calls: a config with modules (large, an
# allmodconfig-style user) would otherwise fail modpost.  The oracle is
# the tree's own Makefiles and Kconfig files, read here one calling file
# at a time, not deinline/rank.sh's list: a .c file is modular when its
# folder's Makefile (or Kbuild) lists its object, or an object it is a
# part of, as obj-m or obj-$(CONFIG_X) with X tristate in some Kconfig.
# A moved function is a series' "+notrace" definition in a .c file whose
# declaration a header of the same patch gains.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch deinline-exports)
src=$BUILD/src/linux
[ -f "$src/Makefile" ] || fail "no patched tree in $src (make source)"
series=${DEINLINE_SERIES:-$TOP/patches/deinline}
# the tristate symbols
find "$src" -name 'Kconfig*' -type f -not -path "$src/arch/[!x]*" | xargs awk '
	/^[ \t]*(menu)?config[ \t]/ { sym = $2; next }
	/^[ \t]*(def_)?tristate([ \t]|$)/ && sym != "" { print sym }' | sort -u >"$d/tristate"
# modular FILE: can kbuild build FILE (a .c path) into a module?  Its
# object may be listed in its own folder's makefile or, with a path
# (gt/intel_gt.o), in a folder above it
modular() {
	dir=${1%/*} rel=${1##*/}
	rel=${rel%.c}.o
	while [ -n "$dir" ]; do
		mk=$src/$dir/Kbuild
		[ -f "$mk" ] || mk=$src/$dir/Makefile
		if [ -f "$mk" ] && modular_in "$mk" "$rel"; then return 0; fi
		case $dir in */*) rel=${dir##*/}/$rel dir=${dir%/*} ;; *) dir= ;; esac
	done
	return 1
}
# modular_in MAKEFILE OBJ: is OBJ, or a composite listing it, obj-m or
# obj-$(CONFIG_X) with X tristate there?
modular_in() {
	# the makefile's assignments, continuations joined: "LHS WORD..."
	sed -e ':a' -e '/\\$/N; s/\\\n/ /; ta' "$1" | sed 's/#.*//' |
		sed -n 's/^[ \t]*\([A-Za-z0-9_.$()-]*\)[ \t]*[:+]*=\(.*\)/\1 \2/p' >"$d/assign"
	# the composites listing OBJ, directly or through a list variable
	# (i915-y += $(gt-y), where gt-y += gt/intel_gt.o)
	objs="$2 $(awk -v o="$2" '
		function base(l) { sub(/-(y|objs|m|\$\(CONFIG_[A-Za-z0-9_]*\))$/, "", l); return l ".o" }
		{ lhs[NR] = $1; line[NR] = $0 }
		$1 !~ /^obj-/ { for (i = 2; i <= NF; i++) if ($i == o) { print base($1); via["$(" $1 ")"] = 1 } }
		END { for (n = 1; n <= NR; n++) { k = split(line[n], w, /[ \t]+/)
			for (i = 2; i <= k; i++) if (w[i] in via && lhs[n] !~ /^obj-/) print base(lhs[n]) } }' "$d/assign")"
	for o in $objs; do
		for sym in $(awk -v o="$o" '$1 ~ /^obj-/ { for (i = 2; i <= NF; i++) if ($i == o) print $1 }' "$d/assign"); do
			case $sym in
			obj-m) return 0 ;;
			obj-\$\(CONFIG_*\)) sym=${sym#obj-\$(CONFIG_}; grep -qxF "${sym%)}" "$d/tristate" && return 0 ;;
			esac
		done
	done
	return 1
}
# the oracle itself, on files whose answer is known: ext4's inode.c is a
# part of ext4.o (EXT4_FS tristate); i915's gt/intel_gt.c is listed with
# its path in the folder above; kernel/fork.c is always built in
modular fs/ext4/inode.c || fail "the oracle says fs/ext4/inode.c cannot be a module"
modular drivers/gpu/drm/i915/gt/intel_gt.c || fail "the oracle says i915's gt/intel_gt.c cannot be a module"
if modular kernel/fork.c; then fail "the oracle says kernel/fork.c can be a module"; fi
ok "the oracle: fs/ext4/inode.c and drivers/gpu/drm/i915/gt/intel_gt.c modular, kernel/fork.c not"
# the moved functions: each patch's non-static notrace definitions in .c
# files ("FILE NAME"), kept when a header of the same patch gains the
# declaration ("+... NAME(...);"), and the exports, each with its file
for p in "$series"/*.patch; do
	awk '
		/^diff --git / { file = $3; sub(/^a\//, "", file); next }
		file ~ /\.c$/ && /^\+notrace / {
			line = $0
			# "notrace int\n+foo(" : the name may start the next line
			if (line !~ /\(/) { getline nxt; line = line " " substr(nxt, 2) }
			sub(/\(.*/, "", line); n = split(line, w, /[ *]+/); print "def", file, w[n]
		}
		file ~ /\.c$/ && /^\+EXPORT_SYMBOL_GPL\([A-Za-z0-9_]+\);$/ {
			name = $0; sub(/^\+EXPORT_SYMBOL_GPL\(/, "", name); sub(/\);$/, "", name); print "export", file, name
		}
		file ~ /\.h$/ && /^\+/ { print "decl", file, $0 }' "$p"
done >"$d/parts"
awk '$1 == "def" { print $2, $3 }' "$d/parts" | sort -u | while read -r file fn; do
	if grep '^decl ' "$d/parts" | grep -qE "[^A-Za-z0-9_]$fn\("; then echo "$file $fn"; fi
done >"$d/moved.where"
cut -d' ' -f2 "$d/moved.where" | sort -u >"$d/moved"
[ -s "$d/moved" ] || fail "no moved function found in $series: nothing to check (a series from before notrace?)"
awk '$1 == "export" { print $2, $3 }' "$d/parts" | sort -u >"$d/exported.where"
cut -d' ' -f2 "$d/exported.where" | sort -u >"$d/exported"
# a call or a use of the function's address, not a local variable's name
sed 's/.*/(^|[^A-Za-z0-9_])&[[:space:]]*[(]/' "$d/moved" >"$d/calls"
# the .c files calling a moved function, outside the other arches
(cd "$src" && grep -rlE --include='*.c' -f "$d/calls" $(ls -d */ | grep -vx 'arch/') arch/x86 || :) | sort -u >"$d/callers"
[ -s "$d/callers" ] || fail "no .c file calls a moved function"
: >"$d/need"
while read -r f; do
	modular "$f" || continue
	(cd "$src" && grep -oE -f "$d/calls" "$f") | sed -E 's/^[^A-Za-z0-9_]//; s/[[:space:]]*[(]$//' | sort -u |
		sed "s|\$| $f|" >>"$d/need"
done <"$d/callers"
[ -s "$d/need" ] || fail "no modular .c file names a moved function: nothing to check"
echo "$(wc -l <"$d/moved") moved functions; $(cut -d' ' -f1 "$d/need" | sort -u | wc -l) called from modular .c files, e.g.:"
head -n 5 "$d/need"
missing=$(cut -d' ' -f1 "$d/need" | sort -u | comm -23 - "$d/exported")
[ -z "$missing" ] || fail "moved but not exported, though a module calls them: $(echo "$missing" | head -n 10 | tr '\n' ' ')(e.g. $(grep -m1 -w "$(echo "$missing" | head -n 1)" "$d/need"))"
# each export is in the file that holds the definition
misplaced=$(comm -23 "$d/exported.where" "$d/moved.where")
[ -z "$misplaced" ] || fail "exported where the definition is not: $(echo "$misplaced" | head -n 3 | tr '\n' ';')"
ok "every moved function a modular .c file calls is exported, beside its definition ($(cut -d' ' -f1 "$d/need" | sort -u | wc -l) of $(wc -l <"$d/moved"))"
rm -rf "$d"
