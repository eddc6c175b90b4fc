#!/bin/sh
# front-door: what a newcomer's commands cost, from a clean clone.
#   usage: bench/front-door.sh [WORKDIR]   (default build/front-door; `make bench-front-door`)
# Clones the committed HEAD into WORKDIR/clone, empties a ccache of its own,
# and times, as the README's commands run them:
#   (1) `make`, cold: no build/, an empty ccache; and the sum of its
#       kernels' raw kbuild times (each kernel's build.seconds), which a
#       cold make cannot go below;
#   (2) a no-op rerun of `make`;
#   (3) `make check` after it, and the kernel builds the tests started;
#   (4) `make check-slow` after that;
#   (5) a second clone in another folder, at another depth, whose `make`
#       rebuilds the kernels from the ccache the first one filled: its
#       time, its ccache hit rate, and whether each of its kernels holds
#       the first clone's allocated bytes (tests/same-code.sh).
# The package install is not counted: deps/ runs first, untimed.  The
# targets are printed beside each figure.  FRONT_DOOR_CHECK=no skips (3)
# and (4); FRONT_DOOR_SLOW=no skips (4).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/build/front-door}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
mmss() { awk -v s="$1" 'BEGIN { printf "%dm%02ds", s / 60, s % 60 }'; }
say() { echo "front-door: $*"; }
# the closing "N passed, N failed" line of a test run's log
passed() { grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1; }

# as a newcomer's shell: nothing from the make that started this (its lock,
# flags and exported settings)
unset TINYKERN_LOCKED TINYKERN_CAUSES TINYKERN_BUILDS MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES \
	CC JOBS HOSTCC CCACHE_DIR REPORT
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
t_kbuild=$(cat build/kernels/*/build.seconds | awk '{ s += $1 } END { print s + 0 }')

say "(2) no-op rerun"
t0=$(now)
make >"$work/noop.log" 2>&1
t_noop=$(since "$t0")

t_check= t_slow=
if [ "${FRONT_DOOR_CHECK:-yes}" != no ]; then
	say "(3) make check after it"
	t0=$(now)
	make check >"$work/check.log" 2>&1 || say "make check failed; see $work/check.log"
	t_check=$(since "$t0")
	check_builds=$(sed -n 's/^kernel builds run by the tests: //p' "$work/check.log")
	check_result=$(passed "$work/check.log")
	if [ "${FRONT_DOOR_SLOW:-yes}" != no ]; then
		say "(4) make check-slow after it"
		t0=$(now)
		make check-slow >"$work/check-slow.log" 2>&1 || say "make check-slow failed; see $work/check-slow.log"
		t_slow=$(since "$t0")
		slow_builds=$(sed -n 's/^kernel builds run by the tests: //p' "$work/check-slow.log")
		slow_result=$(passed "$work/check-slow.log")
	fi
fi

# (5) a second clone, in a folder of another depth, with the first's ccache
say "(5) a second clone in another folder, from the first clone's ccache"
second=$work/elsewhere/at/another/depth/clone
git clone -q "$top" "$second"
cd "$second"
t0=$(now)
make >"$work/second.log" 2>&1 || { tail -n 20 "$work/second.log"; say "the second clone's make failed; see $work/second.log"; exit 1; }
t_second=$(since "$t0")
second_ccache=$(sed -n 's/^  CCACHE  //p' "$work/second.log")
same=0 differ=
for k in "$work"/clone/build/kernels/*/vmlinux; do
	name=$(basename "$(dirname "$k")")
	[ -e "$second/build/kernels/$name/vmlinux" ] || continue
	if "$top/tests/same-code.sh" "$k" "$second/build/kernels/$name/vmlinux" >/dev/null 2>&1; then
		same=$((same + 1))
	else
		differ="$differ $name"
	fi
done
cd "$work/clone"

{
	echo "tinykern front door, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)," \
		"$(nproc) cores, $(gcc -dumpfullversion), ccache $(ccache --version | sed -n '1s/.* //p')"
	printf '(1) make, cold            %9s  %s kernels built; ccache %s\n' "$(mmss "$t_make")" "$kernels" "$ccache_line"
	printf '    its kbuild runs       %9s  make/kbuild %.2f   target <= 1.15\n' "$(mmss "$t_kbuild")" \
		"$(awk -v a="$t_make" -v b="$t_kbuild" 'BEGIN { print b ? a / b : 0 }')"
	printf '(2) no-op rerun of make   %8ss   target <= 2 s\n' "$t_noop"
	if [ -n "$t_check" ]; then
		printf '(3) make check after it   %9s  kernel builds: %s; %s   target <= 15m, no full build\n' \
			"$(mmss "$t_check")" "$check_builds" "$check_result"
	fi
	if [ -n "$t_slow" ]; then
		printf '(4) make check-slow       %9s  kernel builds: %s; %s   target <= 30m\n' \
			"$(mmss "$t_slow")" "$slow_builds" "$slow_result"
		printf '    make + check-all      %9s   target <= 65m (an empty ccache)\n' \
			"$(mmss "$(awk -v a="$t_make" -v b="$t_check" -v c="$t_slow" 'BEGIN { print a + b + c }')")"
	fi
	printf '(5) second clone, make    %9s  ccache %s   target <= 6m, >= 95%% hits\n' "$(mmss "$t_second")" "$second_ccache"
	printf '    its kernels           %d the first clone'"'"'s allocated bytes%s\n' "$same" \
		"${differ:+; differ:$differ}"
} | tee "$work/front-door.txt"
