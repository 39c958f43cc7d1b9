// CuTe's postconditions, checked on thousands of seeded random layouts per operation,
// with static and with dynamic leaves. Each checkX asserts every @post of X.
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

using namespace cutelayout;

namespace {

constexpr int kCases = 3000;

/// Seeded generator of small layouts: rank 1..3, depth <= 2, power-of-two extents 1..8
/// and strides 0..32. Powers of two meet CuTe's divisibility preconditions; with other
/// values CuTe (and so this library) may legitimately return a different function.
class Gen {
public:
  explicit Gen(uint64_t seed) : rng_(seed) {}

  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  bool coin(int percent) { return pick(1, 100) <= percent; }

  /// A shape of random profile, leaves static or (when dynamic) mostly runtime values.
  IntTuple shape(bool dynamic, int depth = 0) {
    if (depth >= 2 || coin(depth == 0 ? 20 : 60))
      return IntTuple(leaf(int64_t(1) << pick(0, depth == 0 ? 3 : 2), dynamic));
    TupleBuilder b;
    b.open();
    int r = int(pick(1, 3));
    for (int i = 0; i < r; ++i)
      b.add(shape(dynamic, depth + 1));
    b.close();
    return b.finish();
  }

  Int leaf(int64_t v, bool dynamic) { return dynamic && coin(80) ? Int::dynamic(v) : Int::fixed(v); }

  /// Compact strides of `s` in a random mode order (an injective layout).
  Layout permutedCompact(const IntTuple &s, bool dynamic) {
    IntTuple flat = flattenToTuple(s);
    std::vector<uint32_t> order(flat.rank());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng_);
    std::vector<int64_t> strides(flat.rank());
    int64_t next = 1;
    for (uint32_t k : order) {
      strides[k] = next;
      next *= flat.child(k).asInt().value;
    }
    TupleBuilder b;
    b.open();
    for (int64_t d : strides)
      b.leaf(leaf(d, dynamic));
    b.close();
    return Layout{s, unflatten(b.finish(), s)};
  }

  /// Any strides in 0..32.
  Layout arbitrary(const IntTuple &s, bool dynamic) {
    IntTuple flat = flattenToTuple(s);
    TupleBuilder b;
    b.open();
    for (uint32_t i = 0; i < flat.rank(); ++i)
      b.leaf(leaf(coin(15) ? 0 : int64_t(1) << pick(0, 5), dynamic));
    b.close();
    return Layout{s, unflatten(b.finish(), s)};
  }

  Layout layout(bool dynamic) {
    IntTuple s = shape(dynamic);
    return coin(50) ? permutedCompact(s, dynamic) : arbitrary(s, dynamic);
  }

private:
  std::mt19937_64 rng_;
};

/// t with every leaf dynamic.
IntTuple allDynamic(TupleView t) {
  if (!t.isTuple())
    return IntTuple(Int::dynamic(t.asInt().value));
  TupleBuilder b;
  b.open();
  for (TupleView c : t)
    b.add(allDynamic(c));
  b.close();
  return b.finish();
}

int64_t eval(const Layout &l, int64_t i) {
  Expected<Int> r = crd2idx(IntTuple(Int::dynamic(i)), l);
  EXPECT_TRUE(r.ok());
  return r.ok() ? r->value : -1;
}

std::string show(const Layout &l) { return print(l, Style::Cute); }

/// Counts checked and skipped cases so no property passes vacuously.
struct Tally {
  int checked = 0, skipped = 0;
  void expectMostlyChecked(const char *what, int minPercent) const {
    EXPECT_GE(checked * 100, (checked + skipped) * minPercent)
        << what << ": only " << checked << " of " << checked + skipped << " cases were checked";
  }
};

void checkComposition(const Layout &a, const Layout &b, Tally &t) {
  Expected<Layout> r = composition(a, b);
  if (!r) {
    ++t.skipped;
    return;
  }
  ++t.checked;
  EXPECT_TRUE(compatible(b.shape, r->shape)) << show(a) << " o " << show(b) << " = " << show(*r);
  for (int64_t i = 0; i < size(b).value; ++i)
    ASSERT_EQ(eval(*r, i), eval(a, eval(b, i))) << show(a) << " o " << show(b) << " at " << i;
}

void checkComplement(const Layout &a, int64_t bound, Tally &t) {
  Expected<Layout> r = complement(a, IntTuple(Int::fixed(bound)));
  if (!r) {
    ++t.skipped;
    return;
  }
  ++t.checked;
  std::set<int64_t> image;
  for (int64_t i = 0; i < size(a).value; ++i)
    image.insert(eval(a, i));
  for (int64_t i = 0; i < size(*r).value; ++i) {
    if (i > 0)
      ASSERT_LT(eval(*r, i - 1), eval(*r, i)) << "complement(" << show(a) << ") not ordered: " << show(*r);
    if (i > 0)
      ASSERT_EQ(image.count(eval(*r, i)), 0u) << "complement(" << show(a) << ") = " << show(*r) << " hits A";
  }
  EXPECT_GE(cosize(concat({a, *r})).value, bound) << show(a) << " with " << show(*r);
  // (A, complement) is injective.
  Layout both = concat({a, *r});
  std::set<int64_t> seen;
  for (int64_t i = 0; i < size(both).value; ++i)
    ASSERT_TRUE(seen.insert(eval(both, i)).second) << show(both) << " repeats an offset";
}

