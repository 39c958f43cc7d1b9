#include "Table.h"

namespace cutelayout::cli {
namespace {

constexpr int64_t kMaxCells = 1 << 16;

int digits(int64_t x) {
  int n = 1;
  for (x = x < 0 ? -x : x; x >= 10; x /= 10)
    ++n;
  return n;
}

/// v right-aligned in w columns (printf's %*lld).
std::string padded(int64_t v, int w) {
  std::string t = std::to_string(v);
  return std::string(t.size() < size_t(w) ? size_t(w) - t.size() : 0, ' ') + t;
}

std::string ruler(int64_t cols, int width) {
  std::string out = "    ";
  for (int64_t n = 0; n < cols; ++n)
    out += "+" + std::string(width, '-');
  return out + "+\n";
}

/// The grid of offsets at(i, j) for an m x n layout, in CuTe's print_layout format.
template <class At> Expected<std::string> grid(const std::string &header, int64_t m, int64_t n, int64_t cosize, At at) {
  int width = digits(cosize) + 2;
  std::string out = header + "\n    ";
  for (int64_t j = 0; j < n; ++j)
    out += "  " + padded(j, width - 2) + " ";
  out += "\n";
  for (int64_t i = 0; i < m; ++i) {
    out += ruler(n, width);
    out += padded(i, 2) + "  ";
    for (int64_t j = 0; j < n; ++j)
      out += "| " + padded(CL_TRY(at(i, j)).value, width - 2) + " ";
    out += "|\n";
  }
  out += ruler(n, width);
  return out;
}

/// The row and column counts of a rank-1 or rank-2 layout (a rank-1 layout is one column).
Expected<std::pair<int64_t, int64_t>> extents(const Layout &l, const std::string &printed) {
  if (l.rank() > 2)
    return makeError("--table shows rank-1 and rank-2 layouts; " + printed + " has rank " + std::to_string(l.rank()));
  ArithScope scope;
  int64_t m = size(l.rank() == 2 ? l.mode(0) : l).value, n = l.rank() == 2 ? size(l.mode(1)).value : 1;
  if (scope.failed()) // the sizes are placeholders: never draw them
    return makeError("--table: the size of " + printed + " overflows int64");
  // ((4294967296,0):(1,1) has no cells and 2^32 rows: found by the render fuzzer.)
  if (!gridFits(m, n, kMaxCells))
    return makeError("--table: " + printed + " has more than " + std::to_string(kMaxCells) + " cells, rows or columns");
  return std::make_pair(m, n);
}

/// The coordinate (i, j) of a rank-2 layout, or i of a rank-1 one.
IntTuple cell(uint32_t rank, int64_t i, int64_t j) {
  if (rank < 2)
    return IntTuple(Int::dynamic(i));
  return IntTuple::makeTuple({IntTuple(Int::dynamic(i)).view(), IntTuple(Int::dynamic(j)).view()});
}

} // namespace

Expected<std::string> printTable(const Layout &l, Style style) {
  std::string printed = print(l, style);
  auto [m, n] = CL_TRY(extents(l, printed));
  ArithScope scope;
  Expected<std::string> out =
      grid(printed, m, n, cosize(l).value, [&](int64_t i, int64_t j) { return crd2idx(cell(l.rank(), i, j), l); });
  if (out && scope.failed())
    return scope.error("--table");
  return out;
}

Expected<std::string> printTable(const ComposedLayout &c, Style style) {
  if (c.innerSwizzle) // its domain is not a layout's: there is no grid
    return innerSwizzleError(c, "--table");
  std::string printed = print(c, style);
  auto [m, n] = CL_TRY(extents(c.inner, printed));
  ArithScope scope;
  Expected<std::string> out =
      grid(printed, m, n, cosize(c).value, [&](int64_t i, int64_t j) { return crd2idx(cell(c.rank(), i, j), c); });
  if (out && scope.failed())
    return scope.error("--table");
  return out;
}

} // namespace cutelayout::cli
