#!/bin/sh
# build: build one kernel out of tree from its prepared .config.
#   usage: build.sh SRCTREE KDIR NAME [I/N]
# KDIR/obj is the O= folder (its .config comes from tinyconfigs/merge.sh).
# On success vmlinux, bzImage and config (and vmlinux.map, when the config
# makes one) are copied to KDIR, each by an
# atomic rename, so an interrupted build never leaves a file that looks done.
# Every object is compiled with gcc's -fstack-usage (it writes a .su file
# beside each object and leaves the code alone; tests/81 proves it), and the
# frames of the objects linked into vmlinux are gathered into KDIR/stack.su
# by stack-usage.sh.
# kbuild itself runs through kmake.sh, as every build of the project does.
# Environment: BUILD_EXPECT (the objects this build should compile, for
# its progress lines: an incremental trial's, not the whole kernel's), CC
# (default "ccache gcc"), JOBS (default nproc), KCFLAGS
# (added to, not replaced), STACK_USAGE=no to build without -fstack-usage
# (tests/81 does, to show the flag changes no code).
set -u

# Every 30 s while kbuild runs: the objects compiled so far (its "  CC"
# lines) out of those a finished build of this folder, or of another kernel
# of the same config, holds, and the time left at the rate so far.  A cold
# build is never silent for more than half a minute.
progress() {
	expected=${BUILD_EXPECT:-}
	[ -n "$expected" ] || expected=$(cat "$kdir/build.objects" 2>/dev/null ||
		cat "$(dirname "$kdir")/${name%%/*}-"*/build.objects 2>/dev/null | sort -n | tail -n 1)
	# $$ is build.sh itself: a background job of a script ignores SIGINT,
	# so the ticker ends by itself once a signal has ended the build.
	# sleep holds no copy of stdout: killed with the ticker, it would
	# otherwise keep a caller's pipe open for up to 30 s
	while sleep 30 >/dev/null 2>&1 && kill -0 $$ 2>/dev/null; do
		done=$(grep -c '^  CC ' "$log" 2>/dev/null || true)
		secs=$(( $(date +%s) - start ))
		if [ -n "$expected" ] && [ "${done:-0}" -gt 0 ] && [ "$done" -lt "$expected" ]; then
			left=$(( secs * (expected - done) / done ))
			echo "  ...     $name: $done of ~$expected objects compiled in ${secs}s, about $((left / 60))m$(printf '%02d' $((left % 60)))s left"
		else
			echo "  ...     $name: ${done:-0} objects compiled in ${secs}s"
		fi
	done
}

