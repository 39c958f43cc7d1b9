// Layout: a function from coordinates to offsets given by a congruent pair of int tuples,
// shape and stride (CuTe's Layout<Shape,Stride>). L(c) = sum of c_i * d_i over the leaves.
//
// Representation invariant: congruent(shape, stride); no `_` leaves. Values are
// immutable, cheap to copy (two flat arrays), comparable and hashable.
//   (4,8):(1,4)      the column-major 4x8 matrix: L(1,2) = 1*1 + 2*4 = 9
//   ((2,2),3):((24,2),8)
// Operations are free functions with CuTe's names (camelCase) and CuTe's results for
// static and dynamic leaves; each documents @pre (returned as an Error) and @post (checked
// by the property tests).
#pragma once

#include "cutelayout/IntTuple.h"
#include "cutelayout/IntTupleMath.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct Layout {
  IntTuple shape;
  IntTuple stride;

  uint32_t rank() const { return shape.rank(); }
  /// Mode i as a layout (CuTe's layout<i>; a rank-1 leaf layout is its own mode 0).
  Layout mode(uint32_t i) const { return Layout{IntTuple(shape.child(i)), IntTuple(stride.child(i))}; }
};

inline bool operator==(const Layout &a, const Layout &b) { return a.shape == b.shape && a.stride == b.stride; }
inline bool operator!=(const Layout &a, const Layout &b) { return !(a == b); }
uint64_t hashValue(const Layout &l);

/// @pre congruent(shape, stride), no `_` leaves.
Expected<Layout> makeLayout(TupleView shape, TupleView stride);
/// The conditions makeLayout checks, with its messages: true when (shape, stride) is a
/// layout (for a caller that already holds the tuples and moves them in).
Expected<bool> checkLayout(TupleView shape, TupleView stride);
/// The compact column-major layout of shape (CuTe's make_layout(shape)).
Layout makeLayout(TupleView shape);
/// The compact row-major layout of shape (make_layout(shape, LayoutRight{})).
Layout makeLayoutRight(TupleView shape);
/// Concatenation (l0, l1, ...): always a tuple, so one layout gives a rank-1 layout.
Layout concat(const Layout *layouts, uint32_t count);
/// (a, b): the two-layout concatenation divides and products build, without copies.
Layout concat(const Layout &a, const Layout &b);

/// Compact layout whose strides follow `order` (CuTe's make_ordered_layout).
Expected<Layout> makeOrderedLayout(TupleView shape, TupleView order);
/// Compact layout ordered like l's strides, keeping static-0 strides (make_layout_like).
Expected<Layout> makeLayoutLike(const Layout &l);

/// CuTe's static twin of l: the same values, every leaf static (docs/semantics.md, R18).
inline Layout staticTwin(const Layout &l) { return Layout{staticTwin(l.shape), staticTwin(l.stride)}; }
Int size(const Layout &l);
/// Size of the codomain: L(size-1 coordinate with |strides|) + 1, CuTe's cosize.
Int cosize(const Layout &l);
int depth(const Layout &l);

/// Sub-layout at a path of mode indices (CuTe's get<i,j,...>). @pre indices in range.
Expected<Layout> get(const Layout &l, const uint32_t *path, uint32_t count);
Expected<Layout> take(const Layout &l, uint32_t begin, uint32_t end);
Expected<Layout> select(const Layout &l, const uint32_t *modes, uint32_t count);
Expected<Layout> group(const Layout &l, uint32_t begin, uint32_t end);
Layout flatten(const Layout &l);
/// CuTe's append<N>(l) / prepend<N>(l): pad with _1:_0 to rank n (lenient where n < rank(l),
/// as appendTo of int tuples).
Layout appendTo(const Layout &l, uint32_t n);
Layout prependTo(const Layout &l, uint32_t n);
/// CuTe's append(l, x) / prepend(l, x): x becomes the last (first) mode; a leaf l counts
/// as rank 1, so the result is always a tuple.
/// @post rank(result) == rank(l) + 1; its last (first) mode is x, the others l's modes
/// Example: append(3:1, 4:3) = (3,4):(1,3); prepend((2,3):(1,2), 4:3) = (4,2,3):(3,1,2)
Layout append(const Layout &l, const Layout &x);
Layout prepend(const Layout &l, const Layout &x);
/// CuTe's append<N>(l, x) / prepend<N>(l, x): l padded with copies of x up to rank n.
/// @pre n >= rank(l) (CuTe's static_assert); at most kMaxPaddedNodes nodes (IntTuple.h)
/// @post l itself where n == rank(l); else rank(result) == n, l's modes then (after)
///       n - rank(l) copies of x
/// Example: appendToRank(3:1, 3, 4:3) = (3,4,4):(1,3,3); prependToRank(3:1, 3, _1:_0) =
///          (_1,_1,3):(_0,_0,1); appendToRank((2,3):(1,2), 1, 4:3) is an error
Expected<Layout> appendToRank(const Layout &l, uint32_t n, const Layout &x);
Expected<Layout> prependToRank(const Layout &l, uint32_t n, const Layout &x);
/// CuTe's replace<I>(l, x): mode i of l replaced by x (a leaf l counts as rank 1).
/// @pre i < rank(l) (CuTe's static_assert)
/// @post rank(result) == rank(l); mode i is x, the others are l's
/// Example: replace((2,3):(1,2), 1, (4,5):(3,9)) = (2,(4,5)):(1,(3,9)); replace(3:1, 0, 4:3) = 4:3
Expected<Layout> replace(const Layout &l, uint32_t i, const Layout &x);

