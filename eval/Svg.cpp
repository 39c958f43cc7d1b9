// SVG and LaTeX pictures of layouts, tiled MMAs and tiled copies (Svg.h). The cells come from the
// core: a layout's offsets by crd2idx, an atom's owners by evaluating its thread-value
// layout at every (thread, value), a cell's bank and the outlined wave from the bank
// report (Banks.h).
#include "Svg.h"

#include "Arguments.h"
#include "Table.h"

#include "cutelayout/IntTupleMath.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <vector>

namespace cutelayout::cli {

namespace {

constexpr int kCell = kSvgCell;     // pixels a cell
constexpr int kMargin = 24;         // room for the row and column indices
constexpr double kCharWidth = 0.6;  // em: the advance of a monospace character
constexpr double kLineHeight = 1.2; // em: the distance between a label's lines
constexpr double kRoom = kCell - 2; // pixels a label may take, across and down

/// A colour per thread (or per offset): eight light hues, then a darker round of them.
std::string colour(int64_t i) {
  static const char *kHues[8] = {"#cce5ff", "#ffd6cc", "#d6f5d6", "#fff2b3",
                                 "#e6ccff", "#ccf2f2", "#ffcce6", "#e0e0e0"};
  static const char *kDark[8] = {"#99c2ff", "#ffad99", "#adebad", "#ffe066",
                                 "#cc99ff", "#99e6e6", "#ff99cc", "#bfbfbf"};
  int64_t k = i < 0 ? 0 : i;
  return (k / 8) % 2 == 0 ? kHues[k % 8] : kDark[k % 8];
}

/// A colour per bank: 32 hues around the wheel, alternately lighter, so neighbouring
/// banks differ and the four banks of one 16-byte chunk are near in hue.
std::string bankColour(int64_t bank) {
  double h = double(bank % 32) * 360.0 / 32.0, s = 0.7, l = bank % 2 == 0 ? 0.78 : 0.87;
  double c = (1 - std::abs(2 * l - 1)) * s, x = c * (1 - std::abs(std::fmod(h / 60.0, 2.0) - 1)), m = l - c / 2;
  double rgb[3] = {0, 0, 0};
  int sector = int(h / 60.0);
  const int order[6][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}}; // c, x, 0 slots
  rgb[order[sector][0]] = c, rgb[order[sector][1]] = x, rgb[order[sector][2]] = 0;
  char out[8];
  std::snprintf(out, sizeof out, "#%02x%02x%02x", int((rgb[0] + m) * 255 + 0.5), int((rgb[1] + m) * 255 + 0.5),
                int((rgb[2] + m) * 255 + 0.5));
  return out;
}

/// One M x N grid of labelled cells at (x, y), with its row and column indices.
struct Grid {
  Grid() = default;
  Grid(int64_t rows, int64_t cols, int64_t colour)
      : rows(rows), cols(cols), labels(size_t(rows * cols)), colours(size_t(rows * cols), colour) {}
  int64_t rows = 0, cols = 0;
  std::vector<std::string> labels; // column-major
  std::vector<int64_t> colours;    // column-major, -1: empty
  bool byBank = false;             // colours are banks (bankColour), else threads or offsets (colour)
  std::vector<std::string> titles; // column-major hover texts after "(m,n): ", or empty: the labels
  std::vector<size_t> outlined;    // the cells of the outlined wave
};

/// Text for SVG: &, < and > escaped (a legend may quote Sw<3,3,3>).
std::string xml(const std::string &text) {
  std::string out;
  for (char c : text)
    out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  return out;
}

/// A number for SVG: at most one decimal.
std::string px(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", x);
  std::string s = b;
  return s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0 ? s.substr(0, s.size() - 2) : s;
}

/// A cell's label at the centre (cx, cy) of its cell.
std::string labelText(const std::string &label, int cx, int cy) {
  LabelFit fit = fitLabel(label);
  std::string out = "<text class=\"label\" x=\"" + std::to_string(cx) + "\" y=\"" + std::to_string(cy + 3) +
                    "\" text-anchor=\"middle\"";
  if (fit.fontSize != kSvgLabelFont)
    out += " style=\"font-size:" + px(fit.fontSize) + "px\"";
  if (fit.lines.size() == 1)
    return out + ">" + label + "</text>\n";
  out += ">";
  double first = cy - (double(fit.lines.size()) - 1) * kLineHeight * fit.fontSize / 2 + 0.35 * fit.fontSize;
  for (size_t i = 0; i < fit.lines.size(); ++i)
    out += "<tspan x=\"" + std::to_string(cx) + "\" y=\"" + px(first + double(i) * kLineHeight * fit.fontSize) + "\">" +
           fit.lines[i] + "</tspan>";
  return out + "</text>\n";
}

void drawGrid(std::string &out, const Grid &g, int x, int y, const char *title) {
  out += "<g transform=\"translate(" + std::to_string(x) + "," + std::to_string(y) + ")\">\n";
  if (title && *title)
    out += "<text x=\"0\" y=\"-6\" font-size=\"12\" font-weight=\"bold\">" + std::string(title) + "</text>\n";
  for (int64_t n = 0; n < g.cols; ++n)
    out += "<text class=\"idx\" x=\"" + std::to_string(kMargin + n * kCell + kCell / 2) + "\" y=\"" +
           std::to_string(kMargin - 6) + "\" text-anchor=\"middle\">" + std::to_string(n) + "</text>\n";
  for (int64_t m = 0; m < g.rows; ++m)
    out += "<text class=\"idx\" x=\"" + std::to_string(kMargin - 4) + "\" y=\"" +
           std::to_string(kMargin + m * kCell + kCell / 2 + 3) + "\" text-anchor=\"end\">" + std::to_string(m) +
           "</text>\n";
  for (int64_t n = 0; n < g.cols; ++n)
    for (int64_t m = 0; m < g.rows; ++m) {
      size_t i = size_t(m + n * g.rows);
      int cx = int(kMargin + n * kCell), cy = int(kMargin + m * kCell);
      std::string fill = g.colours[i] < 0 ? std::string("#ffffff")
                         : g.byBank       ? bankColour(g.colours[i])
                                          : colour(g.colours[i]);
      out += "<rect class=\"cell\" data-m=\"" + std::to_string(m) + "\" data-n=\"" + std::to_string(n) + "\" x=\"" +
             std::to_string(cx) + "\" y=\"" + std::to_string(cy) + "\" width=\"" + std::to_string(kCell) +
             "\" height=\"" + std::to_string(kCell) + "\" fill=\"" + fill + "\" stroke=\"#000\"><title>(" +
             std::to_string(m) + "," + std::to_string(n) + "): " + (g.titles.empty() ? g.labels[i] : g.titles[i]) +
             "</title></rect>\n";
      out += labelText(g.labels[i], cx + kCell / 2, cy + kCell / 2);
    }
  // The outlined wave on top of the cells, so no neighbour covers its border.
  for (size_t i : g.outlined)
    out += "<rect class=\"wave\" x=\"" + std::to_string(kMargin + int64_t(i) / g.rows * kCell + 1) + "\" y=\"" +
           std::to_string(kMargin + int64_t(i) % g.rows * kCell + 1) + "\" width=\"" + std::to_string(kCell - 2) +
           "\" height=\"" + std::to_string(kCell - 2) + "\" fill=\"none\" stroke=\"#c00000\" stroke-width=\"2\"/>\n";
  out += "</g>\n";
}

int gridWidth(const Grid &g) { return int(kMargin + g.cols * kCell); }
int gridHeight(const Grid &g) { return int(kMargin + g.rows * kCell); }

std::string document(int width, int height, const std::string &body) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) +
         "\" font-family=\"monospace\">\n<style>.label{font-size:7px}.idx{font-size:8px;"
         "fill:#555}</style>\n" +
         body + "</svg>\n";
}

