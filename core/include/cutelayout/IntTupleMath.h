// Arithmetic over int tuples with CuTe's semantics (int_tuple.hpp, stride.hpp): products,
// sums, shape division, congruence tests, compact strides and coordinate maps.
//
// Each function mirrors CuTe's case split (tuple/tuple, tuple/int, int/tuple, int/int) so
// that the static or dynamic kind of every result leaf is CuTe's. Failures (mismatched
// ranks, divisibility) return an Error; arithmetic overflow is recorded in the current
// ArithScope.
#pragma once

#include "cutelayout/IntTuple.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// Product of all leaves, left fold; an empty tuple gives static 1.
Int product(TupleView t);
/// Sum of all leaves, as CuTe's (_0 + ... + x): dynamic unless every leaf is static.
Int sum(TupleView t);
/// Largest / smallest leaf (CuTe's max/min over a tuple).
Int maxLeaf(TupleView t);
Int minLeaf(TupleView t);
/// sum over leaves of a*b; a and b congruent.
Expected<Int> innerProduct(TupleView a, TupleView b);
/// (product(t_0), product(t_1), ...) over wrap(t).
IntTuple productEach(TupleView t);
/// The product of t's subtrees at the leaves of guide.
Expected<IntTuple> productLike(TupleView t, TupleView guide);

/// CuTe's ceil_div over int tuples (missing modes of b count as 1).
Expected<IntTuple> ceilDiv(TupleView a, TupleView b);
/// CuTe's round_up.
Expected<IntTuple> roundUp(TupleView a, TupleView b);
/// CuTe's shape_div: folds b across a; static leaves must satisfy a % b == 0 or b % a == 0.
Expected<IntTuple> shapeDiv(TupleView a, TupleView b);
/// CuTe's elem_scale: a's leaves scaled by the product of b's matching parts.
Expected<IntTuple> elemScale(TupleView a, TupleView b);

/// Walks a and b together: tuple levels of a must be tuples of the same rank in b; at each
/// leaf of a, pred(leaf, part of b) decides. With `weak`, a leaf of a may face a subtree
/// of b (weak congruence); without, it must face a leaf.
template <class LeafPred> bool matchLeaves(TupleView a, TupleView b, bool weak, LeafPred pred) {
  if (a.isTuple()) {
    if (!b.isTuple() || a.rank() != b.rank())
      return false;
    TupleView::Iterator bi = b.begin();
    for (TupleView ac : a) {
      if (!matchLeaves(ac, *bi, weak, pred))
        return false;
      ++bi;
    }
    return true;
  }
  if (!weak && b.isTuple())
    return false;
  return pred(a, b);
}

/// CuTe's && of two booleans in its folds (true_type && ... && z): a static false decides
/// the answer, statically, whatever the other side is; else static when both are.
Bool cuteAnd(Bool acc, Bool r);

bool congruent(TupleView a, TupleView b);
/// a <= b in CuTe's weak congruence: a leaf of a may stand for a subtree of b.
bool weaklyCongruent(TupleView a, TupleView b);
/// Every coordinate of a is a coordinate of b (sizes agree at a's leaves).
bool compatible(TupleView a, TupleView b);
/// CuTe's compatible(a, b) with CuTe's staticness: tuples of different ranks, or a tuple
/// against a leaf, are static false; a leaf x against a part y is x == size(y), static
/// when both are; the modes' answers fold with CuTe's && (a static false decides, statically).
/// @pre a and b have no `_` (CuTe has no compatible of `_`; the caller refuses it)
/// @post value == compatible(a, b)
/// Example: compatible((6,4), ((2,3),4)) = _1; with a runtime 6 it is the runtime 1;
///          compatible((2,4), (2,5)) with a runtime 2 is _0 (4 against _5 decides)
Bool compatibleAsCute(TupleView a, TupleView b);
/// CuTe's evenly_divides(shape, tiler-shape).
Bool evenlyDivides(TupleView shape, TupleView tiler);

/// b with every part paired with a static-0 leaf of a replaced by static 1s.
Expected<IntTuple> filterZeros(TupleView a, TupleView b);

enum class Major { Left, Right };
/// Compact strides for shape starting at `current` (column-major Left, row-major Right);
/// static-1 modes get stride static 0. current may be a tuple congruent to shape's top.
Expected<IntTuple> compactMajor(TupleView shape, TupleView current, Major major);
/// Compact strides ordered by `order` (weakly congruent with shape); dynamic order
/// values count as larger than every static one, left to right.
Expected<IntTuple> compactOrder(TupleView shape, TupleView order);

/// The index of coordinate c in (shape, stride). c is an integer (1-D index, split
/// across modes) or weakly congruent with shape.
Expected<Int> crd2idx(TupleView c, TupleView shape, TupleView stride);
/// The colexicographic index of c in shape.
Expected<Int> crd2idx(TupleView c, TupleView shape);
/// The natural coordinate of index i in shape (the last mode is not reduced).
Expected<IntTuple> idx2crd(TupleView i, TupleView shape);
/// idx2crd(i, shape) written into `result` (replaced): success, or the same error.
/// @pre result is neither i's nor shape's storage
Expected<bool> idx2crdInto(TupleView i, TupleView shape, IntTuple &result);
/// The coordinate of index i in a compact (shape, stride).
Expected<IntTuple> idx2crd(TupleView i, TupleView shape, TupleView stride);

/// Element-wise tuple arithmetic on congruent tuples (an integer operand broadcasts).
/// CuTe's operator== of int tuples: the same profile and equal leaves; static when every
/// leaf compared is static, or when the profiles differ (CuTe decides that from the types).
Bool tupleEqual(TupleView a, TupleView b);
/// CuTe's elem_less: every mode of a less than b's mode at the same index (b may have more
/// modes; a with more modes than b is false). Leaves compare with <.
/// @pre a and b are tuples, or both integers, at every level compared (else an error)
Expected<Bool> elemLess(TupleView a, TupleView b);

/// CuTe's increment(coord, shape): the next coordinate colexicographically (the first leaf
/// counts fastest; a leaf reaching its extent wraps to 0 and carries). The last leaf is not
/// wrapped, so the coordinate after the last one is past the shape, as in CuTe's iterator.
/// The leaves are static when coord and shape are (CuTe increments only runtime
/// coordinates; a static one's successor is known where the IR is built).
/// Example: increment((1,1), (2,3)) = (0,2); increment((1,2), (2,3)) = (0,3)
/// @pre coord congruent with shape, integers only (else an error)
Expected<IntTuple> increment(TupleView coord, TupleView shape);

enum class TupleOp { Add, Sub, Mul, Div, Mod };
Expected<IntTuple> tupleArith(TupleOp op, TupleView a, TupleView b);

CUTELAYOUT_ABI_END
} // namespace cutelayout
