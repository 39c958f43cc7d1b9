// The divides' and products' kernel, written once over an arithmetic domain (Domain.h):
// CuTe's logical_divide and logical_product of one mode by one layout, the by-mode
// divides and products of a flat tiler in their four forms, blocked_product and
// raked_product, and tile_to_shape. Each step runs the complement and composition kernels
// (Complement.h, Compose.h), so their conditions (R18, R19) hold here unchanged.
//
// What it denotes: for a mode A and a tiler element T (a layout, or an extent n read as
// make_layout(n)):
//   logical_divide(A, T)  = A o (T, complement(T, shape(coalesce(A))))  -> (tile, rest)
//   logical_product(A, T) = (A, complement(A, size(A) * cosize(T)) o T)
// A tuple tiler applies its elements to A's modes in order and keeps the modes past it;
// the zipped, tiled and flat forms regroup the pairs as ((tiles), (rests...)) and unpack
// one or both halves (CuTe's tile_unzip and its slices). blocked_product and raked_product
// take the logical product of A and B padded to one rank with _1:_0 and zip like modes;
// tile_to_shape is blocked_product(block, make_layout(target / block shape)).
//
// The fast domains run these writing with NodeOut (a flat tiler of at most four elements,
// integer leaves); the exact domain's general path (Tiler.cpp) runs the same steps on any
// tiler and reports every error.
//
// Representation invariant of a TilePair: as, ad are a mode of A and ts, td the layout of
// its tiler element (td may be kUnitStride for a shape's extent); after dividePair, flat
// is coalesce_x(A) and rest the complement's modes, last first; after productPair, flat
// is coalesce_x of the complement (rest unused).
//
// Examples: logical_divide((128,128):(1,128), (64,64)) divides mode 0 as 64:1 by
//   complement 2:64, mode 1 as 64:128 by 2:8192: ((64,2),(64,2)):((1,64),(128,8192)).
//   logical_product((4,8):(8,1), (2,2):(1,2)) is ((4,8),(2,2)):((8,1),(32,64)).
#pragma once

#include "Complement.h"
#include "NodeOut.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// The four forms of a divide or product.
enum class Form { Logical, Zipped, Tiled, Flat };

/// A tiler as nodes: a Tiler's profile and layout, or a shape read as a tiler
/// (tilerFromShape: each extent n is n:_1), whose profile and layout shape are the shape's
/// own nodes and whose strides are all _1 (stride null).
struct TilerNodes {
  const Node *profile, *shape, *stride;
};

/// A mode A (nodes) by a tiler element T (nodes): the two halves of its (tile, rest) or
/// (A, rest o T) pair, computed by dividePair or productPair and written by the emitters.
template <class D> struct TilePair {
  const Node *as, *ad, *ts, *td;
  FlatModes<D> flat; // divide: coalesce_x(A); product: coalesce_x(complement)
  FlatModes<D> rest; // divide: complement(T, shape(coalesce(A))), last first
  /// A leaf pair (divideLeafPair, productPair's one-mode case): the halves are computed already, the divide's tile in
  /// tile[0]:tile[1] and the second half's modes, last first, in rest; flat is unused.
  bool leaves = false;
  typename D::Num tile[2];
};

/// What divideLeafPair did: computed the pair, failed (D declined or holds the message), or
/// left a pair that is not a leaf pair to dividePair.
enum class LeafPair { Done, Failed, NotLeaves };

