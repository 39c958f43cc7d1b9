// Composition, complement, inverses, common layouts and recasts (CuTe's layout.hpp).
#include "Internal.h"
#include "Ordering.h"
#include "cutelayout/Notation.h"
#include "cutelayout/RuntimeForm.h"
#include "cutelayout/Trace.h"
#include "kernels/Inverse.h"
#include "kernels/NodeOut.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

IntTuple tupleOf(const IntVec &xs) {
  TupleBuilder b;
  b.open();
  for (Int x : xs)
    b.leaf(x);
  b.close();
  return b.finish();
}

/// A (flattened and coalesced) composed with B, B's tuples kept: the composition kernel
/// (kernels/Compose.h) in CuteDomain.
Status composeInto(const kernels::FlatModes<kernels::CuteDomain> &flatA, LayoutView b, LayoutBuilder &out) {
  kernels::CuteDomain dom;
  if (!kernels::composeTree(dom, flatA, b.shape.nodes(), b.stride.nodes(), out))
    return dom.error();
  return success();
}
} // namespace

namespace {
// CuTe's composition with a scaled-basis stride in B: a leaf s:v@p of B picks the mode of A
// at path p and composes it with s:v (an integer mode of A is its own mode 0, as CuTe's
// get<0>). B's other strides must be _0 (CuTe adds nothing else to a basis).
Status composeByBasisInto(LayoutView a, LayoutView b, LayoutBuilder &out) {
  auto leafMode = [&](Int s, Int d, LayoutBuilder &o) -> Status {
    if (!d.isBasis()) {
      if (!d.isConstant(0))
        return makeError("composition with " + print(b.copy()) + " as the inner layout: its strides mix the integer " +
                         print(d) + " with scaled bases (CuTe adds only _0 to a basis)");
      o.leaf(s, d);
      return success();
    }
    BasisPath path = basisPath(d);
    LayoutView mode = a;
    for (unsigned k = 0; k < path.size; ++k) {
      bool leafA = !mode.shape.isTuple();
      if ((leafA && path.modes[k] != 0) || (!leafA && path.modes[k] >= mode.rank()))
        return makeError("composition: the stride " + print(d) + " of " + print(b.copy()) + " names no mode of " +
                         print(a.copy()));
      if (!leafA)
        mode = mode.mode(path.modes[k]);
    }
    Layout step{IntTuple(s), IntTuple(basisValue(d))};
    return compositionInto(mode, step, o);
  };
  return mapLeafModesInto(b.shape, b.stride, out, leafMode);
}
} // namespace

Status compositionInto(LayoutView a, LayoutView b, LayoutBuilder &out) {
  if (isEmpty(a) || isEmpty(b))
    return emptyLayoutError("composition");
  if (__builtin_expect(hasBasis(b.stride), 0))
    return composeByBasisInto(a, b, out);
  kernels::CuteDomain dom;
  if (!kernels::composeLayouts(dom, a, b, out))
    return dom.error();
  return success();
}

Status compositionInto(LayoutView a, LayoutView b0, LayoutView b1, LayoutBuilder &out) {
  if (isEmpty(a) || isEmpty(b0) || isEmpty(b1))
    return emptyLayoutError("composition");
  if (__builtin_expect(hasBasis(b0.stride) || hasBasis(b1.stride), 0)) {
    out.open();
    CL_CHECK(compositionInto(a, b0, out));
    CL_CHECK(compositionInto(a, b1, out));
    out.close();
    return success();
  }
  kernels::CuteDomain dom;
  kernels::FlatModes<kernels::CuteDomain> flatA;
  kernels::loadFlat(dom, a, flatA);
  out.open();
  CL_CHECK(composeInto(flatA, b0, out));
  CL_CHECK(composeInto(flatA, b1, out));
  out.close();
  return success();
}

Expected<Layout> composition(const Layout &a, const Layout &b) {
  return intoExpected([&](Layout &r) { return composition(a, b, r); });
}

