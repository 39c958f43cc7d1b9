#include "cutelayout/IntTupleMath.h"
#include "cutelayout/RuntimeForm.h"
#include "cutelayout/Trace.h"

#include "cutelayout/Notation.h"

#include "Internal.h"
#include "Ordering.h"
#include "kernels/NodeOut.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

// --- the index functions' fast stages ---------------------------------------------------
//
// product, crd2idx and idx2crd first try loops that read the nodes' tags a word at a time
// (every leaf static, or every leaf a runtime integer: no staticness rule to apply), and
// compact_order and filter_zeros one copy of the shape's nodes; each declines (false) to
// the function's general step, which gives every answer alone when the fast paths are off
// (CUTELAYOUT_FAST_PATHS=off) and while a trace records.

/// Whether the fast stages run now.
[[gnu::always_inline]] inline bool fastStage() { return kernels::fastPathsEnabled() && !detail::tracing(); }

/// x without a basis code: the compiler then drops the operators' basis tests.
[[gnu::always_inline]] inline Int plainInt(Int x) { return Int{x.value, x.isStatic}; }

/// Leaves compact_order's fast stage handles.
constexpr uint32_t kMaxLeaves = 16;

/// Whether the integer leaves of the tree at s are all static, or (when zero says the
/// product is 0) one of them is a static 0.
bool leavesStaticOrStaticZero(const Node *s, bool zero) {
  bool allStatic = true;
  for (uint32_t i = 0, n = s->span; i < n; ++i)
    if (s[i].kind == NodeKind::Int) {
      if (s[i].isStatic && s[i].value == 0 && zero)
        return true;
      if (!s[i].isStatic && !zero)
        return false; // a dynamic leaf, and no zero to make the product _0
      allStatic &= s[i].isStatic;
    }
  return allStatic;
}

/// product (the leaves' product) of the tree at s, in one pass: product's fast stage.
[[gnu::always_inline]] inline bool leafProduct(const Node *s, Int &size) {
  // product's left fold over the integer leaves with mul's rules folded into flags: the
  // result is a static 0 once a leaf is, and otherwise static when every leaf is (an empty
  // tuple is _1). The loop only accumulates: every node's static flag joins one test
  // (tuple and `_` nodes, which product skips, are static as built; where some flag is
  // dynamic a second pass reads the leaves'); past a zero the product stays 0 and no later
  // step can overflow, so an overflow is one before any zero, as the fold meets it.
  // Without an overflow the product is exact: it is 0 only when some leaf is.
  constexpr uint64_t kKindBits = nodeTag(0, NodeKind(0xFF), false);
  constexpr uint64_t kBasisBits = ~uint64_t(0) << 48;
  int64_t acc = 1;
  bool overflow = false;
  uint64_t anyTag = 0, allTags = ~uint64_t(0);
  for (uint32_t i = 0, n = s->span; i < n; ++i) {
    uint64_t tag = nodeTagOf(s[i]);
    anyTag |= tag;
    allTags &= tag;
    if (tag & kKindBits) // a tuple or `_`
      continue;
    overflow |= __builtin_mul_overflow(acc, s[i].value, &acc);
  }
  if (overflow || (anyTag & kBasisBits) != 0)
    return false;
  // Some node is dynamic, then: a leaf (tuples and `_` are static as built). Only a static
  // 0 among the leaves, where the product is 0, makes the product static all the same.
  bool allStatic = (allTags & kStaticTagBit) != 0;
  if (!allStatic && acc == 0)
    allStatic = leavesStaticOrStaticZero(s, true);
  size = Int{acc, allStatic};
  return true;
}

/// The plain walks below run where every leaf is of one staticness, the index's: every
/// leaf a runtime integer (kLeafTag is kDynamicLeafTag) or every leaf a static integer
/// (kStaticLeafTag). No staticness rule then changes a step (each result has the index's
/// staticness), so the walk is the same arithmetic on plain values.

/// The product of the leaves of the tree at s, where every leaf is an integer leaf with
/// the tag kLeafTag. False at another leaf, or on an overflow.
template <uint64_t kLeafTag> bool plainProduct(const Node *s, int64_t &size) {
  int64_t acc = 1;
  for (uint32_t i = 0, n = s->span; i < n; ++i) {
    if (s[i].kind == NodeKind::Tuple)
      continue;
    if (nodeTagOf(s[i]) != kLeafTag || __builtin_mul_overflow(acc, s[i].value, &acc))
      return false;
  }
  size = acc;
  return true;
}

/// x / size and x % size as C computes them (divMod's values for every sign). False where
/// the division fails (size 0, or INT64_MIN by -1).
[[gnu::always_inline]] inline bool plainDivMod(int64_t x, int64_t size, int64_t &quotient, int64_t &remainder) {
  if (size == 0 || (x == INT64_MIN && size == -1))
    return false;
  quotient = x / size;
  remainder = x % size;
  return true;
}

/// The coordinate c of mode k of r (the tree at x) in the plain walks below: the whole
/// index for the last mode, else its remainder by the mode's size, the index becoming the
/// quotient. False where x's size is not a product of leaves tagged kLeafTag, or the
/// division fails.
template <uint64_t kLeafTag>
[[gnu::always_inline]] inline bool nextCoordinate(int64_t &idx, const Node *x, bool last, int64_t &c) {
  int64_t size;
  c = idx;
  if (last)
    return true;
  if (x->kind != NodeKind::Tuple)
    size = x->value;
  else if (!plainProduct<kLeafTag>(x, size))
    return false;
  return plainDivMod(idx, size, idx, c);
}

