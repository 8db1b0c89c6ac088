#!/bin/sh
# The config file (rwonce(1), CONFIG FILE): .rwonce.ini, read by libinih,
# found from the first path up to the top of the git tree or named by
# --config FILE (--no-config: none); [all] then the command's own section
# ([audit], [scan], [fix]) as the options of the same names, before the
# command line, which overrides a single value and adds to a list.  Each
# command says which file it read (-v, JSON, SARIF).  A bad file is an
# error naming FILE:LINE, exit 2.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires git git

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd git python3
cd "$TEST_TMP" || exit 1
mkdir -p top/tree/src top/tree/tools
git init -q top/tree
A='#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))'
printf '%s\nint f;\nint g(void) { return ACCESS_ONCE(f); }\n' "$A" >top/tree/src/a.c
cp top/tree/src/a.c top/tree/tools/t.c
# double fetch: reported only with --enable double-fetch
cat >top/tree/src/df.c <<'C'
typedef unsigned long long u64;
struct wb { unsigned wb[64]; };
struct adev { struct wb wb; };
struct amdgpu_ring { struct adev *adev; int rptr_offs; };
u64 get_rptr(struct amdgpu_ring *ring)
{
	u64 *rptr;

	rptr = ((u64 *)&ring->adev->wb.wb[ring->rptr_offs]);
	DRM_DEBUG("rptr == 0x%016llx\n", *rptr);
	return ((*rptr) >> 2);
}
C
# a file above the tree's top (.git) is never read
printf '[all]\nexclude = src\n' >top/.rwonce.ini
R=$RWONCE

test_exit_msg 1 'no config file in the tree: -v says so; both folders audited' \
	'rwonce audit: no config file \(no \.rwonce\.ini from the first path up to the top of the tree\)' \
	"$R" audit -v top/tree/src top/tree/tools

cat >top/tree/.rwonce.ini <<'INI'
# rwonce's options for this tree
[all]
exclude = tools
[audit]
enable = double-fetch
INI
(cd top/tree/src && "$R" audit -v .) >out 2>err; rc=$?
test_expect_success 'found from the first path (a subfolder) up to the top; -v names it' '
	test $rc = 1 && grep -q "^rwonce audit: options from /.*/top/tree/.rwonce.ini$" err'
(cd top/tree && "$R" audit .) >out 2>err
test_expect_success '[all] exclude and [audit] enable apply' '
	grep -q "\\[double-fetch\\]" out && grep -q "a.c:3:.*\\[access-once\\]" out &&
	! grep -q "t.c:" out'
(cd top/tree && "$R" audit --disable double-fetch src) >out 2>err
test_expect_success 'the command line overrides the file (--disable after its enable)' '
	! grep -q "double-fetch" out && grep -q "\\[access-once\\]" out'
(cd top/tree && "$R" audit --format=json src) >audit.json
(cd top/tree && "$R" audit --format=sarif src) >audit.sarif
test_expect_success 'JSON and SARIF name the file read' '
	python3 -c "import json,sys; d=json.load(open(\"audit.json\")); assert d[\"config\"]==\".rwonce.ini\", d.get(\"config\")" &&
	python3 -c "import json,sys; d=json.load(open(\"audit.sarif\")); p=d[\"runs\"][0][\"invocations\"][0][\"properties\"]; assert p[\"configFile\"]==\".rwonce.ini\", p"'
test_exit_msg 1 '--no-config: the file is not read (tools audited again)' \
	'tools/t.c:3:' "$R" audit --no-config top/tree/src top/tree/tools
printf '[audit]\nexclude = src\n' >other.ini
test_exit_msg 1 '--config FILE instead of the tree'"'"'s' \
	'rwonce audit: options from other.ini' \
	"$R" audit -v --config other.ini top/tree/src top/tree/tools
test_exit_msg 2 '--config of a missing file: exit 2, naming it' \
	'rwonce: error: --config nosuch.ini: No such file' \
	"$R" audit --config nosuch.ini top/tree/src