/// The common divide pair, a leaf mode s:d of A (s not _1) by a leaf element n:e (n not
/// _1, e not _0): dividePair's steps on the four values (complementLeaf, then composeMode's
/// one-mode rule for the tile and each mode of the rest), the halves kept as values for the
/// emitters. @post NotLeaves: nothing computed
template <class D> [[gnu::always_inline]] inline LeafPair divideLeafPair(D &dom, TilePair<D> &p) {
  using Num = typename D::Num;
  Num s, d, n, e;
  if (p.as->kind == NodeKind::Tuple || p.ts->kind == NodeKind::Tuple || !dom.load(*p.as, *p.ad, s, d) ||
      !dom.load(*p.ts, *p.td, n, e))
    return LeafPair::NotLeaves;
  s = D::extent(s), n = D::extent(n), e = D::extent(e);
  if (dom.isConstant(s, 1) || dom.isConstant(n, 1) || dom.isConstant(e, 0))
    return LeafPair::NotLeaves;
  // rest = complement(n:e, s) (A's coalesce is A); tile = A o n:e; second = A o rest.
  if (!complementLeaf(dom, n, e, s, p.rest) || p.rest.full)
    return LeafPair::Failed;
  p.tile[0] = n, p.tile[1] = composedStride(dom, d, e);
  for (uint32_t i = 0; i < p.rest.rank(); ++i)
    p.rest.stride[i] = composedStride(dom, d, p.rest.stride[i]);
  p.leaves = true;
  return LeafPair::Done;
}

/// The element of a tiler (at profile p, layout s:d) as the layout the divides and products
/// use: a layout, or an extent n held as n:_1, which is make_layout(n) unless n is a static
/// 1. @post false for `_`, a nested tile and a static 1 extent (left to the general path)
inline bool elementLayout(const Node *p, const Node *s, const Node *d, bool shapeTiler, const Node *&ts,
                          const Node *&td) {
  if (p->kind != NodeKind::Int)
    return false;
  if (shapeTiler) {
    ts = s, td = &kUnitStride;
    return s->kind == NodeKind::Int && s->basis == 0 && !integerLeaf(*s).isConstant(1);
  }
  ts = s, td = d;
  if (p->value == 1)
    return s->kind == NodeKind::Int && !integerLeaf(*s).isConstant(1) && integerLeaf(*d).isConstant(1);
  return true;
}

/// A's divide pair: rest = complement(T, shape(coalesce(A))), flat = coalesce_x(A).
/// @post false: CuteDomain holds the message; a fast domain has declined
template <class D> bool dividePair(D &dom, TilePair<D> &p) {
  using Num = typename D::Num;
  // coalesce(A) into flat, which is coalesce_x(A) too unless A's last leaf is a static 1.
  LayoutView a{TupleView(p.as), TupleView(p.ad)};
  bool unitBack;
  Num s, d;
  p.flat.allStatic = !D::kExact || (isStatic(a.shape) && isStatic(a.stride));
  if (p.as->kind != NodeKind::Tuple) { // a leaf s:d coalesces to itself (1:0 for a unit)
    if (!dom.load(*p.as, *p.ad, s, d))
      return dom.fail([] { return std::string(); });
    s = D::extent(s);
    unitBack = dom.isConstant(s, 1);
    p.flat.push(D::toInt(s), D::toInt(unitBack ? dom.constant(0) : d));
  } else {
    if (!loadModes<Seed::Shape>(dom, a, p.flat))
      return false;
    const Node *back = p.as + p.as->span - 1;
    while (back != p.as && back->kind == NodeKind::Tuple)
      --back;
    unitBack = back->kind == NodeKind::Int && integerLeaf(*back).isConstant(1);
  }
  const FlatModes<D> &c = p.flat;
  bool leafT =
      p.ts->kind != NodeKind::Tuple && dom.load(*p.ts, *p.td, s, d) && !dom.isConstant(s, 1) && !dom.isConstant(d, 0);
  bool ok = c.rank() == 1
                ? (leafT ? complementLeaf(dom, D::extent(s), D::extent(d), c.shapeAt(0), p.rest)
                         : complementOfNodes(dom, p.ts, p.td, IntegerRest<D>{c.shapeAt(0)}, p.rest))
                : complementOfNodes(dom, p.ts, p.td,
                                    flatTupleRest<D>(c.rank(), [&](uint32_t i) { return c.shapeAt(i); }), p.rest);
  if (!ok || p.rest.full)
    return false;
  if (!unitBack)
    return true;
  p.flat.clear();
  return loadFlat(dom, a, p.flat);
}

