#!/bin/sh
# Several reports from one run (issue 34 point 6): --output FORMAT=FILE,
# repeatable, beside the --format report on stdout (or instead of it with
# FILE -), each byte for byte what a separate run writes; GitLab's Code
# Quality report checked against its documented shape (a JSON array of
# description, check_name, fingerprint, severity, location.path,
# location.lines.begin); GitHub's workflow annotations with GitHub's
# escaping (%25 %0D %0A in the message, also %3A %2C in a property).
# Before, each format needed its own run and neither CI format existed.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires clang clang

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
have_cmd python3 || skip_all "$(missing_why python3)"
export NO_PROGRESS=1 SOURCE_DATE_EPOCH=1700000000
cd "$TEST_TMP" || exit 1

mkdir -p proj/src
cat >proj/src/a.c <<'C'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
struct pair { int a, b; };
struct pair pr;
int flag, x, y;
int get(void) { return *(volatile int *)&flag; }
struct pair both(void) { return ACCESS_ONCE(pr); }
int arr[4], i;
int rem(void) { return ACCESS_ONCE(arr[i % 4]); }
C
# a name with the characters a property must escape
printf 'int z;\nint h(void) { return *(volatile int *)&z; }\n' >'proj/src/we,ird:name.c'
cd proj || exit 1

# ---- one run, every format, against separate runs ----
"$RWONCE" audit --output json=o.json --output sarif=o.sarif \
	--output html=o.html --output text=o.txt --output codequality=o.cq \
	--output github=o.gh src >o.stdout 2>o.err
echo $? >o.rc
for f in json sarif html text codequality github; do
	"$RWONCE" audit --format=$f src >s.$f 2>/dev/null
done
"$RWONCE" audit src >s.stdout 2>s.err; echo $? >s.rc
test_expect_success 'one run with six --output files: exit 1, the text on stdout as without them' '
	test "$(cat o.rc)" = 1 && test "$(cat s.rc)" = 1 &&
	cmp o.stdout s.stdout && cmp o.err s.err && grep -q "\[access-once\]" o.stdout
'
test_expect_success 'each file is byte for byte what --format writes in its own run' '
	cmp o.json s.json && cmp o.sarif s.sarif && cmp o.txt s.text &&
	cmp o.cq s.codequality && cmp o.gh s.github
'
# the HTML page names its run (the command line): all else is the same
test_expect_success 'the HTML page too, but for the command line it records' '
	grep -v -e "--output" o.html >o.h && grep -v -e "--format=html" s.html >s.h &&
	cmp o.h s.h && test "$(wc -l <o.h)" -gt 20
'
test_expect_success 'the files are made with the usual mode (0666 less the umask)' '
	test "$(stat -c %a o.json)" = "$(touch new; stat -c %a new)"
'
test_expect_success '--output json=- writes JSON on stdout, and no text' '
	"$RWONCE" audit --output json=- --output sarif=two.sarif src >j.out 2>/dev/null;
	test $? = 1 && cmp j.out s.json && cmp two.sarif s.sarif
'
test_exit_msg 2 'two reports on stdout: refused' 'two reports on stdout' \
	"$RWONCE" audit --output json=- --output sarif=- src
test_exit_msg 2 '--format and --output - both on stdout: refused' \
	'both write to stdout' "$RWONCE" audit --format=sarif --output json=- src
test_exit_msg 2 'an unknown format: refused before the run' \
	"unknown format 'pdf'" "$RWONCE" audit --output pdf=x.pdf src
test_exit_msg 2 'not FORMAT=FILE: refused' 'not FORMAT=FILE' \
	"$RWONCE" audit --output sarif src
test_exit_msg 2 'a file that cannot be written: exit 2, named; stdout still written' \
	'--output no/such/dir/r.json: cannot write it' \
	"$RWONCE" audit --output json=no/such/dir/r.json src
test_expect_success '... and a report that exists is not half-written by a failed run' '
	cp s.json keep.json && chmod 0444 keep.json && mkdir ro && cp keep.json ro/r.json &&
	chmod 0555 ro && { "$RWONCE" audit --output json=ro/r.json src >/dev/null 2>ro.err; test $? = 2; } &&
	cmp keep.json ro/r.json; rc=$?; chmod 0755 ro; test $rc = 0 || test "$(id -u)" = 0
'

