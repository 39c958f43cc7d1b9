// The operation table of cute-layout: every core operation under its CuTe name.
#pragma once

#include "Evaluator.h"

#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// Calls operation `name` (template arguments already appended to args).
Expected<Value> callOperation(std::string_view name, const std::vector<Value> &args);

/// True for the name of an operation or of one of its aliases.
bool isOperationName(std::string_view name);

/// True for the names an operation takes as an argument: LayoutLeft, LayoutRight (and
/// GenColMajor, GenRowMajor), element type names such as uint8_t or cute::half_t, and X.
bool isArgumentName(std::string_view name);

/// A value used as a tiler: a layout, a shape (extents read as n:_1), `_` or a tile.
Expected<Tiler> asTiler(const Value &v);

} // namespace cutelayout::cli
