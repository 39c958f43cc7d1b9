// Helpers shared by the core's .cpp files; not part of the public API.
#pragma once

#include "cutelayout/Layout.h"

namespace cutelayout {

/// True when l has no leaves, like ():(). CuTe rejects such layouts in the algebra.
inline bool isEmpty(const Layout &l) { return leafCount(l.shape) == 0; }
inline Error emptyLayoutError(const char *op) {
  return makeError(std::string(op) + " of an empty layout ():() (CuTe needs at least one mode)");
}

/// CuTe's bw_coalesce on flat leaves, seeded with firstShape (the last extent, or _2 for
/// coalesce_x); appends the resulting modes last first. One mode is an integral layout.
void coalesceModesReversed(const SmallVec<Int, 16> &shape, const SmallVec<Int, 16> &stride, Int firstShape,
                           SmallVec<Int, 16> &outShape, SmallVec<Int, 16> &outStride);

/// coalesce of the flat layout given by its leaves. @pre shape non-empty, same sizes.
Layout coalesceLeaves(const SmallVec<Int, 16> &shape, const SmallVec<Int, 16> &stride);

/// Appends the integer leaves of t, in order, to out.
void leavesOf(TupleView t, SmallVec<Int, 16> &out);

} // namespace cutelayout
