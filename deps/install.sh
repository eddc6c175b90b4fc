#!/bin/sh
# deps: install the Debian packages named in deps/packages.list that are
# missing.  As root it runs apt-get; otherwise it prints the exact command
# and fails, so nothing half-installed is left behind.
#   usage: install.sh [LIST]  |  install.sh -p PACKAGE...
# -p names packages wanted only by some runs (linux-source-6.12 for
# TREES=6.12), installed when that run first needs them.
set -eu
if [ "${1:-}" = -p ]; then
	shift
	wanted="$*"
else
	list=${1:-$(dirname "$0")/packages.list}
	wanted=$(grep -v '^#' "$list")
fi

missing=
for pkg in $wanted; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
	case $status in
	*"install ok installed"*) ;;
	*) missing="$missing $pkg" ;;
	esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing" >&2
	echo "deps: run as root: apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
echo "  APT     installing:$missing"
export DEBIAN_FRONTEND=noninteractive
"$(dirname "$0")/apt-update.sh"
# shellcheck disable=SC2086 # word splitting of the package list is wanted
if ! apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
	echo "deps: apt-get install failed for:$missing" >&2
	[ -z "${TINYKERN_CAUSES:-}" ] ||
		{ mkdir -p "$TINYKERN_CAUSES" && echo "deps: apt-get install failed for:$missing" >"$TINYKERN_CAUSES/deps"; }
	exit 1
fi
