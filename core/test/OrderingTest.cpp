// The O(n log n) orderings of core/lib/Ordering.h against the quadratic loops they replace
// (CuTe's exchange_sort and compact_order), on seeded random inputs full of ties.
#include "../lib/Ordering.h"

#include "cutelayout/Layout.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <random>
#include <utility>
#include <vector>

using namespace cutelayout;

namespace {

/// CuTe's exchange_sort, as written there.
std::vector<uint32_t> exchangeSortLoop(const std::vector<int64_t> &keys) {
  std::vector<std::pair<int64_t, uint32_t>> a;
  for (uint32_t i = 0; i < keys.size(); ++i)
    a.push_back({keys[i], i});
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t j = i + 1; j < a.size(); ++j)
      if (a[j].first < a[i].first)
        std::swap(a[i], a[j]);
  std::vector<uint32_t> order;
  for (auto &kv : a)
    order.push_back(kv.second);
  return order;
}

/// compact_order's start of leaf k: the product, in leaf order, of the smaller-ordered extents.
Int startLoop(const IntVec &extents, const IntVec &orders, uint32_t k) {
  Int acc = Int::fixed(1);
  for (uint32_t j = 0; j < orders.size(); ++j)
    if (orders[j].value < orders[k].value)
      acc = mul(acc, extents[j]);
  return acc;
}

TEST(OrderingTest, ExchangeSortKeepsItsTieOrder) {
  // (1,1,0): the 0 is swapped to the front and the first 1 to the back.
  std::vector<int64_t> keys = {1, 1, 0};
  EXPECT_EQ(exchangeSortOrder(keys.data(), 3), (std::vector<uint32_t>{2, 1, 0}));
  EXPECT_EQ(exchangeSortOrder(nullptr, 0), std::vector<uint32_t>{});
}

TEST(OrderingTest, ExchangeSortMatchesTheLoop) {
  std::mt19937_64 rng(19);
  for (int trial = 0; trial < 3000; ++trial) {
    uint32_t n = uint32_t(rng() % 120);
    int64_t distinct = 1 + int64_t(rng() % (trial % 3 == 0 ? 3 : 12));
    std::vector<int64_t> keys(n);
    for (int64_t &k : keys)
      k = int64_t(rng() % uint64_t(distinct)) - distinct / 2;
    ASSERT_EQ(exchangeSortOrder(keys.data(), n), exchangeSortLoop(keys)) << "trial " << trial;
  }
}

TEST(OrderingTest, OrderStartsMatchTheLoop) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    uint32_t n = 1 + uint32_t(rng() % 80);
    bool huge = trial % 4 == 0; // extents that overflow int64 after a few products
    IntVec extents, orders;
    for (uint32_t i = 0; i < n; ++i) {
      int64_t e = huge ? int64_t(1) << (20 + rng() % 30) : 1 + int64_t(rng() % 5);
      extents.push_back(rng() % 3 ? Int::fixed(e) : Int::dynamic(e));
      orders.push_back(Int::fixed(int64_t(rng() % (1 + n / 2))));
    }
    std::vector<Int> expected;
    std::string expectedFailure, failure;
    {
      ArithScope scope;
      for (uint32_t k = 0; k < n; ++k)
        expected.push_back(startLoop(extents, orders, k));
      if (scope.failed())
        expectedFailure = scope.error("loop").message;
    }
    std::vector<Int> got;
    {
      ArithScope scope;
      Expected<OrderStarts> s = OrderStarts::make(extents, orders);
      ASSERT_TRUE(s.ok());
      for (uint32_t k = 0; k < n; ++k)
        got.push_back(s->next());
      if (scope.failed())
        failure = scope.error("loop").message;
    }
    ASSERT_EQ(failure, expectedFailure) << "trial " << trial;
    if (!expectedFailure.empty())
      continue; // the values of a failed operation are placeholders
    for (uint32_t k = 0; k < n; ++k)
      ASSERT_EQ(got[k], expected[k]) << "trial " << trial << " leaf " << k;
  }
}

TEST(OrderingTest, ExtentsBelowOneKeepTheLoopUpToALimit) {
  IntVec extents, orders;
  for (uint32_t i = 0; i < 3; ++i) {
    extents.push_back(Int::fixed(i == 1 ? 0 : 3));
    orders.push_back(Int::fixed(2 - i));
  }
  Expected<OrderStarts> s = OrderStarts::make(extents, orders);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->next(), Int::fixed(0)); // 0 * 3: the extents ordered before leaf 0
  EXPECT_EQ(s->next(), Int::fixed(3));
  EXPECT_EQ(s->next(), Int::fixed(1));

  IntVec many, manyOrders;
  for (uint32_t i = 0; i <= OrderStarts::kMaxSlowLeaves; ++i) {
    many.push_back(Int::fixed(i == 0 ? -1 : 1));
    manyOrders.push_back(Int::fixed(i));
  }
  Expected<OrderStarts> t = OrderStarts::make(many, manyOrders);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().message,
            "compact_order: an extent below 1 among more than 4096 modes is not supported (4097 modes)");
}

double secondsFor(const std::function<void()> &f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// 40,000 leaves took 15 s with quadratic loops; O(n log n) takes about 0.01 s, 0.3 s under
// the sanitizers. The bound (3 s) separates the two with room for a loaded machine (0.64 s
// was seen under the sanitizers beside a parallel build).
constexpr double kFortyThousandBound = 3.0;
TEST(OrderingTest, FortyThousandLeavesAreFast) {
  const uint32_t n = 40000;
  std::vector<int64_t> keys(n);
  std::mt19937_64 rng(40);
  for (int64_t &k : keys)
    k = int64_t(rng() % 100);
  EXPECT_LT(secondsFor([&] { exchangeSortOrder(keys.data(), n); }), kFortyThousandBound);

  TupleBuilder shape, order;
  shape.open();
  order.open();
  for (uint32_t i = 0; i < n; ++i) {
    shape.leaf(Int::fixed(1));
    order.leaf(Int::fixed(int64_t(n - i)));
  }
  shape.close();
  order.close();
  IntTuple s = shape.finish(), o = order.finish();
  EXPECT_LT(secondsFor([&] {
              ArithScope scope;
              ASSERT_TRUE(makeOrderedLayout(s, o).ok());
              ASSERT_FALSE(scope.failed());
            }),
            kFortyThousandBound);
}

} // namespace
