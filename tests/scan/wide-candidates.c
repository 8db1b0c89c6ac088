/* A read whose object is 4 bytes, with two wider loads on its line that
 * are not its access (tests/t4389-scan-wide-candidates.t): not "ok". */
#define READ_WORD() (*(volatile unsigned int *)0x3000)

unsigned int word(void)
{
	unsigned int x;

	x = READ_WORD();
	return x;
}
