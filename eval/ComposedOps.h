// The operation table's calls on swizzles and composed layouts (issue 11): CuTe's lift of
// the algebra to A o O o B, and the operations that only exist for them.
#pragma once

#include "Value.h"

#include <functional>
#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// Calls operation `name` where an argument is a swizzle or a composed layout. Operations
/// CuTe lifts through the inner layout B call `plain` (the operation's handler) with B in
/// place of argument 1 and compose its result with A and O; queries (size, shape, ...)
/// answer for B; the rest have their own rules; any other call is an error naming the
/// argument CuTe has no overload for.
Expected<Value> callWithComposed(std::string_view name, ValueRefs args,
                                 const std::function<Expected<Value>(ValueRefs)> &plain);

/// The operations that exist only for swizzles and composed layouts, for plain arguments
/// too: make_composed_layout(A, O, B), make_swizzle(Y, Z), get_swizzle_portion(L),
/// get_nonswizzle_portion(L).
Expected<Value> makeComposedLayoutOp(ValueRefs args);
Expected<Value> makeSwizzleOp(ValueRefs args);
Expected<Value> swizzlePortionOp(ValueRefs args);
Expected<Value> nonSwizzlePortionOp(ValueRefs args);

/// to_linear_layout(L[, tile]) and to_linear_layout_tv(TV[, tile]) (LinearLayout.h): a layout,
/// swizzled or composed layout as Triton's LinearLayout, printed as Triton prints one (a
/// name value: a string in Python).
Expected<Value> toLinearLayoutOp(ValueRefs args);
Expected<Value> toLinearLayoutTVOp(ValueRefs args);

} // namespace cutelayout::cli
