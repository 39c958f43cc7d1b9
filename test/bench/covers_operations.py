"""Reads `cute-layout --help` on stdin and checks that every operation it lists is called
in the cases file given (bench/cases/operations.txt): prints the missing names, exits 1."""
import re
import sys

help_text = sys.stdin.read()
operations = help_text.split("\nOperations:\n", 1)[1]
names = sorted(set(re.findall(r"^  ([A-Za-z_][A-Za-z_0-9]*)[(<]", operations, re.M)))
cases = open(sys.argv[1]).read()
calls = "\n".join(line for line in cases.splitlines() if not line.lstrip().startswith("#"))
missing = [n for n in names if not re.search(r"(?<![A-Za-z_0-9])" + n + r"[(<]", calls)]
print(f"{len(names)} operations, {len(missing)} missing" + ("".join("\n  " + n for n in missing)))
sys.exit(1 if missing or len(names) < 80 else 0)
