/* Includes the header already: nothing is added. */
#include <rwonce.h>

int flag;

int get(void)
{
	return ACCESS_ONCE(flag);
}
