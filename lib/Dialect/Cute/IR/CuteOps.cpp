// Verification, result inference and folding of the cute ops. Every layout computation
// here is a call into the cutelayout core; this file converts between IR and core values
// and turns core errors into the spec's diagnostics.
#include "CuteInference.h"

#include "cutelayout/Notation.h"

#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <optional>

using namespace mlir;
using namespace mlir::cute;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::TupleBuilder;
using cutelayout::TupleView;
using namespace mlir::cute::detail;

#define GET_OP_CLASSES
#include "cute/Dialect/Cute/IR/CuteOps.cpp.inc"

namespace mlir::cute::detail {

/// How far verification looks through defining ops for a value its type leaves open.
constexpr int kLookThroughDepth = 8;

Known knowledgeOf(Value v, int depth) {
  Known k;
  k.type = v.getType();
  if (auto cute = dyn_cast<CuteTypeInterface>(k.type)) {
    k.value = cute.getTypeValue();
    Operation *def = v.getDefiningOp();
    if (!k.value.isStatic() && def && isa<CuteDialect>(def->getDialect()) && depth < kLookThroughDepth) {
      FailureOr<Inferred> more = infer(def, Reporter{def, false}, depth + 1);
      if (succeeded(more) && !more->isIndex && more->value.hasValue())
        k.value = more->value;
    }
    return k;
  }
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    k.leaf = Int::fixed(c.getSExtValue());
  return k;
}

std::vector<Known> operandsOf(Operation *op, int depth) {
  std::vector<Known> ks;
  for (Value v : op->getOperands())
    ks.push_back(knowledgeOf(v, depth));
  return ks;
}

} // namespace mlir::cute::detail

