// Unit tests of Layout.h's mode operations append, prepend, appendToRank and prependToRank
// (CuTe's append and prepend, with and without a rank), with CuTe's answers in its printed
// form (`_N` static), and their @post clauses over seeded random layouts.
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include "Parsed.h"
#include "RandomLayouts.h"

#include <gtest/gtest.h>

using namespace cutelayout;
using namespace cutelayout::test;
using testing::AssertionFailure;
using testing::AssertionResult;
using testing::AssertionSuccess;

namespace {

std::string show(const Expected<Layout> &l) { return l.ok() ? print(*l, Style::Cute) : "error: " + l.error().message; }

/// append(l, x) (back) or prepend(l, x), with the @post: rank one more, x as the last (first)
/// mode, l's modes (l itself, a leaf) as the others.
AssertionResult checkAppend(const Layout &l, const Layout &x, bool back) {
  Layout r = back ? append(l, x) : prepend(l, x);
  uint32_t k = l.rank(), at = back ? k : 0, from = back ? 0 : 1;
  if (r.rank() != k + 1 || !r.shape.isTuple())
    return AssertionFailure() << show(r) << " is not a tuple of rank " << k + 1;
  if (r.mode(at) != x)
    return AssertionFailure() << "mode " << at << " of " << show(r) << " is not " << show(x);
  for (uint32_t i = 0; i < k; ++i)
    if (r.mode(from + i) != (l.shape.isTuple() ? l.mode(i) : l))
      return AssertionFailure() << "mode " << from + i << " of " << show(r) << " is not mode " << i << " of "
                                << show(l);
  return AssertionSuccess();
}

/// appendToRank(l, n, x) (back) or prependToRank, with the @post: l itself where n is its
/// rank, else rank n with l's modes and n - rank(l) copies of x.
AssertionResult checkAppendToRank(const Layout &l, uint32_t n, const Layout &x, bool back) {
  Expected<Layout> r = back ? appendToRank(l, n, x) : prependToRank(l, n, x);
  if (!r)
    return AssertionFailure() << r.error().message;
  uint32_t k = l.rank();
  if (n == k)
    return *r == l ? AssertionSuccess() : AssertionFailure() << show(r) << " is not " << show(l);
  if (r->rank() != n || !r->shape.isTuple())
    return AssertionFailure() << show(r) << " is not a tuple of rank " << n;
  uint32_t first = back ? 0 : n - k, pad = back ? k : 0;
  for (uint32_t i = 0; i < k; ++i)
    if (r->mode(first + i) != (l.shape.isTuple() ? l.mode(i) : l))
      return AssertionFailure() << "mode " << first + i << " of " << show(r) << " is not mode " << i << " of "
                                << show(l);
  for (uint32_t i = 0; i < n - k; ++i)
    if (r->mode(pad + i) != x)
      return AssertionFailure() << "mode " << pad + i << " of " << show(r) << " is not " << show(x);
  return AssertionSuccess();
}

} // namespace

TEST(Layout, AppendAndPrependMatchCute) {
  EXPECT_EQ(show(append(L("3:1"), L("4:3"))), "(_3,_4):(_1,_3)");
  EXPECT_EQ(show(prepend(L("3:1"), L("4:3"))), "(_4,_3):(_3,_1)");
  EXPECT_EQ(show(append(append(L("3:1"), L("4:3")), append(L("3:1"), L("4:3")))), "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))");
  EXPECT_EQ(show(prepend(L("(2,3):(1,2)"), L("(4,5):(1,4)"))), "((_4,_5),_2,_3):((_1,_4),_1,_2)");
  EXPECT_EQ(show(append(L("(2,3):(1,2)", true), L("4:2", true))), "(2,3,4):(1,2,2)");
}

TEST(Layout, AppendToRankMatchesCute) {
  EXPECT_EQ(show(appendToRank(L("3:1"), 3, L("4:3"))), "(_3,_4,_4):(_1,_3,_3)");
  EXPECT_EQ(show(appendToRank(L("3:1"), 1, L("4:3"))), "_3:_1"); // a leaf is rank 1
  EXPECT_EQ(show(prependToRank(L("3:1"), 3, L("1:0"))), "(_1,_1,_3):(_0,_0,_1)");
  EXPECT_EQ(show(appendToRank(L("(2,3):(1,2)"), 2, L("4:3"))), "(_2,_3):(_1,_2)");
  EXPECT_EQ(show(prependToRank(L("(2,3):(1,2)"), 4, L("(4,5):(1,4)"))),
            "((_4,_5),(_4,_5),_2,_3):((_1,_4),(_1,_4),_1,_2)");
}

TEST(Layout, AppendToRankBelowTheRankIsCutesStaticAssert) {
  EXPECT_EQ(show(appendToRank(L("(2,3):(1,2)"), 1, L("4:3"))),
            "error: cannot pad (2,3):(1,2) to rank 1: its rank is 2");
  EXPECT_EQ(show(prependToRank(L("3:1"), 0, L("4:3"))), "error: cannot pad 3:1 to rank 0: its rank is 1");
}

TEST(Layout, AppendToRankRefusesTooManyNodes) {
  EXPECT_EQ(show(appendToRank(L("3:1"), 1000000, L("(2,2):(1,2)"))),
            "error: padding 3:1 to rank 1000000 builds 2999999 nodes, more than the 1048576 allowed");
  EXPECT_TRUE(appendToRank(L("3:1"), 1000000, L("4:1")).ok());
}

TEST(Layout, AppendPostconditionsOnRandomLayouts) {
  LayoutGen gen(20240611);
  for (int i = 0; i < 300; ++i) {
    Layout l = gen.withLeaves(gen.anyLayout(), gen.anyLeaves()), x = gen.anyLayout(64);
    ASSERT_TRUE(checkAppend(l, x, true)) << show(l) << ", " << show(x);
    ASSERT_TRUE(checkAppend(l, x, false)) << show(l) << ", " << show(x);
    uint32_t n = l.rank() + uint32_t(gen.pick(0, 3));
    ASSERT_TRUE(checkAppendToRank(l, n, x, true)) << show(l) << ", " << n << ", " << show(x);
    ASSERT_TRUE(checkAppendToRank(l, n, x, false)) << show(l) << ", " << n << ", " << show(x);
  }
}
