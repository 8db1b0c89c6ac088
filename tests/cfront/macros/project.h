/* A project's own once-macros, the shapes issue reports name. */
#define KREAD_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define KWRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define KACCESS(x) (*(volatile typeof(x) *)&(x))
/* a register through a pointer argument: a hand-written cast to report */
#define REG32(p) (*(volatile unsigned int *)(p))
/* through another once-macro of this file, defined further down */
#define LOAD_FLAG(f) KREAD_LATER(f)
#define KREAD_LATER(x) KREAD_ONCE(x)
/* the object is an expression of the argument */
#define my_atomic_read(v) KREAD_ONCE((v)->counter)
/* not once-macros: a loop, two objects, read-modify-write, a global,
 * a function made by the macro, an argument's address taken */
#define SPIN_UNTIL(x) while (!KREAD_ONCE(x)) ;
#define COPY(a, b) KWRITE_ONCE(a, KREAD_ONCE(b))
#define BUMP(x) (KACCESS(x)++)
#define NOW() KREAD_ONCE(jiffies)
#define DEFINE_GETTER(name, x) static int name(void) { return KREAD_ONCE(x); }
#define ADDR(x) (&KACCESS(x))
