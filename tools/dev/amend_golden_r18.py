#!/usr/bin/env python3
"""Applies RESOLUTIONS R18 to golden corpora made before it (development only).

A dynamic case whose all-static twin CuTe rejects (marked `# unchecked: ...`) breaks a
condition CuTe checks only at compile time; R18 makes it an ERROR. The marker keeps CuTe's
unchecked runtime value as evidence. With --cute-layout TOOL, dynamic cases where TOOL
reports such a condition on the runtime form's own structure (its message ends with the
R18 note) become ERRORs the same way, marked `# unchecked (runtime structure): ...`: CuTe
keeps runtime 1-extents and unmerged modes that the static twin drops, and the condition
fails there; CuTe's value is then not the operation's result (e.g. its size is wrong).

Usage: amend_golden_r18.py [--cute-layout TOOL] GOLDEN.tsv...   (rewrites in place)
"""
import argparse
import subprocess

MARK = "# unchecked: the all-static form is an ERROR"
VALUE = "; CuTe's runtime-integer value: "
STRUCTURE = "# unchecked (runtime structure): the condition fails on CuTe's runtime form"
NOTE = "(CuTe does not check this for runtime integers)"
OLD_HEADER = "# its all-static form, so it breaks a precondition CuTe does not check at run time.\n"
NEW_HEADER = ("# its all-static form, so it breaks a precondition CuTe does not check at run time;\n"
              "# it is an ERROR (RESOLUTIONS R18) and the comment keeps CuTe's unchecked value.\n")


def runtime_violations(tool, lines):
    cases = [l.split("\t")[0] for l in lines if l and not l.startswith("#") and l.endswith("\tdynamic")]
    out = subprocess.run([tool, "--cute", "--dynamic", "-"], input="".join(c + "\n" for c in cases),
                         capture_output=True, text=True).stdout.split("\n")
    return {c for c, got in zip(cases, out) if got.startswith("error:") and got.endswith(NOTE)}


def amend(path, tool):
    lines = open(path).read().split("\n")
    flagged = runtime_violations(tool, lines) if tool else set()
    out, marked = [], False
    for line in lines:
        if line == OLD_HEADER.rstrip("\n"):
            out.extend(NEW_HEADER.rstrip("\n").split("\n"))
            continue
        if line == MARK:
            marked = True
            continue
        if line and not line.startswith("#"):
            expr, expected, mode = line.split("\t")
            if expected != "ERROR" and (marked or (mode == "dynamic" and expr in flagged)):
                out.append((MARK if marked else STRUCTURE) + VALUE + expected)
                line = f"{expr}\tERROR\t{mode}"
            marked = False
        out.append(line)
    open(path, "w").write("\n".join(out))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cute-layout")
    p.add_argument("corpora", nargs="+")
    a = p.parse_args()
    for path in a.corpora:
        amend(path, a.cute_layout)


if __name__ == "__main__":
    main()
