/* verify.c - tuned against start, with error bars and an SPRT verdict. */
#include "verify.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "outfile.h"

int verify_match(const ExecSpec *spec, int npairs, const char *csv_path, VerifyResult *out,
                 char *err, size_t errlen)
{
	return verify_match_faults(spec, npairs, csv_path, out, NULL, err, errlen);
}

static const char verify_header[] =
    "pairs,wins,draws,losses,penta0,penta1,penta2,penta3,penta4,score,elo,error,los,"
    "llr,sprt,verdict\n";

/* The figures of counts c over npairs pairs into out. 0, or -1 with a
 * message. */
static int verify_figures(const EloPairCounts *c, int npairs, VerifyResult *out, char *err,
                          size_t errlen)
{
	out->pairs = npairs;
	out->wins = c->wins;
	out->draws = c->draws;
	out->losses = c->losses;
	memcpy(out->penta, c->penta, sizeof out->penta);
	EloPairStats s;
	if (elo_pair_stats(c, &s, err, errlen) < 0)
		return -1;
	out->score = s.score;
	out->elo = s.elo;
	out->error95 = s.error95_penta;
	out->los = s.los_penta;
	Sprt sprt;
	SprtConfig sc = {0, 10, 0.05, 0.05};
	if (sprt_init(&sprt, &sc, err, errlen) < 0)
		return -1;
	out->llr = sprt_llr(&sprt, c->penta);
	out->sprt = sprt_status(&sprt, out->llr);
	return 0;
}

/* verify.csv's result line of r, its line break included. */
static void verify_row(const VerifyResult *r, char *buf, size_t len)
{
	/* Undefined values (no spread, a perfect score) are empty fields. */
	char elo[64], e95[64], los[64];
	elo_pair_csv_number(r->elo, 1, elo, sizeof elo);
	elo_pair_csv_number(r->error95, 1, e95, sizeof e95);
	elo_pair_csv_number(r->los, 4, los, sizeof los);
	snprintf(buf, len, "%d,%d,%d,%d,%ld,%ld,%ld,%ld,%ld,%.4f,%s,%s,%s,%.3f,%s,%s\n",
	         r->pairs, r->wins, r->draws, r->losses, r->penta[0], r->penta[1],
	         r->penta[2], r->penta[3], r->penta[4], r->score, elo, e95, los, r->llr,
	         sprt_status_name(r->sprt), verify_verdict_name(verify_verdict(r)));
}

int verify_match_faults(const ExecSpec *spec, int npairs, const char *csv_path,
                        VerifyResult *out, PairFaults *faults, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	PairScore *ps = calloc((size_t)(npairs > 0 ? npairs : 1), sizeof *ps);
	if (!ps) {
		return err_set(err, errlen, "out of memory");
	}
	if (pairs_play(spec, npairs, ps, faults, err, errlen) < 0) {
		free(ps);
		return -1;
	}
	EloPairCounts c = {0};
	for (int i = 0; i < npairs; i++)
		elo_pair_add(&c, ps[i].a_black, ps[i].a_white);
	free(ps);
	if (verify_figures(&c, npairs, out, err, errlen) < 0)
		return -1;
	if (csv_path) {
		OutFile of;
		FILE *f = outfile_open(&of, csv_path, err, errlen);
		if (!f)
			return -1;
		char row[VERIFY_ROW_MAX];
		verify_row(out, row, sizeof row);
		fputs(verify_header, f);
		fputs(row, f);
		return outfile_commit(&of, err, errlen);
	}
	return 0;
}

int verify_read(const char *csv_path, int npairs, VerifyResult *out)
{
	char text[2 * VERIFY_ROW_MAX + sizeof verify_header];
	FILE *f = fopen(csv_path, "re");
	if (!f)
		return -1;
	size_t n = fread(text, 1, sizeof text - 1, f);
	bool whole = feof(f) && !ferror(f);
	fclose(f);
	text[n] = '\0';
	size_t hlen = strlen(verify_header);
	if (!whole || n <= hlen || memcmp(text, verify_header, hlen) != 0)
		return -1;
	/* The counts, then every figure computed from them again: the line
	 * must be exactly the one a match of npairs pairs writes. */
	/* Nine counts, each read with its range checked (a hostile number
	 * must not overflow): pairs, wins, draws, losses, penta0..4. */
	long v[9];
	const char *p = text + hlen;
	for (int i = 0; i < 9; i++) {
		char *end;
		errno = 0;
		v[i] = strtol(p, &end, 10);
		if (end == p || *end != ',' || errno || v[i] < 0 || v[i] > 2L * npairs)
			return -1;
		p = end + 1;
	}
	if (npairs <= 0 || v[0] != npairs || v[1] + v[2] + v[3] != 2L * npairs)
		return -1;
	EloPairCounts c = {.wins = (int)v[1], .draws = (int)v[2], .losses = (int)v[3]};
	int pairs = npairs;
	long sum = 0;
	for (int i = 0; i < 5; i++)
		sum += c.penta[i] = v[4 + i];
	char msg[256], row[VERIFY_ROW_MAX];
	VerifyResult r;
	memset(&r, 0, sizeof r);
	if (sum != pairs || verify_figures(&c, pairs, &r, msg, sizeof msg) < 0)
		return -1;
	verify_row(&r, row, sizeof row);
	if (strcmp(text + hlen, row) != 0)
		return -1;
	*out = r;
	return 0;
}