/// A's product pair: flat = coalesce_x(complement(A, size(A) * cosize(T))). Where T is a
/// leaf n:e and the complement one mode c:k (the common case), the second half is
/// composeMode's one-mode rule, n:(e*k), kept in rest as a leaf instead (unless keepFlat:
/// the caller composes flat itself).
template <class D> [[gnu::always_inline]] inline bool productPair(D &dom, TilePair<D> &p, bool keepFlat = false) {
  using Num = typename D::Num;
  // size(A): the left fold of the extents; cosize(T): (s - 1) * |d| summed, plus 1.
  Num size = dom.constant(1), sum = dom.constant(0);
  bool leafA = p.as->kind != NodeKind::Tuple, leafT = p.ts->kind != NodeKind::Tuple;
  Num s{}, d{};   // a leaf A's s:d
  Num tn{}, te{}; // a leaf T's n:e
  auto loadLeaf = [&](const Node *n, const Node *m, Num &x, Num &y) {
    if (!dom.load(*n, *m, x, y))
      return dom.fail([] { return std::string(); });
    x = D::extent(x);
    return true;
  };
  if (leafA) {
    if (!loadLeaf(p.as, p.ad, s, d))
      return false;
    size = s;
  } else {
    for (const Node *n = p.as, *e = n + n->span, *m = p.ad; n != e; ++n, ++m)
      if (n->kind != NodeKind::Tuple) {
        Num x, y;
        if (!loadLeaf(n, m, x, y))
          return false;
        size = dom.mul(size, x);
      }
  }
  auto cosizeTerm = [&](const Node *n, const Node *m, Num &term) __attribute__((always_inline)) {
    if (!loadLeaf(n, m, tn, te))
      return false;
    te = D::extent(te);
    Num span = dom.sub(tn, dom.constant(1)); // before the stride's abs (F16)
    term = dom.mul(span, dom.abs(te));
    return true;
  };
  if (leafT) { // the common tiler element: one term, no walk (td may be a shape's _1)
    if (!cosizeTerm(p.ts, p.td, sum))
      return false;
  } else {
    for (const Node *n = p.ts, *e = n + n->span, *m = p.td; n != e; ++n, ++m)
      if (n->kind != NodeKind::Tuple) {
        Num term;
        if (!cosizeTerm(n, m, term))
          return false;
        sum = dom.add(sum, term);
      }
  }
  Num cotarget = dom.mul(size, dom.add(sum, dom.constant(1)));
  FlatModes<D> &rest = p.rest; // the complement's modes, last first
  bool ok = leafA && !dom.isConstant(s, 1) && !dom.isConstant(d, 0)
                ? complementLeaf(dom, s, D::extent(d), cotarget, rest)
                : complementOfNodes(dom, p.as, p.ad, IntegerRest<D>{cotarget}, rest);
  if (!ok || rest.full)
    return false;
  if (leafT && !keepFlat && rest.rank() == 1) { // coalesce_x of one mode keeps its stride
    rest.shape[0] = tn;
    rest.stride[0] = composedStride(dom, rest.stride[0], te);
    p.leaves = true;
    return true;
  }
  // The complement read as composition reads its A (coalesce_x of its modes in order).
  p.flat.allStatic = true;
  for (uint32_t i = 0; D::kExact && i < rest.rank(); ++i)
    p.flat.allStatic = p.flat.allStatic && dom.isStatic(rest.shape[i]) && dom.isStatic(rest.stride[i]);
  return coalesceWalk<Seed::UnitAsTwo>(dom,
                                       reversedLeaves(rest.rank(),
                                                      [&](uint32_t i, Num &x, Num &y) {
                                                        x = rest.shapeAt(i);
                                                        y = rest.strideAt(i);
                                                      }),
                                       p.flat) &&
         !p.flat.full;
}

