#include "ComposedOps.h"

#include "Arguments.h"

#include "cutelayout/LinearLayout.h"
#include "cutelayout/OperationTable.h"

#include <map>
#include <string>

namespace cutelayout::cli {
namespace {

using Rule = Expected<Value> (*)(ValueRefs);

bool isSwizzled(const Value &v) { return v.kind == Value::Kind::Swizzle || v.kind == Value::Kind::Composed; }

Error noOverload(std::string_view name, ValueRefs args) { return noOverloadFor(name, args, isSwizzled); }

Expected<Value> anyValue(Expected<AnyLayout> r) {
  if (!r)
    return r.error();
  return Value::ofAny(r.take());
}

Expected<Value> layoutValue(Expected<Layout> r) {
  if (!r)
    return r.error();
  return Value::ofLayout(r.take());
}

Expected<OuterFunction> outerOf(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Swizzle:
    return OuterFunction::of(v.swizzle);
  case Value::Kind::Composed:
    return OuterFunction::of(*v.composed());
  case Value::Kind::Layout:
    if (!v.notCongruent)
      return OuterFunction::of(v.layout);
    break;
  default:
    break;
  }
  return makeError("argument 1 (the outer function) must be a swizzle, a layout or a composed layout but is " +
                   std::string(kindName(v.kind)) + " " + printValue(v, Style::Plain));
}

Expected<int64_t> integerArg(const Value &v, size_t i) {
  if (v.kind != Value::Kind::Tuple || !v.tuple.isInt())
    return makeError("argument " + std::to_string(i + 1) + " must be an integer but is " + kindName(v.kind) + " " +
                     printValue(v, Style::Plain));
  return v.tuple.asInt().value;
}

Expected<Value> compositionRule(ValueRefs a) {
  const Value &x = a[0], &y = a[1];
  using K = Value::Kind;
  if (x.kind == K::Swizzle && y.kind == K::Swizzle)
    return Value::ofSwizzle(CL_TRY(composition(x.swizzle, y.swizzle)));
  if (x.kind == K::Swizzle)
    return Value::ofAny(composition(x.swizzle, *CL_TRY(plainLayout(y, 1))));
  if (y.kind == K::Swizzle)
    return anyValue(composition(*CL_TRY(plainLayout(x, 0)), y.swizzle));
  if (y.kind == K::Composed && x.kind == K::Layout)
    return anyValue(composition(*CL_TRY(plainLayout(x, 0)), *y.composed()));
  if (x.kind == K::Composed && y.kind != K::Composed)
    return anyValue(composition(*x.composed(), CL_TRY(asTiler(y))));
  return noOverload("composition", a);
}

Expected<Value> crd2idxRule(ValueRefs a) {
  if (a.size() != 2 || a[1].kind != Value::Kind::Composed || a[0].kind != Value::Kind::Tuple)
    return noOverload("crd2idx", a);
  return Value::ofInt(CL_TRY(crd2idx(a[0].tuple, *a[1].composed())));
}

Expected<Value> sliceRule(ValueRefs a) {
  if (a[1].kind != Value::Kind::Composed || a[0].kind != Value::Kind::Tuple)
    return noOverload("slice", a);
  return anyValue(slice(a[0].tuple, *a[1].composed()));
}

template <Expected<AnyLayout> (*F)(const ComposedLayout &)> Expected<Value> inverseRule(ValueRefs a) {
  if (a[0].kind == Value::Kind::Swizzle) // CuTe: a swizzle is its own inverse
    return a[0];
  if (a[0].kind != Value::Kind::Composed)
    return noOverload("the inverse", a);
  return anyValue(F(*a[0].composed()));
}

template <bool Up> Expected<Value> castRule(ValueRefs a) {
  int64_t n = CL_TRY(integerArg(a[1], 1));
  if (a[0].kind == Value::Kind::Swizzle)
    return Value::ofSwizzle(CL_TRY(Up ? upcast(a[0].swizzle, n) : downcast(a[0].swizzle, n)));
  if (a[0].kind != Value::Kind::Composed)
    return noOverload(Up ? "upcast" : "downcast", a);
  return anyValue(Up ? upcast(*a[0].composed(), n) : downcast(*a[0].composed(), n));
}

Expected<Value> recastRule(ValueRefs a) {
  if (a[0].kind != Value::Kind::Composed)
    return noOverload("recast_layout", a);
  int64_t from = CL_TRY(elementBits(a[1])), to = CL_TRY(elementBits(a[2])); // one after the other (F16)
  return anyValue(recastLayout(*a[0].composed(), from, to));
}

Expected<Value> maxCommonLayoutRule(ValueRefs a) {
  // CuTe: a swizzled side against a layout, either way round.
  if (a[0].kind == Value::Kind::Composed && a[1].kind == Value::Kind::Layout)
    return layoutValue(maxCommonLayout(*a[0].composed(), *CL_TRY(plainLayout(a[1], 1))));
  if (a[1].kind == Value::Kind::Composed && a[0].kind == Value::Kind::Layout)
    return layoutValue(maxCommonLayout(*a[1].composed(), *CL_TRY(plainLayout(a[0], 0))));
  return noOverload("max_common_layout", a);
}

Expected<Value> maxCommonVectorRule(ValueRefs a) {
  using K = Value::Kind;
  if (a[0].kind == K::Composed && a[1].kind == K::Composed)
    return Value::ofInt(CL_TRY(maxCommonVector(*a[0].composed(), *a[1].composed())));
  if (a[0].kind == K::Composed && a[1].kind == K::Layout)
    return Value::ofInt(CL_TRY(maxCommonVector(*a[0].composed(), *CL_TRY(plainLayout(a[1], 1)))));
  if (a[1].kind == K::Composed && a[0].kind == K::Layout)
    return Value::ofInt(CL_TRY(maxCommonVector(*a[1].composed(), *CL_TRY(plainLayout(a[0], 0)))));
  return noOverload("max_common_vector", a);
}

Expected<Value> makeLayoutRule(ValueRefs a) {
  if (a.size() == 1 && a[0].kind == Value::Kind::Swizzle)
    return Value::ofAny(makeLayout(a[0].swizzle));
  return noOverload("make_layout", a);
}

Expected<Value> zipRule(ValueRefs a) { // CuTe's zip(A o O o B) = A o O o zip(B), one argument only
  if (a.size() != 1 || a[0].kind != Value::Kind::Composed)
    return noOverload("zip", a);
  const ComposedLayout &c = *a[0].composed();
  if (c.innerSwizzle)
    return innerSwizzleError(c, "zip");
  return anyValue(liftInner(c, [](const Layout &b) { return zip(b); }));
}

Expected<Value> nullspaceRule(ValueRefs a) { // CuTe does not attempt composed layouts: _1:_0
  if (a[0].kind != Value::Kind::Composed)
    return noOverload("nullspace", a);
  return Value::ofLayout(Layout{IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))});
}

