#include "Ordering.h"

#include <algorithm>
#include <numeric>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

/// Counts of marked positions in [0, n): mark one, count a prefix, find the k-th unmarked.
class Fenwick {
public:
  explicit Fenwick(uint32_t n) : tree_(n + 1, 0) {}
  void add(uint32_t i, int32_t delta) {
    for (++i; i < tree_.size(); i += i & (0 - i))
      tree_[i] += delta;
  }
  /// Sum over [0, i).
  int32_t prefix(uint32_t i) const {
    int32_t s = 0;
    for (; i > 0; i -= i & (0 - i))
      s += tree_[i];
    return s;
  }
  /// The smallest i with prefix(i + 1) == k + 1 (the k-th position of weight 1, from 0).
  uint32_t find(int32_t k) const {
    uint32_t pos = 0, step = 1;
    while (step * 2 < tree_.size())
      step *= 2;
    for (; step > 0; step /= 2)
      if (pos + step < tree_.size() && tree_[pos + step] <= k) {
        pos += step;
        k -= tree_[pos];
      }
    return pos;
  }

private:
  std::vector<int32_t> tree_;
};

} // namespace

// Why this reproduces the exchange sort. Fix a key K and call the elements with a smaller
// key "less". The sort places all less elements first, and its passes act on the
// subsequence of elements with key <= K exactly as they would on that subsequence alone.
// In such a pass, if the first remaining element x has key K, x is carried to the slot of
// the first less element after it; otherwise the K elements do not move. Once no less
// element remains, the K elements come out in their current order. So, reading the input
// left to right with a queue of the K elements seen so far, each less element rotates the
// queue by one (the front goes to the back), and the final queue is the K elements' order.
// The rotations between two K elements are counted with a Fenwick tree, and the queue is
// kept as a circle with a front: a push goes just before the front, a rotation moves the
// front. Pushes land at ranks of the circle that are known when they happen, so the
// circle's final order is resolved offline, last push first (each takes the rank-th free
// slot). Both steps are O(log n) per element.
std::vector<uint32_t> exchangeSortOrder(const int64_t *keys, uint32_t n) {
  std::vector<uint32_t> byKey(n);
  std::iota(byKey.begin(), byKey.end(), 0u);
  std::stable_sort(byKey.begin(), byKey.end(), [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  std::vector<uint32_t> result;
  result.reserve(n);
  Fenwick less(n); // marks the elements of the groups already placed (smaller keys)
  std::vector<uint32_t> rank;
  for (uint32_t g = 0; g < n;) {
    uint32_t e = g;
    while (e < n && keys[byKey[e]] == keys[byKey[g]])
      ++e;
    // The group byKey[g, e), in input order. Circle: size t, front at rank f.
    uint32_t m = e - g;
    rank.assign(m, 0);
    uint64_t f = 0;
    for (uint32_t t = 0; t < m; ++t) {
      uint32_t pos = byKey[g + t];
      if (t == 0 || f == 0) {
        rank[t] = t; // the end of the circle, just before a front at rank 0
      } else {
        rank[t] = uint32_t(f);
        ++f;
      }
      uint32_t until = t + 1 < m ? byKey[g + t + 1] : n;
      uint64_t rotations = uint64_t(less.prefix(until) - less.prefix(pos + 1));
      f = (f + rotations) % (t + 1);
    }
    // Resolve the ranks: the last push takes its rank among all m slots, earlier ones the
    // rank-th of the slots still free.
    Fenwick freeSlots(m);
    for (uint32_t s = 0; s < m; ++s)
      freeSlots.add(s, 1);
    std::vector<uint32_t> circle(m);
    for (uint32_t t = m; t-- > 0;) {
      uint32_t slot = freeSlots.find(int32_t(rank[t]));
      circle[slot] = byKey[g + t];
      freeSlots.add(slot, -1);
    }
    for (uint32_t s = 0; s < m; ++s)
      result.push_back(circle[(f + s) % m]);
    for (uint32_t t = g; t < e; ++t)
      less.add(byKey[t], 1);
    g = e;
  }
  return result;
}

Expected<OrderStarts> OrderStarts::make(const IntVec &extents, const IntVec &orders) {
  OrderStarts s;
  s.extents_ = extents;
  s.orders_ = orders;
  uint32_t n = extents.size();
  for (uint32_t i = 0; i < n; ++i)
    if (extents[i].value < 1)
      s.fast_ = false;
  // While a Trace records, the products go through mul (the fast loop below multiplies
  // values, and a runtime leaf's value is a symbol there).
  if (detail::tracing()) {
    s.fast_ = false;
    return s;
  }
  if (!s.fast_) {
    if (n > kMaxSlowLeaves)
      return makeError("compact_order: an extent below 1 among more than " + std::to_string(kMaxSlowLeaves) +
                       " modes is not supported (" + std::to_string(n) + " modes)");
    return s;
  }
  // With every extent >= 1 a product's value, staticness and overflow do not depend on
  // the order of multiplication, so each group of equal orders starts at the running
  // product of the groups before it.
  SmallVec<uint32_t, kInlineNodes> byOrder;
  byOrder.resize(n);
  std::iota(byOrder.begin(), byOrder.end(), 0u);
  std::sort(byOrder.begin(), byOrder.end(), [&](uint32_t a, uint32_t b) { return orders[a].value < orders[b].value; });
  s.starts_.resize(n); // every leaf's start is written below
  s.overflowed_.resize(n);
  int64_t product = 1;
  bool isStatic = true, overflow = false;
  for (uint32_t g = 0; g < n;) {
    uint32_t e = g;
    while (e < n && orders[byOrder[e]].value == orders[byOrder[g]].value)
      ++e;
    for (uint32_t t = g; t < e; ++t) {
      // After an overflow the loop's value is a placeholder 0 of a failed operation.
      s.starts_[byOrder[t]] = Int{overflow ? 0 : product, isStatic};
      s.overflowed_[byOrder[t]] = overflow;
    }
    for (uint32_t t = g; t < e; ++t) {
      Int x = extents[byOrder[t]];
      overflow = overflow || __builtin_mul_overflow(product, x.value, &product);
      isStatic = isStatic && x.isStatic;
    }
    g = e;
  }
  return s;
}

Int OrderStarts::slowStart(uint32_t k) const {
  Int acc = Int::fixed(1);
  for (uint32_t j = 0; j < orders_.size(); ++j)
    if (orders_[j].value < orders_[k].value)
      acc = mul(acc, extents_[j]);
  return acc;
}

Int OrderStarts::next() {
  uint32_t k = next_++;
  if (!fast_)
    return slowStart(k);
  // The loop records the first overflow it meets; recompute that leaf its way so the
  // message names the same operands.
  if (overflowed_[k] && !reported_) {
    reported_ = true;
    return slowStart(k);
  }
  return starts_[k];
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
