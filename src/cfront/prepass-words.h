/*
 * The words the pre-pass of audit and fix looks for in every file of a
 * tree, found in one pass over its bytes: the place of every "include"
 * (discovery's local headers, the include lines) and of every "define"
 * (discovery's #define scan), and whether "_MSC_VER" or "__cplusplus" is
 * there (discovery leaves out what only C++ or MSVC read).  Three
 * mem_find() passes over each of linux-source-6.12's 1.3 GB found them
 * (issue #35); the words' first and last bytes are compared together
 * here, 32 positions at a time with AVX2 (16 with SSE2), the rest of a
 * word only where both match.  The answers are those of the mem_find()
 * loops: every place of each word, in order.
 */
#ifndef RWONCE_CFRONT_PREPASS_WORDS_H
#define RWONCE_CFRONT_PREPASS_WORDS_H

#include <stddef.h>

struct prepass_words {
	size_t *includes, nr_includes, alloc_includes; /* offsets */
	size_t *defines, nr_defines, alloc_defines;
	int foreign; /* "_MSC_VER" or "__cplusplus" is there */
};

/* The words of buf[0..len), replacing what w held (its arrays kept from
 * file to file; never NULL after a scan). */
void prepass_words_scan(struct prepass_words *w, const char *buf, size_t len);
void prepass_words_release(struct prepass_words *w);

/* For tests: 16 positions at a time (1), one at a time (2), or the
 * processor's best (0).  Not thread-safe. */
void prepass_words_force(int how);

#endif
