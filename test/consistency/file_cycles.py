"""Checks that the source files of a library call each other without a cycle (issue 42:
no circles between the dialect's files or between the evaluator's files). Each object
file is one source file; file A uses file B when A refers to a symbol B defines (nm: an
undefined symbol of A that B defines strongly). Prints each cycle and exits 1 if there is
one.

    file_cycles.py NAME OBJECT... [-- NAME OBJECT...]...
"""
import os
import subprocess
import sys


def symbols(obj):
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind in "TDBR":  # strong definitions (weak and inline ones are everyone's)
            defined.add(name)
    return defined, undefined


def cycles(uses):
    found, state, stack = [], {}, []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for d in sorted(uses[m]):
            if state.get(d) == "open":
                found.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = "done"

    for m in sorted(uses):
        if m not in state:
            visit(m)
    return found


groups, current = [], None
for arg in sys.argv[1:]:
    if arg == "--":
        current = None
    elif current is None:
        current = (arg, [])
        groups.append(current)
    else:
        current[1].extend(a for a in arg.split(";") if a)

failed = False
for name, objects in groups:
    table = {os.path.basename(o).split(".")[0]: symbols(o) for o in objects}
    owner = {}
    for module, (defined, _) in table.items():
        for s in defined:
            owner[s] = module
    uses = {m: {owner[s] for s in und if s in owner and owner[s] != m} for m, (_, und) in table.items()}
    found = cycles(uses)
    print(f"{name}: {len(table)} files, {len(found)} cycles")
    for c in found:
        print("  cycle: " + " -> ".join(c))
    failed = failed or bool(found)
sys.exit(1 if failed else 0)
