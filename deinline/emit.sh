#!/bin/sh
# emit: the advisor's kept changes as a git-format-patch series.
#   usage: emit.sh TDIR SRCTREE
# A git repository of the scratch tree's touched files (TDIR/export) gets
# the files as SRCTREE has them, then the kept changes as commits, in the
# order kept, each with the journal's figures and `tksize diff` output of
# each trial in it; `git format-patch` writes TDIR/series/, with a series
# file, ready for patches/ or `git am` onto the patched tree.  The kept
# trials on one file make one commit, and so do those of one subsystem's
# groups (below); a prefix of the series may then be a kernel the advisor
# never built, which `make deinline-verify` builds and boots.  Only
# changes a boot confirmed go in.
# The journal is read by field name through `tksize journal` (TKSIZE).
# SIGNOFF="Name <mail>" adds a Signed-off-by line to each, for a series
# someone reviewed and ships (patches/deinline/); the series file names the
# tree it applies to.
set -eu
tdir=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
tksize=${TKSIZE:?}
# the candidates' columns, by name (columns.sh)
. "$(cd "$(dirname "$0")" && pwd)/columns.sh"
for c in id file name mode home sites units bytes predicted subsys; do
	n=$(col "$tdir/candidates" "$c") || exit 1
	eval "c_$c=$n"
done
# candidate ID's row of the ranking
candidate() { awk -F'\t' -v id="$1" -v c="$c_id" '!/^#/ && $c == id' "$tdir/candidates"; }
journal=$tdir/journal
out=$tdir/series
ids=$("$(dirname "$0")/kept.sh" "$tdir")
# every kept line's trial and figures, read once: "TID DTEXT DFUNCS"
"$tksize" journal "$journal" kept tid dtext dfuncs >"$tdir/kept.figures"
rm -rf "$tdir/export" "$out.tmp"
mkdir -p "$tdir/export" "$out.tmp"
cd "$tdir/export"
git init -q
git config user.name "tinykern deinline"
git config user.email "deinline@tinykern.invalid"
# the files trial TID changed
tfiles() { sed -n 's|^+++ b/||p' "$tdir/changes/$1.diff" | sort -u; }
files=$(for id in $ids; do tfiles "$id"; done | sort -u)
for f in $files; do
	mkdir -p "$(dirname "$f")"
	cp "$src/$f" "$f"
done
git add -A
git commit -q --allow-empty -m "base: the patched tree's files the series touches"
base=$(git rev-parse HEAD)
# What one trial's commit is about: "file PATH" when it changed one
# file's definitions, else "subsys KEY" for the subsystem they land in,
# else "subsys treewide".  Trials with one key may share a commit.
commit_key() {
	files= keys=
	for id in $(echo "$1" | tr '+' ' '); do
		row=$(candidate "$id")
		files="$files $(echo "$row" | cut -f$c_file)" keys="$keys $(echo "$row" | cut -f$c_subsys)"
	done
	files=$(echo "$files" | tr ' ' '\n' | sort -u | grep .)
	keys=$(echo "$keys" | tr ' ' '\n' | sort -u | grep .)
	if [ "$(echo "$files" | wc -l)" = 1 ]; then
		echo "file $files"
	elif [ "$(echo "$keys" | wc -l)" = 1 ]; then
		echo "subsys $keys"
	else
		echo "subsys treewide"
	fi
}
# The subject's prefix for a key: a file's name in the kernel's usual
# spelling (sched/fair, x86/events/intel/ds, mm/page_alloc, jhash), or the
# subsystem.
subject_prefix() {
	case $1 in
	file) echo "$2" | sed 's/\.[ch]$//; s|^include/linux/||; s|^arch/x86/include/asm/|x86/|
		s|^arch/x86/|x86/|; s|^kernel/\(.*/\)|\1|; s|^include/||' ;;
	*) echo "$2" ;;
	esac
}

# Commits: the kept trials of one key go in one commit, where the first
# of them was kept, so that a long run's many small trials on one file
# make one patch, not one each.  A trial joins an earlier commit only when
# no commit after that one touches a file of its: its diff then applies
# there as it was made, and every commit stays in the order its files
# changed.  TDIR/commits: one line per commit, "KIND WHAT TID TID..."
# (commit_key's words, then the trials).
# touches "TIDS" FILES: does a trial of TIDS change one of FILES?
touches() { for t in $1; do if tfiles "$t" | grep -qxF "$2"; then return 0; fi; done; return 1; }
# trials_between A B: the trials of the commits after line A and before
# line B of TDIR/commits (B = 0: to the end)
trials_between() {
	awk -v a="$1" -v b="$2" 'NR > a && (b == 0 || NR < b) { for (k = 3; k <= NF; k++) print $k }' "$tdir/commits"
}
: >"$tdir/commits"
for tid in $ids; do
	key=$(commit_key "$tid")
	target=$(awk -v k="$key" '$1 " " $2 == k { n = NR } END { print n + 0 }' "$tdir/commits")
	if [ "$target" -gt 0 ]; then
		! touches "$(trials_between "$target" 0)" "$(tfiles "$tid")" || target=0
	fi
	if [ "$target" -gt 0 ]; then
		awk -v t="$target" -v id="$tid" 'NR == t { $0 = $0 " " id } { print }' "$tdir/commits" >"$tdir/commits.tmp"
		mv "$tdir/commits.tmp" "$tdir/commits"
	else
		echo "$key $tid" >>"$tdir/commits"
	fi
