#!/usr/bin/env python3
"""Rewrites the `=> ` lines of corpus.txt with what CuTe itself prints (development only).

Every expression line of the corpus is compiled against CuTe's headers by cute-ref
(shared/tools/cute-ref: it wraps each expression as `{ auto r = (EXPR); print(r); }`), in
batches, and the line after each expression becomes `=> ` + CuTe's output, byte for byte
(only the trailing newline is stripped). CI never runs this: it has no cute-ref.

Usage: regenerate.py [--cute-ref PATH] [--batch N] [--check] [CORPUS]

  CORPUS       the corpus file (default: corpus.txt beside this script)
  --cute-ref   the cute-ref script (default: $CUTE_REF, else shared/tools/cute-ref found
               above this directory, else /work/shared/tools/cute-ref)
  --batch N    expressions per cute-ref call (default 40; one compile per call)
  --check      rewrite nothing: report the cases whose `=> ` line differs from CuTe, exit 1

A batch that does not compile is split in halves until the expressions CuTe rejects are
found; they are reported with cute-ref's first error lines, keep no `=> ` line (so check.py
reports them), and the exit status is 1.
Corpus format: lines starting with `#` are comments (the citation of each case), blank lines
separate cases, any other line is one C++ expression, and the `=> ` line after it is CuTe's
print of it.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def find_cute_ref():
    if os.environ.get("CUTE_REF"):
        return os.environ["CUTE_REF"]
    d = HERE
    while True:
        cand = os.path.join(d, "shared", "tools", "cute-ref")
        if os.path.isfile(cand):
            return cand
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return "/work/shared/tools/cute-ref"


def parse(path):
    """Returns (lines, cases): cases are [expr_line_index, expr, expected_line_index or None]."""
    with open(path) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    cases = []
    for i, line in enumerate(lines):
        if line.startswith("=> ") or line == "=>":
            if not cases or cases[-1][2] is not None or cases[-1][0] != i - 1:
                sys.exit(f"{path}:{i + 1}: a `=> ` line that does not follow an expression")
            cases[-1][2] = i
        elif line.strip() and not line.startswith("#"):
            cases.append([i, line.strip(), None])
    return lines, cases


def run_ref(cute_ref, exprs, env):
    """Returns (outputs or None, error text)."""
    p = subprocess.run([cute_ref, "-"], input="".join(e + "\n" for e in exprs),
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return None, p.stderr.strip() or f"cute-ref exited {p.returncode}"
    out = p.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if len(out) != len(exprs):
        return None, f"cute-ref printed {len(out)} lines for {len(exprs)} expressions"
    return out, ""


def evaluate(cute_ref, exprs, env, failures):
    """Evaluates exprs, bisecting batches that do not compile; None marks a rejected one."""
    out, err = run_ref(cute_ref, exprs, env)
    if out is not None:
        return out
    if len(exprs) == 1:
        failures.append((exprs[0], err))
        return [None]
    mid = len(exprs) // 2
    return (evaluate(cute_ref, exprs[:mid], env, failures)
            + evaluate(cute_ref, exprs[mid:], env, failures))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", nargs="?", default=os.path.join(HERE, "corpus.txt"))
    ap.add_argument("--cute-ref", default=None)
    ap.add_argument("--batch", type=int, default=40)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    cute_ref = args.cute_ref or find_cute_ref()
    env = dict(os.environ)
    # A private build folder, so that other users of cute-ref's shared cache do not race us.
    env.setdefault("CUTE_REF_CACHE", os.path.join(
        os.environ.get("TMPDIR", "/tmp"), f"cute-ref-cpp-spellings-{os.getuid()}"))

    lines, cases = parse(args.corpus)
    exprs = [c[1] for c in cases]
    results, failures = [], []
    for start in range(0, len(exprs), args.batch):
        batch = exprs[start:start + args.batch]
        results += evaluate(cute_ref, batch, env, failures)
        print(f"cute-ref: {min(start + args.batch, len(exprs))}/{len(exprs)}", file=sys.stderr)

    for expr, err in failures:
        print(f"CuTe rejects: {expr}\n  {err.replace(chr(10), chr(10) + '  ')}", file=sys.stderr)

    if args.check:
        differ = 0
        for (i, expr, j), res in zip(cases, results):
            have = lines[j][3:] if j is not None else None
            if res is not None and have != res:
                differ += 1
                print(f"line {i + 1}: {expr}\n  corpus: {have}\n  CuTe:   {res}")
        print(f"{len(cases)} cases, {differ} differ from CuTe, {len(failures)} rejected by CuTe")
        return 1 if differ or failures else 0

    # Rebuild the file: each expression followed by its `=> ` line (dropped where CuTe rejects).
    expected_at = {c[0]: r for c, r in zip(cases, results)}
    old_expected = {c[2] for c in cases if c[2] is not None}
    out = []
    for i, line in enumerate(lines):
        if i in old_expected:
            continue
        out.append(line if i not in expected_at else line.strip())
        if i in expected_at and expected_at[i] is not None:
            out.append("=> " + expected_at[i])
    with open(args.corpus, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(cases)} cases, {len(failures)} rejected by CuTe; wrote {args.corpus}",
          file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
