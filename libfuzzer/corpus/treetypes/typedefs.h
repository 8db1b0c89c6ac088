typedef void (*handler_t)(int);
typedef struct s { int a; } s_t, *s_p;
union u { struct inner { int x; } i; };
handler_t h; s_t *p;
int f(s_p q) { return ACCESS_ONCE(q->a) + ACCESS_ONCE(*p).a; }
