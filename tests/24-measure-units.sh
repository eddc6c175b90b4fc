# measure/: the pure functions of tksize's lower layers (ranges, paths,
# journal fields, the name map, Spearman's rho, budgets, and report.json's
# and attribution.json's records written and read back), each against
# values worked out by hand in measure/unit-tests.c, which says each check
# that fails.
# tier: fast
. "$(dirname "$0")/lib.sh"
d=$(scratch measure-units)
cd "$TOP"
make -s -C measure unit O="$d" >"$d/unit.txt" 2>&1 || { cat "$d/unit.txt"; fail "measure's unit tests failed (above)"; }
expect_grep '^unit-tests: [0-9]+ checks, 0 failed$' "$d/unit.txt" "the unit tests' count"
n=$(sed -n 's/^unit-tests: \([0-9]*\) checks.*/\1/p' "$d/unit.txt")
[ "$n" -ge 50 ] || fail "only $n unit checks ran"
ok "$n unit checks of measure's lower layers pass"
