#!/usr/bin/env bash
# Fuzzes every parser with libFuzzer (clang): builds the targets of
# tests/fuzz/fuzz_*.c with GA_FUZZ=ON, ASan and UBSan into $FUZZ_BUILD
# (default build-fuzz), then runs each for SECONDS, one after the other,
# on its corpus: the inputs it found before (FUZZ_BUILD/corpus/NAME, kept
# between runs) and the committed seeds and regression files
# (tests/fuzz/corpus/NAME, read only). A crash, a leak, a hang over 10 s or
# a memory use over 2 GB is written to FUZZ_BUILD/artifacts/NAME-*: copy it
# into tests/fuzz/corpus/NAME/ (as regression-WHAT) with its fix, and ctest
# replays it from then on.
# usage: tests/fuzz/run.sh SECONDS [NAME...]     (NAME: tournament, psq, ...)
# Exits 0 if no target found anything, 1 if one did, 2 on a build failure.
set -uo pipefail
seconds=${1:?usage: run.sh SECONDS [NAME...]}
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath -m "${FUZZ_BUILD:-$top/build-fuzz}")
cd "$top"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for f in tests/fuzz/fuzz_*.c; do
		n=$(basename "$f" .c)
		names+=("${n#fuzz_}")
	done
fi
targets=()
for n in "${names[@]}"; do targets+=("fuzz_$n"); done
if ! command -v clang > /dev/null; then
	echo "run.sh: clang is missing (apt-get install clang libclang-rt-14-dev)" >&2
	exit 2
fi
mkdir -p "$build"
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DGA_FUZZ=ON > "$build/build.log" 2>&1 &&
	cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "${targets[@]}" \
		>> "$build/build.log" 2>&1 || {
	tail -20 "$build/build.log" >&2
	echo "run.sh: the build failed (all of it in $build/build.log)" >&2
	exit 2
}
mkdir -p "$build/artifacts" "$build/tmp"
export TMPDIR=$build/tmp ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
found=0
printf '%-11s %8s %10s %8s %6s  %s\n' target seconds runs exec/s cov found
for n in "${names[@]}"; do
	mkdir -p "$build/corpus/$n"
	dict=()
	[ -f "tests/fuzz/$n.dict" ] && dict=(-dict="tests/fuzz/$n.dict")
	before=$(ls "$build/artifacts" | grep -c "^$n-")
	"$build/tests/fuzz_$n" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="$build/artifacts/$n-" \
		"${dict[@]}" "$build/corpus/$n" "tests/fuzz/corpus/$n" > "$build/$n.log" 2>&1
	after=$(ls "$build/artifacts" | grep -c "^$n-")
	runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$n.log" | grep -o '[0-9]*$')
	cov=$(grep -o 'cov: [0-9]*' "$build/$n.log" | tail -1 | grep -o '[0-9]*')
	new=$((after - before))
	[ "$new" -gt 0 ] && found=1
	printf '%-11s %8s %10s %8s %6s  %s\n' "$n" "$seconds" "${runs:-?}" \
		"$(( ${runs:-0} / (seconds > 0 ? seconds : 1) ))" "${cov:-?}" \
		"$([ "$new" -gt 0 ] && echo "$new: $(ls -t "$build/artifacts" | grep "^$n-" | head -$new | tr '\n' ' ')" || echo none)"
done
rm -rf "$build/tmp"
[ "$found" -eq 0 ] || echo "run.sh: see $build/<target>.log and $build/artifacts/" >&2
exit $found
