#!/bin/sh
# What a successful `fix --in-place` keeps besides the text (issue 33,
# point 10): the extended attributes (user.*, trusted.* as root, a POSIX
# ACL; an SELinux label is one too), and none the folder's default ACL
# would add, the owner and group, the mode
# with its set-ID bits, and the file's line ending: in a CRLF file the
# added #include line ends in CRLF.  It used to drop every attribute and
# end the line in a bare LF.  The attributes are set and read by a small
# C program built here (no setfattr needed).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

cat >xattr.c <<'EOF'
/* xattr set FILE NAME VALUE | xattr get FILE NAME | xattr list FILE |
 * xattr hex FILE NAME | xattr acl FILE access|default (POSIX ACL
 * user::rw- user:65534:r-- group::r-- mask::r-- other::r--) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/xattr.h>
int main(int argc, char **argv)
{
	char buf[4096];
	ssize_t n;

	if (argc == 4 && !strcmp(argv[1], "acl")) {
		struct { uint16_t tag, perm; uint32_t id; } e[5] = {
			{ 0x01, 6, 0xffffffff }, { 0x02, 4, 65534 },
			{ 0x04, 4, 0xffffffff }, { 0x10, 4, 0xffffffff },
			{ 0x20, 4, 0xffffffff } };
		uint32_t version = 2;

		memcpy(buf, &version, 4);
		memcpy(buf + 4, e, sizeof(e));
		return setxattr(argv[2], !strcmp(argv[3], "default") ?
				"system.posix_acl_default" :
				"system.posix_acl_access", buf, 4 + sizeof(e), 0) < 0 ?
		       (perror("setxattr"), 1) : 0;
	}
	if (argc == 4 && !strcmp(argv[1], "hex")) {
		n = getxattr(argv[2], argv[3], buf, sizeof(buf));
		if (n < 0)
			return perror("getxattr"), 1;
		for (ssize_t k = 0; k < n; k++)
			printf("%02x", (unsigned char)buf[k]);
		printf("\n");
		return 0;
	}

	if (argc == 5 && !strcmp(argv[1], "set"))
		return setxattr(argv[2], argv[3], argv[4], strlen(argv[4]), 0) < 0 ?
		       (perror("setxattr"), 1) : 0;
	if (argc == 4 && !strcmp(argv[1], "get")) {
		n = getxattr(argv[2], argv[3], buf, sizeof(buf));
		if (n < 0)
			return perror("getxattr"), 1;
		printf("%.*s\n", (int)n, buf);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "list")) {
		n = listxattr(argv[2], buf, sizeof(buf));
		if (n < 0)
			return perror("listxattr"), 1;
		for (ssize_t p = 0; p < n; p += strlen(buf + p) + 1)
			printf("%s\n", buf + p);
		return 0;
	}
	return 2;
}
EOF
cc -o xattr xattr.c || skip_all "cannot build the xattr helper"

src() { # file: a file fix converts
	printf 'int a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' >"$1"
}

src plain.c
if ./xattr set plain.c user.probe 1 2>/dev/null; then
	test_expect_success 'user.* attributes survive fix --in-place' "
		src u.c && ./xattr set u.c user.color blue &&
		./xattr set u.c user.empty '' &&
		{ '$RWONCE' fix -q --in-place u.c; test \$? = 1; } &&
		grep -q READ_ONCE u.c &&
		test \"\$(./xattr get u.c user.color)\" = blue &&
		./xattr list u.c | grep -qx user.empty"
	if [ "$(id -u)" = 0 ] && ./xattr set plain.c trusted.probe 1 2>/dev/null; then
		test_expect_success 'as root, trusted.* attributes survive too' "
			src t.c && ./xattr set t.c trusted.tag kept &&
			{ '$RWONCE' fix -q --in-place t.c; test \$? = 1; } &&
			test \"\$(./xattr get t.c trusted.tag)\" = kept"
	else
		test_skip 'as root, trusted.* attributes survive too' 'not root, or no trusted.* here'
	fi
else
	test_skip 'user.* attributes survive fix --in-place' "the file system of $TEST_TMP has no user.* attributes"
	test_skip 'as root, trusted.* attributes survive too' "the file system of $TEST_TMP has no user.* attributes"
fi

src acl-probe.c
if ./xattr acl acl-probe.c access 2>/dev/null; then
	test_expect_success 'a POSIX ACL (system.posix_acl_access) survives, the same' "
		src acl.c && ./xattr acl acl.c access &&
		./xattr hex acl.c system.posix_acl_access >acl.before &&
		{ '$RWONCE' fix -q --in-place acl.c; test \$? = 1; } &&
		grep -q READ_ONCE acl.c &&
		./xattr hex acl.c system.posix_acl_access >acl.after &&
		cmp acl.before acl.after"
	test_expect_success 'an ACL the folder'\''s default would give the new file is not added' "
		mkdir dacl && src dacl/f.c && ./xattr acl dacl default &&
		! ./xattr list dacl/f.c | grep -q posix_acl &&
		{ '$RWONCE' fix -q --in-place dacl/f.c; test \$? = 1; } &&
		grep -q READ_ONCE dacl/f.c && ! ./xattr list dacl/f.c | grep -q posix_acl"
else
	test_skip 'a POSIX ACL (system.posix_acl_access) survives, the same' "no POSIX ACLs on the file system of $TEST_TMP"
	test_skip 'an ACL the folder'\''s default would give the new file is not added' "no POSIX ACLs on the file system of $TEST_TMP"
fi

if [ "$(id -u)" = 0 ]; then
	test_expect_success 'as root, the owner, the group and a set-ID mode (6775) are kept' "
		src o.c && chown 65534:65534 o.c && chmod 6775 o.c &&
		{ '$RWONCE' fix -q --in-place o.c; test \$? = 1; } &&
		grep -q READ_ONCE o.c &&
		test \"\$(stat -c '%u:%g %a' o.c)\" = '65534:65534 6775'"
else
	test_skip 'as root, the owner, the group and a set-ID mode (6775) are kept' 'not root'
fi

test_expect_success 'the mode is kept (640)' "
	src m.c && chmod 640 m.c &&
	{ '$RWONCE' fix -q --in-place m.c; test \$? = 1; } &&
	test \"\$(stat -c %a m.c)\" = 640"

# every_line_crlf FILE: each line ends in CR LF; line_is FILE N TEXT: line
# N is TEXT followed by CR LF.
every_line_crlf() {
	perl -ne 'exit 1 unless /\r\n\z/' "$1"
}
line_is() {
	perl -e 'my ($f, $n, $t) = @ARGV; open(my $h, "<", $f) or die;
		my @l = <$h>; exit !($l[$n - 1] eq "$t\r\n")' "$@"
}

test_expect_success 'a CRLF file: the added #include line ends in CRLF' "
	printf 'int a, x;\r\nvoid f(void) { x = ACCESS_ONCE(a); }\r\n' >crlf.c &&
	{ '$RWONCE' fix -q --in-place crlf.c; test \$? = 1; } &&
	line_is crlf.c 1 '#include <rwonce.h>' && every_line_crlf crlf.c &&
	test \$(wc -l <crlf.c) = 3"

test_expect_success 'a CRLF file with an include: the new line after it ends in CRLF' "
	printf '#include <stddef.h>\r\nint a, x;\r\nvoid f(void) { x = ACCESS_ONCE(a); }\r\n' >crlf2.c &&
	{ '$RWONCE' fix -q --in-place crlf2.c; test \$? = 1; } &&
	line_is crlf2.c 2 '#include <rwonce.h>' && every_line_crlf crlf2.c"

test_expect_success 'an LF file stays LF' "
	src lf.c && { '$RWONCE' fix -q --in-place lf.c; test \$? = 1; } &&
	! grep -q \"\$(printf '\\r')\" lf.c && head -n 1 lf.c | grep -qx '#include <rwonce.h>'"

test_done