/// The first half of a pair: the tile A o T (divide) or A itself (product).
template <class D, class Out> bool emitFirstComposed(D &dom, const TilePair<D> &p, Out &out) {
  return composeTree(dom, p.flat, p.ts, p.td, out);
}
template <class D, class Out>
[[gnu::always_inline]] inline bool emitFirst(D &dom, const TilePair<D> &p, bool isProduct, Out &out) {
  if (isProduct) {
    out.copy(p.as, p.ad);
    return true;
  }
  if (p.leaves) {
    out.leaf(D::toInt(p.tile[0]), D::toInt(p.tile[1]));
    return true;
  }
  return emitFirstComposed(dom, p, out);
}

template <class D, class Out> bool emitSecondComposed(D &dom, const TilePair<D> &p, bool isProduct, Out &out);
/// The second half: A o rest (divide; rest is flat, one mode a leaf) or rest o T (product).
template <class D, class Out>
[[gnu::always_inline]] inline bool emitSecond(D &dom, const TilePair<D> &p, bool isProduct, Out &out) {
  if (p.leaves) {
    writeModes(p.rest, out);
    return true;
  }
  return emitSecondComposed(dom, p, isProduct, out);
}
template <class D, class Out> bool emitSecondComposed(D &dom, const TilePair<D> &p, bool isProduct, Out &out) {
  if (isProduct)
    return composeTree(dom, p.flat, p.ts, p.td, out);
  uint32_t k = p.rest.rank();
  if (k == 1)
    return composeMode(dom, p.flat, p.rest.shapeAt(0), p.rest.strideAt(0), out);
  out.open();
  for (uint32_t i = 0; i < k; ++i)
    if (!composeMode(dom, p.flat, p.rest.shapeAt(i), p.rest.strideAt(i), out))
      return false;
  out.close();
  return true;
}

/// A pair's halves: productPair, or dividePair with its leaf case first. Inline in
/// StaticDomain (whose steps are few instructions each), out of line in the Int domains.
template <class D> [[gnu::always_inline]] inline bool computePair(D &dom, TilePair<D> &p, bool isProduct) {
  if (isProduct)
    return productPair(dom, p);
  LeafPair leaf = divideLeafPair(dom, p);
  return leaf == LeafPair::NotLeaves ? dividePair(dom, p) : leaf == LeafPair::Done;
}
template <class D> [[gnu::noinline]] bool computePairOutOfLine(D &dom, TilePair<D> &p, bool isProduct) {
  return computePair(dom, p, isProduct);
}

/// Whether a pair's first half is one leaf: a divide's leaf pair's tile, or a product's
/// leaf mode of A.
template <class D> [[gnu::always_inline]] inline bool firstIsLeaf(const TilePair<D> &p, bool isProduct) {
  return isProduct ? p.as->kind != NodeKind::Tuple : p.leaves;
}
/// Whether a pair's second half is one leaf: a leaf pair whose rest is one mode.
template <class D> [[gnu::always_inline]] inline bool secondIsLeaf(const TilePair<D> &p) {
  return p.leaves && p.rest.rank() == 1;
}
/// The nodes of a first or second half that is one leaf (firstIsLeaf, secondIsLeaf), at s
/// and d: what emitFirst and emitSecond write there, for NodeOut::leafTuple.
template <class D>
[[gnu::always_inline]] inline void writeFirstLeaf(const TilePair<D> &p, bool isProduct, Node *s, Node *d) {
  if (isProduct)
    *s = *p.as, *d = *p.ad;
  else
    NodeOut::writeLeaf(s, d, D::toInt(p.tile[0]), D::toInt(p.tile[1]));
}
template <class D> [[gnu::always_inline]] inline void writeSecondLeaf(const TilePair<D> &p, Node *s, Node *d) {
  NodeOut::writeLeaf(s, d, D::toInt(p.rest.shapeAt(0)), D::toInt(p.rest.strideAt(0)));
}
/// A pair (first, second) as one tuple: where both halves are leaves (the common pair), its
/// three nodes at once (NodeOut::leafTuple), else emitFirst and emitSecond in a tuple.
template <class D>
[[gnu::always_inline]] inline bool emitPair(D &dom, const TilePair<D> &p, bool isProduct, NodeOut &out) {
  if (firstIsLeaf(p, isProduct) && secondIsLeaf(p)) {
    out.leafTuple(2, [&](uint32_t j, Node *s, Node *d) {
      if (j == 0)
        writeFirstLeaf(p, isProduct, s, d);
      else
        writeSecondLeaf(p, s, d);
    });
    return true;
  }
  out.open();
  if (!emitFirst(dom, p, isProduct, out) || !emitSecond(dom, p, isProduct, out))
    return false;
  out.close();
  return true;
}

