#!/usr/bin/env python3
"""The converse of random-lowering.test (docs/lowering.md#runtime-checks, R18 and R19): the
cases of random_lowering.py that the core refuses on their runtime values, lowered with the
default options and run by the JIT one at a time, must stop with the failed condition and
print nothing: lowered code never computes a layout the core refuses.

    random_lowering_stops.py SEED COUNT LIMIT CUTE_LAYOUT CUTE_OPT MLIR_RUN...

Of COUNT generated cases, up to LIMIT refused ones are run (those the verifier already
rejects, on their static leaves, are counted and skipped). A refused case is one that
`cute-layout --dynamic --runtime-checks` answers with an R18 condition ("CuTe does not check
this for runtime integers"), an R19 one ("with runtime integers CuTe computes ...", "a
runtime split's condition fails"), or because the static form is refused. Prints a summary
per kind of refusal; exits 1 if a case of the first two kinds prints an answer or ends
without its assertion.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_lowering as rl  # noqa: E402


def kind_of(message):
    if "with runtime integers CuTe computes" in message or "a runtime split's condition fails" in message:
        return "R19"
    if "CuTe does not check this for runtime integers" in message:
        return "R18"
    if "CuTe rejects these values as static integers" in message:
        return "static form"
    return None


def result_type(cute_opt, function):
    """The type cute-opt infers for %r, the function's last op (from its generic form), or
    None where cute-opt rejects the function."""
    out = subprocess.run([cute_opt, "--mlir-print-op-generic", "-"], input=function, capture_output=True, text=True)
    ops = [line for line in out.stdout.splitlines() if '"cute.' in line and " = " in line]
    return ops[-1].rsplit("-> ", 1)[1].strip() if out.returncode == 0 and ops else None


def main():
    seed, count, limit = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    cute_layout, cute_opt, run = sys.argv[4], sys.argv[5], sys.argv[6:]
    g = rl.Gen(random.Random(seed))
    cases = []
    for k in range(count):
        f = rl.Function(f"@case{k}")
        expr, kind = rl.make_case(g, f)
        cases.append((f, expr, kind))
    answers = subprocess.run([cute_layout, "--dynamic", "--runtime-checks", "--cute", "-"],
                             input="\n".join(e for _, e, _ in cases) + "\n", capture_output=True,
                             text=True).stdout.splitlines()
    refused = [(f, e, k, kind_of(a)) for (f, e, k), a in zip(cases, answers) if a.startswith("error") and kind_of(a)]
    stats, failures = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        for f, expr, kind, why in refused[:limit]:
            args = ", ".join(f"{a}: index" for a in f.args)
            rtype = result_type(cute_opt, f"func.func {f.name}({args}) {{\n" + "\n".join(f.body) + "\n  return\n}\n")
            if rtype is None:  # the verifier refuses it: its static leaves fail a condition
                stats[(why, "rejected at compile time")] = stats.get((why, "rejected at compile time"), 0) + 1
                continue
            consts = "\n".join(f"  %k{i} = arith.constant {v} : index" for i, v in enumerate(f.values))
            call = ", ".join(f"%k{i}" for i in range(len(f.values)))
            types = ", ".join("index" for _ in f.values)
            module = (f"func.func {f.name}({args}) {{\n" + "\n".join(f.body) + f"\n  cute.print %r : {rtype}\n"
                      f"  return\n}}\nfunc.func @main() {{\n{consts}\n  func.call {f.name}({call}) : ({types}) -> ()\n"
                      "  return\n}\n")
            path = os.path.join(tmp, "case.mlir")
            with open(path, "w") as out:
                out.write(module)
            lowered = subprocess.run([cute_opt, "--cute-to-llvm", path], capture_output=True, text=True)
            if lowered.returncode != 0:
                outcome = "not lowered"
            else:
                ran = subprocess.run(["stdbuf", "-oL"] + run, input=lowered.stdout, capture_output=True, text=True)
                lines = ran.stdout.splitlines()
                stopped = ran.returncode != 0 and any(l.startswith("cute.") for l in lines)
                printed = [l for l in lines if not l.startswith("cute.")]
                outcome = "stopped" if stopped and not printed else "computed"
                if outcome == "computed" and why in ("R18", "R19"):
                    failures.append(f"{expr}: refused by the core ({why}), but the lowered code printed "
                                    f"{printed or lines}")
            stats[(why, outcome)] = stats.get((why, outcome), 0) + 1
    for f in failures[:20]:
        print(f)
    print("stops: " + ", ".join(f"{why} {outcome} {n}" for (why, outcome), n in sorted(stats.items())) +
          f"; {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
