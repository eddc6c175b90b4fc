#!/bin/sh
# emit: the advisor's kept changes as a git-format-patch series.
#   usage: emit.sh TDIR SRCTREE
# A git repository of the scratch tree's touched files (TDIR/export) gets
# the files as SRCTREE has them, then one commit per kept change, in the
# order kept, each with the journal's figures and `tksize diff` output
# for that change alone; `git format-patch` writes TDIR/series/, with a
# series file, ready for patches/ or `git am` onto the patched tree.
# Only changes a boot confirmed go in.  SIGNOFF="Name <mail>" adds a
# Signed-off-by line to each, for a series someone reviewed and ships
# (patches/deinline/); the series file names the tree it applies to.
set -eu
tdir=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
journal=$tdir/journal
out=$tdir/series
# the kept trials a boot confirmed, in the order kept: those not undone,
# up to confirmed/.last
ids=$(awk -F'\t' -v last="$(cat "$tdir/confirmed/.last" 2>/dev/null)" '
	$1 == "kept" { k[++n] = $2 }
	$1 == "unkept" { for (i = 1; i <= n; i++) if (k[i] == $2) k[i] = "" }
	END { if (last != "") for (i = 1; i <= n; i++) if (k[i] != "") { print k[i]; if (k[i] == last) break } }' "$journal")
rm -rf "$tdir/export" "$out.tmp"
mkdir -p "$tdir/export" "$out.tmp"
cd "$tdir/export"
git init -q
git config user.name "tinykern deinline"
git config user.email "deinline@tinykern.invalid"
files=$(for id in $ids; do sed -n 's|^+++ b/||p' "$tdir/changes/$id.diff"; done | sort -u)
for f in $files; do
	mkdir -p "$(dirname "$f")"
	cp "$src/$f" "$f"
done
git add -A
git commit -q --allow-empty -m "base: the patched tree's files the series touches"
base=$(git rev-parse HEAD)
for tid in $ids; do
	kept=$(awk -F'\t' -v id="$tid" '$1 == "kept" && $2 == id' "$journal" | tail -n 1)
	dt=$(echo "$kept" | cut -f4) ds=$(echo "$kept" | cut -f7)
	git apply "$tdir/changes/$tid.diff"
	git add -A
	# one line per function, and what the subject is made of
	: >"$tdir/export.body"
	files= keys= fns= pred=0 n=0 mode=
	for id in $(echo "$tid" | tr '+' ' '); do
		row=$(awk -F'\t' -v id="$id" '$1 == id' "$tdir/candidates")
		file=$(echo "$row" | cut -f2) fn=$(echo "$row" | cut -f4) mode=$(echo "$row" | cut -f6)
		home=$(echo "$row" | cut -f7) sites=$(echo "$row" | cut -f8) units=$(echo "$row" | cut -f9)
		bytes=$(echo "$row" | cut -f10) p=$(echo "$row" | cut -f14) key=$(echo "$row" | cut -f17)
		case $mode in
		move) how="out of line, into $home" ;;
		noinline) how="noinline" ;;
		*) how="gcc decides" ;;
		esac
		echo "- $fn() ($file, $how): $sites expansions in $units unit$([ "$units" = 1 ] || echo s), $bytes bytes; predicted $p" >>"$tdir/export.body"
		files="$files $file" keys="$keys $key" fns="$fns${fns:+, }$fn()" pred=$((pred + p)) n=$((n + 1))
	done
	# the subject's prefix: one file's name in the kernel's usual spelling
	# (sched/fair, x86/events/intel/ds, mm/page_alloc, jhash), else the
	# subsystem the group's definitions land in, else treewide
	files=$(echo "$files" | tr ' ' '\n' | sort -u | grep .)
	keys=$(echo "$keys" | tr ' ' '\n' | sort -u | grep .)
	if [ "$(echo "$files" | wc -l)" = 1 ]; then
		subsys=$(echo "$files" | sed 's/\.[ch]$//; s|^include/linux/||; s|^arch/x86/include/asm/|x86/|
			s|^arch/x86/|x86/|; s|^kernel/\(.*/\)|\1|; s|^include/||')
	elif [ "$(echo "$keys" | wc -l)" = 1 ]; then
		subsys=$keys
	else
		subsys=treewide
	fi
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
		echo "Predicted saving: $pred bytes. Measured on top of the changes before"
		echo "it: functions $ds bytes, .text $dt bytes (tinykern deinline, trial"
		echo "$tid, booted under QEMU):"
		echo
		sed 's/^/  /' "$tdir/changes/$tid.bloat"
		[ -z "${SIGNOFF:-}" ] || printf '\nSigned-off-by: %s\n' "$SIGNOFF"
	} | git commit -q -F -
done
rm -f "$tdir/export.body"
git format-patch -q -o "$out.tmp" "$base"
{
	echo "# make deinline's series on $(basename "$tdir"), applied in order on the patched tree"
	echo "# target: linux-source $(cat "$src/.tinykern-version" 2>/dev/null || echo unknown)"
	(cd "$out.tmp" && ls *.patch 2>/dev/null || true)
} >"$out.tmp/series"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "  SERIES  $(grep -c "\.patch$" "$out/series") patches in $out"
