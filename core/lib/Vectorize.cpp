// Vectorize.h: the width of the vectors a layout keeps, by one walk over its modes.
#include "cutelayout/Vectorize.h"

#include "cutelayout/IntTuple.h"

#include <utility>
#include <vector>

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

int64_t staticMultiple(Int x) { return x.isStatic ? x.value : 1; }

namespace {

/// Whether x is known to be a multiple of w (w a power of two).
bool knownMultiple(Int x, int64_t w, const MultipleOf &multipleOf) {
  if (x.isBasis())
    return false;
  int64_t m = multipleOf(x);
  return m == 0 || (m % w == 0);
}

/// l's modes in order, flattened, with each run of modes that continue one another
/// statically (stride = the previous extent times its stride) merged into one, as
/// coalesce merges them; runtime leaves are not merged.
std::vector<std::pair<Int, Int>> mergedModes(const Layout &l) {
  std::vector<std::pair<Int, Int>> modes;
  uint32_t n = leafCount(l.shape);
  for (uint32_t k = 0; k < n; ++k) {
    Int s = leafAt(l.shape, k).asInt(), d = leafAt(l.stride, k).asInt();
    if (s.isStatic && s.value == 1)
      continue;
    if (!modes.empty()) {
      auto &[ps, pd] = modes.back();
      if (ps.isStatic && pd.isStatic && s.isStatic && d.isStatic && !pd.isBasis() && !d.isBasis() &&
          d.value == ps.value * pd.value) {
        ps = Int::fixed(ps.value * s.value);
        continue;
      }
    }
    modes.push_back({s, d});
  }
  return modes;
}

/// Whether l has vectors of w: a contiguous prefix of w elements, then strides that are
/// multiples of w.
bool hasVectors(const Layout &l, int64_t w, const MultipleOf &multipleOf) {
  std::vector<std::pair<Int, Int>> modes = mergedModes(l);
  int64_t covered = 1; // elements of the prefix so far, contiguous from offset 0
  size_t k = 0;
  for (; k < modes.size() && covered < w; ++k) {
    auto [s, d] = modes[k];
    if (!d.isStatic || d.isBasis() || d.value != covered)
      return false;
    int64_t rest = w / covered; // a power of two
    if (s.isStatic && s.value < rest) {
      if (rest % s.value != 0)
        return false;
      covered *= s.value;
      continue;
    }
    // The mode holds the rest of the prefix: its extent a multiple of it, and the mode's
    // remaining stride, covered * rest = w, a multiple of w.
    if (!knownMultiple(s, rest, multipleOf))
      return false;
    covered = w;
  }
  if (covered < w)
    return false; // fewer than w elements in all
  for (; k < modes.size(); ++k)
    if (!knownMultiple(modes[k].second, w, multipleOf))
      return false;
  return true;
}

int64_t widest(int64_t maxElements, const std::function<bool(int64_t)> &holds) {
  int64_t w = 1;
  while (w <= maxElements / 2)
    w *= 2;
  for (; w > 1; w /= 2)
    if (holds(w))
      return w;
  return 1;
}

} // namespace

int64_t vectorWidth(const Layout &l, int64_t maxElements, const MultipleOf &multipleOf) {
  return widest(maxElements, [&](int64_t w) { return hasVectors(l, w, multipleOf); });
}

int64_t vectorWidth(const ComposedLayout &c, int64_t maxElements, const MultipleOf &multipleOf) {
  if (!c.outer.isSwizzle() || c.innerSwizzle || !c.offset.isInt())
    return 1;
  // The swizzle moves no bit below its base: runs of up to 2^M aligned elements stay runs.
  int64_t unswizzled = int64_t(1) << c.outer.swizzle.base;
  Int offset = c.offset.asInt();
  return widest(std::min(maxElements, unswizzled),
                [&](int64_t w) { return knownMultiple(offset, w, multipleOf) && hasVectors(c.inner, w, multipleOf); });
}

int64_t vectorWidth(const AnyLayout &l, int64_t maxElements, const MultipleOf &multipleOf) {
  if (const ComposedLayout *c = std::get_if<ComposedLayout>(&l))
    return vectorWidth(*c, maxElements, multipleOf);
  return vectorWidth(std::get<Layout>(l), maxElements, multipleOf);
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
