#!/bin/sh
# rwonce audit and rwonce fix decide each site the same way (issue #22):
# over the audit rule fixtures and the fix fixtures, every access-once and
# volatile-cast finding is "fixable" exactly when fix converts the site,
# and when it is not, audit's message gives fix's own reason for leaving
# it.  fix converts nothing audit does not report as fixable, and every
# note of fix is a finding of audit, except where audit is silent on
# purpose (the definitions of once-primitives).
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
need_cmd python3
MACROS="--macro CMM_ACCESS_ONCE=access-once --macro CMM_LOAD_SHARED=read-once"

for d in audit/rules fix; do
	name=$(echo "$d" | tr / -)
	cp -r "$RWONCE_ROOT/tests/$d" "$TEST_TMP/$name"
	test_expect_success "$d: audit's fixable is fix's decision, with fix's reason" "
		cd '$TEST_TMP/$name' &&
		'$RWONCE' audit -q --format=json $MACROS . >audit.json; test \$? -le 1 &&
		'$RWONCE' fix $MACROS . >fix.diff 2>fix.err; test \$? -le 1 &&
		python3 - audit.json fix.err <<'PY'
import json, re, sys
audit = json.load(open(sys.argv[1]))['findings']
notes, converted = {}, None
for line in open(sys.argv[2]):
    m = re.match(r'^(.*?):(\d+):(\d+): note: .*? left unchanged: (.*) \[([a-z-]+)\]$', line)
    if m:
        notes[(m.group(1), int(m.group(2)), int(m.group(3)))] = m.group(4)
    m = re.match(r'^rwonce fix: (\d+) sites? to convert', line)
    if m:
        converted = int(m.group(1))
bad, fixable, seen = [], 0, set()
for f in audit:
    if f['rule'] not in ('access-once', 'volatile-cast', 'volatile-wrong-level'):
        continue
    key = (f['path'], f['line'], f['column'])
    seen.add(key)
    if f['fixable']:
        fixable += 1
        if key in notes:
            bad.append('%s:%d:%d fixable, but fix leaves it: %s' % (key + (notes[key],)))
    elif key not in notes:
        bad.append('%s:%d:%d not fixable, but fix converts it: %s' % (key + (f['message'],)))
    elif 'rwonce fix leaves it: ' + notes[key] not in f['message']:
        bad.append('%s:%d:%d reasons differ: audit \"%s\", fix \"%s\"' % (key + (f['message'], notes[key])))
for key, why in notes.items():
    if key not in seen and 'once-primitive' not in why:
        bad.append('%s:%d:%d fix leaves it (%s), audit says nothing' % (key + (why,)))
if converted != fixable:
    bad.append('fix converts %s sites, audit calls %d fixable' % (converted, fixable))
print('%d findings, %d fixable, %d notes' % (len(seen), fixable, len(notes)))
for b in bad:
    print(b)
sys.exit(1 if bad or not seen else 0)
PY"
done
test_done
