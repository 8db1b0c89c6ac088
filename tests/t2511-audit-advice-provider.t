#!/bin/sh
# audit's advice for an ACCESS_ONCE-style use is "use READ_ONCE(x)" or
# "use WRITE_ONCE(x, value)".  A tree with its own ACCESS_ONCE often has
# neither: the advice then says where they come from -- the header rwonce
# fix adds to the file (<rwonce.h>, or in a Linux tree the kernel's own
# <linux/compiler.h>) -- and says nothing more in a file whose headers
# already define them.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir own sees || exit 1
cat >own/a.c <<'EOF_C'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
int flag;
int get(void) { return ACCESS_ONCE(flag); }
void set(int v) { ACCESS_ONCE(flag) = v; }
EOF_C
cat >sees/once.h <<'EOF_C'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
EOF_C
cat >sees/a.c <<'EOF_C'
#include "once.h"
int flag;
int get(void) { return ACCESS_ONCE(flag); }
void set(int v) { ACCESS_ONCE(flag) = v; }
EOF_C
mkdir -p kernel/include/linux kernel/arch kernel/fs || exit 1
: >kernel/Kbuild
cat >kernel/include/linux/compiler.h <<'EOF_C'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
EOF_C
cat >kernel/fs/log.h <<'EOF_C'
struct log { int cycle; };
static inline int log_cycle(struct log *log) { return ACCESS_ONCE(log->cycle); }
EOF_C

test_expect_success 'a file that sees no READ_ONCE: the advice names rwonce.h' '
	"$RWONCE" audit --color=never own >out 2>err; test $? = 1 &&
	grep -q "^own/a.c:3:24: warning: ACCESS_ONCE(flag) is deprecated: use READ_ONCE(flag) from <rwonce.h> (rwonce fix adds the #include) (type .int.) \[access-once\]$" out &&
	grep -q "^own/a.c:4:19: warning: ACCESS_ONCE(flag) is deprecated: use WRITE_ONCE(flag, value) from <rwonce.h> (rwonce fix adds the #include) (type .int.) \[access-once\]$" out
'

test_expect_success 'and rwonce fix does add it, with the names the advice gave' '
	"$RWONCE" fix own >diff 2>/dev/null; test $? = 1 &&
	grep -q "^+#include <rwonce.h>$" diff &&
	grep -q "^+int get(void) { return READ_ONCE(flag); }$" diff &&
	grep -q "^+void set(int v) { WRITE_ONCE(flag, v); }$" diff
'

test_expect_success 'a file whose header defines them: the advice alone' '
	"$RWONCE" audit --color=never sees >out 2>err; test $? = 1 &&
	grep -q "^sees/a.c:3:24: warning: ACCESS_ONCE(flag) is deprecated: use READ_ONCE(flag) (type .int.) \[access-once\]$" out &&
	! grep -q "rwonce.h" out
'

test_expect_success 'a Linux header that sees none: the kernel'"'"'s header, as fix adds it' '
	"$RWONCE" audit --color=never kernel/fs >out 2>err; test $? = 1 &&
	grep -q "^kernel/fs/log.h:2:55: warning: ACCESS_ONCE(log->cycle) is deprecated: use READ_ONCE(log->cycle) from <linux/compiler.h> (rwonce fix adds the #include) (type .int.) \[access-once\]$" out &&
	"$RWONCE" fix kernel/fs >diff 2>/dev/null; test $? = 1 &&
	grep -q "^+#include <linux/compiler.h>$" diff
'

test_done