Expected<Int> crd2idx(TupleView coord, const Layout &l);
/// CuTe's slice: the sub-layout of the modes where coord has `_`.
Expected<Layout> slice(TupleView coord, const Layout &l);
/// CuTe's dice: the sub-layout of the modes where coord has integers.
Expected<Layout> dice(TupleView coord, const Layout &l);

/// Simplify to depth <= 1 without changing the function on [0, size).
/// @post size(result) == size(l); result(i) == l(i)
Layout coalesce(const Layout &l);
/// coalesce and filter writing into `result` (cleared first). @pre result is not l
void coalesce(const Layout &l, Layout &result);
void filter(const Layout &l, Layout &result);
/// coalesce applied at the leaves of profile. @pre rank(profile) <= rank(l)
Expected<Layout> coalesce(const Layout &l, TupleView profile);
/// CuTe's coalesce(shape): flattens, then merges neighbouring leaves that are both static
/// or both dynamic. Example: (2,(3,4)) -> 24; (2,?3,4) -> (2,?3,4) with ? dynamic.
IntTuple coalesceShape(TupleView shape);
/// The first index at which a and b are different functions, or -1 where they are the
/// same (the same size and the same offset at every index, staticness aside; where the
/// sizes differ, the smaller size is the first index one of them does not map). Compares
/// their coalesced static twins, whose modes are unique to the function.
/// Example: firstDifference((2,2):(2,3), 4:2) = 2; firstDifference((2,6):(1,2), 12:1) = -1
int64_t firstDifference(const Layout &a, const Layout &b);
/// Whether outer(inner(i)) == i for every i < n, each inner(i) inside outer's domain (not
/// CuTe's extension of the last mode), staticness aside: outer is a left inverse of inner
/// on [0, n) (n = size(inner)), or inner a right inverse of outer (n = size(inner) too).
/// Example: inverts((2,2):(2,1), (2,2):(2,1), 4) = true; inverts(4:2, 4:1, 4) = false
bool inverts(const Layout &inner, const Layout &outer, int64_t n);
/// Static-0-stride leaves get shape static 1; the profile is kept.
Expected<Layout> filterZeros(const Layout &l);
/// Leaves paired with a static 0 in profile get shape static 1.
Expected<Layout> filterZeros(const Layout &l, TupleView profile);
/// coalesce(filterZeros(l)).
Layout filter(const Layout &l);
Expected<Layout> filter(const Layout &l, TupleView profile);

/// R = A o B: R(c) = A(B(c)), compatible with B. Fails where CuTe's stride and shape
/// divisibility conditions fail (statically decidable cases).
/// Example: (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8)
Expected<Layout> composition(const Layout &a, const Layout &b);

/// The layout of what l does not reach, ordered, up to cotarget (CuTe's complement).
/// Example: complement(4:2, 24) = (2,3):(1,8)
Expected<Layout> complement(const Layout &l, TupleView cotarget);
Expected<Layout> complement(const Layout &l);

/// @post l(result(i)) == i for i < size(result)
Expected<Layout> rightInverse(const Layout &l);
/// @post result(l(i)) == i for i < size(l) when l is injective. @pre static strides
Expected<Layout> leftInverse(const Layout &l);
/// composition, complement and the inverses writing into `result` (cleared first), as
/// Tiler.h's operations do. @pre result is none of the operands
Expected<bool> composition(const Layout &a, const Layout &b, Layout &result);
Expected<bool> complement(const Layout &l, TupleView cotarget, Layout &result);
Expected<bool> complement(const Layout &l, Layout &result);
Expected<bool> rightInverse(const Layout &l, Layout &result);
Expected<bool> leftInverse(const Layout &l, Layout &result);
Expected<Layout> maxCommonLayout(const Layout &a, const Layout &b);
Expected<Int> maxCommonVector(const Layout &a, const Layout &b);

