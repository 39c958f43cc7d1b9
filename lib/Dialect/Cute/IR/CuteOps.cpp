// Verification, result inference and folding of the cute ops. Every layout computation
// here is a call into the cutelayout core; this file converts between IR and core values
// and turns core errors into the spec's diagnostics.
#include "CuteInference.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Notation.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <functional>
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

Known mlir::cute::detail::knownFromType(Value v) {
  Known k;
  k.type = v.getType();
  if (auto cute = dyn_cast<CuteTypeInterface>(k.type)) {
    k.value = cute.getTypeValue();
    return k;
  }
  if (auto view = dyn_cast<CuteMemRefType>(k.type)) { // a view is known by its layout
    k.value = view.getLayoutValue();
    return k;
  }
  if (auto view = dyn_cast<CoordTensorType>(k.type)) {
    k.value = view.getLayoutValue();
    k.iterator = view.getIteratorValue();
    return k;
  }
  APInt c;
  if (!k.isLeaf())
    return k;
  if (matchPattern(v, m_ConstantInt(&c)) && c.getBitWidth() <= 64) {
    k.leaf = Int::fixed(c.getSExtValue());
    return k;
  }
  // Divisibility facts: cute.assume, or a function argument's `cute.div` attribute.
  // (Checked accessors only: the defining op may not be verified yet, Known's contract.)
  if (auto assume = v.getDefiningOp<AssumeOp>())
    if (IntegerAttr d = assume.getDivisibilityAttr(); d && d.getType().isInteger(64) && d.getInt() > 0)
      k.divisor = d.getInt();
  if (auto arg = dyn_cast<BlockArgument>(v)) // (while parsing, a block has no parent yet)
    if (arg.getOwner()->getParent() && arg.getOwner()->isEntryBlock())
      if (auto f = dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp()))
        if (auto d = f.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), "cute.div"))
          if (d.getType().isInteger(64) && d.getInt() > 0)
            k.divisor = d.getInt();
  return k;
}

std::vector<Known> mlir::cute::detail::symbolize(const std::vector<Known> &ks, cutelayout::Trace &trace,
                                                 std::vector<int64_t> &facts) {
  std::vector<Known> out = ks;
  auto bind = [&](Int like, int64_t divisor) {
    facts.push_back(divisor);
    Int s = trace.input(uint32_t(facts.size() - 1));
    s.basis = like.basis;
    return s;
  };
  for (Known &k : out) {
    if (k.hasTypeValue()) {
      // A coordinate tensor's iterator leaves come first (docs/lowering.md#views).
      if (k.iterator.hasValue()) {
        std::vector<int64_t> iteratorFacts = k.iterator.dynamicDivisors();
        size_t next = 0;
        k.iterator = k.iterator.mapDynamicLeaves([&](Int x) { return bind(x, iteratorFacts[next++]); });
      }
      if (!k.value.hasValue())
        continue;
      std::vector<int64_t> dynamicFacts = k.value.dynamicDivisors();
      size_t next = 0;
      k.value = k.value.mapDynamicLeaves([&](Int x) { return bind(x, dynamicFacts[next++]); });
    } else if (k.isLeaf() && !k.leaf.isStatic) {
      k.leaf = bind(Int{}, k.divisor);
    }
  }
  return out;
}

bool mlir::cute::detail::Known::isLeaf() const {
  if (isa<IndexType>(type))
    return true;
  auto i = dyn_cast<IntegerType>(type);
  return i && i.isSignless() && i.getWidth() <= 64;
}

namespace {

Known typeFacts(Value v) { return knownFromType(v); }

/// Looks through defining cute ops for what their types leave open. Unbounded in depth
/// and iterative (a chain of any length costs no stack); each op is inferred once per
/// Lookthrough (DAGs stay linear), silently, and through the same checked inference
/// as its verifier, so a malformed or not yet verified definition contributes nothing
/// beyond its type. A cycle (graph regions) falls back to the types on its back edge.
/// `budget` bounds the number of ops inferred; past it nothing is assumed (folding uses
/// a budget: a fold that cannot see far enough only declines).
class Lookthrough {
public:
  explicit Lookthrough(size_t budget = SIZE_MAX) : budget_(budget) {}

  Known knowledgeOf(Value v) {
    if (Operation *def = pending(v))
      compute(def);
    return lookup(v);
  }
  /// Records what a verified op computes, so later look-ups reuse it.
  void remember(Operation *op, const TypeValue &value) { memo_[op] = std::make_unique<TypeValue>(value); }
  void clear() { memo_.clear(); }

private:
  /// The defining cute op of v when looking through it may tell more than v's type.
  Operation *pending(Value v) {
    auto cute = dyn_cast<CuteTypeInterface>(v.getType());
    if (!cute || cute.getTypeValue().isStatic())
      return nullptr;
    auto result = dyn_cast<OpResult>(v);
    if (!result || result.getResultNumber() != 0)
      return nullptr;
    Operation *def = result.getOwner();
    if (def->getNumResults() != 1 || !isa_and_nonnull<CuteDialect>(def->getDialect()) || memo_.count(def) ||
        active_.count(def))
      return nullptr;
    return def;
  }

  /// Memo or type facts only; never infers.
  Known lookup(Value v) {
    Known k = typeFacts(v);
    auto result = dyn_cast<OpResult>(v);
    if (!k.isCute() || k.value.isStatic() || !result)
      return k;
    auto it = memo_.find(result.getOwner());
    if (it != memo_.end() && it->second && it->second->hasValue())
      k.value = *it->second;
    return k;
  }

