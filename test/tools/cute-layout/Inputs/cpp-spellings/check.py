#!/usr/bin/env python3
"""Runs cute-layout over the corpus of CuTe C++ spellings and reports every mismatch.

Each case of the corpus (corpus.txt beside this script) is one C++ expression copied from
CUTLASS's documentation, examples or unit tests, followed by a `=> ` line with the exact
string cute::print prints for it. cute-layout is run once over all expressions (standard
input, one expression a line, `-`), with --cute so that it prints CuTe's print() form; the
answer line of each expression must equal the expected string byte for byte.

Usage: check.py [--flag=ARG ...] [--section TEXT] [--quiet] CUTE_LAYOUT [CORPUS]

  CUTE_LAYOUT    the cute-layout binary
  CORPUS         the corpus (default: corpus.txt beside this script)
  --flag=ARG     an extra argument for cute-layout (repeatable), e.g. --flag=--dynamic
  --section TEXT check only the sections whose `# == ` title contains TEXT
  --quiet        print only the per-section counts and the summary line

Prints each differing case (its line, expression, expected and printed strings), a count per
section, and finally the line `N cases, M differ`. Exits 0 when none differ, 1 otherwise
(2 on a usage error or when cute-layout cannot be run).
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    """Returns a list of cases: dicts with line, section, expr, expected (None if absent)."""
    cases = []
    section = ""
    flags, refused = [], None
    with open(path) as f:
        lines = f.read().split("\n")
    for i, raw in enumerate(lines):
        line = raw.rstrip("\r")
        if line.startswith("# == "):
            section = line[5:].strip()
        elif line.startswith("# with: "):  # the next case runs with these flags
            flags = line[len("# with: "):].split("  (")[0].split()
        elif line.startswith("# refused: "):  # the next case is refused on purpose (why)
            refused = line[len("# refused: "):]
        elif line.startswith("=> ") or line == "=>":
            if not cases or cases[-1]["expected"] is not None or cases[-1]["line"] != i:
                sys.exit(f"{path}:{i + 1}: a `=> ` line that does not follow an expression")
            cases[-1]["expected"] = line[3:]
        elif line.strip() and not line.startswith("#"):
            cases.append({"line": i + 1, "section": section, "expr": line.strip(),
                          "expected": None, "flags": flags, "refused": refused})
            flags, refused = [], None
    return cases


def run(tool, flags, exprs):
    """One answer line per expression: the batch first, one call each if that fails."""
    args = [tool, "--cute"] + flags + ["-"]
    try:
        p = subprocess.run(args, input="".join(e + "\n" for e in exprs),
                           capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f"check.py: cannot run {tool}: {e}")
    out = p.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if 0 <= p.returncode <= 1 and len(out) == len(exprs):
        return out
    # The batch crashed or its lines do not line up: run each expression on its own.
    print(f"check.py: the batch run gave {len(out)} lines for {len(exprs)} expressions "
          f"(status {p.returncode}); running them one at a time", file=sys.stderr)
    answers = []
    for e in exprs:
        try:
            q = subprocess.run([tool, "--cute"] + flags + [e], capture_output=True, text=True,
                               timeout=60)
            text = (q.stdout.rstrip("\n") or q.stderr.rstrip("\n")).split("\n")
            answers.append(" | ".join(text) if q.returncode >= 0
                           else f"<crashed: signal {-q.returncode}>")
        except subprocess.TimeoutExpired:
            answers.append("<timed out>")
    return answers


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tool")
    ap.add_argument("corpus", nargs="?", default=os.path.join(HERE, "corpus.txt"))
    ap.add_argument("--flag", action="append", default=[])
    ap.add_argument("--section", default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    if not os.path.exists(args.tool):
        print(f"check.py: no such binary: {args.tool}", file=sys.stderr)
        return 2

    cases = load(args.corpus)
    if args.section:
        cases = [c for c in cases if args.section in c["section"]]
    if not cases:
        print("check.py: no cases", file=sys.stderr)
        return 2
    # One batch per set of per-case flags (`# with: ...`).
    printed = [None] * len(cases)
    for extra in sorted({tuple(c["flags"]) for c in cases}):
        index = [i for i, c in enumerate(cases) if tuple(c["flags"]) == extra]
        for i, got in zip(index, run(args.tool, args.flag + list(extra), [cases[i]["expr"] for i in index])):
            printed[i] = got

    differ = refusals = 0
    per_section = {}
    for c, got in zip(cases, printed):
        total, bad = per_section.get(c["section"], (0, 0))
        if c["refused"] is not None:  # CuTe prints an answer we refuse to give (R19)
            ok = got.startswith("error: ")
            refusals += ok
        else:
            ok = c["expected"] is not None and got == c["expected"]
        per_section[c["section"]] = (total + 1, bad + (0 if ok else 1))
        if ok:
            continue
        differ += 1
        if not args.quiet:
            expected = c["expected"] if c["expected"] is not None else "<no `=> ` line>"
            if c["refused"] is not None:
                expected = f"an error ({c['refused']})"
            print(f"{args.corpus}:{c['line']}: {c['expr']}\n"
                  f"  expected: {expected}\n"
                  f"  printed:  {got}")
    if not args.quiet and differ:
        print()
    for section, (total, bad) in per_section.items():
        print(f"  {bad:4d} of {total:4d} differ  {section or '(no section)'}")
    print(f"{len(cases)} cases, {differ} differ ({refusals} refused on purpose, as marked)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