/// The divides and products of the layout at (as, ad) by a layout tiler, or by a tuple
/// tiler of at most four layout or extent elements, in any form, into out.
/// @post false: a fast domain declined (or the tiler is not such a tiler)
template <class D>
bool byTiler(D &dom, const Node *as, const Node *ad, TilerNodes t, Form form, bool isProduct, NodeOut &out) {
  const Node *ps = t.profile, *ls = t.shape, *ld = t.stride;
  bool shapeTiler = ld == nullptr;
  auto compute = [&](TilePair<D> &p) __attribute__((always_inline)) {
    if constexpr (D::kExact)
      return computePairOutOfLine(dom, p, isProduct);
    else
      return computePair(dom, p, isProduct);
  };
  if (ps->kind != NodeKind::Tuple) { // a 1-D tiler: (first, second) of the whole of A
    TilePair<D> p;
    if (!elementLayout(ps, ls, ld, shapeTiler, p.ts, p.td))
      return false;
    p.as = as, p.ad = ad;
    if (!compute(p))
      return false;
    // Two leaves are (first, second) in every form: unpacking a leaf keeps it.
    if (firstIsLeaf(p, isProduct) && secondIsLeaf(p))
      return emitPair(dom, p, isProduct, out);
    // The tiled form unpacks the second half into its modes, the flat form both halves;
    // the logical and zipped forms are (first, second).
    out.open();
    uint32_t first = out.size();
    if (!emitFirst(dom, p, isProduct, out) || (form == Form::Flat && !out.unpack(first)))
      return false;
    uint32_t second = out.size();
    if (!emitSecond(dom, p, isProduct, out) || ((form == Form::Tiled || form == Form::Flat) && !out.unpack(second)))
      return false;
    out.close();
    return true;
  }
  // By mode: element i of the tiler on mode i of A, the modes past it kept.
  uint32_t g = uint32_t(ps->value), r = as->kind == NodeKind::Tuple ? uint32_t(as->value) : 1;
  if (g == 0 || g > r || g > 4)
    return false;
  // Only the g pairs used are built (a pair's lists are large and left raw).
  static_assert(std::is_trivially_destructible<TilePair<D>>::value, "the fast domains' pairs are trivially destroyed");
  alignas(TilePair<D>) unsigned char storage[4 * sizeof(TilePair<D>)];
  TilePair<D> *pairs = reinterpret_cast<TilePair<D> *>(storage);
  const Node *s = as->kind == NodeKind::Tuple ? as + 1 : as, *d = as->kind == NodeKind::Tuple ? ad + 1 : ad;
  const Node *p = ps + 1, *x = ls + 1, *y = shapeTiler ? nullptr : ld + 1;
  for (uint32_t i = 0; i < g; ++i, s += s->span, d += d->span, p += p->span, x += x->span) {
    new (&pairs[i]) TilePair<D>; // default-initialized: the lists stay raw
    if (!elementLayout(p, x, y, shapeTiler, pairs[i].ts, pairs[i].td))
      return false;
    pairs[i].as = s, pairs[i].ad = d;
    if (!compute(pairs[i]))
      return false;
    if (!shapeTiler)
      y += y->span;
  }
  const Node *keptS = s, *keptD = d;                     // the modes past the tiler
  auto copyKept = [&]() __attribute__((always_inline)) { // inline: most tilers keep no mode
    for (const Node *ks = keptS, *kd = keptD; ks != as + as->span; ks += ks->span, kd += kd->span)
      out.copy(ks, kd);
  };
  out.open();
  if (form == Form::Logical) {
    for (uint32_t i = 0; i < g; ++i)
      if (!emitPair(dom, pairs[i], isProduct, out))
        return false;
    copyKept();
  } else {
    // ((firsts...), (seconds..., untouched...)); the tiled form unpacks the second half,
    // the flat form both, except a half of one mode, which stays whole. Halves that are
    // all leaves (the common pairs) are written at once: a tuple of them, or, unpacked,
    // the leaves.
    bool unpackFirst = form == Form::Flat && g > 1, unpackSecond = form != Form::Zipped && r > 1;
    bool firstLeaves = true, secondLeaves = true;
    for (uint32_t i = 0; i < g; ++i) {
      firstLeaves = firstLeaves && firstIsLeaf(pairs[i], isProduct);
      secondLeaves = secondLeaves && secondIsLeaf(pairs[i]);
    }
    auto firstAt = [&](uint32_t j, Node *s, Node *d) { writeFirstLeaf(pairs[j], isProduct, s, d); };
    auto secondAt = [&](uint32_t j, Node *s, Node *d) { writeSecondLeaf(pairs[j], s, d); };
    if (firstLeaves) {
      if (unpackFirst)
        out.leaves(g, firstAt);
      else
        out.leafTuple(g, firstAt);
    } else {
      if (!unpackFirst)
        out.open();
      for (uint32_t i = 0; i < g; ++i)
        if (!emitFirst(dom, pairs[i], isProduct, out))
          return false;
      if (!unpackFirst)
        out.close();
    }
    if (secondLeaves && !unpackSecond && keptS == as + as->span) {
      out.leafTuple(g, secondAt);
    } else {
      if (!unpackSecond)
        out.open();
      if (secondLeaves) {
        out.leaves(g, secondAt);
      } else {
        for (uint32_t i = 0; i < g; ++i)
          if (!emitSecond(dom, pairs[i], isProduct, out))
            return false;
      }
      copyKept();
      if (!unpackSecond)
        out.close();
    }
  }
  out.close();
  return true;
}

