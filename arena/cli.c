/* cli.c - values of command-line options. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>

int cli_long(const char *text, long lo, long hi, long *out)
{
	if (!text)
		return -1;
	char *end;
	errno = 0;
	long n = strtol(text, &end, 10);
	if (end == text || *end || errno || n < lo || n > hi)
		return -1;
	*out = n;
	return 0;
}
