#!/usr/bin/env bash
# quickstart.sh - set up, build and run Gomoku Arena on Debian 12.
#
#   ./quickstart.sh run    install what is missing, build, run the example
#                          round robin (results in results/round-robin/)
#   ./quickstart.sh test   install what is missing, build, run every test
#   ./quickstart.sh deps   only install what is missing
#
# Environment: BUILD_DIR (default build), GA_WERROR=1 (warnings are errors),
# GA_SANITIZE=1 (AddressSanitizer + UBSan build), JOBS (default: all cores).
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(build-essential cmake pkg-config libgsl-dev libinih-dev libcmocka-dev liblz4-dev gnuplot-nox)
# Only the tests need these: libfiu's crash points and failure injection,
# a browser that loads report.html headless (tests/e2e_report.sh), and
# Open MPI for runs over several ranks (tests/e2e_mpi.sh; the build finds
# it, and without it builds and runs as one process), and clang's libFuzzer
# for the parsers' fuzz targets (tests/fuzz/run.sh; ctest replays their
# corpora without it), and clang-format, which tests/format.sh runs on
# every source file.
TEST_PACKAGES=(fiu-utils libfiu-dev chromium openmpi-bin libopenmpi-dev clang libclang-rt-14-dev
	clang-format)
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

deps() {
	local missing=()
	for p in "${PACKAGES[@]}" "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "quickstart: installing ${missing[*]}" >&2
	local sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}

# build [TARGET...]: everything, or only the targets named (the run needs
# the programs, not the tests). GA_FAULTS=ON compiles in the crash points
# the tests use; unset, the folder's setting stays (a fresh one: off).
build() {
	cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
		-DGA_WERROR="${GA_WERROR:-0}" -DGA_SANITIZE="${GA_SANITIZE:-0}" \
		${GA_FAULTS:+-DGA_FAULTS="$GA_FAULTS"} >/dev/null
	if [ $# -gt 0 ]; then
		cmake --build "$BUILD_DIR" -j "$JOBS" --target "$@"
	else
		cmake --build "$BUILD_DIR" -j "$JOBS"
	fi
}

case "${1:-}" in
deps)
	deps
	;;
run)
	deps
	build arena tuner pbrain
	echo
	echo "== round robin of the four seed players (configs/round-robin.ini) =="
	"$BUILD_DIR/arena/arena" run configs/round-robin.ini
	echo
	bin=$(cd "$BUILD_DIR" && pwd)
	echo "The programs are $BUILD_DIR/arena/arena and $BUILD_DIR/tuner/tuner (the engines in"
	echo "$BUILD_DIR/players/); to type them as README does:"
	echo "  export PATH=\"$bin/arena:$bin/tuner:\$PATH\""
	;;
test)
	deps "${TEST_PACKAGES[@]}"
	GA_FAULTS=ON build
	ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
	;;
*)
	sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
	;;
esac
