// The --table view: a rank-1 or rank-2 layout as a grid of offsets, in the format of
// CuTe's print_layout (a rank-1 layout is shown as one column), of a layout or a composed
// layout.
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <string>

namespace cutelayout::cli {

Expected<std::string> printTable(const Layout &l, Style style);
/// The grid of a composed layout's offsets A(O + B(i, j)) (a swizzled smem tile, say).
Expected<std::string> printTable(const ComposedLayout &c, Style style);

} // namespace cutelayout::cli
