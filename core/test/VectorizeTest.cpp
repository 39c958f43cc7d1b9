// Vectorize.h: vectorWidth against the property it names, checked by brute force over
// thousands of seeded random layouts: every run of w indices starting at a multiple of w
// maps to w consecutive offsets starting at a multiple of w. For static layouts the width
// is the largest that holds (exact); with runtime leaves it holds for every value the
// known divisors allow (sound).
#include "cutelayout/Vectorize.h"

#include "RandomLayouts.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

using namespace cutelayout;
using namespace cutelayout::test;

namespace {

Layout lay(const char *text) { return *parseLayout(text); }

/// Whether every w-run of f's indices [0, n) is w consecutive offsets from a multiple of w.
template <class F> bool runsHold(int64_t n, int64_t w, F f) {
  if (n % w != 0)
    return false;
  for (int64_t k = 0; k < n; k += w) {
    int64_t start = f(k);
    if (start % w != 0)
      return false;
    for (int64_t j = 1; j < w; ++j)
      if (f(k + j) != start + j)
        return false;
  }
  return true;
}

int64_t at(const Layout &l, int64_t i) { return crd2idx(IntTuple(Int::fixed(i)), l)->value; }
int64_t at(const ComposedLayout &c, int64_t i) { return crd2idx(IntTuple(Int::fixed(i)), c)->value; }

TEST(Vectorize, Examples) {
  EXPECT_EQ(vectorWidth(lay("(_8,_4):(_1,_8)"), 8), 8);
  EXPECT_EQ(vectorWidth(lay("(_8,_4):(_1,_8)"), 16), 16);
  EXPECT_EQ(vectorWidth(lay("(_8,_4):(_1,_9)"), 8), 1);
  EXPECT_EQ(vectorWidth(lay("(_8,_4):(_1,_10)"), 8), 2);
  EXPECT_EQ(vectorWidth(lay("(_4,_8):(_8,_1)"), 8), 1); // column order of a row-major tile
  EXPECT_EQ(vectorWidth(lay("((_2,_4),_8):((_1,_2),_64)"), 16), 8);
  EXPECT_EQ(vectorWidth(lay("(_6,_2):(_1,_6)"), 16), 4); // 12 contiguous: runs of 4 from 0, 4, 8
  EXPECT_EQ(vectorWidth(lay("(_6,_2):(_1,_8)"), 16), 2);
  EXPECT_EQ(vectorWidth(lay("(_1,_8,_1):(_5,_1,_3)"), 16), 8);
  EXPECT_EQ(vectorWidth(lay("_8:_0"), 8), 1); // a broadcast is no run
  EXPECT_EQ(vectorWidth(lay("_8:_-1"), 8), 1);
  // A thread's part of a row-major tile with a runtime row stride: the rows are runs of 4;
  // their starts are aligned only where the stride is known to be a multiple of 4.
  Layout part = lay("(_4,_8):(_1,_8)");
  part.stride = mapLeaves(part.stride, [](Int x) { return x.value == 8 ? Int::dynamic(8) : x; });
  EXPECT_EQ(vectorWidth(part, 8), 1);
  EXPECT_EQ(vectorWidth(part, 8, [](Int x) { return x.isStatic ? x.value : 8; }), 4);
  EXPECT_EQ(vectorWidth(part, 8, [](Int x) { return x.isStatic ? x.value : 2; }), 2);
  // Swizzled: runs of up to 2^M elements.
  ComposedLayout sw{OuterFunction::of(Swizzle{3, 4, 3}), IntTuple(Int::fixed(0)), lay("(_64,_64):(_1,_64)")};
  EXPECT_EQ(vectorWidth(sw, 64), 16);
  EXPECT_EQ(vectorWidth(sw, 8), 8);
  ComposedLayout shifted{OuterFunction::of(Swizzle{3, 4, 3}), IntTuple(Int::fixed(4)), lay("(_64,_64):(_1,_64)")};
  EXPECT_EQ(vectorWidth(shifted, 64), 4);
}

TEST(Vectorize, StaticWidthsAreExact) {
  LayoutGen gen(211, /*powersOfTwo=*/false);
  int vectorized = 0;
  for (int i = 0; i < 4000; ++i) {
    Layout l = gen.anyLayout(256);
    if (gen.coin(50)) // contiguous-heavy layouts: a compact column-major prefix
      l = gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, 256);
    l = allStatic(l);
    int64_t n = size(l).value, w = vectorWidth(l, 64);
    ASSERT_TRUE(runsHold(n, w, [&](int64_t k) { return at(l, k); })) << show(l) << " width " << w;
    if (2 * w <= 64)
      ASSERT_FALSE(runsHold(n, 2 * w, [&](int64_t k) { return at(l, k); })) << show(l) << " width " << w;
    vectorized += w > 1;
  }
  EXPECT_GT(vectorized, 1000);
}

TEST(Vectorize, SwizzledWidthsHold) {
  LayoutGen gen(212, /*powersOfTwo=*/true);
  const std::vector<Swizzle> swizzles{{3, 4, 3}, {3, 3, 3}, {2, 4, 3}, {1, 2, 3}, {2, 1, 2}, {3, 0, 3}};
  int vectorized = 0;
  for (int i = 0; i < 2000; ++i) {
    Layout b = allStatic(gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, 4096));
    ComposedLayout c{OuterFunction::of(gen.oneOf(swizzles)), IntTuple(Int::fixed(gen.pick(0, 3) * 8)), b};
    int64_t n = size(b).value, w = vectorWidth(c, 64);
    ASSERT_TRUE(runsHold(n, w, [&](int64_t k) { return at(c, k); })) << print(c, Style::Cute) << " width " << w;
    vectorized += w > 1;
  }
  EXPECT_GT(vectorized, 500);
}

TEST(Vectorize, RuntimeLeavesAreSound) {
  // Runtime leaves known to be multiples of d: the width holds for every such value.
  LayoutGen gen(213, /*powersOfTwo=*/true);
  for (int i = 0; i < 2000; ++i) {
    Layout l = gen.withLeaves(gen.layout(Strides::Compact, 64), Leaves::Mixed);
    int64_t d = int64_t(1) << gen.pick(0, 4);
    MultipleOf known = [&](Int x) { return x.isStatic ? x.value : d; };
    int64_t w = vectorWidth(l, 64, known);
    for (int trial = 0; trial < 4; ++trial) {
      // Each runtime leaf replaced by a random multiple of d (a positive one for an extent).
      IntTuple stride = mapLeaves(l.stride, [&](Int x) { return x.isStatic ? x : Int::fixed(d * gen.pick(0, 9)); });
      IntTuple shape = mapLeaves(l.shape, [&](Int x) { return x.isStatic ? x : Int::fixed(d * gen.pick(1, 2)); });
      Layout v{shape, stride};
      if (size(v).value > 4096)
        continue;
      ASSERT_TRUE(runsHold(size(v).value, w, [&](int64_t k) { return at(v, k); }))
          << show(l) << " as " << show(v) << " width " << w << " (multiples of " << d << ")";
    }
  }
}

} // namespace
