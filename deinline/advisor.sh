#!/bin/sh
# advisor: the de-inlining advisor's loop on one built kernel.
#   usage: advisor.sh SRCTREE KDIR TDIR NAME
# Ranks the functions declared inline by what uninlining each should save
# (deinline/rank.sh), then tries them, best first, each on top of the
# changes kept so far, in an incremental trial build (kbuild/trial.sh):
#   - a .c file's static inline becomes noinline (C_MODE=letgcc: loses
#     its `inline`, and gcc decides);
#   - a header's gets one shared definition in the unit that expands it
#     most, with a declaration left in the header.
# A change is kept (deinline/keep.sh) when the text symbols shrink,
# .text does not grow, the data symbols grow by less than the text
# symbols shrank, and the build added no warning.  Every BOOT_EVERY kept
# changes the kernel boots; when it does not, the unconfirmed changes are
# undone and tried again first, one at a time, each booted, and one that
# fails is dropped with the boot's verdict as its reason.
#
# TDIR/journal holds every trial, one tab-separated line per event (the
# fields' names are measure/readers/journal.c's, which defines them; this
# script reads them with `tksize journal` and writes lines with `tksize
# journal-line`, by name):
#   try     id name where mode home predicted        (before the build)
#   kept    tid names dtext ddata dbss dfuncs seconds
#   dropped tid names dtext ddata dbss dfuncs seconds reason
#   split   tid names dtext ddata dbss dfuncs seconds reason  (a group, halved)
#   boot    verdict tids [result]                    (PASS|FAIL, the trials it covered)
#   unkept  tid                                      (undone after a FAIL)
# A trial's TID is its candidates' IDs joined by '+'.
# DTEXT, DDATA, DBSS are the Berkeley size deltas against the kernel
# before the change; DFUNCS is the text symbols' (bloat-o-meter -t).  After
# a kill the advisor resumes where it stopped: kbuild/trial.sh recover
# undoes a cut trial, and the journal says what is left.
#
# Environment: TKSIZE, UNINLINE (the tools), INITRAMFS (for the boot
# check; boot/boot.sh's variables apply), LIMIT (trials in this run, 0 for
# all), BATCH (candidates of one subsystem per first trial, default 1;
# those whose change recompiles at most SOLO_REBUILDS objects, default 8,
# go alone), AGREE (the percent
# of its prediction a group must save to be kept whole, default 30), MAX_REBUILDS (skip candidates whose change rebuilds more objects),
# ONLY (an extended regex a candidate's "FILE:NAME" must match),
# BOOT_EVERY (default 4), MIN_PREDICTED (default 1), MAX_TRIALS and
# MAX_MINUTES (the run's budget over all its resumes: trial builds in the
# journal, and minutes of wall time in TDIR/wall; 0 for none).
#
# Over several machines (kbuild/trial.sh): SHARD=K/N tries only the
# candidates of the subsystems in part K of N, so each machine's groups
# and commits are its own.  MERGE="DIR..." names other machines' trial
# folders of the same kernel (a copy of their journal, candidates and
# confirmed/.last is enough): each one's kept trials that a boot
# confirmed go first in this run's queue, each as the group it was, and
# are measured and kept or dropped here, on top of this machine's, like
# any trial, so the series emitted here holds both.
set -u

# All in one function, so the shell has read the whole script before the
# first trial: editing this file during a run (hours) cannot derail it.
main() {
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
src=$(cd "$1" && pwd) kdir=$(cd "$2" && pwd) tdir=$3 name=$4
tksize=${TKSIZE:?} uninline=${UNINLINE:?}
boot_every=${BOOT_EVERY:-4}
tab=$(printf '\t')
journal=$tdir/journal

die() { echo "deinline: $*" >&2; exit 1; }

mkdir -p "$tdir"
tdir=$(cd "$tdir" && pwd)
journal=$tdir/journal

# Wall time over every run of this folder: TDIR/wall has the seconds of the
# runs before, written after each trial, so a kill loses at most one.
run_start=$(date +%s)
wall_before=$(cat "$tdir/wall" 2>/dev/null || echo 0)
case $wall_before in
''|*[!0-9]*) die "$tdir/wall: '$wall_before' is not a number of seconds (remove it to count from 0)" ;;
esac
for v in MAX_TRIALS MAX_MINUTES; do
	eval "n=\${$v:-0}"
	case $n in ''|*[!0-9]*) die "$v=$n: not a number" ;; esac
