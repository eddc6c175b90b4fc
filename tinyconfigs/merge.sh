#!/bin/sh
# configs: make the .config for one kernel from a config fragment and a
# variant fragment, and prove kconfig kept every symbol they ask for.
#   usage: merge.sh [-c CACHEDIR] [-u "FRAGMENTS"] SRCTREE OBJDIR CONFIG_FRAGMENT MORE_FRAGMENTS...
# A "# base: NAME" line in the config fragment picks what it builds on:
# another fragment tinyconfigs/NAME.config (merged first, and its own base
# followed), a kbuild target such as i386_defconfig, or a path (it has a
# "/"; relative to the fragment's folder): a user's own full .config,
# taken whole through olddefconfig: a symbol it sets that the tree's
# Kconfig does not know is an error.  Without one the base is `make
# tinyconfig`.  The result is written to OBJDIR/.config only when it
# differs, so kbuild rebuilds only what changed.
# With -u, a symbol that kconfig drops from one of FRAGMENTS (a variant's
# or opt level's, on a tree no series of tinykern covers or fits) means the kernel
# is not available for this tree: OBJDIR/../unavailable says why, in one
# line, no .config is written, and the exit is 0.  A symbol dropped from
# any other fragment is still an error.
# With -c, a merged .config is kept in CACHEDIR under a hash of all that
# went into it, and a later merge of the same inputs (after the kernel
# folders were deleted, say) takes it from there instead of running
# kconfig five times over.  The dropped-symbol check runs either way.
# The base config is kept there too, so the first merge of each other
# kernel of the tree runs kconfig once.
# A failure ends in "configs: ..." lines on stderr; the first of them is
# also kept, as "config: ...", in OBJDIR/../failed (what the report names
# for this kernel) and in $TINYKERN_CAUSES (the run's closing summary).
set -eu
cache= optional=
while :; do
	case ${1:-} in
	-c) cache=$2; shift 2 ;;
	-u) optional=$2; shift 2 ;;
	*) break ;;
	esac
done
src=$1 obj=$2
shift 2
frags="$*"
kdir=$(dirname "$obj")
rm -f "$kdir/failed" "$kdir/unavailable"
# stderr of the checks below, to name the first failure
errs=$(mktemp "${TMPDIR:-/tmp}/tinykern-config.XXXXXX")
trap 'rm -f "$errs"' EXIT
failed() {
	cat "$errs" >&2
	line=$(grep -m1 '^configs: ' "$errs" | sed 's/^configs: //')
	echo "config: $line" >"$kdir/failed"
	[ -z "${TINYKERN_CAUSES:-}" ] ||
		{ mkdir -p "$TINYKERN_CAUSES" && echo "$(basename "$kdir"): config: $line" >"$TINYKERN_CAUSES/config$(echo "$kdir" | tr / _)"; }
	exit 1
}

