#!/bin/sh
# --format=html as people read it (issue 34, point 8): the run (version,
# command line, commit of the checkout, date), a summary per rule with
# counts, the findings grouped by rule and then file, code at the size of
# the text (not the browser's smaller monospace default), and scan's
# instructions with their relocations and symbols resolved ("movl
# lock+4(%rip), %eax", not "movl (%rip), %eax"; "jmp use"), and on a
# volatile-aggregate card the type's definition.  Checked in
# the page as written and in the DOM chromium builds, with the computed
# font sizes read by a script in a page around the report (the report
# itself runs no script).
. "$(dirname "$0")/lib/tap.sh"
requires git git
requires chromium chromium
requires clang clang

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd git
cd "$TEST_TMP" || exit 1

# A checkout with findings of two rules in two files.
mkdir tree && cd tree || exit 1
git init -q . && git config user.email t@example.invalid && git config user.name t
printf 'int x, y;\nint f(void)\n{\n\treturn ACCESS_ONCE(x) + ACCESS_ONCE(y);\n}\n' >a.c
printf 'int z;\nint g(void)\n{\n\treturn ACCESS_ONCE(z) + *(volatile int *)&z;\n}\n' >b.c
git add a.c b.c && git commit -q -m fixture
HEAD=$(git rev-parse HEAD)
SOURCE_DATE_EPOCH=86400 "$RWONCE" audit --format=html . >../audit.html 2>/dev/null
cd .. || exit 1

test_expect_success 'the run: version, the command line, the commit checked out, the date' '
	grep -q "<dt>Version</dt><dd>rwonce [0-9][^<]*</dd>" audit.html &&
	grep -q "<dt>Command</dt><dd><code>rwonce audit --format=html \.</code></dd>" audit.html &&
	grep -q "<dt>Commit</dt><dd><code>$HEAD</code></dd>" audit.html &&
	grep -q "<dt>Date</dt><dd>1970-01-02T00:00:00Z</dd>" audit.html'

test_expect_success 'no commit line outside a checkout' '
	mkdir plain && cp tree/a.c plain/ &&
	(cd plain && "$RWONCE" audit --format=html . >../plain.html 2>/dev/null; test $? = 1) &&
	grep -q "<dt>Version</dt>" plain.html && ! grep -q "<dt>Commit</dt>" plain.html'

test_expect_success 'a summary per rule: findings and files, linked to the group' '
	grep -Eq "<tr><td><a href=\"#rule-access-once\"><span class=\"rule\">access-once</span></a></td>(<td><span class=\"level [a-z]+\">[a-z]+</span></td>)?<td class=\"n\">3</td><td class=\"n\">2</td>" audit.html &&
	grep -Eq "<tr><td><a href=\"#rule-volatile-cast\"><span class=\"rule\">volatile-cast</span></a></td>(<td><span class=\"level [a-z]+\">[a-z]+</span></td>)?<td class=\"n\">1</td><td class=\"n\">1</td>" audit.html'

test_expect_success 'grouped by rule, then file: each rule a section, each file a heading in it' '
	awk "/<section class=\"rule-group\" id=\"rule-access-once\">/ { s = 1 }
	     /<section class=\"rule-group\" id=\"rule-volatile-cast\">/ { s = 2 }
	     /<h3 class=\"file\">/ { print s \" \" \$0 }" audit.html >groups &&
	test "$(cat groups)" = "1 <h3 class=\"file\">./a.c</h3>
1 <h3 class=\"file\">./b.c</h3>
2 <h3 class=\"file\">./b.c</h3>" &&
	grep -q "<li><code>./a.c</code>: <a href=\"#f1\">4</a> <a href=\"#f2\">4</a></li>" audit.html'

# volatile-aggregate: the card shows the type's definition, from the
# header that has it (both engines).
mkdir agg agg/src
printf '#ifndef LOCAL_H\n#define LOCAL_H\n/* the ICP state */\nunion icp_state {\n\tunsigned long raw;\n\tstruct {\n\t\tunsigned char cppr, mfrr;\n\t\tunsigned int xisr;\n\t};\n};\n#endif\n' >agg/src/local.h
printf '#include "local.h"\n#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))\nunion icp_state st;\nint f(void)\n{\n\tunion icp_state s = READ_ONCE(st);\n\treturn s.cppr;\n}\n' >agg/src/a.c
(cd agg && "$RWONCE" audit --format=html --macro READ_ONCE=volatile-cast . >../agg.html 2>/dev/null)
test_expect_success 'volatile-aggregate: the card shows the union'"'"'s definition from its header' '
	grep -q "<div class=\"pane definition\"><h5>The type: union icp_state, ./src/local.h:4</h5>" agg.html &&
	sed -n "/pane definition/,/<\/table>/p" agg.html >def &&
	grep -q "<td class=\"ln\">4</td><td><pre>union icp_state {</pre>" def &&
	grep -q "<td class=\"ln\">8</td><td><pre>		unsigned int xisr;</pre>" def &&
	grep -q "<td class=\"ln\">10</td><td><pre>};</pre>" def &&
	! grep -q "<td class=\"ln\">11</td>" def'
