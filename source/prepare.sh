#!/bin/sh
# source: extract Debian's linux-source tarball and apply patches/series.
#   usage: prepare.sh TARBALL SERIES_DIR OUTDIR [NAME]
# or, for a variant's own tree, a copy of a patched tree with one more
# series on top (patches/deinline/ on build/src/linux):
#   usage: prepare.sh TREE SERIES_DIR OUTDIR NAME
# or, for a user's own tree (KSRC), a copy of it with the series made for
# its version on top:
#   usage: prepare.sh -k KSRC SERIES_DIR OUTDIR NAME
# where a patch that does not fit the tree is no failure: the copy is left
# as the tree stands, and OUTDIR/NAME/.tinykern-series says which patch
# failed (merge.sh adds it to the reason of each variant not available
# there).  A patch missing from the series, or one that fails after its
# dry run passed, still stops the run.
# SERIES_DIR "-" applies nothing: a tree of another version that no
# series of tinykern covers (TREES=6.12 before its series exists) is
# extracted as Debian ships it, and its variants that need a patch are
# reported as not available for it (tinyconfigs/merge.sh -u).
# The copy keeps every file's mtime, so a build folder seeded from the
# first tree's (kbuild/seed.sh) recompiles only what the series touches.
# It is made of hard links, not of copies (1.5 GB for 6.1): patch writes
# each file it changes anew and renames it into place, which leaves the
# first tree's file as it was, and nothing else here writes into a tree
# (kbuild builds in O= folders; trials copy theirs whole).
# The tree is built in OUTDIR/linux.tmp and renamed to OUTDIR/linux only
# after every patch applied (with -k, or none, when one did not fit), so a
# failed or interrupted run never leaves a half-patched tree that a later
# run would trust.  A rerun (new tarball or
# series) always starts from a fresh extraction, never patches twice.
# A failure is one line on stderr, "source: ...", also kept in
# $TINYKERN_CAUSES/source (when set) for the run's closing summary.
set -eu
user=
[ "${1:-}" != -k ] || { user=yes; shift; }
tarball=$1 series_dir=$2 out=$3 name=${4:-linux}
series=$series_dir/series
[ "$series_dir" != - ] || series=/dev/null
label=$(basename "$series_dir")/series
# The extracted and patched 6.1.192 tree takes 1,438 MiB (du -sm, measured
# here); extraction needs that much beside whatever tree is there now.
NEED_MIB=${SOURCE_NEED_MIB:-1500}

failed() {
	# a half tree goes first: on a full disk it is what took the room
	[ -z "${tmp:-}" ] || rm -rf "$tmp"
	echo "source: $*" >&2
	[ -z "${TINYKERN_CAUSES:-}" ] || { mkdir -p "$TINYKERN_CAUSES" && echo "source: $*" >"$TINYKERN_CAUSES/source"; }
	exit 1
}

[ -r "$tarball" ] || failed "$tarball: not found (apt-get install $(basename "$tarball" .tar.xz))"
[ ! -d "$tarball" ] || [ -n "$user" ] || [ -f "$tarball/.tinykern-version" ] || failed "$tarball: not a tree source/prepare.sh made"
[ -r "$series" ] || failed "$series: not found"

mkdir -p "$out"
free=$(df -Pm "$out" | awk 'NR == 2 { print $4 }')
[ "$free" -ge "$NEED_MIB" ] ||
	failed "$out: $free MiB free, extracting $(basename "$tarball") needs $NEED_MIB MiB"
tmp=$out/$name.tmp
rm -rf "$tmp"
trap 'rm -rf "$tmp" "$out/$name.cp-err"' EXIT
# a copy of a tree: hard links where the file system allows, a user
# tree's git metadata left out (kbuild's setlocalversion runs git in the
# tree it builds, and git may refresh its index in place)
copy_tree() {
	rm -rf "$tmp"
	# cp's first complaint is the reason given when no copy can be made
	if cp -al "$tarball" "$tmp" 2>"$out/$name.cp-err"; then
		echo "  COPY    $tarball to $out/$name (hard links)"
	elif [ -n "$user" ]; then
		rm -rf "$tmp"
		echo "  COPY    $tarball to $out/$name (another file system: a copy)"
		mkdir "$tmp"
		# both ends append: neither overwrites the other's complaint
		: >"$out/$name.cp-err"
		tar -C "$tarball" --exclude=./.git -cf - . 2>>"$out/$name.cp-err" | tar -C "$tmp" -xf - 2>>"$out/$name.cp-err" ||
			failed "copying $tarball to $tmp failed: $(head -n 1 "$out/$name.cp-err")"
	else
		failed "linking $tarball to $tmp failed: $(head -n 1 "$out/$name.cp-err")"
	fi
	rm -f "$out/$name.cp-err"
	# a file of tinykern's own in the tree (KSRC pointed at a copy of an
	# earlier run) would be written through its link below
	[ -z "$user" ] || rm -rf "$tmp/.git" "$tmp/.tinykern-series" "$tmp/.tinykern-version"
}
if [ -d "$tarball" ]; then
	copy_tree