/// The grid of a thread-value layout over a rows x cols column-major tile: each cell
/// labelled with the first (thread, value) that maps to it, coloured by that thread.
Expected<Grid> tvGrid(const Layout &tv, int64_t rows, int64_t cols) {
  Grid g(rows, cols, -1);
  Int threads = size(tv.mode(0)), values = size(tv.mode(1));
  if (!threads.isStatic || !values.isStatic)
    return makeError("a thread-value layout with runtime extents has no picture");
  for (int64_t t = 0; t < threads.value; ++t)
    for (int64_t v = 0; v < values.value; ++v) {
      IntTuple c = IntTuple::makeTuple({IntTuple(Int::fixed(t)), IntTuple(Int::fixed(v))});
      Int i = CL_TRY(crd2idx(c, tv));
      if (i.value < 0 || i.value >= rows * cols || g.colours[size_t(i.value)] >= 0)
        continue;
      g.labels[size_t(i.value)] = "T" + std::to_string(t) + "V" + std::to_string(v);
      g.colours[size_t(i.value)] = t;
    }
  return g;
}

/// The largest picture, stated once (docs/robustness.md): 2^16 cells, and 2^16 rows or
/// columns (a side's labels are written even where the other side is empty).
constexpr int64_t kMaxPictureCells = int64_t(1) << 16;

