#include "cutelayout/ComposedLayout.h"

#include "cutelayout/Basis.h"
#include "cutelayout/IntTupleMath.h"

#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

OuterFunction OuterFunction::of(const Swizzle &s) {
  OuterFunction f;
  f.kind = Kind::Swizzle;
  f.swizzle = s;
  return f;
}
OuterFunction OuterFunction::of(const Layout &l) {
  OuterFunction f;
  f.kind = Kind::Layout;
  f.layout = l;
  return f;
}
OuterFunction OuterFunction::of(const ComposedLayout &c) {
  OuterFunction f;
  f.kind = Kind::Composed;
  f.composed = std::make_shared<const ComposedLayout>(c);
  return f;
}

bool operator==(const OuterFunction &a, const OuterFunction &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case OuterFunction::Kind::Swizzle:
    return a.swizzle == b.swizzle;
  case OuterFunction::Kind::Layout:
    return a.layout == b.layout;
  case OuterFunction::Kind::Composed:
    return *a.composed == *b.composed;
  }
  return false;
}

bool operator==(const ComposedLayout &a, const ComposedLayout &b) {
  return a.outer == b.outer && a.offset == b.offset && a.inner == b.inner && a.innerSwizzle == b.innerSwizzle;
}

Error innerSwizzleError(const ComposedLayout &c, const char *op) {
  return makeError(std::string(op) + " of " + print(c) +
                   ": its inner function is a swizzle (CuTe's inverse of a swizzled layout with an offset), on "
                   "which CuTe defines no such operation");
}

uint64_t hashValue(const ComposedLayout &c) {
  uint64_t h = hashValue(c.offset) * 31 + hashValue(c.inner) + (c.innerSwizzle ? uint64_t(c.innerSwizzle->code()) : 0);
  switch (c.outer.kind) {
  case OuterFunction::Kind::Swizzle:
    return h * 31 + uint64_t(c.outer.swizzle.code()) * 7 + uint64_t(c.outer.swizzle.shift + 64);
  case OuterFunction::Kind::Layout:
    return h * 31 + hashValue(c.outer.layout);
  case OuterFunction::Kind::Composed:
    return h * 31 + hashValue(*c.outer.composed);
  }
  return h;
}

std::string print(const OuterFunction &f, Style style) {
  switch (f.kind) {
  case OuterFunction::Kind::Swizzle:
    return print(f.swizzle);
  case OuterFunction::Kind::Layout:
    return print(f.layout, style);
  case OuterFunction::Kind::Composed:
    return print(*f.composed, style);
  }
  return "";
}

std::string print(const ComposedLayout &c, Style style) {
  return print(c.outer, style) + " o " + print(c.offset.view(), style) + " o " +
         (c.innerSwizzle ? print(*c.innerSwizzle) : print(c.inner, style));
}

std::string print(const AnyLayout &l, Style style) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return print(*p, style);
  return print(std::get<ComposedLayout>(l), style);
}

uint32_t chainLength(const ComposedLayout &c) {
  uint32_t n = 1;
  for (const ComposedLayout *p = &c; p->outer.kind == OuterFunction::Kind::Composed; p = p->outer.composed.get())
    ++n;
  return n;
}

Expected<ComposedLayout> makeComposedLayout(OuterFunction outer, TupleView offset, Layout inner) {
  if (hasUnderscore(offset))
    return makeError("make_composed_layout: the offset " + print(offset) + " cannot contain `_`");
  if (outer.kind == OuterFunction::Kind::Composed && chainLength(*outer.composed) >= kMaxComposedChain)
    return makeError("a composed layout chained more than " + std::to_string(kMaxComposedChain) +
                     " links deep (A o O o B o O o B ...): past cutelayout's bound");
  return ComposedLayout{std::move(outer), IntTuple(offset), std::move(inner)};
}

namespace {
/// Whether A o O is the identity that CuTe's composition(A, O, B) drops: a swizzle of no
/// bits at offset _0.
bool isNoOp(const OuterFunction &outer, TupleView offset) {
  return outer.isSwizzle() && outer.swizzle.bits == 0 && offset.isInt() && offset.asInt().isConstant(0);
}
} // namespace

