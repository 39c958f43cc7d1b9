// Layout construction, access, coalesce and filter.
#include "cutelayout/Layout.h"

#include "Internal.h"
#include "Ordering.h"
#include "cutelayout/Notation.h"
#include "cutelayout/RuntimeForm.h"
#include "kernels/Compose.h"
#include "kernels/NodeOut.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

Layout unchecked(IntTuple shape, IntTuple stride) { return Layout{std::move(shape), std::move(stride)}; }
} // namespace

uint64_t hashValue(const Layout &l) { return hashValue(l.shape) * 0x9E3779B97F4A7C15ull ^ hashValue(l.stride); }

namespace {
/// Whether shape:stride passes checkLayout, in one pass over both trees: the same span and
/// kind node by node (spans fix a tree's profile, so that is congruence when no leaf is
/// `_`), no `_` in either and no scaled basis in the shape.
/// @post true only if checkLayout(shape, stride) succeeds; false where it fails
bool isLayoutPair(TupleView shape, TupleView stride) {
  uint32_t n = shape.span();
  if (stride.span() != n)
    return false;
  constexpr uint64_t kProfileBits = nodeTag(~uint32_t(0), NodeKind(0xFF), false);
  const Node *a = shape.nodes(), *b = stride.nodes();
  uint64_t differ = 0;
  bool underscore = false;
  uint16_t basis = 0;
  for (uint32_t i = 0; i < n; ++i) {
    differ |= nodeTagOf(a[i]) ^ nodeTagOf(b[i]);
    underscore |= a[i].kind == NodeKind::Underscore;
    basis |= a[i].basis;
  }
  // Equal kinds make a `_` in the stride one in the shape too.
  return (differ & kProfileBits) == 0 && !underscore && basis == 0;
}
} // namespace

Expected<bool> checkLayout(TupleView shape, TupleView stride) {
  if (isLayoutPair(shape, stride))
    return true;
  if (!congruent(shape, stride))
    return makeError("shape " + print(shape) + " and stride " + print(stride) + " are not congruent");
  if (hasUnderscore(shape) || hasUnderscore(stride))
    return makeError("a layout cannot contain `_`: " + print(shape) + ":" + print(stride));
  if (hasBasis(shape))
    return makeError("the shape " + print(shape) + " holds a scaled basis; only strides can");
  return true;
}

Expected<Layout> makeLayout(TupleView shape, TupleView stride) {
  CL_CHECK(checkLayout(shape, stride));
  return unchecked(IntTuple(shape), IntTuple(stride));
}

Layout makeLayout(TupleView shape) {
  if (shape.isInt()) // n:_1, or _1:_0 for a static 1 (CuTe's compact rule)
    return Layout{IntTuple(shape), IntTuple(shape.asInt().isConstant(1) ? kStatic0 : kStatic1)};
  Expected<IntTuple> d = compactMajor(shape, IntTuple(kStatic1), Major::Left);
  return unchecked(IntTuple(shape), d.take());
}

Layout makeLayoutRight(TupleView shape) {
  Expected<IntTuple> d = compactMajor(shape, IntTuple(kStatic1), Major::Right);
  return unchecked(IntTuple(shape), d.take());
}

Layout concat(const Layout *layouts, uint32_t count) {
  return buildLayoutUnchecked(
      [&](LayoutBuilder &out) {
        for (uint32_t i = 0; i < count; ++i)
          out.add(layouts[i]);
      },
      /*wrap=*/true);
}

Layout concat(const Layout &a, const Layout &b) {
  return buildLayoutUnchecked(
      [&](LayoutBuilder &out) {
        out.add(a);
        out.add(b);
      },
      /*wrap=*/true);
}

Expected<Layout> makeOrderedLayout(TupleView shape, TupleView order) {
  IntTuple d = CL_TRY(compactOrder(shape, order));
  return unchecked(IntTuple(shape), std::move(d));
}

