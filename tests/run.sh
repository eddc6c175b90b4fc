#!/bin/sh
# make check: run every tests/NN-*.sh in order and print one line per test
# and the closing "N passed, N failed" line.  Tests share the main build
# folder, so later ones reuse the kernels the integration test built.
# Each test has TEST_TIMEOUT seconds (default 1200); one that runs out is
# named and killed, and the others still run.  The end is a table of each
# test's wall time and the kernel builds it started (kbuild/build.sh
# writes one line per build into $TINYKERN_BUILDS).
set -u
cd "$(dirname "$0")/.."
export TOP=$PWD BUILD=${BUILD:-$PWD/build}
# the tests' own failures are not the causes of this run's failure
unset TINYKERN_CAUSES
limit=${TEST_TIMEOUT:-1200}
mkdir -p "$BUILD/tests"
export TINYKERN_BUILDS=$BUILD/tests/builds.txt
: >"$TINYKERN_BUILDS"
summary=$BUILD/tests/summary.txt
: >"$summary"
pass=0 fail=0 failed=
for t in tests/[0-9][0-9]-*.sh; do
	name=$(basename "$t" .sh)
	log=$BUILD/tests/$name.log
	start=$(date +%s)
	before=$(wc -l <"$TINYKERN_BUILDS")
	echo "  TEST    $name"
	timeout -k 10 "$limit" sh "$t" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	builds=$(( $(wc -l <"$TINYKERN_BUILDS") - before ))
	if [ $rc = 0 ]; then
		pass=$((pass + 1))
		echo "  ok      $name (${secs}s)"
		verdict=ok
	else
		fail=$((fail + 1)) failed="$failed $name"
		if [ $rc = 124 ] || [ $rc = 137 ]; then
			echo "  FAILED  $name: ran out of time (TEST_TIMEOUT=${limit}s) and was killed; last lines of $log:"
			verdict=timeout
		else
			echo "  FAILED  $name (${secs}s), last lines of $log:"
			verdict=FAILED
		fi
		tail -n 25 "$log" | sed 's/^/  | /'
	fi
	printf '%-24s %7s %6ds %7d\n' "$name" "$verdict" "$secs" "$builds" >>"$summary"
done
echo
printf '%-24s %7s %7s %7s\n' test result "wall" builds
cat "$summary"
echo "kernel builds started by the tests: $(wc -l <"$TINYKERN_BUILDS")"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