/// offsetOf where the index and every leaf of the shape and the stride are dynamic
/// integers (CuTe's runtime integers; kLeafTag is kDynamicLeafTag), or all static
/// integers (kStaticLeafTag): no static rule changes a step, so the offset has the index's
/// staticness, and its value is the same walk on plain values. False where a node is not
/// such a leaf or the trees differ, or a step would fail or overflow (offsetOf then
/// decides).
template <uint64_t kLeafTag> bool plainOffsetOf(int64_t idx, const Node *s, const Node *d, int64_t &out) {
  if (s->kind != NodeKind::Tuple)
    return nodeTagOf(*s) == kLeafTag && nodeTagOf(*d) == kLeafTag && !__builtin_mul_overflow(idx, d->value, &out);
  uint32_t r = uint32_t(s->value);
  if (nodeTagOf(*d) != nodeTagOf(*s) || d->value != s->value || r == 0)
    return false; // congruent tuples: the same kind, span and rank
  const Node *x = s + 1, *y = d + 1;
  int64_t acc = 0;
  for (uint32_t k = 0; k < r; ++k, x += x->span, y += y->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    int64_t c, part;
    if ((leaf && (nodeTagOf(*x) != kLeafTag || nodeTagOf(*y) != kLeafTag)) ||
        !nextCoordinate<kLeafTag>(idx, x, k + 1 == r, c))
      return false;
    if (leaf ? __builtin_mul_overflow(c, y->value, &part) : !plainOffsetOf<kLeafTag>(c, x, y, part))
      return false;
    if (__builtin_add_overflow(acc, part, &acc))
      return false;
  }
  out = acc;
  return true;
}

/// CuTe's crd2idx of a 1-D index into the shape and stride trees at s and d: mode k sees
/// (idx / prod(s_<k)) % s_k, the last mode the whole quotient (no division at all for a
/// static 0 index). Where a level's shape and stride are not congruent, or a shape is an
/// empty tuple, or a leaf holds a scaled basis, it stops there (stop names the level).
struct OffsetStop {
  const Node *s = nullptr, *d = nullptr;
  bool emptyShape = false, basis = false;
};
bool offsetOf(Int idx, const Node *s, const Node *d, Int &out, OffsetStop &stop) {
  idx = plainInt(idx);
  if (s->kind != NodeKind::Tuple) {
    if (d->kind == NodeKind::Tuple || ((s->basis | d->basis) != 0)) {
      stop = OffsetStop{s, d, false, d->kind != NodeKind::Tuple};
      return false;
    }
    out = detail::mulInts(idx, integerLeaf(*d));
    return true;
  }
  uint32_t r = uint32_t(s->value);
  if (d->kind != NodeKind::Tuple || uint32_t(d->value) != r || r == 0) {
    stop = OffsetStop{s, d, d->kind == NodeKind::Tuple && uint32_t(d->value) == r, false};
    return false;
  }
  bool zero = idx.isConstant(0); // CuTe's static-zero shortcut
  const Node *x = s + 1, *y = d + 1;
  Int acc;
  for (uint32_t k = 0; k < r; ++k, x += x->span, y += y->span) {
    Int part;
    if (x->kind != NodeKind::Tuple && y->kind != NodeKind::Tuple) { // a leaf mode, without the call
      if ((x->basis | y->basis) != 0) {
        stop = OffsetStop{x, y, false, true};
        return false;
      }
      Int extent = integerLeaf(*x), stride = integerLeaf(*y);
      if (zero || k + 1 == r) {
        part = detail::mulInts(idx, stride);
      } else {
        Int quotient, remainder;
        divMod(idx, extent, quotient, remainder);
        part = detail::mulInts(remainder, stride);
        idx = quotient;
      }
    } else if (zero || k + 1 == r) {
      if (!offsetOf(idx, x, y, part, stop))
        return false;
    } else {
      Int size, quotient, remainder;
      if (!fastStage() || !leafProduct(x, size))
        size = integerProduct(x); // the fold (traced, or recording an overflow)
      divMod(idx, size, quotient, remainder);
      if (!offsetOf(remainder, x, y, part, stop))
        return false;
      idx = quotient;
    }
    acc = k == 0 ? part : detail::addInts(acc, part);
  }
  out = acc;
  return true;
}

/// An integer leaf's coordinate c (idx2crd's leaf: c * _1) as the node at o.
[[gnu::always_inline]] inline void splitLeaf(Int c, Node *o) { *o = Node::leaf(mul(c, kStatic1)); }

/// splitNodes where the index and every leaf of the shape are dynamic integers
/// (kDynamicLeafTag), or all static (kStaticLeafTag): no static rule changes a step, so
/// each coordinate has the index's staticness (as the copy at o already has) and its value
/// is the same split on plain values. False where a node is not such a leaf, or a step
/// would fail or overflow (o is then partly written; splitNodes rewrites it).
template <uint64_t kLeafTag> bool plainSplitNodes(int64_t idx, const Node *s, Node *o) {
  uint32_t r = uint32_t(s->value);
  const Node *x = s + 1;
  Node *y = o + 1;
  for (uint32_t k = 0; k < r; ++k, y += x->span, x += x->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    int64_t c;
    if ((leaf && nodeTagOf(*x) != kLeafTag) || !nextCoordinate<kLeafTag>(idx, x, k + 1 == r, c))
      return false;
    if (leaf)
      y->value = c;
    else if (!plainSplitNodes<kLeafTag>(c, x, y))
      return false;
  }
  return true;
}

/// idx2crd of idx over the shape tuple at s, written into the copy of that tuple at o: each
/// leaf replaced by its coordinate (the same split as crd2idx with unit strides). Leaf
/// modes are split here, tuple modes by a call.
void splitNodes(Int idx, const Node *s, Node *o) {
  uint32_t r = uint32_t(s->value);
  bool zero = idx.isConstant(0); // CuTe's static-zero shortcut
  const Node *x = s + 1;
  Node *y = o + 1;
  for (uint32_t k = 0; k < r; ++k, y += x->span, x += x->span) {
    bool leaf = x->kind != NodeKind::Tuple;
    if (zero || k + 1 == r) {
      Int c = zero ? kStatic0 : idx;
      if (leaf)
        splitLeaf(c, y);
      else
        splitNodes(c, x, y);
      continue;
    }
    Int size, quotient, remainder;
    if (leaf || !fastStage() || !leafProduct(x, size))
      size = product(TupleView(x)); // a leaf's own value; the fold (traced, or recording an overflow)
    divMod(idx, size, quotient, remainder);
    if (leaf)
      splitLeaf(remainder, y);
    else
      splitNodes(remainder, x, y);
    idx = quotient;
  }
}