# All in one function, so the shell has read the whole script before kbuild
# starts: editing this file during a build cannot derail the build.
main() {
	here=$(cd "$(dirname "$0")" && pwd)
	src=$1 kdir=$2 name=$3 place=${4:+ [$4]}
	obj=$kdir/obj
	log=$kdir/build.log
	jobs=${JOBS:-$(nproc)}

	# What a failure leaves: KDIR/failed, "build: first error line", which
	# the report names for this kernel, and the same in $TINYKERN_CAUSES
	# for the run's closing summary.
	rm -f "$kdir/failed"
	failed() {
		echo "build: $*" >"$kdir/failed"
		[ -z "${TINYKERN_CAUSES:-}" ] || { mkdir -p "$TINYKERN_CAUSES" &&
			echo "$name: build: $*" >"$TINYKERN_CAUSES/build$(echo "$kdir" | tr / _)"; }
	}

	# Room for the build, before it starts: what its O= folder took last
	# time, or what a tiny kernel's takes (measured: 54 MiB without debug
	# info, 193 MiB with it, and some to spare), whichever is more, less
	# what the folder already holds.
	need=$(cat "$kdir/build.mib" 2>/dev/null || echo 0)
	if grep -q '^CONFIG_DEBUG_INFO=y' "$obj/.config"; then min=${BUILD_NEED_DEBUG_MIB:-250}; else min=${BUILD_NEED_MIB:-80}; fi
	[ "$need" -ge "$min" ] || need=$min
	need=$((need - $(du -sm "$obj" | cut -f1)))
	free=$(df -Pm "$kdir" | awk 'NR == 2 { print $4 }')
	if [ -z "$free" ]; then
		echo "  WARNING $name: cannot tell the free space of $kdir; building anyway" >&2
	elif [ "$free" -lt "$need" ]; then
		echo "  FAIL    build $name: $kdir: $free MiB free, a build of it needs $need MiB" >&2
		failed "$kdir: $free MiB free, a build of it needs $need MiB"
		exit 1
	fi

	# A killed build (SIGKILL, power loss) can leave truncated objects that
	# kbuild would take as up to date.  .building marks a build in progress:
	# if it is still there, every file written after it is suspect and goes,
	# so kbuild remakes exactly those.
	mark=$kdir/.building
	if [ -e "$mark" ]; then
		echo "  RESUME  $name: the last build was interrupted; discarding what it wrote"
		# .config and merge.sh's scratch folder are written before the mark
		# by this run's configs stage, not by the killed build
		find "$obj" -path "$obj/.tinykern-config" -prune -o \
			-type f -newer "$mark" ! -path "$obj/.config" -exec rm -f {} +
	fi
	touch "$mark"

	kcflags=${KCFLAGS:-}
	if [ "${STACK_USAGE:-yes}" = no ]; then
		# a folder built with -fstack-usage before: its .su files would
		# outlive the objects they describe
		find "$obj" -name '*.su' ! -path "$obj/.tinykern-config/*" -delete
	else
		kcflags="${kcflags:+$kcflags }-fstack-usage"
	fi
	echo "  BUILD   $name$place (-j$jobs, CC=${CC:-ccache gcc})"
	# tests/run.sh counts the builds that ran to their end, and their
	# seconds: full when the folder held no object yet (whatever ccache
	# then saved), else incremental
	if [ -z "$(find "$obj" -name '*.o' ! -path "$obj/.tinykern-config/*" -print -quit)" ]; then
		kind=full
	else
		kind=incremental
	fi
	start=$(date +%s)
	progress &
	ticker=$!
	# kbuild as every tinykern build runs it (kmake.sh says why each
	# setting): a clean environment, a fixed build identity, ccache hits
	# across folders and clones
	KCFLAGS="$kcflags" "$here/kmake.sh" "$src" "$obj" -j"$jobs" vmlinux bzImage >"$log" 2>&1
	rc=$?
	[ -z "${TINYKERN_BUILDS:-}" ] || echo "$kind $(( $(date +%s) - start )) $name" >>"$TINYKERN_BUILDS"
	kill "$ticker" 2>/dev/null
	wait "$ticker" 2>/dev/null
	# kbuild finished on its own (success or a clean failure): its tree is
	# consistent again.  Only a killed build leaves the mark behind.
	rm -f "$mark"
	secs=$(( $(date +%s) - start ))
	elapsed=$(printf '%dm%02ds' $((secs / 60)) $((secs % 60)))
	if [ $rc != 0 ]; then
		# ld's "undefined reference" names the symbol; make's "Error 1"
		# after it names only the target
		first=$(grep -m1 -E 'error:|undefined reference|Error [0-9]|No space left' "$log" || tail -n 1 "$log")
		more=$(grep -c -E 'error:|undefined reference|Error [0-9]|No space left' "$log" || true)
		more=$((more > 0 ? more - 1 : 0))
		echo "  FAIL    build $name after $elapsed: $first" >&2
		echo "          (and $more more error lines in $log)" >&2
		failed "$first (and $more more error lines in $log)"
		exit 1
	fi
	for f in vmlinux:vmlinux arch/x86/boot/bzImage:bzImage .config:config; do
		cp "$obj/${f%%:*}" "$kdir/${f#*:}.tmp" && mv "$kdir/${f#*:}.tmp" "$kdir/${f#*:}"
	done
	# ld's link map, when the config asks for one (CONFIG_VMLINUX_MAP), for
	# tksize attribute; a map of an earlier link must not outlive it
	rm -f "$kdir/vmlinux.map"
	if grep -q '^CONFIG_VMLINUX_MAP=y' "$obj/.config"; then
		cp "$obj/vmlinux.map" "$kdir/vmlinux.map.tmp" && mv "$kdir/vmlinux.map.tmp" "$kdir/vmlinux.map"
	fi
	rm -f "$kdir/stack.su"
	if [ "${STACK_USAGE:-yes}" != no ]; then
		if ! "$here/stack-usage.sh" "$obj" "$src" >"$kdir/stack.su.tmp" 2>"$kdir/stack.su.err"; then
			failed "gathering the -fstack-usage frames failed: $(head -n 1 "$kdir/stack.su.err")"
			echo "  FAIL    build $name: gathering the -fstack-usage frames failed: $(head -n 1 "$kdir/stack.su.err")" >&2
			rm -f "$kdir/stack.su.tmp"
			exit 1
		fi
		mv "$kdir/stack.su.tmp" "$kdir/stack.su"
		rm -f "$kdir/stack.su.err"
	fi
	echo "$secs" >"$kdir/build.seconds"
	find "$obj" -name '*.o' ! -path "$obj/.tinykern-config/*" | wc -l >"$kdir/build.objects"
	du -sm "$obj" | cut -f1 >"$kdir/build.mib"
	left=
	if [ -n "${4:-}" ]; then
		n=$((${4#*/} - ${4%/*}))
		left=", $n build$([ "$n" = 1 ] || echo s) left"
	fi
	echo "  DONE    build $name$place in $elapsed$left"
}

# exit on the same line: sh reads a script as it runs it, and must not read
# past this point, which an edit made during a build may have moved.
main "$@"; exit $?