done

# A commit that saves under MIN_SAVING bytes (32) of the text symbols on
# its own is not worth a maintainer's read.  When a later commit touches
# its files, it joins the first such commit, if that one is of its
# subsystem (its diffs go first there, as they were made); when none
# does, it joins the last earlier commit of its subsystem, on the rule
# above, or else it is dropped.  Otherwise it stays.  A commit that gets
# another file's trials is named by its subsystem.  TDIR/emit.dropped
# lists each trial left out.
trial_saving() { awk -F'\t' -v id="$1" '$1 == id { print -$3 }' "$tdir/kept.figures"; }
commit_subsys() {
	for id in $(echo "$1" | tr '+ ' '\n\n' | grep .); do candidate "$id" | cut -f$c_subsys; done | sort -u | head -n 1
}
commit_files() { for t in $1; do tfiles "$t"; done | sort -u; }
echo "$ids" | tr ' ' '\n' | grep . | awk '{ print $0, NR }' >"$tdir/kept.order"
: >"$tdir/emit.dropped"
n_commits=$(wc -l <"$tdir/commits") i=1
while [ "$i" -le "$n_commits" ]; do
	line=$(sed -n "${i}p" "$tdir/commits")
	[ -n "$line" ] || { i=$((i + 1)); continue; }
	kind=$(echo "$line" | cut -d' ' -f1) what=$(echo "$line" | cut -d' ' -f2) tids=$(echo "$line" | cut -d' ' -f3-)
	saving=0
	for t in $tids; do saving=$((saving + $(trial_saving "$t"))); done
	if [ "$saving" -ge "${MIN_SAVING:-32}" ]; then i=$((i + 1)); continue; fi
	sub=$(commit_subsys "$tids") mine=$(commit_files "$tids")
	target=0 later=0 j=$((i + 1))
	while [ "$j" -le "$n_commits" ]; do
		other=$(sed -n "${j}p" "$tdir/commits" | cut -d' ' -f3-)
		if [ -n "$other" ] && touches "$other" "$mine"; then later=$j; break; fi
		j=$((j + 1))
	done
	if [ "$later" -gt 0 ]; then
		[ "$(commit_subsys "$(sed -n "${later}p" "$tdir/commits" | cut -d' ' -f3-)")" != "$sub" ] || target=$later
	else
		j=$((i - 1))
		while [ "$j" -ge 1 ]; do
			other=$(sed -n "${j}p" "$tdir/commits" | cut -d' ' -f3-)
			if [ -n "$other" ] && [ "$(commit_subsys "$other")" = "$sub" ]; then
				# nor may a commit between it and there touch its files
				touches "$(trials_between "$j" "$i")" "$mine" || target=$j
				break
			fi
			j=$((j - 1))
		done
	fi
	if [ "$target" -gt 0 ]; then
		# the trials of both, in the order they were kept
		awk -v t="$target" -v i="$i" -v key="$sub" -v add="$tids" -v kind="$kind" -v what="$what" '
			FILENAME == ARGV[1] { at[$1] = $2; next }
			FNR == t {
				if ($1 == "file" && !(kind == "file" && what == $2)) { $1 = "subsys"; $2 = key }
				n = split(add, a, " "); for (k = 1; k <= n; k++) $(NF + 1) = a[k]
				for (x = 4; x <= NF; x++) for (y = x; y > 3 && at[$y] < at[$(y - 1)]; y--) { s = $y; $y = $(y - 1); $(y - 1) = s }
			}
			FNR == i { $0 = "" } { print }' "$tdir/kept.order" "$tdir/commits" >"$tdir/commits.tmp"
		mv "$tdir/commits.tmp" "$tdir/commits"
		echo "  EMIT    $tids: $saving bytes, folded into the $sub commit $([ "$target" -lt "$i" ] && echo before || echo after) it"
	elif [ "$later" = 0 ]; then
		sed -i "${i}s/.*//" "$tdir/commits"
		for t in $tids; do echo "$t" >>"$tdir/emit.dropped"; done
		echo "  EMIT    $tids: $saving bytes, under ${MIN_SAVING:-32}: dropped"
	fi
	i=$((i + 1))
done
sed -i '/^$/d' "$tdir/commits"