/// Walks the tree at x with y in lockstep, as CuTe's transforms of a weakly congruent pair
/// do: a tuple of x needs a tuple of y of its rank, and each leaf of x meets the subtree of
/// y under it, handed to onLeaf(x leaf, y subtree). False where they do not pair or where
/// onLeaf returns false. (Y is Node or const Node: the walk may write y's nodes.)
template <class Y, class F> bool pairLeaves(const Node *x, Y *y, F &onLeaf) {
  if (x->kind != NodeKind::Tuple)
    return onLeaf(x, y);
  if (y->kind != NodeKind::Tuple || y->value != x->value)
    return false;
  const Node *xc = x + 1;
  Y *yc = y + 1;
  for (int64_t k = 0; k < x->value; ++k, xc += xc->span, yc += yc->span)
    if (!pairLeaves(xc, yc, onLeaf))
      return false;
  return true;
}

/// Whether every leaf of the subtree at n is an integer (no `_`, no scaled basis).
bool integerSubtree(const Node *n) {
  for (uint32_t k = 0; k < n->span; ++k)
    if (n[k].kind == NodeKind::Underscore || n[k].basis != 0)
      return false;
  return true;
}

/// One leaf of compact_order's order and the shape subtree it orders.
struct OrderedPart {
  const Node *shape; // the subtree (a leaf or a tuple of integer leaves)
  uint32_t at;       // its offset among the shape's nodes
  Int extent;        // its size (product_like of the shape by the order)
  int64_t key;       // the order, or past every static order for a runtime one
  bool runtimeKey;   // the order is a runtime value (its key is computed after the walk)
  bool unit;         // read as _1 (filter_zeros where the order is a static 0)
};

Error rankMismatch(const char *op, TupleView a, TupleView b) {
  return makeError(std::string(op) + ": mismatched ranks of " + print(a) + " and " + print(b));
}

/// (f(a_0, b_0), f(a_1, b_1), ...) for tuples of equal rank.
template <class F> Expected<IntTuple> transform2(const char *op, TupleView a, TupleView b, F f) {
  if (!b.isTuple() || a.rank() != b.rank())
    return rankMismatch(op, a, b);
  TupleBuilder out;
  out.open();
  TupleView::Iterator bi = b.begin();
  for (TupleView ac : a) {
    IntTuple r = CL_TRY(f(ac, *bi));
    out.add(r);
    ++bi;
  }
  out.close();
  return out.finish();
}

/// A tuple whose children are all leaves (its span is its rank plus itself).
bool isFlatTuple(TupleView t) { return t.isTuple() && t.span() == uint32_t(t.nodes()->value) + 1; }

/// b padded with static 1s to rank n (CuTe's append<R>(b, _1)).
IntTuple padOnes(TupleView b, uint32_t n) { return appendTo(b, n, IntTuple(kStatic1)); }

} // namespace

namespace {
/// product past its fast stage, out of line: a left fold over the leaves; nesting does
/// not change the value or its staticness (an empty tuple counts as _1, and _1 * x has x's
/// staticness).
[[gnu::noinline]] Int productGeneral(TupleView t) {
  if (__builtin_expect(hasBasis(t), 0))
    return foldProduct(t.nodes(), [](const Node &x) { return x.asInt(); });
  return integerProduct(t.nodes());
}
} // namespace

Int product(TupleView t) {
  const Node *n = t.nodes();
  if (n->kind != NodeKind::Tuple) // a leaf is its own product (what the fold gives)
    return n->asInt();
  Int size;
  if (fastStage() && leafProduct(n, size))
    return size;
  return productGeneral(t);
}

Int sum(TupleView t) {
  if (!t.isTuple())
    return t.asInt();
  Int acc = kStatic0;
  for (TupleView c : t)
    acc = add(acc, sum(c));
  return acc;
}

Int maxLeaf(TupleView t) {
  if (!t.isTuple())
    return t.asInt();
  bool first = true;
  Int acc;
  for (TupleView c : t) {
    Int m = maxLeaf(c);
    acc = first ? m : max(acc, m);
    first = false;
  }
  return acc;
}

Int minLeaf(TupleView t) {
  if (!t.isTuple())
    return t.asInt();
  bool first = true;
  Int acc;
  for (TupleView c : t) {
    Int m = minLeaf(c);
    acc = first ? m : min(acc, m);
    first = false;
  }
  return acc;
}

Expected<Int> innerProduct(TupleView a, TupleView b) {
  if (a.isTuple() && b.isTuple()) {
    if (a.rank() != b.rank())
      return rankMismatch("inner_product", a, b);
    Int acc = kStatic0;
    TupleView::Iterator bi = b.begin();
    for (TupleView ac : a) {
      acc = add(acc, CL_TRY(innerProduct(ac, *bi)));
      ++bi;
    }
    return acc;
  }
  if (a.isTuple() || b.isTuple())
    return rankMismatch("inner_product", a, b);
  return mul(a.asInt(), b.asInt());
}

IntTuple productEach(TupleView t) {
  TupleBuilder out;
  out.open();
  if (t.isTuple())
    for (TupleView c : t)
      out.leaf(product(c));
  else // a leaf is wrapped: (product(t))
    out.leaf(product(t));
  out.close();
  return out.finish();
}

Expected<IntTuple> productLike(TupleView t, TupleView guide) {
  if (!guide.isTuple())
    return IntTuple(product(t));
  return transform2("product_like", guide, t, [](TupleView g, TupleView x) { return productLike(x, g); });
}

Expected<IntTuple> ceilDiv(TupleView a, TupleView b) {
  if (isFlatTuple(a) && (!b.isTuple() || (isFlatTuple(b) && a.rank() >= b.rank()))) {
    // The flat cases on the leaves, without a tuple per step: by mode (b padded with _1),
    // or an integer b folded across a's modes as below.
    const Node *x = a.nodes() + 1;
    TupleBuilder out;
    out.open();
    if (b.isTuple()) {
      const Node *y = b.nodes() + 1;
      for (uint32_t i = 0, rb = b.rank(); i < a.rank(); ++i)
        out.leaf(cutelayout::ceilDiv(x[i].asInt(), i < rb ? y[i].asInt() : kStatic1));
    } else {
      Int rest = b.asInt();
      for (uint32_t i = 0; i < a.rank(); ++i) {
        out.leaf(cutelayout::ceilDiv(x[i].asInt(), rest));
        rest = cutelayout::ceilDiv(rest, x[i].asInt());
      }
    }
    out.close();
    return out.finish();
  }
  if (a.isTuple()) {
    if (b.isTuple()) {
      if (a.rank() < b.rank())
        return rankMismatch("ceil_div", a, b);
      IntTuple pb = padOnes(b, a.rank());
      return transform2("ceil_div", a, pb, [](TupleView x, TupleView y) { return ceilDiv(x, y); });
    }
    // Fold b across a: each mode takes what it can of b, the rest carries on.
    TupleBuilder out;
    out.open();
    IntTuple rest(b);
    for (TupleView ac : a) {
      IntTuple r = CL_TRY(ceilDiv(ac, rest));
      out.add(r);
      rest = CL_TRY(ceilDiv(rest, ac));
    }
    out.close();
    return out.finish();
  }
  if (b.isTuple())
    return IntTuple(cutelayout::ceilDiv(a.asInt(), product(b)));
  return IntTuple(cutelayout::ceilDiv(a.asInt(), b.asInt()));
}