AnyLayout composeFunctions(OuterFunction outer, TupleView offset, Layout inner) {
  if (isNoOp(outer, offset))
    return inner;
  return ComposedLayout{std::move(outer), IntTuple(offset), std::move(inner)};
}

bool isStatic(const ComposedLayout &c) {
  bool outer =
      c.outer.kind == OuterFunction::Kind::Swizzle ||
      (c.outer.kind == OuterFunction::Kind::Layout ? isStatic(c.outer.layout.shape) && isStatic(c.outer.layout.stride)
                                                   : isStatic(*c.outer.composed));
  return outer && isStatic(c.offset) && isStatic(c.inner.shape) && isStatic(c.inner.stride);
}

ComposedLayout staticTwin(const ComposedLayout &c) {
  return mapLeaves(c, [](Int x) { return Int::fixed(x.value); });
}

Expected<Int> apply(const OuterFunction &f, Int x) {
  switch (f.kind) {
  case OuterFunction::Kind::Swizzle:
    return f.swizzle.apply(x);
  case OuterFunction::Kind::Layout:
    return crd2idx(IntTuple(x), f.layout);
  case OuterFunction::Kind::Composed:
    return crd2idx(IntTuple(x), *f.composed);
  }
  return Int::fixed(0);
}

namespace {
Error tupleOffset(const ComposedLayout &c, const char *op) {
  return makeError(std::string(op) + " of " + print(c) + ": the offset " + print(c.offset.view()) +
                   " is a tuple; only an integer offset is added to the inner layout's result");
}

/// x + y with an ArithScope: overflow becomes an error naming op.
Expected<Int> checkedAdd(Int x, Int y, const char *op) {
  ArithScope scope;
  Int r = add(x, y);
  if (scope.failed())
    return scope.error(op);
  return r;
}
} // namespace

Expected<Int> crd2idx(TupleView coord, const ComposedLayout &c) {
  if (!c.offset.isInt())
    return tupleOffset(c, "crd2idx");
  if (c.innerSwizzle && !coord.isInt())
    return makeError("crd2idx of " + print(c) + ": its inner function, a swizzle, takes an integer, not " +
                     print(coord));
  Int inner = c.innerSwizzle ? c.innerSwizzle->apply(coord.asInt()) : CL_TRY(crd2idx(coord, c.inner));
  return apply(c.outer, CL_TRY(checkedAdd(c.offset.asInt(), inner, "crd2idx")));
}

Int size(const ComposedLayout &c) { return size(c.inner); }
Int cosize(const ComposedLayout &c) { return cosize(c.inner); }

AnyLayout makeLayout(const Swizzle &s) {
  int64_t extent = s.base + s.bits + (s.shift < 0 ? -s.shift : s.shift);
  return composition(s, makeLayout(IntTuple(Int::fixed(extent))));
}

AnyLayout composition(const Swizzle &s, const Layout &l) {
  return composeFunctions(OuterFunction::of(s), IntTuple(Int::fixed(0)), l);
}

namespace {
/// l at the 1-D index i: both must be static (CuTe computes a swizzle's masks at compile
/// time, so a runtime index, such as size - 1 of a runtime extent, fails as well).
Expected<int64_t> staticImage(const Layout &l, Int i, const char *what) {
  Int r = CL_TRY(crd2idx(IntTuple(i), l));
  if (!i.isStatic || !r.isStatic)
    return makeError(std::string(what) + ": the layout " + print(l) +
                     " must be static (CuTe computes the new swizzle's masks at compile time)");
  return r.value;
}
} // namespace

Expected<AnyLayout> composition(const Layout &l, const Swizzle &s) {
  const char *what = "composition of a layout with a swizzle";
  int64_t y = CL_TRY(staticImage(l, Int::fixed(s.yyyMask()), what));
  int64_t z = CL_TRY(staticImage(l, Int::fixed(s.zzzMask()), what));
  Expected<Swizzle> moved = makeSwizzleFromMasks(y, z);
  if (!moved)
    return makeError("composition of " + print(l) + " with " + print(s) + ": " + moved.error().message);
  return composition(*moved, l);
}

namespace {
/// A composed layout as an AnyLayout operand of a further composition with a tiler.
Expected<AnyLayout> composeWith(const AnyLayout &first, const Layout &inner) {
  if (const Layout *l = std::get_if<Layout>(&first)) {
    Expected<Layout> r = composition(*l, inner);
    if (!r)
      return r.error();
    return AnyLayout(r.take());
  }
  return composition(std::get<ComposedLayout>(first), tilerFromLayout(inner));
}
} // namespace

