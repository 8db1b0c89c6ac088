/* A program that uses an INSTALLED rwonce.h, found through pkg-config or
 * CMake (tests/t0410-install.t).  Prints the header version and exits 0
 * when a READ_ONCE/WRITE_ONCE round trip works. */
#include <rwonce.h>
#include <stdio.h>

struct ticket { unsigned short owner, next; } __attribute__((aligned(4)));

int main(void)
{
	struct ticket t = { 1, 2 }, r;
	int flag = 0;

	WRITE_ONCE(flag, 1);
	r = READ_ONCE(t);
	printf("rwonce %d.%d.%d\n", RWONCE_VERSION_MAJOR, RWONCE_VERSION_MINOR,
	       RWONCE_VERSION_PATCH);
	return READ_ONCE(flag) == 1 && r.owner == 1 && r.next == 2 ? 0 : 1;
}
