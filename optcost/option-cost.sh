#!/bin/sh
# option-cost: what each Kconfig option costs one built kernel, in bytes,
# and whether the kernel still boots with the option flipped.
#   usage: option-cost.sh SRCTREE KDIR TDIR NAME OPTIONS...
# OPTIONS are files, one option a line: "SYMBOL off" measures the kernel
# without it (what removing it saves), "SYMBOL on" with it (what adding it
# costs); '#' starts a comment.  The Makefile writes it from the symbols
# the config's fragment chain sets, each flipped, and the LIST= files.
#
# Each option is one trial of kbuild/trial.sh: the base kernel's .config
# with the option flipped by scripts/config and closed over by kconfig
# (olddefconfig, in TDIR/kconfig, so no build folder sees a half-made
# .config), then built in a copy of the base folder, where kbuild's
# per-symbol dependencies recompile only the objects that test a symbol
# whose value changed.  Options are tried cheapest first: by the objects
# whose dependency lists name include/config/SYMBOL, so the near-full
# rebuilds (PRINTK, BUG, SYSFS) come last and a cut run has the most rows.
#
# TDIR/journal, one tab-separated line an event (the fields' names are
# measure/readers/journal.c's, which defines them; this script reads them
# with `tksize journal` and writes lines with `tksize journal-line`):
#   option symbol dir status dtext ddata dbss dbzimage boot seconds changed reason
#   combined names dtext ddata dbss dbzimage boot seconds sumdtext
#   fragment names dtext ddata dbss dbzimage boot seconds dropped
#   forced symbol selectors status dtext ddata dbss dbzimage boot seconds changed reason
# STATUS is measured, cannot (kconfig would not flip it: REASON says why,
# "selected by X" for one an enabled option selects) or failed (the build
# failed: REASON is its first error).  D* are against the base kernel;
# DDATA is size's data less the init stack's alignment fill, a page that
# .data takes or gives back as .text and .rodata grow or shrink across a
# page boundary (tksize size --less-init-fill), so no option seems to
# cost or save 4,096 bytes of data it does not have.
# BOOT is PASS or FAIL (REASON then holds the boot's reason).  CHANGED:
# every other symbol kconfig changed with it, +SYM on and -SYM off, comma
# separated ('-' for none).
# combined: the COMBINE (default 10) options that save the most text and
# boot, all flipped in one build, and the sum of their single DTEXTs.
# forced: an option kconfig would not turn off because symbols no user can
# set select it (SELECTORS, comma separated: X86 selects PERF_EVENTS),
# turned off with those select lines taken out of the scratch tree's
# Kconfig for the trial; the other fields as an option line's.
# fragment: every option that saves text and boots, all flipped; while
# that kernel fails its boot check, the option saving least is dropped
# (DROPPED lists them; NAMES is "-" when none was left) and it is built
# again.  TDIR/savings.config is the
# fragment that passed, and TDIR/savings/ the kernel it gave (vmlinux,
# bzImage, config, its boot log).
# A rerun resumes: options already in the journal are not tried again.
#
# Environment: TKSIZE, INITRAMFS (the boot check; boot/boot.sh's variables
# apply), COMBINE (default 10; 0: no combined build), FRAGMENT (no: no
# fragment), LIMIT (trials in this run, options and forced ones; 0: all).
# TDIR/left: how many are still to try (0: the table is whole; with
# SHARD, this part of it).
#
# Over several machines (kbuild/trial.sh): SHARD=K/N measures only the
# options whose symbols fall in part K of N.  MERGE="DIR..." names other
# machines' folders of the same kernel (a copy of their journal, origin
# and data-less-init-fill is enough): their option and forced lines for
# options this folder has not measured join its journal before anything
# is tried, as though measured here.  A part makes no combined or fragment build; run
# without SHARD, with the other parts merged, the table is whole, and
# those builds take every part's savers.
set -u

