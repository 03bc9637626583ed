# fiu_lib.sh - sourced by the fault-injection scripts (e2e_crash.sh,
# e2e_tuner_crash.sh) after `cd` into their work folder.
#   fiu_detect BINARY   sets have_fiu (libfiu's fiu-run is installed and
#                       BINARY was built with its crash points) and asan
#                       (BINARY is an AddressSanitizer build)
#   fiu ARGS...         fiu-run without control pipes (they would be left
#                       in /tmp)
# libfiu's POSIX preload wraps malloc, which AddressSanitizer owns: under
# ASan only the crash points can run (the Release run covers the rest). ASan
# also wants to come first among the libraries, and fiu-run's preload
# comes before it.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

fiu() { fiu-run -f "" "$@"; }

fiu_detect() {
	local symbols
	symbols=$(nm -D "$1" 2>/dev/null || true) # no pipe into grep -q: pipefail
	have_fiu=0 asan=0
	if command -v fiu-run >/dev/null && grep -q fiu_fail <<<"$symbols"; then
		have_fiu=1
	fi
	if grep -q __asan_init <<<"$symbols"; then asan=1; fi
}