Expected<AnyLayout> composition(const Layout &l, const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "composition");
  if (!(c.offset.isInt() && c.offset.asInt().isConstant(0)))
    return makeError("composition of " + print(l) + " with " + print(c) +
                     ": the composed layout's offset must be _0 (CuTe: \"Require offset == 0.\")");
  AnyLayout first;
  switch (c.outer.kind) {
  case OuterFunction::Kind::Swizzle:
    first = CL_TRY(composition(l, c.outer.swizzle));
    break;
  case OuterFunction::Kind::Layout: {
    first = CL_TRY(composition(l, c.outer.layout));
    break;
  }
  case OuterFunction::Kind::Composed:
    first = CL_TRY(composition(l, *c.outer.composed));
    break;
  }
  return composeWith(first, c.inner);
}

Expected<AnyLayout> composition(const ComposedLayout &c, const Tiler &t) {
  return liftInner(c, [&](const Layout &b) { return composition(b, t); });
}

namespace {
/// CuTe's swizzle_only_zy (swizzle_layout.hpp): over sizes (2^M, 2^B, 2^(|S|-B), 2^B, 1),
/// the offset bits inside the swizzle's two fields, the others mapped to 0; with `anti`,
/// its swizzle_anti_zy: the bits outside the fields, those inside mapped to 0.
Layout swizzleFieldsLayout(const Swizzle &s, bool anti = false) {
  int64_t m = s.base, b = s.bits, as = s.shift < 0 ? -s.shift : s.shift;
  auto p = [](int64_t e) { return int64_t(1) << e; };
  const int64_t shapes[5] = {p(m), p(b), p(as - b), p(b), 1};
  const int64_t only[5] = {0, p(m), 0, p(m + as), 0};
  const int64_t outside[5] = {1, 0, p(m + b), 0, p(m + b + as)};
  const int64_t *strides = anti ? outside : only;
  TupleBuilder shape, stride;
  shape.open();
  stride.open();
  for (int i = 0; i < 5; ++i) {
    shape.leaf(Int::fixed(shapes[i]));
    stride.leaf(Int::fixed(strides[i]));
  }
  shape.close();
  stride.close();
  return Layout{shape.finish(), stride.finish()};
}

/// CuTe's to_mixed_bits of the fixed modes, XORed into the composed layout's offset:
/// the XOR over leaves of (c*d) & ((s-1)*d). The bits a runtime coordinate leaf may set,
/// (s-1)*d, and every bit of a runtime offset are `dynamicBits` (CuTe's MixedBits flags).
/// The value is computed where the leaves' values are known; on a Trace's symbols (the
/// lowering) a runtime leaf's bits are (c mod s)*d (c >= 0), added to the static bits,
/// which needs each runtime leaf's bits to overlap no other leaf's.
struct MixedBits {
  Int value;
  int64_t dynamicBits = 0;
  int64_t staticValue = 0; // the value's bits outside dynamicBits
};
/// @pre every leaf's s*d static (CuTe: a static power of two or 0)
Expected<MixedBits> toMixedBits(const Layout &l, TupleView coord, Int offset) {
  IntTuple c = CL_TRY(idx2crd(coord, l.shape));
  uint32_t n = leafCount(l.shape);
  if (leafCount(c) != n)
    return makeError("slice: the coordinate " + print(coord) + " does not match " + print(l));
  for (uint32_t k = 0; k < n; ++k) {
    Int s = leafAt(l.shape, k).asInt(), d = leafAt(l.stride, k).asInt();
    Int span = mul(s, d);
    if (!span.isStatic || (span.value != 0 && (span.value < 0 || (span.value & (span.value - 1)) != 0)))
      return makeError("slice of a swizzled layout: the mode " + print(s) + ":" + print(d) +
                       " does not span a static power of two in the swizzle's fields (CuTe: \"Requires pow2 "
                       "shape*stride.\")");
  }
  const bool symbolic = detail::tracing();
  MixedBits r;
  uint64_t known = 0; // unsigned: an unknown runtime value's product must not overflow
  if (offset.isStatic || !symbolic)
    known = uint64_t(offset.value);
  if (!offset.isStatic) {
    if (symbolic)
      return makeError("slice of a swizzled layout with a runtime offset: its swizzle bits cannot be computed in "
                       "the lowered code here");
    r.dynamicBits = ~int64_t(0);
  }
  int64_t masks = offset.isStatic ? offset.value : 0, overlap = 0; // a static offset's bits count as a mode's
  Int runtime = Int::fixed(0);
  for (uint32_t k = 0; k < n; ++k) {
    int64_t s = leafAt(l.shape, k).asInt().value, d = leafAt(l.stride, k).asInt().value;
    int64_t mask = (s - 1) * d;
    Int x = leafAt(c, k).asInt();
    overlap |= masks & mask;
    masks |= mask;
    if (!x.isStatic)
      r.dynamicBits |= mask;
    if (x.isStatic || !symbolic)
      known ^= (uint64_t(x.value) * uint64_t(d)) & uint64_t(mask);
    else if (mask != 0)
      runtime = add(runtime, mul(mod(x, Int::fixed(s)), Int::fixed(d)));
  }
  if (symbolic && (overlap & r.dynamicBits) != 0)
    return makeError("slice of a swizzled layout: a runtime coordinate's swizzle bits overlap another mode's, "
                     "which the lowered code does not combine");
  r.staticValue = int64_t(known) & ~r.dynamicBits;
  r.value = r.dynamicBits == 0 ? Int::fixed(int64_t(known))
            : symbolic         ? add(Int::fixed(int64_t(known)), runtime)
                               : Int{int64_t(known), false};
  return r;
}

bool allUnderscore(TupleView t) {
  if (t.isTuple()) {
    for (TupleView c : t)
      if (!allUnderscore(c))
        return false;
    return true;
  }
  return t.isUnderscore();
}

Expected<ComposedSlice> sliceSwizzled(TupleView coord, const ComposedLayout &c) {
  const Swizzle &sw = c.outer.swizzle;
  if (allUnderscore(coord))
    return ComposedSlice{composeFunctions(c.outer, c.offset, CL_TRY(slice(coord, c.inner))), Int::fixed(0)};
  if (!c.offset.isInt())
    return tupleOffset(c, "slice");
  Layout only = swizzleFieldsLayout(sw);
  Layout sliced = CL_TRY(slice(coord, c.inner));
  Layout diced = CL_TRY(dice(coord, c.inner));
  IntTuple dicedCoord = CL_TRY(dice(coord, coord));
  Layout dicedOnly = CL_TRY(composition(only, diced));
  // Swizzle-field bits of the fixed modes: from runtime coordinates or a runtime offset,
  // they are runtime bits (a runtime offset makes them all runtime).
  MixedBits fixedBits = CL_TRY(toMixedBits(dicedOnly, dicedCoord, c.offset.asInt()));
  const int64_t dynamicBits = fixedBits.dynamicBits;
  const Int offsetOnly = fixedBits.value;
  // The fixed modes' bits outside the fields: the iterator's offset, whatever the swizzle.
  Layout dicedAnti = CL_TRY(composition(swizzleFieldsLayout(sw, true), diced));
  Int offsetAnti = CL_TRY(crd2idx(dicedCoord, dicedAnti));
  Layout slicedOnly = CL_TRY(composition(only, sliced));
  Int last = sub(size(slicedOnly), Int::fixed(1));
  Int active = CL_TRY(crd2idx(IntTuple(last), slicedOnly));
  // CuTe decides at compile time: the sliced modes keep bits of both fields (a static
  // `active` with bits the swizzle moves), or not (any runtime `active` included).
  if (active.isStatic && (active.value & ~sw.apply(active.value)) != 0) {
    // CuTe's offset is then a MixedBits value: static and runtime bits, printed as such.
    // Where values are known (the command line) that print has no counterpart here, so it
    // is refused; where they are not (the dialect's types, the lowering's symbols) the
    // composed layout holds it as a runtime offset, the same function.
    if (dynamicBits != 0 && c.offset.asInt().isStatic && !dynamicValuesAreUnknown())
      return makeError("slice of " + print(c) + " at " + print(coord) +
                       ": the result's offset holds swizzle bits of a runtime coordinate (CuTe's MixedBits "
                       "value), which a composed layout here does not hold yet");
    return ComposedSlice{AnyLayout(ComposedLayout{c.outer, IntTuple(offsetOnly), std::move(sliced)}), offsetAnti};
  }
  // The remaining swizzle is linear on the sliced modes: it becomes strides.
  int64_t z = sw.zzzMask() & -sw.zzzMask(), y = sw.yyyMask() & -sw.yyyMask();
  // Each stride depends on one offset bit; a bit set by a runtime coordinate makes it a
  // runtime stride (CuTe's conditional_return on a runtime bool), here `unset + bit *
  // (set - unset)`, so that the lowering computes it without a branch.
  auto strides = [&](bool zBelowY, TupleBuilder &out) {
    for (int i = 0; i < sw.bits; ++i) {
      int64_t bit = zBelowY ? y << i : z << i;
      int64_t scale = int64_t(1) << i; // y - z is negative for a negative shift: no << on it
      int64_t ifSet = zBelowY ? -z * scale : (y - z) * scale, ifUnset = zBelowY ? z * scale : (y + z) * scale;
      if ((dynamicBits & bit) == 0) {
        out.leaf(Int::fixed((fixedBits.staticValue & bit) != 0 ? ifSet : ifUnset));
        continue;
      }
      Int set = mod(div(offsetOnly, Int::fixed(bit)), Int::fixed(2));
      out.leaf(add(Int::fixed(ifUnset), mul(set, Int::fixed(ifSet - ifUnset))));
    }
  };
  int64_t m = sw.base, b = sw.bits, as = sw.shift < 0 ? -sw.shift : sw.shift;
  TupleBuilder shape, stride;
  shape.open();
  stride.open();
  auto twos = [&](TupleBuilder &out) { // CuTe's repeat<B>(_2): one _2 is a leaf
    if (b != 1)
      out.open();
    for (int i = 0; i < b; ++i)
      out.leaf(Int::fixed(2));
    if (b != 1)
      out.close();
  };
  auto group = [&](bool zBelowY) {
    if (b != 1)
      stride.open();
    strides(zBelowY, stride);
    if (b != 1)
      stride.close();
  };
  shape.leaf(Int::fixed(int64_t(1) << m));
  stride.leaf(Int::fixed(1));
  twos(shape);
  group(z < y);
  shape.leaf(Int::fixed(int64_t(1) << (as - b)));
  stride.leaf(Int::fixed(int64_t(1) << (m + b)));
  twos(shape);
  group(z > y);
  shape.leaf(Int::fixed(1));
  stride.leaf(Int::fixed(int64_t(1) << (m + b + as)));
  shape.close();
  stride.close();
  Layout swizzleLayout{shape.finish(), stride.finish()};
  Layout decayed = CL_TRY(composition(swizzleLayout, sliced));
  // The iterator moves to the swizzled fixed bits plus the others (CuTe: swizzle(offset_only_zy)
  // + offset_anti_zy), a runtime offset where either part is.
  Int moved = CL_TRY(checkedAdd(sw.apply(offsetOnly), offsetAnti, "slice"));
  return ComposedSlice{AnyLayout(std::move(decayed)), moved};
}
} // namespace

