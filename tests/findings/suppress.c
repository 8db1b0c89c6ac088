int a = 1; // rwonce-ignore[scan-torn]: a reason
/* rwonce-ignore[scan-torn, volatile-cast]: copied in a retry loop,
 * re-read until the version is stable */
int b;
// rwonce-ignore[access-once]
int c; /* rwonce-ignore[access-once: no closing bracket */
// rwonce-ignore: no brackets at all
// rwonce-ignored[access-once]: another word, not a marker
const char *s = "rwonce-ignore[access-once]: in a string";
// rwonce-ignore[ ]: empty
// rwonce-ignore[a] first rwonce-ignore[b]: second