/// Whether a rows x cols grid is within the bound: no negative side, no side past 2^16,
/// at most 2^16 cells (the product of two sides of at most 2^16 cannot overflow).
Expected<bool> checkGrid(int64_t rows, int64_t cols) {
  if (rows < 0 || cols < 0)
    return makeError("a picture of " + std::to_string(rows) + " x " + std::to_string(cols) +
                     " cells: an extent is negative");
  if (!gridFits(rows, cols, kMaxPictureCells))
    return makeError("a picture of " + std::to_string(rows) + " x " + std::to_string(cols) +
                     " cells: more than 2^16 cells, rows or columns");
  return true;
}

/// The size of a picture's side: a shape's product, which must not overflow.
Expected<int64_t> sideOf(TupleView shape) {
  ArithScope scope;
  Int n = product(shape);
  if (scope.failed())
    return makeError("a picture of " + print(shape) + " cells: its size overflows int64 (more than 2^16 cells)");
  return n.value;
}

/// rows x cols of a 2-D shape (a rank-1 shape is one column), within the bound.
Expected<std::pair<int64_t, int64_t>> extents(TupleView shape) {
  if (!isStatic(shape))
    return makeError("a layout with runtime extents has no picture");
  if (!shape.isInt() && shape.rank() != 1 && shape.rank() != 2)
    return makeError("a picture is of a rank-1 or rank-2 layout, not of rank " + std::to_string(shape.rank()));
  bool column = shape.isInt() || shape.rank() == 1;
  int64_t rows = CL_TRY(sideOf(column ? shape : shape.child(0))), cols = column ? 1 : CL_TRY(sideOf(shape.child(1)));
  CL_TRY(checkGrid(rows, cols));
  return std::make_pair(rows, cols);
}

/// The transpose of a grid (B is drawn K x N above C, as CuTe draws it).
Grid transposed(const Grid &g) {
  Grid t(g.cols, g.rows, 0);
  for (int64_t m = 0; m < g.rows; ++m)
    for (int64_t n = 0; n < g.cols; ++n) {
      t.labels[size_t(n + m * g.cols)] = g.labels[size_t(m + n * g.rows)];
      t.colours[size_t(n + m * g.cols)] = g.colours[size_t(m + n * g.rows)];
    }
  return t;
}

/// A picture: its grids, each placed at (x, y) pixels, and its size.
struct Placed {
  Grid grid;
  int x, y;
  const char *title;
};
struct Picture {
  std::vector<Placed> grids;
  int width, height;
  std::string legend; // a line above the grids, or empty
};

/// The grid of a layout's (or composed layout's) offsets over its shape, coloured by offset.
template <class L> Expected<Grid> layoutGrid(const L &l, TupleView shape) {
  auto [rows, cols] = CL_TRY(extents(shape));
  Grid g(rows, cols, 0);
  for (int64_t n = 0; n < cols; ++n)
    for (int64_t m = 0; m < rows; ++m) {
      IntTuple c = cols == 1 && (shape.isInt() || shape.rank() == 1)
                       ? IntTuple(Int::fixed(m))
                       : IntTuple::makeTuple({IntTuple(Int::fixed(m)), IntTuple(Int::fixed(n))});
      ArithScope scope;
      Int i = CL_TRY(crd2idx(c, l));
      if (scope.failed())
        return makeError("an offset of " + print(l, Style::Plain) + " overflows int64");
      g.labels[size_t(m + n * rows)] = std::to_string(i.value);
      g.colours[size_t(m + n * rows)] = i.value;
    }
  return g;
}