printf '[{"directory": "%s", "file": "src/a.c", "arguments": ["cc", "-c", "src/a.c"]}]\n' "$TEST_TMP/agg" >agg/compile_commands.json
if (cd agg && "$RWONCE" audit --engine clang -p . --format=html >../agg-clang.html 2>../agg-clang.err); test $? = 1; then
	test_expect_success 'volatile-aggregate, clang engine: the same definition on the card' '
		grep -q "<div class=\"pane definition\"><h5>The type: union icp_state, src/local.h:4</h5>" agg-clang.html &&
		grep -q "<td class=\"ln\">10</td><td><pre>};</pre>" agg-clang.html'
else
	test_skip 'volatile-aggregate, clang engine' "the clang engine did not run here: $(head -n 1 agg-clang.err)"
fi

# scan: a torn read of a global's two halves; the call after it.
cat >lock.c <<'C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct pair { unsigned a, b; };
struct holder { int pad; struct pair p; } lock;
extern void use(unsigned);
void f(void) { struct pair p = READ_ONCE(lock.p); use(p.a + p.b); }
C
have_scan=
if have_cmd clang && clang --target=x86_64-linux-gnu -O2 -g -c lock.c -o lock.o 2>/dev/null; then
	"$RWONCE" scan --format=html lock.o >scan.html 2>/dev/null
	have_scan=1
	test_expect_success 'scan: the instructions with the relocations'"'"' symbols: lock+4, lock+8, use; the struct'"'"'s definition (DWARF)' '
		grep -q "<tr class=\"hit\"><td class=\"addr\">[0-9a-f]*</td><td><pre>movl lock+4(%rip), %eax</pre>" scan.html &&
		grep -q "<tr class=\"hit\"><td class=\"addr\">[0-9a-f]*</td><td><pre>movl lock+8(%rip), %[a-z]*</pre>" scan.html &&
		grep -q "<td><pre>jmp use</pre>" scan.html &&
		grep -q "<h5>The type: struct pair, .*lock.c:2</h5>" scan.html &&
		grep -q "<td class=\"ln\">2</td><td><pre>struct pair { unsigned a, b; };</pre>" scan.html &&
		! grep -q "<pre>movl (%rip)" scan.html'
else
	test_skip 'scan: the instructions with symbols' "$(missing_why clang) or clang cannot build for x86_64"
fi

if ! have_cmd chromium; then
	test_skip 'chromium: the summary, the groups, a resolved symbol, code at body size' "$(missing_why chromium)"
	test_done
	exit
fi

# A page around the report reads what chromium computed (file:// pages
# may read each other only with --allow-file-access-from-files).
cat >measure.html <<'H'
<!DOCTYPE html><html><body><iframe id="r"></iframe><pre id="out">pending</pre>
<script>
var f = document.getElementById('r');
f.onload = function () {
  var d = f.contentDocument, w = f.contentWindow, out = ['measured:'];
  function size(sel) { var e = d.querySelector(sel); return e ? w.getComputedStyle(e).fontSize : 'none'; }
  out.push('body ' + size('body'));
  out.push('source ' + size('.code pre'));
  out.push('asm ' + size('.asm pre'));
  out.push('code ' + size('dd code'));
  d.querySelectorAll('table.rules tr').forEach(function (tr) {
    out.push('row ' + Array.prototype.map.call(tr.cells, function (c) {
      return c.textContent.trim(); }).join(' '));
  });
  d.querySelectorAll('.rule-group h3.file').forEach(function (h) {
    out.push('file ' + h.closest('section').id + ' ' + h.textContent);
  });
  d.querySelectorAll('tr.hit pre').forEach(function (p) { out.push('hit ' + p.textContent); });
  d.querySelectorAll('.definition pre').forEach(function (p) { out.push('def ' + p.textContent); });
  out.push('end');
  document.getElementById('out').textContent = out.join('\n');
};
f.src = location.hash.slice(1);
</script></body></html>
H
measure() { # page -> page.measured (what the script wrote)
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--allow-file-access-from-files --virtual-time-budget=10000 \
		--user-data-dir="$TEST_TMP/browser-profile" --dump-dom \
		"file://$TEST_TMP/measure.html#$1" 2>browser.err |
		sed -n '/<pre id="out">/,/<\/pre>/p' >"$1.measured"
}
test_expect_success 'chromium: the summary rows and the groups in the DOM' '
	measure audit.html &&
	grep -Eq "^row access-once( [a-z]+)? 3 2 " audit.html.measured &&
	grep -Eq "^row volatile-cast( [a-z]+)? 1 1 " audit.html.measured &&
	grep -q "^file rule-access-once ./a.c$" audit.html.measured &&
	grep -q "^file rule-volatile-cast ./b.c$" audit.html.measured'
test_expect_success 'chromium: the type definition on the volatile-aggregate card' '
	measure agg.html &&
	grep -q "^def union icp_state {$" agg.html.measured &&
	grep -q "^def };$" agg.html.measured'
test_expect_success 'chromium: code at the size of the text (16px, not the 13px monospace default)' '
	grep -q "^body 16px$" audit.html.measured &&
	grep -q "^source 16px$" audit.html.measured &&
	grep -q "^code 16px$" audit.html.measured'
if [ -n "$have_scan" ]; then
	test_expect_success 'chromium: the scan page shows lock+4 in the marked instructions, at 16px' '
		measure scan.html &&
		grep -q "^hit movl lock+4(%rip), %eax$" scan.html.measured &&
		grep -q "^def struct pair { unsigned a, b; };$" scan.html.measured &&
		grep -q "^asm 16px$" scan.html.measured'
else
	test_skip 'chromium: the scan page' 'no scan page (see above)'
fi
test_done