done
wall() { echo $((wall_before + $(date +%s) - run_start)); }
save_wall() { wall >"$tdir/wall.tmp" && mv "$tdir/wall.tmp" "$tdir/wall"; }
# the trial builds in the journal, as tksize advisor counts them (refused
# edits and boot drops built nothing)
builds() { "$tksize" advisor --builds "$tdir"; }
# Why the budget ends the run now, if it does: checked before each trial,
# so the last one may end past MAX_MINUTES.
over_budget() {
	b=$(builds)
	if [ "${MAX_TRIALS:-0}" -gt 0 ] && [ "$b" -ge "$MAX_TRIALS" ]; then
		echo "$b trial builds, the budget's MAX_TRIALS=$MAX_TRIALS"
	elif [ "${MAX_MINUTES:-0}" -gt 0 ] && [ "$(wall)" -ge $((MAX_MINUTES * 60)) ]; then
		echo "$(($(wall) / 60)) minutes of wall time, the budget's MAX_MINUTES=$MAX_MINUTES"
	fi
}

# Boot TDIR/base; 0 on PASS.
boot_base() {
	[ -n "${INITRAMFS:-}" ] || return 0
	"$top/boot/boot.sh" "$tdir/base/bzImage" "$INITRAMFS" "$tdir/base" "$name deinline" >/dev/null 2>&1
}

# The journal's fields by name: KINDS FIELD... (tksize journal).
fields() { "$tksize" journal "$journal" "$@"; }
# A journal line, checked against its kind: KIND NAME=VALUE... (tksize
# journal-line); one that its kind's fields refuse stops the run.
line_of() { "$tksize" journal-line "$@" || die "a $1 line the journal's format refuses"; }

# The kept trials, in the order kept, not undone since (kept.sh).
kept_trials() { TKSIZE=$tksize "$here/kept.sh" "$tdir" all; }

# Those no boot has confirmed yet: the ones after confirmed/.last.
unconfirmed() { TKSIZE=$tksize "$here/kept.sh" "$tdir" unconfirmed; }

# The last of kept or unkept that the journal says of trial TID, or nothing.
last_word() { fields kept,unkept kind tid | awk -F'\t' -v t="$1" '$2 == t { w = $1 } END { print w }'; }

# The candidates done, one ID a line: in a trial kept or dropped, and not
# undone since.
done_ids() {
	fields kept,dropped,unkept kind tid | awk -F'\t' '{ n = split($2, ids, "+")
		for (k = 1; k <= n; k++) if ($1 == "unkept") delete done[ids[k]]; else done[ids[k]] = 1 }
		END { for (id in done) print id }'
}

# The scratch tree's files the trials TIDS changed.
changed_files() {
	for t in "$@"; do sed -n 's|^+++ b/||p' "$tdir/changes/$t.diff"; done | sort -u
}