Expected<IntTuple> roundUp(TupleView a, TupleView b) {
  if (a.isTuple() && b.isTuple()) {
    if (a.rank() < b.rank())
      return rankMismatch("round_up", a, b);
    IntTuple pb = padOnes(b, a.rank());
    return transform2("round_up", a, pb, [](TupleView x, TupleView y) { return roundUp(x, y); });
  }
  if (a.isTuple() || b.isTuple())
    return makeError("round_up: mismatched profiles " + print(a) + " and " + print(b));
  Int x = a.asInt(), y = b.asInt();
  return IntTuple(mul(cutelayout::ceilDiv(x, y), y));
}

Expected<IntTuple> shapeDiv(TupleView a, TupleView b) {
  if (a.isTuple()) {
    if (b.isTuple())
      return transform2("shape_div", a, b, [](TupleView x, TupleView y) { return shapeDiv(x, y); });
    TupleBuilder out;
    out.open();
    IntTuple rest(b);
    for (TupleView ac : a) {
      IntTuple r = CL_TRY(shapeDiv(ac, rest));
      out.add(r);
      rest = CL_TRY(shapeDiv(rest, ac));
    }
    out.close();
    return out.finish();
  }
  if (b.isTuple())
    return shapeDiv(a, IntTuple(product(b)));
  Int x = a.asInt(), y = b.asInt();
  bool stat = x.isStatic && y.isStatic;
  if (__builtin_expect(detail::tracing(), 0) && !stat) {
    Bool xNonzero = less(kStatic0, abs(x)); // before y's (F16)
    Bool nonzero = both(xNonzero, less(kStatic0, abs(y)));
    recordRuntimeCheck(both(nonzero, either(multipleOf(x, y), multipleOf(y, x))),
                       "shape_div: divisibility condition fails: neither " + print(x) + " % " + print(y) + " nor " +
                           print(y) + " % " + print(x) + " is 0, or one is 0");
  } else if (reportViolation(stat)) {
    if (y.value == 0 || x.value == 0)
      return makeError("shape_div: division involving zero in " + print(x) + " / " + print(y) + violationNote(stat));
    if (!isMultiple(x.value, y.value) && !isMultiple(y.value, x.value))
      return makeError("shape_div: divisibility condition fails: neither " + print(x) + " % " + print(y) + " nor " +
                       print(y) + " % " + print(x) + " is 0" + violationNote(stat));
  }
  return IntTuple(cutelayout::ceilDiv(x, y));
}

Expected<IntTuple> elemScale(TupleView a, TupleView b) {
  if (a.isTuple())
    return transform2("elem_scale", a, b, [](TupleView x, TupleView y) { return elemScale(x, y); });
  return IntTuple(mul(a.asInt(), product(b)));
}

bool congruent(TupleView a, TupleView b) {
  // One pass over the preorder nodes: the same profile means the same sequence of tuple
  // nodes (with their ranks and spans) and leaves.
  const Node *x = a.nodes(), *y = b.nodes();
  uint32_t n = x->span;
  if (y->span != n)
    return false;
  for (uint32_t i = 0; i < n; ++i) {
    bool tx = x[i].kind == NodeKind::Tuple, ty = y[i].kind == NodeKind::Tuple;
    if (tx != ty || (tx && (x[i].value != y[i].value || x[i].span != y[i].span)))
      return false;
  }
  return true;
}

Bool cuteAnd(Bool acc, Bool r) {
  bool stat = (acc.isStatic && r.isStatic) || (r.isStatic && !r.value) || (acc.isStatic && !acc.value);
  return stat || !detail::tracing() ? Bool{acc.value && r.value, stat} : both(acc, r);
}

bool weaklyCongruent(TupleView a, TupleView b) {
  return matchLeaves(a, b, true, [](TupleView, TupleView) { return true; });
}

bool compatible(TupleView a, TupleView b) {
  return matchLeaves(a, b, true,
                     [](TupleView x, TupleView y) { return x.isInt() && x.asInt().value == product(y).value; });
}

Bool compatibleAsCute(TupleView a, TupleView b) {
  if (!a.isTuple())
    return equal(a.asInt(), product(b));
  if (!b.isTuple() || a.rank() != b.rank())
    return Bool{false, true};
  Bool acc{true, true};
  TupleView::Iterator bi = b.begin();
  for (TupleView ac : a) {
    acc = cuteAnd(acc, compatibleAsCute(ac, *bi));
    ++bi;
  }
  return acc;
}

Bool evenlyDivides(TupleView shape, TupleView tiler) {
  if (tiler.isTuple()) {
    if (!shape.isTuple() ? tiler.rank() > 1 : tiler.rank() > shape.rank())
      return Bool{false, true};
    Bool acc{true, true};
    uint32_t i = 0;
    for (TupleView t : tiler) {
      acc = cuteAnd(acc, evenlyDivides(shape.child(i++), t));
    }
    return acc;
  }
  if (!shape.isTuple() && tiler.isInt() && shape.isInt() && !hasBasis(shape) && !hasBasis(tiler)) {
    // Two integers: the general case below without tuples (ceil_div of leaves never fails).
    Int s = integerLeaf(*shape.nodes()), t = integerLeaf(*tiler.nodes());
    return equal(s, mul(t, cutelayout::ceilDiv(s, t)));
  }
  Int sa = product(shape);
  Expected<IntTuple> q = ceilDiv(shape, tiler);
  Int sq = q ? product(*q) : Int::fixed(0);
  return equal(sa, mul(product(tiler), sq));
}