namespace {

std::string show(const IntTuple &t) { return cutelayout::print(t, cutelayout::Style::Type); }

// --- builders ---------------------------------------------------------------------------

FailureOr<Inferred> inferTupleBuilder(const std::vector<Known> &ks) {
  TupleBuilder b;
  b.open();
  for (const Known &k : ks) {
    if (!k.isCute()) {
      b.leaf(k.leaf);
      continue;
    }
    if (!k.value.hasValue())
      return ofValue(TypeValue::ofRank(ks.size()));
    b.add(k.value.tuple());
  }
  b.close();
  return ofValue(TypeValue::ofTuple(b.finish()));
}

FailureOr<Inferred> inferMakeTile(const std::vector<Known> &ks) {
  std::vector<cutelayout::Tiler> elements;
  for (const Known &k : ks) {
    if (!k.isCute()) {
      elements.push_back(cutelayout::tilerFromShape(IntTuple(k.leaf)));
      continue;
    }
    if (!k.value.hasValue())
      return ofValue(TypeValue::ofRank(ks.size()));
    if (isa<LayoutType>(k.type))
      elements.push_back(cutelayout::tilerFromLayout(k.value.layout()));
    else if (isa<TileType>(k.type))
      elements.push_back(k.value.tiler());
    else
      elements.push_back(cutelayout::tilerFromShape(k.value.tuple()));
  }
  return ofValue(TypeValue::ofTiler(cutelayout::makeTile(elements.data(), uint32_t(elements.size()))));
}

FailureOr<Inferred> inferMakeLayout(const Reporter &r, const std::vector<Known> &ks) {
  const Known &shape = ks[0];
  if (ks.size() == 1) {
    if (!shape.value.hasValue())
      return ofValue(shape.value.form() == TypeValue::Form::Rank ? TypeValue::ofRank(shape.value.rank())
                                                                 : TypeValue::kindOnly());
    return ofValue(TypeValue::ofLayout(cutelayout::makeLayout(shape.value.tuple())));
  }
  const Known &stride = ks[1];
  bool ranksKnown = shape.value.form() != TypeValue::Form::Kind && stride.value.form() != TypeValue::Form::Kind;
  if (ranksKnown && shape.value.rank() != stride.value.rank())
    return r.error() << "expects shape and stride of the same rank, but got " << shape.type << " and "
                     << stride.type;
  if (shape.value.hasValue() && stride.value.hasValue()) {
    cutelayout::Expected<cutelayout::Layout> l = cutelayout::makeLayout(shape.value.tuple(), stride.value.tuple());
    if (!l)
      return r.error() << "expects congruent shape and stride, but got " << shape.type << " and " << stride.type;
    return ofValue(TypeValue::ofLayout(*l));
  }
  if (ranksKnown)
    return ofValue(TypeValue::ofRank(shape.value.rank()));
  return ofValue(TypeValue::kindOnly());
}

FailureOr<Inferred> inferOrderedLayout(const Reporter &r, const std::vector<Known> &ks) {
  if (!ks[0].value.hasValue() || !ks[1].value.hasValue())
    return ofValue(ks[0].value.form() == TypeValue::Form::Kind ? TypeValue::kindOnly()
                                                               : TypeValue::ofRank(ks[0].value.rank()));
  cutelayout::Expected<cutelayout::Layout> l = cutelayout::makeOrderedLayout(ks[0].value.tuple(), ks[1].value.tuple());
  if (!l)
    return r.error() << "unable to make an ordered layout: " << l.error().message;
  return ofValue(TypeValue::ofLayout(*l));
}

// --- queries ----------------------------------------------------------------------------

const char *kLayoutOrView = "expects `input` to be a layout or a view, got ";

FailureOr<Inferred> inferGetPart(Operation *op, const Reporter &r, const Known &in) {
  if (!isa<LayoutType>(in.type))
    return r.error() << kLayoutOrView << in.type;
  const TypeValue &v = in.value;
  if (!v.hasValue())
    return ofValue(v.form() == TypeValue::Form::Rank ? TypeValue::ofRank(v.rank()) : TypeValue::kindOnly());
  if (isa<GetShapeOp>(op))
    return ofValue(TypeValue::ofTuple(v.layout().shape));
  if (isa<GetStrideOp>(op))
    return ofValue(TypeValue::ofTuple(v.layout().stride));
  return ofValue(v);
}

std::string modeText(ArrayRef<int32_t> mode) {
  std::string s;
  for (size_t i = 0; i < mode.size(); ++i)
    s += (i ? "," : "") + std::to_string(mode[i]);
  return s;
}

/// Follows a mode path into a tuple (or a layout's shape and stride together).
/// The sub-layout at a mode path through the core's get; a tuple walks as shape:shape.
FailureOr<cutelayout::Layout> descend(const TypeValue &v, bool isLayout, ArrayRef<int32_t> mode) {
  if (llvm::any_of(mode, [](int32_t m) { return m < 0; }))
    return failure();
  SmallVector<uint32_t> path(mode.begin(), mode.end());
  cutelayout::Layout whole = isLayout ? v.layout() : cutelayout::Layout{v.tuple(), v.tuple()};
  cutelayout::Expected<cutelayout::Layout> part = cutelayout::get(whole, path.data(), uint32_t(path.size()));
  if (!part)
    return failure();
  return part.take();
}

FailureOr<Inferred> inferIndexQuery(Operation *op, const Reporter &r, const Known &in, ArrayRef<int32_t> mode) {
  bool isLayout = isa<LayoutType>(in.type);
  bool isTuple = isa<IntTupleType, ShapeType, StrideType, CoordType>(in.type);
  bool isCosize = isa<CosizeOp>(op);
  if (isCosize && isa<ComposedLayoutType>(in.type))
    return r.error() << "can't derive meaningful cosize of composed layout when inner is affine: " << in.type;
  if (!(isLayout || (isTuple && !isCosize)))
    return r.error() << "input type [" << in.type << "] has invalid values.";
  const TypeValue &v = in.value;
  if (!v.hasValue()) {
    // Only rank and depth of the whole value can be known without the value.
    if (isa<RankOp>(op) && mode.empty() && v.form() == TypeValue::Form::Rank)
      return ofIndex(Int::fixed(v.rank()));
    if (!mode.empty() && v.form() == TypeValue::Form::Rank && (mode[0] < 0 || unsigned(mode[0]) >= v.rank()))
      return r.error() << "mode [" << modeText(mode)
                       << (isCosize ? "] is invalid for input type " : "] has invalid values for input type ")
                       << in.type;
    return ofIndex(Int::dynamic(cutelayout::kUnknownDynamic));
  }
  FailureOr<cutelayout::Layout> part = descend(v, isLayout, mode);
  if (failed(part))
    return r.error() << "mode [" << modeText(mode)
                     << (isCosize ? "] is invalid for input type " : "] has invalid values for input type ")
                     << in.type;
  TupleView shape = part->shape;
  if (isa<RankOp>(op))
    return ofIndex(Int::fixed(shape.rank()));
  if (isa<DepthOp>(op))
    return ofIndex(Int::fixed(cutelayout::depth(shape)));
  if (cutelayout::hasUnderscore(shape))
    return r.error() << "input type [" << in.type << "] has invalid values.";
  cutelayout::ArithScope scope;
  Int result = isCosize ? cutelayout::cosize(*part) : cutelayout::product(shape);
  if (scope.failed())
    return r.error() << (isCosize ? "unable to compute cosize for input " : "unable to compute size for input ")
                     << in.type << " and mode [" << modeText(mode) << "]";
  return ofIndex(result);
}

FailureOr<Inferred> inferSelect(const Reporter &r, const Known &in, ArrayRef<int32_t> modes) {
  const TypeValue &v = in.value;
  bool isLayout = isa<LayoutType>(in.type);
  if (!isLayout && !isa<IntTupleType, ShapeType, StrideType, CoordType>(in.type))
    return r.error() << "expects view or layout type, but got " << in.type;
  if (v.form() == TypeValue::Form::Kind)
    return ofValue(TypeValue::ofRank(modes.size()));
  llvm::SmallBitVector seen(v.rank());
  for (int32_t m : modes) {
    if (m < 0 || unsigned(m) >= v.rank() || seen.test(unsigned(m)))
      return r.error() << "Invalid results for select(). Modes: [" << modeText(modes) << "]";
    seen.set(unsigned(m));
  }
  if (!v.hasValue())
    return ofValue(TypeValue::ofRank(modes.size()));
  SmallVector<uint32_t> ms(modes.begin(), modes.end());
  if (isLayout)
    return ofValue(TypeValue::ofLayout(*cutelayout::select(v.layout(), ms.data(), uint32_t(ms.size()))));
  TupleBuilder b;
  b.open();
  for (uint32_t m : ms)
    b.add(v.tuple().child(m));
  b.close();
  return ofValue(TypeValue::ofTuple(b.finish()));
}

FailureOr<Inferred> inferGroupModes(const Reporter &r, const Known &in, int32_t begin, int32_t end) {
  if (!isa<LayoutType>(in.type))
    return r.error() << "expects view or layout type, but got " << in.type;
  const TypeValue &v = in.value;
  if (v.form() == TypeValue::Form::Kind)
    return ofValue(TypeValue::kindOnly());
  int rank = int(v.rank());
  int nb = begin < 0 ? begin + rank : begin;
  int ne = end < 0 ? end + rank : end;
  if (nb < 0 || nb >= rank)
    return r.error() << "expects begin in the range of [-rank , rank-1], but got begin [" << begin << "] and rank ["
                     << rank << "]";
  if (ne < 0 || ne > rank)
    return r.error() << "expects end in the range of [-rank+1 , rank], but got end [" << end << "] and rank ["
                     << rank << "]";
  if (nb >= ne)
    return r.error() << "expects begin < end, but got begin [" << begin << "] ([" << nb << "]) and end [" << end
                     << "] ([" << ne << "])";
  if (!v.hasValue())
    return ofValue(TypeValue::ofRank(unsigned(rank - (ne - nb) + 1)));
  return ofValue(TypeValue::ofLayout(*cutelayout::group(v.layout(), uint32_t(nb), uint32_t(ne))));
}

// --- coordinates ------------------------------------------------------------------------

} // namespace