void requireNoZeroStride(const Layout &l, const char *op, bool staticZeros) {
  IntVec s, d;
  appendLeaves(l, s, d);
  for (uint32_t i = 0; i < s.size(); ++i)
    if (staticZeros || !d[i].isStatic)
      requireStaticFunction(either(equal(s[i], kStatic1), negation(equal(d[i], kStatic0))), [&] {
        return std::string(op) + " of " + print(l) + ": the stride 0 on the extent " + print(s[i]) +
               " is laid out at run time, where the static form drops the extent";
      });
}

Expected<Layout> makeLayoutLike(const Layout &l) {
  CL_CHECK(integerStrides("make_layout_like", l));
  IntTuple strides;
  if (isStatic(l.stride) && compactOrderFast(l.shape, l.stride, /*unitWhereOrderIsZero=*/true, strides))
    return unchecked(l.shape, std::move(strides));
  requireNoZeroStride(l, "make_layout_like", /*staticZeros=*/false);
  IntTuple filtered = CL_TRY(filterZeros(l.stride, l.shape));
  IntTuple d = CL_TRY(compactOrder(filtered, l.stride));
  return unchecked(l.shape, std::move(d));
}

Int size(const Layout &l) { return product(l.shape); }

Int cosize(LayoutView l) {
  // CuTe's coshape: (s - _1) * |d| summed over the leaves, plus _1. A tuple's sum starts
  // at _0, so only a leaf layout's result can skip the addition's staticness rule.
  if (__builtin_expect(hasBasis(l.stride), 0)) { // CuTe's coshape of a coordinate layout
    Expected<Int> n = basisCosize(l.shape, l.stride);
    if (n)
      return *n;
    noteArithFailure(n.error().message); // the caller's ArithScope reports it
    return kStatic0;
  }
  const Node *s = l.shape.nodes(), *d = l.stride.nodes();
  auto term = [](const Node &sn, const Node &dn) __attribute__((always_inline)) {
    Int span = sub(integerLeaf(sn), kStatic1); // before the stride's abs (F16)
    return mul(span, abs(integerLeaf(dn)));
  };
  if (s->kind != NodeKind::Tuple)
    return add(term(*s, *d), kStatic1);
  Int acc = kStatic0;
  for (uint32_t i = 1, n = s->span; i < n; ++i)
    if (s[i].kind == NodeKind::Int)
      acc = add(acc, term(s[i], d[i]));
  return add(acc, kStatic1);
}

namespace {
/// Whether every term (s - _1) * abs(d) of cosize's sum is static: a static 0 (s a static
/// 1, or d a static 0) or two static leaves. @pre s and d are congruent integer trees
bool everyCosizeTermStatic(const Node *s, const Node *d, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if (s[i].kind != NodeKind::Int)
      continue;
    bool xs = s[i].isStatic, ys = d[i].isStatic;
    if (!((xs & (ys | (s[i].value == 1))) | (ys & (d[i].value == 0))))
      return false;
  }
  return true;
}