  void compute(Operation *root) {
    struct Frame {
      Operation *op;
      bool expanded;
    };
    SmallVector<Frame, 16> stack{{root, false}};
    active_.insert(root);
    while (!stack.empty()) {
      size_t top = stack.size() - 1;
      Operation *op = stack[top].op;
      if (!stack[top].expanded) {
        stack[top].expanded = true;
        for (Value u : op->getOperands())
          if (Operation *d = pending(u)) {
            if (spent_ >= budget_)
              continue;
            ++spent_;
            active_.insert(d);
            stack.push_back({d, false});
          }
        continue;
      }
      std::vector<Known> ks;
      ks.reserve(op->getNumOperands());
      for (Value u : op->getOperands())
        ks.push_back(lookup(u));
      FailureOr<Inferred> r = infer(op, Reporter{op, false}, ks);
      std::unique_ptr<TypeValue> known;
      auto written = dyn_cast<CuteTypeInterface>(op->getResult(0).getType());
      if (succeeded(r) && !r->isIndex && r->value.hasValue() && written &&
          isCompatible(written.getTypeValue(), r->value, written.getKind()))
        known = std::make_unique<TypeValue>(std::move(r->value));
      memo_[op] = std::move(known);
      active_.erase(op);
      stack.pop_back();
    }
  }

  llvm::DenseMap<Operation *, std::unique_ptr<TypeValue>> memo_;
  llvm::DenseSet<Operation *> active_;
  size_t budget_, spent_ = 0;
};

/// The look-ups of one verification run. MLIR verifies the ops of a block in order and
/// changes nothing while it does, so while the cute ops verified follow each other in
/// their block, what was inferred stays true and a chain of n ops costs O(n) in all.
/// Any other order (a new run, another block, a single op) starts afresh.
struct VerifyRun {
  Lookthrough lookthrough;
  Operation *last = nullptr;
};
thread_local VerifyRun verifyRun;

VerifyRun &runFor(Operation *op) {
  Operation *prev = op->getBlock() ? op->getPrevNode() : nullptr; // a detached op has no order
  while (prev && !isa_and_nonnull<CuteDialect>(prev->getDialect()))
    prev = prev->getPrevNode();
  if (!prev || prev != verifyRun.last)
    verifyRun.lookthrough.clear();
  verifyRun.last = nullptr;
  return verifyRun;
}

/// How many ops a fold may look through.
constexpr size_t kFoldLookthroughBudget = 64;

} // namespace

