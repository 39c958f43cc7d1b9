// The coalesce walk: CuTe's bw_coalesce, written once over an arithmetic domain (Domain.h)
// and used by every algorithm that coalesces (coalesce, filter, composition's coalesce_x of
// A, complement's filtered modes and rest, the inverses, the products' complement).
//
// What it denotes: given a flat layout's leaves s_i:d_i, last first, the modes of CuTe's
// coalesce, last first. The front of the walk's stack (the "back mode", the last mode in
// order) is compared with each new leaf s:d:
//   s:d ++ _1:x -> s:d;  _1:x ++ s:d -> s:d;  s:d ++ b:s*d -> s*b:d (b static, s*d == b's
//   stride statically)
// One mode means CuTe's result is an integer, not a tuple. A walk whose every leaf was a
// unit is the one mode _1:_0.
//
// Seeds (how the last leaf s:d starts the walk): Shape (s), ZerosAsUnit (_1 where d is a
// static 0, and every leaf of static-0 stride reads as a unit: coalesce(filter_zeros(L)),
// filter's walk) and UnitAsTwo (_2 where s is a static 1: coalesce_x, composition's A).
//
// Representation invariant of a walk: `scalar` holds while no mode has been pushed past the
// seed; the back mode is held in locals, the modes before it are in `out`, last first.
//
// Examples: (2,4):(1,2) walks 4:2, then 2:1, whose 2*1 is the back stride 2: the one mode
//   8:1. (128,128):(1,128) walks 128:128, then 128:1: the one mode 16384:1.
//   ((4,8),(2,2)):((64,1),(32,8)) merges nothing: 2:8, 2:32, 8:1, 4:64, last first.
#pragma once

#include "Domain.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

enum class Seed { Shape, ZerosAsUnit, UnitAsTwo };

/// The leaves of an operand's nodes (shape s, stride d, congruent), last first, at most
/// maxLeaves of them: next() loads one through the domain, and declines (domain declined)
/// on a leaf the domain does not load or past maxLeaves.
template <class D> struct ReversedNodeLeaves {
  const Node *s, *d;
  uint32_t k;         // nodes not yet read
  uint32_t maxLeaves; // leaves the caller's working set holds
  ReversedNodeLeaves(const Node *shape, const Node *stride, uint32_t max = ~0u)
      : s(shape), d(stride), k(shape->span), maxLeaves(max) {}
  /// @post false at the end, or having declined
  [[gnu::always_inline]] bool next(D &dom, typename D::Num &x, typename D::Num &y) {
    while (k > 0) {
      --k;
      if (s[k].kind == NodeKind::Tuple)
        continue;
      if (maxLeaves-- == 0 || !dom.load(s[k], d[k], x, y)) {
        decline(dom);
        return false;
      }
      return true;
    }
    return false;
  }

private:
  static void decline(D &dom) { dom.decline(); }
};

/// Leaves given by index, n-1 down to 0: at(i, shape, stride) reads leaf i.
template <class At> struct ReversedLeaves {
  uint32_t k;
  At at;
  template <class D> [[gnu::always_inline]] bool next(D &, typename D::Num &x, typename D::Num &y) {
    if (k == 0)
      return false;
    --k;
    at(k, x, y);
    return true;
  }
};
template <class At> ReversedLeaves<At> reversedLeaves(uint32_t n, At at) { return ReversedLeaves<At>{n, at}; }

/// Modes written to a pair of IntVecs (shape, stride).
struct VecModes {
  IntVec &shape, &stride;
  void push(Int s, Int d) {
    shape.push_back(s);
    stride.push_back(d);
  }
  void clear() {
    shape.clear();
    stride.clear();
  }
};

/// The walk. Pushes the modes, last first, into out (push(Int shape, Int stride)).
/// @post false: no leaf (out untouched), or the domain declined (out unspecified);
///       true: out received CuTe's coalesced modes, at least one
template <Seed seed, class D, class Src, class Out>
[[gnu::always_inline]] inline bool coalesceWalk(D &dom, Src src, Out &out) {
  using Num = typename D::Num;
  constexpr bool zerosAsUnit = seed == Seed::ZerosAsUnit;
  Num x, y;
  if (!src.next(dom, x, y))
    return false;
  Num backShape = zerosAsUnit && dom.isConstant(y, 0)               ? dom.constant(1)
                  : seed == Seed::UnitAsTwo && dom.isConstant(x, 1) ? dom.constant(2)
                                                                    : x;
  Num backStride = y;
  bool scalar = true;
  while (src.next(dom, x, y)) {
    if (dom.isConstant(x, 1) || (zerosAsUnit && dom.isConstant(y, 0)))
      continue;
    if (scalar && dom.isConstant(backShape, 1)) {
      backShape = x, backStride = y;
      continue;
    }
    if (dom.isStatic(backShape) && dom.staticallyEqual(dom.mul(x, y), backStride)) {
      backShape = dom.mul(x, backShape), backStride = y;
      continue;
    }
    out.push(dom.toInt(backShape), dom.toInt(backStride));
    backShape = x, backStride = y;
    scalar = false;
  }
  if (dom.declined())
    return false;
  if (scalar && dom.isConstant(backShape, 1))
    backStride = dom.constant(0);
  out.push(dom.toInt(backShape), dom.toInt(backStride));
  return true;
}