LogicalResult mlir::cute::detail::checkCoordinate(const Reporter &r, const Known &coord, const Known &layout) {
  const TypeValue &c = coord.value, &l = layout.value;
  if (!coord.isCute() || (c.hasValue() && !c.tuple().isTuple()))
    return success();
  if (c.form() != TypeValue::Form::Kind && l.form() != TypeValue::Form::Kind && c.rank() != l.rank())
    return r.error() << "expected a coordinate of rank " << l.rank() << " but got " << coord.type;
  if (!c.hasValue() || !l.hasValue())
    return success();
  // Tuple levels must match in rank; a leaf may stand for a subtree of the shape.
  auto fits = [](TupleView cv, TupleView sv) {
    return cutelayout::matchLeaves(cv, sv, true, [](TupleView x, TupleView s) {
      if (!x.isInt())
        return true;
      Int v = x.asInt(), n = cutelayout::product(s);
      return !v.isStatic || !n.isStatic || (v.value >= 0 && v.value < n.value);
    });
  };
  if (!fits(c.tuple(), l.tuple())) {
    if (!cutelayout::weaklyCongruent(c.tuple(), l.tuple()))
      return r.error() << "expected a coordinate of rank " << l.rank() << " but got " << coord.type;
    // Print what is known (values the types leave open come from the defining ops).
    return r.error() << "Failed to dice " << withValue(layout.type, l) << " with " << withValue(coord.type, c);
  }
  return success();
}

