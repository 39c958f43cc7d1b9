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

} // namespace

Expected<std::string> printTable(const Layout &l, Style style) {
  if (l.rank() > 2)
    return makeError("--table shows rank-1 and rank-2 layouts; " + print(l) + " has rank " +
                     std::to_string(l.rank()));
  Layout rows = l.rank() == 2 ? l.mode(0) : l;
  Layout cols = l.rank() == 2 ? l.mode(1) : Layout{IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))};
  ArithScope scope;
  int64_t m = size(rows).value, n = size(cols).value;
  if (scope.failed()) // the sizes are placeholders: never draw them
    return makeError("--table: the size of " + print(l) + " overflows int64");
  if (m < 0 || n < 0 || (n > 0 && m > kMaxCells / n))
    return makeError("--table: " + print(l) + " has more than " + std::to_string(kMaxCells) + " cells");
  int width = digits(cosize(l).value) + 2;
  std::string out = print(l, style) + "\n    ";
  for (int64_t j = 0; j < n; ++j)
    out += "  " + padded(j, width - 2) + " ";
  out += "\n";
  for (int64_t i = 0; i < m; ++i) {
    out += ruler(n, width);
    out += padded(i, 2) + "  ";
    for (int64_t j = 0; j < n; ++j) {
      Int offset = add(CL_TRY(crd2idx(IntTuple(Int::dynamic(i)), rows.shape, rows.stride)),
                       CL_TRY(crd2idx(IntTuple(Int::dynamic(j)), cols.shape, cols.stride)));
      out += "| " + padded(offset.value, width - 2) + " ";
    }
    out += "|\n";
  }
  out += ruler(n, width);
  if (scope.failed())
    return scope.error("--table");
  return out;
}

} // namespace cutelayout::cli
