"""Writes expressions over layouts of N leaves (issue 19: 40,000 took 15 s each), runs
cute-layout on them with a time limit, and prints its output and the time it took.

usage: large.py CUTE_LAYOUT N SECONDS
Most leaves are extent 1; sixteen are 2, so the results stay small after filter()."""
import subprocess
import sys
import time

tool, n, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
big = set(range(0, 16 * (n // 16), n // 16))  # the leaves of extent 2
ext = ["2" if i in big else "1" for i in range(n)]
rev = [str(n - i) for i in range(n)]  # reversed order
# strides: the 2-extent leaves get distinct powers of two, descending; the rest 0
strides, k = [], 16
for i in range(n):
    if i in big:
        k -= 1
        strides.append(str(1 << k))
    else:
        strides.append("0")
shape = "(" + ",".join(ext) + ")"
layout = shape + ":(" + ",".join(strides) + ")"
# With --dynamic the extent-1 leaves are runtime 1s, which coalesce keeps, so the inverses
# sort all N modes; their static strides repeat (ties in CuTe's exchange sort).
dyn_ext = ["_2" if i in big else "1" for i in range(n)]
dyn_strides = ["_" + s if i in big else "_%d" % (1 << (16 + i % 8)) for i, s in enumerate(strides)]
dyn_layout = "(" + ",".join(dyn_ext) + "):(" + ",".join(dyn_strides) + ")"
# Distinct static strides, descending, on runtime 1s: complement sorts all N modes.
distinct = "(" + ",".join(["1"] * n) + "):(" + ",".join("_%d" % (2 * (n - i) + 1) for i in range(n)) + ")"
runs = [
    ([], [
        "filter(make_ordered_layout(%s, (%s)))" % (shape, ",".join(rev)),
        "filter(make_layout_like(%s))" % layout,
        "right_inverse(%s)" % layout,
        "left_inverse(%s)" % layout,
        "filter(make_fragment_like((1,%s):(1,%s)))" % (shape[1:-1], ",".join(rev)),
    ]),
    (["--dynamic", "--cute"], [
        "right_inverse(%s)" % dyn_layout,
        "rank(left_inverse(%s))" % dyn_layout,
        "filter(make_layout_like(%s))" % dyn_layout,
        "rank(complement(%s))" % distinct,
        "size(complement(%s, 1000000))" % distinct,
    ]),
]
start = time.monotonic()
for flags, lines in runs:
    r = subprocess.run([tool] + flags + ["-"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, timeout=limit)
    for line in r.stdout.splitlines():
        print(line if len(line) < 300 else line[:300] + "...")
    print("exit %d" % r.returncode)
took = time.monotonic() - start
print("within the limit" if took < limit else "too slow: %.1f s" % took)