# Boot the base kernel.  PASS: it becomes confirmed/, with a copy of the
# changed files, replaced by renames.  FAIL: the unconfirmed trials are
# undone (restore); a replayed one is dropped, the others are tried again
# alone, each booted (replays).
confirm() {
	ids=$(unconfirmed)
	[ -n "$ids" ] || return 0
	list=$(echo "$ids" | tr '\n' ',' | sed 's/,$//')
	if boot_base; then
		rm -rf "$tdir/confirmed.tmp"
		cp -a "$tdir/base" "$tdir/confirmed.tmp"
		rm -rf "$tdir/confirmed.tmp/files"
		for f in $(changed_files $(kept_trials)); do
			mkdir -p "$(dirname "$tdir/confirmed.tmp/files/$f")"
			cp -p "$tdir/linux/$f" "$tdir/confirmed.tmp/files/$f"
		done
		mv "$tdir/confirmed" "$tdir/confirmed.old"
		mv "$tdir/confirmed.tmp" "$tdir/confirmed"
		rm -rf "$tdir/confirmed.old"
		line_of boot verdict=PASS tids="$list" >>"$journal"
		echo "  BOOT    PASS with trials $list: confirmed"
		return 0
	fi
	why=$(sed -n 's/^reason //p' "$tdir/base/boot.result" 2>/dev/null | head -n 1)
	# the failed boot's journal line and what it undoes, in one file made
	# by a rename: restore() acts on it, whenever it runs
	line_of boot verdict=FAIL tids="$list" result="${why:-no boot.result}" >"$tdir/restore.tmp" &&
		mv "$tdir/restore.tmp" "$tdir/restore"
	echo "  BOOT    FAIL with trials $list (${why:-no boot.result}): undoing them"
	restore
	return 1
}

# The failed boots candidate ID was in, alone or in a group.
boot_failures() {
	fields boot verdict tids | awk -F'\t' -v id="$1" '$1 == "FAIL" {
		n = split($2, l, ",")
		for (k = 1; k <= n; k++) { m = split(l[k], c, "+"); for (j = 1; j <= m; j++) if (c[j] == id) f++ }
	} END { print f + 0 }'
}

# Undo the trials listed in TDIR/restore; idempotent, so a kill anywhere
# in it is finished by the next run.  The files go back as confirmed/
# keeps them (or as the patched tree has them), mtimes and all, and the
# build folder is confirmed/'s.
restore() {
	line=$(cat "$tdir/restore")
	ids=$("$tksize" journal "$tdir/restore" boot tids | tr ',' ' ')
	why=$("$tksize" journal "$tdir/restore" boot result)
	# journaled already, unless a kill came first
	[ "$(fields boot verdict tids result | tail -n 1)" = "$("$tksize" journal "$tdir/restore" boot verdict tids result)" ] ||
		echo "$line" >>"$journal"
	# each undone once: unless its last word in the journal is unkept
	for t in $ids; do
		[ "$(last_word "$t")" != kept ] || line_of unkept tid="$t" >>"$journal"
	done
	for f in $(changed_files $ids); do
		from=$tdir/confirmed/files/$f
		[ -e "$from" ] || from=$src/$f
		cp -p "$from" "$tdir/linux/$f.restore" && mv "$tdir/linux/$f.restore" "$tdir/linux/$f"
	done
	rm -rf "$tdir/base.new"
	cp -a "$tdir/confirmed" "$tdir/base.new"
	rm -rf "$tdir/base.new/files"
	rm -rf "$tdir/base"
	mv "$tdir/base.new" "$tdir/base"
	# a single candidate in its second failed boot has been booted alone
	# (a replay), and is dropped; the others' candidates go first in the
	# queue, one at a time
	: >>"$tdir/replays"
	for t in $ids; do
		fails=$(boot_failures "$t")
		case $t in *+*) fails=0 ;; esac
		if [ "$fails" -ge 2 ]; then
			fields dropped tid | grep -qxF "$t" ||
				line_of dropped tid="$t" names=- dtext=0 ddata=0 dbss=0 dfuncs=0 seconds=0 \
					reason="boot failed: $why" >>"$journal"
		else
			for id in $(echo "$t" | tr '+' ' '); do
				grep -qx "$id" "$tdir/replays" || echo "$id" >>"$tdir/replays"
			done
		fi
	done
	rm -f "$tdir/restore"
}

