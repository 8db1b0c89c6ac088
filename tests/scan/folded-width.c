/* A 4-byte object compared on an operator's column
 * (tests/t4392-scan-folded-width.t): folded into a compare of its own
 * width it is the object's load; folded into a compare of 8 bytes it is
 * not known to be (another operand's, or a wider access): no "ok" and
 * no "widened" on it, said as such. */
#define READ_WORD(p) (*(volatile unsigned int *)(p))

int word_is_zero(unsigned int *p)
{
	return READ_WORD(p) == 0;
}

int word_is_zero_wide(unsigned int *p)
{
	return READ_WORD(p) == 0;
}

/* two loads at the site's column, the last of 2 bytes: which is the
 * object's cannot be told -- not "one 2-byte load: ok" */
int word_two_loads(unsigned int *p)
{
	return READ_WORD(p) == 0;
}