namespace {

// --- builders ---------------------------------------------------------------------------

FailureOr<Inferred> inferTupleBuilder(const Reporter &r, const std::vector<Known> &ks) {
  for (size_t i = 0; i < ks.size(); ++i)
    if (!ks[i].isLeaf() && !isTupleKind(ks[i].type))
      return r.error() << "expects index, integer or int tuple elements, but element #" << i << " is " << ks[i].type;
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

FailureOr<Inferred> inferMakeTile(const Reporter &r, const std::vector<Known> &ks) {
  for (size_t i = 0; i < ks.size(); ++i)
    if (!ks[i].isLeaf() && !isa<ShapeType, IntTupleType, LayoutType, TileType>(ks[i].type))
      return r.error() << "expects extents, shapes, layouts or tiles, but element #" << i << " is " << ks[i].type;
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

LogicalResult checkShapeOperand(const Reporter &r, const Known &shape) {
  if (!isa<ShapeType, IntTupleType>(shape.type))
    return r.error() << "expects a shape or an int tuple as the shape, but got " << shape.type;
  return success();
}

FailureOr<Inferred> inferMakeLayout(const Reporter &r, const std::vector<Known> &ks) {
  const Known &shape = ks[0];
  if (failed(checkShapeOperand(r, shape)))
    return failure();
  if (ks.size() == 1) {
    if (!shape.value.hasValue())
      return ofRankOf(shape.value);
    return ofValue(TypeValue::ofLayout(cutelayout::makeLayout(shape.value.tuple())));
  }
  const Known &stride = ks[1];
  if (!isa<StrideType, IntTupleType>(stride.type))
    return r.error() << "expects a stride or an int tuple as the stride, but got " << stride.type;
  bool ranksKnown = shape.knowsRank() && stride.knowsRank();
  if (ranksKnown && shape.value.rank() != stride.value.rank())
    return r.error() << "expects shape and stride of the same rank, but got " << shape.type << " and " << stride.type;
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

/// R7: the shape with make_basis_like's strides, `(4,2)` -> `(4,2):(1@0,1@1)`.
FailureOr<Inferred> inferIdentityTensor(const Reporter &r, const Known &shape) {
  if (failed(checkShapeOperand(r, shape)))
    return failure();
  if (!shape.value.hasValue())
    return ofRankOf(shape.value);
  cutelayout::Expected<cutelayout::Layout> identity = cutelayout::makeBasisLayout(shape.value.tuple());
  if (!identity)
    return r.error() << "cannot build the identity tensor of " << shape.type << ": " << identity.error().message;
  return ofValue(TypeValue::ofLayout(*identity));
}

FailureOr<Inferred> inferOrderedLayout(const Reporter &r, const std::vector<Known> &ks) {
  const Known &shape = ks[0], &order = ks[1];
  if (failed(checkShapeOperand(r, shape)))
    return failure();
  if (!isTupleKind(order.type))
    return r.error() << "expects an int tuple as the order, but got " << order.type;
  if (!shape.value.hasValue())
    return ofRankOf(shape.value);
  const IntTuple &s = shape.value.tuple();
  if (!order.value.hasValue() || !cutelayout::isStatic(order.value.tuple())) {
    // A runtime order decides the strides at run time: nothing about them is known.
    IntTuple unknown = cutelayout::mapLeaves(s, [](Int) { return Int::dynamic(cutelayout::kUnknownDynamic); });
    return ofValue(TypeValue::ofLayout(cutelayout::Layout{s, unknown}));
  }
  cutelayout::Expected<cutelayout::Layout> l = cutelayout::makeOrderedLayout(s, order.value.tuple());
  if (!l)
    return r.error() << "unable to make an ordered layout: " << l.error().message;
  return ofValue(TypeValue::ofLayout(*l));
}

// --- queries ----------------------------------------------------------------------------

const char *kLayoutOrView = "expects `input` to be a layout or a view, got ";

FailureOr<Inferred> inferGetPart(Operation *op, const Reporter &r, const Known &in) {
  if (isa<GetShapeOp>(op) && isa<TileType>(in.type)) // CuTe's shape of a tile
    return in.value.hasValue() ? ofValue(TypeValue::ofTuple(cutelayout::shape(in.value.tiler()))) : ofRankOf(in.value);
  if (!isa<LayoutType>(in.type))
    return r.error() << kLayoutOrView << in.type;
  const TypeValue &v = in.value;
  if (!v.hasValue())
    return ofRankOf(v);
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
  bool isTuple = isTupleKind(in.type);
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
                     << (isCosize ? "] is invalid for input type " : "] has invalid values for input type ") << in.type;
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
                     << in.type << " and mode [" << modeText(mode) << "]: " << scope.error("size").message;
  return ofIndex(result);
}

/// docs/semantics.md, R15, and verify_mode_list: every mode in [0, rank), none twice. Checked
/// without allocating by the rank, which a rank-only type may make large.
bool validModeList(ArrayRef<int32_t> modes, unsigned rank) {
  SmallVector<int32_t> sorted(modes.begin(), modes.end());
  llvm::sort(sorted);
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] < 0 || uint64_t(sorted[i]) >= rank || (i > 0 && sorted[i] == sorted[i - 1]))
      return false;
  return true;
}

FailureOr<Inferred> inferSelect(const Reporter &r, const Known &in, ArrayRef<int32_t> modes) {
  const TypeValue &v = in.value;
  bool isLayout = isa<LayoutType>(in.type);
  if (!isLayout && !isTupleKind(in.type) && !isa<TileType>(in.type))
    return r.error() << "expects view or layout type, but got " << in.type;
  if (v.form() == TypeValue::Form::Kind)
    return ofValue(TypeValue::ofRank(modes.size()));
  if (!validModeList(modes, v.rank()))
    return r.error() << "Invalid results for select(). Modes: [" << modeText(modes) << "]";
  if (!v.hasValue())
    return ofValue(TypeValue::ofRank(modes.size()));
  if (isa<TileType>(in.type)) { // CuTe's select of a tile: the tile of those elements
    cutelayout::Tiler t = v.tiler();
    std::vector<cutelayout::Tiler> picked;
    for (int32_t m : modes)
      picked.push_back(t.child(uint32_t(m)));
    return ofValue(TypeValue::ofTiler(cutelayout::makeTile(picked.data(), uint32_t(picked.size()))));
  }
  // The modes of each tuple, gathered once: picking them is then linear, not rank * modes.
  auto pick = [&](TupleView t) {
    SmallVector<TupleView> kids;
    for (TupleView c : t)
      kids.push_back(c);
    TupleBuilder b;
    b.open();
    for (int32_t m : modes)
      b.add(kids[m]);
    b.close();
    return b.finish();
  };
  if (isLayout)
    return ofValue(TypeValue::ofLayout(cutelayout::Layout{pick(v.layout().shape), pick(v.layout().stride)}));
  return ofValue(TypeValue::ofTuple(pick(v.tuple())));
}

FailureOr<Inferred> inferGroupModes(const Reporter &r, const Known &in, int32_t begin, int32_t end) {
  if (!isa<LayoutType>(in.type))
    return r.error() << "expects view or layout type, but got " << in.type;
  const TypeValue &v = in.value;
  if (v.form() == TypeValue::Form::Kind)
    return ofValue(TypeValue::kindOnly());
  // 64-bit arithmetic: a rank near 2^32 neither wraps nor goes negative.
  int64_t rank = v.rank();
  int64_t nb = begin < 0 ? begin + rank : begin;
  int64_t ne = end < 0 ? end + rank : end;
  if (nb < 0 || nb >= rank)
    return r.error() << "expects begin in the range of [-rank , rank-1], but got begin [" << begin << "] and rank ["
                     << rank << "]";
  if (ne < 0 || ne > rank)
    return r.error() << "expects end in the range of [-rank+1 , rank], but got end [" << end << "] and rank [" << rank
                     << "]";
  if (nb >= ne)
    return r.error() << "expects begin < end, but got begin [" << begin << "] ([" << nb << "]) and end [" << end
                     << "] ([" << ne << "])";
  if (!v.hasValue())
    return ofValue(TypeValue::ofRank(unsigned(rank - (ne - nb) + 1)));
  cutelayout::Expected<cutelayout::Layout> l = cutelayout::group(v.layout(), uint32_t(nb), uint32_t(ne));
  if (!l)
    return r.error() << "unable to infer return type with inputs " << in.type << ": " << l.error().message;
  return ofValue(TypeValue::ofLayout(*l));
}

// --- coordinates ------------------------------------------------------------------------

} // namespace

namespace {
/// The first static coordinate leaf outside the static extent it indexes, as "mode [i,j]
/// is x, outside the extent n" (R11). @pre there is one
std::string outOfRange(TupleView coord, TupleView shape) {
  std::string found;
  std::vector<uint32_t> path;
  std::function<bool(TupleView, TupleView)> walk = [&](TupleView cv, TupleView sv) {
    if (cv.isInt()) {
      Int v = cv.asInt(), n = cutelayout::product(sv);
      if (v.isStatic && n.isStatic && (v.value < 0 || v.value >= n.value)) {
        std::string where;
        for (size_t i = 0; i < path.size(); ++i)
          where += (i ? "," : "") + std::to_string(path[i]);
        found = "mode [" + where + "] is " + std::to_string(v.value) + ", outside the extent " +
                std::to_string(n.value) +
                " (RESOLUTIONS R11: CuTe computes such an offset at run time; the "
                "verifier refuses a static coordinate outside a static extent)";
        return true;
      }
      return false;
    }
    if (!cv.isTuple() || !sv.isTuple())
      return false;
    for (uint32_t i = 0; i < cv.rank() && i < sv.rank(); ++i) {
      path.push_back(i);
      if (walk(cv.child(i), sv.child(i)))
        return true;
      path.pop_back();
    }
    return false;
  };
  walk(coord, shape);
  return found;
}
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
    // Print what is known (values the types leave open come from the defining ops), then
    // which mode is out of its extent.
    return r.error() << "Failed to dice " << withValue(layout.type, l) << " with " << withValue(coord.type, c) << ": "
                     << outOfRange(c.tuple(), l.tuple());
  }
  return success();
}

