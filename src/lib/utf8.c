#include "lib/utf8.h"
#include "lib/strbuf.h"

size_t utf8_sequence(const unsigned char *s, size_t avail)
{
	unsigned c, min;
	size_t n;

	if (!avail)
		return 0;
	c = s[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000;
	else
		return 0;
	if (avail < n)
		return 0;
	c &= 0x7f >> n;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

void strbuf_add_visible(struct strbuf *sb, const char *s, size_t n,
			int keep_newlines)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		const unsigned char *plain = p;
		size_t len;

		/* a run of printable ASCII, the usual text: one add */
		while (p < end && *p >= 0x20 && *p < 0x7f)
			p++;
		if (p > plain)
			strbuf_add(sb, plain, (size_t)(p - plain));
		if (p == end)
			break;
		len = utf8_sequence(p, (size_t)(end - p));
		if (!len) { /* not UTF-8: 0x9b alone is CSI to some terminals */
			strbuf_addf(sb, "\\x%02x", *p++);
			continue;
		}
		if (len == 1 && (*p < 0x20 || *p == 0x7f)) {
			if (keep_newlines && (*p == '\n' || *p == '\t'))
				strbuf_addch(sb, *p);
			else if (*p == '\n')
				strbuf_addstr(sb, "\\n");
			else if (*p == '\t')
				strbuf_addstr(sb, "\\t");
			else
				strbuf_addf(sb, "\\x%02x", *p);
			p++;
			continue;
		}
		if (len == 2 && p[0] == 0xc2 && p[1] < 0xa0) { /* C1 */
			strbuf_addf(sb, "\\u%04x", p[1]);
			p += 2;
			continue;
		}
		strbuf_add(sb, p, len);
		p += len;
	}
}
