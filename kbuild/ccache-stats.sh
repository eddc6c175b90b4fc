#!/bin/sh
# ccache's hit rate over one run, for the run's summary line.
#   usage: ccache-stats.sh start FILE   remember ccache's counters in FILE
#          ccache-stats.sh end FILE     print the hits and misses since then
# Quiet when CC does not go through ccache (CC="distcc gcc", plain gcc).
set -u
case " ${CC:-ccache gcc} " in *" ccache "*|*"/ccache "*) ;; *) exit 0 ;; esac
command -v ccache >/dev/null 2>&1 || exit 0
counters() {
	ccache --print-stats 2>/dev/null | awk '
		$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
		$1 == "cache_miss" { miss += $2 }
		END { print hit + 0, miss + 0 }'
}
case $1 in
start)
	counters >"$2" ;;
end)
	[ -r "$2" ] || exit 0
	read -r h0 m0 <"$2"
	set -- $(counters) "$2"
	hits=$(($1 - h0)) misses=$(($2 - m0))
	total=$((hits + misses))
	rate=$(awk "BEGIN { printf \"%.1f\", $total ? 100 * $hits / $total : 0 }")
	echo "  CCACHE  $hits hits, $misses misses ($rate% hit rate) in ${CCACHE_DIR:-$(ccache -k cache_dir)}"
	rm -f "$3" ;;
esac