namespace {

FailureOr<Inferred> inferCrd2Idx(const Reporter &r, const Known &coord, const Known &layout) {
  if (failed(checkCoordinate(r, coord, layout)))
    return failure();
  if (!layout.value.hasValue() || (coord.isCute() && !coord.value.hasValue()))
    return ofIndex(Int::dynamic(cutelayout::kUnknownDynamic));
  IntTuple c = coord.isCute() ? coord.value.tuple() : IntTuple(coord.leaf);
  cutelayout::ArithScope scope;
  cutelayout::Expected<Int> i = cutelayout::crd2idx(c, layout.value.layout());
  if (!i || scope.failed())
    return r.error() << "Failed to dice " << layout.type << " with " << coord.type;
  return ofIndex(*i);
}

FailureOr<Inferred> inferIdx2Crd(const Reporter &r, const Known &index, const Known &shape) {
  if (!shape.value.hasValue() || (index.isCute() && !index.value.hasValue()))
    return ofValue(shape.value.form() == TypeValue::Form::Kind ? TypeValue::kindOnly()
                                                               : TypeValue::ofRank(shape.value.rank()));
  IntTuple i = index.isCute() ? index.value.tuple() : IntTuple(index.leaf);
  cutelayout::ArithScope scope;
  cutelayout::Expected<IntTuple> c = cutelayout::idx2crd(i, shape.value.tuple());
  if (!c || scope.failed())
    return r.error() << "failed to construct a valid coordinate from " << index.type << " in " << shape.type;
  return ofValue(TypeValue::ofTuple(*c));
}

// --- tuple arithmetic -------------------------------------------------------------------

/// The flat index of the first static-zero leaf of t, if any.
std::optional<uint32_t> firstZero(TupleView t) {
  uint32_t n = cutelayout::leafCount(t);
  for (uint32_t i = 0; i < n; ++i) {
    TupleView leaf = cutelayout::leafAt(t, i);
    if (leaf.isInt() && leaf.asInt().isConstant(0))
      return i;
  }
  return std::nullopt;
}

FailureOr<Inferred> inferTupleArith(Operation *op, const Reporter &r, const Known &lhs, const Known &rhs) {
  Type lhsType = lhs.type, rhsType = rhs.type;
  if (lhsType.getTypeID() != rhsType.getTypeID())
    return r.error() << "input type [" << lhs.type << "] has invalid values.";
  bool isDivMod = isa<TupleDivOp, TupleModOp>(op);
  if (isDivMod && rhs.value.hasValue())
    if (std::optional<uint32_t> z = firstZero(rhs.value.tuple()))
      return r.error() << "mode [" << *z << "] has invalid values for input type " << lhs.type;
  if (!lhs.value.hasValue() || !rhs.value.hasValue())
    return ofValue(lhs.value.form() == TypeValue::Form::Kind ? TypeValue::kindOnly()
                                                             : TypeValue::ofRank(lhs.value.rank()));
  TupleView a = lhs.value.tuple(), b = rhs.value.tuple();
  cutelayout::ArithScope scope;
  cutelayout::Expected<IntTuple> result = llvm::TypeSwitch<Operation *, cutelayout::Expected<IntTuple>>(op)
      .Case([&](TupleAddOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Add, a, b); })
      .Case([&](TupleSubOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Sub, a, b); })
      .Case([&](TupleMulOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Mul, a, b); })
      .Case([&](TupleDivOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Div, a, b); })
      .Case([&](TupleModOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Mod, a, b); })
      .Case([&](ShapeDivOp) { return cutelayout::shapeDiv(a, b); })
      .Default([&](Operation *) { return cutelayout::ceilDiv(a, b); });
  if (!result || scope.failed())
    return r.error() << "unable to compute size for input " << lhs.type << " and mode [0]";
  return ofValue(TypeValue::ofTuple(*result));
}

// --- dispatch ---------------------------------------------------------------------------

} // namespace

