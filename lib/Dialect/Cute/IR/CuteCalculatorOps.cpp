// Inference of the command line's operations that had no op (issue 20): flatten, take,
// get, upcast, downcast, product_each, round_up, compact_col_major/row_major,
// make_layout_like, max_common_layout/vector, to_shape/to_stride/to_coord, the parts
// of a composed layout, and what passes need to compare and pad values: equal, elem_less,
// append_to_rank, prepend_to_rank. Every result is the core's, as cute-layout computes it.
#include "CuteInference.h"

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Notation.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::Layout;
using cutelayout::TupleView;

namespace {

std::string text(const Layout &l) { return cutelayout::print(l, cutelayout::Style::Type); }

/// A layout or a tuple kind: what flatten, take and get accept.
LogicalResult needsLayoutOrTuple(const Reporter &r, const Known &in) {
  if (in.isLayout() || isTupleKind(in.type))
    return success();
  return r.error() << "expects a layout or an int tuple, but got " << in.type;
}

/// The result of an op whose result is the input's kind, built from a layout or a tuple.
template <class OnLayout, class OnTuple>
FailureOr<Inferred> sameKind(const Reporter &r, const Known &in, OnLayout onLayout, OnTuple onTuple) {
  if (in.isLayout()) {
    cutelayout::Expected<Layout> l = onLayout(in.value.layout());
    if (!l)
      return r.error() << l.error().message;
    return ofValue(TypeValue::ofLayout(*l));
  }
  cutelayout::Expected<IntTuple> t = onTuple(in.value.tuple());
  if (!t)
    return r.error() << t.error().message;
  return ofValue(TypeValue::ofTuple(*t));
}

FailureOr<Inferred> inferTake(const Reporter &r, const Known &in, int32_t begin, int32_t end) {
  if (failed(needsLayoutOrTuple(r, in)))
    return failure();
  if (!in.knowsRank())
    return ofValue(TypeValue::kindOnly());
  int64_t rank = in.value.rank();
  if (begin < 0 || begin > end || end > rank)
    return r.error() << "expects 0 <= begin <= end <= rank, but got begin [" << begin << "], end [" << end
                     << "] and rank [" << rank << "]";
  if (!in.value.hasValue())
    return ofValue(TypeValue::ofRank(unsigned(end - begin)));
  return sameKind(
      r, in, [&](const Layout &l) { return cutelayout::take(l, uint32_t(begin), uint32_t(end)); },
      [&](TupleView t) -> cutelayout::Expected<IntTuple> {
        return cutelayout::take(t.isTuple() ? t : cutelayout::wrap(t).view(), uint32_t(begin), uint32_t(end));
      });
}

/// The layout of element `modes` of a tile (an extent n is the layout n:1).
FailureOr<Inferred> inferTileElement(const Reporter &r, const Known &in, ArrayRef<int32_t> modes) {
  if (!in.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  cutelayout::Tiler t = in.value.tiler();
  for (int32_t m : modes) {
    if (!t.isTuple() || m < 0 || uint32_t(m) >= t.rank())
      return r.error() << "mode [" << m << "] is out of range for " << in.type;
    t = t.child(uint32_t(m));
  }
  if (t.isUnderscore())
    return r.error() << "the element of " << in.type << " at that mode is `_`, which has no layout";
  if (t.isTuple())
    return r.error() << "the element of " << in.type << " at that mode is a tile; give the path to a layout";
  return ofValue(TypeValue::ofLayout(t.divisorLayout()));
}

FailureOr<Inferred> inferGet(const Reporter &r, const Known &in, ArrayRef<int32_t> modes) {
  if (isa<TileType>(in.type)) // the layouts of a tile
    return inferTileElement(r, in, modes);
  if (failed(needsLayoutOrTuple(r, in)))
    return failure();
  if (!in.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  auto bad = [&](std::string where) -> FailureOr<Inferred> {
    return r.error() << "mode " << where << " is out of range for " << in.type;
  };
  if (llvm::any_of(modes, [](int32_t m) { return m < 0; }))
    return bad("[negative]");
  SmallVector<uint32_t> path(modes.begin(), modes.end());
  if (in.isLayout()) {
    cutelayout::Expected<Layout> l = cutelayout::get(in.value.layout(), path.data(), uint32_t(path.size()));
    if (!l)
      return r.error() << l.error().message;
    return ofValue(TypeValue::ofLayout(*l));
  }
  TupleView t = in.value.tuple();
  for (uint32_t i : path) {
    if (i >= t.rank())
      return bad("[" + std::to_string(i) + "]");
    t = t.child(i);
  }
  return ofValue(TypeValue::ofTuple(IntTuple(t)));
}

FailureOr<Inferred> inferCast(Operation *op, const Reporter &r, const Known &in) {
  bool up = isa<UpcastOp>(op);
  IntegerAttr factor = attrOf<IntegerAttr>(op, "factor");
  if (!factor)
    return r.error() << "expects the attribute `factor` (i64)";
  if (!in.isLayout())
    return r.error() << "expects an input of type layout or composed layout, but got " << in.type;
  if (!in.value.hasValue())
    return ofRankOf(in.value);
  int64_t n = factor.getValue().getSExtValue();
  Layout l = in.value.layout();
  cutelayout::Expected<Layout> result = up ? cutelayout::upcast(l, n) : cutelayout::downcast(l, n);
  if (!result)
    return r.error() << "unable to " << (up ? "upcast " : "downcast ") << text(l) << " by " << n << ": "
                     << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

FailureOr<Inferred> inferCompactMajor(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  const Known &shape = ks[0];
  if (!isa<ShapeType, IntTupleType>(shape.type))
    return r.error() << "expects a shape, but got " << shape.type;
  const Known *current = ks.size() > 1 ? &ks[1] : nullptr;
  if (current && !current->isLeaf() && !isTupleKind(current->type))
    return r.error() << "expects an int tuple or an index as the current stride, but got " << current->type;
  bool currentKnown = !current || !current->isCute() || current->value.hasValue();
  if (!shape.value.hasValue() || !currentKnown)
    return ofRankOf(shape.value);
  IntTuple start = !current            ? IntTuple(Int::fixed(1))
                   : current->isCute() ? current->value.tuple()
                                       : IntTuple(current->leaf);
  cutelayout::Major major = isa<CompactRowMajorOp>(op) ? cutelayout::Major::Right : cutelayout::Major::Left;
  if (isa<CompactMajorOp>(op)) {
    StringAttr m = attrOf<StringAttr>(op, "major");
    if (!m || (m.getValue() != "LayoutLeft" && m.getValue() != "LayoutRight"))
      return r.error() << "expects the attribute `major` to be \"LayoutLeft\" or \"LayoutRight\"";
    major = m.getValue() == "LayoutRight" ? cutelayout::Major::Right : cutelayout::Major::Left;
  }
  cutelayout::Expected<IntTuple> d = cutelayout::compactMajor(shape.value.tuple(), start, major);
  if (!d)
    return r.error() << "unable to compute the compact strides of " << shape.type << ": " << d.error().message;
  return ofValue(TypeValue::ofTuple(*d));
}

FailureOr<Inferred> inferMaxCommon(Operation *op, const Reporter &r, const Known &a, const Known &b) {
  auto layoutLike = [](const Known &k) { return isa<LayoutType, ComposedLayoutType>(k.type); };
  for (const Known *k : {&a, &b})
    if (!layoutLike(*k))
      return r.error() << "expects an input of type layout or composed layout, but got " << k->type;
  bool vector = isa<MaxCommonVectorOp>(op);
  auto known = [](const Known &k) { return k.value.hasValue() && (k.isLayout() || k.value.isComposed()); };
  if (!known(a) || !known(b))
    return vector ? ofIndex(Int::dynamic(cutelayout::kUnknownDynamic)) : ofValue(TypeValue::kindOnly());
  auto message = [&](const std::string &why) {
    return r.error() << "unable to compute the " << (vector ? "max common vector" : "max common layout") << " of "
                     << a.type << " and " << b.type << ": " << why;
  };
  const cutelayout::ComposedLayout *ca = a.value.composed(), *cb = b.value.composed();
  if (vector) {
    cutelayout::Expected<Int> n = ca && cb ? cutelayout::maxCommonVector(*ca, *cb)
                                  : ca     ? cutelayout::maxCommonVector(*ca, b.value.layout())
                                  : cb     ? cutelayout::maxCommonVector(*cb, a.value.layout())
                                           : cutelayout::maxCommonVector(a.value.layout(), b.value.layout());
    if (!n)
      return message(n.error().message);
    return ofIndex(*n);
  }
  if (ca && cb)
    return message("CuTe has no max_common_layout of two composed layouts");
  cutelayout::Expected<Layout> l = ca   ? cutelayout::maxCommonLayout(*ca, b.value.layout())
                                   : cb ? cutelayout::maxCommonLayout(*cb, a.value.layout())
                                        : cutelayout::maxCommonLayout(a.value.layout(), b.value.layout());
  if (!l)
    return message(l.error().message);
  return ofValue(TypeValue::ofLayout(*l));
}

FailureOr<Inferred> inferToKind(Operation *op, const Reporter &r, const Known &in) {
  if (!isTupleKind(in.type))
    return r.error() << "expects a shape, stride, coordinate or int tuple, but got " << in.type;
  if (!isa<ToCoordOp>(op) && in.value.hasValue() && cutelayout::hasUnderscore(in.value.tuple()))
    return r.error() << "expects an input without `_` leaves, got " << in.type;
  return ofValue(in.value); // the kind's own rules (a shape's extents) are checked by infer()
}

FailureOr<Inferred> inferPart(Operation *op, const Reporter &r, const Known &in) {
  if (!isa<ComposedLayoutType>(in.type))
    return r.error() << "expects a composed layout, but got " << in.type;
  const cutelayout::ComposedLayout *c = in.value.composed();
  if (c && c->innerSwizzle && isa<GetInnerOp>(op))
    return r.error() << "the inner function of " << in.type << " is a swizzle, not a layout";
  if (isa<GetInnerOp>(op))
    return c ? ofValue(TypeValue::ofLayout(c->inner)) : ofRankOf(in.value);
  if (isa<GetOffsetOp>(op))
    return ofValue(c ? TypeValue::ofTuple(c->offset) : TypeValue::kindOnly());
  // The outer function: its kind must be the result's.
  auto written = dyn_cast<CuteTypeInterface>(op->getResult(0).getType());
  if (!c)
    return ofValue(TypeValue::kindOnly());
  const cutelayout::OuterFunction &outer = c->outer;
  TypeKind kind = outer.kind == cutelayout::OuterFunction::Kind::Swizzle  ? TypeKind::Swizzle
                  : outer.kind == cutelayout::OuterFunction::Kind::Layout ? TypeKind::Layout
                                                                          : TypeKind::ComposedLayout;
  if (!written || written.getKind() != kind)
    return r.error() << "expects a result of the outer function's kind (" << kindName(kind) << "), but got "
                     << op->getResult(0).getType();
  switch (outer.kind) {
  case cutelayout::OuterFunction::Kind::Swizzle:
    return ofValue(TypeValue::ofSwizzle(outer.swizzle));
  case cutelayout::OuterFunction::Kind::Layout:
    return ofValue(TypeValue::ofLayout(outer.layout));
  case cutelayout::OuterFunction::Kind::Composed:
    return ofValue(TypeValue::ofComposed(*outer.composed));
  }
  return ofValue(TypeValue::kindOnly());
}

FailureOr<Inferred> inferCompare(Operation *op, const Reporter &r, const Known &a, const Known &b) {
  bool less = isa<ElemLessOp>(op);
  auto comparable = [&](const Known &k) { return isTupleKind(k.type) || (!less && k.isLayout()); };
  for (const Known *k : {&a, &b})
    if (!comparable(*k))
      return r.error() << "expects " << (less ? "int tuples" : "int tuples or layouts") << ", but got " << k->type;
  if (!a.value.hasValue() || !b.value.hasValue())
    return ofIndex(Int::dynamic(cutelayout::kUnknownDynamic));
  if (!less) {
    if (a.isLayout() != b.isLayout())
      return ofIndex(Int::fixed(0));
    cutelayout::Bool e = cutelayout::tupleEqual(a.value.tuple(), b.value.tuple());
    if (a.isLayout()) {
      cutelayout::Bool d = cutelayout::tupleEqual(a.value.layout().stride, b.value.layout().stride);
      e = cutelayout::both(e, d);
    }
    return ofIndex(cutelayout::asInt(e));
  }
  cutelayout::Expected<cutelayout::Bool> e = cutelayout::elemLess(a.value.tuple(), b.value.tuple());
  if (!e)
    return r.error() << e.error().message;
  return ofIndex(cutelayout::asInt(*e));
}

FailureOr<Inferred> inferPad(Operation *op, const Reporter &r, const Known &in) {
  IntegerAttr rankAttr = attrOf<IntegerAttr>(op, "rank");
  if (!rankAttr)
    return r.error() << "expects the attribute `rank` (i32)";
  int64_t n = rankAttr.getValue().getSExtValue();
  if (failed(needsLayoutOrTuple(r, in)))
    return failure();
  if (n < 0 || n > 65536)
    return r.error() << "expects a rank in [0, 65536], but got " << n;
  if (!in.value.hasValue())
    return ofValue(in.knowsRank() ? TypeValue::ofRank(unsigned(std::max<int64_t>(n, in.value.rank())))
                                  : TypeValue::kindOnly());
  bool back = isa<AppendToRankOp>(op);
  if (in.isLayout()) {
    Layout l = in.value.layout();
    return ofValue(
        TypeValue::ofLayout(back ? cutelayout::appendTo(l, uint32_t(n)) : cutelayout::prependTo(l, uint32_t(n))));
  }
  IntTuple one(Int::fixed(1));
  TupleView t = in.value.tuple();
  return ofValue(TypeValue::ofTuple(back ? cutelayout::appendTo(t, uint32_t(n), one)
                                         : cutelayout::prependTo(t, uint32_t(n), one)));
}

} // namespace

FailureOr<Inferred> mlir::cute::detail::inferCalculatorOp(Operation *op, const Reporter &r,
                                                          const std::vector<Known> &ks) {
  return llvm::TypeSwitch<Operation *, FailureOr<Inferred>>(op)
      .Case([&](FlattenOp) -> FailureOr<Inferred> {
        if (failed(needsLayoutOrTuple(r, ks[0])))
          return failure();
        if (!ks[0].value.hasValue())
          return ofValue(TypeValue::kindOnly());
        return sameKind(
            r, ks[0], [](const Layout &l) -> cutelayout::Expected<Layout> { return cutelayout::flatten(l); },
            [](TupleView t) -> cutelayout::Expected<IntTuple> { return cutelayout::flatten(t); });
      })
      .Case([&](TakeOp o) -> FailureOr<Inferred> {
        IntegerAttr b = attrOf<IntegerAttr>(o, "begin"), e = attrOf<IntegerAttr>(o, "end");
        if (!b || !e)
          return r.error() << "expects the attributes `begin` and `end` (i32)";
        return inferTake(r, ks[0], int32_t(b.getValue().getSExtValue()), int32_t(e.getValue().getSExtValue()));
      })
      .Case([&](GetOp o) -> FailureOr<Inferred> {
        DenseI32ArrayAttr modes = attrOf<DenseI32ArrayAttr>(o, "modes");
        if (!modes)
          return r.error() << "expects the attribute `modes` (array<i32>)";
        return inferGet(r, ks[0], modes.asArrayRef());
      })
      .Case<UpcastOp, DowncastOp>([&](Operation *o) { return inferCast(o, r, ks[0]); })
      .Case([&](ProductEachOp) -> FailureOr<Inferred> {
        if (!isTupleKind(ks[0].type))
          return r.error() << "expects a shape or an int tuple, but got " << ks[0].type;
        if (!ks[0].value.hasValue())
          return ofRankOf(ks[0].value);
        if (cutelayout::hasUnderscore(ks[0].value.tuple()))
          return r.error() << "expects an input without `_` leaves, got " << ks[0].type;
        return ofValue(TypeValue::ofTuple(cutelayout::productEach(ks[0].value.tuple())));
      })
      .Case([&](RoundUpOp) -> FailureOr<Inferred> {
        const Known &a = ks[0], &b = ks[1];
        Type ta = a.type, tb = b.type;
        if (!isTupleKind(ta) || ta.getTypeID() != tb.getTypeID())
          return r.error() << "input type [" << a.type << "] has invalid values.";
        if (!a.value.hasValue() || !b.value.hasValue())
          return ofRankOf(a.value);
        for (const Known *k : {&a, &b})
          if (cutelayout::hasUnderscore(k->value.tuple()))
            return r.error() << "expects an input without `_` leaves, got " << k->type;
        cutelayout::Expected<IntTuple> t = cutelayout::roundUp(a.value.tuple(), b.value.tuple());
        if (!t)
          return r.error() << "unable to round " << a.type << " up to " << b.type << ": " << t.error().message;
        return ofValue(TypeValue::ofTuple(*t));
      })
      .Case<CompactColMajorOp, CompactRowMajorOp, CompactMajorOp>(
          [&](Operation *o) { return inferCompactMajor(o, r, ks); })
      .Case([&](MakeSwizzleOp o) -> FailureOr<Inferred> {
        IntegerAttr y = attrOf<IntegerAttr>(o, "y"), z = attrOf<IntegerAttr>(o, "z");
        if (!y || !z)
          return r.error() << "expects the attributes `y` and `z` (i64)";
        cutelayout::Expected<cutelayout::Swizzle> sw =
            cutelayout::makeSwizzleFromMasks(y.getValue().getSExtValue(), z.getValue().getSExtValue());
        if (!sw)
          return r.error() << sw.error().message;
        return ofValue(TypeValue::ofSwizzle(*sw));
      })
      .Case<GetSwizzlePortionOp, GetNonSwizzlePortionOp>([&](Operation *o) -> FailureOr<Inferred> {
        bool swizzle = isa<GetSwizzlePortionOp>(o);
        if (ks[0].isLayout())
          return ofValue(swizzle ? TypeValue::ofSwizzle(cutelayout::swizzlePortion(Layout{})) : ks[0].value);
        if (!isa<ComposedLayoutType>(ks[0].type))
          return r.error() << "expects an input of type layout or composed layout, but got " << ks[0].type;
        const cutelayout::ComposedLayout *c = ks[0].value.composed();
        if (!c)
          return ofValue(TypeValue::kindOnly());
        if (swizzle) {
          cutelayout::Expected<cutelayout::Swizzle> sw = cutelayout::swizzlePortion(*c);
          if (!sw)
            return r.error() << sw.error().message;
          return ofValue(TypeValue::ofSwizzle(*sw));
        }
        cutelayout::Expected<Layout> l = cutelayout::nonSwizzlePortion(*c);
        if (!l)
          return r.error() << l.error().message;
        return ofValue(TypeValue::ofLayout(*l));
      })
      .Case([&](MakeLayoutLikeOp) -> FailureOr<Inferred> {
        if (!ks[0].isLayout())
          return r.error() << "expects `input` to be a layout or a view, got " << ks[0].type;
        if (!ks[0].value.hasValue())
          return ofRankOf(ks[0].value);
        cutelayout::Expected<Layout> l = cutelayout::makeLayoutLike(ks[0].value.layout());
        if (!l)
          return r.error() << "unable to make a layout like " << ks[0].type << ": " << l.error().message;
        return ofValue(TypeValue::ofLayout(*l));
      })
      .Case<MaxCommonLayoutOp, MaxCommonVectorOp>([&](Operation *o) { return inferMaxCommon(o, r, ks[0], ks[1]); })
      .Case<ToShapeOp, ToStrideOp, ToCoordOp>([&](Operation *o) { return inferToKind(o, r, ks[0]); })
      .Case<GetOuterOp, GetOffsetOp, GetInnerOp>([&](Operation *o) { return inferPart(o, r, ks[0]); })
      .Case<EqualOp, ElemLessOp>([&](Operation *o) { return inferCompare(o, r, ks[0], ks[1]); })
      .Case<AppendToRankOp, PrependToRankOp>([&](Operation *o) { return inferPad(o, r, ks[0]); })
      .Case([&](IncrementCoordOp) -> FailureOr<Inferred> {
        if (!isTupleKind(ks[0].type) || !isa<ShapeType, IntTupleType>(ks[1].type))
          return r.error() << "expects a coordinate and a shape, but got " << ks[0].type << " and " << ks[1].type;
        if (!ks[0].value.hasValue() || !ks[1].value.hasValue())
          return ofRankOf(ks[0].value);
        cutelayout::Expected<IntTuple> c = cutelayout::increment(ks[0].value.tuple(), ks[1].value.tuple());
        if (!c)
          return r.error() << c.error().message;
        return ofValue(TypeValue::ofTuple(*c));
      })
      .Default([&](Operation *) -> FailureOr<Inferred> { return r.error() << "is not a cute op"; });
}

// --- get_leaves --------------------------------------------------------------------------

LogicalResult GetLeavesOp::verify() {
  auto in = dyn_cast<CuteTypeInterface>(getInput().getType());
  if (!in || !isTupleKind(getInput().getType()))
    return emitOpError("expects a shape, stride, coordinate or int tuple, but got ") << getInput().getType();
  const TypeValue &v = in.getTypeValue();
  if (!v.hasValue())
    return emitOpError("expects an input type that holds its value (the number of leaves), but got ")
           << getInput().getType();
  if (cutelayout::hasUnderscore(v.tuple()))
    return emitOpError("expects an input without `_` leaves, got ") << getInput().getType();
  uint32_t n = cutelayout::leafCount(v.tuple());
  if (getLeaves().size() != n)
    return emitOpError("expects one result per leaf of ")
           << getInput().getType() << " (" << n << "), but got " << getLeaves().size();
  return success();
}

LogicalResult GetLeavesOp::fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &results) {
  // Only a fully static value folds: a fold replaces every result or none.
  auto in = dyn_cast<CuteTypeInterface>(getInput().getType());
  if (!in || !in.getTypeValue().isStatic())
    return failure();
  cutelayout::TupleView t = in.getTypeValue().tuple();
  uint32_t n = cutelayout::leafCount(t);
  if (n != getLeaves().size() || cutelayout::hasUnderscore(t))
    return failure();
  for (uint32_t i = 0; i < n; ++i)
    results.push_back(IntegerAttr::get(IndexType::get(getContext()), cutelayout::leafAt(t, i).asInt().value));
  return success();
}

LogicalResult PrintOp::verify() {
  Type t = getInput().getType();
  if (isa<IndexType>(t) || (isa<IntegerType>(t) && cast<IntegerType>(t).getWidth() <= 64))
    return success();
  auto in = dyn_cast<CuteTypeInterface>(t);
  if (!in)
    return emitOpError("expects a cute value, an index or an integer of at most 64 bits, but got ") << t;
  // A kind-only type is accepted where its defining ops compute the value: the lowering
  // (--cute-to-llvm, which refines types first) prints what they compute.
  if (!in.getTypeValue().hasValue() && !detail::knownValue(getInput()).hasValue())
    return emitOpError("expects an input type that holds its value (what to print), but got ") << t;
  return success();
}

LogicalResult AssumeOp::verify() {
  if (getDivisibility() < 1)
    return emitOpError("expects a positive divisibility, but got ") << getDivisibility();
  // A constant input is known: a fact it refutes would fold wrongly downstream (F14).
  APInt c;
  if (matchPattern(getInput(), m_ConstantInt(&c)) && c.getBitWidth() <= 64 && c.getSExtValue() % getDivisibility() != 0)
    return emitOpError("expects an input that is a multiple of its divisibility ")
           << getDivisibility() << ", but the input is the constant " << c.getSExtValue();
  return success();
}