Expected<AnyLayout> slice(TupleView coord, const ComposedLayout &c) {
  ComposedSlice s = CL_TRY(sliceAndOffset(coord, c));
  return std::move(s.layout);
}

Expected<ComposedSlice> sliceAndOffset(TupleView coord, const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "slice");
  if (c.outer.isSwizzle())
    return sliceSwizzled(coord, c);
  if (!c.offset.isInt())
    return tupleOffset(c, "slice");
  Layout sliced = CL_TRY(slice(coord, c.inner));
  // CuTe's slice_and_offset: the fixed modes' offset, B at coord with `_` read as 0.
  IntTuple at = CL_TRY(sliceOffset(coord, c.inner.shape, c.inner.stride));
  if (!at.isInt() || at.asInt().isBasis())
    return makeError("slice of " + print(c) + ": the offset " + print(at) +
                     " is a coordinate (the inner layout has scaled-basis strides), not an integer");
  Int offset = at.asInt();
  Int total = CL_TRY(checkedAdd(c.offset.asInt(), offset, "slice"));
  return ComposedSlice{AnyLayout(ComposedLayout{c.outer, IntTuple(total), std::move(sliced)}), Int::fixed(0)};
}

Expected<ComposedLayout> domainOffset(TupleView coord, const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "domain_offset");
  LayoutAndOffset at = CL_TRY(domainOffset(coord, c.inner));
  ComposedLayout r = c;
  r.offset = CL_TRY(addCoordinates(c.offset, at.offset));
  return r;
}

