/* --macro: a project's own once-macros (liburcu spelling). */
#define CMM_ACCESS_ONCE(x) (*(__volatile__ __typeof__(x) *)&(x))
#define CMM_LOAD_SHARED(p) CMM_ACCESS_ONCE(p)

struct node { struct node *next; };
struct node *head;
struct node whole;

struct node *first(void)
{
	struct node copy = CMM_ACCESS_ONCE(whole);  /* non-scalar */
	(void)copy;
	CMM_ACCESS_ONCE(head) = 0;
	return CMM_LOAD_SHARED(head);
}
