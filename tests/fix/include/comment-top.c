/*
 * No #include and no guard: above the first line of code, below this
 * comment.
 */
int seen;

int seen_now(void)
{
	return *(volatile int *)&seen;
}
