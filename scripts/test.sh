#!/usr/bin/env bash
# Every test: set up, build, run the unit, command-line and golden tests, then the
# command-line and golden tests again under AddressSanitizer and UBSan.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"

build="${BUILD_DIR:-$root/build}"
BUILD_DIR="$build" "$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j 2

# Sanitizers: the core and the command only (no benchmarks), same tests.
asan="${ASAN_BUILD_DIR:-$root/build-asan}"
BUILD_DIR="$asan" CMAKE_ARGS="-DCUTELAYOUT_SANITIZE=ON -DCUTELAYOUT_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=Debug" \
  "$root/scripts/build.sh"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$asan" --output-on-failure -j 2
