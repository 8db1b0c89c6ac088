/* Calls of the once-accessors of lib/asmseq.h, whose asm body is
 * several instructions (tests/t4370-scan-user-asm-sequence.t). */
#include <lib/asmseq.h>

struct seq_obj {
	long pad;
	uint32_t flag;  /* at 8 */
	uint32_t more;
	uint64_t word;  /* at 0x10 */
};

uint32_t seq_flag(struct seq_obj *o)
{
	return seq_load_fenced(&o->flag);
}

uint64_t seq_word(struct seq_obj *o)
{
	return seq_load_split(&o->word);
}

uint32_t seq_wait(struct seq_obj *o)
{
	return seq_spin_nonzero(&o->more);
}
