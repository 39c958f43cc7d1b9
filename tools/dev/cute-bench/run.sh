#!/usr/bin/env bash
# Times CUTLASS CuTe on bench/cases/realistic.txt (see README.md). Development only.
#
#   tools/dev/cute-bench/run.sh [--tsv FILE] [--check-only]
#
# Prints `<case index> TAB <cute dynamic ns> TAB <cute static ns> TAB <expression>` per case
# (medians of 3 repetitions of at least 0.1 s). --tsv FILE also writes that table with a
# header row and the dynamic form that was timed. CuTe's results are written to
# $CUTE_BENCH_DIR/check.tsv beside cute-layout's, with ok or DIFF per line.
#
# Environment: CUTE_BENCH_DIR (build folder, /tmp/cute-bench), CUTE_REF_CACHE (extracted
# headers, /tmp/cute-ref, shared with /work/shared/tools/cute-ref), CUTE_REF_STUB (the stub
# CUDA headers, /work/shared/tools/cute-ref.d/stub), CUTLASS_GIT and CCCL_GIT (bare mirrors;
# found in a .mirror folder above this script or the current directory by default),
# CUTE_LAYOUT (the cute-layout binary to check against).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cases="$root/bench/cases/realistic.txt"
out="${CUTE_BENCH_DIR:-/tmp/cute-bench}"
cache="${CUTE_REF_CACHE:-/tmp/cute-ref}"
stub="${CUTE_REF_STUB:-/work/shared/tools/cute-ref.d/stub}"
tsv=""
check_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tsv) tsv="$2"; shift 2 ;;
    --check-only) check_only=1; shift ;;
    *) sed -n '2,15p' "$0" >&2; exit 2 ;;
  esac
done

die() { echo "cute-bench: $*" >&2; exit 2; }

# The fetch tool's bare mirrors: the nearest .mirror/<name>/repo above here or the current dir.
find_mirror() {
  local d
  for d in "$here" "$PWD"; do
    while [ "$d" != "/" ]; do
      [ -d "$d/.mirror/$1/repo" ] && { echo "$d/.mirror/$1/repo"; return; }
      d=$(dirname "$d")
    done
  done
}

# Headers: reuse the cute-ref cache, or fill it the way cute-ref does.
if [ ! -f "$cache/cutlass/include/cute/layout.hpp" ]; then
  git_dir="${CUTLASS_GIT:-$(find_mirror NVIDIA+cutlass)}"
  [ -n "$git_dir" ] && [ -d "$git_dir" ] ||
    die "no CUTLASS mirror: fetch github:NVIDIA/cutlass first (or set CUTLASS_GIT)"
  mkdir -p "$cache/cutlass"
  git --git-dir="$git_dir" archive HEAD include/cute include/cutlass | tar -x -C "$cache/cutlass"
fi
if [ ! -d "$cache/cccl/libcudacxx/include/cuda" ]; then
  git_dir="${CCCL_GIT:-$(find_mirror NVIDIA+cccl)}"
  [ -n "$git_dir" ] && [ -d "$git_dir" ] ||
    die "no CCCL mirror: fetch github:NVIDIA/cccl first (or set CCCL_GIT)"
  mkdir -p "$cache/cccl"
  git --git-dir="$git_dir" archive HEAD libcudacxx/include | tar -x -C "$cache/cccl"
fi
[ -f "$stub/cuda_runtime.h" ] || die "no stub CUDA headers at $stub (set CUTE_REF_STUB)"

# One translation unit, one g++: a few seconds on two cores.
mkdir -p "$out"
bin="$out/cute_bench"
g++ -std=c++17 -O2 -w -I "$stub" -I "$cache/cutlass/include" -I "$cache/cccl/libcudacxx/include" \
  "$here/cute_bench.cpp" -o "$bin" -lbenchmark -lpthread

