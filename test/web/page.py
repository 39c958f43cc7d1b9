#!/usr/bin/env python3
"""Opens the playground (build/web/index.html) in headless Chromium and checks its DOM
(issue 17): the result and grid of a composition, the bank view of a swizzled 8x64 tile,
the thread-value picture of the SM80 16x8x16 MMA, and an error with its column underlined
and kept, marked, in the history.
Where Chromium cannot start, says so and checks nothing.

    page.py CHROMIUM PAGE
"""
import re
import subprocess
import sys
import urllib.parse


def dom(chromium, page, expr):
    url = "file://" + page + "#expr=" + urllib.parse.quote(expr)
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                        "--dump-dom", url], capture_output=True, text=True, timeout=120)
    if r.returncode != 0 or "<html" not in r.stdout:
        print("page: skipped: chromium cannot start (%s)" % (r.stderr.strip().splitlines() or ["no output"])[-1])
        sys.exit(0)
    return r.stdout


def main():
    chromium, page = sys.argv[1], sys.argv[2]
    failures = []

    def check(what, ok):
        if not ok:
            failures.append(what)

    d = dom(chromium, page, "composition((6,2):(8,2), (4,3):(3,1))")
    check("composition: result", '<pre id="result">((2,2),3):((24,2),8)</pre>' in d)
    check("composition: a 12-cell grid", d.count('class="cell"') == 12)
    d = dom(chromium, page, "composition(Swizzle<3,4,3>{}, (8,64):(64,1))")
    banks = re.search(r'<pre id="banks">(.*?)</pre>', d, re.S)
    check("swizzle: bank view", banks is not None and "conflict-free" in banks.group(1))
    d = dom(chromium, page, "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, (1,1,1))")
    check("MMA: 512 cells (A, B, C)", d.count('class="cell"') == 512)
    check("MMA: thread-value labels", ">T0V0<" in d and ">T31V3<" in d)
    d = dom(chromium, page, "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{}, "
                            "Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})")
    check("copy: 2 x 16x64 cells", d.count('class="cell"') == 2 * 16 * 64)
    check("copy: thread 127's last value", ">T127V7<" in d)
    check("hover: a cell's coordinate and owner", "<title>(1,0): T8V0</title>" in d)
    d = dom(chromium, page, "size((4,8)")
    check("error: column underlined", re.search(r'<pre id="error">size\(\(4,8\)\n {10}\^\nerror: column 11:', d) is not None)
    check("error: kept in the history, marked", '<li class="failed" title="this input gave an error">size((4,8)</li>' in d)
    for f in failures:
        print("page: FAIL " + f)
    print("page: %d checks, %d failed" % (10, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
