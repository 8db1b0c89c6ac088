# Helpers for the rwonce verify tests (tests/t10xx), sourced after tap.sh.
#
#   verdicts PROBE FILE   the verdicts of PROBE in a --json output, one per
#                         configuration, in configuration order
#   json_ok FILE          FILE is valid JSON (perl's core JSON::PP)

verdicts() {
	grep "\"name\": \"$1\"," "$2" | sed 's/.*"verdict": "\([a-z]*\)".*/\1/'
}

json_ok() {
	perl -MJSON::PP -e 'local $/; decode_json(<STDIN>)' <"$1"
}

# Every configuration of a --json output has this status.
all_status() { # status file
	! grep '"status": "' "$2" | grep -v "\"status\": \"$1\"" | grep -q .
}