namespace {
/// composition past the fast domains. The operations' general paths are out of line:
/// inline, their working sets gave each entry point a large frame (six saved registers and
/// a stack adjustment), which every call of the fast domains paid.
[[gnu::noinline]] Status compositionGeneral(const Layout &a, const Layout &b, Layout &result) {
  return buildLayoutInto("composition", result, [&](LayoutBuilder &out) { return compositionInto(a, b, out); });
}
} // namespace

Status composition(const Layout &a, const Layout &b, Layout &result) {
  if (!isEmpty(b) && kernels::runFast(kernels::firstLeafStatic(a), result, [&](auto &dom, kernels::NodeOut &out) {
        return kernels::composeLayouts(dom, a, b, out);
      }))
    return success();
  return compositionGeneral(a, b, result);
}

IntTuple coalesceShape(TupleView shape) {
  IntTuple flat = flatten(shape);
  if (!flat.isTuple())
    return flat;
  IntVec leaves, out;
  leavesOf(flat, leaves);
  if (leaves.empty())
    return flat;
  out.push_back(leaves[0]);
  bool scalar = true;
  for (uint32_t i = 1; i < leaves.size(); ++i) {
    if (out.back().isStatic == leaves[i].isStatic) {
      out.back() = mul(out.back(), leaves[i]);
    } else {
      out.push_back(leaves[i]);
      scalar = false;
    }
  }
  return scalar ? IntTuple(out[0]) : tupleOf(out);
}

namespace {
using Exact = kernels::CuteDomain;

/// The rest of a complement by a tuple bound: R19's conditions, then the kernel's flat
/// rest, or for a nested bound coalesce(ceil_div(cotarget, start)) laid out compactly from
/// `start` on tuples.
struct TupleRest {
  TupleView cotarget;
  bool append(Exact &dom, Int last, Bool lastIsOne, kernels::ModeList<Exact> &result) const {
    if (cotarget.rank() >= 1 && cotarget.span() == cotarget.rank() + 1) { // flat: every element a leaf
      const Node *x = cotarget.nodes() + 1;
      return kernels::flatTupleRest<Exact>(cotarget.rank(), [&](uint32_t i) { return x[i].asInt(); })
          .append(dom, last, lastIsOne, result);
    }
    // The fold's conditions up to the first mode that is a tuple (or the last mode).
    uint32_t checked = 0;
    while (checked + 1 < cotarget.rank() && !cotarget.child(checked).isTuple())
      ++checked;
    kernels::requireTupleRest([&] { return print(cotarget); }, [&] { return product(cotarget); }, checked,
                              [&](uint32_t i) { return cotarget.child(i).asInt(); }, last, lastIsOne);
    Expected<IntTuple> quotient = ceilDiv(cotarget, IntTuple(last));
    if (!quotient)
      return dom.fail([&] { return quotient.error().message; });
    IntTuple restShape = coalesceShape(*quotient);
    Expected<IntTuple> restStride = compactMajor(restShape, IntTuple(last), Major::Left);
    if (!restStride)
      return dom.fail([&] { return restStride.error().message; });
    IntVec shape, stride;
    leavesOf(restShape, shape);
    leavesOf(*restStride, stride);
    result.reserve(shape.size());
    for (uint32_t i = 0; i < shape.size(); ++i)
      result.push(shape[i], stride[i]);
    return true;
  }
};

/// complement(l, cotarget) into out: the complement kernel (kernels/Complement.h) in
/// CuteDomain.
Status complementInto(LayoutView l, TupleView cotarget, LayoutBuilder &out) {
  Exact dom;
  IntVec revShape, revStride; // the result's modes, last first
  kernels::VecModes result{revShape, revStride};
  if (l.shape.isInt() && cotarget.isInt()) {
    Int s = l.shape.asInt(), d = l.stride.asInt();
    if (!s.isConstant(1) && !d.isConstant(0)) { // filtering keeps the leaf (read as integers)
      if (!kernels::complementLeaf(dom, Int{s.value, s.isStatic}, Int{d.value, d.isStatic}, cotarget.asInt(), result))
        return dom.error();
      out.addReversedModes(revShape, revStride);
      return success();
    }
  }
  kernels::FlatModes<Exact> modes; // filter(l): its modes, last first
  kernels::loadModes<kernels::Seed::ZerosAsUnit>(dom, l, modes);
  if (modes.rank() == 1 && modes.stride[0].isConstant(0)) {
    out.add(LayoutView(makeLayout(coalesceShape(cotarget))));
    return success();
  }
  bool ok = cotarget.isInt()
                ? kernels::complementModes(dom, modes, kernels::IntegerRest<Exact>{cotarget.asInt()}, result)
                : kernels::complementModes(dom, modes, TupleRest{cotarget}, result);
  if (!ok)
    return dom.error();
  out.addReversedModes(revShape, revStride);
  return success();
}
} // namespace

Status complementInto(LayoutView l, TupleView cotarget, LayoutBuilder &out, const char *op) {
  if (isEmpty(l))
    return emptyLayoutError(op);
  CL_CHECK(integerStrides("complement", l, true));
  if (hasBasis(cotarget))
    return makeError("complement: the bound " + print(cotarget) + " holds a scaled basis");
  if (hasUnderscore(cotarget))
    return makeError("complement: the bound " + print(cotarget) + " cannot contain `_`");
  return complementInto(l, cotarget, out);
}

Expected<Layout> complement(const Layout &l, TupleView cotarget) {
  return intoExpected([&](Layout &r) { return complement(l, cotarget, r); });
}

namespace {
/// complement past the fast domains, out of line.
[[gnu::noinline]] Status complementGeneral(const Layout &l, TupleView cotarget, Layout &result) {
  return buildLayoutInto("complement", result,
                         [&](LayoutBuilder &out) { return complementInto(l, cotarget, out, "complement"); });
}

/// complement(l) past the fast domains: complement(l, cosize(filter(l))).
[[gnu::noinline]] Status complementGeneral(const Layout &l, Layout &result) {
  CL_CHECK(integerStrides("complement", l, true));
  if (isEmpty(l))
    return emptyLayoutError("complement");
  Layout f = filter(l);
  return complement(l, IntTuple(cosize(f)), result);
}
} // namespace

namespace {
/// complement of l for the cotarget at c (null: cosize(filter(l))) in the fast domains.
/// Inline in the entry points: one frame for both.
[[gnu::always_inline]] inline bool complementFast(const Layout &l, const Node *c, Layout &result) {
  const Node *s = l.shape.view().nodes(), *d = l.stride.view().nodes();
  return kernels::runFast(kernels::firstLeafStatic(l), result, [&](auto &dom, kernels::NodeOut &out) {
    kernels::FlatModes<std::remove_reference_t<decltype(dom)>> rev;
    if (!kernels::complementLayout(dom, s, d, c, rev) || rev.full)
      return false;
    kernels::writeModes(rev, out);
    return true;
  });
}
} // namespace

Status complement(const Layout &l, TupleView cotarget, Layout &result) {
  if (complementFast(l, cotarget.nodes(), result))
    return success();
  return complementGeneral(l, cotarget, result);
}

Expected<Layout> complement(const Layout &l) {
  return intoExpected([&](Layout &r) { return complement(l, r); });
}

Status complement(const Layout &l, Layout &result) {
  if (complementFast(l, nullptr, result))
    return success();
  return complementGeneral(l, result);
}

