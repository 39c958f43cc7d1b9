// Verification and inference of the algebra, divide, product and tiling ops. The gates
// run in the specification's order (its verifiers: kinds, then ranks, then the algebra); every result comes
// from the cutelayout core.
#include "CuteInference.h"

#include "cutelayout/Notation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::Layout;
using cutelayout::Tiler;

namespace {

const char *kNeedsLayout = "expects an input of type layout or composed layout, but got ";

std::string text(const Layout &l) { return cutelayout::print(l, cutelayout::Style::Type); }
std::string text(const Tiler &t) { return cutelayout::print(t, cutelayout::Style::Type); }
std::string text(const IntTuple &t) { return cutelayout::print(t, cutelayout::Style::Type); }

bool isTilerType(Type t) { return isa<LayoutType, TileType, ShapeType, IntTupleType>(t); }

/// The operand as a tiler (a layout acts in 1-D; tiles and shapes by mode).

/// A core result as an inferred layout, or the op's error with the core's reason.
template <class Message>
FailureOr<Inferred> layoutOr(const Reporter &r, const cutelayout::Expected<Layout> &l, Message message) {
  if (!l)
    return r.error() << message() << ": " << l.error().message;
  return ofValue(TypeValue::ofLayout(*l));
}

// --- canonicalizers and inverses --------------------------------------------------------

FailureOr<Inferred> inferCoalesce(const Reporter &r, const std::vector<Known> &ks) {
  const Known &in = ks[0];
  if (!isa<LayoutType, ComposedLayoutType>(in.type))
    return r.error() << kNeedsLayout << in.type;
  bool byProfile = ks.size() > 1;
  if (byProfile && !isa<IntTupleType, ShapeType, StrideType, CoordType>(ks[1].type))
    return r.error() << "expects an int tuple target profile, but got " << ks[1].type;
  if (!in.value.hasValue() || !in.isLayout() || (byProfile && !ks[1].value.hasValue()))
    return ofValue(TypeValue::kindOnly());
  Layout l = in.value.layout();
  if (!byProfile)
    return ofValue(TypeValue::ofLayout(cutelayout::coalesce(l)));
  return layoutOr(r, cutelayout::coalesce(l, ks[1].value.tuple()),
                  [&] { return "unable to coalesce " + text(l) + " by " + text(ks[1].value.tuple()); });
}

FailureOr<Inferred> inferFilterZeros(const Reporter &r, const std::vector<Known> &ks) {
  const Known &in = ks[0];
  if (!isa<LayoutType, ComposedLayoutType>(in.type))
    return r.error() << kNeedsLayout << in.type;
  if (ks.size() > 1 && !isa<ShapeType>(ks[1].type))
    return r.error() << "expects a ShapeType for the target profile, but got " << ks[1].type;
  if (!in.isLayout()) // composed layouts arrive with the swizzle issue
    return r.error() << "unable to filter zeros for input " << in.type;
  if (!in.value.hasValue())
    return ofRankOf(in.value);
  Layout l = in.value.layout();
  if (ks.size() == 1)
    return layoutOr(r, cutelayout::filterZeros(l), [&] { return "unable to filter zeros for input " + text(l); });
  if (!ks[1].value.hasValue())
    return ofRankOf(in.value);
  const IntTuple &profile = ks[1].value.tuple();
  if (!cutelayout::weaklyCongruent(profile, l.shape))
    return r.error() << "Expects target_profile has the same profile with the src, but src_profile is: "
                     << text(l.shape) << " and target_profile is: " << text(profile);
  return layoutOr(r, cutelayout::filterZeros(l, profile),
                  [&] { return "unable to filter zeros for input " + text(l); });
}

FailureOr<Inferred> inferUnaryLayout(Operation *op, const Reporter &r, const Known &in) {
  if (!isa<LayoutType, ComposedLayoutType>(in.type))
    return r.error() << kNeedsLayout << in.type;
  bool isRightInverse = isa<RightInverseOp>(op);
  if (isRightInverse && !(in.value.hasValue() && cutelayout::isStatic(in.value.tuple())))
    return r.error() << "expects an input with static shape, but got " << in.type;
  if (!in.value.hasValue() || !in.isLayout())
    return ofValue(TypeValue::kindOnly());
  Layout l = in.value.layout();
  return llvm::TypeSwitch<Operation *, FailureOr<Inferred>>(op)
      .Case([&](FilterOp) { return ofValue(TypeValue::ofLayout(cutelayout::filter(l))); })
      .Case([&](RightInverseOp) {
        return layoutOr(r, cutelayout::rightInverse(l),
                        [&] { return "unable to compute a right inverse for input " + text(l); });
      })
      .Case([&](LeftInverseOp) {
        return layoutOr(r, cutelayout::leftInverse(l),
                        [&] { return "unable to compute a left inverse for input " + text(l); });
      })
      .Default([&](Operation *) {
        return layoutOr(r, cutelayout::makeFragmentLike(l),
                        [&] { return "unable to make fragment-like layout from " + text(l); });
      });
}

FailureOr<Inferred> inferComplement(const Reporter &r, const std::vector<Known> &ks) {
  const Known &in = ks[0];
  if (!isa<LayoutType, ComposedLayoutType>(in.type))
    return r.error() << kNeedsLayout << in.type;
  if (ks.size() > 1 && !ks[1].isLeaf() && !isa<IntTupleType, ShapeType, StrideType, CoordType>(ks[1].type))
    return r.error() << "expects an int tuple or an index as the cotarget, but got " << ks[1].type;
  bool boundKnown = ks.size() == 1 || !ks[1].isCute() || ks[1].value.hasValue();
  if (!in.value.hasValue() || !in.isLayout() || !boundKnown)
    return ofValue(TypeValue::kindOnly());
  Layout l = in.value.layout();
  auto message = [&] { return "unable to compute the complement of " + text(l); };
  if (ks.size() == 1)
    return layoutOr(r, cutelayout::complement(l), message);
  IntTuple bound = ks[1].isCute() ? ks[1].value.tuple() : IntTuple(ks[1].leaf);
  return layoutOr(r, cutelayout::complement(l, bound), message);
}

FailureOr<Inferred> inferComposition(const Reporter &r, const Known &lhs, const Known &rhs) {
  if (!isa<LayoutType, ComposedLayoutType>(lhs.type))
    return r.error() << kNeedsLayout << lhs.type;
  if (!isTilerType(rhs.type))
    return r.error() << kNeedsLayout << rhs.type;
  if (!lhs.value.hasValue() || !lhs.isLayout() || !rhs.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  Layout l = lhs.value.layout();
  Tiler t = tilerOf(rhs);
  return layoutOr(r, cutelayout::composition(l, t),
                  [&] { return "unable to compose " + text(l) + " with " + text(t); });
}

FailureOr<Inferred> inferRecast(RecastLayoutOp op, const Reporter &r, const Known &src) {
  if (!isa<LayoutType, ComposedLayoutType>(src.type))
    return r.error() << "expects `src` is LayoutTypeInterface, but got " << src.type;
  Type oldType = attrOf<TypeAttr>(op, "old_type").getValue(), newType = attrOf<TypeAttr>(op, "new_type").getValue();
  if (!oldType.isIntOrIndexOrFloat() || !newType.isIntOrIndexOrFloat() || oldType.isIndex() || newType.isIndex())
    return r.error() << "unable to recast layout " << src.type << " from " << oldType << " to " << newType;
  if (!src.value.hasValue() || !src.isLayout())
    return ofValue(TypeValue::kindOnly());
  cutelayout::Expected<Layout> l =
      cutelayout::recastLayout(src.value.layout(), oldType.getIntOrFloatBitWidth(), newType.getIntOrFloatBitWidth());
  if (!l)
    return r.error() << "unable to recast layout " << src.type << " from " << oldType << " to " << newType << ": "
                     << l.error().message;
  return ofValue(TypeValue::ofLayout(*l));
}

// --- divides and products ---------------------------------------------------------------

/// The static size of a tiler mode (R8 compares top-level modes), if it has one.
/// The shared gates of the divides and by-mode products: kinds, then rank(tiler) <=
/// rank(input), then (tiled_divide only) R8's static per-axis divisibility.
LogicalResult divideGates(Operation *op, const Reporter &r, const Known &in, const Known &tiler, bool rankGate) {
  if (!isTilerType(tiler.type))
    return r.error() << "invalid tiler type, got" << tiler.type;
  if (!in.isLayout())
    return r.error() << "invalid input type, got " << in.type;
  if (rankGate && in.knowsRank() && tiler.knowsRank() && tiler.value.rank() > in.value.rank())
    return r.error() << "expects rank(tiler) <= rank(input), but got input=" << in.value.rank()
                     << " and tiler=" << tiler.value.rank();
  if (isa<TiledDivideOp>(op) && in.value.hasValue() && tiler.value.hasValue()) {
    PartitionCheck check; // phase three of the tiled-partition verifier
    check.divided = {in.value.layout(), tilerOf(tiler)};
    check.dividedModes = tiler.value.rank();
    return verifyTiledPartition(r, check);
  }
  return success();
}

FailureOr<Inferred> inferDivide(Operation *op, const Reporter &r, const Known &in, const Known &tiler) {
  if (failed(divideGates(op, r, in, tiler, true)))
    return failure();
  if (!in.value.hasValue() || !tiler.value.hasValue())
    return ofValue(isa<ZippedDivideOp>(op) ? TypeValue::ofRank(2) : TypeValue::kindOnly());
  Layout l = in.value.layout();
  Tiler t = tilerOf(tiler);
  cutelayout::Expected<Layout> result = llvm::TypeSwitch<Operation *, cutelayout::Expected<Layout>>(op)
                                            .Case([&](LogicalDivideOp) { return cutelayout::logicalDivide(l, t); })
                                            .Case([&](ZippedDivideOp) { return cutelayout::zippedDivide(l, t); })
                                            .Case([&](TiledDivideOp) { return cutelayout::tiledDivide(l, t); })
                                            .Default([&](Operation *) { return cutelayout::flatDivide(l, t); });
  if (!result)
    return r.error() << "failed to perform a valid division of " << text(l) << " by " << text(t) << ": "
                     << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

FailureOr<Inferred> inferProduct(Operation *op, const Reporter &r, const Known &in, const Known &tiler) {
  bool rankSensitive = isa<BlockedProductOp, RakedProductOp>(op);
  if (failed(divideGates(op, r, in, tiler, !rankSensitive)))
    return failure();
  if (rankSensitive && isa<TileType>(tiler.type))
    return r.error() << "invalid tiler type, got" << tiler.type;
  if (!in.value.hasValue() || !tiler.value.hasValue())
    return ofValue(isa<ZippedProductOp>(op) ? TypeValue::ofRank(2) : TypeValue::kindOnly());
  Layout l = in.value.layout();
  cutelayout::Expected<Layout> result =
      llvm::TypeSwitch<Operation *, cutelayout::Expected<Layout>>(op)
          .Case([&](LogicalProductOp) { return cutelayout::logicalProduct(l, tilerOf(tiler)); })
          .Case([&](ZippedProductOp) { return cutelayout::zippedProduct(l, tilerOf(tiler)); })
          .Case([&](TiledProductOp) { return cutelayout::tiledProduct(l, tilerOf(tiler)); })
          .Case([&](FlatProductOp) { return cutelayout::flatProduct(l, tilerOf(tiler)); })
          .Default([&](Operation *o) {
            Layout b = tiler.isLayout() ? tiler.value.layout() : cutelayout::makeLayout(tiler.value.tuple());
            return isa<BlockedProductOp>(o) ? cutelayout::blockedProduct(l, b) : cutelayout::rakedProduct(l, b);
          });
  if (!result)
    return r.error() << "failed to compute the product of " << text(l) << " and " << tiler.type << ": "
                     << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

IntTuple fromArray(std::optional<ArrayRef<int64_t>> values, uint32_t rank) {
  cutelayout::TupleBuilder b;
  b.open();
  for (uint32_t i = 0; i < rank; ++i)
    b.leaf(Int::fixed(values && i < values->size() ? (*values)[i] : 1));
  b.close();
  return b.finish();
}

FailureOr<Inferred> inferStencil(StencilDivideOp op, const Reporter &r, const Known &in, const Known &window) {
  if (failed(divideGates(op, r, in, window, true)))
    return failure();
  if (!isa<ShapeType, IntTupleType>(window.type))
    return r.error() << "invalid tiler type, got" << window.type;
  // One stride and one dilation per window mode (R9), when given.
  std::optional<ArrayRef<int64_t>> stride, dilation;
  if (DenseI64ArrayAttr a = attrOf<DenseI64ArrayAttr>(op, "stride"))
    stride = a.asArrayRef();
  if (DenseI64ArrayAttr a = attrOf<DenseI64ArrayAttr>(op, "dilation"))
    dilation = a.asArrayRef();
  if (window.knowsRank()) {
    uint32_t modes = window.value.hasValue() ? cutelayout::wrap(window.value.tuple()).rank() : window.value.rank();
    for (auto [name, values] : {std::make_pair("stride", stride), std::make_pair("dilation", dilation)})
      if (values && values->size() != modes)
        return r.error() << "expects one `" << name << "` entry per window mode (" << modes << "), but got "
                         << values->size();
  }
  if (!in.value.hasValue() || !window.value.hasValue() || !cutelayout::isStatic(in.value.tuple()))
    return ofRankOf(in.value);
  Layout l = in.value.layout();
  uint32_t rank = cutelayout::wrap(window.value.tuple()).rank();
  cutelayout::Expected<Layout> result =
      cutelayout::stencilDivide(l, window.value.tuple(), fromArray(stride, rank), fromArray(dilation, rank));
  if (!result)
    return r.error() << result.error().message; // the core's text starts with the spec's prefix
  return ofValue(TypeValue::ofLayout(*result));
}

// --- tiling -----------------------------------------------------------------------------

/// The static leaves of t, flattened, are 0..n-1 in some order.
bool isPermutation(const IntTuple &t) {
  const cutelayout::Node *nodes = t.view().nodes();
  SmallVector<int64_t> values;
  for (uint32_t i = 0; i < t.view().span(); ++i) {
    if (nodes[i].kind == cutelayout::NodeKind::Underscore)
      return false;
    if (nodes[i].kind == cutelayout::NodeKind::Int)
      values.push_back(nodes[i].value);
  }
  llvm::sort(values);
  for (uint32_t i = 0; i < values.size(); ++i)
    if (values[i] != int64_t(i))
      return false;
  return true;
}

/// The coordinate of local_tile picks one tile of the rest modes (R11): one coordinate mode
/// per rest mode at most (after the projection drops its `X` modes), and a static integer
/// mode inside a static count of tiles. `_` keeps every tile of its mode.
LogicalResult checkTileCoordinate(const Reporter &r, const Known &in, const Known &tiler, const Known &coord,
                                  const IntTuple *step) {
  Tiler t = tilerOf(tiler);
  IntTuple c = coord.value.tuple();
  if (step) {
    cutelayout::Expected<Tiler> kept = cutelayout::diceTiler(t, *step);
    if (!kept)
      return r.error() << "failed to construct a valid coordinate from " << coord.type << ": the projection "
                       << text(*step) << " needs a tiler of its rank, got " << text(t);
    cutelayout::Expected<IntTuple> diced = cutelayout::dice(*step, c);
    if (!diced)
      return r.error() << "failed to construct a valid coordinate from " << coord.type << ": " << diced.error().message;
    c = diced.take();
    t = kept.take();
  }
  cutelayout::Expected<Layout> tiled = cutelayout::zippedDivide(in.value.layout(), t);
  if (!tiled)
    return r.error() << "Failed to dice " << tiler.type << " with " << coord.type << ": " << tiled.error().message;
  cutelayout::TupleView rest = tiled->shape.child(1);
  if (!c.isTuple())
    return success();
  if (c.rank() > rest.rank())
    return r.error() << "failed to construct a valid coordinate from " << coord.type << ": " << c.rank()
                     << " coordinate modes for the " << rest.rank() << " rest modes " << text(IntTuple(rest));
  for (uint32_t i = 0; i < c.rank(); ++i) {
    cutelayout::TupleView leaf = c.child(i);
    if (!leaf.isInt() || !leaf.asInt().isStatic)
      continue;
    Int tiles = cutelayout::product(rest.child(i));
    int64_t x = leaf.asInt().value;
    if (tiles.isStatic && (x < 0 || x >= tiles.value))
      return r.error() << "failed to construct a valid coordinate from " << coord.type << ": mode " << i << " is " << x
                       << ", outside the " << tiles.value << " tiles of rest mode " << text(IntTuple(rest.child(i)));
  }
  return success();
}

FailureOr<Inferred> inferLocalTile(const Reporter &r, const Known &in, const Known &tiler, const Known &coord,
                                   const Known *projection) {
  // The specification's five gates, in order.
  if (!isa<TileType, ShapeType, LayoutType, IntTupleType>(tiler.type))
    return r.error() << "unexpected tiler type, got " << tiler.type;
  if (!isa<CoordType>(coord.type))
    return r.error() << "unexpected coordinate type, got " << coord.type;
  // With a projection, the coordinate has the tiler's modes and the projection keeps those
  // it does not mark `_` (CuTe's X): those kept are what must fit the input's rank.
  std::optional<unsigned> coordRank;
  if (coord.knowsRank() && (!coord.value.hasValue() || coord.value.tuple().isTuple()))
    coordRank = coord.value.rank();
  if (projection && coordRank) {
    coordRank.reset();
    if (projection->value.hasValue() && projection->value.tuple().isTuple()) {
      unsigned kept = 0;
      for (cutelayout::TupleView p : projection->value.tuple().view())
        kept += !p.isUnderscore();
      coordRank = kept;
    }
  }
  if (coordRank && in.knowsRank() && *coordRank > in.value.rank())
    return r.error() << "expected a coordinate of rank " << in.value.rank() << " but got " << coord.type;
  if (!in.isLayout())
    return r.error() << "expected a view as an input but got " << in.type;
  if (projection && !isa<CoordType, IntTupleType, ShapeType>(projection->type))
    return r.error() << "expects a projection coordinate (CuTe's Step: `_` drops a mode), but got " << projection->type;
  if (!in.value.hasValue() || !tiler.value.hasValue() || !coord.value.hasValue() ||
      (projection && !projection->value.hasValue()))
    return ofValue(TypeValue::kindOnly());
  IntTuple step = projection ? projection->value.tuple() : IntTuple();
  if (failed(checkTileCoordinate(r, in, tiler, coord, projection ? &step : nullptr)))
    return failure();
  cutelayout::Expected<Layout> result =
      cutelayout::localTile(in.value.layout(), tilerOf(tiler), coord.value.tuple(), projection ? &step : nullptr);
  if (!result)
    return r.error() << "Failed to dice " << tiler.type << " with " << coord.type << ": " << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

FailureOr<Inferred> inferLocalPartition(const Reporter &r, const std::vector<Known> &ks) {
  const Known &in = ks[0], &tiler = ks[1], &index = ks[2];
  if (!isa<LayoutType>(tiler.type))
    return r.error() << "expects LayoutType tiler, but got " << tiler.type;
  if (!tiler.value.hasValue() || !cutelayout::isStatic(tiler.value.tuple()))
    return r.error() << "expects LayoutType tiler with static shape, but got " << tiler.type;
  if (!in.isLayout())
    return r.error() << "expects `input` to be a layout or a view, got " << in.type;
  const Known *profile = ks.size() > 3 ? &ks[3] : nullptr;
  if (profile && !isa<CoordType>(profile->type))
    return r.error() << "expects `target_profile` be CoordType, but got " << profile->type;
  Int threads = cutelayout::product(tiler.value.tuple());
  if (index.leaf.isStatic && (index.leaf.value < 0 || index.leaf.value >= threads.value))
    return r.error() << "unable to construct a coordinate for local_partition";
  if (!in.value.hasValue() || (profile && !profile->value.hasValue()))
    return ofValue(TypeValue::kindOnly());
  IntTuple projection = profile ? profile->value.tuple() : IntTuple();
  cutelayout::Expected<Layout> result = cutelayout::localPartition(
      in.value.layout(), tiler.value.layout(), IntTuple(index.leaf), profile ? &projection : nullptr);
  if (!result)
    return r.error() << "unable to coalesce input of type " << in.type << ": " << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

FailureOr<Inferred> inferTileToShape(TileToShapeOp op, const Reporter &r, const std::vector<Known> &ks) {
  const Known &block = ks[0], &target = ks[1];
  if (!block.isLayout() || !isa<ShapeType, IntTupleType>(target.type))
    return r.error() << "invalid input types for tile_to_shape, got " << block.type << " and " << target.type;
  if (block.knowsRank() && target.knowsRank() && block.value.rank() > target.value.rank())
    return r.error() << "Target and kernel shapes must be congruent.";
  // The target's rank, when known (a flag and a value: GCC misreads an optional here).
  bool knownRank = target.knowsRank();
  unsigned rank = knownRank ? target.value.rank() : 0;
  auto array = [&](StringRef name) -> std::optional<ArrayRef<int64_t>> {
    if (DenseI64ArrayAttr a = attrOf<DenseI64ArrayAttr>(op, name))
      return a.asArrayRef();
    return std::nullopt;
  };
  std::optional<ArrayRef<int64_t>> lower = array("lower_padding"), upper = array("upper_padding"),
                                   traversal = array("traversal_stride");
  auto congruent = [&](std::optional<ArrayRef<int64_t>> a) { return !a || !knownRank || a->size() == rank; };
  if (!congruent(lower))
    return r.error() << "Lower padding shape must be congruent with target shape";
  if (!congruent(upper))
    return r.error() << "Upper padding shape must be congruent with target shape";
  if (!congruent(traversal))
    return r.error() << "Traversal stride must be congruent with target shape";
  const Known *order = ks.size() > 2 ? &ks[2] : nullptr;
  if (order && !isa<IntTupleType, ShapeType, StrideType, CoordType>(order->type))
    return r.error() << "expects only static order modes, but got " << order->type;
  if (order && order->knowsRank() && knownRank && order->value.rank() != rank)
    return r.error() << "expects target shape and order operands have same rank, but got " << target.type << " and "
                     << order->type;
  if (order && !(order->value.hasValue() && cutelayout::isStatic(order->value.tuple())))
    return r.error() << "expects only static order modes, but got " << order->type;
  if (order && !isPermutation(order->value.tuple()))
    return r.error() << "expects the order to be a permutation of [0, " << cutelayout::leafCount(order->value.tuple())
                     << "), but got " << text(order->value.tuple());
  auto all = [](std::optional<ArrayRef<int64_t>> a, int64_t v) {
    return !a || llvm::all_of(*a, [&](int64_t x) { return x == v; });
  };
  if (!all(lower, 0) || !all(upper, 0) || !all(traversal, 1))
    return r.error() << "supports only zero padding and unit traversal stride so far";
  if (!block.value.hasValue() || !target.value.hasValue())
    return ofRankOf(target.value);
  IntTuple orderValue = order ? order->value.tuple() : IntTuple();
  cutelayout::Expected<Layout> result =
      cutelayout::tileToShape(block.value.layout(), target.value.tuple(), order ? &orderValue : nullptr);
  if (!result)
    return r.error() << "unable to tile " << block.type << " to " << target.type << ": " << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

FailureOr<Inferred> inferSliceOrDice(Operation *op, const Reporter &r, const Known &coord, const Known &in) {
  if (!isa<CoordType>(coord.type))
    return r.error() << "unexpected coordinate type, got " << coord.type;
  if (isTupleKind(in.type)) { // CuTe's slice and dice of tuples
    if (!coord.value.hasValue() || !in.value.hasValue())
      return ofValue(TypeValue::kindOnly());
    cutelayout::Expected<IntTuple> t = isa<SliceOp>(op) ? cutelayout::slice(coord.value.tuple(), in.value.tuple())
                                                        : cutelayout::dice(coord.value.tuple(), in.value.tuple());
    if (!t)
      return r.error() << "Failed to dice " << in.type << " with " << coord.type << ": " << t.error().message;
    return ofValue(TypeValue::ofTuple(*t));
  }
  if (!in.isLayout())
    return r.error() << "expected a view as an input but got " << in.type;
  if (failed(checkCoordinate(r, coord, in)))
    return failure();
  if (!coord.value.hasValue() || !in.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  cutelayout::Expected<Layout> result = isa<SliceOp>(op) ? cutelayout::slice(coord.value.tuple(), in.value.layout())
                                                         : cutelayout::dice(coord.value.tuple(), in.value.layout());
  if (!result)
    return r.error() << "Failed to dice " << in.type << " with " << coord.type << ": " << result.error().message;
  return ofValue(TypeValue::ofLayout(*result));
}

} // namespace

Tiler mlir::cute::detail::tilerOf(const Known &k) {
  if (isa<LayoutType>(k.type))
    return cutelayout::tilerFromLayout(k.value.layout());
  if (isa<TileType>(k.type))
    return k.value.tiler();
  return cutelayout::tilerFromShape(k.value.tuple());
}

FailureOr<Inferred> mlir::cute::detail::inferAlgebraOp(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  return llvm::TypeSwitch<Operation *, FailureOr<Inferred>>(op)
      .Case([&](CoalesceOp) { return inferCoalesce(r, ks); })
      .Case([&](FilterZerosOp) { return inferFilterZeros(r, ks); })
      .Case<FilterOp, RightInverseOp, LeftInverseOp>([&](Operation *o) { return inferUnaryLayout(o, r, ks[0]); })
      .Case([&](MakeFragmentLikeOp) -> FailureOr<Inferred> {
        // With `element_type` (CuTe's make_fragment_like<T>(src)) the operand is `src`
        // and the result is a register view; without it a layout gives a layout.
        bool typed = bool(attrOf<TypeAttr>(op, "element_type"));
        if (!isa<LayoutType, ComposedLayoutType, CuteMemRefType>(ks[0].type))
          return r.error() << (typed ? "expects `src` is LayoutTypeInterface or CuteMemRefType, but got "
                                     : "expects `input` is CuteMemRefType or CuteLayoutTypeInterface, but got ")
                           << ks[0].type;
        if (isa<CuteMemRefType>(ks[0].type))
          return inferFragmentOfView(op, r, ks[0]);
        if (isa<ComposedLayoutType>(ks[0].type))
          return r.error() << "unable to make fragment-like layout";
        FailureOr<Inferred> layout = inferUnaryLayout(op, r, ks[0]);
        if (succeeded(layout) && typed)
          layout->iterator =
              PtrType::get(op->getContext(), attrOf<TypeAttr>(op, "element_type").getValue(), AddressSpace::Rmem, 0);
        return layout;
      })
      .Case([&](ComplementOp) { return inferComplement(r, ks); })
      .Case([&](CompositionOp) { return inferComposition(r, ks[0], ks[1]); })
      .Case([&](RecastLayoutOp o) { return inferRecast(o, r, ks[0]); })
      .Case<LogicalDivideOp, ZippedDivideOp, TiledDivideOp, FlatDivideOp>(
          [&](Operation *o) { return inferDivide(o, r, ks[0], ks[1]); })
      .Case<LogicalProductOp, ZippedProductOp, TiledProductOp, FlatProductOp, BlockedProductOp, RakedProductOp>(
          [&](Operation *o) { return inferProduct(o, r, ks[0], ks[1]); })
      .Case([&](StencilDivideOp o) { return inferStencil(o, r, ks[0], ks[1]); })
      .Case([&](LocalTileOp) { return inferLocalTile(r, ks[0], ks[1], ks[2], ks.size() > 3 ? &ks[3] : nullptr); })
      .Case([&](LocalPartitionOp) { return inferLocalPartition(r, ks); })
      .Case([&](TileToShapeOp o) { return inferTileToShape(o, r, ks); })
      .Case<SliceOp, DiceOp>([&](Operation *o) { return inferSliceOrDice(o, r, ks[0], ks[1]); })
      .Default([&](Operation *o) { return inferCalculatorOp(o, r, ks); });
}
