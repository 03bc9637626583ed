/* elo_cov.c - a symmetric positive definite matrix inverted in place, for
 * the ratings' covariance (elo_impl.h).
 *
 * The classical three steps, each about n^3 / 3 multiply-adds: the
 * Cholesky factor L (A = L L^T), V = L^-T, and A^-1 = V V^T. Each entry of
 * each step is a dot product of two contiguous row segments of the one
 * n x n array (L in the lower triangle, V in the upper), so a single
 * kernel does all the work: four rows against one, vectorised by OpenMP
 * SIMD; groups of four rows go to OpenMP threads. GSL's reference BLAS
 * took three times as long on one core.
 *
 * Every entry is the same sum in the same order whatever the number of
 * threads: the rows are grouped by fours from 0, and the kernel is the
 * same for every group, so the result depends on n alone. */
#include "elo_impl.h"

#include <math.h>
#include <stdlib.h>

enum {
	G = 4,              /* rows per kernel call */
	THREADS_FROM = 1024 /* smaller matrices take milliseconds: one thread */
};

/* out[r] = sum over k < len of x[r][k] * y[k], r < G. */
static void dots(const double *const x[G], const double *y, long len, double out[G])
{
	const double *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
#pragma omp simd reduction(+ : s0, s1, s2, s3)
	for (long k = 0; k < len; k++) {
		double v = y[k];
		s0 += x0[k] * v;
		s1 += x1[k] * v;
		s2 += x2[k] * v;
		s3 += x3[k] * v;
	}
	out[0] = s0, out[1] = s1, out[2] = s2, out[3] = s3;
}

#define AT(i, j) a[(size_t)(i) * (size_t)n + (size_t)(j)]

/* Cholesky entries of rows r0..r1-1 (at most G, r0 a multiple of G) in
 * columns j0..j1-1: L[i][j] = (A[i][j] - L_i . L_j) / d[j] for j < i, and
 * d[i] = sqrt(A[i][i] - L_i . L_i). Returns -1 on a pivot that is not
 * positive (the matrix is not positive definite). */
static int cholesky_rows(double *a, int n, double *d, int r0, int r1, int j0, int j1)
{
	const double *x[G];
	double s[G];
	for (int r = 0; r < G; r++)
		x[r] = &AT(r0 + r < r1 ? r0 + r : r0, 0);
	for (int j = j0; j < j1; j++) {
		dots(x, &AT(j, 0), j, s);
		for (int i = r0; i < r1; i++) {
			if (i < j)
				continue;
			double v = AT(i, j) - s[i - r0];
			if (i > j) {
				AT(i, j) = v / d[j];
			} else if (v > 0) {
				d[i] = sqrt(v);
			} else {
				return -1;
			}
		}
	}
	return 0;
}

static int cholesky(double *a, int n, double *d)
{
	/* A block of rows needs every row above it; its rows' entries left
	 * of the block are independent of each other, the rest is small. */
	enum { BLOCK = 8 * G };
	for (int i0 = 0; i0 < n; i0 += BLOCK) {
		int i1 = i0 + BLOCK < n ? i0 + BLOCK : n, bad = 0;
#pragma omp parallel for schedule(static) reduction(| : bad) if (n >= THREADS_FROM)
		for (int g = i0; g < i1; g += G)
			bad |=
			    cholesky_rows(a, n, d, g, g + G < i1 ? g + G : i1, 0, i0) < 0;
		for (int j = i0; j < i1 && !bad; j++)
			for (int g = i0; g < i1; g += G)
				if (g + G > j)
					bad |= cholesky_rows(a, n, d, g,
					                     g + G < i1 ? g + G : i1, j,
					                     j + 1) < 0;
		if (bad)
			return -1;
	}
	return 0;
}

/* Rows j0..j0+G-1 of V = L^-T, upper triangle with the diagonal:
 * V[j][j] = 1 / d[j], V[j][i] = -(sum_{j <= k < i} L[i][k] V[j][k]) / d[i].
 * The rows start at different columns; the kernel takes the common part
 * from column c = j0 + G - 1 on, the few terms before it are added after. */
static void inverse_rows(double *a, int n, const double *d, int j0)
{
	int j1 = j0 + G < n ? j0 + G : n, c = j0 + G - 1;
	const double *x[G];
	double s[G];
	for (int r = 0; r < G; r++) /* (only read when c < n) */
		x[r] = c < n ? &AT(j0 + r < j1 ? j0 + r : j0, c) : a;
	for (int j = j0; j < j1; j++)
		AT(j, j) = 1 / d[j];
	for (int i = j0 + 1; i < n; i++) {
		if (i > c)
			dots(x, &AT(i, c), i - c, s);
		for (int j = j0; j < j1 && j < i; j++) {
			double sum = i > c ? s[j - j0] : 0;
			for (int k = j; k < c && k < i; k++)
				sum += AT(i, k) * AT(j, k);
			AT(j, i) = -sum / d[i];
		}
	}
}

/* Rows j0..j0+G-1 of A^-1 = V V^T below the diagonal, into L's place:
 * A^-1[i][j] = sum_{k >= i} V[i][k] V[j][k] for j <= i; the diagonal goes
 * to diag[] (V's diagonal is still read by other rows). */
static void product_rows(double *a, int n, double *diag, int j0)
{
	int j1 = j0 + G < n ? j0 + G : n;
	const double *x[G];
	double s[G];
	for (int i = j0; i < n; i++) {
		/* A row below i has nothing here: it reads row i instead, not
		 * the lower triangle that other threads are writing. */
		for (int r = 0; r < G; r++)
			x[r] = j0 + r < j1 && j0 + r <= i ? &AT(j0 + r, i) : &AT(i, i);
		dots(x, &AT(i, i), n - i, s);
		for (int j = j0; j < j1 && j <= i; j++)
			if (j < i)
				AT(i, j) = s[j - j0];
			else
				diag[i] = s[j - j0];
	}
}

int elo_cov_invert(double *a, int n)
{
	double *d = malloc(sizeof *d * (size_t)n), *diag = malloc(sizeof *diag * (size_t)n);
	int rc = -2;
	if (!d || !diag)
		goto out;
	rc = -1;
	if (cholesky(a, n, d) < 0)
		goto out;
		/* Later groups cost less (shorter rows): dynamic scheduling, in runs
		 * of 16 groups, so that two threads do not write the same cache lines
		 * (product_rows writes G columns of every row below). */
#pragma omp parallel for schedule(dynamic, 16) if (n >= THREADS_FROM)
	for (int j0 = 0; j0 < n; j0 += G)
		inverse_rows(a, n, d, j0);
#pragma omp parallel for schedule(dynamic, 16) if (n >= THREADS_FROM)
	for (int j0 = 0; j0 < n; j0 += G)
		product_rows(a, n, diag, j0);
	for (int i = 0; i < n; i++) {
		AT(i, i) = diag[i];
		for (int j = 0; j < i; j++)
			AT(j, i) = AT(i, j);
	}
	rc = 0;
out:
	free(d), free(diag);
	return rc;
}
