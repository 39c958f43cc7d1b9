"""Reads `cute-layout --help` on stdin and checks that every operation it lists is called
in the cases file given (bench/cases/operations.txt): prints the missing names, exits 1.
With the bench's output for that file as a second argument, also checks that it has one
answer line per case."""
import re
import sys

help_text = sys.stdin.read()
operations = help_text.split("\nOperations:\n", 1)[1]
names = sorted(set(re.findall(r"^  ([A-Za-z_][A-Za-z_0-9]*)[(<]", operations, re.M)))
cases = [line for line in open(sys.argv[1]).read().splitlines() if line.strip() and not line.lstrip().startswith("#")]
calls = "\n".join(cases)
missing = [n for n in names if not re.search(r"(?<![A-Za-z_0-9])" + n + r"[(<]", calls)]
report = f"{len(names)} operations, {len(missing)} missing"
ok = not missing and len(names) >= 80
if len(sys.argv) > 2:
    answers = open(sys.argv[2]).read().splitlines()
    report += f", {len(cases)} cases, {len(answers)} answer lines"
    ok = ok and len(answers) == len(cases)
print(report + "".join("\n  " + n for n in missing))
sys.exit(0 if ok else 1)