namespace {

FailureOr<Inferred> inferCrd2Idx(const Reporter &r, const Known &coord, const Known &layout) {
  // The local_tile ladder that crd2idx shares (the specification's verifiers): coordinate kind, rank, input kind, dice.
  if (!coord.isLeaf() && !isa<CoordType, IntTupleType>(coord.type))
    return r.error() << "unexpected coordinate type, got " << coord.type;
  if (!layout.isLayout())
    return r.error() << "expected a view as an input but got " << layout.type;
  if (failed(checkCoordinate(r, coord, layout)))
    return failure();
  // A layout with scaled-basis strides maps a coordinate to a coordinate (Basis.h): the
  // result is a !cute.coord, and an index result is refused (and the other way round).
  bool wantsCoord = isa<CoordType>(r.op->getResult(0).getType());
  bool basis = layout.value.hasValue() && cutelayout::hasBasis(layout.value.layout().stride);
  if (layout.value.hasValue() && basis != wantsCoord)
    return r.error() << "expects a result of type " << (basis ? "!cute.coord" : "index") << " for " << layout.type
                     << (basis ? " (its strides are scaled bases: its value is a coordinate)"
                               : " (its strides are integers: its value is an index)")
                     << ", but got " << r.op->getResult(0).getType();
  if (!layout.value.hasValue() || (coord.isCute() && !coord.value.hasValue()))
    return wantsCoord ? ofValue(TypeValue::kindOnly()) : ofIndex(Int::dynamic(cutelayout::kUnknownDynamic));
  IntTuple c = coord.isCute() ? coord.value.tuple() : IntTuple(coord.leaf);
  cutelayout::ArithScope scope;
  const cutelayout::Layout l = layout.value.layout();
  cutelayout::Expected<IntTuple> x = cutelayout::crd2idxGeneral(c, l.shape, l.stride);
  if (!x || scope.failed())
    return r.error() << "Failed to dice " << layout.type << " with " << coord.type << ": "
                     << (!x ? x.error().message : scope.error("crd2idx").message);
  return basis ? ofValue(TypeValue::ofTuple(*x)) : ofIndex(x->asInt());
}

FailureOr<Inferred> inferIdx2Crd(const Reporter &r, const Known &index, const Known &shape) {
  if (!index.isLeaf() && !isa<CoordType, IntTupleType>(index.type))
    return r.error() << "expects an index or a coordinate, but got " << index.type;
  if (failed(checkShapeOperand(r, shape)))
    return failure();
  if (!shape.value.hasValue() || (index.isCute() && !index.value.hasValue()))
    return ofRankOf(shape.value);
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
  const cutelayout::Node *n = t.nodes();
  uint32_t leaf = 0;
  for (uint32_t i = 0; i < t.span(); ++i) {
    if (n[i].kind == cutelayout::NodeKind::Tuple)
      continue;
    if (n[i].kind == cutelayout::NodeKind::Int && n[i].isStatic && n[i].value == 0)
      return leaf;
    ++leaf;
  }
  return std::nullopt;
}

/// CuTe's ceil_div of a shape by a layout (the rest modes of a divide) or by a tile.
FailureOr<Inferred> inferCeilDivByTiler(const Reporter &r, const Known &lhs, const Known &rhs) {
  if (!isTupleKind(lhs.type))
    return r.error() << "input type [" << lhs.type << "] has invalid values.";
  if (!lhs.value.hasValue() || !rhs.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  cutelayout::Tiler t = isa<TileType>(rhs.type) ? rhs.value.tiler() : cutelayout::tilerFromLayout(rhs.value.layout());
  cutelayout::Expected<IntTuple> result = cutelayout::ceilDiv(lhs.value.tuple(), t);
  if (!result)
    return r.error() << "unable to compute size for input " << lhs.type << " and mode [0]: " << result.error().message;
  return ofValue(TypeValue::ofTuple(*result));
}

FailureOr<Inferred> inferTupleArith(Operation *op, const Reporter &r, const Known &lhs, const Known &rhs) {
  Type lhsType = lhs.type, rhsType = rhs.type;
  if (isa<CeilDivOp>(op) && isa<LayoutType, TileType>(rhsType))
    return inferCeilDivByTiler(r, lhs, rhs);
  if (isa<CeilDivOp>(op) && isTupleKind(lhsType) && isTupleKind(rhsType))
    rhsType = lhsType; // CuTe divides a shape by any int tuple; the result is the shape's kind
  if (!isTupleKind(lhsType) || lhsType.getTypeID() != rhsType.getTypeID())
    return r.error() << "input type [" << lhs.type << "] has invalid values.";
  for (const Known *k : {&lhs, &rhs}) // CuTe has no arithmetic on `_`
    if (k->value.hasValue() && cutelayout::hasUnderscore(k->value.tuple()))
      return r.error() << "expects an input without `_` leaves, got " << k->type;
  bool isDivMod = isa<TupleDivOp, TupleModOp>(op);
  if (isDivMod && rhs.value.hasValue())
    if (std::optional<uint32_t> z = firstZero(rhs.value.tuple()))
      return r.error() << "mode [" << *z << "] has invalid values for input type " << lhs.type;
  if (!lhs.value.hasValue() || !rhs.value.hasValue())
    return ofRankOf(lhs.value);
  TupleView a = lhs.value.tuple(), b = rhs.value.tuple();
  cutelayout::ArithScope scope;
  cutelayout::Expected<IntTuple> result =
      llvm::TypeSwitch<Operation *, cutelayout::Expected<IntTuple>>(op)
          .Case([&](TupleAddOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Add, a, b); })
          .Case([&](TupleSubOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Sub, a, b); })
          .Case([&](TupleMulOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Mul, a, b); })
          .Case([&](TupleDivOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Div, a, b); })
          .Case([&](TupleModOp) { return cutelayout::tupleArith(cutelayout::TupleOp::Mod, a, b); })
          .Case([&](ShapeDivOp) { return cutelayout::shapeDiv(a, b); })
          .Default([&](Operation *) { return cutelayout::ceilDiv(a, b); });
  if (!result || scope.failed())
    return r.error() << "unable to compute size for input " << lhs.type << " and mode [0]: "
                     << (!result ? result.error().message : scope.error(op->getName().stripDialect().data()).message);
  return ofValue(TypeValue::ofTuple(*result));
}