/// Recolours a layout's grid by bank (each cell's offset at the bank widths) and outlines
/// the first worst wave of the access (the first wave where all are conflict-free); the
/// legend says so. Where the access does not apply to the layout, the cells are still
/// coloured by bank and the legend says why nothing is outlined.
Expected<std::string> colourByBank(Grid &g, const Value &v, const BankOptions &banks) {
  g.byBank = true;
  g.titles.resize(g.labels.size());
  for (size_t i = 0; i < g.labels.size(); ++i) {
    int64_t offset = g.colours[i], bit;
    if (__builtin_mul_overflow(offset, banks.elementBits, &bit))
      return makeError("the bit address of offset " + std::to_string(offset) + " overflows int64");
    int64_t word = bit / 32 - (bit % 32 < 0 ? 1 : 0), bank = word % 32 + (word % 32 < 0 ? 32 : 0);
    g.colours[i] = bank;
    g.titles[i] = "offset " + g.labels[i] + ", bank " + std::to_string(bank);
  }
  std::string legend =
      "colour: the bank of each element (" + std::to_string(banks.elementBits) + "-bit elements, 32 banks of 4 bytes)";
  Expected<BankReport> r = bankConflicts(v, banks, Style::Plain);
  if (!r)
    return legend + "; no wave outlined: " + r.error().message;
  size_t worst = 0;
  for (size_t i = 0; i < r->waves.size(); ++i)
    if (r->waves[i].ways > r->waves[worst].ways)
      worst = i;
  if (r->waves.empty())
    return legend;
  const BankWave &w = r->waves[worst];
  for (int64_t e : w.elements)
    if (e >= 0 && e < g.rows * g.cols)
      g.outlined.push_back(size_t(e));
  int64_t last = w.firstThread + int64_t(w.offsets.size()) - 1;
  return legend + "; outlined: wave " + std::to_string(worst) + " (" + w.what + ", threads " +
         std::to_string(w.firstThread) + (last > w.firstThread ? "-" + std::to_string(last) : "") + "), " +
         (w.ways == 1 ? std::string("conflict-free") : std::to_string(w.ways) + "-way");
}

/// The grids of v's picture, placed as CuTe draws them: a layout's offsets; a tiled MMA's
/// C with A to its left and B above it; a tiled copy's source and destination side by side.
Expected<Picture> pictureOf(const Value &v, const BankOptions *banks) {
  switch (v.kind) {
  case Value::Kind::Layout:
  case Value::Kind::Composed: {
    if (v.notCongruent)
      return makeError("a layout whose shape and stride are not congruent has no picture");
    bool composed = v.kind == Value::Kind::Composed;
    if (composed && v.composed()->innerSwizzle)
      return makeError("a composed layout whose inner function is a swizzle has no grid of elements");
    Grid g =
        CL_TRY(composed ? layoutGrid(*v.composed(), v.composed()->inner.shape) : layoutGrid(v.layout, v.layout.shape));
    std::string legend = banks ? CL_TRY(colourByBank(g, v, *banks)) : "";
    int top = legend.empty() ? 20 : 44;
    int w = std::max(gridWidth(g) + 8, int(8 + legend.size() * 6)), h = top + gridHeight(g) + 4;
    return Picture{{Placed{std::move(g), 4, top, ""}}, w, h, legend};
  }
  case Value::Kind::TiledMma: {
    const TiledMma &m = *v.mma();
    int64_t M, N, K;
    {
      ArithScope scope;
      M = tileSize(m, 0).value, N = tileSize(m, 1).value, K = tileSize(m, 2).value;
      if (scope.failed())
        return makeError("a picture of a tiled MMA whose tile size overflows int64 (more than 2^16 cells)");
    }
    CL_TRY(checkGrid(M, N));
    CL_TRY(checkGrid(M, K));
    CL_TRY(checkGrid(N, K));
    if (M * N + M * K + N * K > kMaxPictureCells)
      return makeError("a picture of " + std::to_string(M * N + M * K + N * K) + " cells (C, A and B): more than 2^16");
    Grid c = CL_TRY(tvGrid(CL_TRY(layoutTV(m, 'C')), M, N));
    Grid a = CL_TRY(tvGrid(CL_TRY(layoutTV(m, 'A')), M, K));
    Grid b = transposed(CL_TRY(tvGrid(CL_TRY(layoutTV(m, 'B')), N, K)));
    int left = gridWidth(a) + 16, top = gridHeight(b) + 36;
    int w = left + gridWidth(c) + 8, h = top + gridHeight(c) + 8;
    return Picture{
        {Placed{std::move(b), left, 20, "B"}, Placed{std::move(a), 4, top, "A"}, Placed{std::move(c), left, top, "C"}},
        w,
        h,
        ""};
  }
  case Value::Kind::TiledCopy: {
    const TiledCopy &c = *v.copy();
    auto [rows, cols] = CL_TRY(extents(c.tilerMN));
    Grid s = CL_TRY(tvGrid(CL_TRY(layoutTV(c, 'S')), rows, cols));
    Grid d = CL_TRY(tvGrid(CL_TRY(layoutTV(c, 'D')), rows, cols));
    int w = 2 * gridWidth(s) + 28, h = gridHeight(s) + 28, right = gridWidth(s) + 20;
    return Picture{{Placed{std::move(s), 4, 20, "Src"}, Placed{std::move(d), right, 20, "Dst"}}, w, h, ""};
  }
  default:
    break;
  }
  return makeError("a picture is of a rank-1 or rank-2 layout or composed layout, a tiled MMA or a tiled copy, not " +
                   std::string(kindName(v.kind)) + " " + describe(v));
}

