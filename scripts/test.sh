#!/usr/bin/env bash
# Every test: set up, build, run the unit, command-line and golden tests; fuzz the
# evaluator, cute-opt, the descriptor parser, the pictures and the language server for a
# minute each; then run the tests
# again under AddressSanitizer and UBSan.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"

build="${BUILD_DIR:-$root/build}"
BUILD_DIR="$build" "$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j 2

# Fuzzing smoke runs (libFuzzer, clang): the expression evaluator for a minute, then
# cute-opt's parse, verify and canonicalize for a minute, seeded with the lit tests, then
# the N@dim descriptor parser's round trip for a minute, then the pictures and reports,
# then the language server's input filter, messages and documents.
fuzz="${FUZZ_BUILD_DIR:-$root/build-fuzz}"
BUILD_DIR="$fuzz" CMAKE_ARGS="-DCMAKE_CXX_COMPILER=clang++-22 -DCUTELAYOUT_FUZZ=ON -DCUTELAYOUT_BENCHMARKS=OFF -DCUTELAYOUT_DIALECT=ON" \
  "$root/scripts/build.sh" cute_layout_fuzzer cute_opt_fuzzer descriptor_fuzzer render_fuzzer lsp_fuzzer
work="$(mktemp -d)"
cp "$root"/fuzz/corpus/* "$work"/
(cd "$work" && "$fuzz/fuzz/cute_layout_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -seed=1 \
  -dict="$root/fuzz/cute-layout.dict" "$work" 2>&1 | tail -n 3)
rm -rf "$work"
echo "fuzz: cute-layout, no crash in ${FUZZ_SECONDS:-60} s"
work="$(mktemp -d)"
python3 "$root/fuzz/make_opt_corpus.py" "$root/test" "$work"
(cd "$work" && "$fuzz/fuzz/cute_opt_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -seed=1 -timeout=10 \
  -rss_limit_mb=4096 -dict="$root/fuzz/cute-opt.dict" "$work" 2>&1 | tail -n 3)
rm -rf "$work"
echo "fuzz: cute-opt, no crash in ${FUZZ_SECONDS:-60} s"
work="$(mktemp -d)"
cp "$root"/fuzz/corpus-descriptor/* "$work"/
(cd "$work" && "$fuzz/fuzz/descriptor_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -seed=1 \
  -dict="$root/fuzz/descriptor.dict" "$work" 2>&1 | tail -n 3)
rm -rf "$work"
echo "fuzz: descriptor parser, no crash in ${FUZZ_SECONDS:-60} s"
work="$(mktemp -d)"
cp "$root"/fuzz/corpus-render/* "$work"/
(cd "$work" && "$fuzz/fuzz/render_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -seed=1 -timeout=10 \
  -rss_limit_mb=4096 -dict="$root/fuzz/cute-layout.dict" "$work" 2>&1 | tail -n 3)
rm -rf "$work"
echo "fuzz: pictures and reports, no crash in ${FUZZ_SECONDS:-60} s"
work="$(mktemp -d)"
python3 "$root/fuzz/make_opt_corpus.py" "$root/test" "$work"
cp "$root"/fuzz/corpus-lsp/* "$work"/
(cd "$work" && "$fuzz/fuzz/lsp_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -seed=1 -timeout=10 \
  -rss_limit_mb=4096 -dict="$root/fuzz/cute-opt.dict" "$work" 2>&1 | tail -n 3)
rm -rf "$work"
echo "fuzz: language server input and documents, no crash in ${FUZZ_SECONDS:-60} s"

# Sanitizers: everything but the benchmarks, same tests.
asan="${ASAN_BUILD_DIR:-$root/build-asan}"
BUILD_DIR="$asan" CMAKE_ARGS="-DCUTELAYOUT_SANITIZE=ON -DCUTELAYOUT_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=Debug" \
  "$root/scripts/build.sh"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$asan" --output-on-failure -j 2
