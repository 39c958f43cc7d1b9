#!/usr/bin/env python3
"""Writes the cute-opt fuzzer's seed corpus: every split of every lit .mlir test under
test/ (and the issue-19 regression inputs), one file each, into the directory argv[2]."""
import pathlib
import sys


def main():
    root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in sorted(root.rglob("*.mlir")):
        for part in path.read_text().split("// -----"):
            body = "\n".join(l for l in part.splitlines() if not l.lstrip().startswith("// RUN"))
            if body.strip() and len(body) <= 8192:
                (out / f"seed{n}.mlir").write_text(body)
                n += 1
    print(f"{n} seeds")


if __name__ == "__main__":
    main()