// --- CuTe's further layout queries and rearrangements (LayoutQueries.cpp) ---------------

/// CuTe's coshape: the shape of L's codomain, the smallest C with L(c) < C (mode by mode of
/// the codomain) for every coordinate c: the sum of (s - _1) * |d| over the leaves, plus
/// _1; with scaled-basis strides an arithmetic tuple, plus _1 in each of its modes.
/// Staticness is CuTe's: static where every term is.
/// @pre basis strides are not mixed with integer strides other than _0 (crd2idxGeneral's)
/// @post size(result) == cosize(l)
/// Example: coshape((4,8):(1,4)) = 32; coshape((_4,_8):(_1@1,_2@0)) = (_15,_4)
Expected<IntTuple> coshape(const Layout &l);

/// CuTe's nullspace: a layout of the coordinates (as indices of l's domain) that l maps to
/// 0: the flat modes whose stride is a static _0, with the column-major strides of l's flat
/// shape; _1:_0 where there are none (a runtime 0 stride does not count, as in CuTe).
/// @post l(result(i)) == 0 for i < size(result); size(result) == size(l) / size(filter(l))
/// Example: nullspace(((_2,_4),_8,_3):((_0,_1),_0,_0)) = (_2,_8,_3):(_1,_8,_64);
///          nullspace((_4,_8):(_1,_4)) = _1:_0
Expected<Layout> nullspace(const Layout &l);

/// CuTe's max_alignment: the largest N for which upcast<N>(l) passes CuTe's static checks,
/// from l's static shapes and strides alone (a runtime extent counts as _1, a runtime
/// stride as _0): with F that static form of coalesce(l), gcd(size of mode 0, strides of
/// mode 1) of logical_divide(F, right_inverse(F)), by CuTe's gcd. Always static.
/// @pre integer strides (CuTe's gcd has no scaled bases)
/// @post upcast(l, result) succeeds on the static form
/// Example: max_alignment((_4,_8):(_1,_4)) = _32; max_alignment((_8,_3,_4):(_1,_12,_64)) = _4
Expected<Int> maxAlignment(const Layout &l);

/// CuTe's zip of a layout: zip(shape) and zip(stride) (IntTuple.h's zip), and of two
/// layouts: zip((shapeA, shapeB)) and zip((strideA, strideB)).
/// @pre zip's @pre on the shapes
/// @post rank(result) == rank(mode 0 of the zipped tuple) where that is a tuple
/// Example: zip(((2,3),(4,5)):((1,6),(2,24))) = ((2,4),(3,5)):((1,2),(6,24));
///          zip((2,3):(1,2), (4,5):(1,4)) = ((2,4),(3,5)):((1,1),(2,4))
Expected<Layout> zip(const Layout &l);
Expected<Layout> zip(const Layout &a, const Layout &b);

/// CuTe's unflatten of a layout: unflatten(shape, profile) and unflatten(stride, profile).
/// @pre unflatten's @pre (IntTuple.h) on the shape
/// @post congruent(result.shape, profile) where l is flat; flatten(result) == flatten(l)
/// Example: unflatten((2,3,4):(1,2,6), (_,(_,_))) = (2,(3,4)):(1,(2,6))
Expected<Layout> unflatten(const Layout &l, TupleView profile);

/// CuTe's domain_offset(coord, L) of a layout: L itself and L(coord), the offset by which a
/// tensor over L moves its iterator (Tensor.h); an arithmetic tuple for basis strides.
/// @pre coord is a coordinate of l without `_` (crd2idxGeneral's @pre)
/// @post offset == crd2idx(coord, l)
/// Example: domain_offset((1,2), (4,8):(1,4)) = ((4,8):(1,4), 9)
struct LayoutAndOffset {
  Layout layout;
  IntTuple offset;
};
Expected<LayoutAndOffset> domainOffset(TupleView coord, const Layout &l);

/// Element width changes: upcast<n> divides strides (and the stride-1 mode's size) by n,
/// downcast<n> multiplies; recastLayout goes from oldBits to newBits per element.
Expected<Layout> upcast(const Layout &l, int64_t n);
Expected<Layout> downcast(const Layout &l, int64_t n);
Expected<Layout> recastLayout(const Layout &l, int64_t oldBits, int64_t newBits);

CUTELAYOUT_ABI_END
} // namespace cutelayout