void checkSameFunction(const Layout &x, const Layout &y, const std::string &what) {
  ASSERT_EQ(size(x).value, size(y).value) << what;
  for (int64_t i = 0; i < size(x).value; ++i)
    ASSERT_EQ(eval(x, i), eval(y, i)) << what << " at " << i;
}

TEST(Postconditions, Composition) {
  // CuTe guarantees R(i) == A(B(i)) when B's strides respect A's mode boundaries; a
  // reshape or permutation of A's domain (B compact or permuted compact, size(B) dividing
  // size(A)) is the class its own tests exercise.
  for (bool dynamic : {false, true}) {
    Gen g(dynamic ? 11 : 7);
    Tally t;
    for (int n = 0; n < kCases; ++n) {
      Layout a = g.permutedCompact(g.shape(dynamic), dynamic);
      IntTuple bs = g.shape(dynamic);
      if (size(a).value % size(Layout{bs, bs}).value != 0)
        bs = IntTuple(Int::fixed(size(a).value));
      Layout b = g.coin(50) ? makeLayout(bs) : g.permutedCompact(bs, dynamic);
      checkComposition(a, b, t);
    }
    t.expectMostlyChecked("composition", 40);
  }
}

TEST(Postconditions, Complement) {
  for (bool dynamic : {false, true}) {
    Gen g(dynamic ? 23 : 19);
    Tally t;
    for (int n = 0; n < kCases; ++n) {
      // Injective A with gaps: compact strides scaled by 1..3.
      Layout c = g.permutedCompact(g.shape(false), false);
      int64_t scale = g.pick(1, 3);
      IntTuple d = *tupleArith(TupleOp::Mul, c.stride, IntTuple(Int::fixed(scale)));
      Layout a = dynamic && g.coin(50) && !c.shape.isTuple() ? Layout{c.shape, IntTuple(Int::dynamic(scale))}
                                                        : Layout{c.shape, d};
      checkComplement(a, cosize(a).value * g.pick(1, 4), t);
    }
    t.expectMostlyChecked("complement", 90);
  }
}

TEST(Postconditions, CoalesceAndFilter) {
  for (bool dynamic : {false, true}) {
    Gen g(dynamic ? 31 : 29);
    for (int n = 0; n < kCases; ++n) {
      Layout a = g.layout(dynamic);
      Layout c = coalesce(a);
      EXPECT_LE(depth(c), 1) << show(a);
      checkSameFunction(a, c, "coalesce(" + show(a) + ") = " + show(c));
      Layout f = filter(a);
      EXPECT_EQ(f, coalesce(*filterZeros(a))) << show(a);
      // filter keeps exactly the image of A.
      std::set<int64_t> ia, fa;
      for (int64_t i = 0; i < size(a).value; ++i)
        ia.insert(eval(a, i));
      for (int64_t i = 0; i < size(f).value; ++i)
        fa.insert(eval(f, i));
      EXPECT_EQ(ia, fa) << "filter(" << show(a) << ") = " << show(f);
      // coalesce by a profile keeps the function and the profile's rank.
      TupleBuilder p;
      p.open();
      for (uint32_t i = 0; i < a.rank(); ++i)
        p.leaf(Int::fixed(1));
      p.close();
      Expected<Layout> cp = coalesce(a, p.finish());
      ASSERT_TRUE(cp.ok());
      if (a.shape.isTuple()) {
        EXPECT_EQ(cp->rank(), a.rank()) << show(a);
      }
      checkSameFunction(a, *cp, "coalesce by profile of " + show(a));
    }
  }
}

