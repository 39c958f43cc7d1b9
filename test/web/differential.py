#!/usr/bin/env python3
"""Native vs WebAssembly (vs Python) on the golden corpora and their mutants.

Issue 41: the three front ends run one evaluator, so every line must print the same
answer or the same error in each: a difference is a defect of one of them (an argument
evaluated in another order by another compiler, a limit that differs, a crash). The inputs
are every expression of core/test/data/golden*.tsv and seeded mutants of them (numbers
replaced by edge values, static marks toggled, characters dropped, duplicated or swapped,
lines cut short), run through each tool's batch mode in plain, --cute and --dynamic forms.

usage: differential.py NATIVE WASM_CLI DATA_DIR SEED MUTANTS [PYTHON_MODULE_DIR]
Prints "differential: N lines x F forms, D differ" and the first differences; exit 1 on any.
"""
import glob
import os
import random
import re
import subprocess
import sys

EDGE_NUMBERS = ["0", "1", "-1", "2", "3", "7", "64", "4294967296", "9223372036854775807",
                "-9223372036854775808", "9223372036854775808", "1000000007"]


def corpus(data_dir):
    lines = []
    for path in sorted(glob.glob(os.path.join(data_dir, "golden*.tsv"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                expr = line.split("\t", 1)[0]
                if expr and "\n" not in expr:
                    lines.append(expr)
    return lines


def mutate(rng, expr):
    """One to three random edits of an expression (never a line break or a NUL)."""
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(6)
        numbers = list(re.finditer(r"_?-?\d+", expr))
        if choice == 0 and numbers:  # a number replaced by an edge value, static or not
            m = rng.choice(numbers)
            value = rng.choice(EDGE_NUMBERS)
            expr = expr[:m.start()] + ("_" if rng.random() < 0.5 else "") + value + expr[m.end():]
        elif choice == 1 and numbers:  # a static mark toggled
            m = rng.choice(numbers)
            text = m.group(0)
            expr = expr[:m.start()] + (text[1:] if text.startswith("_") else "_" + text) + expr[m.end():]
        elif choice == 2 and expr:  # a character dropped
            i = rng.randrange(len(expr))
            expr = expr[:i] + expr[i + 1:]
        elif choice == 3 and expr:  # a character duplicated
            i = rng.randrange(len(expr))
            expr = expr[:i] + expr[i] + expr[i:]
        elif choice == 4 and len(expr) > 1:  # two characters swapped
            i = rng.randrange(len(expr) - 1)
            expr = expr[:i] + expr[i + 1] + expr[i] + expr[i + 2:]
        elif expr:  # cut short
            expr = expr[:rng.randrange(len(expr))]
    return expr


def run_batch(command, flags, lines):
    """The tool's batch mode: one output line per input line (its contract)."""
    proc = subprocess.run(command + flags + ["-"], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode not in (0, 1):
        sys.exit(f"differential: {' '.join(command + flags)} exited with {proc.returncode}: {proc.stderr[-2000:]}")
    out = proc.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if len(out) != len(lines):
        sys.exit(f"differential: {' '.join(command + flags)} printed {len(out)} lines for {len(lines)}")
    return out


def plain_text(value):
    """Python's answer as the command line prints it: an int tuple comes back as Python
    ints (Dyn for a runtime one) and tuples, anything else as a value whose str is the
    plain form."""
    if isinstance(value, bool) or not isinstance(value, (int, tuple)):
        return " ".join(str(value).split())
    if isinstance(value, int):  # Dyn, a runtime integer, is an int
        return str(int(value))
    return "(" + ",".join(plain_text(v) for v in value) + ")"


def run_python(module_dir, dynamic, lines):
    sys.path.insert(0, module_dir)
    import cutelayout  # noqa: E402 (the build's module)
    out = []
    for line in lines:
        try:
            out.append(plain_text(cutelayout.evaluate(line, dynamic=dynamic)))
        except cutelayout.Error as e:
            out.append("error: " + str(e))
    return out


def main():
    # The same core in each front end: the WebAssembly build has no environment, so the
    # general-path run of the suite (CUTELAYOUT_FAST_PATHS=off) must not switch the others
    # alone (where two overflows race, the fast and general paths may name either first).
    os.environ.pop("CUTELAYOUT_FAST_PATHS", None)
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    native, wasm, data_dir, seed, mutants = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    module_dir = sys.argv[6] if len(sys.argv) == 7 else None
    rng = random.Random(seed)
    base = corpus(data_dir)
    lines = base + [mutate(rng, rng.choice(base)) for _ in range(mutants)]
    wasm_command = ["node", wasm] if wasm.endswith(".mjs") else [wasm]
    forms = {"plain": [], "cute": ["--cute"], "dynamic": ["--dynamic"]}
    differ, shown = 0, 0
    for name, flags in forms.items():
        a = run_batch([native], flags, lines)
        answers = {"wasm": run_batch(wasm_command, flags, lines)}
        if module_dir and name != "cute":  # Python's str is the plain form
            answers["python"] = run_python(module_dir, name == "dynamic", lines)
        for other, b in answers.items():
            for line, x, y in zip(lines, a, b):
                if x != y:
                    differ += 1
                    if shown < 10:
                        shown += 1
                        print(f"{name}: {line!r}\n  native: {x}\n  {other}: {y}")
    print(f"differential: {len(lines)} lines x {len(forms)} forms, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
