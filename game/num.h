/* num.h - the one strict number reader of every file and option parser.
 *
 * A number is the whole of its text, in decimal: no blanks around it (the
 * callers trim what their format allows), no hexadecimal ("0x10"), no
 * "inf" or "nan", no trailing junk ("5x"), no locale. Whole numbers are an
 * optional sign and digits, range-checked without overflow; decimals are
 * [sign] digits [. digits] [e [sign] digits] with a digit before the
 * exponent, finite (so "1e999" is refused) and within their range. Pure
 * functions: any thread. */
#ifndef GAME_NUM_H
#define GAME_NUM_H

#include <stdbool.h>
#include <stdint.h>

/* A whole number in [lo, hi] into *out. Returns 0, or -1 (out unchanged). */
int num_whole(const char *s, long long lo, long long hi, long long *out);

/* A whole number from 0 to hi (up to 2^64-1) into *out; no sign. */
int num_u64(const char *s, uint64_t hi, uint64_t *out);

/* A decimal in [lo, hi] (both finite) into *out. Returns 0 or -1. A value
 * too small to be told from 0 ("1e-999") reads as 0. */
int num_real(const char *s, double lo, double hi, double *out);

/* Is s a decimal as num_real reads it (range aside)? */
bool num_is_decimal(const char *s);

/* Reads at *s an optional '-' and at most 18 digits, advancing *s past
 * them: a field of a longer text. Returns 0, or -1 (no digits, or more
 * than 18: a number no field needs). */
int num_scan(const char **s, long long *out);

#endif