# Follow the base chain of the first fragment.
dir=$(dirname "$1")
base=tinyconfig
# the user's full .config, when the chain ends in a path
basefile=
f=$1
while b=$(sed -n 's/^# base: *\([A-Za-z0-9_.+/-]*\).*/\1/p' "$f" | head -n 1) && [ -n "$b" ]; do
	case $b in
	*/*)
		case $b in /*) basefile=$b ;; *) basefile=$(dirname "$f")/$b ;; esac
		[ -r "$basefile" ] || { echo "configs: $f: base $b: no such file" >"$errs"; failed; }
		basefile=$(realpath "$basefile")
		base=olddefconfig
		break ;;
	esac
	if [ -r "$dir/$b.config" ]; then
		case " $frags " in *" $dir/$b.config "*)
			echo "configs: $f: base $b.config is included twice (a loop?)" >"$errs"; failed ;;
		esac
		frags="$dir/$b.config $frags"
		f=$dir/$b.config
	else
		base=$b
		break
	fi
done

# Every line must be a comment, blank, CONFIG_X=value or "# CONFIG_X is not set".
for f in $frags; do
	awk -v f="$f" '
		/^[[:space:]]*$/ || /^# CONFIG_[A-Za-z0-9_]+ is not set$/ || /^CONFIG_[A-Za-z0-9_]+=[^[:space:]].*$/ { next }
		/^#/ { next }
		{ printf "configs: %s:%d: not a kconfig line: %s\n", f, NR, $0 > "/dev/stderr"; bad = 1 }
		END { exit bad }' "$f" 2>>"$errs" || bad=1
done
[ -z "${bad:-}" ] || failed

# The cache keys.  A merged .config's: this script, the base, the
# fragments' contents in order, the source tree and the toolchain kconfig
# probes.  A base config's (what `make tinyconfig` wrote, before any
# fragment): this script, the base, the tree and the toolchain.
# The tree: source/ rewrites .tinykern-version at every extraction, so its
# inode and time change with the tree, as does the copy of a user's tree
# that a series went onto.  A tree of the user's own built as it stands
# (KSRC_SERIES=-) has no such file; it is known by the contents of what kconfig reads of
# it: every Kconfig file, scripts/ (Kconfig's shell probes), the config
# fragments and the two Makefiles a config target runs (about 2,150 files,
# a second here, against 7 s a kconfig run).
# The toolchain: gcc's and ld's versions, and a compiler the make that
# called this names (CC=, CROSS_COMPILE=, LLVM=), which kconfig probes.
tree_and_toolchain() {
	if [ -r "$src/.tinykern-version" ]; then
		stat -L -c '%i %y' "$src/.tinykern-version"; cat "$src/.tinykern-version"
	else
		echo "tree $src"
		(cd "$src" && find . -type f \( -name 'Kconfig*' -o -path './scripts/*' -o -path './arch/x86/configs/*' \
			-o -path './kernel/configs/*' -o -path ./Makefile -o -path ./arch/x86/Makefile \) \
			-exec sha256sum {} + | LC_ALL=C sort -k 2)
	fi
	gcc --version | head -n 1; ld --version | head -n 1
	printf '%s\n' "${MAKEFLAGS:-}" | tr ' ' '\n' | grep -E '^(CC|CROSS_COMPILE|LLVM)=' || true
}
cache_key() {
	{
		cat "$0"; echo "base $base"
		[ -z "$basefile" ] || cat "$basefile"
		# shellcheck disable=SC2086
		for f in $frags; do echo "-- fragment"; cat "$f"; done
		printf '%s\n' "$ident"
	} | sha256sum | cut -c 1-32
}
# cache_put NAME: the scratch folder's .config into the cache as NAME,
# by a rename, so a cut copy is never taken for an entry; a copy that
# fails (a full disk) leaves no entry and does not fail the merge
cache_put() {
	mkdir -p "$cache"
	{ cp "$work/.config" "$cache/$1.$$" && mv "$cache/$1.$$" "$cache/$1"; } || rm -f "$cache/$1.$$"
}
base_key() { { cat "$0"; printf 'base %s\n%s\n' "$base" "$ident"; } | sha256sum | cut -c 1-32; }

# dropped all|on FILE... FINAL: a "configs:" line for each symbol a FILE
# sets that FINAL, the .config kconfig made, does not have as asked
# ("on": only the symbols set to y or m), sorted, so that the first named
# is the same on every run; nothing when kconfig kept them all.
dropped() {
	mode=$1
	shift
	eval final=\${$#}
	awk -v mode="$mode" '
		FNR == 1 { file = FILENAME }
		file != final && /^CONFIG_[A-Za-z0-9_]+=/ {
			sym = $0; sub(/=.*/, "", sym); val = substr($0, length(sym) + 2)
			if (mode == "all" || val == "y" || val == "m") { want[sym] = val; from[sym] = file }
			next }
		file != final && mode == "all" && /^# CONFIG_[A-Za-z0-9_]+ is not set$/ {
			want[$2] = "n"; from[$2] = file; next }
		file == final && /^CONFIG_[A-Za-z0-9_]+=/ {
			sym = $0; sub(/=.*/, "", sym); got[sym] = substr($0, length(sym) + 2) }
		END {
			for (s in want) {
				g = (s in got) ? got[s] : "n"
				if (g != want[s])
					printf "configs: %s: kconfig dropped %s=%s (unknown symbol or unmet dependency; final .config: %s)\n",
						from[s], s, want[s], (g == "n" ? "not set" : g)
			}
		}' final="$final" "$@" | LC_ALL=C sort
}

# A scratch O= folder of its own, kept between runs so kconfig's host
# tools are built once; only its .config is started afresh.
work=$obj/.tinykern-config
mkdir -p "$work"
rm -f "$work/.config"
key=
[ -z "$cache" ] || { ident=$(tree_and_toolchain); key=$(cache_key); }
if [ -n "$key" ] && [ -r "$cache/$key.config" ]; then
	cp "$cache/$key.config" "$work/.config"
