// Seeded generators of small random layouts and tilers for the property tests, and the
// helpers that evaluate a layout as a function of a 1-D index.
//
// Every generator draws from one std::mt19937_64 seeded by the test, so a failing case is
// reproduced by rerunning the test. Shapes have rank 1..3, depth <= 2 and leaves 1..8
// (mostly powers of two, so that CuTe's divisibility conditions hold often enough to make
// the properties bite); sizes are capped so that checking every index stays cheap.
//
// A generator can also be asked for powers of two only. CuTe checks composition's
// divisibility conditions in a weak form (a stride smaller than a shape passes without
// dividing it), so for other values CuTe itself may return a different function than
// A o B, e.g. composition((8,4,8):(32,8,1), 4:5) = (2,2):(160,8) although A(2*5) = 72.
// With powers of two everything divides and CuTe's postconditions hold exactly.
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace test {

/// The strides a generated layout gets.
enum class Strides {
  Compact,         // column-major compact (CuTe's make_layout(shape))
  PermutedCompact, // compact in a random order of the leaves: a bijection onto [0, size)
  Gapped,          // a random order with each stride a multiple of the previous extent
                   // (injective, and admissible for complement)
  Arbitrary,       // each stride drawn from 0..32
};

/// Which leaves of a generated layout are dynamic.
enum class Leaves { Static, Dynamic, Mixed };

/// The integer leaves of t in preorder.
inline std::vector<Int> leaves(TupleView t) {
  std::vector<Int> out;
  for (uint32_t i = 0; i < leafCount(t); ++i)
    out.push_back(leafAt(t, i).asInt());
  return out;
}

/// A tuple of the leaves of `flat` with the profile of `profile`.
inline IntTuple rebuild(const std::vector<Int> &flat, TupleView profile) {
  size_t next = 0;
  return mapLeaves(profile, [&](Int) { return flat[next++]; });
}

/// l with every leaf static (all values kept).
inline Layout allStatic(const Layout &l) {
  auto f = [](Int x) { return Int::fixed(x.value); };
  return Layout{mapLeaves(l.shape, f), mapLeaves(l.stride, f)};
}

/// l with its extent-1 shape leaves static. CuTe's coalesce and filter drop only static
/// size-1 modes, and complement and the inverses take a dynamic one as a real mode whose
/// stride may repeat another's; the result then degenerates (CuTe's own
/// complement((4,1):(_1,_1), _2) is (0,2):(4,1)). Inputs meant to meet those operations'
/// preconditions keep their size-1 modes static.
inline Layout withStaticUnitModes(const Layout &l) {
  return Layout{mapLeaves(l.shape, [](Int x) { return x.value == 1 ? Int::fixed(1) : x; }), l.stride};
}

/// The layout as a function of a 1-D index (CuTe's l(i)); INT64_MIN when crd2idx fails.
inline int64_t eval(const Layout &l, int64_t i) {
  Expected<Int> r = crd2idx(IntTuple(Int::dynamic(i)), l);
  return r ? r->value : INT64_MIN;
}

inline int64_t sizeOf(const Layout &l) { return size(l).value; }

/// l(0), l(1), ..., l(size - 1).
inline std::vector<int64_t> image(const Layout &l) {
  std::vector<int64_t> out;
  int64_t n = sizeOf(l);
  out.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i)
    out.push_back(eval(l, i));
  return out;
}

