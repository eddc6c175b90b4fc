# Helpers sourced by the tests: each prints what it checks and fails loudly.
set -eu
: "${TOP:?run tests through tests/run.sh}" "${BUILD:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# expect_grep PATTERN FILE WHAT
expect_grep() { grep -q -E -- "$1" "$2" || { cat "$2" >&2; fail "$3: no line matching '$1' in $2"; }; }
# expect_last_cause PATTERN FILE: a failed run's output ends with its
# cause, "tinykern: FAILED:" and the cause indented, and only make's own
# closing line after it
expect_last_cause() {
	tail -n 3 "$2" >"$2.last"
	expect_grep "^tinykern: FAILED:$" "$2.last" "closing summary"
	expect_grep "^  $1$" "$2.last" "the cause in the last lines"
}
scratch() { d=$BUILD/tests/$1; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }
