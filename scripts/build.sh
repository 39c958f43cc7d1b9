#!/usr/bin/env bash
# Configures and builds into $BUILD_DIR (default: build). Extra arguments go to ninja.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -G Ninja ${CMAKE_ARGS:-} >/dev/null
ninja -C "$build" -j "${JOBS:-2}" "$@"
