#!/usr/bin/env python3
"""Opens the playground (build/web/index.html) in headless Chromium and checks its DOM
(issue 17): the result and grid of a composition, the bank view of a swizzled 8x64 tile,
the thread-value picture of the SM80 16x8x16 MMA, and an error with its column underlined
and kept, marked, in the history. Issue 44: the bank view of every layout under the access
the link names (&access=columns, or an ldmatrix read src:make_tiled_copy_B(...)), its
numbers as --banks gives them (the unswizzled 8x64 half tile read by columns or by
ldmatrix is 8-way, Sw<3,3,3> conflict-free), the picture of a swizzled layout coloured by
bank with its worst wave outlined, the line saying why a picture is missing, and labels
that fit their cells by the renderer's font metric (0.6 em a character).
Where Chromium cannot start, says so and checks nothing.

    page.py CHROMIUM PAGE
"""
import re
import subprocess
import sys
import urllib.parse


LDMATRIX = ("src:make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma("
            "SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{}, Tile<_16,_8,_32>{}))")


def dom(chromium, page, expr, **params):
    url = "file://" + page + "#expr=" + urllib.parse.quote(expr)
    for key, value in params.items():
        url += "&" + key + "=" + urllib.parse.quote(value)
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                        "--dump-dom", url], capture_output=True, text=True, timeout=120)
    if r.returncode != 0 or "<html" not in r.stdout:
        print("page: skipped: chromium cannot start (%s)" % (r.stderr.strip().splitlines() or ["no output"])[-1])
        sys.exit(0)
    return r.stdout


def labels_fit(d):
    """Every cell label's lines are within the cell (24 px, 1 px each side) at its font size."""
    for attrs, body in re.findall(r'<text class="label"([^>]*)>(.*?)</text>', d):
        size = re.search(r"font-size:([0-9.]+)px", attrs)
        size = float(size.group(1)) if size else 7.0
        lines = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", body) or [body]
        if any(len(line) * 0.6 * size > 22 for line in lines) or len(lines) * 1.2 * size > 22:
            return False
    return True


def bank_view(d):
    """The bank summary's numbers (worst, average, wavefronts, waves) and the report's text."""
    m = re.search(r'<div id="bank-summary" data-worst="(\d+)" data-average="([0-9.]+)" '
                  r'data-wavefronts="(\d+)" data-waves="(\d+)">', d)
    text = re.search(r'<pre id="banks">(.*?)</pre>', d, re.S)
    return (m.groups() if m else None), (text.group(1) if text else "")


def main():
    chromium, page = sys.argv[1], sys.argv[2]
    failures = []
    checks = [0]

    def check(what, ok):
        checks[0] += 1
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
    check("copy: thread 127's last value, on two lines", ">T127</tspan><tspan" in d and ">V7</tspan>" in d)
    check("copy: labels fit their cells", labels_fit(d))
    check("hover: a cell's coordinate and owner", "<title>(1,0): T8V0</title>" in d)
    d = dom(chromium, page, "size((4,8)")
    check("error: column underlined", re.search(r'<pre id="error">size\(\(4,8\)\n {10}\^\nerror: column 11:', d) is not None)
    check("error: kept in the history, marked", '<li class="failed" title="this input gave an error">size((4,8)</li>' in d)
    # Issue 44: the tutorial's lesson. The unswizzled 8x64 tile of 16-bit elements read by
    # columns: 8-way in every wave, as cute-layout --banks --access=columns says.
    d = dom(chromium, page, "(8,64):(64,1)", access="columns")
    numbers, text = bank_view(d)
    check("columns: unswizzled 8-way", numbers == ("8", "8", "64", "8"))
    check("columns: unswizzled report", "wave 0: columns 0-7, threads 0-7: banks 0-3, 8-way" in text
          and "worst: 8-way in waves 0-7; conflicting waves: 8 of 8" in text
          and "colliding in wave 0: threads 0-7 in banks 0-3" in text)
    check("columns: cells coloured by bank", "<title>(1,0): offset 64, bank 0</title>" in d)
    check("columns: worst wave outlined", d.count('class="wave"') == 64
          and "outlined: wave 0 (columns 0-7, threads 0-7), 8-way" in d)
    d = dom(chromium, page, "composition(Swizzle<3,3,3>{}, (8,64):(64,1))", access="columns")
    numbers, text = bank_view(d)
    check("columns: Sw<3,3,3> conflict-free", numbers == ("1", "1", "8", "8"))
    check("columns: Sw<3,3,3> report", "worst: conflict-free; conflicting waves: 0 of 8" in text)
    check("swizzled picture: 512 cells, offsets shown", d.count('class="cell"') == 512
          and "<title>(1,0): offset 72, bank 4</title>" in d)
    # The same lesson through an ldmatrix read (the source side of a tiled copy).
    d = dom(chromium, page, "(8,64):(64,1)", access=LDMATRIX)
    numbers, text = bank_view(d)
    check("ldmatrix: unswizzled 8-way", numbers == ("8", "8", "64", "8")
          and "wave 1: tile (0,0), values 0-7, threads 8-15: banks 4-7, 8-way" in text)
    d = dom(chromium, page, "Sw<3,3,3> o _0 o (8,64):(64,1)", access=LDMATRIX)
    numbers, text = bank_view(d)
    check("ldmatrix: Sw<3,3,3> conflict-free", numbers == ("1", "1", "8", "8"))
    # The widths: 32-bit floats with rows of 32 words, read by columns: 32-way.
    d = dom(chromium, page, "(32,32):(32,1)", access="columns", element_bits="32", access_bits="32")
    check("widths: 32-way", bank_view(d)[0] == ("32", "32", "1024", "32"))
    # A bad access: the bank view says why; the picture stays.
    d = dom(chromium, page, "(8,64):(64,1)", access="src:(8,64):(1,8)")
    check("bad access: said", "No bank view: --access: src: names a side of a tiled copy" in d
          and d.count('class="cell"') == 512)
    # No picture, and why: runtime extents, rank 3.
    d = dom(chromium, page, "(4,8):(1,4)", dynamic="1")
    check("runtime extents: said", '<div id="picture-note">No picture: a layout with runtime extents has no '
          'picture</div>' in d)
    d = dom(chromium, page, "(2,2,2):(1,2,4)")
    check("rank 3: said", '<div id="picture-note">No picture: a picture is of a rank-1 or rank-2 layout, not of '
          'rank 3</div>' in d)
    for f in failures:
        print("page: FAIL " + f)
    print("page: %d checks, %d failed" % (checks[0], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