else
	kmake() { make -s -C "$src" O="$work" ARCH=i386 "$@"; }
	# a kconfig step failed: its first error line, and where the rest is
	kfailed() {
		first=$(grep -m1 -i -E 'error|\*\*\*' "$work/log" || head -n 1 "$work/log")
		echo "configs: $*: $first (log: $work/log, $(wc -l <"$work/log") lines)" >"$errs"
		failed
	}
	[ -z "$basefile" ] || cp "$basefile" "$work/.config"
	# The base (tinyconfig, i386_defconfig) is the same for every kernel
	# of a tree: kconfig makes it once, and each kernel then runs kconfig
	# once (olddefconfig), not three times.  Each run costs some 7 s here,
	# most of it Kconfig's compiler probes (75 gcc runs).
	bkey=
	[ -z "$cache" ] || [ -n "$basefile" ] || bkey=$(base_key)
	if [ -n "$bkey" ] && [ -r "$cache/base-$bkey.config" ]; then
		cp "$cache/base-$bkey.config" "$work/.config"
		: >"$work/log"
	else
		kmake "$base" >"$work/log" 2>&1 || kfailed "make $base${basefile:+ of $basefile} failed"
		[ -z "$bkey" ] || cache_put "base-$bkey.config"
	fi
	# The full .config on its own, before any fragment: a symbol it has on
	# that this tree's Kconfig does not know (one of another version,
	# renamed or gone) is an error.  What olddefconfig turns off as it
	# follows the dependencies (a hand edit's consequences) is not.
	if [ -n "$basefile" ]; then
		grep -rhoE --include='Kconfig*' '^[[:space:]]*(menu)?config[[:space:]]+[A-Za-z0-9_]+' "$src" |
			awk '{ print "CONFIG_" $2 }' | LC_ALL=C sort -u >"$work/known"
		dropped on "$basefile" "$work/.config" | while IFS= read -r line; do
			sym=$(echo "$line" | sed -n 's/.* kconfig dropped \(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p')
			grep -qx "$sym" "$work/known" ||
				echo "$line" | sed 's/(unknown symbol or unmet dependency;/(unknown to this tree'"'"'s Kconfig;/'
		done >"$errs"
		[ ! -s "$errs" ] || failed
	fi
	# shellcheck disable=SC2086
	KCONFIG_CONFIG=$work/.config "$src/scripts/kconfig/merge_config.sh" -m -O "$work" \
		"$work/.config" $frags >>"$work/log" 2>&1 || kfailed "merge_config.sh failed on $frags"
	kmake olddefconfig >>"$work/log" 2>&1 || kfailed "olddefconfig failed"
fi

# Every dropped symbol came from an -u fragment: the variant or opt level
# needs a patch this tree lacks.  Say which symbol, and whether this tree's
# Kconfig has no such symbol or only denies it a dependency.
unavailable_or_failed() {
	[ -n "$optional" ] || failed
	others=$(sed -n 's/^configs: \([^:]*\): kconfig dropped .*/\1/p' "$errs" | sort -u | while read -r f; do
		case " $optional " in *" $f "*) ;; *) echo "$f" ;; esac
	done)
	[ -z "$others" ] || failed
	from=$(sed -n '1s/^configs: \([^:]*\): kconfig dropped .*/\1/p' "$errs")
	sym=$(sed -n '1s/^configs: [^:]*: kconfig dropped \(CONFIG_[A-Za-z0-9_]*=[^ ]*\) .*/\1/p' "$errs")
	name=${sym%%=*}
	name=${name#CONFIG_}
	query=$(dirname "$0")/kconfig-query.sh
	if [ -z "$("$query" "$src" defines "$name")" ]; then
		why="this tree's Kconfig has no CONFIG_$name ($(basename "$from") sets $sym)"
	else
		# a symbol asked off that kconfig keeps on has no unmet dependency
		case $sym in *=n) dep= ;; *) dep=$("$query" "$src" depends "$name" "$work/.config") ;; esac
		# a helper symbol no user sets (HAS_LTO_GCC): what it lacks
		case $dep in
		'' | *[!A-Za-z0-9_]*) ;;
		*)	if [ -z "$("$query" "$src" prompt "$dep")" ]; then
				inner=$("$query" "$src" depends "$dep" "$work/.config")
				[ -z "$inner" ] || dep="$dep, which needs $inner"
			fi ;;
		esac
		why="this tree's kconfig drops $sym${dep:+: it depends on $dep}"
	fi
	more=$(($(grep -c 'kconfig dropped' "$errs") - 1))
	[ "$more" -le 0 ] || why="$why (and $more more symbol$([ "$more" = 1 ] || echo s))"
	# a user's tree the series made for its version did not fit
	# (source/prepare.sh -k): why it lacks the symbol
	[ ! -r "$src/.tinykern-series" ] || why="$why; $(cat "$src/.tinykern-series")"
	echo "$why" >"$kdir/unavailable"
	exit 0
}

# merge_config.sh only warns when kconfig drops a symbol: make it an error.
dropped all $frags "$work/.config" >"$errs"
[ ! -s "$errs" ] || unavailable_or_failed

# Only a config that passed the check goes into the cache.
[ -z "$key" ] || [ -e "$cache/$key.config" ] || cache_put "$key.config"

if ! cmp -s "$work/.config" "$obj/.config"; then
	cp "$work/.config" "$obj/.config.new" && mv "$obj/.config.new" "$obj/.config"
fi
