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

# One line per probe run of a --json output: opt, backend, name, verdict
# and every access as KIND OFFSET:SIZE @PC -- what two tracers must agree on.
json_shape() {
	perl -MJSON::PP -e '
		local $/; my $j = decode_json(<STDIN>);
		for my $c (@{$j->{configurations}}) {
			for my $p (@{$c->{probes}}) {
				print join(" ", $c->{opt}, $c->{backend}, $p->{name},
					   $p->{verdict}, map { "$_->{kind}$_->{offset}:$_->{size}\@$_->{pc}" }
					   @{$p->{accesses}}), "\n";
			}
		}' <"$1"
}