Expected<Layout> complement(const ComposedLayout &c, TupleView cotarget) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "complement");
  return complement(c.inner, cotarget);
}
Expected<Layout> complement(const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "complement");
  return complement(c.inner, IntTuple(cosize(c.inner)));
}

namespace {
template <class Inverse> Expected<AnyLayout> invert(const ComposedLayout &c, Inverse inverse, const char *op) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, op);
  Layout b = CL_TRY(inverse(c.inner));
  bool zeroOffset = c.offset.isInt() && c.offset.asInt().isConstant(0);
  if (c.outer.isSwizzle() && zeroOffset)
    return composition(b, c.outer.swizzle);
  if (!c.offset.isInt())
    return tupleOffset(c, op);
  if (!c.offset.asInt().isStatic) // CuTe has no inverse of a runtime offset
    return makeError(std::string(op) + " of " + print(c) + ": the offset " + print(c.offset.view()) +
                     " is a runtime integer, and CuTe inverts only a static offset (or _0 under a swizzle)");
  ArithScope scope;
  Int minusOffset = neg(c.offset.asInt());
  if (scope.failed())
    return scope.error(op);
  // B^-1 o -O o A^-1, A^-1 a swizzle (itself) or a plain layout.
  Layout a;
  switch (c.outer.kind) {
  case OuterFunction::Kind::Swizzle: {
    Layout unused{IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))}; // the inner layout slot: _1:_0
    return AnyLayout(ComposedLayout{OuterFunction::of(b), IntTuple(minusOffset), unused, c.outer.swizzle});
  }
  case OuterFunction::Kind::Layout:
    a = CL_TRY(inverse(c.outer.layout));
    break;
  case OuterFunction::Kind::Composed: {
    AnyLayout inner = CL_TRY(invert(*c.outer.composed, inverse, op));
    if (!std::holds_alternative<Layout>(inner))
      return makeError(std::string(op) + " of " + print(c) +
                       ": CuTe's inverse has a composed layout as its inner function, which a composed layout "
                       "here does not hold");
    a = std::get<Layout>(std::move(inner));
    break;
  }
  }
  return composeFunctions(OuterFunction::of(b), IntTuple(minusOffset), std::move(a));
}
} // namespace

Expected<AnyLayout> rightInverse(const ComposedLayout &c) {
  return invert(c, [](const Layout &l) { return rightInverse(l); }, "right_inverse");
}
Expected<AnyLayout> leftInverse(const ComposedLayout &c) {
  return invert(c, [](const Layout &l) { return leftInverse(l); }, "left_inverse");
}

Expected<Int> upcastOffset(Int x, int64_t n) {
  if (!x.isStatic)
    return makeError("upcast<" + std::to_string(n) + "> of the runtime offset " + print(x) +
                     ": CuTe defines upcast of an offset only for static integers");
  if (n <= 0 || x.value % n != 0)
    return makeError("upcast<" + std::to_string(n) + "> of the offset " + print(x, Style::Cute) +
                     ": not a multiple of " + std::to_string(n) + " (CuTe: \"Static safe_div requires t % u == 0\")");
  return Int::fixed(x.value / n);
}

namespace {
Expected<Int> downcastOffset(Int x, int64_t n) {
  if (!x.isStatic)
    return makeError("downcast<" + std::to_string(n) + "> of the runtime offset " + print(x) +
                     ": CuTe defines downcast of an offset only for static integers");
  ArithScope scope;
  Int r = mul(x, Int::fixed(n));
  if (scope.failed())
    return scope.error("downcast");
  return r;
}

/// The element-width change of every part: upcast or downcast by n.
Expected<AnyLayout> recastParts(const ComposedLayout &c, int64_t n, bool up) {
  const char *op = up ? "upcast" : "downcast";
  if (c.innerSwizzle)
    return innerSwizzleError(c, op);
  if (!c.offset.isInt())
    return tupleOffset(c, op);
  OuterFunction outer;
  switch (c.outer.kind) {
  case OuterFunction::Kind::Swizzle:
    outer = OuterFunction::of(CL_TRY(up ? upcast(c.outer.swizzle, n) : downcast(c.outer.swizzle, n)));
    break;
  case OuterFunction::Kind::Layout:
    outer = OuterFunction::of(CL_TRY(up ? upcast(c.outer.layout, n) : downcast(c.outer.layout, n)));
    break;
  case OuterFunction::Kind::Composed: {
    AnyLayout a = CL_TRY(recastParts(*c.outer.composed, n, up));
    if (const Layout *l = std::get_if<Layout>(&a))
      outer = OuterFunction::of(*l);
    else
      outer = OuterFunction::of(std::get<ComposedLayout>(a));
    break;
  }
  }
  Int offset = CL_TRY(up ? upcastOffset(c.offset.asInt(), n) : downcastOffset(c.offset.asInt(), n));
  Layout inner = CL_TRY(up ? upcast(c.inner, n) : downcast(c.inner, n));
  // No simplification here: CuTe's upcast and downcast of the offset _0 are not of the
  // type its composition(Swizzle<0,M,S>, Int<0>, L) overload drops (Sw<0,0,3> o _0 o L stays).
  return AnyLayout(ComposedLayout{std::move(outer), IntTuple(offset), std::move(inner)});
}

Expected<AnyLayout> recastAny(const AnyLayout &l, int64_t n, bool up) {
  if (const Layout *p = std::get_if<Layout>(&l)) {
    Expected<Layout> r = up ? upcast(*p, n) : downcast(*p, n);
    if (!r)
      return r.error();
    return AnyLayout(r.take());
  }
  return recastParts(std::get<ComposedLayout>(l), n, up);
}
} // namespace

