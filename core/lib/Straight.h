// Straight paths: the layout algebra's common case computed on fixed leaf arrays.
//
// Being retired (issue 40, docs/design.md "One kernel per algorithm"): the coalesce walk,
// composition, the complement and the inverses here already run the one kernel of
// core/lib/kernels/ (in StaticDomain, or BoundedCuteDomain for runtime extents) and only
// load operands and write results; the divides' and products' leaf pairs, tile_to_shape and
// the index functions still have their own steps.
//
// What it denotes: for operands of at most kMaxLeaves integer leaves (no scaled basis, no
// `_`) and results of at most kMaxNodes nodes, each function below computes the same
// answer as the general algorithm of the operation it names (Algebra.cpp, Layout.cpp,
// Tiler.cpp): the same values, the same staticness of every leaf (it runs the same `Int`
// operations in the same order, so CuTe's static rules hold by construction; where every
// value of a step is static, the same steps on plain integers, whose results are all
// static; where the values of a step are runtime integers, which no static rule touches,
// the same steps on plain integers too, whose results are dynamic) and the same profile. It reads leaves straight off the operands' nodes and writes the result's nodes
// straight into the caller's layout: no builder, no view iterator, no `Expected`, no
// message text.
//
// Each returns true having written the answer, or false having decided nothing: an input
// past the arrays, a basis or `_` leaf, a nested tiler, a condition that fails (stride or
// shape divisibility, injectivity, dynamic strides where CuTe wants static ones), an
// arithmetic failure, a trace recording (the lowering), or a rare shape of input. The
// public operation then runs its general algorithm, which gives the answer or the exact
// error. So a straight path can only make an operation faster, never change what it says;
// StraightTest.cpp checks that on thousands of seeded random operands against the general
// algorithm (setEnabled(false)), and every corpus runs through both.
//
// Representation invariant of the working set (Leaves): n <= kMaxLeaves slots of
// (value, static) pairs for shape and stride, never a basis; "reversed" leaves hold modes
// last first, as CuTe's backward coalesce produces them. Examples:
//   the leaves of ((4,8),(2,2)):((64,1),(32,8))  -> n = 4: 4:64, 8:1, 2:32, 2:8
//   coalesce_x of (128,128):(1,128), reversed     -> n = 1: 16384:1
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Tiler.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace straight {

/// Whether straight paths run (default true; false when the process starts with
/// CUTELAYOUT_FAST_PATHS=off or 0). Tests turn them off to compare every answer with the
/// general algorithms'. Not thread-safe to change while operations run.
bool enabled();
void setEnabled(bool on);

/// Whether every leaf of the layouts is static: where a runtime leaf meets a split whose
/// condition RuntimeForm.h states (composition, complement, so the divides and products),
/// only the general algorithm records it, so those straight paths take static operands only.
inline bool staticLayouts(const Layout &a) { return isStatic(a.shape) && isStatic(a.stride); }
inline bool staticLayouts(const Layout &a, const Layout &b) { return staticLayouts(a) && staticLayouts(b); }

enum class Form { Logical, Zipped, Tiled, Flat };

// Each: @pre result is none of the operands. @post true: result is the general
// algorithm's answer; false: result is unspecified (the caller rebuilds it).
bool composition(const Layout &a, const Layout &b, Layout &result);
bool complement(const Layout &l, TupleView cotarget, Layout &result);
bool complement(const Layout &l, Layout &result);
bool divide(const Layout &a, const Tiler &t, Form form, Layout &result);
bool product(const Layout &a, const Tiler &t, Form form, Layout &result);
/// The same by a shape read as a tiler (tilerFromShape), without building the tiler.
bool divide(const Layout &a, TupleView shapeTiler, Form form, Layout &result);
bool product(const Layout &a, TupleView shapeTiler, Form form, Layout &result);
/// The same by a layout read as a tiler (tilerFromLayout), without building the tiler.
bool divide(const Layout &a, const Layout &layoutTiler, Form form, Layout &result);
bool product(const Layout &a, const Layout &layoutTiler, Form form, Layout &result);
/// blocked_product (blockFirst) and raked_product.
bool rankSensitiveProduct(const Layout &a, const Layout &b, bool blockFirst, Layout &result);
/// tile_to_shape without an order, for a block of the target's rank.
bool tileToShape(const Layout &block, TupleView targetShape, Layout &result);
bool rightInverse(const Layout &l, Layout &result);
bool leftInverse(const Layout &l, Layout &result);
bool coalesce(const Layout &l, Layout &result);
/// crd2idx of a 1-D index into shape:stride. Declines on a scaled basis or `_` leaf.
bool indexToOffset(Int idx, TupleView shape, TupleView stride, Int &offset);
bool filter(const Layout &l, Layout &result);
/// idx2crd of an integer index into a shape of integer leaves: the shape's nodes with each
/// leaf replaced by its coordinate, written into result. Declines on `_`, a basis, more
/// than kMaxNodes nodes or an arithmetic failure.
bool idx2crd(Int idx, TupleView shape, IntTuple &result);
/// cosize of a layout of integer leaves, in one pass that also checks congruence (and a
/// second over the leaves' flags only where some flag is dynamic); declines on a basis,
/// `_`, a shape and stride that are not congruent, more than kMaxNodes nodes, or a leaf
/// outside [-2^28, 2^28) (the general sum checks those for overflow).
/// @post true: size is the general cosize (value and staticness)
bool cosize(const Layout &l, Int &size);
/// CuTe's compact_order(shape, order) into strides (make_ordered_layout); with
/// unitWhereOrderIsZero, of the shape whose leaves are _1 where the order is a static 0
/// (make_layout_like: compact_order(filter_zeros(stride, shape), stride)). Declines where
/// order is not weakly congruent with shape, on `_` or a basis, past kMaxLeaves order leaves
/// or kMaxNodes shape nodes, and on an arithmetic failure.
bool compactOrder(TupleView shape, TupleView order, bool unitWhereOrderIsZero, IntTuple &strides);
/// CuTe's filter_zeros(a, b): b with every subtree under a static 0 of a made _1 leaves,
/// as one copy of b's nodes. Declines where a and b do not pair (a tuple of a against a leaf
/// or a tuple of another rank in b) or past kMaxNodes nodes.
bool filterZeros(TupleView a, TupleView b, IntTuple &result);
/// The product of a tuple's integer leaves (`_` skipped), in one pass (and a second over
/// the leaves' flags only where some flag is dynamic); declines on a basis or any overflow.
/// @post true: size is the general product (value and staticness)
bool product(TupleView t, Int &size);

} // namespace straight
CUTELAYOUT_ABI_END
} // namespace cutelayout
