#!/usr/bin/env python3
"""Runs cute-layout over the golden corpus of CuTe's own answers and compares.

Each corpus line is `expression<TAB>CuTe's printed result<TAB>static|dynamic`; the result
ERROR means CuTe rejects the input, so cute-layout must report an error there.
Usage: check_golden.py CUTE_LAYOUT GOLDEN_TSV
"""
import subprocess
import sys


def load(path):
    cases = {"static": [], "dynamic": []}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            expr, expected, mode = line.split("\t")
            cases[mode].append((expr, expected))
    return cases


def run(tool, mode, cases):
    args = [tool, "--cute"] + (["--dynamic"] if mode == "dynamic" else []) + ["-"]
    stdin = "".join(expr + "\n" for expr, _ in cases)
    out = subprocess.run(args, input=stdin, capture_output=True, text=True)
    if out.returncode >= 128 or out.returncode < 0:
        sys.exit(f"cute-layout crashed (status {out.returncode}) in {mode} mode")
    lines = out.stdout.split("\n")
    failures = []
    for (expr, expected), got in zip(cases, lines):
        ok = got.startswith("error:") if expected == "ERROR" else got == expected
        if not ok:
            failures.append(f"[{mode}] {expr}\n    CuTe:        {expected}\n    cute-layout: {got}")
    if len(lines) < len(cases):
        failures.append(f"[{mode}] output ended after {len(lines)} of {len(cases)} lines")
    return failures


def main():
    tool, golden = sys.argv[1], sys.argv[2]
    cases = load(golden)
    failures = []
    total = 0
    for mode, items in cases.items():
        if items:
            total += len(items)
            failures += run(tool, mode, items)
    for f in failures:
        print(f)
    print(f"golden: {total - len(failures)} passed, {len(failures)} failed")
    sys.exit(1 if failures or total == 0 else 0)


if __name__ == "__main__":
    main()
