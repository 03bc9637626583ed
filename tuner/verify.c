/* verify.c - tuned against start, with error bars and an SPRT verdict. */
#include "verify.h"
#include "err.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "outfile.h"

int verify_match(const ExecSpec *spec, int npairs, const char *csv_path, VerifyResult *out,
                 char *err, size_t errlen)
{
	return verify_match_faults(spec, npairs, csv_path, out, NULL, err, errlen);
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
	out->pairs = npairs;
	out->wins = c.wins;
	out->draws = c.draws;
	out->losses = c.losses;
	memcpy(out->penta, c.penta, sizeof out->penta);
	EloPairStats s;
	if (elo_pair_stats(&c, &s, err, errlen) < 0)
		return -1;
	out->score = s.score;
	out->elo = s.elo;
	out->error95 = s.error95_penta;
	out->los = s.los_penta;
	Sprt sprt;
	SprtConfig sc = {0, 10, 0.05, 0.05};
	if (sprt_init(&sprt, &sc, err, errlen) < 0)
		return -1;
	out->llr = sprt_llr(&sprt, c.penta);
	out->sprt = sprt_status(&sprt, out->llr);
	if (csv_path) {
		OutFile of;
		FILE *f = outfile_open(&of, csv_path, err, errlen);
		if (!f)
			return -1;
		/* Undefined values (no spread, a perfect score) are empty fields. */
		char elo[64], e95[64], los[64];
		elo_pair_csv_number(out->elo, 1, elo, sizeof elo);
		elo_pair_csv_number(out->error95, 1, e95, sizeof e95);
		elo_pair_csv_number(out->los, 4, los, sizeof los);
		fprintf(f, "pairs,wins,draws,losses,penta0,penta1,penta2,penta3,penta4,"
		           "score,elo,error,"
		           "los,llr,sprt\n");
		fprintf(f, "%d,%d,%d,%d,%ld,%ld,%ld,%ld,%ld,%.4f,%s,%s,%s,%.3f,%s\n",
		        out->pairs, out->wins, out->draws, out->losses, out->penta[0],
		        out->penta[1], out->penta[2], out->penta[3], out->penta[4],
		        out->score, elo, e95, los, out->llr, sprt_status_name(out->sprt));
		return outfile_commit(&of, err, errlen);
	}
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
