/* unterminated comment
int x;