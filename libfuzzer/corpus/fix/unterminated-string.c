char *s = "unterminated
int y;
char c = 'x;
