/*
 * Headers parsed once per run.  Every file that an audit or fix types
 * indexes its "local.h" headers (type_index_add_local_headers()), and the
 * files of one folder include the same few: reading, lexing and parsing
 * them again for each file was a tenth of an audit of the kernel (issue
 * #35).  An entry is the header's index alone (type_index_header(path,
 * BRANCH_BOTH)), kept while the file on disk stays the same (device,
 * inode, size, modification time), shared by the threads that merge it.
 */
#ifndef RWONCE_CFRONT_HEADER_CACHE_H
#define RWONCE_CFRONT_HEADER_CACHE_H

struct type_index;
struct cached_header;

/* The parsed header at path, NULL when it cannot be read or is refused
 * (as type_index_header()).  Hand it back with header_cache_release(). */
struct cached_header *header_cache_get(const char *path);
const struct type_index *cached_header_index(const struct cached_header *ch);
void header_cache_release(struct cached_header *ch);

#endif
