#!/bin/sh
# deps: apt-get update, tried again when it fails.  A Debian mirror caught
# in a sync serves an index of the wrong size ("File has unexpected size
# ... Mirror sync in progress?"), and apt-get update exits 100 though it
# read every other index.  Seen here on 2026-12-05, on bookworm-security's
# i386 index: that one failed update cost a cold `make` the boots of all
# its kernels.  So it is tried APT_UPDATE_TRIES times (3), APT_UPDATE_PAUSE
# seconds apart (20), and a last failure is a warning, not an error: the
# install or download that comes next says whether what apt has will do.
#   usage: apt-update.sh   (as root)
set -u
tries=${APT_UPDATE_TRIES:-3} pause=${APT_UPDATE_PAUSE:-20}
n=1
while ! out=$(apt-get update -qq 2>&1); do
	why=$(printf '%s\n' "$out" | grep -m1 '^E:' || printf '%s\n' "$out" | tail -n 1)
	if [ "$n" -ge "$tries" ]; then
		echo "  APT     apt-get update failed $n times, going on with the indexes apt has: $why" >&2
		exit 0
	fi
	echo "  APT     apt-get update failed, trying again in ${pause}s ($n of $tries): $why" >&2
	sleep "$pause"
	n=$((n + 1))
done
