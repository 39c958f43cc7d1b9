#!/usr/bin/env bash
# Development only: runs pycute's own unit tests (from the fetched CUTLASS mirror, never
# copied into this repository) unchanged against cutelayout.pycute standing in for the
# pycute package, and reports each test. Needs the build tree's Python module.
#   tools/dev/pycute/run_pycute_tests.sh [BUILD_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${1:-$root/build}"
mirror="${CUTLASS_GIT:-$(cd "$root/.." && pwd)/.mirror/NVIDIA+cutlass/repo}"
[ -d "$mirror" ] || { echo "no CUTLASS mirror at $mirror (fetch github:NVIDIA/cutlass)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tests" "$work/shim/pycute"
for f in $(git --git-dir="$mirror" ls-tree --name-only HEAD test/python/pycute/ | grep '/test_.*\.py$'); do
  git --git-dir="$mirror" show "HEAD:$f" > "$work/tests/$(basename "$f")"
done
echo "from cutelayout.pycute import *" > "$work/shim/pycute/__init__.py"
cd "$work/tests"
PYTHONPATH="$build/python:$work/shim" /usr/bin/python3 -m pytest -v -p no:cacheprovider .
