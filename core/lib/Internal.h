// Helpers shared by the core's .cpp files; not part of the public API.
#pragma once

#include "cutelayout/Layout.h"

namespace cutelayout {

/// CuTe's detail::coalesce_x: coalesce that also keeps the function past the domain.
Layout coalesceX(const Layout &l);

/// Appends the integer leaves of t, in order, to out.
void leavesOf(TupleView t, SmallVec<Int, 16> &out);

} // namespace cutelayout
