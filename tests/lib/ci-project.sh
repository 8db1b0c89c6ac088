#!/bin/sh
# The small project doc/ci.md's recipes are run on in a clean root (t0732
# the GitLab job, t0733 the GitHub workflow; check-clean-root --copy puts
# this file in /root).  It makes /root/origin.git, a bare repository,
# with a branch main that has one finding of each command (audit's
# access-once in src/b.c, scan's torn read of a 48-byte struct in src/a.c)
# and a branch mr that inserts a line above them and adds one more of
# each: a merge request (pull request) whose gate must fail for the new
# ones only.  /root/work is a clone of it, on main.  Run once; a second
# run does nothing.
set -e
# Run in the clean root, where tests/lib/requires.sh is not: the line is
# for tests/deps/declared-tools.pl (t0001); t0732 and t0733, which copy
# this file in, declare git themselves.
command -v requires >/dev/null 2>&1 || requires() { :; }
requires git git
[ -d /root/origin.git ] && exit 0
git config --global user.email ci@example.org
git config --global user.name ci
git config --global init.defaultBranch main
git init -q --bare /root/origin.git
git clone -q /root/origin.git /root/work
cd /root/work
mkdir src
printf 'OBJS = src/a.o src/b.o\nall: $(OBJS)\n%%.o: %%.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n' >Makefile
cat >src/a.c <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared;
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct snap copy(void)
{
	return READ_ONCE(shared);
}
C
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint flag;\nint get(void)\n{\n\treturn ACCESS_ONCE(flag);\n}\n' >src/b.c
printf 'build/\n*.o\n*.html\n*.json\n' >.gitignore
git add . && git commit -qm base && git push -q origin main
git checkout -q -b mr
{ echo '/* a line put above */'; cat src/a.c; printf 'struct snap spare;\nstruct snap copy2(void)\n{\n\treturn READ_ONCE(spare);\n}\n'; } >a.tmp && mv a.tmp src/a.c
printf 'int other;\nvoid put(int v)\n{\n\tACCESS_ONCE(other) = v;\n}\n' >>src/b.c
git commit -qam "one more of each" && git push -q origin mr
git checkout -q main
