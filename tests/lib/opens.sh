# opens TRACE NAME: how many times the run that strace -f -e trace=openat
# wrote to TRACE opened a file whose path ends in NAME.
opens() {
	grep -c "openat(.*\"[^\"]*$2\"" "$1"
}

# traced_fix NAME DIR [OPTION...]: rwonce fix -j 1 of DIR under strace:
# the trace in NAME.trace, the diff in NAME.diff, the notes in NAME.err,
# the exit status in NAME.rc.
traced_fix() {
	name=$1 dir=$2
	shift 2
	strace -f -e trace=openat -o "$name.trace" \
		"$RWONCE" fix --no-config -j 1 "$@" "$dir" >"$name.diff" 2>"$name.err"
	echo $? >"$name.rc"
}
