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

/// A layout built mode by mode, shapes and strides in lockstep; finish() wraps the modes in
/// one tuple (CuTe's make_layout(l0, l1, ...), so one mode gives a rank-1 tuple).
class LayoutBuilder {
public:
  LayoutBuilder() {
    shape_.open();
    stride_.open();
  }
  void add(TupleView shape, TupleView stride) {
    shape_.add(shape);
    stride_.add(stride);
  }
  void add(const Layout &l) { add(l.shape, l.stride); }
  void leaf(Int shape, Int stride) {
    shape_.leaf(shape);
    stride_.leaf(stride);
  }
  Layout finish() {
    shape_.close();
    stride_.close();
    return Layout{shape_.finish(), stride_.finish()};
  }

private:
  TupleBuilder shape_, stride_;
};

/// CuTe's transform_layout(l, t, f): f(i, mode i) for the first `count` modes; the modes
/// past them are kept when keepRest, dropped otherwise. The result is always a tuple.
template <class F>
Expected<Layout> transformModes(const Layout &l, uint32_t count, bool keepRest, F f) {
  LayoutBuilder out;
  for (uint32_t i = 0; i < l.rank(); ++i) {
    if (i < count)
      out.add(CL_TRY(f(i, l.mode(i))));
    else if (keepRest)
      out.add(l.shape.child(i), l.stride.child(i));
  }
  return out.finish();
}

/// Rebuilds a (shape, stride) tree with f(s, d) -> Expected<Layout> at every leaf mode;
/// tuple levels stay tuple levels. @pre shape and stride congruent.
template <class F> Expected<Layout> mapLeafModes(TupleView shape, TupleView stride, F f) {
  if (!shape.isTuple())
    return f(shape.asInt(), stride.asInt());
  LayoutBuilder out;
  TupleView::Iterator di = stride.begin();
  for (TupleView s : shape) {
    out.add(CL_TRY(mapLeafModes(s, *di, f)));
    ++di;
  }
  return out.finish();
}

} // namespace cutelayout
