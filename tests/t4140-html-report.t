#!/bin/sh
# --format=html as a browser shows it: scan's page (each finding with the
# source around its site beside the instructions decoded for it, the
# accesses of the verdict marked, the inline chain as links into the
# page), verify's grid (a cell per configuration, coloured, linked to its
# detail) and audit's list.  The pages are checked as written, then
# rendered by Debian's chromium headless and checked in the DOM it
# builds (chromium: deps/test-tools.txt).
. "$(dirname "$0")/lib/tap.sh"
requires chromium chromium
requires qemu-x86_64 qemu-user

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

cat >inl.c <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared, other;
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
static inline struct snap get(void)
{
	return READ_ONCE(shared);
}
long outer(void)
{
	struct snap s = get();
	return s.a + s.f;
}
struct snap copy_other(void)
{
	/* rwonce-ignore[scan-torn]: <a deliberate & re-read copy> */
	return READ_ONCE(other);
}
C
gcc -O2 -g -c inl.c -o inl.o
"$RWONCE" scan --format=html inl.o >scan.html 2>scan.err; rc=$?

# The page as written: self-contained, escaped, what a reader needs.
test_expect_success 'scan: one self-contained page (no script, nothing from the network), exit 1' '
	test $rc = 1 && grep -q "^<!DOCTYPE html>" scan.html &&
	! grep -qi "<script\\|src=\\|https\\?://" scan.html &&
	grep -q "default-src .none." scan.html'
test_expect_success 'scan: the finding, its source line, the instructions with the accesses marked' '
	grep -q "READ_ONCE(shared) of &#39;struct snap&#39; (48 bytes) compiled to 3 loads of 16 bytes: torn" scan.html &&
	grep -q "<tr class=\"site\"><td class=\"ln\">6</td><td><pre>	return <mark>READ_ONCE(shared)</mark>;" scan.html &&
	for sym in shared shared+16 shared+32; do
		grep -q "<tr class=\"hit\"><td class=\"addr\">[0-9a-f]*</td><td><pre>movdqa $sym(%rip), %xmm0</pre>" scan.html || exit 1
	done'
test_expect_success 'scan: the function whole beside the source, not only the site rows (the sum after the copy, its ret)' '
	grep -q "<td><pre>addq -0x38(%rsp), %rax</pre>" scan.html &&
	grep -q "<td><pre>retq</pre>" scan.html'
test_expect_success 'scan: the inline chain as a link to the call site in the page' '
	grep -q "<a href=\"#f1-c1\">&#39;get&#39; inlined into &#39;outer&#39; here</a>" scan.html &&
	grep -q "id=\"f1-c1\"" scan.html &&
	grep -q "struct snap s = <mark>get</mark>();" scan.html'
test_expect_success 'scan: the suppressed finding listed with its reason, escaped' '
	grep -q "<a href=\"#suppressed\">1 suppressed</a>" scan.html &&
	grep -q "&lt;a deliberate &amp; re-read copy&gt;" scan.html &&
	! grep -q "<a deliberate" scan.html'

have_verify=
if have_cmd qemu-x86_64 && [ "$(uname -m)" = x86_64 ]; then
	"$RWONCE" verify --format=html --opt 0,2 --only "read_u*" --no-progress \
		>verify.html 2>verify.err && have_verify=1
	test_expect_success 'verify: the grid, a coloured cell per configuration linked to its detail' '
		test -n "$have_verify" &&
		grep -q "<h1>rwonce verify: ok</h1>" verify.html &&
		test "$(grep -o "<td class=\"ok\"><a href=\"#cfg-[1-4]\">ok (4)</a></td>" verify.html | wc -l)" = 4 &&
		for k in 1 2 3 4; do grep -q "<section id=\"cfg-$k\">" verify.html || exit 1; done &&
		grep -q "<tr class=\"ok\"><td>read_u32" verify.html'
else
	test_skip 'verify: the grid' "$(missing_why qemu-x86_64) or not x86_64"
fi

mkdir tree
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x);\n}\n' >tree/a.c
"$RWONCE" audit --format=html tree >audit.html 2>/dev/null
test_expect_success 'audit: the finding with its source line' '
	grep -q "ACCESS_ONCE(x) is deprecated" audit.html &&
	grep -q "<mark>ACCESS_ONCE(x)</mark>" audit.html'

# ---- in a real browser ----
if ! have_cmd chromium; then
	for t in 'scan page' 'verify grid' 'audit page'; do
		test_skip "chromium renders the $t" "$(missing_why chromium)"
	done
	test_done
	exit
fi
render() { # file.html -> file.dom
	# --no-sandbox: chromium's sandbox needs user namespaces, which a
	# container running the tests as root may not give
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--user-data-dir="$TEST_TMP/browser-profile" --dump-dom \
		"file://$TEST_TMP/$1" >"${1%.html}.dom" 2>browser.err
}
test_expect_success 'chromium renders the scan page: the finding, its instructions, the chain link' '
	render scan.html &&
	grep -q "compiled to 3 loads of 16 bytes: torn" scan.dom &&
	test "$(grep -c "<tr class=\"hit\">" scan.dom)" -ge 3 &&
	grep -q "movdqa shared+16(%rip), %xmm0" scan.dom &&
	grep -q "<a href=\"#f1-c1\">.get. inlined into .outer. here</a>" scan.dom'
if [ -n "$have_verify" ]; then
	test_expect_success 'chromium renders the verify grid: four linked cells' '
		render verify.html &&
		test "$(grep -o "<td class=\"ok\"><a href=\"#cfg-[1-4]\">" verify.dom | wc -l)" = 4 &&
		grep -q "<section id=\"cfg-4\">" verify.dom'
else
	test_skip 'chromium renders the verify grid' 'no verify page (see above)'
fi
test_expect_success 'chromium renders the audit page' '
	render audit.html && grep -q "ACCESS_ONCE(x) is deprecated" audit.dom'
test_done
