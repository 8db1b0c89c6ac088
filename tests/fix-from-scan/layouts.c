/*
 * Records whose layout the type index models (type_index_expr_layout(),
 * what fix --from-scan's scalar view rests on), for
 * tests/t2492-cfront-layout.t: each global is probed at its "(void)gN;"
 * line by the test tool, and the test has each compiler check the
 * answers with _Static_assert on every target (LAYOUT_ONLY: no libc).
 */

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

struct s1 { u8 a; u32 b; };                       /* padding */
struct s2 { u32 a:8; u8 b; u16 c; };              /* a u32 bit-field */
struct s3 { u8 a:1, b:1; u8 c; u8 d; u8 e; u32 f; };  /* the XICS state */
union u4 { u64 raw; struct { u32 lo, hi; }; };    /* anonymous member */
struct s5 { u16 a; union { u32 w; u8 b[4]; } u; };  /* array: unknown */
struct s6 { u8 a:4; u16 b:12; };                  /* a run over types */
struct s7 { u8 a; u16 b:9; u16 c:9; };            /* a field past a unit */
struct s8 { u16 lo, hi; } __attribute__((aligned(4)));  /* attr */
struct s9 { u8 a, b; u16 c; };
struct s10 { u8 a; struct s9 in; u8 z; };         /* nested */
struct s11 { u64 a:40; u8 b; };

struct s1 g1;
struct s2 g2;
struct s3 g3;
union u4 g4;
struct s5 g5;
struct s6 g6;
struct s7 g7;
struct s8 g8;
struct s9 g9;
struct s10 g10;
struct s11 g11;

void probes(void);
void probes(void)
{
	(void)g1;
	(void)g2;
	(void)g3;
	(void)g4;
	(void)g5;
	(void)g6;
	(void)g7;
	(void)g8;
	(void)g9;
	(void)g10;
	(void)g11;
}