/// The top-level modes of a layout's nodes (a leaf is its own one mode), at most 16.
struct RankedNodes {
  const Node *s[16], *d[16];
  uint32_t rank = 0;
  /// @post false past 16 modes
  bool load(const Node *shape, const Node *stride) {
    rank = shape->kind == NodeKind::Tuple ? uint32_t(shape->value) : 1;
    if (rank > 16)
      return false;
    const Node *x = shape->kind == NodeKind::Tuple ? shape + 1 : shape;
    const Node *y = shape->kind == NodeKind::Tuple ? stride + 1 : stride;
    for (uint32_t i = 0; i < rank; ++i, x += x->span, y += y->span)
      s[i] = x, d[i] = y;
    return true;
  }
};

/// blocked_product (blockFirst) or raked_product of A by B (nodes), both of rank >= 2 at
/// most: logical_product(A, B) of A and B padded to rank r with _1:_0 modes, mode i of the
/// result (A_i, rest o B_i) or (rest o B_i, A_i). The pads change neither size(A),
/// cosize(B) nor the filtered A the complement reads. @post false: declined (rank 1 too)
template <class D>
bool rankSensitiveProduct(D &dom, const Node *as, const Node *ad, const Node *bs, const Node *bd, bool blockFirst,
                          NodeOut &out) {
  RankedNodes a, b;
  if (!a.load(as, ad) || !b.load(bs, bd))
    return false;
  uint32_t r = a.rank > b.rank ? a.rank : b.rank;
  if (r < 2)
    return false; // rank 1 zips a leaf: the general path
  TilePair<D> p;
  p.as = as, p.ad = ad, p.ts = bs, p.td = bd;
  if (!productPair(dom, p, /*keepFlat=*/true))
    return false;
  out.open();
  for (uint32_t i = 0; i < r; ++i) {
    out.open();
    for (int half = 0; half < 2; ++half) {
      if ((half == 0) == blockFirst) { // A_i, or a pad
        if (i < a.rank)
          out.copy(a.s[i], a.d[i]);
        else
          out.leaf(kStatic1, kStatic0);
      } else if (!(i < b.rank ? composeTree(dom, p.flat, b.s[i], b.d[i], out)
                              : composeMode(dom, p.flat, dom.constant(1), dom.constant(0), out))) {
        return false;
      }
    }
    out.close();
  }
  out.close();
  return true;
}

