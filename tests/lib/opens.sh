# opens TRACE NAME: how many times the run that strace -f -e trace=openat
# wrote to TRACE opened a file whose path ends in NAME.
opens() {
	grep -c "openat(.*\"[^\"]*$2\"" "$1"
}
