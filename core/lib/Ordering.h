// Orderings that CuTe defines by quadratic loops, computed in O(n log n) with the same
// results, so that layouts of tens of thousands of leaves stay fast (issue 19).
//
//   exchangeSortOrder   the permutation of CuTe's exchange_sort (right_inverse,
//                       left_inverse): not stable, so ties come out in its own order;
//   OrderStarts         where each leaf of compact_order starts (make_ordered_layout,
//                       make_layout_like): the product of the extents ordered before it.
//
// Not part of the public API; core/test/OrderingTest.cpp checks both against the loops.
#pragma once

#include "cutelayout/IntTuple.h"

#include <cstdint>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// The order in which CuTe's exchange_sort (for i, for j > i: swap when key[j] < key[i])
/// leaves the elements: result[p] is the index of the element at position p. Keys sort
/// ascending; equal keys come out as that sort leaves them, which is not their input order.
/// Example: keys (1,1,0) give (2,1,0). O(n log n).
std::vector<uint32_t> exchangeSortOrder(const int64_t *keys, uint32_t n);

/// The start of every leaf of CuTe's compact_order over flat extents and orders: the
/// product, in leaf order and with CuTe's staticness, of the extents whose order is
/// smaller. Arithmetic failures are recorded in the current ArithScope exactly where
/// the leaf-by-leaf loop records them, provided the leaves are asked for in order.
class OrderStarts {
public:
  /// Fails for more than kMaxSlowLeaves leaves when an extent is below 1 (the products
  /// then depend on the order of multiplication; that case keeps the quadratic loop).
  static Expected<OrderStarts> make(const IntVec &extents, const IntVec &orders);

  /// The start of the next leaf (leaf 0 first).
  Int next();

  static constexpr uint32_t kMaxSlowLeaves = 4096;

private:
  /// The leaf-by-leaf definition: the fold over the smaller-ordered extents.
  Int slowStart(uint32_t k) const;

  // Inline up to kInlineNodes leaves, like the tuples they come from: no allocation for
  // a compact_order of up to 32 leaves.
  IntVec extents_, orders_;
  IntVec starts_;                           // fast path: each leaf's start, or a placeholder 0
  SmallVec<bool, kInlineNodes> overflowed_; // fast path: the start's product overflows int64
  bool fast_ = true;
  bool reported_ = false; // an overflowing start has been recomputed and recorded
  uint32_t next_ = 0;
};

/// CuTe's compact_order(shape, order) into strides (make_ordered_layout) in one copy of the
/// shape's nodes, each order leaf's subtree compact from the product of the extents ordered
/// before it; with unitWhereOrderIsZero, of the shape whose leaves are _1 where the order is
/// a static 0 (make_layout_like: compact_order(filter_zeros(stride, shape), stride)). The
/// fast stage of compactOrder and makeLayoutLike: declines (false) where order is not
/// weakly congruent with shape, on `_` or a basis, past 16 order leaves or 64 shape nodes,
/// on an overflow, while a trace records and with the fast paths off.
bool compactOrderFast(TupleView shape, TupleView order, bool unitWhereOrderIsZero, IntTuple &strides);

CUTELAYOUT_ABI_END
} // namespace cutelayout