/// tile_to_shape of a block (nodes) to a target shape of its rank (>= 2), without an
/// order: tiles = make_layout(ceil_div(product_each(target), product_each(block shape))),
/// then blocked_product(block, tiles). Declines where a mode does not divide, or where the
/// divisibility is not static for a static target (the general path reports both).
template <class D> bool tileToShape(D &dom, const Node *bs, const Node *bd, const Node *target, NodeOut &out) {
  using Num = typename D::Num;
  RankedNodes block, t;
  if (!block.load(bs, bd) || !t.load(target, target))
    return false;
  uint32_t r = t.rank;
  if (block.rank != r || r < 2 || target->kind != NodeKind::Tuple)
    return false;
  auto extent = [&](const Node *n, Num &size) { // product of the subtree's extents
    size = dom.constant(1);
    for (const Node *e = n + n->span; n != e; ++n)
      if (n->kind != NodeKind::Tuple) {
        Num x, y;
        if (!dom.load(*n, kUnitStride, x, y))
          return false;
        size = dom.mul(size, D::extent(x));
      }
    return true;
  };
  Node tile[17], tileStride[17]; // (n_0, ..., n_{r-1}) and its compact strides
  writeNode(tile, r, nodeTag(r + 1, NodeKind::Tuple, true));
  writeNode(tileStride, r, nodeTag(r + 1, NodeKind::Tuple, true));
  bool targetStatic = true, dividesStatic = true;
  Num current = dom.constant(1);
  for (uint32_t i = 0; i < r; ++i) {
    Num x, y; // the block's extent and the target's
    if (!extent(block.s[i], x) || !extent(t.s[i], y))
      return dom.fail([] { return std::string(); });
    Num n = dom.ceilDiv(y, x);
    // evenly_divides, mode by mode: y == x * ceil_div(y, x), with its staticness.
    if (D::value(x) == 0 || D::value(y) != D::value(x) * D::value(n))
      return dom.fail([] { return std::string(); });
    targetStatic = targetStatic && dom.isStatic(y);
    dividesStatic = dividesStatic && dom.isStatic(y) && dom.isStatic(x);
    Num stride = dom.isConstant(n, 1) ? dom.constant(0) : current;
    if (!dom.isConstant(n, 1))
      current = dom.mul(current, n);
    tile[1 + i] = Node::leaf(D::toInt(n));
    tileStride[1 + i] = Node::leaf(D::toInt(stride));
  }
  if (targetStatic && !dividesStatic)
    return dom.fail([] { return std::string(); }); // CuTe's static assertion: the general path's error
  return rankSensitiveProduct(dom, bs, bd, tile, tileStride, /*blockFirst=*/true, out);
}

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
