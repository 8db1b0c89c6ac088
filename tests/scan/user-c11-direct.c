/*
 * C11 atomics called directly, as rpmalloc does: no once-macro of the
 * project, so the user names <stdatomic.h>'s atomic_load_explicit and
 * atomic_store_explicit with --macro.  gcc's stdatomic.h reaches the
 * object through an __auto_type local, clang's names a builtin: neither
 * definition gives the pointer argument, and the argument, &object, is
 * what tells what is accessed.  The objects are not static, so that
 * neither compiler folds them away.
 */
#include <stdatomic.h>
#include <stdint.h>

struct page {
	long pad;
	atomic_ullong thread_free;
	unsigned char type;
};
atomic_int init_state;
atomic_uintptr_t heap_lock;

int state(void)
{
	return atomic_load_explicit(&init_state, memory_order_acquire);
}

void unlock(void)
{
	atomic_store_explicit(&heap_lock, 0, memory_order_release);
}

unsigned long long pending(struct page *page)
{
	return atomic_load_explicit(&page->thread_free, memory_order_relaxed);
}
