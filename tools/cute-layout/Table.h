// The --table view: a rank-1 or rank-2 layout as a grid of offsets, in the format of
// CuTe's print_layout (a rank-1 layout is shown as one column).
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <string>

namespace cutelayout::cli {

Expected<std::string> printTable(const Layout &l, Style style);

} // namespace cutelayout::cli