else
	mkdir "$tmp"
	echo "  EXTRACT $(basename "$tarball")"
	# tar's errors go to a log outside OUTDIR (which may be the full disk):
	# the first one and how many more, not thousands
	log=$(mktemp "${TMPDIR:-/tmp}/tinykern-extract.XXXXXX")
	if ! tar -xJf "$tarball" -C "$tmp" --strip-components=1 2>"$log"; then
		more=$(($(wc -l <"$log") - 1))
		failed "extracting $tarball into $tmp failed: $(head -n 1 "$log")$([ "$more" -le 0 ] || echo " (and $more more lines in $log)")"
	fi
	rm -f "$log"
fi

have=$("$(dirname "$0")/kernelversion.sh" "$tmp") || failed "$tarball: no kernel version in its Makefile"
want=$(sed -n 's/^# *target: *linux-source \([^ ]*\).*/\1/p' "$series")
if [ -n "$want" ] && [ "$have" != "$want" ]; then
	echo "  WARNING $([ -n "$user" ] && echo "$tarball is Linux" || echo linux-source is) $have but $label was made for $want; trying it"
fi

# One patch at a time: dry-run first, so a failing patch changes nothing
# and the message can name the file it fails on (in $why_file).
what="linux-source $have"
[ -z "$user" ] || what="$tarball (Linux $have)"
why_file=$out/.$name.why
rm -f "$why_file"
# Exit 1: a patch does not fit the tree; 2: anything else.
command -v patch >/dev/null || failed "patch: not installed (apt-get install patch)"
apply_series() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$series" | while read -r p; do
		file=$series_dir/$p
		[ -r "$file" ] || { echo "$series: $p: no such patch" >"$why_file"; exit 2; }
		if ! log=$(patch -d "$tmp" -p1 --batch --forward --fuzz=0 --dry-run <"$file" 2>&1); then
			bad=$(printf '%s\n' "$log" | awk '
				/^(patching|checking) file /  { f = $3 }
				/FAILED|not found|No such file|malformed|Reversed/ { print f; exit }')
			why=$(printf '%s\n' "$log" | grep -m1 -E 'FAILED|not found|No such file|malformed|Reversed' || true)
			echo "$p does not apply to $what: ${bad:-?}: ${why:-$log}" >"$why_file"
			exit 1
		fi
		patch -d "$tmp" -p1 --batch --forward --fuzz=0 --quiet <"$file" ||
			{ echo "$p: patch failed on $tmp after its dry run passed" >"$why_file"; exit 2; }
		echo "  PATCH   $p"
	done
}
rc=0
apply_series || rc=$?
if [ "$rc" != 0 ]; then
	why=$(cat "$why_file" 2>/dev/null || echo "$label: applying it failed")
	rm -f "$why_file"
	[ -n "$user" ] && [ "$rc" = 1 ] || failed "$why"
	# a user's tree the series does not fit is built as it stands
	echo "  NOTE    $why; $tarball is built as it stands"
	copy_tree
	printf '%s\n' "$why" >"$tmp/.tinykern-series"
fi

if [ -n "$want" ] && [ "$have" != "$want" ]; then
	[ -e "$tmp/.tinykern-series" ] || echo "  NOTE    $label (made for $want) applies to $what"
fi
# a new file, not the first tree's, when this is a linked copy
rm -f "$tmp/.tinykern-version"
printf '%s\n' "$have" >"$tmp/.tinykern-version"
rm -rf "$out/$name"
mv "$tmp" "$out/$name"