namespace {
/// filter_zeros by CuTe's transform (the general algorithm, with its errors).
Expected<IntTuple> filterZerosGeneral(TupleView a, TupleView b) {
  if (a.isTuple())
    return transform2("filter_zeros", a, b, [](TupleView x, TupleView y) { return filterZerosGeneral(x, y); });
  if (a.isInt() && a.asInt().isConstant(0))
    return repeatLike(b, IntTuple(kStatic1));
  return IntTuple(b);
}
} // namespace

namespace {
/// filter_zeros in one copy of b's nodes, its subtrees under a static 0 of a made _1
/// leaves. Declines where a and b do not pair (a tuple of a against a leaf or a tuple of
/// another rank in b) or past kMaxNodes nodes.
bool filterZerosFast(TupleView a, TupleView b, IntTuple &result) {
  if (!kernels::fastPathsEnabled() || b.span() > kernels::kMaxNodes)
    return false;
  NodeVec &out = LayoutBuilder::nodesOf(result);
  out.clear();
  out.append(b.nodes(), b.span());
  auto unitsUnderZero = [](const Node *x, Node *y) { // repeat_like(y, _1) under a static 0
    if (x->kind == NodeKind::Int && x->asInt().isConstant(0))
      for (uint32_t k = 0, e = y->span; k < e; ++k)
        if (y[k].kind != NodeKind::Tuple)
          y[k] = Node::leaf(kStatic1);
    return true;
  };
  return pairLeaves(a.nodes(), out.data(), unitsUnderZero);
}
} // namespace

Expected<IntTuple> filterZeros(TupleView a, TupleView b) {
  Expected<IntTuple> result(std::in_place);
  if (filterZerosFast(a, b, *result))
    return result;
  return filterZerosGeneral(a, b); // once: the fast stage is not retried on every part
}

namespace {
// Compact strides of `shape` from `current`; returns current * size(shape) in `next`.
/// Column-major compact strides of shape from `current` (advanced past it) into out.
void compactLeftInto(TupleView shape, Int &current, TupleBuilder &out) {
  if (!shape.isTuple()) {
    Int s = shape.asInt();
    if (s.isConstant(1)) {
      out.leaf(kStatic0);
      return;
    }
    Int here = current;
    current = mul(here, s);
    out.leaf(here);
    return;
  }
  out.open();
  for (TupleView c : shape)
    compactLeftInto(c, current, out);
  out.close();
}

IntTuple compactFrom(TupleView shape, Int current, Major major, Int &next) {
  if (major == Major::Left && shape.isTuple()) { // one builder, no tuple per leaf
    TupleBuilder out;
    compactLeftInto(shape, current, out);
    next = current;
    return out.finish();
  }
  if (!shape.isTuple()) {
    Int s = shape.asInt();
    if (s.isConstant(1)) {
      next = current;
      return IntTuple(kStatic0);
    }
    next = mul(current, s);
    return IntTuple(current);
  }
  // Column-major visits modes left to right; row-major right to left, so its results
  // are collected reversed and emitted in mode order.
  TupleBuilder visited;
  visited.open();
  if (major == Major::Left) {
    for (TupleView c : shape)
      visited.add(compactFrom(c, current, major, current));
  } else {
    SmallVec<const Node *, 32> kids;
    for (TupleView c : shape)
      kids.push_back(c.nodes());
    for (uint32_t i = kids.size(); i-- > 0;)
      visited.add(compactFrom(TupleView(kids[i]), current, major, current));
  }
  visited.close();
  IntTuple result = visited.finish();
  next = current;
  if (major == Major::Left)
    return result;
  SmallVec<const Node *, 32> rev;
  for (TupleView c : result.view())
    rev.push_back(c.nodes());
  TupleBuilder out;
  out.open();
  for (uint32_t i = rev.size(); i-- > 0;)
    out.add(TupleView(rev[i]));
  out.close();
  return out.finish();
}
} // namespace

Expected<IntTuple> compactMajor(TupleView shape, TupleView current, Major major) {
  if (current.isTuple()) {
    if (!shape.isTuple() || shape.rank() != current.rank())
      return rankMismatch("compact_major", shape, current);
    return transform2("compact_major", shape, current,
                      [major](TupleView s, TupleView c) { return compactMajor(s, c, major); });
  }
  Int next;
  return compactFrom(shape, current.asInt(), major, next);
}

namespace {
Expected<IntTuple> compactOrderImpl(TupleView shape, TupleView order, OrderStarts &starts) {
  if (order.isTuple()) {
    if (!shape.isTuple() || shape.rank() != order.rank())
      return makeError("compact_order: order " + print(order) + " does not match shape " + print(shape));
    return transform2("compact_order", shape, order,
                      [&](TupleView s, TupleView o) { return compactOrderImpl(s, o, starts); });
  }
  // Start after every mode whose order is smaller than this one (leaves come in order).
  Int next;
  return compactFrom(shape, starts.next(), Major::Left, next);
}
} // namespace

namespace {
/// R19: CuTe's runtime path orders the runtime order values after every static one, in
/// their positions; the static form orders by the values (tied values share a place). The
/// two agree where every runtime value exceeds every static one and the runtime values
/// increase strictly with their positions.
void requireStaticOrder(const IntTuple &order) {
  IntVec o;
  leavesOf(order, o);
  bool anyStatic = false;
  Int maxStatic = kStatic0, previous = kStatic0;
  for (Int x : o)
    if (x.isStatic && (!anyStatic || maxStatic.value < x.value)) {
      maxStatic = x;
      anyStatic = true;
    }
  bool anyRuntime = false;
  for (Int x : o) {
    if (x.isStatic)
      continue;
    if (anyStatic)
      requireStaticFunction(less(maxStatic, x), [&] {
        return "the runtime order value " + print(x) + " is not past every static one (" + print(maxStatic) +
               "), where CuTe's runtime order puts it";
      });
    if (anyRuntime)
      requireStaticFunction(less(previous, x), [&] {
        return "the runtime order values " + print(previous) + " and " + print(x) +
               " do not increase with their positions, as CuTe's runtime order takes them";
      });
    previous = x;
    anyRuntime = true;
  }
}
} // namespace

