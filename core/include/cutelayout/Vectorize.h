// Vectorize: how many consecutive elements of a tensor move as one vector access.
//
// Denotes, for a layout L (or a composed layout Sw o O o B) and a power of two w, the
// property "vectors of w": every run of w consecutive indices that starts at a multiple of
// w is mapped to w consecutive offsets that start at a multiple of w. A copy whose source
// and destination both have it, from pointers aligned to w elements, can move each run as
// one access of w elements (CuTe's auto-vectorizing copy; here proven from the layouts
// and what is known of their runtime leaves instead of assumed).
//
// The test walks L's modes in order (flattened): a contiguous prefix of w elements (each
// mode's stride the product of the extents before it, up to a mode whose extent the rest
// of w divides), then every later mode's stride a multiple of w. For static layouts this
// is exactly the property; a runtime leaf counts by what it is known to be a multiple of
// (MultipleOf), so the answer is sound, and may be smaller than the best. A swizzle outer
// keeps runs of up to 2^M elements (its unswizzled bits) when O is a multiple of w.
//
// Representation: none (functions over layouts).
//
//   vectorWidth((8,4):(1,8), 8)           8   (runs of 8: offsets 0-7, 8-15, ...)
//   vectorWidth((8,4):(1,9), 8)           1   (the run at index 8 starts at offset 9)
//   vectorWidth(Sw<3,4,3> o 0 o (64,64):(64,1)... in column order, 16) see VectorizeTest
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"

#include <cstdint>
#include <functional>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// What an integer leaf is known to be a multiple of: its value when static; for a runtime
/// leaf, a known divisor (1 when nothing is known, 0 when it is known to be 0).
using MultipleOf = std::function<int64_t(Int)>;
/// A static leaf's value, 1 for a runtime leaf.
int64_t staticMultiple(Int x);

/// The largest power of two w <= maxElements such that l has "vectors of w".
/// @pre maxElements >= 1   @post result is a power of two, 1 <= result <= maxElements
int64_t vectorWidth(const Layout &l, int64_t maxElements, const MultipleOf &multipleOf = staticMultiple);
/// Of a composed layout: with a swizzle outer, w <= 2^M (the swizzle's base), O a multiple
/// of w, and B's width; any other outer, 1.
int64_t vectorWidth(const ComposedLayout &c, int64_t maxElements, const MultipleOf &multipleOf = staticMultiple);
int64_t vectorWidth(const AnyLayout &l, int64_t maxElements, const MultipleOf &multipleOf = staticMultiple);

CUTELAYOUT_ABI_END
} // namespace cutelayout
