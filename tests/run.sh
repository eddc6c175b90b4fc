#!/bin/sh
# make check / check-slow / check-all: run the tests of a tier in order (or
# those TESTS numbers) and print one line per test and the closing
# "N passed, N failed" line.
#   usage: tests/run.sh [fast|slow|all]   (default fast)
# Every tests/NN-*.sh says its tier in its header, "# tier: fast" or
# "# tier: slow" (a test without one is an error, not a skipped test):
# - fast: `make check`, on the kernels `make` built (test 20 is that make,
#   and runs it when nothing is built yet); no full kernel build of its
#   own, at most a few incremental ones in copied folders;
# - slow: `make check-slow`, the properties that need a kernel `make` does
#   not build (the SMP -Oz kernel, another tree, a deinline build from an
#   empty folder, an allnoconfig kernel) or long loops of trial builds (the
#   advisor, option-cost).
# TESTS="40 45" runs those tests whatever their tier.
# Each test has 300 s (TEST_TIMEOUT), or what its own "# timeout: SECONDS"
# line says, more or less: a hung boot costs minutes, not an hour.  One
# that runs out is named and killed, and the others still run.  The end is
# a table of each test's wall time and the kernel builds it ran to their
# end: full (from an empty folder) and incremental, through
# kbuild/build.sh, and "other" (kbuild run on objects or a folder by the
# test itself: tests/lib.sh's count_build).  Last, the suite checks that it
# left what `make` made as it was: the report and each kernel's files
# (tests/made.sh), byte for byte.
set -u
cd "$(dirname "$0")/.."
export TOP=$PWD BUILD=${BUILD:-$PWD/build}
# the tests' own failures are not the causes of this run's failure
unset TINYKERN_CAUSES
tier=${1:-fast}
case $tier in fast|slow|all) ;; *) echo "run.sh: tier '$tier': fast, slow or all" >&2; exit 2 ;; esac
default_limit=${TEST_TIMEOUT:-300}
mkdir -p "$BUILD/tests"
export TINYKERN_BUILDS=$BUILD/tests/builds.txt
: >"$TINYKERN_BUILDS"
summary=$BUILD/tests/summary.txt
: >"$summary"
pass=0 fail=0 failed=
# TESTS="40 45" runs only those (by number), in order, whatever their tier
if [ -n "${TESTS:-}" ]; then
	list=$(for n in $TESTS; do ls tests/"$n"-*.sh 2>/dev/null || echo "tests/$n-no-such-test"; done)
else
	list=
	for t in tests/[0-9][0-9]-*.sh; do
		has=$(sed -n 's/^# tier: *\([a-z]*\) *$/\1/p' "$t" | head -n 1)
		case $has in
		fast|slow) ;;
		*) echo "run.sh: $t: no '# tier: fast' or '# tier: slow' line in its header" >&2; exit 2 ;;
		esac
		[ "$tier" = all ] || [ "$tier" = "$has" ] || continue
		list="$list $t"
	done
fi
# What make made, to compare with after the last test: taken before the
# first, and again after 20-integration, which is `make` and may build
# (on a fresh machine, or when the kernels are older than their inputs)
made_before=$BUILD/tests/made-before.txt
rm -f "$made_before"
snapshot() { rm -f "$made_before"; ! tests/made.sh "$BUILD" >"$made_before.tmp" || mv "$made_before.tmp" "$made_before"; }
snapshot
for t in $list; do
	name=$(basename "$t" .sh)
	log=$BUILD/tests/$name.log
	start=$(date +%s)
	limit=$(sed -n 's/^# timeout: *\([0-9][0-9]*\)$/\1/p' "$t" | head -n 1)
	[ -n "$limit" ] || limit=$default_limit
	builds_before=$(wc -l <"$TINYKERN_BUILDS")
	echo "  TEST    $name"
	timeout -k 10 "$limit" sh "$t" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	# "full N" "incremental N" "other N" and seconds building, of this test's builds
	set -- $(tail -n +$((builds_before + 1)) "$TINYKERN_BUILDS" |
		awk '$1 == "full" { f++ } $1 == "incremental" { i++ } $1 == "other" { o++ } { s += $2 }
			END { print f + 0, i + 0, o + 0, s + 0 }')
	full=$1 incr=$2 other=$3 build_secs=$4
	if [ $rc = 0 ]; then
		pass=$((pass + 1))
		echo "  ok      $name (${secs}s)"
		verdict=ok
	else
		fail=$((fail + 1)) failed="$failed $name"
		if [ $rc = 124 ] || [ $rc = 137 ]; then
			echo "  FAILED  $name: ran out of time (${limit}s) and was killed; last lines of $log:"
			verdict=timeout
		else
			echo "  FAILED  $name (${secs}s), last lines of $log:"
			verdict=FAILED
		fi
		tail -n 25 "$log" | sed 's/^/  | /'
	fi
	printf '%-24s %7s %6ds %5d %11d %5d %9ds\n' "$name" "$verdict" "$secs" "$full" "$incr" "$other" "$build_secs" >>"$summary"
	[ "$name" != 20-integration ] || snapshot
done
# The suite leaves make's report and kernels as make left them
if [ -e "$made_before" ]; then
	echo "  TEST    make's report and kernels unchanged by the suite"
	tests/made.sh "$BUILD" >"$BUILD/tests/made-after.txt" 2>&1
	if diff "$made_before" "$BUILD/tests/made-after.txt" >"$BUILD/tests/made.diff"; then
		pass=$((pass + 1))
		echo "  ok      make's report and kernels unchanged ($(wc -l <"$made_before") files)"
	else
		fail=$((fail + 1)) failed="$failed made-unchanged"
		echo "  FAILED  the suite changed what make made (checksum and file, before < and after >):"
		sed 's/^/  | /' "$BUILD/tests/made.diff" | head -n 30
	fi
elif [ "$tier" != slow ] && [ -z "${TESTS:-}" ]; then
	# the fast tier's test 20 is make: its report must be there by now
	fail=$((fail + 1)) failed="$failed made-unchanged"
	echo "  FAILED  no report of make's in $BUILD after the suite: nothing to compare"
else
	echo "  NOTE    no report of make's in $BUILD: the check that the suite leaves it as it was did not run"
fi
echo
printf '%-24s %7s %7s %5s %11s %5s %10s\n' test result wall full incremental other building
cat "$summary"
awk '$1 == "full" { f++; fs += $2 } $1 == "incremental" { i++; is += $2 } $1 == "other" { o++; os += $2 }
	END { printf "kernel builds run by the tests: %d full (%dm%02ds), %d incremental (%dm%02ds), %d other (%dm%02ds)\n",
		f, fs / 60, fs % 60, i, is / 60, is % 60, o, os / 60, os % 60 }' "$TINYKERN_BUILDS"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
