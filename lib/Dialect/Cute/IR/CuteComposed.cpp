// Swizzles and composed layouts in the ops (issue 11): make_composed_layout, and every op
// that takes a composed layout where CuTe does. CuTe lifts most of the algebra through
// the inner layout B of A o O o B: the op runs on B exactly as on a layout (same gates,
// same diagnostics) and its result is composed with A and O again by the core's
// composeFunctions. The rest (cosize, crd2idx, slice, the inverses, recast, composition
// with a composed or swizzle right-hand side, logical_product by a swizzled tiler) call
// the core's composed-layout functions.
#include "CuteInference.h"

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/OperationTable.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;
using cutelayout::AnyLayout;
using cutelayout::ComposedLayout;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::Layout;
using cutelayout::OuterFunction;

namespace {

std::string text(const ComposedLayout &c) { return cutelayout::print(c, cutelayout::Style::Type); }

/// B of a composed operand, seen as a layout operand: the same rank or value.
Known innerOf(const Known &k) {
  Known b = k;
  b.value = k.value.isComposed()
                ? TypeValue::ofLayout(k.value.composed()->inner)
                : (k.value.form() == TypeValue::Form::Rank ? TypeValue::ofRank(k.value.rank()) : TypeValue::kindOnly());
  b.type = LayoutType::get(k.type.getContext(), b.value);
  return b;
}

/// A core result as an inferred value, or the op's error with the core's reason.
template <class Message>
FailureOr<Inferred> anyOr(const Reporter &r, const cutelayout::Expected<AnyLayout> &l, Message message) {
  if (!l)
    return r.error() << message() << ": " << l.error().message;
  if (const ComposedLayout *c = std::get_if<ComposedLayout>(&*l); c && c->innerSwizzle)
    return r.error() << message() << ": CuTe's answer " << text(*c)
                     << " ends in a swizzle, which a !cute.composed_layout does not hold";
  return ofValue(TypeValue::ofAny(*l));
}

/// The outer function an operand gives, when its value is known.
std::optional<OuterFunction> outerOf(const Known &k) {
  if (!k.value.hasValue())
    return std::nullopt;
  if (isa<SwizzleType>(k.type))
    return OuterFunction::of(k.value.swizzle());
  if (isa<LayoutType>(k.type))
    return OuterFunction::of(k.value.layout());
  if (k.value.isComposed())
    return OuterFunction::of(*k.value.composed());
  return std::nullopt;
}

/// The op on B, then A o O o result (CuTe's lift): `at` is the layout operand.
FailureOr<Inferred> lift(Operation *op, const Reporter &r, const std::vector<Known> &ks, unsigned at, bool compose) {
  std::vector<Known> onInner = ks;
  onInner[at] = innerOf(ks[at]);
  FailureOr<Inferred> plain = inferOp(op, r, onInner);
  if (failed(plain) || !compose || plain->isIndex || !plain->value.hasValue() || !ks[at].value.isComposed())
    return plain;
  const ComposedLayout &c = *ks[at].value.composed();
  // B's result is composed for a product by a swizzled tiler: CuTe's A o O o (A' o O' o B').
  return anyOr(r, cutelayout::composeFunctions(c.outer, c.offset, plain->value.anyLayout()),
               [&] { return "failed to compute the product of " + text(c) + " and " + text(*ks[1].value.composed()); });
}

FailureOr<Inferred> inferCosize(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  const Known &in = ks[0];
  // CuTe's cosize of Sw o O o B is B's; with a layout (affine) outer it has no meaning.
  if (!in.value.isComposed() || !in.value.composed()->outer.isSwizzle())
    return r.error() << "can't derive meaningful cosize of composed layout when inner is affine: " << in.type;
  return lift(op, r, ks, 0, false);
}

FailureOr<Inferred> inferComposedCrd2Idx(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  const Known &coord = ks[0], &in = ks[1];
  FailureOr<Inferred> gates = lift(op, r, ks, 1, false); // the coordinate's gates, on B
  // A runtime index has no value to compute, except on trace symbols (the lowering).
  if (failed(gates) || !in.value.isComposed() || (!gates->index.isStatic && !cutelayout::detail::tracing()))
    return gates;
  IntTuple c = coord.isCute() ? coord.value.tuple() : IntTuple(coord.leaf);
  cutelayout::Expected<Int> i = cutelayout::crd2idx(c, *in.value.composed());
  if (!i)
    return r.error() << "Failed to dice " << in.type << " with " << coord.type << ": " << i.error().message;
  return ofIndex(*i);
}

FailureOr<Inferred> inferComposedSlice(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  FailureOr<Inferred> gates = lift(op, r, ks, 1, false);
  if (failed(gates) || !ks[1].value.isComposed() || !ks[0].value.hasValue())
    return gates;
  return anyOr(r, cutelayout::slice(ks[0].value.tuple(), *ks[1].value.composed()),
               [&] { return "Failed to dice " + text(*ks[1].value.composed()); });
}

FailureOr<Inferred> inferComposedInverse(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  FailureOr<Inferred> gates = lift(op, r, ks, 0, false);
  if (failed(gates) || !ks[0].value.isComposed())
    return gates;
  const ComposedLayout &c = *ks[0].value.composed();
  if (isa<RightInverseOp>(op))
    return anyOr(r, cutelayout::rightInverse(c),
                 [&] { return "unable to compute a right inverse for input " + text(c); });
  return anyOr(r, cutelayout::leftInverse(c), [&] { return "unable to compute a left inverse for input " + text(c); });
}

FailureOr<Inferred> inferComposedRecast(RecastLayoutOp op, const Reporter &r, const std::vector<Known> &ks) {
  FailureOr<Inferred> gates = lift(op, r, ks, 0, false);
  if (failed(gates) || !ks[0].value.isComposed())
    return gates;
  Type oldType = attrOf<TypeAttr>(op, "old_type").getValue(), newType = attrOf<TypeAttr>(op, "new_type").getValue();
  cutelayout::Expected<AnyLayout> l = cutelayout::recastLayout(*ks[0].value.composed(), oldType.getIntOrFloatBitWidth(),
                                                               newType.getIntOrFloatBitWidth());
  if (!l)
    return r.error() << "unable to recast layout " << ks[0].type << " from " << oldType << " to " << newType << ": "
                     << l.error().message;
  return ofValue(TypeValue::ofAny(*l));
}

/// composition(L, A o _0 o B), composition(L, Sw) and the logical, zipped, tiled and flat
/// products of L by Sw o _0 o B.
FailureOr<Inferred> inferByComposed(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  const Known &lhs = ks[0], &rhs = ks[1];
  if (!lhs.isLayout())
    return r.error() << (isa<CompositionOp>(op) ? "expects an input of type layout or composed layout, but got "
                                                : "invalid input type, got ")
                     << lhs.type;
  if (!lhs.value.hasValue() || !rhs.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  Layout l = lhs.value.layout();
  if (isa<SwizzleType>(rhs.type))
    return anyOr(r, cutelayout::composition(l, rhs.value.swizzle()),
                 [&] { return "unable to compose " + cutelayout::print(l, cutelayout::Style::Type); });
  const ComposedLayout &c = *rhs.value.composed();
  if (isa<CompositionOp>(op))
    return anyOr(r, cutelayout::composition(l, c), [&] {
      return "unable to compose " + cutelayout::print(l, cutelayout::Style::Type) + " with " + text(c);
    });
  using Product = cutelayout::Expected<AnyLayout> (*)(const Layout &, const ComposedLayout &);
  Product product = isa<ZippedProductOp>(op)  ? Product(cutelayout::zippedProduct)
                    : isa<TiledProductOp>(op) ? Product(cutelayout::tiledProduct)
                    : isa<FlatProductOp>(op)  ? Product(cutelayout::flatProduct)
                                              : Product(cutelayout::logicalProduct);
  return anyOr(r, product(l, c), [&] {
    return "failed to compute the product of " + cutelayout::print(l, cutelayout::Style::Type) + " and " + text(c);
  });
}

bool isComposedOrSwizzle(const Known &k) { return isa<ComposedLayoutType, SwizzleType>(k.type); }

} // namespace

FailureOr<Inferred> mlir::cute::detail::inferMakeComposedLayout(const Reporter &r, const std::vector<Known> &ks) {
  // The specification's gates in its order. Its `outer` (a layout or composed layout) is the layout the
  // coordinate enters, CuTe's B (our `inner`); its `inner` (a layout or a swizzle) is the
  // function applied last, CuTe's A (our `outer`). See docs/dialect.md.
  const Known &outer = ks[0], &offset = ks[1], &inner = ks[2];
  if (!isa<LayoutType, ComposedLayoutType>(inner.type))
    return r.error() << "expects an input of type layout or composed layout, but got " << inner.type;
  if (!offset.isLeaf() && !isTupleKind(offset.type))
    return r.error() << "expects `target_profile` be CoordType, but got " << offset.type;
  if (!isa<LayoutType, ComposedLayoutType, SwizzleType>(outer.type))
    return r.error() << "expects `input` to be a layout or a view, got " << outer.type;
  if (isa<ComposedLayoutType>(inner.type)) // CuTe's A o O o (A' o O' o B'): not held here
    return r.error() << "failed to perform a valid division of " << outer.type << " " << inner.type;
  if (offset.isCute() && offset.value.hasValue() && cutelayout::hasUnderscore(offset.value.tuple()))
    return r.error() << "unable to construct a coordinate for local_partition";
  std::optional<OuterFunction> a = outerOf(outer);
  bool offsetKnown = !offset.isCute() || offset.value.hasValue();
  if (!a || !offsetKnown || !inner.value.hasValue())
    return ofRankOf(inner.value);
  IntTuple o = offset.isCute() ? offset.value.tuple() : IntTuple(offset.leaf);
  cutelayout::Expected<ComposedLayout> c = cutelayout::makeComposedLayout(*a, o, inner.value.layout());
  if (!c)
    return r.error() << "unable to construct a coordinate for local_partition: " << c.error().message;
  return ofValue(TypeValue::ofComposed(*c));
}

std::optional<FailureOr<Inferred>> mlir::cute::detail::inferOnComposed(Operation *op, const Reporter &r,
                                                                       const std::vector<Known> &ks) {
  if (ks.empty())
    return std::nullopt;
  bool first = isa<ComposedLayoutType>(ks[0].type);
  bool second = ks.size() > 1 && isa<ComposedLayoutType>(ks[1].type);
  // A layout composed with a composed layout or a swizzle, or multiplied by a swizzled tiler.
  if (ks.size() == 2 && ks[0].isLayout() && isComposedOrSwizzle(ks[1]) &&
      (isa<CompositionOp>(op) || (isa<LogicalProductOp, ZippedProductOp, TiledProductOp, FlatProductOp>(op) && second)))
    return inferByComposed(op, r, ks);
  if (isa<Crd2IdxOp, SliceOp>(op) && second) {
    if (isa<Crd2IdxOp>(op))
      return inferComposedCrd2Idx(op, r, ks);
    return inferComposedSlice(op, r, ks);
  }
  if (!first)
    return std::nullopt;
  // The ops with rules of their own (and the specification's gates) first; the rest as the
  // operation table (cutelayout/OperationTable.h) says CuTe takes a composed layout.
  return llvm::TypeSwitch<Operation *, std::optional<FailureOr<Inferred>>>(op)
      .Case([&](CompositionOp o) -> std::optional<FailureOr<Inferred>> {
        if (ks.size() > 1 && isComposedOrSwizzle(ks[1]))
          return FailureOr<Inferred>(r.error()
                                     << "expects an input of type layout or composed layout, but got " << ks[1].type);
        return lift(o, r, ks, 0, true);
      })
      .Case([&](GetLayoutOp) -> std::optional<FailureOr<Inferred>> { return ofValue(ks[0].value); })
      .Case([&](CosizeOp) -> std::optional<FailureOr<Inferred>> { return inferCosize(op, r, ks); })
      .Case<RightInverseOp, LeftInverseOp>(
          [&](Operation *o) -> std::optional<FailureOr<Inferred>> { return inferComposedInverse(o, r, ks); })
      .Case([&](RecastLayoutOp o) -> std::optional<FailureOr<Inferred>> { return inferComposedRecast(o, r, ks); })
      .Case<UpcastOp, DowncastOp>([&](Operation *o) -> std::optional<FailureOr<Inferred>> {
        FailureOr<Inferred> gates = lift(o, r, ks, 0, false);
        if (failed(gates) || !ks[0].value.isComposed())
          return gates;
        int64_t n = attrOf<IntegerAttr>(o, "factor").getValue().getSExtValue();
        const ComposedLayout &c = *ks[0].value.composed();
        return anyOr(r, isa<UpcastOp>(o) ? cutelayout::upcast(c, n) : cutelayout::downcast(c, n), [&] {
          return std::string("unable to ") + (isa<UpcastOp>(o) ? "upcast " : "downcast ") + text(c);
        });
      })
      .Case([&](FilterOp) -> std::optional<FailureOr<Inferred>> {
        return FailureOr<Inferred>(r.error() << "unable to filter input " << ks[0].type
                                             << ": CuTe's filter takes a layout, not a composed layout");
      })
      .Case([&](GetStrideOp) -> std::optional<FailureOr<Inferred>> {
        return FailureOr<Inferred>(r.error() << "expects `input` to be a layout or a view, got " << ks[0].type
                                             << " (a composed layout has no stride)");
      })
      .Default([&](Operation *o) -> std::optional<FailureOr<Inferred>> {
        const cutelayout::OperationFacts *facts = cutelayout::operationFactsByIR(o->getName().stripDialect());
        cutelayout::OnComposed rule =
            facts ? cutelayout::composedRule(facts->name, uint32_t(ks.size())) : cutelayout::OnComposed::Refused;
        if (rule == cutelayout::OnComposed::Lifted) // A o O o op(B)
          return lift(o, r, ks, 0, true);
        if (rule == cutelayout::OnComposed::OfInner) // B's answer
          return lift(o, r, ks, 0, false);
        return std::nullopt;
      });
}
