#ifndef RWONCE_FINDINGS_READ_JSON_H
#define RWONCE_FINDINGS_READ_JSON_H

#include "findings/finding.h"
#include "lib/strbuf.h"

/*
 * Read the findings of rwonce's --format=json output (audit's or
 * scan's; report.c writes it) into *out, in the file's order: path
 * ("path_bytes" when the name is not UTF-8), line, column, end, rule
 * (-1 when this rwonce does not know it), message, type, type_canonical,
 * fixable, size, function, fingerprint.  Members it does not know are
 * passed over, so an older or newer rwonce's JSON reads (an older scan
 * has no "size": 0, unknown).
 *
 * 0; 1 when the text is JSON of an object without "findings"; -1 when
 * it is not well-formed or "findings" is not a list of objects, with
 * *offset the byte it stopped at.
 */
int findings_read_json(const char *text, size_t len, struct finding_list *out,
		       size_t *offset);

#endif
