// The fast domains (core/lib/kernels/NodeOut.h: StaticDomain, BoundedCuteDomain, and the
// index functions' fast stages) against the exact domain: on seeded random operands, each
// public operation gives the same answer (values, staticness of every leaf, profile) or the
// same error with the fast paths on and off (kernels::setFastPathsEnabled). Each algebra
// test also checks that the fast domains answer often enough to be worth having.
#include "../lib/kernels/NodeOut.h"
#include "RandomLayouts.h"

#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

#include <functional>

using namespace cutelayout;
using namespace cutelayout::test;
using testing::AssertionFailure;
using testing::AssertionResult;
using testing::AssertionSuccess;

namespace {

/// Each test runs with the fast paths on (whatever CUTELAYOUT_FAST_PATHS says: the test
/// command's general-path run must not skip the comparison) and restores them after.
class FastPaths : public testing::Test {
protected:
  void SetUp() override {
    saved_ = kernels::fastPathsEnabled();
    kernels::setFastPathsEnabled(true);
  }
  void TearDown() override { kernels::setFastPathsEnabled(saved_); }

private:
  bool saved_ = true;
};

/// Runs f with the fast paths off, then on again.
template <class F> auto exactly(F f) {
  kernels::setFastPathsEnabled(false);
  auto r = f();
  kernels::setFastPathsEnabled(true);
  return r;
}

struct Tally {
  int tried = 0;
  int fast = 0;
};

std::string describe(const Expected<Layout> &r) { return r ? print(*r, Style::Cute) : "error: " + r.error().message; }

/// `op` gives the same answer or error with the fast paths on as with them off; counts
/// whether a fast domain answered (kernels::fastAnswers).
AssertionResult agree(const std::string &what, const std::function<Expected<Layout>()> &op, Tally &tally) {
  ++tally.tried;
  Expected<Layout> expected = exactly(op);
  uint64_t before = kernels::fastAnswers();
  Expected<Layout> answer = op();
  if (kernels::fastAnswers() != before)
    ++tally.fast;
  if (describe(answer) != describe(expected) || (answer && *answer != *expected))
    return AssertionFailure() << what << ": with the fast paths " << describe(answer) << ", without "
                              << describe(expected);
  return AssertionSuccess();
}

/// The fast domains answer at least `percent` of the inputs (set a little below the share
/// measured on 2026-11-28: the random operands below also bring failing conditions,
/// overflows, `_`, nested tilers and rank-1 zips, which the exact domain answers).
void expectOften(const Tally &t, int percent) {
  EXPECT_GE(t.fast * 100, t.tried * percent)
      << "the fast domains answered only " << t.fast << " of " << t.tried << " inputs";
}

Strides anyStrides(LayoutGen &gen) {
  return gen.oneOf<Strides>({Strides::Compact, Strides::PermutedCompact, Strides::Gapped, Strides::Arbitrary});
}

/// A layout with random strides and a random mix of dynamic leaves, sometimes negative.
Layout operand(LayoutGen &gen, int64_t maxSize = 256) {
  Layout l = gen.withLeaves(gen.layout(anyStrides(gen), maxSize), gen.anyLeaves());
  return gen.coin(10) ? gen.withNegativeStrides(l, 30) : l;
}

/// A tiler for a: a layout, an extent, or a tuple of extents, layouts and `_`.
Tiler tilerFor(LayoutGen &gen, const Layout &a) {
  int64_t choice = gen.pick(0, 99);
  if (choice < 20)
    return tilerFromLayout(gen.withLeaves(gen.layoutInto(sizeOf(a)), gen.anyLeaves()));
  if (choice < 30)
    return tilerFromShape(IntTuple(Int::fixed(gen.pick(1, 16))));
  uint32_t r = uint32_t(gen.pick(1, a.rank()));
  std::vector<Tiler> elements;
  for (uint32_t i = 0; i < r; ++i) {
    int64_t c = gen.pick(0, 99);
    int64_t n = sizeOf(a.mode(i));
    if (c < 5)
      elements.push_back(underscoreTiler());
    else if (c < 60)
      elements.push_back(tilerFromShape(
          IntTuple(gen.coin(20) ? Int::dynamic(gen.pick(1, 8)) : Int::fixed(gen.pick(1, n > 1 ? n : 2)))));
    else // sometimes with negative strides (a leaf n:-e reaches the products' cotarget through abs)
      elements.push_back(tilerFromLayout(gen.coin(15) ? gen.withNegativeStrides(gen.layoutInto(n > 1 ? n : 2), 50)
                                                      : gen.layoutInto(n > 1 ? n : 2)));
  }
  return makeTile(elements.data(), r);
}

constexpr int kCases = 3000;

/// The divides and the products by a tiler, and by a shape read as one, indexed by form
/// (logical, zipped, tiled, flat).
constexpr int kForms[] = {0, 1, 2, 3};
using ByTiler = Expected<Layout> (*)(const Layout &, TilerRef);
const ByTiler kDivides[] = {logicalDivide, zippedDivide, tiledDivide, flatDivide};
const ByTiler kProducts[] = {logicalProduct, zippedProduct, tiledProduct, flatProduct};
using ByShape = Expected<bool> (*)(const Layout &, TilerRef, Layout &);
const ByShape kShapeDivides[] = {logicalDivide, zippedDivide, tiledDivide, flatDivide};
const ByShape kShapeProducts[] = {logicalProduct, zippedProduct, tiledProduct, flatProduct};

/// The public divide (or product) by a tiler in a form.
ByTiler publicByTiler(bool isProduct, int form) { return (isProduct ? kProducts : kDivides)[form]; }

/// How a failure names a divide (or product) of a by a tiler shown as `tiler`, in a form.
std::string byTilerLabel(bool isProduct, int form, const Layout &a, const std::string &tiler) {
  return (isProduct ? "product " : "divide ") + std::to_string(form) + " (" + show(a) + ", " + tiler + ")";
}

TEST_F(FastPaths, CompositionAgrees) {
  for (bool pow2 : {true, false}) {
    LayoutGen gen(0x57A1'0001 + pow2, pow2);
    Tally t;
    for (int k = 0; k < kCases; ++k) {
      Layout a = operand(gen), b = gen.withLeaves(gen.layoutInto(sizeOf(a)), gen.anyLeaves());
      ASSERT_TRUE(agree("composition(" + show(a) + ", " + show(b) + ")", [&] { return composition(a, b); }, t));
    }
    expectOften(t, pow2 ? 90 : 80);
  }
}

TEST_F(FastPaths, ComplementAgrees) {
  LayoutGen gen(0x57A1'0002);
  Tally bounded, unbounded;
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen);
    IntTuple bound(gen.coin(20) ? Int::dynamic(gen.pick(1, 1024)) : Int::fixed(gen.pick(1, 1024)));
    if (gen.coin(30)) // a flat tuple bound, leaves static or dynamic
      bound =
          IntTuple::makeTuple({IntTuple(gen.coin(50) ? Int::dynamic(gen.pick(1, 64)) : Int::fixed(gen.pick(1, 64))),
                               IntTuple(gen.coin(50) ? Int::dynamic(gen.pick(1, 64)) : Int::fixed(gen.pick(1, 64)))});
    ASSERT_TRUE(
        agree("complement(" + show(l) + ", " + show(bound) + ")", [&] { return complement(l, bound); }, bounded));
    ASSERT_TRUE(agree("complement(" + show(l) + ")", [&] { return complement(l); }, unbounded));
  }
  expectOften(bounded, 50);
  expectOften(unbounded, 50);
}

TEST_F(FastPaths, DividesAgree) {
  for (bool pow2 : {true, false}) {
    LayoutGen gen(0x57A1'0003 + pow2, pow2);
    Tally t;
    for (int k = 0; k < kCases; ++k) {
      Layout a = operand(gen);
      Tiler tiler = tilerFor(gen, a);
      for (int form : kForms)
        ASSERT_TRUE(agree(
            byTilerLabel(false, form, a, print(tiler, Style::Cute)),
            [&] { return publicByTiler(false, form)(a, tiler); }, t));
    }
    expectOften(t, 45);
  }
}

TEST_F(FastPaths, ProductsAgree) {
  LayoutGen gen(0x57A1'0004, /*powersOfTwo=*/true);
  Tally t, ranked;
  for (int k = 0; k < kCases; ++k) {
    Layout a = operand(gen, 64);
    Tiler tiler = tilerFor(gen, a);
    for (int form : kForms)
      ASSERT_TRUE(agree(
          byTilerLabel(true, form, a, print(tiler, Style::Cute)), [&] { return publicByTiler(true, form)(a, tiler); },
          t));
    Layout b = operand(gen, 64);
    for (bool blocked : {true, false})
      ASSERT_TRUE(agree(
          std::string(blocked ? "blocked" : "raked") + "_product(" + show(a) + ", " + show(b) + ")",
          [&] { return blocked ? blockedProduct(a, b) : rakedProduct(a, b); }, ranked));
  }
  expectOften(t, 45);
  expectOften(ranked, 32);
}

/// Tilers whose elements are leaves n:e with e of either sign or 0: the divides' and
/// products' leaf pairs, where a static pair is computed on values (e reaches the
/// products' cotarget through abs).
TEST_F(FastPaths, LeafTilersAgree) {
  LayoutGen gen(0x57A1'0011, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout a = operand(gen, 64);
    uint32_t r = uint32_t(gen.pick(1, a.rank()));
    std::vector<Tiler> elements;
    for (uint32_t i = 0; i < r; ++i) {
      int64_t n = gen.pick(1, 8), e = gen.pick(-4, 4);
      elements.push_back(tilerFromLayout(Layout{IntTuple(gen.coin(20) ? Int::dynamic(n) : Int::fixed(n)),
                                                IntTuple(gen.coin(20) ? Int::dynamic(e) : Int::fixed(e))}));
    }
    Tiler tiler = makeTile(elements.data(), r);
    for (bool isProduct : {false, true})
      for (int form : kForms)
        ASSERT_TRUE(agree(
            byTilerLabel(isProduct, form, a, print(tiler, Style::Cute)),
            [&] { return publicByTiler(isProduct, form)(a, tiler); }, t));
  }
  expectOften(t, 55);
}

TEST_F(FastPaths, CoalesceAndFilterAgree) {
  LayoutGen gen(0x57A1'0005);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen);
    ASSERT_TRUE(agree("coalesce(" + show(l) + ")", [&]() -> Expected<Layout> { return coalesce(l); }, t));
    ASSERT_TRUE(agree("filter(" + show(l) + ")", [&]() -> Expected<Layout> { return filter(l); }, t));
  }
  // coalesce and filter are the walk alone (kernels/Coalesce.h picks its domain): no count.
}

TEST_F(FastPaths, InversesAgree) {
  LayoutGen gen(0x57A1'0007);
  Tally right, left;
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen);
    ASSERT_TRUE(agree("right_inverse(" + show(l) + ")", [&] { return rightInverse(l); }, right));
    ASSERT_TRUE(agree("left_inverse(" + show(l) + ")", [&] { return leftInverse(l); }, left));
  }
  expectOften(right, 95);
  expectOften(left, 48);
}

TEST_F(FastPaths, TileToShapeAgrees) {
  LayoutGen gen(0x57A1'0008, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout block = operand(gen, 64);
    // A target of block's rank: each mode a multiple of the block's (sometimes not, or
    // dynamic, or nested).
    TupleBuilder b;
    b.open();
    for (uint32_t i = 0; i < block.rank(); ++i) {
      int64_t n = sizeOf(block.mode(i)) * gen.pick(1, 4) + (gen.coin(10) ? 1 : 0);
      Int x = gen.coin(20) ? Int::dynamic(n) : Int::fixed(n);
      if (gen.coin(10)) {
        b.open();
        b.leaf(x);
        b.leaf(Int::fixed(gen.pick(1, 2)));
        b.close();
      } else {
        b.leaf(x);
      }
    }
    b.close();
    IntTuple target = b.finish();
    ASSERT_TRUE(agree(
        "tile_to_shape(" + show(block) + ", " + show(target) + ")", [&] { return tileToShape(block, target, nullptr); },
        t));
  }
  expectOften(t, 12); // rank-1 blocks (a third of them) and targets that do not divide take the exact path
}

TEST_F(FastPaths, IndexToOffsetAgrees) {
  LayoutGen gen(0x57A1'0009);
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen);
    int64_t n = sizeOf(l);
    for (Int idx : {Int::fixed(gen.pick(0, n)), Int::dynamic(gen.pick(0, 2 * n)), Int::fixed(0)}) {
      Expected<Int> expected = exactly([&] { return crd2idx(IntTuple(idx), l); });
      Expected<Int> viaPublic = crd2idx(IntTuple(idx), l);
      ASSERT_EQ(viaPublic.ok(), expected.ok());
      if (viaPublic) {
        ASSERT_EQ(*viaPublic, *expected) << "crd2idx(" << print(idx) << ", " << show(l) << ")";
      }
    }
  }
}

TEST_F(FastPaths, ShapeTilersAgree) {
  LayoutGen gen(0x57A1'000A, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout a = operand(gen, 64);
    // A shape of extents (sometimes dynamic, `_` or nested) of rank up to a's.
    TupleBuilder b;
    uint32_t r = uint32_t(gen.pick(1, a.rank()));
    bool leaf = gen.coin(10);
    if (!leaf)
      b.open();
    for (uint32_t i = 0; i < (leaf ? 1 : r); ++i) {
      int64_t c = gen.pick(0, 99);
      if (c < 5) {
        b.underscore();
      } else if (c < 10) {
        b.open();
        b.leaf(Int::fixed(2));
        b.leaf(Int::fixed(2));
        b.close();
      } else {
        b.leaf(gen.coin(20) ? Int::dynamic(gen.pick(1, 8)) : Int::fixed(gen.pick(1, 8)));
      }
    }
    if (!leaf)
      b.close();
    IntTuple shape = b.finish();
    for (bool isProduct : {false, true})
      for (int form : kForms)
        ASSERT_TRUE(agree(
            byTilerLabel(isProduct, form, a, show(shape)),
            [&]() -> Expected<Layout> {
              // The general path by the tiler the shape stands for, and the
              // shape overload (fast paths on or off) must agree with it.
              Layout viaShape;
              Expected<bool> s = (isProduct ? kShapeProducts : kShapeDivides)[form](a, shape, viaShape);
              Expected<Layout> byTiler = publicByTiler(isProduct, form)(a, tilerFromShape(shape));
              if (s.ok() != byTiler.ok() || (s && print(viaShape, Style::Cute) != print(*byTiler, Style::Cute)))
                return makeError("the shape overload disagrees with the tiler: " +
                                 (s ? print(viaShape, Style::Cute) : s.error().message));
              return byTiler;
            },
            t));
  }
  expectOften(t, 50);
}

/// The divides and products by a layout read as a tiler (the layout-tiler overloads, with
/// the fast paths on and off) agree with those by the tiler tilerFromLayout builds.
TEST_F(FastPaths, LayoutTilersAgree) {
  using ByLayoutInto = Expected<bool> (*)(const Layout &, TilerRef, Layout &);
  using ByLayout = Expected<Layout> (*)(const Layout &, TilerRef);
  const ByLayoutInto divides[] = {logicalDivide, zippedDivide, tiledDivide, flatDivide};
  const ByLayoutInto products[] = {logicalProduct, zippedProduct, tiledProduct, flatProduct};
  const ByLayout dividesReturning[] = {logicalDivide, zippedDivide, tiledDivide, flatDivide};
  const ByLayout productsReturning[] = {logicalProduct, zippedProduct, tiledProduct, flatProduct};
  LayoutGen gen(0x57A1'000B, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout a = operand(gen, 64);
    // A tiler layout into size(a) (the divides' usual case), or any layout.
    Layout b = gen.coin(70) ? gen.withLeaves(gen.layoutInto(sizeOf(a)), gen.anyLeaves()) : operand(gen, 16);
    for (bool isProduct : {false, true})
      for (int form : kForms)
        ASSERT_TRUE(agree(
            byTilerLabel(isProduct, form, a, show(b)),
            [&]() -> Expected<Layout> {
              Layout viaLayout;
              Expected<bool> s = (isProduct ? products : divides)[form](a, b, viaLayout);
              Expected<Layout> returned = (isProduct ? productsReturning : dividesReturning)[form](a, b);
              Expected<Layout> byTiler = publicByTiler(isProduct, form)(a, tilerFromLayout(b));
              if (s.ok() != byTiler.ok() || (s && print(viaLayout, Style::Cute) != print(*byTiler, Style::Cute)) ||
                  describe(returned) != describe(byTiler))
                return makeError("the layout overloads disagree with the tiler: " +
                                 (s ? print(viaLayout, Style::Cute) : s.error().message) + ", " + describe(returned));
              if (!s && s.error().message != byTiler.error().message)
                return makeError("the layout overload's error differs: " + s.error().message);
              return byTiler;
            },
            t));
  }
  expectOften(t, 52);
}

/// A leaf drawn from values, dynamic in 30% of draws; an extent stays positive
/// (CuTe's shapes are): 0 or less becomes 2.
Int extremeLeaf(LayoutGen &gen, const std::vector<int64_t> &values, bool extent) {
  int64_t v = gen.oneOf(values);
  if (extent && v <= 0)
    v = 2;
  return gen.coin(30) ? Int::dynamic(v) : Int::fixed(v);
}

/// A flat layout of 1 to 3 modes of extremeLeaf leaves (shape, then stride, mode by mode);
/// with anyExtents, the shape's leaves are drawn as the strides' are, non-positive ones too.
Layout extremeLayout(LayoutGen &gen, const std::vector<int64_t> &values, bool anyExtents = false) {
  TupleBuilder s, d;
  uint32_t r = uint32_t(gen.pick(1, 3));
  s.open();
  d.open();
  for (uint32_t i = 0; i < r; ++i) {
    s.leaf(extremeLeaf(gen, values, !anyExtents));
    d.leaf(extremeLeaf(gen, values, false));
  }
  s.close();
  d.close();
  return Layout{s.finish(), d.finish()};
}

/// Leaves at the edges: zero, one, negative, and values whose products overflow int64.
/// The fast domains must decline wherever the exact domain fails or overflows, and agree
/// elsewhere.
TEST_F(FastPaths, AgreesOnExtremeValues) {
  LayoutGen gen(0x57A1'000B);
  const std::vector<int64_t> values = {
      0, 1, -1, 2, 3, -4, 7, 64, int64_t(1) << 31, int64_t(1) << 40, int64_t(1) << 62, INT64_MAX, INT64_MIN + 1};
  auto leaf = [&](bool stride) { return extremeLeaf(gen, values, !stride); };
  auto layout = [&] { return extremeLayout(gen, values); };
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout a = layout(), b = layout();
    IntTuple bound(leaf(false));
    IntTuple shape = IntTuple::makeTuple({IntTuple(leaf(false)), IntTuple(leaf(false))});
    std::string what = show(a) + ", " + show(b);
    ASSERT_TRUE(agree("composition(" + what + ")", [&] { return composition(a, b); }, t));
    ASSERT_TRUE(agree("complement(" + what + ")", [&] { return complement(a, bound); }, t));
    ASSERT_TRUE(agree("complement(" + show(a) + ")", [&] { return complement(a); }, t));
    for (int form : {0, 1}) {
      ASSERT_TRUE(agree(
          "divide(" + show(a) + ", " + show(shape) + ")", [&] { return kDivides[form](a, tilerFromShape(shape)); }, t));
      ASSERT_TRUE(agree(
          "product(" + show(a) + ", " + show(shape) + ")", [&] { return kProducts[form](a, tilerFromShape(shape)); },
          t));
    }
    ASSERT_TRUE(agree("blocked_product(" + what + ")", [&] { return blockedProduct(a, b); }, t));
    ASSERT_TRUE(agree("right_inverse(" + show(a) + ")", [&] { return rightInverse(a); }, t));
    ASSERT_TRUE(agree("left_inverse(" + show(a) + ")", [&] { return leftInverse(a); }, t));
    ASSERT_TRUE(agree("coalesce(" + show(a) + ")", [&]() -> Expected<Layout> { return coalesce(a); }, t));
    ASSERT_TRUE(agree(
        "tile_to_shape(" + show(a) + ", " + show(shape) + ")", [&] { return tileToShape(a, shape, nullptr); }, t));
  }
  expectOften(t, 18);
}

/// A 1-D index into shapes and strides whose every leaf is dynamic, nested or flat, as
/// CuTe's runtime-integer layouts are, or whose every leaf and the index are static:
/// crd2idx's and idx2crd's plain walks (plainOffsetOf, plainSplitNodes) against the
/// general path, with indices and leaves at the edges (zero and negative extents, negative
/// indices, overflowing products).
TEST_F(FastPaths, PlainIndexWalksAgree) {
  LayoutGen gen(0x57A1'0013);
  const std::vector<int64_t> edges = {0, 1, -1, 2, -3, int64_t(1) << 31, int64_t(1) << 62, INT64_MAX, INT64_MIN};
  for (int k = 0; k < 2 * kCases; ++k) {
    bool allStatic = k % 2 == 1; // every leaf and the index static: the static plain walk
    auto leaf = [&](int64_t v) { return allStatic ? Int::fixed(v) : Int::dynamic(v); };
    Layout l = gen.withLeaves(gen.layout(anyStrides(gen), 256), allStatic ? Leaves::Static : Leaves::Dynamic);
    if (gen.coin(10)) // a leaf at an edge
      l = Layout{mapLeaves(l.shape, [&](Int x) { return gen.coin(20) ? leaf(gen.oneOf(edges)) : x; }),
                 mapLeaves(l.stride, [&](Int x) { return gen.coin(20) ? leaf(gen.oneOf(edges)) : x; })};
    int64_t n = sizeOf(l); // indices up to twice the size (an edge size: 2^20)
    if (n <= 0 || n > (int64_t(1) << 40))
      n = int64_t(1) << 20;
    Int idx = leaf(gen.coin(10) ? gen.oneOf(edges) : gen.pick(-n, 2 * n));
    std::string what = "(" + print(idx) + ", " + show(l) + ")";
    // crd2idx
    auto offsetOf = [&] {
      ArithScope scope;
      Expected<Int> r = crd2idx(IntTuple(idx), l);
      return scope.failed() ? std::string("overflow") : r ? print(*r, Style::Cute) : "error: " + r.error().message;
    };
    std::string expected = exactly(offsetOf);
    ASSERT_EQ(offsetOf(), expected) << "with the fast paths, crd2idx" << what;
    // idx2crd
    auto split = [&] {
      ArithScope scope;
      Expected<IntTuple> r = idx2crd(IntTuple(idx), l.shape);
      return scope.failed() ? std::string("overflow") : r ? print(*r, Style::Cute) : "error: " + r.error().message;
    };
    expected = exactly(split);
    ASSERT_EQ(split(), expected) << "with the fast paths, idx2crd" << what;
  }
}

/// With placeholder dynamic values (the dialect's types), the general path checks static
/// leaves only; the fast domains decline what they cannot check, so answers still agree.
TEST_F(FastPaths, AgreesWithUnknownDynamicValues) {
  UnknownDynamicValues unknown;
  LayoutGen gen(0x57A1'0006, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < kCases; ++k) {
    Layout a = operand(gen);
    Tiler tiler = tilerFor(gen, a);
    ASSERT_TRUE(agree(
        "logical_divide(" + show(a) + ", " + print(tiler, Style::Cute) + ")", [&] { return logicalDivide(a, tiler); },
        t));
  }
  expectOften(t, 48);
}

/// An order for shape: weakly congruent with it (a leaf orders a whole subtree), sometimes
/// not (a tuple order where the shape has a leaf, or of another rank); values in [-3, 6]
/// with ties, static or runtime, and now and then one at the int64 edge.
IntTuple orderFor(LayoutGen &gen, TupleView shape) {
  TupleBuilder b;
  std::function<void(TupleView)> build = [&](TupleView s) {
    if (s.isTuple() && !gen.coin(20)) {
      b.open();
      uint32_t r = s.rank();
      if (gen.coin(3))
        r += 1; // not congruent
      for (uint32_t i = 0; i < r; ++i)
        build(i < s.rank() ? s.child(i) : s.child(0));
      b.close();
      return;
    }
    if (!s.isTuple() && gen.coin(2)) { // a tuple where the shape has a leaf
      b.open();
      b.leaf(Int::fixed(0));
      b.close();
      return;
    }
    int64_t v = gen.coin(2) ? INT64_MAX - gen.pick(0, 2) : gen.pick(-3, 6);
    b.leaf(gen.coin(25) ? Int::dynamic(v) : Int::fixed(v));
  };
  build(shape);
  return b.finish();
}

/// compact_order's one pass (make_ordered_layout, and make_layout_like's filtered form)
/// against the general algorithm: strides, staticness, errors and overflow.
TEST_F(FastPaths, CompactOrderAgrees) {
  LayoutGen gen(0xC0DE'0A11);
  auto describeTuple = [](const Expected<IntTuple> &r) {
    return r ? print(r->view(), Style::Cute) : "error: " + r.error().message;
  };
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen, 1 << 12);
    if (gen.coin(10)) // extents of 0 and below, whose products depend on the order of the fold
      l = Layout{mapLeaves(l.shape, [&](Int x) { return gen.coin(30) ? Int{gen.pick(-2, 0), x.isStatic} : x; }),
                 l.stride};
    if (gen.coin(5)) // products past int64
      l = Layout{mapLeaves(l.shape, [&](Int x) { return Int{x.value * (int64_t(1) << 40), x.isStatic}; }),
                 l.stride}; // |x| <= 4096: the scaling itself cannot overflow
    IntTuple order = gen.coin(30) ? l.stride : orderFor(gen, l.shape);
    kernels::setFastPathsEnabled(false);
    ArithScope generalScope;
    Expected<IntTuple> expected = compactOrder(l.shape, order);
    bool generalFailed = generalScope.failed();
    kernels::setFastPathsEnabled(true);
    ArithScope publicScope;
    Expected<IntTuple> viaPublic = compactOrder(l.shape, order);
    ASSERT_EQ(describeTuple(viaPublic), describeTuple(expected)) << show(l.shape) << " by " << show(order);
    ASSERT_TRUE(!viaPublic || *viaPublic == *expected) << show(l.shape) << " by " << show(order);
    ASSERT_EQ(publicScope.failed(), generalFailed) << show(l.shape) << " by " << show(order);
    // make_layout_like on the same layout: the filtered shape's one pass.
    Expected<Layout> like = makeLayoutLike(l);
    Expected<Layout> likeGeneral = exactly([&] { return makeLayoutLike(l); });
    ASSERT_EQ(describe(like), describe(likeGeneral)) << "make_layout_like(" << show(l) << ")";
  }
}

/// filter_zeros(a, b)'s one copy against the general transform: a congruent or weakly
/// congruent with b (a leaf over a subtree), or not pairing; static and runtime zeros; `_`
/// leaves in either.
TEST_F(FastPaths, FilterZerosAgrees) {
  LayoutGen gen(0xF117'0000);
  auto describeTuple = [](const Expected<IntTuple> &r) {
    return r ? print(r->view(), Style::Cute) : "error: " + r.error().message;
  };
  for (int k = 0; k < kCases; ++k) {
    Layout l = operand(gen);
    IntTuple b = l.shape;
    if (gen.coin(10)) { // `_` in b
      TupleBuilder u;
      u.open();
      u.add(b.view());
      u.underscore();
      u.close();
      b = u.finish();
    }
    // a: b's profile with zeros (static or not), or a leaf over a whole subtree, or `_`.
    TupleBuilder ab;
    std::function<void(TupleView)> build = [&](TupleView t) {
      if (t.isTuple() && !gen.coin(15)) {
        ab.open();
        uint32_t r = t.rank() + (gen.coin(3) ? 1 : 0); // sometimes another rank
        for (uint32_t i = 0; i < r; ++i)
          build(t.child(i < t.rank() ? i : 0));
        ab.close();
      } else if (gen.coin(5)) {
        ab.underscore();
      } else if (!t.isTuple() && gen.coin(3)) {
        ab.open(); // a tuple against a leaf
        ab.leaf(Int::fixed(0));
        ab.close();
      } else {
        int64_t v = gen.coin(50) ? 0 : gen.pick(-2, 9);
        ab.leaf(gen.coin(30) ? Int::dynamic(v) : Int::fixed(v));
      }
    };
    build(b.view());
    IntTuple a = ab.finish();
    Expected<IntTuple> expected = exactly([&] { return filterZeros(a.view(), b.view()); });
    Expected<IntTuple> fast = filterZeros(a.view(), b.view());
    ASSERT_EQ(describeTuple(fast), describeTuple(expected)) << show(a.view()) << ", " << show(b.view());
    ASSERT_TRUE(!fast || *fast == *expected) << show(a.view()) << ", " << show(b.view());
  }
}

/// size's and cosize's one passes against the general fold and sum: values, staticness
/// and a reported overflow, on random layouts and on layouts of extreme leaves, static and
/// dynamic.
TEST_F(FastPaths, Idx2crdAgrees) {
  LayoutGen gen(0x57A1'000D);
  const std::vector<int64_t> extremes = {0, 1, -1, 2, 3, -4, int64_t(1) << 31, int64_t(1) << 62, INT64_MAX, INT64_MIN};
  for (int k = 0; k < kCases; ++k) {
    // Shapes with nested modes and a mix of dynamic leaves, or flat ones of extreme leaves.
    IntTuple shape = k % 4 ? operand(gen).shape : extremeLayout(gen, extremes, /*anyExtents=*/true).shape;
    // Indices up to twice the size (sizes past 2^40, from extreme leaves, use 2^20).
    int64_t n = sizeOf(Layout{shape, shape});
    if (n <= 0 || n > (int64_t(1) << 40))
      n = int64_t(1) << 20;
    for (Int idx : {Int::fixed(gen.pick(0, n)), Int::dynamic(gen.pick(0, 2 * n)), Int::fixed(0),
                    Int::dynamic(gen.oneOf(extremes))}) {
      auto general = [&] {
        ArithScope scope;
        Expected<IntTuple> r = idx2crd(IntTuple(idx), shape);
        return scope.failed() ? std::string("overflow") : r ? print(*r, Style::Cute) : "error: " + r.error().message;
      };
      std::string expected = exactly(general);
      ASSERT_EQ(general(), expected) << "with the fast paths, idx2crd(" << print(idx) << ", " << print(shape) << ")";
      Expected<IntTuple> fast = idx2crd(IntTuple(idx), shape);
      Expected<IntTuple> exact = exactly([&] { return idx2crd(IntTuple(idx), shape); });
      ASSERT_TRUE(!fast || !exact || *fast == *exact) << "the nodes differ: idx2crd(" << print(idx) << ")";
      IntTuple into(Int::fixed(7));
      ArithScope scope;
      Expected<bool> s = idx2crdInto(IntTuple(idx), shape, into);
      ASSERT_EQ(scope.failed() ? std::string("overflow")
                : s            ? print(into, Style::Cute)
                               : "error: " + s.error().message,
                expected)
          << "idx2crdInto(" << print(idx) << ", " << print(shape) << ")";
    }
  }
}

TEST_F(FastPaths, SizeAndCosizeAgree) {
  LayoutGen gen(0x57A1'000C);
  // (2^28 and -2^28 - 1 are the first values past cosize's unchecked pass.)
  const std::vector<int64_t> extremes = {0,
                                         1,
                                         -1,
                                         2,
                                         3,
                                         -4,
                                         (int64_t(1) << 28) - 1,
                                         int64_t(1) << 28,
                                         -(int64_t(1) << 28),
                                         -(int64_t(1) << 28) - 1,
                                         int64_t(1) << 31,
                                         int64_t(1) << 62,
                                         INT64_MAX,
                                         INT64_MIN,
                                         INT64_MIN + 1};

  // size or cosize, and whether it reported an arithmetic failure.
  auto run = [](const Layout &l, bool co) {
    ArithScope scope;
    Int c = co ? cosize(l) : size(l);
    return std::make_pair(c, scope.failed());
  };
  for (int k = 0; k < 2 * kCases; ++k) {
    Layout l = k % 2 ? operand(gen, 1 << 20) : extremeLayout(gen, extremes, /*anyExtents=*/true);
    for (bool co : {false, true}) {
      std::pair<Int, bool> expected = exactly([&] { return run(l, co); });
      ASSERT_EQ(run(l, co), expected) << (co ? "cosize(" : "size(") << show(l) << ")";
    }
  }
  // A static 0 ends the fold: no overflow past it, and the size is _0; an overflow before
  // it is reported.
  auto sizeOf = [](const char *text, bool fast) {
    kernels::setFastPathsEnabled(fast);
    ArithScope scope;
    Int n = product(*parseIntTuple(text));
    kernels::setFastPathsEnabled(true);
    return std::make_pair(n, scope.failed());
  };
  for (bool fast : {true, false}) {
    EXPECT_EQ(sizeOf("(4,_0,4611686018427387904,4)", fast), std::make_pair(Int::fixed(0), false));
    EXPECT_TRUE(sizeOf("(4,4611686018427387904,_0)", fast).second);
  }
  // Where some leaf is dynamic: dynamic, unless a static 0 makes it _0 (a dynamic 0 does
  // not); `_` and tuple nodes are skipped.
  ParseOptions runtime;
  runtime.plainIsDynamic = true;
  const std::pair<const char *, Int> sizes[] = {
      {"(_4,8)", Int::dynamic(32)},  {"(8,(_0,_2))", Int::fixed(0)}, {"((0,_4),_2)", Int::dynamic(0)},
      {"(0,(_0,5))", Int::fixed(0)}, {"(_4,_,(_2))", Int::fixed(8)}, {"(_4,_,(2))", Int::dynamic(8)},
  };
  for (const auto &[text, want] : sizes) {
    IntTuple t = *parseIntTuple(text, runtime);
    EXPECT_EQ(product(t), want) << text;
    EXPECT_EQ(exactly([&] { return product(t); }), want) << text;
  }
  // Not congruent (a pair only built by hand: no codomain, _1), a basis, `_`.
  Layout pair{*parseIntTuple("(4,8)"), *parseIntTuple("((1,2),4)")};
  EXPECT_EQ(cosize(pair), Int::fixed(1));
  EXPECT_EQ(cosize(*parseLayout("((8,16),(64,2)):((64,512),(1,8192))")), Int::fixed(16384));
  Layout underscoreShape{*parseIntTuple("(4,_)"), *parseIntTuple("(1,4)")};
  Layout underscoreStride{*parseIntTuple("(4,8)"), *parseIntTuple("(1,_)")};
  Layout underscoreBoth{*parseIntTuple("(4,_)"), *parseIntTuple("(1,_)")};
  Layout otherProfile{*parseIntTuple("((2,2),4)"), *parseIntTuple("(2,(2,4))")};
  Layout basis = *parseLayout("(4,2):(1@0,1@1)");
  for (const Layout *l : {&pair, &underscoreShape, &underscoreStride, &underscoreBoth, &otherProfile, &basis}) {
    ArithScope a;
    Int fast = cosize(*l);
    bool fastFailed = a.failed();
    auto [exact, exactFailed] = exactly([&] {
      ArithScope b;
      Int c = cosize(*l);
      return std::make_pair(c, b.failed());
    });
    EXPECT_EQ(fast, exact) << show(*l);
    EXPECT_EQ(fastFailed, exactFailed) << show(*l);
  }
  // The staticness rule term by term, where some flag is dynamic: a term is static when s
  // is a static 1 or d a static 0, whatever the other leaf; the sum when every term is.
  ParseOptions dynamic;
  dynamic.plainIsDynamic = true;
  const std::pair<const char *, Int> mixed[] = {
      {"(_1,_4):(7,_2)", Int::fixed(7)},          {"(9,_4):(_0,_2)", Int::fixed(7)},
      {"(_1,9):(7,_0)", Int::fixed(1)},           {"(_2,_4):(7,_2)", Int::dynamic(14)},
      {"(_4,(_1,5)):(_2,(3,_0))", Int::fixed(7)}, {"(_4,(_1,5)):(_2,(3,_1))", Int::dynamic(11)},
  };
  for (const auto &[text, want] : mixed) {
    Layout l = *parseLayout(text, dynamic);
    EXPECT_EQ(cosize(l), want) << text;
    EXPECT_EQ(exactly([&] { return cosize(l); }), want) << text;
  }
}

/// Whether a fast domain answered `op` (kernels::fastAnswers).
template <class F> bool answeredFast(F op) {
  uint64_t before = kernels::fastAnswers();
  op();
  return kernels::fastAnswers() != before;
}

/// Inputs the fast domains decline, answered by the exact domain unchanged; and the common
/// cases, which they answer.
TEST_F(FastPaths, DeclinesWhatItCannotDecide) {
  auto layout = [](const char *text) { return *parseLayout(text); };
  // A stride divisibility failure (static leaves): CuTe's error, from the exact domain.
  EXPECT_FALSE(answeredFast([&] { return composition(layout("(4,6):(1,5)"), layout("3:5")); }));
  EXPECT_FALSE(composition(layout("(4,6):(1,5)"), layout("3:5")).ok());
  // A scaled-basis stride, an empty layout, `_` in a bound.
  Layout basis = layout("((4,2),8):((1@0,4@0),1@1)");
  EXPECT_FALSE(answeredFast([&] { return rightInverse(basis); }));
  EXPECT_FALSE(crd2idx(IntTuple(Int::fixed(13)), basis.shape, basis.stride).ok()); // a coordinate, not an index
  EXPECT_FALSE(answeredFast([&] { return complement(layout("():()"), IntTuple(Int::fixed(4))); }));
  EXPECT_FALSE(complement(layout("():()"), IntTuple(Int::fixed(4))).ok());
  // More modes than a fast domain's lists hold (33 that do not merge): the exact domain
  // answers, the same.
  std::string shape, stride;
  int64_t power = 1;
  for (int i = 0; i < 33; ++i) {
    shape += std::string(i ? "," : "(") + "2";
    stride += std::string(i ? "," : "(") + std::to_string(power);
    power *= 3;
  }
  Layout wide = layout((shape + "):" + stride + ")").c_str());
  EXPECT_FALSE(answeredFast([&] { return rightInverse(wide); }));
  EXPECT_EQ(describe(rightInverse(wide)), describe(exactly([&] { return rightInverse(wide); })));
  // Nesting deeper than the writer keeps: the exact domain answers, the same.
  Layout deep = layout("((((((((((4))))))))),2):((((((((((1))))))))),4)");
  EXPECT_FALSE(answeredFast([&] { return composition(layout("8:2"), deep); }));
  EXPECT_EQ(print(*composition(layout("8:2"), deep)), "((((((((((4))))))))),2):((((((((((2))))))))),8)");
  // The common cases answer, static and runtime.
  Layout r;
  EXPECT_TRUE(answeredFast([&] { return zippedDivide(layout("(128,128):(1,128)"), *parseIntTuple("(64,64)"), r); }));
  EXPECT_EQ(print(r), "((64,64),(2,2)):((1,128),(64,8192))");
  ParseOptions runtime;
  runtime.plainIsDynamic = true;
  Layout dynamicA = *parseLayout("(128,128):(_1,_128)", runtime);
  EXPECT_TRUE(answeredFast([&] { return zippedDivide(dynamicA, *parseIntTuple("(_64,_64)"), r); }));
  EXPECT_EQ(print(r, Style::Cute), "((_64,_64),(2,2)):((_1,_128),(_64,_8192))");
  // An overflow: the exact domain reports it.
  Layout huge = layout("(2,2):(4611686018427387904,3)");
  EXPECT_FALSE(answeredFast([&] { return composition(huge, layout("4:5")); }));
  EXPECT_FALSE(composition(huge, layout("4:5")).ok());
  EXPECT_FALSE(complement(layout("2:4611686018427387904"), IntTuple(Int::fixed(4))).ok());
  // A failure reported by the outermost scope is not left pending: the fast domains still answer.
  EXPECT_TRUE(answeredFast([&] { return composition(layout("(2,2):(1,2)"), layout("4:1")); }));
}

} // namespace