// --- structure --------------------------------------------------------------------------

/// The operand counts ODS allows (min, max); inference checks them itself, because it
/// also runs on definitions that are not verified yet.
std::pair<unsigned, unsigned> arity(Operation *op) {
  constexpr unsigned kAny = ~0u;
  return llvm::TypeSwitch<Operation *, std::pair<unsigned, unsigned>>(op)
      .Case<ConstantOp, MakeSwizzleOp>([](auto) { return std::make_pair(0u, 0u); })
      .Case<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp, MakeTupleOp, MakeTileOp>(
          [&](auto) { return std::make_pair(0u, kAny); })
      .Case<MakeLayoutOp, CoalesceOp, FilterZerosOp, ComplementOp, CompactColMajorOp, CompactRowMajorOp,
            CompactMajorOp>([](auto) { return std::make_pair(1u, 2u); })
      .Case<MakeIdentityLayoutOp, MakeIdentityTensorOp, GetShapeOp, GetStrideOp, GetLayoutOp, SizeOp, CosizeOp, RankOp,
            DepthOp, SelectOp, GroupModesOp, ToIntTupleOp, FilterOp, RightInverseOp, LeftInverseOp, RecastLayoutOp,
            MakeFragmentLikeOp, FlattenOp, TakeOp, GetOp, UpcastOp, DowncastOp, ProductEachOp, MakeLayoutLikeOp,
            ToShapeOp, ToStrideOp, ToCoordOp, GetOuterOp, GetOffsetOp, GetInnerOp, AppendToRankOp, PrependToRankOp,
            GetSwizzlePortionOp, GetNonSwizzlePortionOp>([](auto) { return std::make_pair(1u, 1u); })
      .Case<MakeComposedLayoutOp>([](auto) { return std::make_pair(3u, 3u); })
      .Case<LocalTileOp, LocalPartitionOp>([](auto) { return std::make_pair(3u, 4u); })
      .Case<TiledPartitionOp>([](auto) { return std::make_pair(3u, 3u); })
      .Case<TileToShapeOp>([](auto) { return std::make_pair(2u, 3u); })
      .Default([](Operation *) { return std::make_pair(2u, 2u); });
}

/// Operand count, one result, required attributes present and of their kind, integer
/// leaves of at most 64 bits: everything the inference reads without checking again.
LogicalResult checkStructure(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  auto [lo, hi] = arity(op);
  if (ks.size() < lo || ks.size() > hi)
    return r.error() << "expects " << (lo == hi ? std::to_string(lo) : std::to_string(lo) + " or " + std::to_string(hi))
                     << " operands, but got " << ks.size();
  if (op->getNumResults() != 1)
    return r.error() << "expects one result, but got " << op->getNumResults();
  auto required = [&](StringRef name, bool present, StringRef kind) -> LogicalResult {
    if (present)
      return success();
    return r.error() << "expects the attribute `" << name << "` (" << kind << ")";
  };
  if (isa<SelectOp>(op) && failed(required("modes", bool(attrOf<DenseI32ArrayAttr>(op, "modes")), "array<i32>")))
    return failure();
  auto isI32 = [&](StringRef name) {
    IntegerAttr a = attrOf<IntegerAttr>(op, name);
    return a && a.getType().isSignlessInteger(32);
  };
  if (isa<GroupModesOp>(op) &&
      (failed(required("begin", isI32("begin"), "i32")) || failed(required("end", isI32("end"), "i32"))))
    return failure();
  if (isa<RecastLayoutOp>(op) && (failed(required("old_type", bool(attrOf<TypeAttr>(op, "old_type")), "a type")) ||
                                  failed(required("new_type", bool(attrOf<TypeAttr>(op, "new_type")), "a type"))))
    return failure();
  if (isa<TiledPartitionOp, MmaMakeFragmentOp>(op) &&
      failed(required("operand", bool(attrOf<StringAttr>(op, "operand")), "a string")))
    return failure();
  for (size_t i = 0; i < ks.size(); ++i)
    if (auto it = dyn_cast<IntegerType>(ks[i].type); it && it.getWidth() > 64)
      return r.error() << "expects integer leaves of at most 64 bits, but operand #" << i << " is " << it;
  return success();
}

