/* rwonce fix fixture: the last line changes and has no newline. */
#define ACCESS_ONCE(x) (*(volatile typeof(x) *)&(x))
int v;
int get(void) { return ACCESS_ONCE(v); }