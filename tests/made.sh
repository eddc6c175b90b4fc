#!/bin/sh
# made: the checksums of what `make` made in BUILD, one "sha256  path" a
# line: build/report.{md,json,html}, and for each kernel the report names,
# the files make wrote into its folder (not kbuild's obj/, nor logs).
#   usage: tests/made.sh BUILD
# Exits 1 when BUILD holds no report yet.  tests/run.sh compares its
# output before the first test and after the last: the suite must leave
# make's results as they were, so that a user who runs `make` and then
# `make check` opens the report `make` wrote.
set -eu
b=$1
[ -s "$b/report.json" ] || exit 1
cd "$b"
{
	ls report.md report.json report.html 2>/dev/null
	jq -r '.kernels[].name' report.json | tr / - | while read -r k; do
		for f in vmlinux bzImage config vmlinux.map stack.su inline.txt attribution.json \
			boot.result minram.result build.objects; do
			[ ! -e "kernels/$k/$f" ] || echo "kernels/$k/$f"
		done
	done
} | sort -u | xargs -r sha256sum