/// cosize of a layout of integer leaves in one pass that also checks congruence (and a
/// second over the leaves' flags only where some flag is dynamic); declines on a basis,
/// `_`, a shape and stride that are not congruent, more than 64 nodes, a leaf outside
/// [-2^28, 2^28) (the general sum checks those for overflow), while a trace records and
/// with the fast paths off.
bool cosizeFast(const Layout &l, Int &size) {
  if (!kernels::fastPathsEnabled() || detail::tracing())
    return false;
  // cosize's sum (s - _1) * abs(d) over the leaves, plus _1, with its Int rules folded
  // into flags: a term is static when it is a static 0 (s a static 1, or d a static 0) or
  // both leaves are static, and the sum is static when every term is. Every leaf in
  // [-2^28, 2^28) and at most kMaxNodes nodes: no term (under 2^56) and no sum (under
  // 2^62) can overflow, so one range test at the end replaces the overflow checks; larger
  // values decline to the general sum, which checks each step.
  // The loop only accumulates; the tests come after it: the trees are congruent when
  // every node has the same span and kind on both sides (preorder spans and kinds fix a
  // tree), no node may be `_` or a scaled basis, and when some flag is dynamic, a second
  // pass applies the staticness rule term by term.
  constexpr uint64_t kKindBits = nodeTag(0, NodeKind(0xFF), false);
  constexpr uint64_t kProfileBits = nodeTag(~uint32_t(0), NodeKind(0xFF), false);
  constexpr uint64_t kUnderscoreOrBasisBits = nodeTag(0, NodeKind::Underscore, false) | ~uint64_t(0) << 48;
  static_assert(uint8_t(NodeKind::Int) == 0 && (uint8_t(NodeKind::Tuple) & uint8_t(NodeKind::Underscore)) == 0,
                "an Int leaf has no kind bits, and only `_` sets the Underscore kind's bit");
  constexpr uint64_t kBias = uint64_t(1) << 28;
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  uint32_t n = s->span;
  if (n > kernels::kMaxNodes)
    return false;
  // The sum in uint64_t, which wraps where int64_t would overflow (undefined) on values the
  // range test then rejects; on the values it accepts, it is the exact signed sum.
  uint64_t acc = 0, range = 0, differ = 0, anyTag = 0, allTags = ~uint64_t(0);
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t tx = nodeTagOf(s[i]), ty = nodeTagOf(d[i]);
    int64_t x = s[i].value, y = d[i].value;
    differ |= tx ^ ty;
    anyTag |= tx;       // ty differs where tx has no `_` or basis bit but ty has
    allTags &= tx;      // ty's static flag differs, or is tx's
    if (tx & kKindBits) // a tuple (or a `_`, declined below)
      continue;
    range |= (uint64_t(x) + kBias) | (uint64_t(y) + kBias);
    acc += (uint64_t(x) - 1) * (y < 0 ? 0 - uint64_t(y) : uint64_t(y));
  }
  if ((differ & (kProfileBits | kUnderscoreOrBasisBits)) != 0 || (anyTag & kUnderscoreOrBasisBits) != 0 ||
      range >= 2 * kBias)
    return false;
  bool allStatic = ((allTags & ~differ) & kStaticTagBit) != 0 || everyCosizeTermStatic(s, d, n);
  size = Int{int64_t(acc) + 1, allStatic};
  return true;
}
} // namespace

namespace {
/// cosize past its fast stage, out of line (a small frame for the entry point). A pair
/// that is not a layout (only ever built by hand) has no codomain: _1, as the inner
/// product of mismatched tuples gave before.
[[gnu::noinline]] Int cosizeGeneral(const Layout &l) {
  return congruent(l.shape, l.stride) ? cosize(LayoutView(l)) : kStatic1;
}
} // namespace

Int cosize(const Layout &l) {
  Int size;
  if (cosizeFast(l, size))
    return size;
  return cosizeGeneral(l);
}

int depth(const Layout &l) { return depth(l.shape); }

Expected<Layout> get(const Layout &l, const uint32_t *path, uint32_t count) {
  TupleView s = l.shape, d = l.stride;
  for (uint32_t k = 0; k < count; ++k) {
    if (path[k] >= s.rank())
      return makeError("mode " + std::to_string(path[k]) + " is out of range for " + print(l) + " of rank " +
                       std::to_string(l.rank()));
    s = s.child(path[k]);
    d = d.child(path[k]);
  }
  return unchecked(IntTuple(s), IntTuple(d));
}

Expected<Layout> take(const Layout &l, uint32_t begin, uint32_t end) {
  if (begin >= end || end > l.rank())
    return makeError("take: range [" + std::to_string(begin) + "," + std::to_string(end) +
                     ") is empty or out of range for rank " + std::to_string(l.rank()));
  return unchecked(cutelayout::take(l.shape, begin, end), cutelayout::take(l.stride, begin, end));
}

