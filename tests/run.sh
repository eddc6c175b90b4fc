#!/bin/sh
# make check: run every tests/NN-*.sh in order (or those TESTS numbers) and print one line per test
# and the closing "N passed, N failed" line.  Tests share the main build
# folder, so later ones reuse the kernels the integration test built.
# Each test has TEST_TIMEOUT seconds (default 1200), or what its own
# "# timeout: SECONDS" line asks for if that is more (the integration test, which is the
# cold `make` on a fresh machine); one that runs out is named and killed,
# and the others still run.  The end is a table of each test's wall time
# and the kernel builds it ran to their end, full (from an empty folder)
# and incremental (kbuild/build.sh writes one line per build into
# $TINYKERN_BUILDS; a build killed halfway writes none).
set -u
cd "$(dirname "$0")/.."
export TOP=$PWD BUILD=${BUILD:-$PWD/build}
# the tests' own failures are not the causes of this run's failure
unset TINYKERN_CAUSES
default_limit=${TEST_TIMEOUT:-1200}
mkdir -p "$BUILD/tests"
export TINYKERN_BUILDS=$BUILD/tests/builds.txt
: >"$TINYKERN_BUILDS"
summary=$BUILD/tests/summary.txt
: >"$summary"
pass=0 fail=0 failed=
# TESTS="40 45" runs only those (by number), in order
if [ -n "${TESTS:-}" ]; then
	list=$(for n in $TESTS; do ls tests/"$n"-*.sh 2>/dev/null || echo "tests/$n-no-such-test"; done)
else
	list=$(ls tests/[0-9][0-9]-*.sh)
fi
for t in $list; do
	name=$(basename "$t" .sh)
	log=$BUILD/tests/$name.log
	start=$(date +%s)
	# the larger of the test's own limit and TEST_TIMEOUT
	limit=$(sed -n 's/^# timeout: *\([0-9][0-9]*\)$/\1/p' "$t" | head -n 1)
	[ -n "$limit" ] && [ "$limit" -ge "$default_limit" ] || limit=$default_limit
	builds_before=$(wc -l <"$TINYKERN_BUILDS")
	echo "  TEST    $name"
	timeout -k 10 "$limit" sh "$t" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	# "full N" "incremental N" and seconds building, of this test's builds
	set -- $(tail -n +$((builds_before + 1)) "$TINYKERN_BUILDS" |
		awk '$1 == "full" { f++ } $1 == "incremental" { i++ } { s += $2 } END { print f + 0, i + 0, s + 0 }')
	full=$1 incr=$2 build_secs=$3
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
	printf '%-24s %7s %6ds %5d %11d %9ds\n' "$name" "$verdict" "$secs" "$full" "$incr" "$build_secs" >>"$summary"
done
echo
printf '%-24s %7s %7s %5s %11s %10s\n' test result wall full incremental building
cat "$summary"
awk '$1 == "full" { f++; fs += $2 } $1 == "incremental" { i++; is += $2 }
	END { printf "kernel builds run by the tests: %d full (%dm%02ds), %d incremental (%dm%02ds)\n",
		f, fs / 60, fs % 60, i, is / 60, is % 60 }' "$TINYKERN_BUILDS"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
