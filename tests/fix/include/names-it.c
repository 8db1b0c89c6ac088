/* Names READ_ONCE already (its own definition): nothing is added. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

int count;

int get(void)
{
	return *(volatile int *)&count + READ_ONCE(count);
}
