#!/bin/sh
# front-door: what a newcomer's two commands cost, from a clean clone.
#   usage: bench/front-door.sh [WORKDIR]   (default build/front-door; `make bench-front-door`)
# Clones the committed HEAD into WORKDIR/clone, empties a ccache of its own,
# and times, as README's two commands run them:
#   (1) `make`, cold: no build/, an empty ccache; the kernels it built;
#   (2) a no-op rerun of `make`;
#   (3) `make check` after it: the kernel builds the tests started, full
#       and incremental, from its closing table.
# The package install is not counted: deps/ runs first, untimed.  Targets
# (issue 11): (1) <= 15 min, (2) <= 2 s, (3) <= 15 min with at most 3 full
# builds.  Set FRONT_DOOR_CHECK=no to stop after (2).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/build/front-door}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
mmss() { awk -v s="$1" 'BEGIN { printf "%dm%02ds", s / 60, s % 60 }'; }
say() { echo "front-door: $*"; }

# as a newcomer's shell: nothing from the make that started this (its lock,
# flags and exported settings)
unset TINYKERN_LOCKED TINYKERN_CAUSES TINYKERN_BUILDS MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES \
	CC JOBS HOSTCC CCACHE_DIR
rm -rf "$work"
mkdir -p "$work"
git clone -q "$top" "$work/clone"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] ||
	say "note: $top has uncommitted changes; the clone has HEAD $(git -C "$top" rev-parse --short HEAD) only"
export CCACHE_DIR="$work/ccache"
mkdir -p "$CCACHE_DIR"
cd "$work/clone"
make -s deps >/dev/null

say "(1) make, cold (clean clone, empty ccache)"
t0=$(now)
make >"$work/make.log" 2>&1 || { tail -n 20 "$work/make.log"; say "make failed; see $work/make.log"; exit 1; }
t_make=$(since "$t0")
kernels=$(grep -c '^  BUILD   ' "$work/make.log" || true)
ccache_line=$(sed -n 's/^  CCACHE  //p' "$work/make.log")

say "(2) no-op rerun"
t0=$(now)
make >"$work/noop.log" 2>&1
t_noop=$(since "$t0")

t_check= check_builds=
if [ "${FRONT_DOOR_CHECK:-yes}" != no ]; then
	say "(3) make check after it"
	t0=$(now)
	make check >"$work/check.log" 2>&1 || say "make check failed; see $work/check.log"
	t_check=$(since "$t0")
	check_builds=$(sed -n 's/^kernel builds run by the tests: //p' "$work/check.log")
	check_result=$(tail -n 1 "$work/check.log" | grep -E 'passed' || tail -n 3 "$work/check.log" | grep -E 'passed')
fi

{
	echo "tinykern front door, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)," \
		"$(nproc) cores, $(gcc -dumpfullversion), ccache $(ccache --version | sed -n '1s/.* //p')"
	printf '(1) make, cold            %9s  %s kernels built; ccache %s   target <= 15m\n' \
		"$(mmss "$t_make")" "$kernels" "$ccache_line"
	printf '(2) no-op rerun of make   %8ss   target <= 2 s\n' "$t_noop"
	if [ -n "$t_check" ]; then
		printf '(3) make check after it   %9s  kernel builds: %s; %s   target <= 15m, <= 3 full\n' \
			"$(mmss "$t_check")" "$check_builds" "$check_result"
		printf '    both commands         %9s   target <= 30m\n' "$(mmss "$(awk -v a="$t_make" -v b="$t_check" 'BEGIN { print a + b }')")"
	fi
} | tee "$work/front-door.txt"
