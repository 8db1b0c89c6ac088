/* A __thread variable next to a once-access
 * (tests/t4330-scan-user-tls.t): its DW_AT_location holds a TLS offset
 * relocation (x86-64 R_X86_64_DTPOFF32, ppc64 R_PPC64_DTPREL64, s390x
 * R_390_TLS_LDO64, arm R_ARM_TLS_LDO32) that libdwfl leaves unapplied,
 * as every archive member of liburcu does. */
#include <stdint.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

__thread int tls_depth;

struct q { uint32_t head; };

uint32_t take(struct q *q)
{
	tls_depth++;
	return READ_ONCE(q->head);
}
