/* one */
const char *s = "not // a comment /* nor this */";
char c = '"'; // two "with quotes"
char d = '\''; /* three
   spans two lines */
int x; // four, spliced \
   onto the next line
#define Q "unterminated
// five, after an unterminated string