void verify_print(FILE *f, const VerifyResult *r)
{
	fprintf(f, "verification: tuned vs start, %d pairs: +%d =%d -%d, score %.1f%%\n",
	        r->pairs, r->wins, r->draws, r->losses, 100 * r->score);
	char los[32] = "n/a", err95[32] = "n/a";
	if (!isnan(r->los))
		snprintf(los, sizeof los, "%.1f%%", 100 * r->los);
	if (!isnan(r->error95))
		snprintf(err95, sizeof err95, "%.1f", r->error95);
	if (isfinite(r->elo))
		fprintf(f, "  Elo %+.1f +/- %s (95%%), LOS %s\n", r->elo, err95, los);
	else
		fprintf(f, "  Elo %s (a perfect score), LOS %s\n",
		        r->elo > 0 ? "+inf" : "-inf", los);
	fprintf(f, "  SPRT [0, 10] at alpha = beta = 0.05: LLR %.2f, %s\n", r->llr,
	        sprt_status_name(r->sprt));
}

VerifyVerdict verify_verdict(const VerifyResult *r)
{
	bool spread = isfinite(r->error95);
	if (r->sprt == SPRT_ACCEPT_H0 || (spread && r->elo + r->error95 < 0) ||
	    (!spread && r->elo < 0))
		return VERIFY_REJECTED;
	if (r->sprt == SPRT_ACCEPT_H1 || (spread && r->elo - r->error95 > 0))
		return VERIFY_GAIN;
	return VERIFY_UNPROVEN; /* a NaN Elo (no games) included */
}

const char *verify_verdict_name(VerifyVerdict v)
{
	return v == VERIFY_GAIN ? "gain" : v == VERIFY_REJECTED ? "rejected" : "unproven";
}

/* Why a rejected result is rejected, in words. */
static const char *rejection(const VerifyResult *r)
{
	if (!isfinite(r->error95) && r->elo < 0)
		return "the start won every pair";
	bool below = r->elo + r->error95 < 0;
	if (r->sprt == SPRT_ACCEPT_H0)
		return below ? "the SPRT accepted H0 and the Elo interval lies below zero"
		             : "the SPRT accepted H0 (no gain of 10 Elo)";
	return "the Elo interval lies below zero";
}

char *verify_note(const VerifyResult *r, char *buf, size_t len)
{
	if (!r) {
		snprintf(buf, len,
		         "NOT VERIFIED: the verification match (tuned against start) has "
		         "not finished;\ndo not adopt these values before it has (run the "
		         "same command again).");
		return buf;
	}
	char elo[32], err95[32], figures[200];
	if (isfinite(r->elo))
		snprintf(elo, sizeof elo, "%+.1f", r->elo);
	else
		snprintf(elo, sizeof elo, "%s",
		         isnan(r->elo) ? "n/a"
		         : r->elo > 0  ? "+inf"
		                       : "-inf");
	if (isnan(r->error95))
		snprintf(err95, sizeof err95, "n/a");
	else
		snprintf(err95, sizeof err95, "%.1f", r->error95);
	snprintf(
	    figures, sizeof figures,
	    "Elo %s +/- %s (95%%), SPRT [0, 10] %s (LLR %.2f),\nover %d pairs of tuned "
	    "against start",
	    elo, err95, sprt_status_name(r->sprt), r->llr, r->pairs);
	switch (verify_verdict(r)) {
	case VERIFY_REJECTED:
		snprintf(buf, len,
		         "WARNING: the verification rejected these values: %s: %s.\nDo not "
		         "adopt them (the tuner exits with status %d).",
		         figures, rejection(r), VERIFY_STATUS_REJECTED);
		break;
	case VERIFY_GAIN:
		snprintf(buf, len, "VERIFIED: the verification measured a gain: %s.",
		         figures);
		break;
	case VERIFY_UNPROVEN:
		snprintf(buf, len,
		         "UNPROVEN: the verification neither confirmed nor rejected these "
		         "values: %s:\nno gain shown%s (more verify_pairs would tell).",
		         figures,
		         r->elo < 0 ? ", the start scored more but within the error" : "");
		break;
	}
	return buf;
}

void verify_note_comment(FILE *f, const VerifyResult *r)
{
	char note[1024];
	verify_note(r, note, sizeof note);
	for (char *line = note, *nl; line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		fprintf(f, "; %.*s\n", nl ? (int)(nl - line) : (int)strlen(line), line);
	}
}

int verify_outcome(const VerifyResult *r, const char *cmd, const char *dir, char *err,
                   size_t errlen)
{
	char note[1024];
	verify_note(r, note, sizeof note);
	if (verify_verdict(r) != VERIFY_REJECTED) {
		printf("%s\n", note);
		return 0;
	}
	snprintf(err, errlen, "%s: %s\n%.1100s/tuned.ini says so in its first lines.", cmd,
	         note, dir);
	return VERIFY_STATUS_REJECTED;
}
