// Helpers shared by the core's .cpp files; not part of the public API.
#pragma once

#include "cutelayout/Layout.h"

namespace cutelayout {

/// CuTe's detail::coalesce_x: coalesce that also keeps the function past the domain.
Layout coalesceX(const Layout &l);

/// True when l has no leaves, like ():(). CuTe rejects such layouts in the algebra.
inline bool isEmpty(const Layout &l) { return leafCount(l.shape) == 0; }
inline Error emptyLayoutError(const char *op) {
  return makeError(std::string(op) + " of an empty layout ():() (CuTe needs at least one mode)");
}

/// Appends the integer leaves of t, in order, to out.
void leavesOf(TupleView t, SmallVec<Int, 16> &out);

} // namespace cutelayout
