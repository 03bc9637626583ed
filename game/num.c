/* num.c - strict decimal numbers (num.h). */
#include "num.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

int num_scan(const char **s, long long *out)
{
	const char *p = *s;
	bool neg = *p == '-';
	p += neg;
	long long v = 0;
	int n = 0;
	for (; digit(*p); p++, n++) {
		if (n == 18)
			return -1;
		v = v * 10 + (*p - '0');
	}
	if (!n)
		return -1;
	*out = neg ? -v : v;
	*s = p;
	return 0;
}

int num_u64(const char *s, uint64_t hi, uint64_t *out)
{
	if (!digit(*s))
		return -1;
	uint64_t v = 0;
	for (; digit(*s); s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (*s || v > hi)
		return -1;
	*out = v;
	return 0;
}

int num_whole(const char *s, long long lo, long long hi, long long *out)
{
	bool neg = *s == '-';
	s += neg || *s == '+';
	uint64_t mag;
	if (num_u64(s, (uint64_t)INT64_MAX + 1, &mag) < 0)
		return -1;
	long long v;
	if (neg)
		v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(long long)mag;
	else if (mag > (uint64_t)INT64_MAX)
		return -1;
	else
		v = (long long)mag;
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

bool num_is_decimal(const char *s)
{
	const char *p = s + (*s == '-' || *s == '+');
	int digits = 0;
	for (; digit(*p); p++)
		digits++;
	if (*p == '.')
		for (p++; digit(*p); p++)
			digits++;
	if (!digits)
		return false;
	if (*p == 'e' || *p == 'E') {
		p += 1 + (p[1] == '+' || p[1] == '-');
		if (!digit(*p))
			return false;
		while (digit(*p))
			p++;
	}
	return *p == '\0';
}

int num_real(const char *s, double lo, double hi, double *out)
{
	if (!num_is_decimal(s))
		return -1;
	errno = 0;
	double x = strtod(s, NULL);
	if (!isfinite(x) || x < lo || x > hi)
		return -1;
	*out = x;
	return 0;
}