bool compactOrderFast(TupleView shape, TupleView order, bool unitWhereOrderIsZero, IntTuple &strides) {
  kernels::FastAttempt guard;
  const Node *s = shape.nodes(), *o = order.nodes();
  OrderedPart parts[kMaxLeaves];
  uint32_t n = 0;
  // Each order leaf with the shape subtree under it (weak congruence).
  auto pairPart = [&](const Node *orderLeaf, const Node *sub) {
    if (orderLeaf->kind != NodeKind::Int || orderLeaf->basis != 0 || n == kMaxLeaves || !integerSubtree(sub))
      return false;
    parts[n++] = OrderedPart{sub, uint32_t(sub - s), Int(), orderLeaf->value, false, false};
    return true;
  };
  if (!guard.usable() || s->span > kernels::kMaxNodes || !pairLeaves(o, s, pairPart))
    return false;
  // CuTe's reference order: a static order as it is, a runtime one past the largest
  // static order (max + 1 + its index among the order's leaves).
  int64_t maxOrder = 0;
  const Node *leaf = o;
  for (uint32_t j = 0; j < n; ++j, ++leaf) {
    while (leaf->kind != NodeKind::Int)
      ++leaf;
    parts[j].unit = unitWhereOrderIsZero && leaf->isStatic && leaf->value == 0;
    if (leaf->isStatic && maxOrder < leaf->value)
      maxOrder = leaf->value;
    parts[j].runtimeKey = !leaf->isStatic;
  }
  for (uint32_t j = 0; j < n; ++j) {
    if (parts[j].runtimeKey && __builtin_add_overflow(maxOrder, int64_t(1) + j, &parts[j].key))
      return false; // the general path records the overflow
    parts[j].extent = parts[j].unit ? kStatic1 : integerProduct(parts[j].shape);
  }
  // The strides: the shape's nodes, each part's leaves compact column-major from the
  // product (in leaf order) of the extents ordered before it.
  NodeVec &out = LayoutBuilder::nodesOf(strides);
  out.clear();
  out.append(s, s->span);
  for (uint32_t j = 0; j < n; ++j) {
    Int current = kStatic1;
    for (uint32_t k = 0; k < n; ++k)
      if (parts[k].key < parts[j].key)
        current = mul(current, parts[k].extent);
    Node *x = out.data() + parts[j].at;
    for (uint32_t k = 0, e = parts[j].shape->span; k < e; ++k) {
      if (x[k].kind != NodeKind::Int)
        continue;
      Int extent = parts[j].unit ? kStatic1 : integerLeaf(x[k]);
      if (extent.isConstant(1)) {
        x[k] = Node::leaf(kStatic0);
        continue;
      }
      x[k] = Node::leaf(current);
      current = mul(current, extent);
    }
  }
  return guard.clean();
}

Expected<IntTuple> compactOrder(TupleView shape, TupleView order) {
  Expected<IntTuple> strides(std::in_place);
  if (isStatic(order) && compactOrderFast(shape, order, /*unitWhereOrderIsZero=*/false, *strides))
    return strides;
  if (!weaklyCongruent(order, shape))
    return makeError("compact_order: order " + print(order) + " is not weakly congruent with shape " + print(shape));
  IntTuple refShape = flattenToTuple(CL_TRY(productLike(shape, order)));
  IntTuple flatOrder = flattenToTuple(order);
  int64_t maxOrder = 0;
  for (TupleView o : flatOrder.view())
    if (o.asInt().isStatic && maxOrder < o.asInt().value)
      maxOrder = o.asInt().value;
  TupleBuilder ref;
  ref.open();
  uint32_t j = 0;
  for (TupleView o : flatOrder.view()) {
    Int v = o.asInt();
    // Checked: an order of INT64_MAX beside a runtime one overflows (found by fuzzing).
    ref.leaf(v.isStatic ? v : add(add(Int::fixed(maxOrder), Int::fixed(1)), Int::fixed(j)));
    ++j;
  }
  ref.close();
  IntTuple refOrder = ref.finish();
  requireStaticOrder(flatOrder);
  IntTuple newOrder = CL_TRY(unflatten(refOrder, order));
  IntVec extents, orders;
  leavesOf(refShape, extents);
  leavesOf(refOrder, orders);
  OrderStarts starts = CL_TRY(OrderStarts::make(extents, orders));
  return compactOrderImpl(shape, newOrder, starts);
}

namespace {
/// CuTe's crd2idx of a 1-D index (offsetOf), the plain walk first, with its errors.
Expected<Int> indexToOffset(Int idx, TupleView shape, TupleView stride) {
  int64_t value;
  if (fastStage() && idx.basis == 0 &&
      (idx.isStatic ? plainOffsetOf<kStaticLeafTag>(idx.value, shape.nodes(), stride.nodes(), value)
                    : plainOffsetOf<kDynamicLeafTag>(idx.value, shape.nodes(), stride.nodes(), value)))
    return Int{value, idx.isStatic};
  Int offset;
  OffsetStop stop;
  if (offsetOf(idx, shape.nodes(), stride.nodes(), offset, stop))
    return offset;
  TupleView s(stop.s), d(stop.d);
  if (stop.basis)
    return makeError("crd2idx: " + print(IntTuple(idx)) + " into " + print(shape) + ":" + print(stride) +
                     " holds a scaled basis, so its value is a coordinate, not an index (crd2idxGeneral)");
  if (stop.emptyShape)
    return makeError("crd2idx: empty shape");
  return makeError("crd2idx: shape " + print(s) + " and stride " + print(d) + " are not congruent");
}

Expected<Int> crd2idxInts(TupleView c, TupleView shape, TupleView stride);

/// crd2idx's common case in one pass: a flat coordinate of integers into flat modes of
/// one rank, none of whose leaves is a basis; its sum of coordinate times stride, from the
/// first mode. False (out unset) for anything else.
[[gnu::always_inline]] inline bool flatCrd2idx(TupleView c, TupleView shape, TupleView stride, Int &out) {
  const Node *x = c.nodes(), *s = shape.nodes(), *d = stride.nodes();
  uint32_t r = uint32_t(x->value);
  if (x->kind != NodeKind::Tuple || s->kind != NodeKind::Tuple || d->kind != NodeKind::Tuple || r == 0 ||
      s->value != x->value || d->value != x->value || x->span != r + 1 || s->span != r + 1 || d->span != r + 1)
    return false;
  // Nonzero once a coordinate leaf is no integer or some leaf is a basis: the kind and
  // basis bits of the nodes' tags (Internal.h), read a word at a time.
  constexpr uint64_t kKindBits = uint64_t(0xFF) << 32, kBasisBits = uint64_t(0xFFFF) << 48;
  static_assert(uint8_t(NodeKind::Int) == 0, "an integer leaf's kind bits are 0");
  uint64_t other = 0;
  for (uint32_t i = 1; i <= r; ++i)
    other |= (nodeTagOf(x[i]) & (kKindBits | kBasisBits)) | ((nodeTagOf(s[i]) | nodeTagOf(d[i])) & kBasisBits);
  if (other != 0)
    return false;
  Int acc = detail::mulInts(integerLeaf(x[1]), integerLeaf(d[1]));
  for (uint32_t i = 2; i <= r; ++i)
    acc = detail::addInts(acc, detail::mulInts(integerLeaf(x[i]), integerLeaf(d[i])));
  out = acc;
  return true;
}

/// crd2idx past its flat case, out of line: the flat case's caller keeps a small frame.
[[gnu::noinline]] Expected<Int> crd2idxNotFlat(TupleView c, TupleView shape, TupleView stride) {
  if (c.isInt() && c.nodes()->basis == 0 && !hasBasis(stride) && !hasBasis(shape))
    return indexToOffset(c.asInt(), shape, stride);
  if (__builtin_expect(hasBasis(stride) || hasBasis(c) || hasBasis(shape), 0))
    return makeError("crd2idx: " + print(c) + " into " + print(shape) + ":" + print(stride) +
                     " holds a scaled basis, so its value is a coordinate, not an index (crd2idxGeneral)");
  return crd2idxInts(c, shape, stride);
}
} // namespace