/// The result's kind, for ops whose result is "the input's kind".
LogicalResult checkResultKind(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  if (!isa<SelectOp, GroupModesOp, TupleAddOp, TupleSubOp, TupleMulOp, TupleDivOp, TupleModOp, ShapeDivOp, CeilDivOp>(
          op))
    return success();
  auto in = dyn_cast<CuteTypeInterface>(ks[0].type);
  auto out = dyn_cast<CuteTypeInterface>(op->getResult(0).getType());
  if (in && out && in.getKind() == out.getKind())
    return success();
  // A view's select and group_modes are views of the same kind (the layout op on the
  // view's layout, the iterator kept); inference checks the rest of the type.
  Type result = op->getResult(0).getType();
  if (isa<SelectOp, GroupModesOp>(op) && isa<CuteMemRefType, CoordTensorType>(ks[0].type) &&
      Type(ks[0].type).getTypeID() == result.getTypeID())
    return success();
  return r.error() << "expects a result of the input's kind (" << ks[0].type << "), but got "
                   << op->getResult(0).getType();
}

} // namespace

FailureOr<Inferred> mlir::cute::detail::inferOp(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  if (std::optional<FailureOr<Inferred>> onView = inferOnView(op, r, ks))
    return *onView;
  if (std::optional<FailureOr<Inferred>> onComposed = inferOnComposed(op, r, ks))
    return *onComposed;
  return llvm::TypeSwitch<Operation *, FailureOr<Inferred>>(op)
      .Case([&](ConstantOp c) -> FailureOr<Inferred> {
        TypeAttr value = attrOf<TypeAttr>(op, "value");
        Type t = value ? value.getValue() : c.getType();
        auto cute = dyn_cast<CuteTypeInterface>(t);
        if (!cute || !cute.getTypeValue().isStatic() || t.getTypeID() != c.getType().getTypeID())
          return r.error() << "expects a static value of the result's kind, got " << t;
        return ofValue(cute.getTypeValue());
      })
      .Case<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp, MakeTupleOp>(
          [&](Operation *) { return inferTupleBuilder(r, ks); })
      .Case([&](MakeTileOp) { return inferMakeTile(r, ks); })
      .Case<MakeLayoutOp, MakeLayoutRawOp, MakeIdentityLayoutOp>([&](Operation *) { return inferMakeLayout(r, ks); })
      .Case([&](MakeIdentityTensorOp) { return inferIdentityTensor(r, ks[0]); })
      .Case([&](MakeOrderedLayoutOp) { return inferOrderedLayout(r, ks); })
      .Case<GetShapeOp, GetStrideOp, GetLayoutOp>([&](Operation *o) { return inferGetPart(o, r, ks[0]); })
      .Case<SizeOp, CosizeOp, RankOp, DepthOp>([&](Operation *o) {
        DenseI32ArrayAttr mode = attrOf<DenseI32ArrayAttr>(o, "mode");
        return inferIndexQuery(o, r, ks[0], mode ? mode.asArrayRef() : ArrayRef<int32_t>());
      })
      .Case([&](SelectOp o) { return inferSelect(r, ks[0], attrOf<DenseI32ArrayAttr>(o, "modes").asArrayRef()); })
      .Case([&](GroupModesOp o) {
        int32_t begin = int32_t(attrOf<IntegerAttr>(o, "begin").getValue().getSExtValue());
        int32_t end = int32_t(attrOf<IntegerAttr>(o, "end").getValue().getSExtValue());
        return inferGroupModes(r, ks[0], begin, end);
      })
      .Case([&](Crd2IdxOp) { return inferCrd2Idx(r, ks[0], ks[1]); })
      .Case([&](Idx2CrdOp) { return inferIdx2Crd(r, ks[0], ks[1]); })
      .Case<TupleAddOp, TupleSubOp, TupleMulOp, TupleDivOp, TupleModOp, ShapeDivOp, CeilDivOp>(
          [&](Operation *o) { return inferTupleArith(o, r, ks[0], ks[1]); })
      .Case([&](ToIntTupleOp) -> FailureOr<Inferred> {
        if (!isTupleKind(ks[0].type))
          return r.error() << "expects a shape, stride, coordinate or int tuple, but got " << ks[0].type;
        if (ks[0].value.hasValue() && cutelayout::hasUnderscore(ks[0].value.tuple()))
          return r.error() << "expects an input without `_` leaves, got " << ks[0].type;
        return ofValue(ks[0].value);
      })
      .Case([&](MakeComposedLayoutOp) { return inferMakeComposedLayout(r, ks); })
      .Case([&](MakeViewOp) { return inferMakeView(r, ks); })
      .Case([&](TiledPartitionOp) { return inferTiledPartition(op, r, ks); })
      .Case([&](MmaMakeFragmentOp) { return inferMmaFragment(op, r, ks); })
      .Default([&](Operation *o) { return inferAlgebraOp(o, r, ks); });
}

