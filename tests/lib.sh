# Helpers sourced by the tests: each prints what it checks and fails loudly.
set -eu
: "${TOP:?run tests through tests/run.sh}" "${BUILD:?}"

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# expect_grep PATTERN FILE WHAT
expect_grep() { grep -q -E -- "$1" "$2" || { cat "$2" >&2; fail "$3: no line matching '$1' in $2"; }; }
scratch() { d=$BUILD/tests/$1; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }
