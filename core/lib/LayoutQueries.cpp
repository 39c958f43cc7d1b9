// CuTe's further layout queries and rearrangements (Layout.h): coshape, nullspace,
// max_alignment, zip, unflatten and domain_offset. Each is a few steps of the algebra
// the other files define, taken in CuTe's order so that the staticness of the answer is
// CuTe's.
#include "cutelayout/Layout.h"

#include "cutelayout/Basis.h"
#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

Expected<IntTuple> coshape(const Layout &l) {
  ArithScope scope;
  IntTuple r = hasBasis(l.stride) ? CL_TRY(basisCoshape(l.shape, l.stride)) : IntTuple(cosize(l));
  if (scope.failed())
    return scope.error("coshape");
  return r;
}

Expected<Layout> nullspace(const Layout &l) {
  IntTuple shape = flattenToTuple(l.shape), stride = flattenToTuple(l.stride);
  IntTuple compact = CL_TRY(compactMajor(shape, IntTuple(kStatic1), Major::Left));
  TupleBuilder s, d;
  s.open();
  d.open();
  uint32_t kept = 0;
  TupleView::Iterator si = shape.view().begin(), ci = compact.view().begin();
  for (TupleView x : stride.view()) {
    if (x.isInt() && x.asInt().isConstant(0)) { // a runtime 0 is not CuTe's is_constant<0>
      s.add(*si);
      d.add(*ci);
      ++kept;
    }
    ++si;
    ++ci;
  }
  s.close();
  d.close();
  if (kept == 0)
    return Layout{IntTuple(kStatic1), IntTuple(kStatic0)};
  return Layout{unwrap(s.finish()), unwrap(d.finish())};
}

namespace {
/// CuTe's gcd of two integers (math.hpp), which keeps C++'s signed remainders: a negative
/// operand may give a negative answer.
int64_t cuteGcd(int64_t t, int64_t u) {
  while (true) {
    if (t == 0)
      return u;
    u %= t;
    if (u == 0)
      return t;
    t %= u;
  }
}

/// CuTe's gcd of a tuple's leaves: gcd(a, gcd(b, ...)), a leaf itself.
int64_t gcdOfLeaves(TupleView t) {
  if (!t.isTuple())
    return t.asInt().value;
  int64_t g = 0;
  bool first = true;
  // Folded from the right, as CuTe's gcd(t0, gcd(ts...)) nests.
  std::vector<int64_t> leaves;
  for (TupleView c : t)
    leaves.push_back(gcdOfLeaves(c));
  for (size_t i = leaves.size(); i-- > 0;) {
    g = first ? leaves[i] : cuteGcd(leaves[i], g);
    first = false;
  }
  return g;
}
} // namespace

Expected<Int> maxAlignment(const Layout &l) {
  if (hasBasis(l.stride))
    return basisStridesUnsupported("max_alignment", print(l));
  ArithScope scope;
  Layout flat = coalesce(l);
  // Only the static extents and strides count: a runtime extent is _1, a runtime stride _0.
  Layout known{mapLeaves(flat.shape, [](Int x) { return x.isStatic ? x : kStatic1; }),
               mapLeaves(flat.stride, [](Int x) { return x.isStatic ? x : kStatic0; })};
  Layout inverse = CL_TRY(rightInverse(known));
  Layout permuted = CL_TRY(logicalDivide(known, TilerRef(inverse)));
  if (scope.failed())
    return scope.error("max_alignment");
  if (permuted.rank() != 2)
    return makeError("max_alignment: the divide of " + print(known) + " by " + print(inverse) + " gave " +
                     print(permuted) + ", not a (tile, rest) pair");
  int64_t tile = product(permuted.shape.child(0)).value;
  return Int::fixed(cuteGcd(tile, gcdOfLeaves(permuted.stride.child(1))));
}

Expected<Int> maxAlignment(const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "max_alignment");
  if (!c.outer.isSwizzle())
    return Int::fixed(1);
  if (!c.offset.isInt() || !c.offset.asInt().isStatic || c.offset.asInt().isBasis())
    return makeError("max_alignment of " + print(c) + ": the offset " + print(c.offset.view()) +
                     " is not a static integer (CuTe's max_alignment of an offset takes Int<N> alone)");
  int64_t inner = CL_TRY(maxAlignment(c.inner)).value;
  return Int::fixed(cuteGcd(maxAlignment(c.outer.swizzle).value, cuteGcd(c.offset.asInt().value, inner)));
}

Expected<Layout> zip(const Layout &l) {
  IntTuple shape = CL_TRY(zip(l.shape.view()));
  return Layout{std::move(shape), CL_TRY(zip(l.stride.view()))};
}

Expected<Layout> zip(const Layout &a, const Layout &b) {
  IntTuple shape = CL_TRY(zip(IntTuple::makeTuple({a.shape, b.shape}).view()));
  return Layout{std::move(shape), CL_TRY(zip(IntTuple::makeTuple({a.stride, b.stride}).view()))};
}

Expected<Layout> unflatten(const Layout &l, TupleView profile) {
  IntTuple shape = CL_TRY(unflatten(l.shape.view(), profile));
  return Layout{std::move(shape), CL_TRY(unflatten(l.stride.view(), profile))};
}

Expected<LayoutAndOffset> domainOffset(TupleView coord, const Layout &l) {
  if (hasUnderscore(coord))
    return makeError("domain_offset: the coordinate " + print(coord) +
                     " contains `_` (CuTe's L(coord) would then be a slice, not an offset)");
  ArithScope scope;
  IntTuple offset = CL_TRY(crd2idxGeneral(coord, l.shape, l.stride));
  if (scope.failed())
    return scope.error("domain_offset");
  return LayoutAndOffset{l, std::move(offset)};
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