FailureOr<Inferred> mlir::cute::detail::infer(Operation *op, const Reporter &r, int depth) {
  // A `?` leaf has no value: CuTe's static-only conditions apply to static leaves alone.
  cutelayout::UnknownDynamicValues unknown;
  std::vector<Known> ks = operandsOf(op, depth);
  return llvm::TypeSwitch<Operation *, FailureOr<Inferred>>(op)
      .Case([&](ConstantOp c) -> FailureOr<Inferred> {
        Type t = c.getValue() ? *c.getValue() : c.getType();
        auto cute = dyn_cast<CuteTypeInterface>(t);
        if (!cute || !cute.getTypeValue().isStatic() || t.getTypeID() != c.getType().getTypeID())
          return r.error() << "expects a static value of the result's kind, got " << t;
        return ofValue(cute.getTypeValue());
      })
      .Case<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp, MakeTupleOp>(
          [&](Operation *) { return inferTupleBuilder(ks); })
      .Case([&](MakeTileOp) { return inferMakeTile(ks); })
      .Case<MakeLayoutOp, MakeLayoutRawOp, MakeIdentityLayoutOp>(
          [&](Operation *) { return inferMakeLayout(r, ks); })
      .Case([&](MakeOrderedLayoutOp) { return inferOrderedLayout(r, ks); })
      .Case<GetShapeOp, GetStrideOp, GetLayoutOp>([&](Operation *o) { return inferGetPart(o, r, ks[0]); })
      .Case([&](SizeOp o) { return inferIndexQuery(o, r, ks[0], o.getMode().value_or(ArrayRef<int32_t>())); })
      .Case([&](CosizeOp o) { return inferIndexQuery(o, r, ks[0], o.getMode().value_or(ArrayRef<int32_t>())); })
      .Case([&](RankOp o) { return inferIndexQuery(o, r, ks[0], o.getMode().value_or(ArrayRef<int32_t>())); })
      .Case([&](DepthOp o) { return inferIndexQuery(o, r, ks[0], o.getMode().value_or(ArrayRef<int32_t>())); })
      .Case([&](SelectOp o) { return inferSelect(r, ks[0], o.getModes()); })
      .Case([&](GroupModesOp o) { return inferGroupModes(r, ks[0], o.getBegin(), o.getEnd()); })
      .Case([&](Crd2IdxOp) { return inferCrd2Idx(r, ks[0], ks[1]); })
      .Case([&](Idx2CrdOp) { return inferIdx2Crd(r, ks[0], ks[1]); })
      .Case<TupleAddOp, TupleSubOp, TupleMulOp, TupleDivOp, TupleModOp, ShapeDivOp, CeilDivOp>(
          [&](Operation *o) { return inferTupleArith(o, r, ks[0], ks[1]); })
      .Case([&](ToIntTupleOp) -> FailureOr<Inferred> {
        if (ks[0].value.hasValue() && cutelayout::hasUnderscore(ks[0].value.tuple()))
          return r.error() << "expects an input without `_` leaves, got " << ks[0].type;
        return ofValue(ks[0].value);
      })
      .Default([&](Operation *o) { return inferAlgebraOp(o, r, ks); });
}

LogicalResult mlir::cute::verifyCuteOp(Operation *op) {
  Reporter r{op, true};
  FailureOr<Inferred> inferred = infer(op, r, 0);
  if (failed(inferred))
    return failure();
  if (inferred->isIndex)
    return success();
  auto written = cast<CuteTypeInterface>(op->getResult(0).getType());
  if (isCompatible(written.getTypeValue(), inferred->value, written.getKind()))
    return success();
  Type expected = withValue(written, inferred->value);
  if (isa<GroupModesOp>(op))
    return op->emitOpError("unable to infer return type with inputs ")
           << op->getOperand(0).getType() << ": inferred " << expected << " but the result type is " << written;
  return op->emitOpError("result type ") << written << " does not match the inferred type " << expected;
}

OpFoldResult mlir::cute::foldCuteOp(Operation *op, ArrayRef<Attribute>) {
  FailureOr<Inferred> inferred = infer(op, Reporter{op, false}, 0);
  if (failed(inferred))
    return {};
  if (inferred->isIndex) {
    if (!inferred->index.isStatic)
      return {};
    return IntegerAttr::get(IndexType::get(op->getContext()), inferred->index.value);
  }
  if (!inferred->value.isStatic())
    return {};
  return TypeAttr::get(withValue(op->getResult(0).getType(), inferred->value));
}
