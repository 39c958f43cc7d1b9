// The --table view: a rank-1 or rank-2 layout as a grid of offsets, in the format of
// CuTe's print_layout (a rank-1 layout is shown as one column), of a layout or a composed
// layout.
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <string>

namespace cutelayout::cli {

/// Whether a rows x cols grid (a table or a picture) is within a bound of maxCells: no
/// negative side, neither side past maxCells (its labels are written even where the other
/// side is empty) and at most maxCells cells. The product of two sides within the bound
/// cannot overflow. @pre maxCells <= 2^31
inline bool gridFits(int64_t rows, int64_t cols, int64_t maxCells) {
  return rows >= 0 && cols >= 0 && rows <= maxCells && cols <= maxCells && rows * cols <= maxCells;
}

Expected<std::string> printTable(const Layout &l, Style style);
/// The grid of a composed layout's offsets A(O + B(i, j)) (a swizzled smem tile, say).
Expected<std::string> printTable(const ComposedLayout &c, Style style);

} // namespace cutelayout::cli