# All in one function, so the shell has read the whole script before the
# first trial: editing this file during a run cannot derail it.
main() {
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
[ $# -ge 5 ] || { echo "usage: option-cost.sh SRCTREE KDIR TDIR NAME OPTIONS..." >&2; exit 2; }
src=$(cd "$1" && pwd) kdir=$(cd "$2" && pwd) tdir=$3 name=$4
shift 4
tksize=${TKSIZE:?} combine=${COMBINE:-10} limit=${LIMIT:-0} fragment=${FRAGMENT:-yes}

die() { echo "option-cost: $*" >&2; exit 1; }
# The journal's fields by name: KINDS FIELD... (tksize journal)
fields() { "$tksize" journal "$journal" "$@"; }
# A journal line, checked against its kind: KIND NAME=VALUE... (tksize
# journal-line); one that its kind's fields refuse stops the run
line_of() { "$tksize" journal-line "$@" || die "a $1 line the journal's format refuses"; }

for f in "$@"; do [ -r "$f" ] || die "$f: not found"; done
mkdir -p "$tdir"
tdir=$(cd "$tdir" && pwd)
journal=$tdir/journal
tab=$(printf '\t')
# DDATA leaves out the page of fill .data's init stack takes or gives back
# as .text moves (tksize size --less-init-fill); a journal from before
# counted it, and its rows do not compare with new ones
if [ -s "$journal" ] && [ ! -e "$tdir/data-less-init-fill" ]; then
	die "$journal: its data column counts the init stack's fill; remove $tdir to measure again"
fi
touch "$journal" "$tdir/data-less-init-fill"
# read whole once here: after this, only lines tksize journal-line made
# (or another run's, read whole below) are added
fields option symbol >/dev/null || die "$journal: not a journal this run can resume (above)"

# The options: SYMBOL DIR (optcost/list.sh), checked before any build
"$here/list.sh" "$@" >"$tdir/options" || exit 2
[ -s "$tdir/options" ] || die "$*: no option to measure"
if [ -n "${SHARD:-}" ]; then
	"$top/kbuild/trial.sh" shard "$SHARD" </dev/null || exit 2
	"$top/kbuild/trial.sh" shard "$SHARD" <"$tdir/options" >"$tdir/options.part"
	mv "$tdir/options.part" "$tdir/options"
	[ -s "$tdir/options" ] || die "SHARD=$SHARD: no option of $* falls in this part"
	# the combined and fragment builds take every part's savers: the
	# machine that merges the parts makes them
	combine=0 fragment=no
fi

"$top/kbuild/trial.sh" recover "$tdir" || exit 1
# linked, not copied: this script changes tree files by renames only
TRIAL_LINK=yes "$top/kbuild/trial.sh" init "$src" "$kdir" "$tdir" || exit 1
# other machines' measurements of this kernel: the lines of options not
# measured here, in the order they were made
for other in ${MERGE:-}; do
	"$top/kbuild/trial.sh" same-base "$tdir" "$other" || exit 1
	[ -r "$other/journal" ] || die "$other/journal: not found (MERGE= wants a trial folder)"
	[ -e "$other/data-less-init-fill" ] ||
		die "$other/journal: its data column counts the init stack's fill; measure that part again"
	# an option is its symbol and direction; a forced one, its symbol
	# (turned off); only this list's.  The other journal's lines to take,
	# by number, then those lines as they are.
	"$tksize" journal "$other/journal" option,forced lineno kind symbol dir >"$tdir/merge.keys" ||
		die "$other/journal: cannot be merged (above)"
	fields option,forced kind symbol dir >"$tdir/merge.have"
	awk -F'\t' 'function key(k, s, d) { return k == "option" ? k FS s FS d : k FS s }
		FILENAME == ARGV[1] { split($0, o, " "); listed["option" FS o[1] FS o[2]] = 1
			if (o[2] == "off") listed["forced" FS o[1]] = 1; next }
		FILENAME == ARGV[2] { have[key($1, $2, $3)] = 1; next }
		{ k = key($2, $3, $4) } (k in listed) && !(k in have) { print $1; have[k] = 1 }' \
		"$tdir/options" "$tdir/merge.have" "$tdir/merge.keys" >"$tdir/merge.nums"
	sed -n "$(sed 's/$/p/' "$tdir/merge.nums")" "$other/journal" >"$tdir/merge.lines"
	rm -f "$tdir/merge.keys" "$tdir/merge.have" "$tdir/merge.nums"
	echo "  OPTCOST $name: $(wc -l <"$tdir/merge.lines") rows measured on $other merged (options, and forced ones)"
	cat "$tdir/merge.lines" >>"$journal"
	rm -f "$tdir/merge.lines"
done
base=$tdir/base
sizes() { "$tksize" size --less-init-fill "$1" | awk 'NR == 2 { print $1, $2, $3 }'; }
set -- $(sizes "$base/vmlinux")
b_text=$1 b_data=$2 b_bss=$3
b_bz=$(stat -c %s "$base/bzImage")

# symbol=value of every symbol a .config sets, "n" for "is not set"
values() {
	sed -n -e 's/^CONFIG_\([A-Za-z0-9_]*\)=\(.*\)/\1=\2/p' \
		-e 's/^# CONFIG_\([A-Za-z0-9_]*\) is not set$/\1=n/p' "$1" | LC_ALL=C sort -t= -k1,1
}
# The state of SYM in .config F: y, m, n, or a value
state() { sed -n -e "s/^CONFIG_$2=\(.*\)/\1/p" -e "s/^# CONFIG_$2 is not set\$/n/p" "$1" | head -n 1; }
# The symbols whose values differ between two .configs, +SYM/-SYM/~SYM
changed() {
	values "$1" >"$tdir/v.a"
	values "$2" >"$tdir/v.b"
	LC_ALL=C join -t= -a1 -a2 -e n -o 0,1.2,2.2 "$tdir/v.a" "$tdir/v.b" | awk -F= -v skip="$3" '
		$1 != skip && $2 != $3 { c = ($3 == "n") ? "-" : ($2 == "n") ? "+" : "~"; printf "%s%s%s", sep, c, $1; sep = "," }
		END { if (!sep) printf "-" }'
}
# Kconfig: the enabled symbols of .config F whose definitions select SYM
selectors() {
	"$top/tinyconfigs/kconfig-query.sh" "$tdir/linux" selectors "$2" |
	while read -r c; do [ "$(state "$1" "$c")" = y ] && echo "$c"; done | paste -sd, -
}

# Close .config IN over kconfig into OUT; 1 if kconfig failed
close_config() {
	mkdir -p "$tdir/kconfig"
	cp "$1" "$tdir/kconfig/.config"
	# kconfig as kbuild/build.sh runs it, so that the compiler-dependent
	# symbols (-Oz's cc-option, CC_VERSION_TEXT) come out as in the trial
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		make -s -C "$tdir/linux" O="$tdir/kconfig" ARCH=i386 CC="${CC:-ccache gcc}" olddefconfig \
		>"$tdir/kconfig/log" 2>&1 || return 1
	cp "$tdir/kconfig/.config" "$2"
}
# Flip options "SYM DIR" (stdin) in a copy of the base .config into OUT
flip_all() {
	cp "$base/obj/.config" "$tdir/flip.config"
	while read -r sym dir; do
		if [ "$dir" = off ]; then
			"$tdir/linux/scripts/config" --file "$tdir/flip.config" --disable "$sym"
		else
			"$tdir/linux/scripts/config" --file "$tdir/flip.config" --enable "$sym"
		fi
	done
	close_config "$tdir/flip.config" "$1"
}
# Build .config CFG ($1) as trial ID ($2, named $3; about $4 objects to
# compile, for the progress lines), measure and boot it: sets d_text d_data
# d_bss d_bz boot why secs; 1 if the build failed
measure() {
	start=$(date +%s) label="$name $3"
	if ! BUILD_EXPECT=${4:-} "$top/kbuild/trial.sh" build "$tdir" "$2" "$label" "$1" 2>"$tdir/trial.out"; then
		secs=$(( $(date +%s) - start ))
		if [ -e "$tdir/try/failed" ]; then
			why=$(cut -d' ' -f2- "$tdir/try/failed" | head -n 1)
		else
			why=$(tail -n 1 "$tdir/trial.out")
		fi
		why=${why:-see $tdir/try/build.log}
		# the log outlives the trial folder, which the revert removes
		mkdir -p "$tdir/failed"
		if cp "$tdir/try/build.log" "$tdir/failed/$2.build.log" 2>/dev/null; then
			why=$(printf '%s\n' "$why" | awk -v from="$tdir/try/build.log" -v to="$tdir/failed/$2.build.log" '
				{ i = index($0, from); if (i) $0 = substr($0, 1, i - 1) to substr($0, i + length(from)); print }')
		fi
		return 1
	fi
	secs=$(( $(date +%s) - start ))
	set -- $(sizes "$tdir/try/vmlinux")
	d_text=$(($1 - b_text)) d_data=$(($2 - b_data)) d_bss=$(($3 - b_bss))
	d_bz=$(( $(stat -c %s "$tdir/try/bzImage") - b_bz ))
	why=
	if [ -n "${INITRAMFS:-}" ] && "$top/boot/boot.sh" "$tdir/try/bzImage" "$INITRAMFS" "$tdir/try" "$label" >/dev/null 2>&1; then
		boot=PASS
	elif [ -z "${INITRAMFS:-}" ]; then
		boot=-
	else
		boot=FAIL why=$(sed -n 's/^reason //p' "$tdir/try/boot.result" 2>/dev/null | head -n 1)
	fi
	return 0
}

# The objects whose kbuild dependency lists name SYM or any symbol of
# CHANGED (+SYM,-SYM,... or -): about what flipping them recompiles
recompiles() {
	syms=$1$(echo "$2" | grep -v '^-$' | tr -d '+~-' | tr , '\n' | sed 's/^/|/' | tr -d '\n')
	grep -rlE --include='.*.cmd' "include/config/($syms)\)" "$base/obj" 2>/dev/null | wc -l
}
# done SYM DIR: the journal has its line
done_already() {
	fields option symbol dir | grep -qxF "$1$tab$2"
}
# The plan, cheapest first: each option's .config closed over by kconfig
# (TDIR/configs/SYM-DIR), the other symbols that changed with it
# (SYM-DIR.changed), and the objects whose kbuild dependency lists name it
# or any of those (SYM-DIR.failed instead, when kconfig failed).
echo "  OPTCOST $name: closing each option over kconfig, counting what it recompiles"
mkdir -p "$tdir/configs"
while read -r sym dir; do
	done_already "$sym" "$dir" && { echo "0 $sym $dir"; continue; }
	cfg=$tdir/configs/$sym-$dir
	rm -f "$cfg.failed"
	if echo "$sym $dir" | flip_all "$cfg"; then
		changed "$base/obj/.config" "$cfg" "$sym" >"$cfg.changed"
		n=$(recompiles "$sym" "$(cat "$cfg.changed")")
	else
		grep -m1 . "$tdir/kconfig/log" >"$cfg.failed" || echo "olddefconfig failed" >"$cfg.failed"
		n=0
	fi
	# a line each (a few seconds apiece), so a long plan is never silent
	echo "          $sym $dir: about $n objects to recompile" >&2
	echo "$n $sym $dir"
done <"$tdir/options" | sort -n -k1,1 -s >"$tdir/order"
total=$(wc -l <"$tdir/order")

i=0 tried=0
while read -r n sym dir; do
	i=$((i + 1))
	done_already "$sym" "$dir" && continue
	[ "$limit" = 0 ] || [ "$tried" -lt "$limit" ] || break
	tried=$((tried + 1))
	before=$(state "$base/obj/.config" "$sym")
	echo "  OPTCOST [$i/$total] $sym $dir (now ${before:-unset}; about $n objects to recompile)"
	if [ -e "$tdir/configs/$sym-$dir.failed" ]; then
		line_of option symbol="$sym" dir="$dir" status=failed dtext=0 ddata=0 dbss=0 dbzimage=0 boot=- seconds=0 \
			changed=- reason="olddefconfig failed: $(head -n 1 "$tdir/configs/$sym-$dir.failed")" >>"$journal"
		continue
	fi
	cp "$tdir/configs/$sym-$dir" "$tdir/option.config"
	after=$(state "$tdir/option.config" "$sym")
	dragged=$(cat "$tdir/configs/$sym-$dir.changed")
	reason=
	if [ "$dir" = off ] && { [ -z "$before" ] || [ "$before" = n ]; }; then
		reason="cannot disable: already off in $name"
	elif [ "$dir" = on ] && { [ "$before" = y ] || [ "$before" = m ]; }; then
		reason="cannot enable: already on in $name"
	elif [ "$dir" = off ] && { [ "$after" = y ] || [ "$after" = m ]; }; then
		by=$(selectors "$tdir/option.config" "$sym")
		reason="cannot disable: ${by:+selected by $by}"
		[ -n "$by" ] || reason="cannot disable: kconfig keeps it (no prompt, or forced by its default)"
	elif [ "$dir" = on ] && [ "$after" != y ] && [ "$after" != m ]; then
		dep=$("$top/tinyconfigs/kconfig-query.sh" "$tdir/linux" depends "$sym" "$tdir/option.config")
		reason="cannot enable: ${dep:+depends on $dep}"
		[ -n "$dep" ] || reason="cannot enable: kconfig keeps it off (no prompt, or no such symbol)"
	fi
	if [ -n "$reason" ]; then
		echo "          $reason"
		line_of option symbol="$sym" dir="$dir" status=cannot dtext=0 ddata=0 dbss=0 dbzimage=0 boot=- seconds=0 \
			changed="$dragged" reason="$reason" >>"$journal"
		continue
	fi
	if measure "$tdir/option.config" "$sym" "$sym $dir" "$n"; then
		with=; [ "$dragged" = - ] || with="; with $dragged"
		echo "          text $d_text, data $d_data, bss $d_bss, bzImage $d_bz, boot $boot (${secs}s$with)"
		line_of option symbol="$sym" dir="$dir" status=measured dtext="$d_text" ddata="$d_data" dbss="$d_bss" \
			dbzimage="$d_bz" boot="$boot" seconds="$secs" changed="$dragged" reason="${why:--}" >>"$journal"
	else
		echo "          build failed after ${secs}s: $why"
		line_of option symbol="$sym" dir="$dir" status=failed dtext=0 ddata=0 dbss=0 dbzimage=0 boot=- \
			seconds="$secs" changed="$dragged" reason="$why" >>"$journal"
	fi
	"$top/kbuild/trial.sh" revert "$tdir" "$sym"
done <"$tdir/order"

# Forced options: what the architecture turns on whatever the fragments
# say (tiny/Os/dce carries perf events: X86 selects PERF_EVENTS).  An
# option refused as "selected by BY", where no user can set any of BY (no
# prompt: X86, X86_32), is measured all the same, in the scratch tree with
# BY's "select SYM" lines taken out of its Kconfig files for the trial and
# put back after it (trial.sh save and revert, as the advisor's edits).
# One with a selector a user can turn off (CRC32, selected by XZ_DEC)
# stays a "cannot": turning that selector off is its own row.
forced_done() { fields forced symbol | grep -qxF "$1"; }
fields option symbol dir status reason | awk -F'\t' '$2 == "off" && $3 == "cannot" && $4 ~ /^cannot disable: selected by / {
	by = $4; sub(/^cannot disable: selected by /, "", by); print $1, by }' >"$tdir/selected"
forced_left=0
while read -r sym by; do
	forced_done "$sym" && continue
	promptless=yes files=
	for s in $(echo "$by" | tr , ' '); do
		# a query that fails says nothing of the prompt: not forced
		prompt=$("$top/tinyconfigs/kconfig-query.sh" "$tdir/linux" prompt "$s") || { promptless=no; break; }
		[ -z "$prompt" ] || promptless=no
		defs=$("$top/tinyconfigs/kconfig-query.sh" "$tdir/linux" defines "$s") || { promptless=no; break; }
		files="$files $defs"
	done
	[ "$promptless" = yes ] || continue
	# cut by LIMIT: the table is not whole yet (TDIR/left below)
	[ "$limit" = 0 ] || [ "$tried" -lt "$limit" ] || { forced_left=1; break; }
	tried=$((tried + 1))
	id=forced-$sym
	echo "  OPTCOST forced: $sym off, with $by no longer selecting it"
	files=$(echo $files | tr ' ' '\n' | sort -u)
	"$top/kbuild/trial.sh" save "$tdir" "$id" $files
	for f in $files; do
		# written beside it under a name kconfig-query's find (Kconfig*)
		# does not match, so a kill before the rename leaves nothing it reads
		tmp=$(dirname "$tdir/linux/$f")/.unselect.$(basename "$f")
		awk -v by=",$by," -v s="$sym" '
			/^[ \t]*(menu)?config[ \t]/ { cur = $2 }
			/^[ \t]*(menu|endmenu|choice|endchoice|if|endif|comment|source|help|---help---)([ \t]|$)/ { cur = "" }
			cur != "" && index(by, "," cur ",") && $1 == "select" && $2 == s { next }
			{ print }' "$tdir/linux/$f" >"$tmp"
		# by a rename: the saved copy keeps the original and its mtime
		mv "$tmp" "$tdir/linux/$f"
	done
	status=cannot dragged=- reason= secs=0
	if ! echo "$sym off" | flip_all "$tdir/forced.config"; then
		status=failed reason="olddefconfig failed: $(grep -m1 . "$tdir/kconfig/log")"
	else
		dragged=$(changed "$base/obj/.config" "$tdir/forced.config" "$sym")
		n=$(recompiles "$sym" "$dragged")
		echo "          about $n objects to recompile"
		after=$(state "$tdir/forced.config" "$sym")
		if [ "$after" = y ] || [ "$after" = m ]; then
			reason="cannot disable, even unselected by $by: kconfig keeps it"
		elif measure "$tdir/forced.config" "$id" "$sym off, unselected by $by" "$n"; then
			status=measured reason=${why:--}
			echo "          text $d_text, data $d_data, bss $d_bss, bzImage $d_bz, boot $boot (${secs}s; with $dragged)"
		else
			status=failed reason=$why
			echo "          build failed after ${secs}s: $why"
		fi
	fi
	if [ "$status" = measured ]; then
		line_of forced symbol="$sym" selectors="$by" status=measured dtext="$d_text" ddata="$d_data" \
			dbss="$d_bss" dbzimage="$d_bz" boot="$boot" seconds="$secs" changed="$dragged" reason="$reason" >>"$journal"
	else
		[ "$status" = cannot ] && echo "          $reason"
		line_of forced symbol="$sym" selectors="$by" status="$status" dtext=0 ddata=0 dbss=0 dbzimage=0 boot=- \
			seconds="$secs" changed="$dragged" reason="$reason" >>"$journal"
	fi
	"$top/kbuild/trial.sh" revert "$tdir" "$id"
done <"$tdir/selected"

fields option symbol dir >"$tdir/done"
left=$(awk 'FILENAME == ARGV[2] { done[$1 " " $2] = 1; next } !(($2 " " $3) in done)' \
	FS='\t' "$tdir/done" FS=' ' "$tdir/order" | wc -l)
left=$((left + forced_left))
# for the Makefile: whether the table is whole, so that the options that
# move it most can be measured without DCE
echo "$left" >"$tdir/left"
if [ "$left" -gt 0 ]; then
	echo "  OPTCOST $name: $left options left (LIMIT=$limit; a forced one counts as one); run again to go on"
	return 0
fi

# The options that save text and boot, most saved first: "SYM DIR DTEXT"
fields option symbol dir status dtext boot >"$tdir/measured"
awk 'FILENAME == ARGV[2] { asked[$1 " " $2] = 1; next }
	$3 == "measured" && $4 < 0 && $5 == "PASS" && (($1 " " $2) in asked) { print $1, $2, $4 }' \
	FS=' ' "$tdir/options" FS='\t' "$tdir/measured" | sort -k3,3n -s >"$tdir/savers"

# The NAMES field of the journal's last KIND line, and the names of the
# options in file F ("SYM ..." lines), for a rerun to tell whether the
# group it built is still the one the options call for
last_names() { fields "$1" names | tail -n 1; }
names_of() { awk '{ printf "%s%s", s, $1; s = "," }' "$1"; }

# Keep the kernel in TDIR/try as the fragment of options KEEP (a file of
# "SYM DIR ..." lines): TDIR/savings.config, TDIR/savings/ (what the README
# quotes, and what a user would ship) and its journal line.  Uses the
# figures measure() set; SECS and DROPPED are the line's last two fields.
save_fragment() {
	{
		echo "# $name: every option whose single trial saved text and booted, together"
		echo "# (make option-cost; measured: text $d_text, data $d_data, bss $d_bss, bzImage $d_bz, boot $boot)"
		while read -r sym dir t; do
			if [ "$dir" = off ]; then echo "# CONFIG_$sym is not set"; else echo "CONFIG_$sym=y"; fi
		done <"$1"
	} >"$tdir/savings.config"
	rm -rf "$tdir/savings" "$tdir/savings.tmp"
	mkdir -p "$tdir/savings.tmp"
	cp -p "$tdir/try/vmlinux" "$tdir/try/bzImage" "$tdir/try/config" "$tdir/try/boot.log" "$tdir/try/boot.result" \
		"$tdir/savings.tmp/"
	mv "$tdir/savings.tmp" "$tdir/savings"
	line_of fragment names="$(names_of "$1")" dtext="$d_text" ddata="$d_data" dbss="$d_bss" dbzimage="$d_bz" \
		boot="$boot" seconds="$2" dropped="$3" >>"$journal"
}
# The options of the last fragment line, those dropped included, sorted
fragment_asked() {
	fields fragment names dropped | tail -n 1 | tr '\t,' '\n\n' |
		grep -v '^-*$' | sort | paste -sd, -
}
all_savers=$(cut -d' ' -f1 "$tdir/savers" | sort | paste -sd, -)

# Additivity: the top COMBINE together against the sum of their costs.
# When they are all the savers and the kernel boots, it is the fragment
# too, and is not built twice.
head -n "$combine" "$tdir/savers" >"$tdir/top"
if [ "$(wc -l <"$tdir/top")" -ge 2 ] && [ "$(last_names combined)" != "$(names_of "$tdir/top")" ]; then
	names=$(names_of "$tdir/top")
	sum=$(awk '{ s += $3 } END { print s }' "$tdir/top")
	echo "  OPTCOST combined: $(wc -l <"$tdir/top") options together ($names), their single savings sum to $sum"
	cut -d' ' -f1,2 "$tdir/top" | flip_all "$tdir/combined.config" || die "olddefconfig failed on the combined options"
	measure "$tdir/combined.config" combined combined || die "the combined build failed: $why"
	echo "          text $d_text (sum of singles $sum), data $d_data, bss $d_bss, bzImage $d_bz, boot $boot"
	line_of combined names="$names" dtext="$d_text" ddata="$d_data" dbss="$d_bss" dbzimage="$d_bz" boot="$boot" \
		seconds="$secs" sumdtext="$sum" >>"$journal"
	if [ "$boot" = PASS ] && [ "$(wc -l <"$tdir/top")" = "$(wc -l <"$tdir/savers")" ] &&
		[ "$(fragment_asked)" != "$all_savers" ]; then
		echo "  OPTCOST fragment: the combined kernel, every option that saves bytes"
		save_fragment "$tdir/top" 0 -
	fi
	"$top/kbuild/trial.sh" revert "$tdir" combined
fi

# The fragment: every option that saves text and boots; drop the one that
# saves least while the kernel does not boot.  A rerun that measured more
# options builds it again (the journal's last line is the one that holds).
if [ "$fragment" = yes ] && [ -s "$tdir/savers" ] && [ "$(fragment_asked)" != "$all_savers" ]; then
	cp "$tdir/savers" "$tdir/keep"
	dropped=
	while [ -s "$tdir/keep" ]; do
		echo "  OPTCOST fragment: $(wc -l <"$tdir/keep") options ($(names_of "$tdir/keep"))"
		cut -d' ' -f1,2 "$tdir/keep" | flip_all "$tdir/fragment.config" || die "olddefconfig failed on the fragment"
		measure "$tdir/fragment.config" fragment fragment || die "the fragment's build failed: $why"
		echo "          text $d_text, data $d_data, bss $d_bss, bzImage $d_bz, boot $boot"
		[ "$boot" = FAIL ] || break
		least=$(tail -n 1 "$tdir/keep" | cut -d' ' -f1)
		dropped="${dropped:+$dropped,}$least"
		echo "          boot FAIL ($why): dropping $least"
		sed -i '$d' "$tdir/keep"
		"$top/kbuild/trial.sh" revert "$tdir" fragment
	done
	if [ -s "$tdir/keep" ]; then
		save_fragment "$tdir/keep" "$secs" "${dropped:--}"
		"$top/kbuild/trial.sh" revert "$tdir" fragment
	else
		echo "  OPTCOST fragment: no option left that boots (dropped: $dropped)"
		line_of fragment names=- dtext=0 ddata=0 dbss=0 dbzimage=0 boot=FAIL seconds="$secs" dropped="$dropped" >>"$journal"
	fi
fi
}

# exit on the same line: a run takes hours, and sh must not read past this
# point, which an edit made meanwhile may have moved
main "$@"; exit $?