inline std::vector<int64_t> sorted(std::vector<int64_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline bool isInjective(const Layout &l) {
  std::vector<int64_t> v = sorted(image(l));
  return std::adjacent_find(v.begin(), v.end()) == v.end();
}

inline std::string show(const Layout &l) { return print(l, Style::Cute); }
inline std::string show(TupleView t) { return print(t, Style::Cute); }

class LayoutGen {
public:
  explicit LayoutGen(uint64_t seed, bool powersOfTwo = false) : rng_(seed), powersOfTwo_(powersOfTwo) {}

  std::mt19937_64 &rng() { return rng_; }
  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  bool coin(int percent) { return pick(1, 100) <= percent; }
  template <class T> const T &oneOf(const std::vector<T> &xs) { return xs[size_t(pick(0, int64_t(xs.size()) - 1))]; }

  /// A leaf extent in 1..8, powers of two three times out of four (always, when the
  /// generator makes powers of two only).
  int64_t extent() { return powersOfTwo_ || coin(75) ? int64_t(1) << pick(0, 3) : pick(1, 8); }

  /// A static shape: a leaf or a tuple of rank 1..maxRank whose modes are leaves or
  /// tuples of 1..3 leaves, with at most maxLeaves leaves and size at most maxSize.
  IntTuple shape(uint32_t maxRank = 3, int64_t maxSize = 256, uint32_t maxLeaves = 6) {
    for (;;) {
      IntTuple s = shapeOnce(maxRank);
      if (product(s).value <= maxSize && leafCount(s) <= maxLeaves)
        return s;
    }
  }

  /// A static layout of a random shape with the given kind of strides.
  Layout layout(Strides kind, int64_t maxSize = 256, uint32_t maxRank = 3) {
    return withStrides(shape(maxRank, maxSize), kind);
  }

  /// A random kind of strides, then a random choice of dynamic leaves.
  Layout anyLayout(int64_t maxSize = 256) {
    Strides kind = oneOf<Strides>({Strides::Compact, Strides::PermutedCompact, Strides::Gapped, Strides::Arbitrary});
    return withLeaves(layout(kind, maxSize), anyLeaves());
  }

  Leaves anyLeaves() {
    int64_t r = pick(0, 3);
    return r < 2 ? Leaves::Static : r == 2 ? Leaves::Dynamic : Leaves::Mixed;
  }

  /// `shape` with strides of the given kind (all static).
  Layout withStrides(const IntTuple &shape, Strides kind) {
    std::vector<Int> s = leaves(shape);
    std::vector<Int> d(s.size());
    if (kind == Strides::Compact) {
      int64_t next = 1;
      for (size_t k = 0; k < s.size(); ++k) {
        d[k] = Int::fixed(next);
        next *= s[k].value;
      }
    } else if (kind == Strides::Arbitrary) {
      for (Int &x : d)
        x = Int::fixed(coin(20) ? 0 : powersOfTwo_ || coin(50) ? int64_t(1) << pick(0, 5) : pick(0, 32));
    } else {
      std::vector<size_t> order(s.size());
      std::iota(order.begin(), order.end(), size_t(0));
      std::shuffle(order.begin(), order.end(), rng_);
      int64_t next = 1;
      for (size_t k : order) {
        if (kind == Strides::Gapped && s[k].value > 1 && coin(40))
          next *= powersOfTwo_ ? 2 * pick(1, 2) : pick(2, 3);
        d[k] = Int::fixed(next);
        next *= s[k].value;
      }
    }
    return Layout{shape, rebuild(d, shape)};
  }

  /// l with the leaves made dynamic as `which` says (values unchanged).
  Layout withLeaves(const Layout &l, Leaves which) {
    auto f = [&](Int x) {
      bool dynamic = which == Leaves::Dynamic || (which == Leaves::Mixed && coin(50));
      return dynamic ? Int::dynamic(x.value) : Int::fixed(x.value);
    };
    return Layout{mapLeaves(l.shape, f), mapLeaves(l.stride, f)};
  }

  /// l with each stride negated with the given chance (CuTe allows negative strides).
  Layout withNegativeStrides(const Layout &l, int percent) {
    return Layout{l.shape, mapLeaves(l.stride, [&](Int x) { return coin(percent) ? Int{-x.value, x.isStatic} : x; })};
  }

  /// A static layout whose image lies in [0, bound): cosize(result) <= bound.
  Layout layoutInto(int64_t bound) {
    for (int attempt = 0; attempt < 100; ++attempt) {
      Strides kind = oneOf<Strides>({Strides::Compact, Strides::PermutedCompact, Strides::Gapped, Strides::Arbitrary});
      Layout l = layout(kind, bound);
      if (cosize(l).value <= bound)
        return l;
    }
    return Layout{IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))};
  }

private:
  IntTuple shapeOnce(uint32_t maxRank) {
    if (coin(20))
      return IntTuple(Int::fixed(extent()));
    TupleBuilder b;
    b.open();
    int64_t rank = pick(1, maxRank);
    for (int64_t i = 0; i < rank; ++i) {
      if (coin(65)) {
        b.leaf(Int::fixed(extent()));
        continue;
      }
      b.open();
      int64_t inner = pick(1, 3);
      for (int64_t j = 0; j < inner; ++j)
        b.leaf(Int::fixed(extent()));
      b.close();
    }
    b.close();
    return b.finish();
  }

  std::mt19937_64 rng_;
  bool powersOfTwo_;
};

} // namespace test
CUTELAYOUT_ABI_END
} // namespace cutelayout