namespace {
bool hasFacts(const std::vector<Known> &ks) {
  for (const Known &k : ks)
    if (k.divisor > 1 || (k.hasTypeValue() && !k.value.divisors().empty()))
      return true;
  return false;
}

/// Divisibility facts (docs/lowering.md#divisibility-facts): when an operand carries some,
/// or the op partitions a swizzled view (whose runtime strides are multiples the swizzle
/// fixes), the op's inference runs again on trace symbols; a condition the facts refute is
/// an error, and the result's runtime leaves get the divisors the facts imply.
LogicalResult applyFacts(Operation *op, const Reporter &r, const std::vector<Known> &ks, Inferred &inferred) {
  // Inside a trace (the lowering, after verification) the facts were derived and checked
  // already; running the inference again on nested symbols would only repeat that.
  if ((!hasFacts(ks) && !partitionsComposedView(op, ks)) || cutelayout::detail::tracing())
    return success();
  cutelayout::Trace trace;
  std::vector<int64_t> facts;
  std::vector<Known> symbols = symbolize(ks, trace, facts);
  FailureOr<Inferred> traced = [&]() -> FailureOr<Inferred> {
    cutelayout::TraceScope on(trace);
    cutelayout::ArithScope scope;
    FailureOr<Inferred> t = inferOp(op, Reporter{op, false}, symbols);
    if (scope.failed())
      return failure();
    return t;
  }();
  if (failed(traced))
    return success(); // nothing more is known
  std::vector<int64_t> d = trace.divisors(facts);
  for (const cutelayout::Trace::Check &c : trace.checks())
    if (!c.holds.isStatic && trace.isSymbol(c.holds.value) &&
        trace.decide(trace.node(c.holds.value), d) == cutelayout::Trace::Verdict::Fails)
      return r.error() << "the divisibility facts of the operands refute a condition CuTe requires: " << c.what;
  if (inferred.isIndex || traced->isIndex || !inferred.value.hasValue() || !traced->value.hasValue())
    return success();
  std::vector<Int> leaves = traced->value.leaves();
  std::vector<int64_t> divisors(leaves.size(), 1);
  for (size_t k = 0; k < leaves.size(); ++k)
    if (!leaves[k].isStatic && trace.isSymbol(leaves[k].value))
      divisors[k] = std::max<int64_t>(d[trace.node(leaves[k].value)], 1);
  if (divisors.size() == inferred.value.leaves().size())
    inferred.value = inferred.value.withDivisors(std::move(divisors));
  return success();
}
} // namespace

namespace {
/// The type of op's result, or its layout's type for a view.
Type resultLayoutType(Operation *op) {
  Type t = op->getResult(0).getType();
  if (auto view = dyn_cast<CuteMemRefType>(t))
    return view.getLayout();
  if (auto view = dyn_cast<CoordTensorType>(t))
    return view.getLayout();
  return t;
}
} // namespace

FailureOr<Inferred> mlir::cute::detail::infer(Operation *op, const Reporter &r, const std::vector<Known> &ks) {
  if (failed(checkStructure(op, r, ks)))
    return failure();
  // Every core call below runs in this scope: an int64 overflow anywhere (even in a core
  // function that returns a plain value) fails the op instead of leaving a wrapped value.
  // An op that reports its own error keeps it (its spec words come first, and the core
  // names an overflow in its message); an overflow nothing reported fails the op here
  // instead of leaving a wrapped value.
  cutelayout::ArithScope scope;
  // A `?` leaf has no value: CuTe's static-only conditions apply to static leaves alone (R18).
  cutelayout::UnknownDynamicValues unknown;
  FailureOr<Inferred> inferred = inferOp(op, r, ks);
  if (failed(inferred))
    return failure();
  if (scope.failed())
    return r.error() << "cannot compute the result: " << scope.error(op->getName().stripDialect().data()).message;
  if (failed(checkResultKind(op, r, ks)))
    return failure();
  if (failed(applyFacts(op, r, ks, *inferred)))
    return failure();
  if (inferred->isIndex)
    return inferred;
  auto written = dyn_cast_or_null<CuteTypeInterface>(resultLayoutType(op));
  if (!written) // a result type ODS rejects (the op is not verified yet)
    return r.error() << "expects a cute result type, but got " << op->getResult(0).getType();
  std::string why = kindValueViolation(written.getKind(), inferred->value);
  if (!why.empty())
    return r.error() << "cannot produce the result: " << why;
  // Values past the type syntax's limits stay as rank (or kind): nothing deeper is
  // tracked, so folds never write a type that cannot be read back.
  if (!isRepresentable(inferred->value)) {
    const TypeValue &v = inferred->value;
    inferred->value =
        v.form() != TypeValue::Form::Kind && v.rank() <= kMaxRank ? TypeValue::ofRank(v.rank()) : TypeValue::kindOnly();
  }
  return inferred;
}

FailureOr<Type> mlir::cute::inferResultType(Operation *op, bool emit) {
  std::vector<Known> ks;
  ks.reserve(op->getNumOperands());
  for (Value v : op->getOperands())
    ks.push_back(typeFacts(v));
  FailureOr<Inferred> inferred = infer(op, Reporter{op, emit}, ks);
  if (failed(inferred))
    return failure();
  if (inferred->isIndex) // index, or i1 for the comparisons
    return isa<IntegerType>(op->getResult(0).getType()) ? op->getResult(0).getType()
                                                        : Type(IndexType::get(op->getContext()));
  if (inferred->iterator) {
    Type layout = withValue(resultLayoutType(op), inferred->value);
    if (!isa<LayoutType, ComposedLayoutType, SwizzleType>(layout))
      layout = withValue(LayoutType::get(op->getContext(), TypeValue::kindOnly()), inferred->value);
    if (auto ptr = dyn_cast<PtrType>(inferred->iterator))
      return Type(CuteMemRefType::get(op->getContext(), ptr.getElementType(), ptr.getAddressSpace(), ptr.getAlignment(),
                                      layout));
    return Type(CoordTensorType::get(op->getContext(), inferred->iterator, layout));
  }
  return withValue(resultLayoutType(op), inferred->value);
}