Expected<Int> crd2idx(TupleView c, TupleView shape, TupleView stride) {
  // The two common cases first, whose passes also make the basis checks: a flat
  // coordinate, then (crd2idxNotFlat) a 1-D index.
  Int flat;
  if (flatCrd2idx(c, shape, stride, flat))
    return flat;
  return crd2idxNotFlat(c, shape, stride);
}

namespace {
/// crd2idx of integers only (the caller checked that no leaf is a basis).
Expected<Int> crd2idxInts(TupleView c, TupleView shape, TupleView stride) {
  // The common case first: a flat coordinate of integers into flat modes.
  Int flat;
  if (flatCrd2idx(c, shape, stride, flat))
    return flat;
  if (c.isTuple()) {
    if (shape.isTuple() != stride.isTuple() || (shape.isTuple() && stride.rank() != shape.rank()))
      return makeError("crd2idx: shape " + print(shape) + " and stride " + print(stride) + " are not congruent");
    if (!shape.isTuple() || c.rank() != shape.rank())
      return makeError("crd2idx: coordinate " + print(c) + " does not match shape " + print(shape));
    if (c.rank() == 0)
      return makeError("crd2idx: empty coordinate");
    bool first = true;
    Int acc;
    TupleView::Iterator si = shape.begin(), di = stride.begin();
    for (TupleView cc : c) {
      Int r = CL_TRY(crd2idxInts(cc, *si, *di));
      acc = first ? r : detail::addInts(acc, r);
      first = false;
      ++si;
      ++di;
    }
    return acc;
  }
  if (c.isUnderscore())
    return makeError("crd2idx: `_` is not an index");
  return indexToOffset(integerLeaf(*c.nodes()), shape, stride);
}
} // namespace

Expected<Int> crd2idx(TupleView c, TupleView shape) {
  if (c.isInt())
    return c.asInt();
  if (c.isUnderscore())
    return makeError("crd2idx: `_` is not an index");
  if (!shape.isTuple() || c.rank() != shape.rank())
    return makeError("crd2idx: coordinate " + print(c) + " does not match shape " + print(shape));
  IntTuple flatCoord = flattenToTuple(c);
  IntTuple flatShape = flattenToTuple(CL_TRY(productLike(shape, c)));
  if (flatCoord.rank() == 0)
    return makeError("crd2idx: empty coordinate");
  // Horner: c0 + s0 * (c1 + s1 * (... + c_last)).
  uint32_t n = flatCoord.rank();
  Int acc = flatCoord.child(n - 1).asInt();
  for (uint32_t k = n - 1; k-- > 0;) {
    TupleView ck = flatCoord.child(k);
    if (!ck.isInt())
      return makeError("crd2idx: `_` is not an index");
    acc = add(ck.asInt(), mul(flatShape.child(k).asInt(), acc));
  }
  return acc;
}

namespace {
/// idx2crd of an integer index into a tuple shape, written into result: the shape's nodes
/// (tuples as TupleBuilder writes them) with each leaf replaced by its coordinate; the
/// dynamic walk first.
void splitIndexInto(Int idx, TupleView shape, IntTuple &result) {
  const Node *s = shape.nodes();
  uint32_t e = s->span;
  NodeVec &out = LayoutBuilder::nodesOf(result);
  out.clear();
  out.append(s, e);
  Node *o = out.data();
  for (uint32_t k = 0; k < e; ++k)
    if (s[k].kind == NodeKind::Tuple)
      o[k].isStatic = true;
  if (fastStage() && idx.basis == 0 &&
      (idx.isStatic ? plainSplitNodes<kStaticLeafTag>(idx.value, s, o)
                    : plainSplitNodes<kDynamicLeafTag>(idx.value, s, o)))
    return;
  splitNodes(idx, s, o);
}
} // namespace

Expected<IntTuple> idx2crd(TupleView i, TupleView shape) {
  if (i.isTuple()) {
    if (!shape.isTuple() || i.rank() != shape.rank())
      return makeError("idx2crd: index " + print(i) + " does not match shape " + print(shape));
    return transform2("idx2crd", i, shape, [](TupleView x, TupleView s) { return idx2crd(x, s); });
  }
  if (!i.isInt())
    return makeError("idx2crd: `_` is not an index");
  if (!shape.isTuple())
    return IntTuple(i);
  IntTuple result;
  splitIndexInto(i.asInt(), shape, result);
  return result;
}

Expected<bool> idx2crdInto(TupleView i, TupleView shape, IntTuple &result) {
  if (i.isInt() && shape.isTuple()) {
    splitIndexInto(i.asInt(), shape, result);
    return true;
  }
  result = CL_TRY(idx2crd(i, shape));
  return true;
}