# SHARD and MERGE checked before anything is copied or built.  The other
# machines' folders: their trials are measured again here, so only their
# ranking must be this one's, for the IDs to name the same definitions
# (the first one's ranking becomes this folder's if it has none).
[ -z "${SHARD:-}" ] || "$top/kbuild/trial.sh" shard "$SHARD" </dev/null || exit 1
ranking=
[ ! -e "$tdir/candidates" ] || ranking=$tdir/candidates
for other in ${MERGE:-}; do
	for f in journal candidates; do [ -r "$other/$f" ] || die "$other/$f: not found (MERGE= wants a trial folder)"; done
	[ -z "$ranking" ] || cmp -s "$ranking" "$other/candidates" ||
		die "$other/candidates: not the ranking of $ranking (another kernel, or another tinykern)"
	ranking=${ranking:-$other/candidates}
done

"$top/kbuild/trial.sh" recover "$tdir" || exit 1
"$top/kbuild/trial.sh" init "$src" "$kdir" "$tdir" || exit 1
touch "$journal"
# read whole once here: after this, only lines tksize journal-line made
# are added, so every read below sees a journal it can read
"$tksize" journal "$journal" try id >/dev/null || die "$journal: not a journal this advisor can resume (above)"
# confirmed/: the last kernel that booted, its build folder and, in
# files/, the scratch tree's changed files as they were then
[ -d "$tdir/confirmed.old" ] && [ ! -d "$tdir/confirmed" ] && mv "$tdir/confirmed.old" "$tdir/confirmed"
rm -rf "$tdir/confirmed.old" "$tdir/confirmed.tmp"
[ -d "$tdir/confirmed" ] || { cp -a "$tdir/base" "$tdir/confirmed.tmp" && mv "$tdir/confirmed.tmp" "$tdir/confirmed"; }
[ -e "$tdir/candidates" ] || [ -z "$ranking" ] || cp "$ranking" "$tdir/candidates"
# a restore cut short is finished; a keep whose journal line was cut is
# written from what the trial left in changes/
[ ! -e "$tdir/restore" ] || restore
last=$(cat "$tdir/base/.last" 2>/dev/null || true)
if [ -n "$last" ] && [ "$(last_word "$last")" != kept ]; then
	cat "$tdir/changes/$last.result" >>"$journal"
fi

if [ ! -e "$tdir/candidates" ]; then
	TKSIZE=$tksize UNINLINE=$uninline "$here/rank.sh" "$src" "$kdir" >"$tdir/candidates.tmp" ||
		die "ranking the candidates of $kdir failed"
	mv "$tdir/candidates.tmp" "$tdir/candidates"
fi

# candidates' columns (rank.sh): id file line name kind mode home sites units
# bytes copies copy_bytes rebuilds predicted status body subsys max_site
# const_sites const_args params export
queue=$tdir/queue
: >>"$tdir/replays"
# the other machines' confirmed kept trials, one group a line: in the
# queue whatever SHARD, ONLY, MAX_REBUILDS or MIN_PREDICTED say
: >"$tdir/merged"
for other in ${MERGE:-}; do
	TKSIZE=$tksize "$here/kept.sh" "$other" | tr '+' ' ' >"$tdir/merged.one"
	echo "  DEINLINE $name: $(wc -l <"$tdir/merged.one") kept trials a boot confirmed in $other, tried here first"
	cat "$tdir/merged.one" >>"$tdir/merged"
done
rm -f "$tdir/merged.one"
# the candidates' columns this script reads, by name (columns.sh); a
# queue row is the candidate's row after a first field, how it is tried
. "$here/columns.sh"
cand=$(awk_cols "$tdir/candidates" id file line name mode home rebuilds predicted status subsys export) ||
	die "$tdir/candidates: not a candidates file of this advisor (rank it again)"
