// Reading a call's arguments: the conversions and the messages that every operation's
// handler (Operations.cpp, ComposedOps.cpp, TensorOps.cpp, AtomOps.cpp) shares.
//
// What it denotes: functions from a Value to what an operation takes (a plain layout, a
// tiler, an element width) or to the error naming the argument that is not one.
// Examples: plainLayout of the value (4,8):(1,4) is that layout; of 3 it is the error
//   "argument 1 must be a layout but is an int tuple 3". asTiler((32,16)) is the tile of
//   32:_1 and 16:_1.
#pragma once

#include "Value.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cutelayout::cli {

/// The width in bits of a CuTe element type name (cute::half_t and cutlass::half_t name
/// the same type). @post 0 for a name that is not one
int64_t typeBits(std::string_view name);

/// The width in bits of an element: an integer, or a CuTe type name such as half_t.
Expected<int64_t> elementBits(const Value &v);

/// A plain layout argument (a congruent Layout value); the error names argument i.
Expected<const Layout *> plainLayout(const Value &v, size_t i);

/// The error of a call CuTe has no overload for: it names the first argument for which
/// `special` holds ("argument 1 is a tensor ..., which CuTe's complement does not take").
Error noOverloadFor(std::string_view name, ValueRefs args, bool (*special)(const Value &), size_t from = 0);
/// The error of append or prepend (`name`) with an argument for which `special` holds (a
/// swizzle, composed layout, tensor): CuTe's tuple append makes it an element of a plain
/// tuple, which no value here is (CuTe's one lift, append<N>(C, x), is the table's).
Error tupleElementError(std::string_view name, ValueRefs args, bool (*special)(const Value &));

/// A layout argument, or a shape read as its compact column-major layout (a thread
/// layout given as its shape).
Expected<Layout> layoutOrShape(const Value &v);

/// A value used as a tiler: a layout, a shape (extents read as n:_1), `_` or a tile.
Expected<Tiler> asTiler(const Value &v);

} // namespace cutelayout::cli