Expected<Value> maxAlignmentRule(ValueRefs a) {
  if (a[0].kind == Value::Kind::Swizzle)
    return Value::ofInt(maxAlignment(a[0].swizzle));
  return Value::ofInt(CL_TRY(maxAlignment(*a[0].composed())));
}

Expected<Value> domainOffsetRule(ValueRefs a) {
  if (a.size() != 2 || a[1].kind != Value::Kind::Composed || a[0].kind != Value::Kind::Tuple)
    return noOverload("domain_offset", a);
  ComposedLayout c = CL_TRY(domainOffset(a[0].tuple, *a[1].composed()));
  return makeError("domain_offset of a composed layout is CuTe's plain tuple (" + print(c, Style::Plain) +
                   ",0), which no value here holds (a tile holds layouts; of a tensor over it, the tensor)");
}

/// Operations with rules of their own for swizzles and composed layouts.
const std::map<std::string_view, Rule> &rules() {
  static const std::map<std::string_view, Rule> table = {
      {"composition", compositionRule},
      {"crd2idx", crd2idxRule},
      {"slice", sliceRule},
      {"right_inverse", inverseRule<rightInverse>},
      {"left_inverse", inverseRule<leftInverse>},
      {"upcast", castRule<true>},
      {"downcast", castRule<false>},
      {"recast_layout", recastRule},
      {"max_common_layout", maxCommonLayoutRule},
      {"max_common_vector", maxCommonVectorRule},
      {"make_layout", makeLayoutRule},
      {"zip", zipRule},
      {"nullspace", nullspaceRule},
      {"max_alignment", maxAlignmentRule},
      {"domain_offset", domainOffsetRule},
      {"make_composed_layout", makeComposedLayoutOp},
      {"get_swizzle_portion", swizzlePortionOp},
      {"get_nonswizzle_portion", nonSwizzlePortionOp},
      {"to_linear_layout", toLinearLayoutOp},
      {"to_linear_layout_tv", toLinearLayoutTVOp},
  };
  return table;
}

using ProductByComposed = Expected<AnyLayout> (*)(const Layout &, const ComposedLayout &);

/// The products that take a swizzled tiler (CuTe's blocked and raked products do not).
ProductByComposed productByComposed(std::string_view name) {
  if (name == "logical_product")
    return logicalProduct;
  if (name == "zipped_product")
    return zippedProduct;
  if (name == "tiled_product")
    return tiledProduct;
  if (name == "flat_product")
    return flatProduct;
  return nullptr;
}

} // namespace