while read -r kind what tids; do
	subsys=$(subject_prefix "$kind" "$what")
	: >"$tdir/export.body"
	: >"$tdir/export.figures"
	fns= pred=0 n=0 dt=0 ds=0 trials=0 calls=0
	for tid in $tids; do
		set -- $(awk -F'\t' -v id="$tid" '$1 == id { t = $2; f = $3 } END { print t, f }' "$tdir/kept.figures")
		t_dt=$1 t_ds=$2
		dt=$((dt + t_dt)) ds=$((ds + t_ds))
		git apply "$tdir/changes/$tid.diff"
		tpred=0
		# one line per function
		for id in $(echo "$tid" | tr '+' ' '); do
			row=$(candidate "$id")
			file=$(echo "$row" | cut -f$c_file) fn=$(echo "$row" | cut -f$c_name) mode=$(echo "$row" | cut -f$c_mode)
			home=$(echo "$row" | cut -f$c_home) sites=$(echo "$row" | cut -f$c_sites) units=$(echo "$row" | cut -f$c_units)
			bytes=$(echo "$row" | cut -f$c_bytes) p=$(echo "$row" | cut -f$c_predicted)
			case $mode in
			move) how="out of line, into $home" ;;
			noinline) how="noinline" ;;
			*) how="gcc decides" ;;
			esac
			echo "- $fn() ($file, $how): $sites expansions in $units unit$([ "$units" = 1 ] || echo s), $bytes bytes; predicted $p" >>"$tdir/export.body"
			fns="$fns${fns:+, }$fn()" pred=$((pred + p)) tpred=$((tpred + p)) n=$((n + 1)) calls=$((calls + sites))
		done
		trials=$((trials + 1))
		{
			echo
			echo "Trial $tid: predicted $tpred, functions $t_ds, .text $t_dt:"
			echo
			sed 's/^/  /' "$tdir/changes/$tid.bloat"
		} >>"$tdir/export.figures"
	done
	git add -A
	if [ "$n" -le 3 ] && [ ${#fns} -le 50 ]; then
		subject="$subsys: uninline $fns"
	else
		subject="$subsys: uninline $n functions"
	fi
	{
		echo "$subject"
		echo
		echo "Uninline what gcc 12 inlined here at a cost in size:"
		echo
		cat "$tdir/export.body"
		echo
		# (an editor from before it wrote notrace made the changes of an old run)
		if git diff --cached | grep -q '^+.*\bnotrace\b'; then
			echo "Each out-of-line copy is notrace, as the kernel's inline made it"
			echo "(compiler_types.h): code the tracer must not enter calls such helpers."
			echo
		fi
		if git diff --cached | grep -q '^+EXPORT_SYMBOL_GPL('; then
			echo "A moved function that a module may call (a .c file kbuild can build as a"
			echo "module names it, or a header does) is exported with EXPORT_SYMBOL_GPL(),"
			echo "as its inline was usable there; without modules that is no code at all."
			echo
		fi
		echo "Cost at run time: where gcc expanded them, $calls call$([ "$calls" = 1 ] || echo s) and returns, and"
		echo "the caller's eax, ecx and edx clobbered at each; the callers are the"
		echo "functions the tables below show shrinking."
		echo
		if [ "$trials" = 1 ]; then
			echo "Predicted saving: $pred bytes. Measured on top of the changes kept"
			echo "before it: functions $ds bytes, .text $dt bytes (tinykern deinline,"
			echo "booted under QEMU):"
		else
			echo "Predicted saving: $pred bytes. Measured in $trials trials, each on top of"
			echo "the changes kept before it: functions $ds bytes, .text $dt bytes in all"
			echo "(tinykern deinline, booted under QEMU).  Each trial's own figures:"
		fi
		cat "$tdir/export.figures"
		[ -z "${SIGNOFF:-}" ] || printf '\nSigned-off-by: %s\n' "$SIGNOFF"
	} | git commit -q -F -
done <"$tdir/commits"
rm -f "$tdir/export.figures" "$tdir/export.body"
git format-patch -q -o "$out.tmp" "$base"
{
	echo "# make deinline's series on $(basename "$tdir"), applied in order on the patched tree"
	echo "# target: linux-source $(cat "$src/.tinykern-version" 2>/dev/null || echo unknown)"
	(cd "$out.tmp" && ls *.patch 2>/dev/null || true)
} >"$out.tmp/series"
# the kernel's own style check of each patch, kept beside the series
errors=0
for p in "$out.tmp"/*.patch; do
	[ -e "$p" ] || continue
	perl "$src/scripts/checkpatch.pl" --no-tree --terse --no-summary --show-types "$p" >>"$out.tmp/checkpatch" 2>&1 || :
done
[ ! -e "$out.tmp/checkpatch" ] || errors=$(grep -c ': ERROR:' "$out.tmp/checkpatch" || :)
rm -rf "$out"
mv "$out.tmp" "$out"
echo "  SERIES  $(grep -c "\.patch$" "$out/series") patches in $out; checkpatch.pl: $errors errors ($out/checkpatch)"
