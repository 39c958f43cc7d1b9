#!/usr/bin/env bash
# Formats the C++ sources with the house style (.clang-format: LLVM's, 120 columns), or with
# --check, lists the files that differ from it and exits 1 (ctest's `format` test).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
format="${CLANG_FORMAT:-clang-format-22}"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  mapfile -t files < <(find core eval include lib tools python web bench fuzz test -name '*.cpp' -o -name '*.h' | sort)
fi
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in "${files[@]}"; do
    "$format" --style=file "$f" | cmp -s - "$f" || bad+=("$f")
  done
  if [ ${#bad[@]} -ne 0 ]; then
    printf 'not in the house style (run scripts/format.sh): %s\n' "${bad[@]}"
    exit 1
  fi
  echo "format: ${#files[@]} files in the house style"
  exit 0
fi
"$format" --style=file -i "${files[@]}"
