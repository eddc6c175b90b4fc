# columns.sh, sourced: the candidates file's columns by name, from the
# header line rank.sh writes ("# id<TAB>file<TAB>line..."), so that no
# reader counts them and a column added or moved is read where it is.
#   col FILE NAME          the number of NAME's column in FILE
#   awk_cols FILE NAME...  " -v c_NAME=N" for each NAME, for awk
# Either fails, naming FILE and NAME, when FILE's header has no such column.
col() {
	_n=$(head -n 1 "$1" | sed 's/^# //' | tr '\t' '\n' | grep -nxF -- "$2" | cut -d: -f1)
	[ -n "$_n" ] || { echo "$1: no column '$2' in its header line" >&2; return 1; }
	echo "$_n"
}
awk_cols() {
	_f=$1
	shift
	for _c; do
		_n=$(col "$_f" "$_c") || return 1
		printf ' -v c_%s=%s' "$_c" "$_n"
	done
}