Expected<Layout> select(const Layout &l, const uint32_t *modes, uint32_t count) {
  for (uint32_t k = 0; k < count; ++k)
    if (modes[k] >= l.rank())
      return makeError("select: mode " + std::to_string(modes[k]) + " is out of range for rank " +
                       std::to_string(l.rank()));
  return buildLayoutUnchecked(
      [&](LayoutBuilder &out) {
        for (uint32_t k = 0; k < count; ++k)
          out.add(l.shape.child(modes[k]), l.stride.child(modes[k]));
      },
      /*wrap=*/true);
}

Expected<Layout> group(const Layout &l, uint32_t begin, uint32_t end) {
  if (begin > end || end > l.rank())
    return makeError("group: range [" + std::to_string(begin) + "," + std::to_string(end) +
                     ") is out of range for rank " + std::to_string(l.rank()));
  if (!l.shape.isTuple()) { // a leaf is a rank-1 tuple here
    Layout wrapped = unchecked(wrap(l.shape), wrap(l.stride));
    return unchecked(cutelayout::group(wrapped.shape, begin, end), cutelayout::group(wrapped.stride, begin, end));
  }
  return unchecked(cutelayout::group(l.shape, begin, end), cutelayout::group(l.stride, begin, end));
}

Layout flatten(const Layout &l) { return unchecked(flatten(l.shape.view()), flatten(l.stride.view())); }

Layout appendTo(const Layout &l, uint32_t n) {
  return unchecked(appendTo(l.shape, n, IntTuple(kStatic1)), appendTo(l.stride, n, IntTuple(kStatic0)));
}

Layout prependTo(const Layout &l, uint32_t n) {
  return unchecked(prependTo(l.shape, n, IntTuple(kStatic1)), prependTo(l.stride, n, IntTuple(kStatic0)));
}

Layout append(const Layout &l, const Layout &x) {
  return unchecked(append(l.shape, x.shape), append(l.stride, x.stride));
}

Layout prepend(const Layout &l, const Layout &x) {
  return unchecked(prepend(l.shape, x.shape), prepend(l.stride, x.stride));
}

Expected<Layout> appendToRank(const Layout &l, uint32_t n, const Layout &x) {
  CL_CHECK(checkPadding(l.rank(), l.shape.view().span(), n, x.shape.view().span(), [&] { return print(l); }));
  return unchecked(appendTo(l.shape, n, x.shape), appendTo(l.stride, n, x.stride));
}

Expected<Layout> prependToRank(const Layout &l, uint32_t n, const Layout &x) {
  CL_CHECK(checkPadding(l.rank(), l.shape.view().span(), n, x.shape.view().span(), [&] { return print(l); }));
  return unchecked(prependTo(l.shape, n, x.shape), prependTo(l.stride, n, x.stride));
}

Expected<Layout> replace(const Layout &l, uint32_t i, const Layout &x) {
  if (i >= l.rank())
    return makeError("replace: mode " + std::to_string(i) + " is past the rank of " + print(l) + ", which is " +
                     std::to_string(l.rank()));
  return unchecked(replaceAt(l.shape, i, x.shape), replaceAt(l.stride, i, x.stride));
}

Expected<Int> crd2idx(TupleView coord, const Layout &l) { return crd2idx(coord, l.shape, l.stride); }

Expected<Layout> slice(TupleView coord, const Layout &l) {
  IntTuple s = CL_TRY(slice(coord, l.shape));
  IntTuple d = CL_TRY(slice(coord, l.stride));
  return unchecked(std::move(s), std::move(d));
}

Expected<Layout> dice(TupleView coord, const Layout &l) {
  IntTuple s = CL_TRY(dice(coord, l.shape));
  IntTuple d = CL_TRY(dice(coord, l.stride));
  return unchecked(std::move(s), std::move(d));
}

// --- coalesce -------------------------------------------------------------------------