Expected<AnyLayout> upcast(const ComposedLayout &c, int64_t n) { return recastParts(c, n, true); }
Expected<AnyLayout> downcast(const ComposedLayout &c, int64_t n) { return recastParts(c, n, false); }

Expected<AnyLayout> recastLayout(const ComposedLayout &c, int64_t oldBits, int64_t newBits) {
  if (oldBits <= 0 || newBits <= 0)
    return makeError("recast_layout: element widths must be positive, got " + std::to_string(oldBits) + " and " +
                     std::to_string(newBits));
  int64_t g = gcd(Int::fixed(oldBits), Int::fixed(newBits)).value;
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return AnyLayout(c);
  if (num == 1)
    return downcast(c, den);
  if (den == 1)
    return upcast(c, num);
  return recastAny(CL_TRY(upcast(c, num)), den, false);
}

namespace {
Expected<Swizzle> requireSwizzle(const ComposedLayout &c, const char *op) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, op);
  if (!c.outer.isSwizzle())
    return makeError(std::string(op) + " of " + print(c) +
                     ": CuTe defines it for a composed layout only when its outer function is a swizzle");
  return c.outer.swizzle;
}
} // namespace

Expected<Layout> maxCommonLayout(const ComposedLayout &c, const Layout &l) {
  Swizzle sw = CL_TRY(requireSwizzle(c, "max_common_layout"));
  Layout common = CL_TRY(maxCommonLayout(c.inner, l));
  Int n = size(common);
  if (!n.isStatic)
    return makeError("max_common_layout of " + print(c) + " and " + print(l) +
                     ": the common layout's size must be static (CuTe compares it with the swizzle's base)");
  // CuTe truncates with common.compose(Int<1 << M>{}): composition by the integer tiler,
  // which keeps common's leading stride (an M = 0 swizzle gives _1:d, not _1:_0).
  int64_t base = int64_t(1) << sw.base;
  if (base < n.value) {
    IntTuple tile(Int::fixed(base));
    Layout truncated;
    CL_TRY(composition(common, tile.view(), truncated));
    return truncated;
  }
  return common;
}

Expected<Int> maxCommonVector(const ComposedLayout &c, const Layout &l) {
  Swizzle sw = CL_TRY(requireSwizzle(c, "max_common_vector"));
  Int v = CL_TRY(maxCommonVector(c.inner, l));
  return min(v, Int::fixed(int64_t(1) << sw.base));
}