queue_col() { echo $(($(col "$tdir/candidates" "$1") + 1)); }
q_id=$(queue_col id) q_file=$(queue_col file) q_line=$(queue_col line) q_name=$(queue_col name)
q_mode=$(queue_col mode) q_home=$(queue_col home) q_rebuilds=$(queue_col rebuilds)
q_predicted=$(queue_col predicted) q_subsys=$(queue_col subsys) q_export=$(queue_col export)
# SHARD: the subsystems of this machine's part
: >"$tdir/shard"
if [ -n "${SHARD:-}" ]; then
	awk -F'\t' $cand '!/^#/ { print $c_subsys }' "$tdir/candidates" | sort -u | "$top/kbuild/trial.sh" shard "$SHARD" >"$tdir/shard" ||
		die "SHARD=$SHARD: splitting the subsystems failed"
	[ -s "$tdir/shard" ] || echo "  DEINLINE $name: SHARD=$SHARD: no subsystem falls in this part"
fi
done_ids >"$tdir/done"
awk -F'\t' $cand -v only="${ONLY:-}" -v maxr="${MAX_REBUILDS:-0}" -v minp="${MIN_PREDICTED:-1}" -v sharded="${SHARD:+yes}" '
	FILENAME == ARGV[1] { done[$1] = 1; next }
	FILENAME == ARGV[2] { replay[$1] = 1; next }
	FILENAME == ARGV[3] { split($0, m, " "); for (k in m) merged[m[k]] = 1; next }
	FILENAME == ARGV[4] { mine[$1] = 1; next }
	/^#/ || $c_status != "ok" { next }
	{ id = $c_id }
	id in merged { if (!(id in done)) print ((id in replay) ? "replay" : "try") "\t" $0; next }
	$c_predicted < minp { next }
	!(id in replay) && maxr > 0 && $c_rebuilds > maxr { next }
	!(id in replay) && only != "" && ($c_file ":" $c_name) !~ only { next }
	!(id in replay) && sharded && !($c_subsys in mine) { next }
	!(id in done) { print ((id in replay) ? "replay" : "try") "\t" $0 }
 ' "$tdir/done" "$tdir/replays" "$tdir/merged" "$tdir/shard" "$tdir/candidates" >"$queue"