Layout coalesce(const Layout &l) {
  Layout result;
  coalesce(l, result);
  return result;
}

namespace {
/// The coalesce walk (kernels/Coalesce.h) of l's leaves, seeded as `seed` says, written as
/// the result: one mode a leaf. A layout without leaves is its own coalesce.
/// Receives the walk's modes (last first) as leaf nodes written backwards from `at`.
struct BackwardNodes {
  Node *s, *d;
  uint32_t at;
  void push(Int shape, Int stride) {
    --at;
    s[at] = Node::leaf(shape);
    d[at] = Node::leaf(stride);
  }
  /// A leaf mode given as its nodes (integer leaves: what push writes for their values).
  void pushNodes(const Node &shape, const Node &stride) {
    --at;
    s[at] = shape;
    d[at] = stride;
  }
};

/// The walk where every extent is a runtime integer (kernels::runtimeExtentsWalk: CuTe
/// merges and drops nothing), its k modes written straight into the result in order, a
/// leaf for one mode. False (result unspecified) where it declines or the nodes would not
/// fit inline.
template <kernels::Seed seed> bool runtimeExtentsInto(const Node *s, const Node *d, Layout &result) {
  uint32_t k = 0;
  for (uint32_t i = 0, e = s->span; i < e; ++i)
    k += s[i].kind != NodeKind::Tuple;
  uint32_t first = k == 1 ? 0 : 1;
  if (k == 0 || first + k > kernels::kMaxNodes)
    return false;
  NodeVec &shape = LayoutBuilder::nodesOf(result.shape), &stride = LayoutBuilder::nodesOf(result.stride);
  BackwardNodes out{shape.data(), stride.data(), first + k};
  if (!kernels::runtimeExtentsWalk<seed>(s, d, out, k))
    return false;
  if (first) {
    writeNode(out.s, k, nodeTag(k + 1, NodeKind::Tuple, true));
    writeNode(out.d, k, nodeTag(k + 1, NodeKind::Tuple, true));
  }
  shape.resizeWithinInline(first + k);
  stride.resizeWithinInline(first + k);
  return true;
}

template <kernels::Seed seed> void coalesceInto(const Layout &l, Layout &result) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  uint32_t back = s->span - 1; // a runtime last leaf: maybe every extent is runtime
  if (kernels::fastPathsEnabled() && !detail::tracing()) {
    if (!s[back].isStatic) {
      if (runtimeExtentsInto<seed>(s, d, result))
        return;
    } else {
      // A static last leaf: maybe every leaf is static. coalesceNodes' first stage, its modes
      // kept as StaticDomain's plain integers (no flags to store and read back).
      kernels::StaticDomain fast;
      kernels::FlatModes<kernels::StaticDomain> modes;
      if (kernels::coalesceWalk<seed>(fast, kernels::ReversedNodeLeaves<kernels::StaticDomain>(s, d), modes) &&
          !modes.full) {
        kernels::NodeOut out(result);
        kernels::writeModes(modes, out);
        out.finish(); // at most 33 nodes: they fit
        return;
      }
    }
  }
  kernels::FlatModes<kernels::CuteDomain> modes;
  if (!kernels::coalesceNodes<seed>(s, d, modes)) {
    result = l; // (): nothing to merge
    return;
  }
  if (modes.rank() < kernels::kMaxNodes) {
    kernels::NodeOut out(result);
    kernels::writeModes(modes, out);
    out.finish();
    return;
  }
  LayoutBuilder out(result, false);
  kernels::writeModes(modes, out);
  out.finish();
}
} // namespace

void coalesce(const Layout &l, Layout &result) { coalesceInto<kernels::Seed::Shape>(l, result); }