Expected<IntTuple> idx2crd(TupleView i, TupleView shape, TupleView stride) {
  if (hasBasis(stride) || hasBasis(i))
    return makeError("idx2crd: the stride " + print(stride) +
                     " holds a scaled basis; CuTe divides by integer strides only");
  if (i.isTuple()) {
    if (!shape.isTuple() || i.rank() != shape.rank() || !stride.isTuple() || stride.rank() != shape.rank())
      return makeError("idx2crd: index " + print(i) + " does not match shape " + print(shape));
    TupleBuilder out;
    out.open();
    TupleView::Iterator si = shape.begin(), di = stride.begin();
    for (TupleView x : i) {
      out.add(CL_TRY(idx2crd(x, *si, *di)));
      ++si;
      ++di;
    }
    out.close();
    return out.finish();
  }
  if (!i.isInt())
    return makeError("idx2crd: `_` is not an index");
  if (shape.isTuple()) {
    IntTuple strides(stride);
    if (!stride.isTuple())
      strides = CL_TRY(compactMajor(shape, stride, Major::Left));
    if (!strides.isTuple() || strides.rank() != shape.rank())
      return makeError("idx2crd: shape " + print(shape) + " and stride " + print(stride) + " are not congruent");
    TupleBuilder out;
    out.open();
    TupleView::Iterator di = strides.view().begin();
    for (TupleView s : shape) {
      out.add(CL_TRY(idx2crd(i, s, *di)));
      ++di;
    }
    out.close();
    return out.finish();
  }
  if (stride.isTuple())
    return makeError("idx2crd: shape " + print(shape) + " and stride " + print(stride) + " are not congruent");
  if (shape.asInt().isConstant(1))
    return IntTuple(kStatic0);
  return IntTuple(mod(div(i.asInt(), stride.asInt()), shape.asInt()));
}

Expected<IntTuple> tupleArith(TupleOp op, TupleView a, TupleView b) {
  if (a.isTuple() || b.isTuple()) {
    if (a.isTuple() && b.isTuple()) {
      // CuTe's ArithmeticTuple + and - pad the shorter tuple with _0.
      if (a.rank() != b.rank() && (op == TupleOp::Add || op == TupleOp::Sub)) {
        uint32_t r = a.rank() > b.rank() ? a.rank() : b.rank();
        IntTuple pa = appendTo(a, r, IntTuple(kStatic0)), pb = appendTo(b, r, IntTuple(kStatic0));
        return tupleArith(op, pa, pb);
      }
      return transform2("tuple arithmetic", a, b, [op](TupleView x, TupleView y) { return tupleArith(op, x, y); });
    }
    TupleView t = a.isTuple() ? a : b;
    TupleBuilder out;
    out.open();
    for (TupleView c : t)
      out.add(CL_TRY(a.isTuple() ? tupleArith(op, c, b) : tupleArith(op, a, c)));
    out.close();
    return out.finish();
  }
  Int x = a.asInt(), y = b.asInt();
  switch (op) {
  case TupleOp::Add:
    return IntTuple(add(x, y));
  case TupleOp::Sub:
    return IntTuple(sub(x, y));
  case TupleOp::Mul:
    return IntTuple(mul(x, y));
  case TupleOp::Div:
    if (y.value == 0)
      return makeError("tuple_div: division by zero in " + print(a) + " / " + print(b));
    return IntTuple(div(x, y));
  case TupleOp::Mod:
    if (y.value == 0)
      return makeError("tuple_mod: modulo by zero in " + print(a) + " % " + print(b));
    return IntTuple(mod(x, y));
  }
  return makeError("unknown tuple operation");
}

Bool tupleEqual(TupleView a, TupleView b) {
  if (a.isTuple() != b.isTuple() || (a.isTuple() && a.rank() != b.rank()))
    return Bool{false, true};
  if (!a.isTuple()) {
    if (!a.isInt() || !b.isInt())
      return Bool{a.isUnderscore() && b.isUnderscore(), true};
    return equal(a.asInt(), b.asInt());
  }
  Bool all{true, true};
  TupleView::Iterator bi = b.begin();
  for (TupleView x : a) {
    Bool e = tupleEqual(x, *bi);
    all = both(all, e);
    ++bi;
  }
  return all;
}

Expected<Bool> elemLess(TupleView a, TupleView b) {
  if (a.isTuple() != b.isTuple())
    return makeError("elem_less of " + print(a) + " and " + print(b) +
                     ": a tuple and an integer do not compare (CuTe has no such overload)");
  if (!a.isTuple()) {
    if (!a.isInt() || !b.isInt())
      return makeError("elem_less of " + print(a) + " and " + print(b) + ": `_` does not compare");
    return less(a.asInt(), b.asInt());
  }
  if (a.rank() > b.rank())
    return Bool{false, true};
  Bool all{true, true};
  TupleView::Iterator bi = b.begin();
  for (TupleView x : a) {
    Bool e = CL_TRY(elemLess(x, *bi));
    all = both(all, e);
    ++bi;
  }
  return all;
}

Expected<IntTuple> increment(TupleView coord, TupleView shape) {
  if (!congruent(coord, shape) || hasUnderscore(coord) || hasUnderscore(shape))
    return makeError("increment: coordinate " + print(coord) + " and shape " + print(shape) +
                     " must be congruent, with integers only");
  // CuTe's increment: add 1 to the first leaf and carry into the next one while a leaf
  // reaches its extent. The carry is arithmetic (0 or 1), not a branch, so on runtime
  // leaves the Trace records it (the lowering).
  IntVec c, extents; // inline up to kInlineNodes leaves: no allocation for small tuples
  leavesOf(coord, c);
  leavesOf(shape, extents);
  uint32_t n = c.size();
  if (n > 0) {
    c[0] = add(c[0], kStatic1);
    for (uint32_t i = 1; i < n; ++i) {
      Int carry = asInt(equal(c[i - 1], extents[i - 1]));
      c[i - 1] = mul(c[i - 1], sub(kStatic1, carry));
      c[i] = add(c[i], carry);
    }
  }
  bool known = isStatic(coord) && isStatic(shape);
  uint32_t k = 0;
  return mapLeaves(coord, [&](Int) {
    Int x = c[k++];
    return known ? x : asDynamic(x);
  });
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
