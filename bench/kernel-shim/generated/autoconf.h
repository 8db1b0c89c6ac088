/*
 * The kernel configuration seen by bench/peers/kernel.h: empty.  Debian's
 * linux-headers-*-common lacks the generated headers of a configured
 * build; READ_ONCE and compiler_types.h need no CONFIG_ option, so none is
 * set (no KASAN, no KCSAN: the plainest READ_ONCE the kernel has).
 */
