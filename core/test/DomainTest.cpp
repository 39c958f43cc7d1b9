// Tests for core/lib/kernels/Domain.h: StaticDomain's operations are Int's on static
// values, and decline exactly where Int records a failure; FixedVec holds what it says;
// the kernels give the same answer in both domains.
#include "../lib/kernels/Inverse.h"
#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <climits>
#include <vector>

using namespace cutelayout;
using namespace cutelayout::test;
using kernels::CuteDomain;
using kernels::StaticDomain;

namespace {

const std::vector<int64_t> &values() {
  static const std::vector<int64_t> v = {0,
                                         1,
                                         -1,
                                         2,
                                         -2,
                                         3,
                                         -3,
                                         7,
                                         8,
                                         64,
                                         -64,
                                         1000,
                                         1LL << 31,
                                         1LL << 32,
                                         -(1LL << 32),
                                         INT64_MAX,
                                         INT64_MIN,
                                         INT64_MAX - 1,
                                         INT64_MIN + 1,
                                         3037000500LL};
  return v;
}

/// The Int operation on static values, and whether it recorded a failure.
template <class F> std::pair<Int, bool> exact(F f) {
  ArithScope scope;
  Int r = f();
  return {r, scope.failed()};
}

/// StaticDomain's op on a and b agrees with Int's: the same value where Int succeeds, a
/// decline where Int records a failure.
template <class S, class C> void expectAgree(const char *what, S staticOp, C intOp) {
  for (int64_t a : values())
    for (int64_t b : values()) {
      StaticDomain dom;
      int64_t got = staticOp(dom, a, b);
      auto [want, failed] = exact([&] { return intOp(Int::fixed(a), Int::fixed(b)); });
      EXPECT_EQ(dom.declined(), failed) << what << "(" << a << ", " << b << ")";
      if (!failed && !dom.declined()) {
        EXPECT_EQ(got, want.value) << what << "(" << a << ", " << b << ")";
        EXPECT_TRUE(want.isStatic) << what;
      }
    }
}

TEST(Domain, StaticOperationsAreIntsOnStaticValues) {
  expectAgree(
      "mul", [](StaticDomain &d, int64_t a, int64_t b) { return d.mul(a, b); }, [](Int a, Int b) { return mul(a, b); });
  expectAgree(
      "div", [](StaticDomain &d, int64_t a, int64_t b) { return d.div(a, b); }, [](Int a, Int b) { return div(a, b); });
  expectAgree(
      "ceil_div", [](StaticDomain &d, int64_t a, int64_t b) { return d.ceilDiv(a, b); },
      [](Int a, Int b) { return ceilDiv(a, b); });
  expectAgree("abs", [](StaticDomain &d, int64_t a, int64_t) { return d.abs(a); }, [](Int a, Int) { return abs(a); });
  expectAgree(
      "signum", [](StaticDomain &d, int64_t a, int64_t) { return d.signum(a); }, [](Int a, Int) { return signum(a); });
  expectAgree(
      "min", [](StaticDomain &d, int64_t a, int64_t b) { return d.min(a, b); }, [](Int a, Int b) { return min(a, b); });
}

TEST(Domain, ADeclineStaysAndFailBuildsNoMessage) {
  StaticDomain dom;
  dom.mul(INT64_MAX, 2);
  EXPECT_TRUE(dom.declined());
  EXPECT_EQ(dom.mul(2, 3), 6);
  EXPECT_TRUE(dom.declined());
  bool built = false;
  StaticDomain other;
  EXPECT_FALSE(other.fail([&] {
    built = true;
    return std::string("unused");
  }));
  EXPECT_FALSE(built);
  EXPECT_TRUE(other.declined());
  CuteDomain exactDomain;
  EXPECT_FALSE(exactDomain.fail([] { return std::string("stride divisibility condition fails"); }));
  EXPECT_EQ(exactDomain.error().message, "stride divisibility condition fails");
}

TEST(Domain, LoadsOnlyStaticIntegerLeaves) {
  Node staticLeaf = Node::leaf(Int::fixed(4)), dynamicLeaf = Node::leaf(Int::dynamic(4));
  Node basisLeaf = Node::leaf(Int{4, true, 1});
  int64_t x, y;
  EXPECT_TRUE(StaticDomain::load(staticLeaf, staticLeaf, x, y));
  EXPECT_EQ(x, 4);
  EXPECT_FALSE(StaticDomain::load(dynamicLeaf, staticLeaf, x, y));
  EXPECT_FALSE(StaticDomain::load(staticLeaf, basisLeaf, x, y));
  CuteDomain exactDomain;
  Int a, b;
  EXPECT_TRUE(exactDomain.load(dynamicLeaf, basisLeaf, a, b));
  EXPECT_EQ(b.basis, 1);
  exactDomain.integersOnly = true;
  EXPECT_FALSE(exactDomain.load(dynamicLeaf, basisLeaf, a, b));
}

TEST(Domain, FixedVecHoldsItsCapacity) {
  kernels::FixedVec<Int, 4> v;
  EXPECT_TRUE(kernels::roomFor(v, 4));
  EXPECT_FALSE(kernels::roomFor(v, 5));
  for (int i = 0; i < 4; ++i)
    v.pushUnchecked(Int::dynamic(i));
  EXPECT_FALSE(kernels::roomFor(v, 1));
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(v[3], Int::dynamic(3));
  SmallVec<Int, 2> grows;
  EXPECT_TRUE(kernels::roomFor(grows, 100));
}

/// The modes a kernel pushed (kernels::VecModes), last first, as text.
struct Collected {
  IntVec shape, stride;
  kernels::VecModes sink{shape, stride};
  std::string text() const {
    std::string t;
    for (uint32_t i = 0; i < shape.size(); ++i)
      t += print(shape[i]) + ":" + print(stride[i]) + " ";
    return t;
  }
};

/// On static layouts, each kernel's StaticDomain instance answers as its CuteDomain one
/// (or declines): the coalesce walk, the complement and both inverses.
TEST(Domain, KernelsAgreeAcrossDomains) {
  LayoutGen gen(0xD0'3A1, /*powersOfTwo=*/false);
  int agreed = 0;
  for (int k = 0; k < 2000; ++k) {
    Layout l = gen.layout(
        gen.oneOf<Strides>({Strides::Compact, Strides::PermutedCompact, Strides::Gapped, Strides::Arbitrary}), 512);
    const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
    auto both = [&](const char *what, auto run) {
      StaticDomain fast;
      CuteDomain exactDomain;
      Collected a, b;
      bool okFast = run(fast, a.sink) && !fast.declined();
      bool okExact = run(exactDomain, b.sink);
      if (!okFast)
        return;
      ASSERT_TRUE(okExact) << what << " of " << print(l) << ": only StaticDomain answers";
      ASSERT_EQ(a.text(), b.text()) << what << " of " << print(l);
      ++agreed;
    };
    both("coalesce", [&](auto &dom, kernels::VecModes &out) {
      using D = std::decay_t<decltype(dom)>;
      return kernels::coalesceWalk<kernels::Seed::Shape>(dom, kernels::ReversedNodeLeaves<D>(s, d), out);
    });
    both("right_inverse", [&](auto &dom, kernels::VecModes &out) {
      using D = std::decay_t<decltype(dom)>;
      kernels::FlatModes<D> c;
      return kernels::loadModes<kernels::Seed::Shape>(dom, l, c) && kernels::rightInverse(dom, c, out);
    });
    both("left_inverse", [&](auto &dom, kernels::VecModes &out) {
      using D = std::decay_t<decltype(dom)>;
      kernels::FlatModes<D> c;
      return kernels::loadModes<kernels::Seed::Shape>(dom, l, c) &&
             kernels::leftInverse(dom, c, [&] { return print(l); }, out);
    });
    int64_t bound = gen.pick(1, 4096);
    both("complement", [&](auto &dom, kernels::VecModes &out) {
      using D = std::decay_t<decltype(dom)>;
      kernels::FlatModes<D> m;
      if (!kernels::loadModes<kernels::Seed::ZerosAsUnit>(dom, l, m) || (m.rank() == 1 && D::value(m.stride[0]) == 0))
        return false;
      return kernels::complementModes(dom, m, kernels::IntegerRest<D>{D::fromInt(Int::fixed(bound))}, out);
    });
  }
  EXPECT_GT(agreed, 4000); // most of the 8,000 runs answer in StaticDomain
}

} // namespace