namespace {
/// f on the modes the profile covers, the rest kept (CuTe's transform_layout by profile).
template <class F> Expected<Layout> byProfile(const char *op, const Layout &l, TupleView profile, F f) {
  if (profile.rank() > l.rank())
    return makeError(std::string(op) + ": profile " + print(profile) + " has more modes than " + print(l));
  return transformModes(l, profile.rank(), /*keepRest=*/true,
                        [&](uint32_t i, const Layout &m) { return f(m, profile.child(i)); });
}
} // namespace

Expected<Layout> coalesce(const Layout &l, TupleView profile) {
  if (!profile.isTuple())
    return coalesce(l);
  return byProfile("coalesce", l, profile, [](const Layout &m, TupleView p) { return coalesce(m, p); });
}

Expected<Layout> filterZeros(const Layout &l) {
  IntTuple s = CL_TRY(filterZeros(l.stride, l.shape));
  return Layout{std::move(s), l.stride};
}

Expected<Layout> filterZeros(const Layout &l, TupleView profile) {
  IntTuple s = CL_TRY(filterZeros(profile, l.shape));
  return Layout{std::move(s), l.stride};
}

Layout filter(const Layout &l) {
  Layout result;
  filter(l, result);
  return result;
}

// coalesce(filter_zeros(l)) on the flat leaves, where a static-0 stride makes its extent _1.
void filter(const Layout &l, Layout &result) { coalesceInto<kernels::Seed::ZerosAsUnit>(l, result); }

Expected<Layout> filter(const Layout &l, TupleView profile) {
  if (!profile.isTuple())
    return filter(l);
  return byProfile("filter", l, profile, [](const Layout &m, TupleView p) { return filter(m, p); });
}

CUTELAYOUT_ABI_END
} // namespace cutelayout

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

int64_t firstDifference(const Layout &a, const Layout &b) {
  Layout ca = coalesce(staticTwin(a)), cb = coalesce(staticTwin(b));
  IntVec sa, da, sb, db;
  appendLeaves(ca, sa, da);
  appendLeaves(cb, sb, db);
  // A coalesced layout's modes have extents past 1 (but a lone _1:_0), and no mode's
  // stride is the one its predecessor would continue with: the modes are the function's.
  auto sizeOf = [](const IntVec &s) {
    int64_t n = 1;
    for (Int x : s)
      if (__builtin_mul_overflow(n, x.value, &n))
        return INT64_MAX;
    return n;
  };
  int64_t prefix = 1;
  for (uint32_t j = 0; j < sa.size() && j < sb.size(); ++j) {
    int64_t s = sa[j].value, t = sb[j].value;
    bool sameStride = da[j].value == db[j].value && da[j].basis == db[j].basis;
    if (s == t && sameStride) {
      if (__builtin_mul_overflow(prefix, s, &prefix))
        return INT64_MAX;
      continue;
    }
    if (s <= 1 || t <= 1) // a lone _1:_0: one of them has size `prefix`
      return prefix;
    if (!sameStride)
      return prefix;
    int64_t at;
    return __builtin_mul_overflow(prefix, s < t ? s : t, &at) ? INT64_MAX : at;
  }
  int64_t na = sizeOf(sa), nb = sizeOf(sb);
  return na == nb ? -1 : (na < nb ? na : nb);
}

bool inverts(const Layout &inner, const Layout &outer, int64_t n) {
  Layout in = staticTwin(inner), out = staticTwin(outer);
  if (cosize(in).value > size(out).value)
    return false;
  if (n > 4096) { // past a few thousand indices: outer o inner must be n:1 on [0, n)
    Expected<Layout> both = composition(out, in);
    return both && size(*both).value >= n &&
           firstDifference(*both, Layout{IntTuple(size(*both)), IntTuple(kStatic1)}) < 0;
  }
  for (int64_t i = 0; i < n; ++i) {
    Expected<Int> x = crd2idx(IntTuple(Int::fixed(i)), in);
    Expected<Int> y = x ? crd2idx(IntTuple(*x), out) : Expected<Int>(x.error());
    if (!y || y->value != i)
      return false;
  }
  return true;
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