# fix reads [all] and [fix]: the excluded folder gets no edit
(cd top/tree && "$R" fix -v --format=json .) >fix.json 2>fix.err
test_expect_success 'fix reads it too: [all] exclude, -v and JSON name it' '
	grep -q "^rwonce fix: options from .rwonce.ini$" fix.err &&
	python3 -c "import json; d=json.load(open(\"fix.json\")); assert d[\"config\"]==\".rwonce.ini\"; assert [f[\"path\"] for f in d[\"files\"]]==[\"./src/a.c\"], d[\"files\"]"'

# a baseline named in the file, relative to the file's folder, from anywhere
(cd top/tree && "$R" audit --no-config --format=json src >known.json)
mkdir top/tree/ci && mv top/tree/known.json top/tree/ci/
echo 'int clean;' >clean.c
"$R" audit --no-config --format=json clean.c >other.json
printf '[audit]\nbaseline = ci/known.json\n' >top/tree/.rwonce.ini
test_exit_msg 0 'baseline = FILE, relative to the config file'"'"'s folder' \
	'1 in the baseline' sh -c 'cd top/tree && "$0" audit src' "$R"
test_exit_msg 1 'and --baseline on the command line replaces it' \
	'access-once 1$' sh -c 'cd top/tree && "$0" audit --baseline ../../other.json src' "$R"

# bad files: FILE:LINE, exit 2
bad() { # name regex ini-text
	printf "$3" >top/tree/.rwonce.ini
	test_exit_msg 2 "$1" "$2" "$R" audit top/tree/src
}
bad 'an unknown key' '^rwonce: error: .*tree/\.rwonce\.ini:2: unknown key .exclud. in \[all\]' '[all]\nexclud = tools\n'
bad 'an unknown section' '\.rwonce\.ini:2: unknown section \[audits\]' '[audits]\nexclude = tools\n'
bad 'a key outside a section' '\.rwonce\.ini:1: .exclude. is outside a section' 'exclude = tools\n'
bad 'a line that is not key = value' '\.rwonce\.ini:3: not a .key = value. line' '[all]\n# fine\nexclude tools\n'
bad 'a value the option refuses' '\.rwonce\.ini:2: enable = nosuch-rule: not a value of --enable' '[audit]\nenable = nosuch-rule\n'
bad 'a fail-on level that does not exist' '\.rwonce\.ini:2: fail-on = x: not a value of --fail-on' '[audit]\nfail-on = x\n'
printf '[audit]\nfail-on = error\n' >top/tree/.rwonce.ini
test_exit_msg 0 'fail-on = error: a warning does not fail the run' \
	'below --fail-on=error' "$R" audit top/tree/src
test_exit_msg 1 '... and --fail-on warning on the command line overrides it' \
	'\[access-once\]' "$R" audit --fail-on warning top/tree/src
printf '[all]\nexclude = tools\n[fix]\nbaseline = known.json\n' >top/tree/.rwonce.ini
test_exit_msg 2 'fix: a key fix does not have in [fix]' \
	'\.rwonce\.ini:4: rwonce fix has no --baseline' "$R" fix top/tree/src
test_exit_msg 1 'audit is not troubled by [fix]: only [all] and [audit] are applied' \
	'access-once' "$R" audit top/tree/src

# scan reads [all] and [scan]
if [ -e "$RWONCE_BUILD/rwonce-scan.so" ]; then
	gcc -O2 -g -c top/tree/src/a.c -o top/tree/a.o
	printf '[all]\nexclude = tools\n[scan]\nmacro = MY_READ=read-once\n' >top/tree/.rwonce.ini
	test_exit_msg 0 'scan reads it too: -v names it ([all] exclude skipped: scan has none)' \
		'^rwonce scan: options from .*top/tree/.rwonce.ini' "$R" scan -v top/tree/a.o
	printf '[scan]\nexclude = tools\n' >top/tree/.rwonce.ini
	test_exit_msg 2 'scan: a key scan does not have in [scan]' \
		'\.rwonce\.ini:2: rwonce scan has no --exclude' "$R" scan top/tree/a.o
else
	test_skip 'scan reads it too' 'rwonce scan not built (its plugin)'
fi
test_done
