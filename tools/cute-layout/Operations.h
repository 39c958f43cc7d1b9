// The operation table of cute-layout: every core operation under its CuTe name.
#pragma once

#include "Evaluator.h"

#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// Calls operation `name` (template arguments already appended to args).
Expected<Value> callOperation(std::string_view name, const std::vector<Value> &args);

/// A value used as a tiler: a layout, a shape (extents read as n:_1), `_` or a tile.
Expected<Tiler> asTiler(const Value &v);

} // namespace cutelayout::cli
