// The inverses' kernels, written once over an arithmetic domain (Domain.h): CuTe's
// right_inverse and left_inverse of a layout given by its coalesced modes.
//
// What it denotes: for coalesced modes s_i:d_i with exclusive prefix products p_i (the
// index where mode i starts), sorted by stride (CuTe's exchange sort; ties keep its order):
//   right_inverse follows the chain of strides from a static 1: mode i joins when its stride
//   is the extent reached so far, as s_i:p_i; the result starts with _1:_0.
//   left_inverse takes every nonzero stride in order: mode i contributes (d_i / size):p_prev,
//   where size is the product so far (which must divide d_i), and the last sorted mode's
//   extent closes it.
// Both results are coalesced (Coalesce.h). left_inverse needs static strides (CuTe); the
// right inverse reads only the static ones.
//
// Representation invariant: `pre` holds p_0..p_{r-1} (and the full product is computed, as
// CuTe does, though no mode reads it); `order` holds (stride, mode) pairs in sorted order.
//
// Examples: right_inverse((4,8):(8,1)): strides 1 (mode 1) then 8 (mode 0): 8:4 then 4:1,
//   with _1:_0 first: (8,4):(4,1). left_inverse((2,4):(4,1)) is (4,2):(2,1).
#pragma once

#include "Complement.h"

#include "../Ordering.h"

#include <string>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// CuTe's exchange sort of (stride, mode) pairs: ties keep its order. Past 32 pairs the
/// O(n log n) emulation of Ordering.h replaces the quadratic loop.
template <class Vec> void exchangeSort(Vec &a) {
  uint32_t n = a.size();
  if (n <= 32) {
    for (uint32_t i = 0; i < n; ++i)
      for (uint32_t j = i + 1; j < n; ++j)
        if (a[j].key < a[i].key) {
          // Field by field: a swap of the whole pair read 16 bytes just written as 8 and 4,
          // which the store buffer cannot forward (a stall per swap).
          int64_t key = a[i].key;
          uint32_t index = a[i].index;
          a[i].key = a[j].key, a[i].index = a[j].index;
          a[j].key = key, a[j].index = index;
        }
    return;
  }
  std::vector<int64_t> keys(n);
  std::vector<KeyIndex> copy(n);
  for (uint32_t i = 0; i < n; ++i)
    keys[i] = a[i].key, copy[i] = a[i];
  std::vector<uint32_t> order = exchangeSortOrder(keys.data(), n);
  for (uint32_t i = 0; i < n; ++i)
    a[i] = copy[order[i]];
}

/// The exclusive prefix products of c's extents into pre, with CuTe's staticness.
template <class D, class Modes, class Vec> void prefixProducts(D &dom, const Modes &c, Vec &pre) {
  typename D::Num acc = dom.constant(1);
  for (uint32_t i = 0; i < c.rank(); ++i) {
    pre.pushUnchecked(acc);
    acc = dom.mul(c.shapeAt(i), acc);
  }
}

/// What both inverses start from: the lists sized for c (room for its modes and one more
/// in inv), c's prefix products in pre, and in order the (stride, mode) pairs of the modes
/// whose stride is static, sorted. @post false: StaticDomain's lists cannot hold them
template <class D, class Modes, class Pre, class Order>
[[gnu::always_inline]] inline bool sortedModes(D &dom, const Modes &c, Pre &pre, Order &order, ModeList<D> &inv) {
  uint32_t r = c.rank();
  if (!roomFor(pre, r) || !roomFor(order, r) || !inv.reserve(r + 1))
    return dom.fail([] { return std::string(); }); // StaticDomain past its lists
  prefixProducts(dom, c, pre);
  for (uint32_t i = 0; i < r; ++i)
    if (dom.isStatic(c.strideAt(i)))
      order.pushUnchecked(KeyIndex{D::value(c.strideAt(i)), i});
  exchangeSort(order);
  return true;
}

/// right_inverse of coalesced modes c (rank(), shapeAt(i), strideAt(i) in order): the
/// modes, last first, into out.
/// @post false: StaticDomain has declined (a list past its capacity, an overflow)
template <class D, class Modes, class Sink> bool rightInverse(D &dom, const Modes &c, Sink &out) {
  using Num = typename D::Num;
  typename D::template Vec<Num> pre;
  typename D::template Vec<KeyIndex> order;
  ModeList<D> inv;
  if (!sortedModes(dom, c, pre, order, inv))
    return false;
  inv.push(dom.constant(1), dom.constant(0));
  Num curr = dom.constant(1);
  for (uint32_t k = 0; k < order.size(); ++k)
    if (dom.isStatic(curr) && D::value(curr) == order[k].key) {
      uint32_t i = order[k].index;
      inv.push(c.shapeAt(i), pre[i]);
      curr = dom.mul(c.shapeAt(i), c.strideAt(i));
    }
  return coalesceList(dom, inv, out);
}

/// left_inverse of coalesced modes c: the modes, last first, into out. `layout()` prints
/// the operand, for messages.
/// @post false: CuteDomain holds the message (a dynamic stride, the divisibility
///       condition); StaticDomain has declined
template <class D, class Modes, class Layout, class Sink>
bool leftInverse(D &dom, const Modes &c, const Layout &layout, Sink &out) {
  using Num = typename D::Num;
  uint32_t r = c.rank();
  for (uint32_t i = 0; i < r; ++i)
    if (!dom.isStatic(c.strideAt(i)))
      return dom.fail([&] { return "left_inverse of " + layout() + ": CuTe requires static strides"; });
  typename D::template Vec<Num> pre;
  typename D::template Vec<KeyIndex> order;
  ModeList<D> inv;
  if (!sortedModes(dom, c, pre, order, inv)) // every stride is static: all of them sorted
    return false;
  Num resultSize = dom.constant(1), stride = dom.constant(0);
  for (uint32_t k = 0; k < r; ++k) {
    uint32_t i = order[k].index;
    Num d = c.strideAt(i);
    if (dom.isConstant(d, 0))
      continue;
    if (D::value(resultSize) == 0 || !isMultiple(D::value(d), D::value(resultSize)))
      return dom.fail([&] {
        return "left_inverse divisibility condition fails: stride " + print(D::toInt(d)) + " is not a multiple of " +
               print(D::toInt(resultSize)) + " in " + layout();
      });
    Num q = dom.div(d, resultSize);
    inv.push(q, stride);
    stride = pre[i];
    resultSize = dom.mul(resultSize, q);
  }
  inv.push(c.shapeAt(order[r - 1].index), stride);
  return coalesceList(dom, inv, out);
}

/// An inverse (kernel: rightInverse or leftInverse) of coalesce(l), written to out.
/// @post false: CuteDomain holds the message; a fast domain has declined
template <class D, class Kernel, class Out> bool inverseLayout(D &dom, LayoutView l, Kernel kernel, Out &out) {
  FlatModes<D> c, inv;
  if (!loadModes<Seed::Shape>(dom, l, c) || !kernel(dom, c, inv) || inv.full)
    return false;
  writeModes(inv, out);
  return true;
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
