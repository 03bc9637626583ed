/* fuzz_faults.c - a faults.csv (faults.h) as every reader takes it: read
 * as a resume reads it and as arena show and arena report do, settled
 * (which must accept whatever the resume's check accepted, give a file
 * that reads back, and change nothing when done again), a job looked up;
 * and the same bytes as a small CSV embedded in report.html, whose JSON
 * must be valid. */
#include "fuzz.h"

#include <stdbool.h>

#include "../json_check.h"
#include "faults.h"
#include "html.h"
#include "rundir.h"

static int count_line(void *user, const FaultLine *fl, char *msg, size_t msglen)
{
	(void)msg, (void)msglen;
	if (fl->job < 0 || fl->job > 2000000000 || fl->player_len < 1 ||
	    (fl->color != BLACK && fl->color != WHITE))
		fuzz_fail("a fault line read out of its range", "");
	++*(long *)user;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool done[64];
	(void)page_data; /* json_check.h's other half, for pages */
	char err[4096], buf[600];
	memset(done, 1, sizeof done);
	const char *path = fuzz_file("faults.csv", data, size);
	long resumed = 0, viewed = 0;
	int rc = faults_scan(path, true, count_line, &resumed, err, sizeof err);
	faults_scan(path, false, count_line, &viewed, err, sizeof err);
	faults_find(path, 0, buf, sizeof buf, err, sizeof err);

	char *text = NULL;
	size_t tlen = 0;
	FILE *f = open_memstream(&text, &tlen);
	if (!f)
		abort();
	int hrc = html_json_csv(f, path, 7, err, sizeof err);
	if (fclose(f) != 0)
		abort();
	if (hrc == 0 && json_valid(text))
		fuzz_fail("html_json_csv wrote invalid JSON", text);
	free(text);

	int src = faults_settle(path, done, 64, true, err, sizeof err);
	if (rc == 0 && src < 0)
		fuzz_fail("a faults.csv the resume accepted does not settle", err);
	if (src == 0) {
		long again = 0;
		if (faults_scan(path, true, count_line, &again, err, sizeof err) < 0)
			fuzz_fail("a settled faults.csv does not read back", err);
		if (rc == 0 && again > resumed)
			fuzz_fail("settling added lines", path);
		char *once = rundir_slurp(path);
		if (faults_settle(path, done, 64, true, err, sizeof err) < 0)
			fuzz_fail("a settled faults.csv does not settle again", err);
		char *twice = rundir_slurp(path);
		if (!once || !twice || strcmp(once, twice) != 0)
			fuzz_fail("settling twice changed the file", path);
		free(once);
		free(twice);
	}
	return 0;
}
