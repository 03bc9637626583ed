/* crashpoint.h - named points where a test can kill the process.
 *
 * Built with libfiu (GA_FIU, when CMake finds it), crashpoint("NAME") kills
 * the process with SIGKILL if the failure point NAME is enabled, e.g.
 *   fiu-run -c 'enable name=kill/config.ini/mid-write' arena run t.ini
 * so the tests can stop a run at an exact instant (inside the write of one
 * file, between two files) instead of at a random one. A failinfo names
 * another signal to raise instead ('enable name=kill/before-report,
 * failinfo=2': a Ctrl-C there). Without libfiu it compiles to nothing. The
 * points that exist are listed in HACKING.md. */
#ifndef ARENA_CRASHPOINT_H
#define ARENA_CRASHPOINT_H

#ifdef GA_FIU
#include <fiu.h>
#include <signal.h>
#include <stdint.h>
static inline void crashpoint(const char *name)
{
	if (fiu_fail(name)) {
		intptr_t sig = (intptr_t)fiu_failinfo();
		raise(sig > 0 && sig < 64 ? (int)sig : SIGKILL);
	}
}
#else
static inline void crashpoint(const char *name)
{
	(void)name;
}
#endif

#endif