namespace {
/// An inverse past the fast domains: the kernel (kernels/Inverse.h) in CuteDomain on
/// coalesce(l)'s modes.
template <class Kernel> Status inverseGeneral(const char *op, const Layout &l, Layout &result, Kernel kernel) {
  CL_CHECK(integerStrides(op, l, true));
  if (isEmpty(l))
    return emptyLayoutError(op);
  return buildLayoutInto(op, result, [&](LayoutBuilder &out) -> Status {
    Exact dom;
    if (!kernels::inverseLayout(dom, l, kernel, out))
      return dom.error();
    return success();
  });
}

/// An inverse in the fast domains.
template <class Kernel> bool inverseFast(const Layout &l, Layout &result, Kernel kernel) {
  return kernels::runFast(kernels::firstLeafStatic(l), result, [&](auto &dom, kernels::NodeOut &out) {
    return kernels::inverseLayout(dom, l, kernel, out);
  });
}

/// The inverses' kernels, for either domain.
const auto rightKernel = [](auto &dom, const auto &c, auto &out) { return kernels::rightInverse(dom, c, out); };

/// The inverses past the fast domains, out of line (a small frame for the entry points).
[[gnu::noinline]] Status rightInverseGeneral(const Layout &l, Layout &result) {
  return inverseGeneral("right_inverse", l, result, rightKernel);
}
[[gnu::noinline]] Status leftInverseGeneral(const Layout &l, Layout &result) {
  return inverseGeneral("left_inverse", l, result, [&](auto &dom, const auto &c, auto &out) {
    return kernels::leftInverse(dom, c, [&] { return print(l); }, out);
  });
}
} // namespace

Expected<Layout> rightInverse(const Layout &l) {
  return intoExpected([&](Layout &r) { return rightInverse(l, r); });
}

Status rightInverse(const Layout &l, Layout &result) {
  if (inverseFast(l, result, rightKernel))
    return success();
  return rightInverseGeneral(l, result);
}

Expected<Layout> leftInverse(const Layout &l) {
  return intoExpected([&](Layout &r) { return leftInverse(l, r); });
}

Status leftInverse(const Layout &l, Layout &result) {
  if (inverseFast(l, result, [](auto &dom, const auto &c, auto &out) {
        return kernels::leftInverse(dom, c, [] { return std::string(); }, out); // a fast domain's failure declines
      }))
    return success();
  return leftInverseGeneral(l, result);
}

namespace {
/// The leading mode of common = coalesce(a o right_inverse(b)), kept in place (invB and
/// common are the caller's): true when it is static with stride _1 (the common part).
Expected<bool> commonPrefix(const Layout &a, const Layout &b, Layout &invB, Layout &common, TupleView &shape,
                            TupleView &stride) {
  CL_TRY(rightInverse(b, invB));
  // The returning composition: a second caller of the in-place one costs its inlining
  // into the command line's composition handler (24 instructions a call there).
  Layout composed = CL_TRY(composition(a, invB));
  coalesce(composed, common);
  shape = common.shape.view().child(0); // mode 0 (a leaf layout is its own mode 0)
  stride = common.stride.view().child(0);
  return shape.isInt() && shape.asInt().isStatic && stride.isInt() && stride.asInt().isConstant(1);
}
} // namespace

// A basis stride in `a` is never CuTe's _1, so the common layout is _1:_0 there (CuTe's
// answer); `b` is inverted, which needs integer strides.
Expected<Layout> maxCommonLayout(const Layout &a, const Layout &b) {
  CL_CHECK(integerStrides("max_common_layout", b, true));
  Layout invB, common;
  TupleView shape(nullptr), stride(nullptr);
  if (!CL_TRY(commonPrefix(a, b, invB, common, shape, stride)))
    return Layout{IntTuple(kStatic1), IntTuple(kStatic0)};
  return composition(invB, Layout{IntTuple(shape), IntTuple(stride)});
}

Expected<Int> maxCommonVector(const Layout &a, const Layout &b) {
  CL_CHECK(integerStrides("max_common_vector", b, true));
  Layout invB, common;
  TupleView shape(nullptr), stride(nullptr);
  return CL_TRY(commonPrefix(a, b, invB, common, shape, stride)) ? shape.asInt() : kStatic1;
}