/// Pushes the leaf mode whose nodes are s and d: as the nodes themselves where the sink
/// takes them (pushNodes: they are the nodes Node::leaf would write), else as values.
template <class Out>
[[gnu::always_inline]] inline auto pushLeaf(Out &out, const Node &s, const Node &d, int)
    -> decltype(out.pushNodes(s, d)) {
  return out.pushNodes(s, d);
}
template <class Out> [[gnu::always_inline]] inline void pushLeaf(Out &out, const Node &s, const Node &d, long) {
  out.push(integerLeaf(s), integerLeaf(d));
}

/// The walk where every extent is a runtime integer, as CuTe decides it at compile time:
/// no leaf is a unit (a static 1) and nothing merges (a merge needs a static back extent),
/// so the modes are the leaves, last first. Declines (false, out unspecified) at any other
/// leaf: a static extent, a basis or `_`, a static-0 stride under ZerosAsUnit (which drops
/// its leaf), past maxLeaves, and for a layout without leaves.
template <Seed seed, class Out> bool runtimeExtentsWalk(const Node *s, const Node *d, Out &out, uint32_t maxLeaves) {
  uint32_t n = 0;
  for (uint32_t k = s->span; k-- > 0;) {
    if (s[k].kind == NodeKind::Tuple)
      continue;
    uint64_t strideTag = nodeTagOf(d[k]);
    if (nodeTagOf(s[k]) != kDynamicLeafTag || (strideTag & ~kStaticTagBit) != kDynamicLeafTag || n++ == maxLeaves ||
        (seed == Seed::ZerosAsUnit && strideTag != kDynamicLeafTag && d[k].value == 0))
      return false;
    pushLeaf(out, s[k], d[k], 0); // integer leaves, no basis: as their nodes say
  }
  return n != 0;
}

/// The walk of an operand's leaves (shape s, stride d): in StaticDomain where every leaf is
/// static (the common case, no flags carried), as runtimeExtentsWalk where every extent is
/// a runtime integer, else in CuteDomain, which loads only integer leaves where
/// integersOnly. out needs clear() as well as push().
/// @post as coalesceWalk's (a decline is retried in CuteDomain); false also where a leaf is
///       past maxLeaves, or is a basis and integersOnly
template <Seed seed, class Out>
bool coalesceNodesPast(const Node *s, const Node *d, Out &out, uint32_t maxLeaves, bool integersOnly);

template <Seed seed, class Out>
[[gnu::always_inline]] inline bool coalesceNodes(const Node *s, const Node *d, Out &out, uint32_t maxLeaves = ~0u,
                                                 bool integersOnly = false) {
  if (!detail::tracing() && fastPathsEnabled()) {
    StaticDomain fast;
    if (coalesceWalk<seed>(fast, ReversedNodeLeaves<StaticDomain>(s, d, maxLeaves), out))
      return true;
  }
  return coalesceNodesPast<seed>(s, d, out, maxLeaves, integersOnly);
}

/// coalesceNodes past StaticDomain, out of line: the static layouts' walk stays small.
template <Seed seed, class Out>
[[gnu::noinline]] bool coalesceNodesPast(const Node *s, const Node *d, Out &out, uint32_t maxLeaves,
                                         bool integersOnly) {
  out.clear();
  if (!detail::tracing() && fastPathsEnabled()) {
    if (runtimeExtentsWalk<seed>(s, d, out, maxLeaves))
      return true;
    out.clear();
  }
  CuteDomain exact;
  exact.integersOnly = integersOnly;
  return coalesceWalk<seed>(exact, ReversedNodeLeaves<CuteDomain>(s, d, maxLeaves), out);
}
/// The walk of a layout's leaves into a pair of IntVecs, the modes last first.
/// @post false (nothing written) for a layout without leaves
template <Seed seed> bool coalescedModes(LayoutView l, IntVec &revShape, IntVec &revStride) {
  VecModes out{revShape, revStride};
  return coalesceNodes<seed>(l.shape.nodes(), l.stride.nodes(), out);
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