/// A LaTeX colour name per thread (defined in the preamble from the same hues as SVG's).
std::string latexColour(int64_t i) { return "c" + std::to_string(i < 0 ? 0 : i % 16); }

} // namespace

double labelWidth(std::string_view line, double fontSize) { return double(line.size()) * kCharWidth * fontSize; }

LabelFit fitLabel(const std::string &label) {
  LabelFit fit{{label}, kSvgLabelFont};
  size_t v = label.find('V', 1);
  if (labelWidth(label, kSvgLabelFont) > kRoom && v != std::string::npos)
    fit.lines = {label.substr(0, v), label.substr(v)};
  size_t widest = 1;
  for (const std::string &line : fit.lines)
    widest = std::max(widest, line.size());
  double across = kRoom / (double(widest) * kCharWidth), down = kRoom / (double(fit.lines.size()) * kLineHeight);
  // One decimal, rounded down, so the drawn size keeps the bound.
  fit.fontSize = std::min(kSvgLabelFont, std::floor(std::min(across, down) * 10) / 10);
  return fit;
}

Expected<std::string> printSvg(const Value &v, const BankOptions *banks) {
  Picture p = CL_TRY(pictureOf(v, banks));
  std::string body;
  if (!p.legend.empty())
    body += "<text class=\"legend\" x=\"4\" y=\"14\" font-size=\"10\">" + xml(p.legend) + "</text>\n";
  for (const Placed &g : p.grids)
    drawGrid(body, g.grid, g.x, g.y, g.title);
  return document(p.width, p.height, body);
}

Expected<std::string> printLatex(const Value &v) {
  Picture p = CL_TRY(pictureOf(v, nullptr));
  // TikZ in cell units (y down, as the SVG), scaled so a large tile stays inside TeX's
  // dimension limit (about 16,000 pt): at most 1,600 cells a side at 10 pt a cell.
  std::string out = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n";
  for (int k = 0; k < 16; ++k) {
    std::string hex = colour(k).substr(1);
    for (char &ch : hex)
      ch = char(std::toupper(static_cast<unsigned char>(ch)));
    out += "\\definecolor{c" + std::to_string(k) + "}{HTML}{" + hex + "}\n";
  }
  double unit = 10.0; // pt a cell
  int64_t side = std::max<int64_t>(p.width, p.height) / kCell + 1;
  if (side * unit > 16000)
    unit = 16000.0 / double(side);
  char scale[64];
  std::snprintf(scale, sizeof scale, "%.3fpt", unit);
  out += "\\begin{document}\n\\begin{tikzpicture}[x=" + std::string(scale) + ",y=-" + scale +
         ",every node/.style={inner sep=0pt,font=\\tiny}]\n";
  auto num = [](double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", x);
    return std::string(b);
  };
  for (const Placed &pl : p.grids) {
    const Grid &g = pl.grid;
    double x0 = double(pl.x + kMargin) / kCell, y0 = double(pl.y + kMargin) / kCell;
    if (pl.title && *pl.title)
      out += "\\node[anchor=south west,font=\\bfseries] at (" + num(double(pl.x) / kCell) + "," +
             num(double(pl.y) / kCell) + ") {" + pl.title + "};\n";
    for (int64_t n = 0; n < g.cols; ++n)
      out += "\\node at (" + num(x0 + n + 0.5) + "," + num(y0 - 0.5) + ") {" + std::to_string(n) + "};\n";
    for (int64_t m = 0; m < g.rows; ++m)
      out += "\\node at (" + num(x0 - 0.5) + "," + num(y0 + m + 0.5) + ") {" + std::to_string(m) + "};\n";
    for (int64_t n = 0; n < g.cols; ++n)
      for (int64_t m = 0; m < g.rows; ++m) {
        size_t i = size_t(m + n * g.rows);
        std::string fill = g.colours[i] < 0 ? "white" : latexColour(g.colours[i]);
        out += "\\draw[fill=" + fill + "] (" + num(x0 + n) + "," + num(y0 + m) + ") rectangle ++(1,1) node[pos=.5] {" +
               g.labels[i] + "};\n";
      }
  }
  return out + "\\end{tikzpicture}\n\\end{document}\n";
}

} // namespace cutelayout::cli