Expected<Int> maxCommonVector(const ComposedLayout &a, const ComposedLayout &b) {
  Swizzle sa = CL_TRY(requireSwizzle(a, "max_common_vector"));
  Swizzle sb = CL_TRY(requireSwizzle(b, "max_common_vector"));
  Int v = CL_TRY(maxCommonVector(a.inner, b.inner));
  if (sa == sb)
    return v;
  return min(min(v, Int::fixed(int64_t(1) << sa.base)), Int::fixed(int64_t(1) << sb.base));
}

Expected<AnyLayout> logicalProduct(const Layout &a, const ComposedLayout &tiler) {
  Swizzle sw = CL_TRY(requireSwizzle(tiler, "logical_product"));
  if (!(tiler.offset.isInt() && tiler.offset.asInt().isConstant(0)))
    return makeError("logical_product of " + print(a) + " by " + print(tiler) +
                     ": the swizzled tiler's offset must be _0 (CuTe: \"Require Swizzle offset == 0.\")");
  Layout product = CL_TRY(logicalProduct(a, tilerFromLayout(tiler.inner)));
  Layout onlyZy = CL_TRY(composition(swizzleFieldsLayout(sw), tiler.inner));
  const char *what = "logical_product by a swizzled layout";
  int64_t active = CL_TRY(staticImage(onlyZy, sub(size(onlyZy), kStatic1), what));
  int64_t activeZ = active & sw.zzzMask(), activeY = active & sw.yyyMask();
  auto carried = [&](int64_t bits) -> Expected<int64_t> {
    int64_t inTile = CL_TRY(staticImage(tiler.inner, Int::fixed(bits), what));
    IntTuple coord = IntTuple::makeTuple({IntTuple(Int::fixed(0)).view(), IntTuple(Int::fixed(inTile)).view()});
    Int r = CL_TRY(crd2idx(coord, product));
    if (!r.isStatic)
      return makeError(std::string(what) + ": the product " + print(product) + " must be static");
    return r.value;
  };
  int64_t y = CL_TRY(carried(activeY)), z = CL_TRY(carried(activeZ));
  Expected<Swizzle> moved = makeSwizzleFromMasks(y, z);
  if (!moved)
    return makeError("logical_product of " + print(a) + " by " + print(tiler) + ": " + moved.error().message);
  return composition(*moved, product);
}

namespace {
/// A product form of a layout by a swizzled tiler: the logical product's function (its
/// carried swizzle) over the modes of `form` by the tiler's inner layout.
Expected<AnyLayout> productForm(const Layout &a, const ComposedLayout &tiler,
                                Expected<Layout> (*form)(const Layout &, TilerRef)) {
  AnyLayout logical = CL_TRY(logicalProduct(a, tiler));
  Layout grouped = CL_TRY(form(a, tiler.inner));
  if (const ComposedLayout *c = std::get_if<ComposedLayout>(&logical))
    return composeFunctions(c->outer, c->offset, std::move(grouped));
  return AnyLayout(std::move(grouped));
}
} // namespace

Expected<AnyLayout> zippedProduct(const Layout &a, const ComposedLayout &tiler) {
  return productForm(a, tiler, zippedProduct);
}
Expected<AnyLayout> tiledProduct(const Layout &a, const ComposedLayout &tiler) {
  return productForm(a, tiler, tiledProduct);
}
Expected<AnyLayout> flatProduct(const Layout &a, const ComposedLayout &tiler) {
  return productForm(a, tiler, flatProduct);
}

Expected<AnyLayout> composeFunctions(OuterFunction outer, TupleView offset, AnyLayout inner) {
  if (Layout *l = std::get_if<Layout>(&inner))
    return composeFunctions(std::move(outer), offset, std::move(*l));
  if (isNoOp(outer, offset))
    return inner;
  return makeError("CuTe's answer " + print(outer) + " o " + print(offset) + " o " +
                   print(std::get<ComposedLayout>(inner)) +
                   " is a composed layout within a composed layout, which cutelayout does not hold");
}

Expected<Swizzle> swizzlePortion(const ComposedLayout &c) { return requireSwizzle(c, "get_swizzle_portion"); }

Expected<Layout> nonSwizzlePortion(const ComposedLayout &c) {
  CL_TRY(requireSwizzle(c, "get_nonswizzle_portion"));
  return c.inner;
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
