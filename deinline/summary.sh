#!/bin/sh
# summary: what one advisor run measured, from its journal.
#   usage: summary.sh TDIR
# Trials and their wall time, candidates kept, dropped (by reason) and
# still queued, the text saved against the base kernel, and Spearman's
# rank correlation between predicted and measured savings over the
# single-candidate trials, the 50 best predictions among them (the
# measured saving is the text symbols', DFUNCS; ties share their mean
# rank).
set -eu
tdir=$1
[ -s "$tdir/journal" ] || { echo "summary: $tdir/journal: no trials yet" >&2; exit 1; }
awk -F'\t' -v pending="$(wc -l <"$tdir/pending" 2>/dev/null || echo 0)" '
	$1 == "try" { pred[$2] = $7 }
	$1 == "kept" || $1 == "dropped" || $1 == "split" {
		# a refused edit, or a drop after a failed boot, built nothing
		if (!($1 == "dropped" && $9 ~ /^(edit:|boot failed)/)) { trials++; secs += $8 }
	}
	$1 == "kept" { k[$2] = $4; n = split($2, m, "+"); if (n == 1) single[$2] = -$7 }
	$1 == "unkept" { delete k[$2]; delete single[$2] }
	$1 == "split" { splits++ }
	$1 == "dropped" {
		r = $9; sub(/:.*/, "", r); sub(/ \(.*/, "", r); why[r]++
		# measured only: not a refused edit, a failed build or boot, a warning
		if ($2 !~ /\+/ && r !~ /^(edit|boot|build|new warning)/) single[$2] = -$7
	}
	$1 == "boot" { boots[$2]++ }
	END {
		for (t in k) { kept += split(t, x, "+"); saved -= k[t] }
		printf "trials: %d builds, %dm%02ds of wall time; %d groups split\n", trials, secs / 60, secs % 60, splits
		printf "kept: %d candidates, %d bytes of text saved; boots: %d PASS, %d FAIL\n", kept, saved, boots["PASS"], boots["FAIL"]
		for (r in why) printf "dropped: %d, %s\n", why[r], r
		# Spearman over the 50 best-predicted single trials
		n = 0
		for (id in single) { ids[++n] = id }
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (pred[ids[j]] + 0 > pred[ids[i]] + 0) { t = ids[i]; ids[i] = ids[j]; ids[j] = t }
		if (n > 50) n = 50
		if (n < 3) { print "spearman: fewer than 3 single-candidate trials"; exit }
		rank(pred, pr); rank(single, mr)
		for (i = 1; i <= n; i++) { d = pr[i] - mr[i]; mp += pr[i]; mm += mr[i] }
		mp /= n; mm /= n
		for (i = 1; i <= n; i++) { sxy += (pr[i] - mp) * (mr[i] - mm); sxx += (pr[i] - mp) ^ 2; syy += (mr[i] - mm) ^ 2 }
		printf "spearman: %.2f over the %d best-predicted single-candidate trials\n", (sxx && syy) ? sxy / sqrt(sxx * syy) : 0, n
	}
	# the ranks of V[ids[1..n]] into R[1..n], ties at their mean rank
	function rank(v, r,    i, j, less, same) {
		for (i = 1; i <= n; i++) {
			less = 0; same = 0
			for (j = 1; j <= n; j++) {
				if (v[ids[j]] + 0 < v[ids[i]] + 0) less++
				else if (v[ids[j]] + 0 == v[ids[i]] + 0) same++
			}
			r[i] = less + (same + 1) / 2
		}
	}' "$tdir/journal"
echo "queued: $(wc -l <"$tdir/pending" 2>/dev/null || echo 0) trials left"