total=$(wc -l <"$queue")
# kept_n, saved: the changes kept (and not undone), the text they saved
stats() {
	set -- $(fields kept,unkept kind tid dtext | awk -F'\t' '$1 == "kept" { k[$2] = $3 } $1 == "unkept" { delete k[$2] }
		END { for (i in k) { n += split(i, x, "+"); s -= k[i] } print n + 0, s + 0 }')
	kept_n=$1 saved=$2
}
stats
echo "  DEINLINE $name: $total candidates to try; $kept_n kept so far, $saved bytes of text saved"

# The trials: groups of up to BATCH candidates of one subsystem, in queue
# order, a replayed one alone and first.  A group is kept whole when its measured saving is at
# least AGREE percent of what its members predict; otherwise it is split
# in two halves, each tried again (group testing), down to single
# candidates, which are kept or dropped on their own figures.  TDIR/pending
# holds the groups left, and outlives a run: a split is not undone by a
# resume.  Its first line is removed only once its trial has a result.
pending=$tdir/pending
: >>"$pending"
# The merged groups first, once: TDIR/merged.queued has those a run put
# in pending before (a resume finds them there, or split, or done).  A
# group none of whose members an earlier merged group took goes first,
# and its members leave the groups they were in here.
: >>"$tdir/merged.queued"
if [ -s "$tdir/merged" ]; then
	awk -v fresh_out="$tdir/merged.fresh" '
		FILENAME == ARGV[1] { queued[$0] = 1; for (k = 1; k <= NF; k++) taken[$k] = 1; next }
		FILENAME == ARGV[2] {
			if ($0 in queued) next
			for (k = 1; k <= NF; k++) if ($k in taken) next
			for (k = 1; k <= NF; k++) { taken[$k] = 1; fresh[$k] = 1 }
			print; print >fresh_out; next
		}
		{ g = ""; for (k = 1; k <= NF; k++) if (!($k in fresh)) g = g (g == "" ? "" : " ") $k
		  if (g != "") print g }' "$tdir/merged.queued" "$tdir/merged" "$pending" >"$pending.tmp"
	mv "$pending.tmp" "$pending"
	[ ! -e "$tdir/merged.fresh" ] || { cat "$tdir/merged.fresh" >>"$tdir/merged.queued"; rm -f "$tdir/merged.fresh"; }
fi
awk -F'\t' -v b="${BATCH:-1}" -v solo="${SOLO_REBUILDS:-8}" -v q_id="$q_id" -v q_rebuilds="$q_rebuilds" -v q_subsys="$q_subsys" '
	# the queue is read twice, around the old groups (which may be none)
	FNR == 1 { pass = FILENAME == ARGV[2] ? 2 : queue_seen++ ? 3 : 1 }
	pass == 1 { if ($1 == "replay") { print $q_id; replayed[$q_id] = 1 } else left[$q_id] = 1; next }
	# the groups of an earlier run, less what is done since
	pass == 2 {
		old = ""
		cnt = split($0, m, " ")
		for (k = 1; k <= cnt; k++) if (m[k] in left) { old = old (old == "" ? "" : " ") m[k]; grouped[m[k]] = 1 }
		if (old != "") print old
		next
	}
	# a cheap candidate alone: grouping saves little of its build and
	# hides what it costs; the others in groups of one subsystem, so a
	# kept group is one commit a maintainer can take, and a group comes
	# in the queue where its best member does
	pass == 3 && $1 == "try" && !($q_id in grouped) && $q_rebuilds <= solo { order[++groups] = $q_id }
	pass == 3 && $1 == "try" && !($q_id in grouped) && $q_rebuilds > solo {
		seen_in_subsys = members[$q_subsys]++
		key = $q_subsys SUBSEP int(seen_in_subsys / b)
		if (key in group) group[key] = group[key] " " $q_id
		else { order[++groups] = key; group[key] = $q_id }
	}
	END { for (k = 1; k <= groups; k++) print (order[k] in group) ? group[order[k]] : order[k] }' "$queue" "$pending" "$queue" >"$pending.tmp"
mv "$pending.tmp" "$pending"
# The candidates a failed boot undid, not yet tried alone, go first.
replay_first() {
	done_ids >"$tdir/done"
	awk -F'\t' 'FILENAME == ARGV[1] { done[$1] = 1; next }
		FILENAME == ARGV[2] { if (!($1 in done) && !($1 in seen)) { print $1; seen[$1] = 1 } next }
		# the rest, without the candidates now first
		{ g = ""; cnt = split($0, m, " "); for (k = 1; k <= cnt; k++) if (!(m[k] in seen)) g = g (g == "" ? "" : " ") m[k]
		  if (g != "") print g }' "$tdir/done" "$tdir/replays" "$pending" >"$pending.tmp"
	mv "$pending.tmp" "$pending"
	# the queue rows of the replays
	awk -F'\t' $cand 'FILENAME == ARGV[1] { r[$1] = 1; next } !/^#/ && ($c_id in r) { print "replay\t" $0 }' \
		"$tdir/replays" "$tdir/candidates" >>"$queue"
}
# a candidate's queue row; a replay's row, added last, wins
row() { awk -F'\t' -v id="$1" -v q_id="$q_id" '$q_id == id' "$queue" | tail -n 1; }
field() { echo "$1" | cut -f"$2"; }

# a run cut before its kept trials booted boots them now, alone: a replay
# among them must not share the blame for another's failure
if [ -n "$(unconfirmed)" ]; then
	confirm || replay_first
fi

i=0 start=$(date +%s) done_n=0
budget=
while [ -s "$pending" ]; do
	[ "${LIMIT:-0}" = 0 ] || [ "$i" -lt "$LIMIT" ] || break
	save_wall
	budget=$(over_budget)
	if [ -n "$budget" ]; then
		echo "  DEINLINE $name: budget spent ($budget); $(wc -l <"$pending") groups left untried"
		break
	fi
	group=$(head -n 1 "$pending")
	t0=$(date +%s)
	# each member's prediction goes into the journal before its build;
	# one its definition can no longer be matched in is dropped now
	members= psum=0 files= how=try
	for id in $group; do
		r=$(row "$id")
		[ "$(field "$r" 1)" = replay ] && how=replay
		[ -n "$r" ] || continue
		file=$(field "$r" $q_file) line=$(field "$r" $q_line) fn=$(field "$r" $q_name) mode=$(field "$r" $q_mode)
		home=$(field "$r" $q_home) predicted=$(field "$r" $q_predicted)
		line_of try id="$id" name="$fn" where="$file:$line" mode="$mode" home="$home" predicted="$predicted" >>"$journal"
		if ! err=$(UNINLINE_PRISTINE=$src "$uninline" check "$tdir/linux" "$file" "$line" "$fn" 2>&1 >/dev/null); then
			line_of dropped tid="$id" names="$fn" dtext=0 ddata=0 dbss=0 dfuncs=0 seconds=0 \
				reason="edit: ${err#uninline: }" >>"$journal"
			echo "  DEINLINE $file $fn(): dropped (edit: ${err#uninline: })"
			done_n=$((done_n + 1))
			continue
		fi
		members="$members${members:+ }$id" psum=$((psum + predicted))
		files="$files $file"
		[ "$mode" != move ] || files="$files $home"
	done
	[ -n "$members" ] || { sed -i 1d "$pending"; continue; }
	# a replayed change boots alone: first the trials before it
	if [ "$how" = replay ] && [ -n "$(unconfirmed)" ]; then
		confirm || { replay_first; continue; }
	fi
	i=$((i + 1))
	# trials are numbered over every resume, as the budget counts them;
	# one whose edit is refused builds nothing and gets no number
	nth=$(($(builds) + 1)) trial="no build"
	tid=$(echo "$members" | tr ' ' '+')
	n=$(echo "$members" | wc -w)
	names=
	# shellcheck disable=SC2086
	"$top/kbuild/trial.sh" save "$tdir" "$tid" $files || exit 1
	verdict= reason= dt=0 dd=0 db=0 ds=0
	for id in $members; do
		r=$(row "$id")
		fn=$(field "$r" $q_name) mode=$(field "$r" $q_mode) home=$(field "$r" $q_home)
		names="$names${names:+, }$fn()"
		if ! err=$(UNINLINE_PRISTINE=$src "$uninline" "$mode" "$tdir/linux" "$(field "$r" $q_file)" \
			"$(field "$r" $q_line)" "$fn" $([ "$mode" != move ] || echo "$home") \
			$([ "$(field "$r" $q_export)" != yes ] || echo export) 2>&1); then
			verdict=dropped reason="edit: ${err#uninline: }"
			break
		fi
	done
	[ -n "$verdict" ] || trial="trial $nth"
	if [ -n "$verdict" ]; then
		:
	elif ! "$top/kbuild/trial.sh" build "$tdir" "$tid" "$name trial $nth ($n candidates)"; then
		verdict=dropped reason="$(sed 's/^build: //' "$tdir/try/failed" 2>/dev/null | head -n 1)"
		reason="build failed: ${reason:-see $tdir/try/build.log}"
	else
		new=$(sed -n "s|^$tdir/linux/||p" "$tdir/try/build.log" | grep 'warning:' |
			sed 's/:[0-9]*:[0-9]*:/:/' | sort -u | comm -23 - "$tdir/warnings.base" | head -n 1)
		"$tksize" diff "$tdir/base/vmlinux" "$tdir/try/vmlinux" >"$tdir/try.bloat" 2>&1
		rule=$("$here/keep.sh" "$tdir/base/vmlinux" "$tdir/try/vmlinux" "$n" "$psum" "$new") ||
			die "trial $nth: measuring $tdir/try/vmlinux against $tdir/base/vmlinux failed"
		IFS=$tab read -r verdict dt dd db ds reason <<EOF
$rule
EOF
	fi
	secs=$(($(date +%s) - t0))
	if [ "$verdict" = kept ]; then
		mkdir -p "$tdir/changes"
		mv "$tdir/try.bloat" "$tdir/changes/$tid.bloat"
		# the journal line, kept where a resume finds it should a kill
		# come between the keep and the journal (the keep's renames are
		# what commit it; kbuild/trial.sh recover finishes them)
		line_of kept tid="$tid" names="$names" dtext="$dt" ddata="$dd" dbss="$db" dfuncs="$ds" seconds="$secs" \
			>"$tdir/changes/$tid.result"
		"$top/kbuild/trial.sh" keep "$tdir" "$tid" || exit 1
		cat "$tdir/changes/$tid.result" >>"$journal"
		sed -i 1d "$pending"
		done_n=$((done_n + n))
	else
		# what a dropped trial did, for reading the cost model's misses
		if [ -e "$tdir/try.bloat" ]; then
			mkdir -p "$tdir/dropped"
			mv "$tdir/try.bloat" "$tdir/dropped/$tid.bloat"
		fi
		"$top/kbuild/trial.sh" revert "$tdir" "$tid" || exit 1
		if [ "$n" -gt 1 ]; then
			# group testing: the halves go first in the queue
			h=$(( (n + 1) / 2 ))
			{
				echo "$members" | tr ' ' '\n' | head -n "$h" | tr '\n' ' ' | sed 's/ $/\n/'
				echo "$members" | tr ' ' '\n' | tail -n +$((h + 1)) | tr '\n' ' ' | sed 's/ $/\n/'
				tail -n +2 "$pending"
			} >"$pending.tmp" && mv "$pending.tmp" "$pending"
			line_of split tid="$tid" names="$names" dtext="$dt" ddata="$dd" dbss="$db" dfuncs="$ds" \
				seconds="$secs" reason="$reason" >>"$journal"
			verdict=split
		else
			line_of dropped tid="$tid" names="$names" dtext="$dt" ddata="$dd" dbss="$db" dfuncs="$ds" \
				seconds="$secs" reason="$reason" >>"$journal"
			sed -i 1d "$pending"
			done_n=$((done_n + 1))
		fi
	fi
	stats
	el=$(($(date +%s) - start))
	eta=$(( done_n ? el * (total - done_n) / done_n : 0 ))
	save_wall
	printf '  DEINLINE [%s, %d of %d candidates] %s: predicted %s, functions %+d, .text %+d: %s%s; %d kept, %d bytes saved, ~%dm%02ds left; %d builds, %dm wall in all\n' \
		"$trial" "$done_n" "$total" "$names" "$psum" "$ds" "$dt" "$verdict" "${reason:+ ($reason)}" \
		"$kept_n" "$saved" $((eta / 60)) $((eta % 60)) "$(builds)" $(($(wall) / 60))
	# a replayed change boots on its own; the others every BOOT_EVERY
	# kept trials.  The changes a failed boot undoes go first in the
	# queue, one at a time.
	if [ "$verdict" = kept ] && { [ "$how" = replay ] || [ "$(unconfirmed | wc -l)" -ge "$boot_every" ]; }; then
		if ! confirm; then
			replay_first
		fi
	fi
	# whatever is left unconfirmed boots before the run ends
	if [ ! -s "$pending" ] || { [ "${LIMIT:-0}" != 0 ] && [ "$i" -ge "$LIMIT" ]; }; then
		confirm || replay_first
	fi
done
if [ -n "$(unconfirmed)" ] && ! confirm; then
	echo "  DEINLINE $name: trials undone after a failed boot; run again to try them one at a time"
fi
save_wall
echo "  DEINLINE $name: $kept_n kept, $saved bytes of text saved; journal $journal"
}

# exit on the same line: sh must not read past it (see main)
main "$@"; exit $?