Expected<Value> callWithComposed(std::string_view name, ValueRefs args,
                                 const std::function<Expected<Value>(ValueRefs)> &plain) {
  if (auto it = rules().find(name); it != rules().end())
    return it->second(args);
  // A product of L by a swizzled tiler carries the swizzle onto the product.
  ProductByComposed byComposed = productByComposed(name);
  if (byComposed && args.size() == 2 && args[0].kind == Value::Kind::Layout && args[1].kind == Value::Kind::Composed)
    return anyValue(byComposed(*CL_TRY(plainLayout(args[0], 0)), *args[1].composed()));
  bool composedFirst = !args.empty() && args[0].kind == Value::Kind::Composed;
  bool restPlain = true; // (a product's tiler may be composed too: A o O o (B x T))
  for (size_t i = 1; i < args.size(); ++i)
    restPlain = restPlain && args[i].kind != Value::Kind::Swizzle &&
                (args[i].kind != Value::Kind::Composed || (byComposed && i == 1));
  OnComposed rule = composedRule(name, uint32_t(args.size())); // the operation table's
  bool isLifted = rule == OnComposed::Lifted;
  if (composedFirst && restPlain && (isLifted || rule == OnComposed::OfInner)) {
    const ComposedLayout &c = *args[0].composed();
    if (c.innerSwizzle) // no inner layout to act on
      return innerSwizzleError(c, std::string(name).c_str());
    if (byComposed && args[1].kind == Value::Kind::Composed) // A o O o (B x swizzled T)
      return anyValue(liftInner(c, [&](const Layout &b) { return byComposed(b, *args[1].composed()); }));
    Value inner = Value::ofLayout(c.inner);
    std::vector<const Value *> withInner = args.pointers();
    withInner[0] = &inner;
    Value r = CL_TRY(plain(withInner));
    if (!isLifted)
      return r;
    if (r.kind != Value::Kind::Layout) // get of a mode that is an integer, say
      return r;
    return Value::ofAny(composeFunctions(c.outer, c.offset, std::move(r.layout)));
  }
  if (composedFirst && isLifted) // CuTe lifts A o O o B here: what it refuses is a later argument
    return noOverloadFor(name, args, isSwizzled, 1);
  if (name == "append" || name == "prepend") // CuTe's tuple append: but append<N>(C, x), lifted above
    return tupleElementError(name, args, isSwizzled);
  return noOverload(name, args);
}

Expected<Value> makeComposedLayoutOp(ValueRefs a) {
  OuterFunction outer = CL_TRY(outerOf(a[0]));
  if (a[1].kind != Value::Kind::Tuple)
    return makeError("argument 2 (the offset) must be an int tuple but is " + std::string(kindName(a[1].kind)) + " " +
                     printValue(a[1], Style::Plain));
  const Layout &inner = *CL_TRY(plainLayout(a[2], 2));
  return Value::ofComposed(CL_TRY(makeComposedLayout(std::move(outer), a[1].tuple, inner)));
}

Expected<Value> makeSwizzleOp(ValueRefs a) {
  int64_t y = CL_TRY(integerArg(a[0], 0)), z = CL_TRY(integerArg(a[1], 1));
  return Value::ofSwizzle(CL_TRY(makeSwizzleFromMasks(y, z)));
}

namespace {
/// Argument 0 as a layout or composed layout, argument 1 (if any) as the tile.
Expected<AnyLayout> linearLayoutSource(ValueRefs a, const IntTuple *&tile) {
  tile = nullptr;
  if (a.size() == 2) {
    if (a[1].kind != Value::Kind::Tuple)
      return makeError("argument 2 (the tile) must be an int tuple but is " + std::string(kindName(a[1].kind)) + " " +
                       printValue(a[1], Style::Plain));
    tile = &a[1].tuple;
  }
  if (a[0].kind == Value::Kind::Composed)
    return AnyLayout(*a[0].composed());
  if (a[0].kind == Value::Kind::Swizzle)
    return makeLayout(a[0].swizzle);
  return AnyLayout(*CL_TRY(plainLayout(a[0], 0)));
}

Value textValue(std::string text) {
  Value v;
  v.kind = Value::Kind::Name;
  v.name = std::move(text);
  return v;
}
} // namespace

Expected<Value> toLinearLayoutOp(ValueRefs a) {
  const IntTuple *tile;
  AnyLayout l = CL_TRY(linearLayoutSource(a, tile));
  LinearLayoutNames names;
  names.tile = tile;
  return textValue(print(CL_TRY(toLinearLayout(l, names))));
}

Expected<Value> toLinearLayoutTVOp(ValueRefs a) {
  const IntTuple *tile;
  AnyLayout l = CL_TRY(linearLayoutSource(a, tile));
  return textValue(print(CL_TRY(toLinearLayoutTV(l, tile))));
}

Expected<Value> swizzlePortionOp(ValueRefs a) {
  if (a[0].kind == Value::Kind::Composed)
    return Value::ofSwizzle(CL_TRY(swizzlePortion(*a[0].composed())));
  return Value::ofSwizzle(swizzlePortion(*CL_TRY(plainLayout(a[0], 0))));
}

Expected<Value> nonSwizzlePortionOp(ValueRefs a) {
  if (a[0].kind == Value::Kind::Composed)
    return Value::ofLayout(CL_TRY(nonSwizzlePortion(*a[0].composed())));
  return Value::ofLayout(*CL_TRY(plainLayout(a[0], 0)));
}

} // namespace cutelayout::cli
