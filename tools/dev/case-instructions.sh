#!/usr/bin/env bash
# Instructions per call of each line of a cases file, the call cutelayout_bench --cases
# times (the library's bound call; with --table, through the command line's operation
# table), with callgrind: for each line, one run
# of N calls and one of none, the difference divided by N (start-up and argument
# evaluation subtracted). Prints `instructions TAB expression` per line and the geometric
# mean. Development only (docs/performance.md).
#   tools/dev/case-instructions.sh BENCH CASES [--dynamic] [--table]   (N: CALLS, default 2000)
set -euo pipefail
bench="$1"
cases="$2"
shift 2
calls="${CALLS:-2000}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
count() { # file, calls -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$2" "$bench" --cases "$1" --calls "$2" "${@:3}" \
    >/dev/null 2>&1
  awk '/^summary:/ {print $2}' "$tmp/cg.$2"
}
logsum=0
n=0
while IFS= read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  printf '%s\n' "$line" >"$tmp/case.txt"
  with=$(count "$tmp/case.txt" "$calls" "$@")
  without=$(count "$tmp/case.txt" 0 "$@")
  per=$(( (with - without) / calls ))
  printf '%d\t%s\n' "$per" "$line"
  logsum=$(awk -v s="$logsum" -v x="$per" 'BEGIN {print s + log(x)}')
  n=$((n + 1))
done <"$cases"
awk -v s="$logsum" -v n="$n" 'BEGIN {printf "%d\tgeometric mean (%d cases)\n", exp(s / n), n}'