# The program's cases must be realistic.txt's expression lines, in order.
grep -v -e '^#' -e '^[[:space:]]*$' "$cases" > "$out/cases.txt"
"$bin" --list > "$out/list.tsv"
cut -f2 "$out/list.tsv" | diff "$out/cases.txt" - > "$out/cases.diff" ||
  die "cute_bench.cpp's cases differ from $cases (see $out/cases.diff)"

# CuTe's results beside cute-layout's: static against `cute-layout --cute`, dynamic against
# `cute-layout --dynamic --cute` of the dynamic form (where _N marks the static strides).
"$bin" --print > "$out/print.tsv"
cl="${CUTE_LAYOUT:-}"
for c in "$root/build/tools/cute-layout/cute-layout" /work/main/build/tools/cute-layout/cute-layout; do
  [ -z "$cl" ] && [ -x "$c" ] && cl="$c"
done
cut -f3 "$out/list.tsv" > "$out/dynamic-forms.txt"
if [ -n "$cl" ]; then
  "$cl" --cute - < "$out/cases.txt" > "$out/ours-static.txt" 2>&1 || true
  "$cl" --dynamic --cute - < "$out/dynamic-forms.txt" > "$out/ours-dynamic.txt" 2>&1 || true
else
  : > "$out/ours-static.txt"; : > "$out/ours-dynamic.txt"
fi
{
  printf 'case\tvariant\texpression\tcute\tcute-layout\tagree\n'
  awk -F'\t' -v forms="$out/list.tsv" -v sres="$out/ours-static.txt" \
      -v dres="$out/ours-dynamic.txt" '
    BEGIN {
      while ((getline l < forms) > 0) { split(l, f, "\t"); st[f[1]] = f[2]; dy[f[1]] = f[3] }
      n = 0; while ((getline l < sres) > 0) os[++n] = l
      n = 0; while ((getline l < dres) > 0) od[++n] = l
    }
    {
      e = $2 == "static" ? st[$1] : dy[$1]; o = $2 == "static" ? os[$1] : od[$1]
      printf "%s\t%s\t%s\t%s\t%s\t%s\n", $1, $2, e, $3, o, o == "" ? "-" : (o == $3 ? "ok" : "DIFF")
    }' "$out/print.tsv"
} > "$out/check.tsv"
if [ -n "$cl" ]; then
  bad=$(awk -F'\t' 'NR > 1 && $6 != "ok"' "$out/check.tsv" | wc -l)
  echo "cute-bench: CuTe's results in $out/check.tsv; $bad of $(($(wc -l < "$out/check.tsv") - 1)) differ from $cl" >&2
else
  echo "cute-bench: CuTe's results in $out/check.tsv (no cute-layout found to compare; set CUTE_LAYOUT)" >&2
fi
[ $check_only = 1 ] && exit 0

"$bin" --benchmark_min_time=0.1 --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=csv > "$out/bench.csv" 2> "$out/bench.err" ||
  { cat "$out/bench.err" >&2; die "the benchmark failed"; }

# Join the medians (real time; the unit is ns for every benchmark here) to the case list.
awk -F'\t' -v csv="$out/bench.csv" -v tsv="$tsv" '
  function fmt(x) { return x < 10 ? sprintf("%.2f", x) : sprintf("%.1f", x) }
  BEGIN {
    while ((getline l < csv) > 0) {
      if (l !~ /^"cute\//) continue
      split(l, f, ","); name = f[1]; gsub(/"/, "", name)
      if (name !~ /_median$/) continue
      if (f[5] != "ns") { print "cute-bench: unexpected time unit " f[5] > "/dev/stderr"; exit 2 }
      split(name, p, "/"); split(p[3], v, "_")   # cute/<NN>_<name>/<variant>_median
      ns[p[2] + 0, v[1]] = f[3]
    }
    if (tsv != "") print "case\tcute_dynamic_ns\tcute_static_ns\texpression\tdynamic_form_timed" > tsv
  }
  {
    line = $1 "\t" fmt(ns[$1, "dynamic"]) "\t" fmt(ns[$1, "static"]) "\t" $2
    print line
    if (tsv != "") print line "\t" $3 > tsv
  }' "$out/list.tsv"
