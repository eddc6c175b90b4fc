#!/bin/sh
# make check: run every tests/NN-*.sh in order and print one line per test
# and the closing "N passed, N failed" line.  Tests share the main build
# folder, so later ones reuse the kernels the integration test built.
set -u
cd "$(dirname "$0")/.."
export TOP=$PWD BUILD=${BUILD:-$PWD/build}
# the tests' own failures are not the causes of this run's failure
unset TINYKERN_CAUSES
pass=0 fail=0 failed=
for t in tests/[0-9][0-9]-*.sh; do
	name=$(basename "$t" .sh)
	log=$BUILD/tests/$name.log
	mkdir -p "$BUILD/tests"
	start=$(date +%s)
	echo "  TEST    $name"
	if sh "$t" >"$log" 2>&1; then
		pass=$((pass + 1))
		echo "  ok      $name ($(( $(date +%s) - start ))s)"
	else
		fail=$((fail + 1)) failed="$failed $name"
		echo "  FAILED  $name ($(( $(date +%s) - start ))s), last lines of $log:"
		tail -n 25 "$log" | sed 's/^/  | /'
	fi
done
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