# ---- GitLab Code Quality: the documented shape ----
test_expect_success 'codequality: an array of issues with every field GitLab requires' '
	python3 - o.cq s.json <<-PY
	import json, sys
	cq = json.load(open(sys.argv[1]))
	found = json.load(open(sys.argv[2]))["findings"]
	assert isinstance(cq, list) and len(cq) == len(found) == 5, (len(cq), len(found))
	sev = {"error": "critical", "warning": "major", "note": "info"}
	fps = set()
	for issue, f in zip(cq, found):
	    assert set(issue) == {"description", "check_name", "fingerprint",
	                          "severity", "location"}, issue
	    for k in ("description", "check_name", "fingerprint"):
	        assert isinstance(issue[k], str) and issue[k], (k, issue)
	    assert issue["severity"] in ("info", "minor", "major", "critical", "blocker")
	    assert issue["severity"] == sev[f["level"]], (issue, f)
	    assert issue["check_name"] == f["rule"]
	    assert f["message"] in issue["description"]
	    loc = issue["location"]
	    assert loc["path"] == f["path"] and not loc["path"].startswith(("/", "./")), loc
	    assert isinstance(loc["lines"]["begin"], int) and loc["lines"]["begin"] == f["line"]
	    fps.add(issue["fingerprint"])
	assert len(fps) == len(cq), "fingerprints are not unique"
	PY
'
test_expect_success 'codequality: no findings is an empty array' '
	printf "int q;\nint g(void) { return READ_ONCE(q); }\n" >clean.c &&
	"$RWONCE" audit --output codequality=clean.cq clean.c >/dev/null 2>&1 &&
	python3 -c "import json,sys; assert json.load(open(sys.argv[1])) == []" clean.cq
'

# ---- GitHub workflow annotations ----
# GitHub's decoding of a command: %25 %0D %0A in the message, and %3A %2C
# too in a property; it must give back the findings' own text.
cat >decode.py <<'PY'
import json, re, sys
def unescape(s, prop):
    pairs = [("%0D", "\r"), ("%0A", "\n")] + ([("%3A", ":"), ("%2C", ",")] if prop else [])
    for a, b in pairs:
        s = s.replace(a, b)
    return s.replace("%25", "%")
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "", "no newline at the end"
found = json.load(open(sys.argv[2]))["findings"]
assert len(lines) - 1 == len(found), (len(lines), len(found))
cmd = {"error": "error", "warning": "warning", "note": "notice"}
for line, f in zip(lines, found):
    m = re.fullmatch(r"::(error|warning|notice) ([^:]*)::(.*)", line)
    assert m, line
    assert m.group(1) == cmd[f["level"]], (line, f["level"])
    props = dict(p.split("=", 1) for p in m.group(2).split(","))
    assert set(props) >= {"file", "line", "col", "title"}, props
    assert unescape(props["file"], 1) == f["path"], props
    assert int(props["line"]) == f["line"] and int(props["col"]) == f["column"]
    assert unescape(props["title"], 1).endswith(f["rule"])
    msg = unescape(m.group(3), 0)
    want = f["message"] + ("\n" + "\n".join(f["notes"]) if f.get("notes") else "")
    assert msg == want, (msg, want)
print("ok", len(found))
PY
test_expect_success 'github: one command per finding, its level, place and text' '
	python3 decode.py o.gh s.json
'
test_expect_success 'github: a comma and a colon in a file name are escaped (%2C %3A)' '
	grep -q "^::notice file=src/we%2Cird%3Aname.c,line=2,col=22," o.gh
'
test_expect_success 'github: a % in the message is %25, nothing else of it escaped' '
	grep -q "::ACCESS_ONCE(arr\[i %25 4\]) is deprecated" o.gh &&
	! sed "s/^::[^:]*:://" o.gh | grep -q "%[^2]"
'
test_exit_msg 1 'github=- on stdout: the annotations are the output' \
	'^::error file=src/a.c,line=6,' "$RWONCE" audit --output github=- src

# ---- scan: the same, notes become %0A ----
if have_cmd clang; then
	cat >t.c <<'C'
struct pair { unsigned a, b; };
struct pair p;
unsigned f(void) { struct pair v = *(volatile struct pair *)&p; return v.a + v.b; }
C
	clang -O2 -g -c t.c -o t.o
	"$RWONCE" scan --output json=t.json --output sarif=t.sarif --output github=t.gh t.o >t.out 2>/dev/null
	"$RWONCE" scan --format=json t.o >ts.json 2>/dev/null
	"$RWONCE" scan --format=sarif t.o >ts.sarif 2>/dev/null
	"$RWONCE" scan t.o >ts.out 2>/dev/null
	test_expect_success 'scan: JSON (with every site instance) and SARIF from one run equal separate runs' '
		cmp t.json ts.json && cmp t.sarif ts.sarif && cmp t.out ts.out &&
		grep -q "site_instances" t.json
	'
	test_expect_success 'scan: the annotation carries the notes on lines of their own (%0A)' '
		grep -q "^::error file=t.c,line=3,col=36,.*title=rwonce scan%3A scan-torn::.*torn%0Ain t.o, function .f.%0A" t.gh &&
		python3 decode.py t.gh ts.json
	'
else
	test_skip 'scan: one run equals separate runs' "$(missing_why clang)"
	test_skip 'scan: the annotation carries the notes' "$(missing_why clang)"
fi

test_done