namespace {
// upcast<n> of one leaf mode sh:st.
Status upcastMode(Int sh, Int st, int64_t n, LayoutBuilder &out) {
  Int nn = Int::fixed(n);
  if (st.isConstant(0)) {
    out.leaf(sh, st);
    return success();
  }
  if (__builtin_expect(detail::tracing(), 0) && !st.isStatic)
    recordRuntimeCheck(either(equal(st, kStatic0), either(multipleOf(st, nn), multipleOf(nn, st))),
                       "upcast<" + std::to_string(n) + ">: a stride and " + std::to_string(n) +
                           " do not divide each other");
  else if (st.value != 0 && !isMultiple(st.value, n) && !isMultiple(n, st.value) && reportViolation(st.isStatic))
    return makeError("upcast<" + std::to_string(n) + ">: stride " + print(st) + " and " + std::to_string(n) +
                     " do not divide each other" + violationNote(st.isStatic));
  if (st.isStatic) {
    Int a = abs(st);
    // One after the other: the first overflow is the one reported, whatever the compiler's
    // order of arguments (F16).
    Int shape = ceilDiv(sh, ceilDiv(nn, a));
    Int stride = mul(signum(st), ceilDiv(a, nn));
    out.leaf(shape, stride);
  } else {
    // R19: CuTe divides a runtime stride; the static form shrinks the extent where the
    // stride is smaller than n. They agree where n divides the stride.
    requireStaticFunction(either(equal(st, kStatic0), multipleOf(st, nn)), [&] {
      return "the stride " + print(st) + " is not a multiple of " + std::to_string(n) +
             ", and CuTe divides a runtime "
             "stride where the static form shrinks the extent " +
             print(sh);
    });
    out.leaf(sh, safeDiv(st, nn));
  }
  return success();
}

// downcast<n> of one leaf mode sh:st.
Status downcastMode(Int sh, Int st, int64_t n, LayoutBuilder &out) {
  Int nn = Int::fixed(n);
  // R19: the static form widens the extent of a unit stride; CuTe multiplies a runtime one.
  if (!st.isStatic)
    requireStaticFunction(negation(either(equal(st, kStatic1), equal(st, Int::fixed(-1)))), [&] {
      return "the stride " + print(st) + " is a runtime unit stride, which CuTe multiplies by " + std::to_string(n) +
             " where the static form widens its extent " + print(sh);
    });
  if (st.isConstant(1) || st.isConstant(-1))
    out.leaf(mul(sh, nn), st);
  else
    out.leaf(sh, mul(st, nn));
  return success();
}

bool hasStaticOne(TupleView t) {
  for (uint32_t i = 0; i < t.span(); ++i) {
    const Node &n = t.nodes()[i];
    if (n.kind == NodeKind::Int && n.isStatic && n.value == 1)
      return true;
  }
  return false;
}
} // namespace

Expected<Layout> upcast(const Layout &l, int64_t n) {
  CL_CHECK(integerStrides("upcast", l));
  if (n <= 0)
    return makeError("upcast<" + std::to_string(n) + ">: the factor must be positive");
  auto mode = [n](Int s, Int d, LayoutBuilder &out) { return upcastMode(s, d, n, out); };
  return buildLayout("upcast", [&](LayoutBuilder &out) { return mapLeafModesInto(l.shape, l.stride, out, mode); });
}

Expected<Layout> downcast(const Layout &l, int64_t n) {
  CL_CHECK(integerStrides("downcast", l));
  if (n <= 0)
    return makeError("downcast<" + std::to_string(n) + ">: the factor must be positive");
  if (!hasStaticOne(l.stride))
    return makeError("downcast<" + std::to_string(n) + "> of " + print(l) +
                     ": requires a static stride-1 mode (adjacent elements)");
  auto mode = [n](Int s, Int d, LayoutBuilder &out) { return downcastMode(s, d, n, out); };
  return buildLayout("downcast", [&](LayoutBuilder &out) { return mapLeafModesInto(l.shape, l.stride, out, mode); });
}

Expected<Layout> recastLayout(const Layout &l, int64_t oldBits, int64_t newBits) {
  CL_CHECK(integerStrides("recast_layout", l));
  if (oldBits <= 0 || newBits <= 0)
    return makeError("recast_layout: element widths must be positive, got " + std::to_string(oldBits) + " and " +
                     std::to_string(newBits));
  int64_t g = gcd(Int::fixed(oldBits), Int::fixed(newBits)).value;
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return l;
  if (num == 1)
    return downcast(l, den);
  if (den == 1)
    return upcast(l, num);
  return downcast(CL_TRY(upcast(l, num)), den);
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
