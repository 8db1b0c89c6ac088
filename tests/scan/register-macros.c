/* Device registers named by object-like macros, as microcontroller ports
 * write them: each use of a name is one access of a word at a fixed
 * address, read, written or both as the use says. */
#define TICK_CTRL_REG   ( *( ( volatile unsigned int * ) 0xe000e010 ) )
#define TICK_LOAD_REG   ( *( ( volatile unsigned int * ) 0xe000e014 ) )
#define PRIO_REG        ( *( ( volatile unsigned int * ) 0xe000ed20 ) )
#define STAMP_REG       ( *( ( volatile unsigned long long * ) 0xe0001008 ) )
#define TICK_BASE       ( ( volatile unsigned int * ) 0xe000e000 )  /* a pointer, no access */
#define TICK_ENABLE     ( 1UL << 0 )

unsigned int tick_last;

void tick_start(unsigned int reload)
{
	TICK_CTRL_REG = 0;
	TICK_LOAD_REG = reload;
	PRIO_REG |= 0xff0000UL;
	TICK_CTRL_REG = TICK_ENABLE;
}

unsigned int tick_sample(void)
{
	tick_last = TICK_LOAD_REG;
	return tick_last + TICK_BASE[1];
}

unsigned int *tick_where(void)
{
	return (unsigned int *)&TICK_CTRL_REG;
}

unsigned int tick_width(void)
{
	return sizeof(TICK_CTRL_REG);
}

unsigned long long tick_stamp(void)
{
	return STAMP_REG;
}
