/* runner_progress.c - `arena run`'s progress line: games done, rate, ETA
 * and the leader by an Elo fit, or during an SPRT its LLR and pentanomial
 * counts; and the SPRT itself, fed in pair order. */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>

#include "clock.h"
#include "elo.h"
#include "runner_state.h"

/* The leader as the final standings will rank it, by a maximum-likelihood
 * Elo fit of the games so far (elo.h, as report.c fits them), refitted at
 * most twice a second; the best score while no fit is possible. */
static void find_leader(Run *r, bool final)
{
	const Tournament *t = r->t;
	double now = clock_ms();
	if (!final && r->leader_at > 0 && now - r->leader_at < 500)
		return;
	r->leader_at = now;
	EloPairing pairings[CONFIG_PLAYERS_MAX * (CONFIG_PLAYERS_MAX - 1) / 2];
	const char *names[CONFIG_PLAYERS_MAX];
	size_t np = 0;
	for (int a = 0; a < t->nplayers; a++) {
		names[a] = t->players[a].name;
		for (int b = a + 1; b < t->nplayers; b++) {
			const int *ab = r->wdl[a][b], *ba = r->wdl[b][a];
			EloPairing p = {a, b, ab[0] + ba[2], ab[1] + ba[1], ab[2] + ba[0]};
			if (p.wins + p.draws + p.losses)
				pairings[np++] = p;
		}
	}
	EloRatings *fit = NULL;
	EloOptions opt = {0};
	char err[ELO_REASON_MAX];
	if (np && elo_fit_pairings(t->nplayers, names, pairings, np, &opt, &fit, err,
	                           sizeof err) == 0) {
		r->leader = fit->order[0];
		r->leader_rating = fit->players[r->leader].rating;
		r->leader_bound = fit->players[r->leader].bound != ELO_EXACT;
		elo_destroy(fit);
		return;
	}
	r->leader = 0;
	for (int i = 1; i < t->nplayers; i++) {
		double a = r->played[i] ? r->points[i] / r->played[i] : 0;
		double b =
		    r->played[r->leader] ? r->points[r->leader] / r->played[r->leader] : 0;
		if (a > b)
			r->leader = i;
	}
	r->leader_rating = NAN;
}

/* What the progress line says of the games so far: during an SPRT its
 * LLR, bounds and pentanomial counts, else the leader. */
static void progress_state(Run *r, bool final, char *buf, size_t len)
{
	if (r->t->sprt) {
		snprintf(buf, len,
		         "LLR %.2f (%.2f, %.2f)  LL %ld LD %ld DD/WL %ld WD %ld WW %ld",
		         r->llr, r->sprt.lower, r->sprt.upper, r->penta[0], r->penta[1],
		         r->penta[2], r->penta[3], r->penta[4]);
		return;
	}
	find_leader(r, final);
	const char *name = r->t->players[r->leader].name;
	if (isnan(r->leader_rating))
		snprintf(buf, len, "leader %s", name);
	else
		snprintf(buf, len, "leader %s %s%+.1f Elo", name,
		         r->leader_bound ? "> " : "", r->leader_rating);
}

void run_print_progress(Run *r, bool final)
{
	const Tournament *t = r->t;
	double now = clock_ms(), secs = (now - r->t0) / 1e3;
	int total = r->sched->count;
	double rate = secs > 0 ? r->nplayed / secs : 0;
	double eta = rate > 0 ? (total - r->ndone) / rate : 0;
	bool line = !r->tty && (final ? r->ndone % t->status_every != 0
	                              : r->ndone % t->status_every == 0);
	if (!r->tty && !line)
		return;
	char state[256];
	progress_state(r, final, state, sizeof state);
	if (r->tty) {
		fprintf(stderr, "\r%d/%d games  %.2f games/s  ETA %d:%02d:%02d  %s   ",
		        r->ndone, total, rate, (int)(eta / 3600), (int)(eta / 60) % 60,
		        (int)eta % 60, state);
		if (final)
			fputc('\n', stderr);
	} else {
		fprintf(stderr, "%d/%d games, %.2f games/s, %s\n", r->ndone, total, rate,
		        state);
	}
}

/* Folds complete pairs into the SPRT in pair order, so the verdict and the
 * pair it is reached at do not depend on the order threads finish in. */
void run_advance_sprt(Run *r)
{
	const Schedule *s = r->sched;
	while (r->sprt_status == SPRT_CONTINUE && 2 * r->sprt_pairs + 1 < s->count) {
		const Job *a = &s->jobs[2 * r->sprt_pairs],
		          *b = &s->jobs[2 * r->sprt_pairs + 1];
		if (r->score[a->id] < 0 || r->score[b->id] < 0)
			break;
		/* Player 0 is "A": its score in both games of the pair. */
		double s1 = a->black == 0 ? r->score[a->id] : 1 - r->score[a->id];
		double s2 = b->black == 0 ? r->score[b->id] : 1 - r->score[b->id];
		r->penta[(int)(2 * (s1 + s2) + 0.5)]++;
		r->sprt_pairs++;
		r->llr = sprt_llr(&r->sprt, r->penta);
		r->sprt_status = sprt_status(&r->sprt, r->llr);
	}
	if (r->sprt_status != SPRT_CONTINUE)
		atomic_store(&r->stop, true);
}