TEST(Postconditions, DivideMatchesDefinition) {
  for (bool dynamic : {false, true}) {
    Gen g(dynamic ? 41 : 37);
    Tally t;
    for (int n = 0; n < kCases; ++n) {
      Layout a = g.permutedCompact(g.shape(false), false);
      if (dynamic)
        a = Layout{allDynamic(a.shape), a.stride};
      // A tiler whose size divides size(A).
      int64_t total = size(a).value, tile = 1;
      for (int64_t d = g.pick(1, total); d >= 1; --d) {
        if (total % d == 0) {
          tile = d;
          break;
        }
      }
      Layout tl = g.coin(50) ? makeLayout(IntTuple(Int::fixed(tile))) : Layout{IntTuple(Int::fixed(tile)), IntTuple(Int::fixed(1))};
      Expected<Layout> ld = logicalDivide(a, tilerFromLayout(tl));
      if (!ld) {
        ++t.skipped;
        continue;
      }
      ++t.checked;
      Expected<Layout> rest = complement(tl, coalesce(a).shape);
      ASSERT_TRUE(rest.ok());
      Expected<Layout> def = composition(a, concat({tl, *rest}));
      ASSERT_TRUE(def.ok());
      checkSameFunction(*ld, *def, "logical_divide(" + show(a) + ", " + show(tl) + ")");
      EXPECT_EQ(size(*ld).value, size(a).value);
      for (auto f : {zippedDivide, tiledDivide, flatDivide}) {
        Expected<Layout> v = f(a, tilerFromLayout(tl));
        ASSERT_TRUE(v.ok());
        checkSameFunction(*ld, *v, "divide variants of " + show(a));
      }
      // zipped_divide's tile mode is composition(A, T).
      EXPECT_EQ(zippedDivide(a, tilerFromLayout(tl))->mode(0), *composition(a, tl)) << show(a) << " / " << show(tl);
    }
    t.expectMostlyChecked("logical_divide", 90);
  }
}

TEST(Postconditions, ProductMatchesDefinition) {
  for (bool dynamic : {false, true}) {
    Gen g(dynamic ? 53 : 47);
    Tally t;
    for (int n = 0; n < kCases / 3; ++n) { // products are large: fewer, still ~1000 each
      Layout a = g.permutedCompact(g.shape(false), false);
      Layout b = g.permutedCompact(g.shape(dynamic), dynamic);
      Expected<Layout> lp = logicalProduct(a, tilerFromLayout(b));
      if (!lp) {
        ++t.skipped;
        continue;
      }
      ++t.checked;
      EXPECT_EQ(size(*lp).value, size(a).value * size(b).value);
      Expected<Layout> rest = complement(a, IntTuple(mul(size(a), cosize(b))));
      ASSERT_TRUE(rest.ok());
      Layout def = concat({a, *composition(*rest, b)});
      checkSameFunction(*lp, def, "logical_product(" + show(a) + ", " + show(b) + ")");
      std::set<int64_t> image;
      for (int64_t i = 0; i < size(*lp).value; ++i)
        image.insert(eval(*lp, i));
      for (auto f : {blockedProduct, rakedProduct}) {
        Expected<Layout> p = f(a, b);
        if (!p)
          continue;
        std::set<int64_t> other;
        for (int64_t i = 0; i < size(*p).value; ++i)
          other.insert(eval(*p, i));
        EXPECT_EQ(image, other) << "rank-sensitive product of " << show(a) << " and " << show(b);
      }
    }
    t.expectMostlyChecked("logical_product", 60);
  }
}

TEST(Postconditions, Inverses) {
  Gen g(61);
  for (int n = 0; n < kCases; ++n) {
    Layout a = g.layout(false);
    Expected<Layout> r = rightInverse(a);
    ASSERT_TRUE(r.ok()) << show(a);
    for (int64_t i = 0; i < size(*r).value; ++i)
      ASSERT_EQ(eval(a, eval(*r, i)), i) << "right_inverse(" << show(a) << ") = " << show(*r);
    Layout inj = g.permutedCompact(g.shape(false), false);
    Expected<Layout> l = leftInverse(inj);
    ASSERT_TRUE(l.ok()) << show(inj);
    for (int64_t i = 0; i < size(inj).value; ++i)
      ASSERT_EQ(eval(*l, eval(inj, i)), i) << "left_inverse(" << show(inj) << ") = " << show(*l);
  }
}

TEST(Postconditions, CoordinatesRoundTrip) {
  Gen g(67);
  for (int n = 0; n < kCases; ++n) {
    IntTuple s = g.shape(g.coin(50));
    int64_t i = g.pick(0, product(s).value - 1);
    Expected<IntTuple> c = idx2crd(IntTuple(Int::fixed(i)), s);
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(weaklyCongruent(s, *c) || !s.isTuple());
    Expected<Int> back = crd2idx(*c, s);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->value, i) << print(s) << " at " << i;
    // The same coordinate addresses the compact layout at its index.
    EXPECT_EQ(crd2idx(*c, makeLayout(s))->value, i);
  }
}

TEST(Postconditions, NotationRoundTrip) {
  Gen g(71);
  for (int n = 0; n < kCases; ++n) {
    Layout a = g.layout(g.coin(50));
    std::string text = print(a, Style::Cute);
    ParseOptions dynamicPlain;
    dynamicPlain.plainIsDynamic = true;
    Expected<Layout> back = parseLayout(text, dynamicPlain);
    ASSERT_TRUE(back.ok()) << text;
    EXPECT_EQ(*back, a) << text;
    EXPECT_EQ(hashValue(*back), hashValue(a)) << text;
  }
}

} // namespace
