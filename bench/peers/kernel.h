/*
 * Peer: the Linux kernel's READ_ONCE/WRITE_ONCE (asm-generic/rwonce.h and
 * linux/compiler_types.h), included from Debian's linux-headers-*-common
 * in /usr/src at bench time -- nothing of the kernel is copied here.  The
 * bench adds -D__KERNEL__, the kernel's include paths, -include
 * linux/kconfig.h and bench/kernel-shim (an empty configuration).
 */
#include <asm-generic/rwonce.h>
#define PEER_NAME "kernel"
#define PEER_SHARED(T) T
#define PEER_READ(x) READ_ONCE(x)
#define PEER_WRITE(x, v) WRITE_ONCE(x, v)
