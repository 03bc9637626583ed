/* fuzz_trajectory.c - what an SPSA resume reads back: a trajectory.csv of
 * two parameters (trajectory.h), which, once read, must be a prefix of the
 * input that reads again to the same iteration and theta and is then left
 * as it is; and the same bytes as the run's faults.csv (spsa_faults.h),
 * which, once settled, must settle again to the same file. */
#include "fuzz.h"

#include <math.h>

#include "rundir.h"
#include "spsa_faults.h"
#include "trajectory.h"

#define HEADER "iteration,a,b,W,L,D"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[4096];
	const char *path = fuzz_file("trajectory.csv", data, size);
	int last = -2, again = -2;
	double theta[2] = {0, 0}, theta2[2] = {0, 0};
	if (trajectory_read(path, HEADER, 2, 1000, &last, theta, err, sizeof err) == 0) {
		char *cut = rundir_slurp(path);
		if (!cut || strlen(cut) > size || memcmp(cut, data, strlen(cut)) != 0)
			fuzz_fail("the trajectory read back is no prefix of the file",
			          path);
		if (last < -1 || last > 1000 ||
		    (last >= 0 && (!isfinite(theta[0]) || !isfinite(theta[1]))))
			fuzz_fail("a trajectory read out of range", path);
		if (trajectory_read(path, HEADER, 2, 1000, &again, theta2, err,
		                    sizeof err) < 0)
			fuzz_fail("a trajectory cut once does not read again", err);
		char *cut2 = rundir_slurp(path);
		if (again != last ||
		    (last >= 0 && (theta2[0] != theta[0] || theta2[1] != theta[1])) ||
		    !cut2 || strcmp(cut, cut2) != 0)
			fuzz_fail("reading a trajectory twice differs", path);
		free(cut);
		free(cut2);
	}

	const char *fpath = fuzz_file("faults.csv", data, size);
	SpsaFaultCount kept, kept2;
	if (spsa_faults_settle(fpath, 5, &kept, err, sizeof err) == 0) {
		char *once = rundir_slurp(fpath);
		if (spsa_faults_settle(fpath, 5, &kept2, err, sizeof err) < 0)
			fuzz_fail("a settled faults.csv does not settle again", err);
		char *twice = rundir_slurp(fpath);
		if (!once || !twice || strcmp(once, twice) != 0 ||
		    memcmp(&kept, &kept2, sizeof kept) != 0)
			fuzz_fail("settling twice changed the file", fpath);
		free(once);
		free(twice);
	}
	return 0;
}
