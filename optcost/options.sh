#!/bin/sh
# options: the options a config's fragment chain sets, each flipped, as
# option-cost.sh reads them: "SYMBOL off" for one a fragment turns on
# (what it costs is what removing it saves), "SYMBOL on" for one it turns
# off (what adding it would cost).
#   usage: options.sh FRAGMENT...   (the config's own first, then its bases)
# A symbol set by several fragments is taken from the first: the config's
# own setting wins over its base's, as in the merge.  A full .config that
# a chain ends in (kconfig's header on it) is left out.
set -eu
[ $# -ge 1 ] || { echo "usage: options.sh FRAGMENT..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "options: $f: not found" >&2; exit 1; }
	# a full .config at the chain's end ("# base: path") sets every
	# symbol of the kernel: what it chose is not a list of options
	! head -n 3 "$f" | grep -q '^# Automatically generated file; DO NOT EDIT\.$' || continue
	sed -n -e "s|^CONFIG_\([A-Za-z0-9_]*\)=[ym]\$|\1 off # $(basename "$f")|p" \
		-e "s|^# CONFIG_\([A-Za-z0-9_]*\) is not set\$|\1 on # $(basename "$f")|p" "$f"
done | awk '!seen[$1]++'
