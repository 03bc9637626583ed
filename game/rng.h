/* rng.h - a small, fast, seedable generator (xoshiro256**, seeded through
 * splitmix64). Every random choice in the project goes through one of these,
 * seeded from the configuration, so runs repeat exactly. Not thread-safe: one
 * generator per thread or per player. */
#ifndef GAME_RNG_H
#define GAME_RNG_H

#include <stdint.h>

typedef struct {
	uint64_t s[4];
} Rng;

static inline uint64_t rng_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static inline void rng_seed(Rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_next(Rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/* Uniform in [0, n) for n >= 1 (Lemire's multiply-shift; the bias is below
 * 2^-32 for every n used here). */
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double rng_double(Rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
