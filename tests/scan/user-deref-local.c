/* Uses of a dereference macro whose object goes through a local
 * (tests/t4367-scan-user-deref-local.t). */
#include <lib/deref.h>

struct node { struct node *next; long v; };
struct queue { struct node *head; };

struct node *first(struct queue *q)
{
	return lib_dereference(q->head);
}

long value(struct node *n)
{
	return _lib_dereference(n->v);
}