namespace {
/// A view input gives a view result over the pointer inference gives (its element type and
/// address space; an alignment no greater than the pointer is known to keep), and a layout
/// input a layout result.
LogicalResult checkViewResult(Operation *op, const Inferred &inferred) {
  Type result = op->getResult(0).getType();
  bool isView = isa<CuteMemRefType, CoordTensorType>(result);
  if (!inferred.iterator) {
    if (isView)
      return op->emitOpError("expects a layout result for a layout input, but got the view ") << result;
    return success();
  }
  if (auto ptr = dyn_cast<PtrType>(inferred.iterator)) {
    auto view = dyn_cast<CuteMemRefType>(result);
    if (!view)
      return op->emitOpError("expects a view result (!cute.memref) for a view input, but got ") << result;
    bool allocated = isa<MakeFragmentLikeOp, MmaMakeFragmentOp>(op); // a new fragment is aligned as its type says
    if (view.getElementType() != ptr.getElementType() || view.getAddressSpace() != ptr.getAddressSpace() ||
        (!allocated && view.getAlignment() > ptr.getKnownAlignment()))
      return op->emitOpError("expects a view over ") << ptr << ", but got " << view;
    return success();
  }
  auto view = dyn_cast<CoordTensorType>(result);
  if (!view)
    return op->emitOpError("expects a coordinate tensor result (!cute.coord_tensor) for a coordinate tensor input, "
                           "but got ")
           << result;
  auto written = cast<CuteTypeInterface>(view.getIterator());
  auto inferredIt = cast<CuteTypeInterface>(inferred.iterator);
  if (written.getKind() != inferredIt.getKind() ||
      !isCompatible(written.getTypeValue(), inferredIt.getTypeValue(), written.getKind()))
    return op->emitOpError("expects a coordinate tensor at ") << inferred.iterator << ", but got " << view;
  return success();
}
} // namespace

LogicalResult mlir::cute::verifyCuteOp(Operation *op) {
  if (Attribute mark = op->getAttr(kReportedAtParse)) {
    auto token = dyn_cast<IntegerAttr>(mark);
    if (token && token.getType().isInteger(64) && token.getInt() == reportedAtParseToken())
      return failure(); // its error is reported (CuteSyntax.cpp)
    return op->emitOpError("has the attribute `") << kReportedAtParse << "`, which only the parser sets";
  }
  VerifyRun &run = runFor(op);
  std::vector<Known> ks;
  ks.reserve(op->getNumOperands());
  for (Value v : op->getOperands())
    ks.push_back(run.lookthrough.knowledgeOf(v));
  FailureOr<Inferred> inferred = infer(op, Reporter{op, true}, ks);
  if (failed(inferred))
    return failure();
  if (!inferred->isIndex) {
    if (failed(checkViewResult(op, *inferred)))
      return failure();
    auto written = cast<CuteTypeInterface>(resultLayoutType(op));
    if (!isCompatible(written.getTypeValue(), inferred->value, written.getKind())) {
      Type expected = withValue(written, inferred->value);
      if (auto view = dyn_cast<CuteMemRefType>(op->getResult(0).getType()))
        return op->emitOpError("result type ")
               << view << " does not match the inferred type " << view.withLayoutValue(inferred->value);
      if (auto view = dyn_cast<CoordTensorType>(op->getResult(0).getType()))
        return op->emitOpError("result type ") << view << " does not match the inferred type "
                                               << CoordTensorType::get(op->getContext(), view.getIterator(), expected);
      if (isa<GroupModesOp>(op))
        return op->emitOpError("unable to infer return type with inputs ")
               << op->getOperand(0).getType() << ": inferred " << expected << " but the result type is " << written;
      return op->emitOpError("result type ") << written << " does not match the inferred type " << expected;
    }
    run.lookthrough.remember(op, inferred->value);
  }
  run.last = op;
  return success();
}

namespace {
/// Whether the op, computed on its runtime leaves, meets a condition the lowered code checks
/// at run time (R18, R19; docs/lowering.md#runtime-checks): a static result of runtime
/// operands is then not folded, so the lowering keeps the check.
bool checksAtRunTime(Operation *op, const std::vector<Known> &ks) {
  bool runtime = false;
  for (const Known &k : ks)
    runtime = runtime || (k.hasTypeValue() ? !k.value.dynamicDivisors().empty() : k.isLeaf() && !k.leaf.isStatic);
  if (!runtime || cutelayout::detail::tracing())
    return false;
  cutelayout::Trace trace;
  std::vector<int64_t> facts;
  std::vector<Known> symbols = symbolize(ks, trace, facts);
  cutelayout::TraceScope on(trace);
  cutelayout::ArithScope scope;
  return failed(inferOp(op, Reporter{op, false}, symbols)) || scope.failed() || !trace.checks().empty();
}
} // namespace

TypeValue mlir::cute::detail::knownValue(Value v) { return Lookthrough().knowledgeOf(v).value; }

OpFoldResult mlir::cute::foldCuteOp(Operation *op, ArrayRef<Attribute>) {
  Lookthrough lookthrough(kFoldLookthroughBudget);
  std::vector<Known> ks;
  ks.reserve(op->getNumOperands());
  for (Value v : op->getOperands())
    ks.push_back(lookthrough.knowledgeOf(v));
  FailureOr<Inferred> inferred = infer(op, Reporter{op, false}, ks);
  if (failed(inferred))
    return {};
  if (inferred->isIndex) {
    if (!inferred->index.isStatic)
      return {};
    return IntegerAttr::get(op->getResult(0).getType(), inferred->index.value); // index, or i1
  }
  // Only an exact, static, representable value that the written type admits is folded;
  // never a view (its pointer is a runtime value).
  if (inferred->iterator || isa<CuteMemRefType, CoordTensorType>(op->getResult(0).getType()))
    return {};
  auto written = cast<CuteTypeInterface>(op->getResult(0).getType());
  if (!inferred->value.isStatic() || !isRepresentable(inferred->value) ||
      !isCompatible(written.getTypeValue(), inferred->value, written.getKind()) || checksAtRunTime(op, ks))
    return {};
  return TypeAttr::get(withValue(written, inferred->value));
}
