/* rwonce fix fixture: the last line changes and has no newline. */
int v;
int get(void) { return ACCESS_ONCE(v); }