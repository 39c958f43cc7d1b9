// Views (docs/dialect.md#views): the pointer and memref types, the view forms of the
// layout ops (the op runs on the view's layout and the result is a view over the same
// pointer, moved where CuTe's tensor algebra moves it), and the pointer and memory ops.
//
//   !cute.ptr<f32, gmem>                                 a pointer; `align<16>` when known
//   !cute.memref<f16, smem, align<16>, !cute.layout<(8,64):(64,1)>>    a view
//
// A view's value is its layout's: the verifiers, folds and look-through see the layout,
// and the pointer is the view's runtime part. Only the element type, the address space
// and the alignment the pointer is known to have are in the type.
#include "CuteInference.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Trace.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;
using cutelayout::Int;
using cutelayout::IntTuple;

// --- types ------------------------------------------------------------------------------

StringRef mlir::cute::addressSpaceName(AddressSpace space) {
  switch (space) {
  case AddressSpace::Generic:
    return "generic";
  case AddressSpace::Gmem:
    return "gmem";
  case AddressSpace::Smem:
    return "smem";
  case AddressSpace::Rmem:
    return "rmem";
  case AddressSpace::Tmem:
    return "tmem";
  }
  return "generic";
}

namespace {

/// The element's width in bits, or 0 for a type that is not an integer or a float.
unsigned elementBits(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth();
  return 0;
}

/// `elem, space [, align<N>]`: the part a pointer and a view share.
ParseResult parseIterator(AsmParser &p, Type &element, AddressSpace &space, int64_t &alignment) {
  StringRef keyword;
  llvm::SMLoc spaceLoc;
  if (p.parseType(element) || p.parseComma())
    return failure();
  spaceLoc = p.getCurrentLocation();
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<AddressSpace> s = llvm::StringSwitch<std::optional<AddressSpace>>(keyword)
                                      .Case("generic", AddressSpace::Generic)
                                      .Case("gmem", AddressSpace::Gmem)
                                      .Case("smem", AddressSpace::Smem)
                                      .Case("rmem", AddressSpace::Rmem)
                                      .Case("tmem", AddressSpace::Tmem)
                                      .Default(std::nullopt);
  if (!s)
    return p.emitError(spaceLoc, "expected an address space (gmem, smem, rmem, tmem or generic), got '")
           << keyword << "'";
  space = *s;
  alignment = 0;
  // `, align<N>` (a view's layout follows after a comma too).
  if (succeeded(p.parseOptionalComma())) {
    if (failed(p.parseOptionalKeyword("align")))
      return success(); // the comma belongs to what follows; see parseOptionalAlign's caller
    if (p.parseLess() || p.parseInteger(alignment) || p.parseGreater())
      return failure();
    return success();
  }
  return success();
}

void printIterator(AsmPrinter &p, Type element, AddressSpace space, int64_t alignment) {
  p << element << ", " << addressSpaceName(space);
  if (alignment)
    p << ", align<" << alignment << ">";
}

/// Any element type is allowed (CuTe's tensors hold any value type); loads and stores
/// check theirs.
LogicalResult verifyIterator(function_ref<InFlightDiagnostic()> emitError, int64_t alignment) {
  if (alignment < 0 || (alignment && !llvm::isPowerOf2_64(uint64_t(alignment))))
    return emitError() << "expects an alignment that is a power of two (in bytes), but got " << alignment;
  return success();
}

} // namespace

Type PtrType::parse(AsmParser &p) {
  Type element;
  AddressSpace space;
  int64_t alignment;
  if (p.parseLess() || parseIterator(p, element, space, alignment) || p.parseGreater())
    return Type();
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), element, space, alignment);
}

void PtrType::print(AsmPrinter &p) const {
  p << "<";
  printIterator(p, getElementType(), getAddressSpace(), getAlignment());
  p << ">";
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError, Type, AddressSpace, int64_t alignment) {
  return verifyIterator(emitError, alignment);
}

int64_t PtrType::getKnownAlignment() const {
  if (getAlignment())
    return getAlignment();
  return std::max<int64_t>(1, elementBits(getElementType()) / 8);
}

Type CuteMemRefType::parse(AsmParser &p) {
  Type element, layout;
  AddressSpace space;
  int64_t alignment;
  if (p.parseLess() || parseIterator(p, element, space, alignment))
    return Type();
  // After `align<N>` a comma still precedes the layout; without it, parseIterator took it.
  if (alignment && p.parseComma())
    return Type();
  if (p.parseType(layout) || p.parseGreater())
    return Type();
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), element, space, alignment, layout);
}

void CuteMemRefType::print(AsmPrinter &p) const {
  p << "<";
  printIterator(p, getElementType(), getAddressSpace(), getAlignment());
  p << ", " << getLayout() << ">";
}

LogicalResult CuteMemRefType::verify(function_ref<InFlightDiagnostic()> emitError, Type, AddressSpace,
                                     int64_t alignment, Type layout) {
  if (failed(verifyIterator(emitError, alignment)))
    return failure();
  if (!isa<LayoutType, ComposedLayoutType, SwizzleType>(layout))
    return emitError() << "expects a layout, a composed layout or a swizzle as the view's layout, but got " << layout;
  return success();
}

PtrType CuteMemRefType::getIterator() const {
  return PtrType::get(getContext(), getElementType(), getAddressSpace(), getAlignment());
}

const TypeValue &CuteMemRefType::getLayoutValue() const { return cast<CuteTypeInterface>(getLayout()).getTypeValue(); }

CuteMemRefType CuteMemRefType::withLayoutValue(const TypeValue &value) const {
  return CuteMemRefType::get(getContext(), getElementType(), getAddressSpace(), getAlignment(),
                             withValue(getLayout(), value));
}

Type CoordTensorType::parse(AsmParser &p) {
  Type iterator, layout;
  if (p.parseLess() || p.parseType(iterator) || p.parseComma() || p.parseType(layout) || p.parseGreater())
    return Type();
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), iterator, layout);
}

void CoordTensorType::print(AsmPrinter &p) const { p << "<" << getIterator() << ", " << getLayout() << ">"; }

LogicalResult CoordTensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type iterator, Type layout) {
  if (!isa<IntTupleType, CoordType>(iterator))
    return emitError() << "expects an int tuple or coordinate as the iterator, but got " << iterator;
  const TypeValue &it = cast<CuteTypeInterface>(iterator).getTypeValue();
  if (it.hasValue() && (cutelayout::hasUnderscore(it.tuple()) || cutelayout::hasBasis(it.tuple())))
    return emitError() << "expects an iterator of integers (no `_`, no scaled basis), but got " << iterator;
  if (!isa<LayoutType>(layout))
    return emitError() << "expects a layout as the coordinate tensor's layout, but got " << layout;
  return success();
}

const TypeValue &CoordTensorType::getIteratorValue() const {
  return cast<CuteTypeInterface>(getIterator()).getTypeValue();
}

const TypeValue &CoordTensorType::getLayoutValue() const { return cast<CuteTypeInterface>(getLayout()).getTypeValue(); }

namespace {
/// The core's iterator of a coordinate tensor: counting for a scalar, else an ArithTuple.
/// @pre value.hasValue()
cutelayout::TensorIterator coreIterator(const TypeValue &value) {
  return cutelayout::TensorIterator{value.tuple().isInt() ? cutelayout::TensorIterator::Kind::Counting
                                                          : cutelayout::TensorIterator::Kind::ArithTuple,
                                    value.tuple()};
}
} // namespace

// --- the view forms of layout ops -------------------------------------------------------

std::optional<unsigned> mlir::cute::detail::viewOperand(Operation *op) {
  if (isa<SliceOp, DiceOp, Crd2IdxOp, TiledPartitionOp>(op))
    return 1;
  if (isa<LocalTileOp, LocalPartitionOp, LogicalDivideOp, ZippedDivideOp, TiledDivideOp, FlatDivideOp, CompositionOp,
          GroupModesOp, SelectOp, CoalesceOp, GetShapeOp, GetStrideOp, GetLayoutOp, SizeOp, CosizeOp, RankOp, DepthOp>(
          op))
    return 0;
  return std::nullopt;
}

namespace {

/// The ops whose result is a view: CuTe's tensor algebra applies them to the layout and
/// keeps the iterator (local_tile, local_partition and slice move it by an offset).
bool returnsView(Operation *op) {
  return !isa<GetShapeOp, GetStrideOp, GetLayoutOp, SizeOp, CosizeOp, RankOp, DepthOp, Crd2IdxOp>(op);
}
bool movesIterator(Operation *op) { return isa<LocalTileOp, LocalPartitionOp, SliceOp, TiledPartitionOp>(op); }

} // namespace

bool mlir::cute::detail::partitionsComposedView(Operation *op, const std::vector<Known> &ks) {
  std::optional<unsigned> at = viewOperand(op);
  return movesIterator(op) && at && *at < ks.size() && isa<CuteMemRefType>(ks[*at].type) &&
         isa<ComposedLayoutType>(viewLayout(ks[*at].type));
}

Type mlir::cute::detail::viewLayout(Type t) {
  if (auto view = dyn_cast<CuteMemRefType>(t))
    return view.getLayout();
  if (auto view = dyn_cast<CoordTensorType>(t))
    return view.getLayout();
  return Type();
}

namespace {

/// A view's layout known as an operand of the op's layout form.
Known layoutKnown(Type view, const TypeValue &value) {
  Known k;
  k.type = withValue(viewLayout(view), value);
  k.value = value;
  return k;
}

/// CuTe's local_tile, local_partition, tiled partition or slice of the tensor at operand `at` over a counting
/// iterator at 0: the result's layout, and the iterator moved to its first element. Over a
/// composed layout, the core's tensor algebra keeps the outer function or, where CuTe's
/// slice decays it, gives a plain layout from a moved start (Tensor.h).
/// @pre every operand's value is known; the view's layout is a layout or a composed layout
cutelayout::Expected<cutelayout::Tensor>
moveTensor(Operation *op, const std::vector<Known> &ks, unsigned at,
           cutelayout::TensorIterator start = {cutelayout::TensorIterator::Kind::Counting, IntTuple(Int::fixed(0))}) {
  cutelayout::Tensor t = CL_TRY(cutelayout::makeTensor(start, ks[at].value.anyLayout()));
  IntTuple projection = ks.size() > 3 ? ks[3].value.tuple() : IntTuple();
  const IntTuple *step = ks.size() > 3 ? &projection : nullptr;
  return llvm::TypeSwitch<Operation *, cutelayout::Expected<cutelayout::Tensor>>(op)
      .Case([&](LocalTileOp) { return cutelayout::localTile(t, tilerOf(ks[1]), ks[2].value.tuple(), step); })
      .Case([&](LocalPartitionOp) {
        return cutelayout::localPartition(t, ks[1].value.layout(), IntTuple(ks[2].leaf), step);
      })
      .Case([&](TiledPartitionOp) { return partitionTensor(op, ks[0], ks[2], t); })
      .Default([&](Operation *) { return cutelayout::slice(ks[0].value.tuple(), t); });
}

bool allKnown(const std::vector<Known> &ks) {
  return llvm::all_of(ks, [](const Known &k) { return !k.isCute() || k.value.hasValue(); });
}

/// What the iterator of op's view form moves by, in elements: moveTensor with each runtime
/// leaf a trace symbol, so a runtime offset is known as a multiple of what the trace proves
/// (docs/lowering.md#divisibility-facts). 0: it does not move; 1: nothing is known.
uint64_t offsetMultiple(Operation *op, const std::vector<Known> &onLayout, unsigned at) {
  if (!allKnown(onLayout))
    return 1;
  cutelayout::Trace trace;
  std::vector<int64_t> facts;
  std::vector<Known> sym = symbolize(onLayout, trace, facts);
  Int offset;
  {
    cutelayout::TraceScope on(trace);
    cutelayout::ArithScope scope;
    cutelayout::Expected<cutelayout::Tensor> moved = moveTensor(op, sym, at);
    if (!moved || scope.failed() || !moved->iterator.value.isInt())
      return 1;
    offset = moved->iterator.value.asInt();
  }
  if (offset.isStatic)
    return uint64_t(offset.value < 0 ? -offset.value : offset.value);
  if (!trace.isSymbol(offset.value))
    return 1;
  return uint64_t(std::max<int64_t>(1, trace.divisors(facts)[trace.node(offset.value)]));
}

/// The alignment (bytes) ptr keeps when moved by a multiple of `multiple` elements (0: it
/// does not move; an element of unknown size keeps nothing).
int64_t alignmentAfter(PtrType ptr, uint64_t multiple) {
  uint64_t bits = elementBits(ptr.getElementType());
  if (multiple == 0)
    return ptr.getKnownAlignment();
  if (bits == 0)
    return 1;
  // gcd(8A, multiple * bits) in 128 bits: 2^61 bytes times 8 wraps in 64 (F7, F8). It is
  // at most 8A, so the bytes fit an int64 again.
  using U128 = unsigned __int128;
  U128 a = U128(uint64_t(ptr.getKnownAlignment())) * 8, b = U128(multiple) * bits;
  while (b != 0) {
    U128 r = a % b;
    a = b;
    b = r;
  }
  return std::max<int64_t>(1, int64_t(uint64_t(a / 8)));
}

/// The alignment (bytes) the pointer keeps when moved as op moves it (over a composed
/// layout, by the offset of CuTe's slice_and_offset, traced like any other).
int64_t movedAlignment(Operation *op, PtrType ptr, const std::vector<Known> &onLayout, unsigned at) {
  if (!isa<LayoutType, ComposedLayoutType>(onLayout[at].type))
    return std::min<int64_t>(std::max<int64_t>(1, elementBits(ptr.getElementType()) / 8), ptr.getKnownAlignment());
  return alignmentAfter(ptr, offsetMultiple(op, onLayout, at));
}

} // namespace

std::optional<FailureOr<Inferred>> mlir::cute::detail::inferOnView(Operation *op, const Reporter &r,
                                                                   const std::vector<Known> &ks) {
  std::optional<unsigned> at = viewOperand(op);
  if (!at || *at >= ks.size())
    return std::nullopt;
  Type view = ks[*at].type;
  if (!viewLayout(view))
    return std::nullopt;
  if (isa<DiceOp>(op))
    return FailureOr<Inferred>(r.error() << "expects a layout to dice, but got the view " << view
                                         << " (CuTe slices a tensor; dice its layout)");
  const bool partitionsComposed = movesIterator(op) && isa<ComposedLayoutType>(viewLayout(view));
  if (movesIterator(op) && isa<SwizzleType>(viewLayout(view)))
    return FailureOr<Inferred>(r.error() << "expects a view over a layout or a composed layout, but got " << view
                                         << " (a bare swizzle maps no coordinates to move a pointer by)");
  std::vector<Known> onLayout = ks;
  onLayout[*at] = layoutKnown(view, ks[*at].value);
  if (partitionsComposed && (!ks[*at].value.isComposed() || !allKnown(onLayout)))
    return FailureOr<Inferred>(r.error() << "expects operands of known structure to partition a view over a composed "
                                            "layout, but got "
                                         << view);
  // A partition of a composed view runs the op's gates on its inner layout B; its value is
  // the core's tensor algebra on the composed layout (below).
  std::vector<Known> gates = onLayout;
  if (partitionsComposed) {
    TypeValue b = TypeValue::ofLayout(ks[*at].value.composed()->inner);
    gates[*at].value = b;
    gates[*at].type = LayoutType::get(op->getContext(), b);
  }
  FailureOr<Inferred> inner = inferOp(op, r, gates);
  if (failed(inner) || !returnsView(op))
    return inner;
  // A coordinate tensor's iterator moves by the offset CuTe's tensor algebra gives it.
  if (auto coords = dyn_cast<CoordTensorType>(view)) {
    Type it = coords.getIterator();
    const TypeValue &start = ks[*at].iterator; // symbols inside a trace
    if (start.hasValue())
      inner->iteratorValue = start.tuple();
    if (movesIterator(op)) {
      if (!start.hasValue() || !allKnown(onLayout)) {
        it = withValue(it, TypeValue::kindOnly());
        inner->iteratorValue.reset();
      } else {
        cutelayout::Expected<cutelayout::Tensor> moved = moveTensor(op, onLayout, *at, coreIterator(start));
        if (!moved)
          return FailureOr<Inferred>(r.error()
                                     << "cannot move the coordinate tensor's iterator: " << moved.error().message);
        inner->value = TypeValue::ofLayout(moved->layout);
        inner->iteratorValue = moved->iterator.value;
        it = withValue(it, TypeValue::ofTuple(normalizeDynamic(moved->iterator.value)));
      }
    }
    inner->iterator = it;
    return inner;
  }
  // The layout of a moved tensor is CuTe's tensor algebra's (its layout form may differ in
  // the stride of a size-1 mode: CuTe's tensor slice keeps it).
  if (movesIterator(op) && allKnown(onLayout)) {
    cutelayout::Expected<cutelayout::Tensor> moved = moveTensor(op, onLayout, *at);
    if (!moved)
      return FailureOr<Inferred>(r.error() << "cannot move the view's pointer: " << moved.error().message);
    inner->value = TypeValue::ofAny(cutelayout::layoutOf(*moved));
    if (moved->iterator.value.isInt())
      inner->offset = moved->iterator.value.asInt();
  }
  PtrType ptr = cast<CuteMemRefType>(view).getIterator();
  int64_t alignment = movesIterator(op) ? movedAlignment(op, ptr, onLayout, *at) : ptr.getKnownAlignment();
  // The element's own alignment is what a pointer has without saying: not written.
  if (alignment == std::max<int64_t>(1, elementBits(ptr.getElementType()) / 8))
    alignment = 0;
  inner->iterator = PtrType::get(op->getContext(), ptr.getElementType(), ptr.getAddressSpace(), alignment);
  return inner;
}

FailureOr<Inferred> mlir::cute::detail::inferMakeView(const Reporter &r, const std::vector<Known> &ks) {
  const Known &iter = ks[0], &layout = ks[1];
  bool coordinates = isa<IntTupleType, CoordType>(iter.type) || iter.isLeaf();
  if (!isa<PtrType>(iter.type) && !coordinates)
    return r.error() << "expects a pointer (!cute.ptr), an int tuple or an index as the iterator, but got "
                     << iter.type;
  if (!isa<LayoutType, ComposedLayoutType, SwizzleType>(layout.type))
    return r.error() << "expects a layout, a composed layout or a swizzle, but got " << layout.type;
  Inferred out = ofValue(layout.value);
  if (auto ptr = dyn_cast<PtrType>(iter.type)) {
    out.iterator = ptr;
    return out;
  }
  // A counting (an index) or coordinate (an int tuple) iterator: CuTe's
  // make_tensor(counting_iterator<int>(n), L) and the identity tensor's ArithTuple.
  if (!isa<LayoutType>(layout.type))
    return r.error() << "expects a layout for a coordinate tensor, but got " << layout.type;
  if (iter.isLeaf()) {
    out.iterator = IntTupleType::get(
        iter.type.getContext(),
        TypeValue::ofTuple(IntTuple(iter.leaf.isStatic ? iter.leaf : Int::dynamic(cutelayout::kUnknownDynamic))));
    out.iteratorValue = IntTuple(iter.leaf);
    return out;
  }
  if (iter.value.hasValue() &&
      (cutelayout::hasUnderscore(iter.value.tuple()) || cutelayout::hasBasis(iter.value.tuple())))
    return r.error() << "expects an iterator of integers (no `_`, no scaled basis), but got " << iter.type;
  out.iterator = iter.value.hasValue() ? withValue(iter.type, TypeValue::ofTuple(normalizeDynamic(iter.value.tuple())))
                                       : withValue(iter.type, iter.value);
  if (iter.value.hasValue())
    out.iteratorValue = iter.value.tuple();
  return out;
}

FailureOr<Inferred> mlir::cute::detail::inferFragmentOfView(Operation *op, const Reporter &r, const Known &src) {
  auto view = cast<CuteMemRefType>(src.type);
  if (!isa<LayoutType, ComposedLayoutType>(view.getLayout()))
    return r.error() << "expects `src.layout` is LayoutType or ComposedLayoutType, but got " << view.getLayout();
  if (isa<ComposedLayoutType>(view.getLayout())) // CuTe's make_fragment_like takes a Layout
    return r.error() << "unable to make fragment-like layout from " << view.getLayout()
                     << ": CuTe makes fragments of plain layouts, not of composed layouts";
  FailureOr<Inferred> layout = inferOp(op, r, {layoutKnown(view, src.value)});
  if (failed(layout))
    return failure();
  TypeAttr element = attrOf<TypeAttr>(op, "element_type");
  Type elementType = element ? element.getValue() : view.getElementType();
  // A register fragment is allocated aligned to its element.
  layout->iterator = PtrType::get(op->getContext(), elementType, AddressSpace::Rmem, 0);
  return layout;
}

// --- pointer and memory ops -------------------------------------------------------------

namespace {

/// The specification's memref checks on an iterator: element type, power-of-two width, address space.
LogicalResult checkMemoryAccess(Operation *op, PtrType ptr) {
  Type element = ptr.getElementType();
  unsigned bits = elementBits(element);
  if (!bits)
    return op->emitOpError("expects a supported element type (an integer or a float), but got ") << element;
  if (!llvm::isPowerOf2_32(bits))
    return op->emitOpError("expects an element type of power-of-two bit width, but got ") << element;
  if (ptr.getAddressSpace() == AddressSpace::Tmem)
    return op->emitOpError("expects an address space loads and stores reach (gmem, smem, rmem or generic), but got ")
           << addressSpaceName(ptr.getAddressSpace());
  return success();
}

/// A coordinate operand of a view: a !cute.coord (weakly congruent with the layout) or an
/// index (CuTe's 1-D coordinate).
LogicalResult checkViewCoordinate(Operation *op, Type view, const TypeValue &layout, Value coord) {
  Known c = knownFromType(coord);
  if (!isa<CoordType>(c.type) && !c.type.isIndex())
    return op->emitOpError("expects a coordinate (!cute.coord or index), but got ") << c.type;
  if (isa<CoordType>(c.type) && c.value.hasValue() && cutelayout::hasUnderscore(c.value.tuple()))
    return op->emitOpError("expects a coordinate without `_` (slice the view instead), but got ") << c.type;
  return checkCoordinate(Reporter{op, true}, c, layoutKnown(view, layout));
}

LogicalResult verifyLoadOrStore(Operation *op, Value viewValue, Value coord, Type element) {
  auto view = dyn_cast<CuteMemRefType>(viewValue.getType());
  if (!view)
    return op->emitOpError("expects a view (!cute.memref), but got ") << viewValue.getType();
  if (failed(checkMemoryAccess(op, view.getIterator())) ||
      failed(checkViewCoordinate(op, view, view.getLayoutValue(), coord)))
    return failure();
  if (view.getElementType().isInteger(1) && view.getAddressSpace() != AddressSpace::Rmem)
    return op->emitOpError("expects i1 elements only in register memory (rmem), but got ") << view;
  if (element != view.getElementType())
    return op->emitOpError("expects the view's element type ") << view.getElementType() << ", but got " << element;
  return success();
}

/// The element of a coordinate tensor at coord: its iterator plus the layout there (CuTe's
/// tensor(c) over a counting or ArithTuple iterator); kind only when a value is unknown.
FailureOr<TypeValue> coordinateElement(CoordTensorType view, Value coord, std::string &error) {
  const TypeValue &start = view.getIteratorValue();
  Known c = knownFromType(coord);
  if (!start.hasValue() || !view.getLayoutValue().hasValue() || !(c.isLeaf() || c.value.hasValue()))
    return TypeValue::kindOnly();
  cutelayout::ArithScope scope;
  cutelayout::UnknownDynamicValues unknown;
  IntTuple at =
      c.isLeaf() ? IntTuple(c.leaf.isStatic ? c.leaf : Int::dynamic(cutelayout::kUnknownDynamic)) : c.value.tuple();
  cutelayout::Expected<IntTuple> e =
      cutelayout::elementAt(cutelayout::Tensor{coreIterator(start), view.getLayoutValue().layout()}, at);
  if (!e || scope.failed()) {
    error = e ? scope.error("memref.load").message : e.error().message;
    return failure();
  }
  return TypeValue::ofTuple(normalizeDynamic(*e));
}

bool isCounting(CoordTensorType view) {
  return view.getIteratorValue().hasValue() && view.getIteratorValue().tuple().isInt();
}

/// A coordinate tensor's element: an index (a counting iterator) or a coordinate.
LogicalResult verifyCoordinateLoad(Operation *op, CoordTensorType view, Value coord, Type result) {
  if (failed(checkViewCoordinate(op, view, view.getLayoutValue(), coord)))
    return failure();
  std::string error;
  FailureOr<TypeValue> element = coordinateElement(view, coord, error);
  if (failed(element))
    return op->emitOpError("cannot compute the element of ") << view << ": " << error;
  bool counting = isCounting(view);
  bool unknown = view.getIteratorValue().form() == TypeValue::Form::Kind; // either kind of iterator
  bool isCoord =
      isa<CoordType>(result) && isCompatible(cast<CoordType>(result).getTypeValue(), *element, TypeKind::Coord);
  if (unknown ? !(result.isIndex() || isCoord) : counting ? !result.isIndex() : !isCoord)
    return op->emitOpError("expects the coordinate tensor's element ")
           << (counting ? Type(IndexType::get(op->getContext())) : Type(CoordType::get(op->getContext(), *element)))
           << ", but got " << result;
  return success();
}

} // namespace

ParseResult GetIterOp::parse(OpAsmParser &p, OperationState &state) {
  return parseBuilder(p, state,
                      [](function_ref<InFlightDiagnostic()> emit, TypeRange types, DictionaryAttr) -> FailureOr<Type> {
                        if (types.size() != 1)
                          return emit() << "expects one operand (a view), but got " << types.size();
                        if (auto coords = dyn_cast<CoordTensorType>(types[0]))
                          return coords.getIterator();
                        if (auto view = dyn_cast<CuteMemRefType>(types[0]))
                          return Type(view.getIterator());
                        return emit() << "expects a view (!cute.memref or !cute.coord_tensor), but got " << types[0];
                      });
}

void GetIterOp::print(OpAsmPrinter &p) { printBuilder(p, *this); }

LogicalResult GetIterOp::verify() {
  if (auto coords = dyn_cast<CoordTensorType>(getView().getType())) {
    if (getType() != coords.getIterator())
      return emitOpError("expects the view's iterator type ") << coords.getIterator() << ", but got " << getType();
    return success();
  }
  auto view = dyn_cast<CuteMemRefType>(getView().getType());
  if (!view)
    return emitOpError("expects a view (!cute.memref or !cute.coord_tensor), but got ") << getView().getType();
  if (getType() != view.getIterator())
    return emitOpError("expects the view's pointer type ") << view.getIterator() << ", but got " << getType();
  return success();
}

LogicalResult MakePtrOp::verify() {
  auto memref = cast<mlir::MemRefType>(getMemref().getType());
  if (memref.getElementType() != getType().getElementType())
    return emitOpError("expects a pointer to the memref's element type ")
           << memref.getElementType() << ", but got " << getType();
  // A stated alignment is the caller's fact about the memref's first element (the
  // lowering checks it, as cute.assume's divisibility).
  return success();
}

LogicalResult AddOffsetOp::verify() {
  auto ptr = dyn_cast<PtrType>(getPtr().getType());
  if (!ptr)
    return emitOpError("expects a pointer (!cute.ptr), but got ") << getPtr().getType();
  Known offset = knownFromType(getOffset());
  if (!offset.isLeaf())
    return emitOpError("expects an integer offset (in elements), but got ") << offset.type;
  PtrType result = getType();
  if (result.getElementType() != ptr.getElementType() || result.getAddressSpace() != ptr.getAddressSpace())
    return emitOpError("expects a pointer to ")
           << ptr.getElementType() << " in " << addressSpaceName(ptr.getAddressSpace()) << ", but got " << result;
  // The offset is a multiple of itself (static) or of its known divisor.
  // |offset| in unsigned arithmetic: -2^63 has no int64 negation.
  uint64_t step = offset.leaf.isStatic
                      ? (offset.leaf.value < 0 ? 0 - uint64_t(offset.leaf.value) : uint64_t(offset.leaf.value))
                      : uint64_t(offset.divisor);
  int64_t known = alignmentAfter(ptr, step);
  if (result.getAlignment() > known)
    return emitOpError("expects an alignment of at most ") << known << " bytes after this offset, but got " << result;
  return success();
}

LogicalResult MemRefLoadOp::verify() {
  if (auto coords = dyn_cast<CoordTensorType>(getView().getType()))
    return verifyCoordinateLoad(*this, coords, getCoord(), getType());
  return verifyLoadOrStore(*this, getView(), getCoord(), getType());
}

OpFoldResult MemRefLoadOp::fold(FoldAdaptor) {
  auto view = dyn_cast<CoordTensorType>(getView().getType());
  if (!view)
    return {};
  std::string error;
  FailureOr<TypeValue> element = coordinateElement(view, getCoord(), error);
  if (failed(element) || !element->isStatic())
    return {};
  if (isCounting(view))
    return IntegerAttr::get(getType(), element->tuple().asInt().value);
  return TypeAttr::get(CoordType::get(getContext(), *element));
}

LogicalResult MemRefStoreOp::verify() { return verifyLoadOrStore(*this, getView(), getCoord(), getValue().getType()); }

LogicalResult LoadScaledIndexOp::verify() {
  auto ptr = dyn_cast<PtrType>(getPtr().getType());
  if (!ptr)
    return emitOpError("expects a cute pointer (!cute.ptr), but got ") << getPtr().getType();
  Known stride = knownFromType(getStride());
  if (!isTupleKind(stride.type) || isa<CoordType>(stride.type))
    return emitOpError("expects an integer-tuple stride, but got ") << stride.type;
  if (failed(checkMemoryAccess(*this, ptr)))
    return failure();
  Known coord = knownFromType(getCoord());
  if (!isa<CoordType>(coord.type) && !coord.type.isIndex())
    return emitOpError("expects a coordinate (!cute.coord or index), but got ") << coord.type;
  if (coord.isCute() && coord.value.hasValue() && stride.value.hasValue() &&
      !cutelayout::congruent(coord.value.tuple(), stride.value.tuple()))
    return emitOpError("expects a coordinate congruent with the stride, but got ")
           << coord.type << " and " << stride.type;
  if (getType() != ptr.getElementType())
    return emitOpError("expects the pointer's element type ") << ptr.getElementType() << ", but got " << getType();
  return success();
}

/// cute.copy: the specification's tiled-partition verifier (the rank relation of source and
/// destination, the predicate), then the copy's own checks (memory access, element types,
/// every element of the source has a destination and a predicate).
LogicalResult CopyOp::verify() {
  auto src = dyn_cast<CuteMemRefType>(getSrc().getType());
  auto dst = dyn_cast<CuteMemRefType>(getDst().getType());
  if (!src)
    return emitOpError("expects `src` to be a view (!cute.memref), but got ") << getSrc().getType();
  if (!dst)
    return emitOpError("expects `dst` to be a view (!cute.memref), but got ") << getDst().getType();
  PartitionCheck check;
  check.src = &src.getLayoutValue();
  check.dst = &dst.getLayoutValue();
  check.pred = getPred();
  if (failed(verifyTiledPartition(Reporter{*this, true}, check)))
    return failure();
  if (failed(checkMemoryAccess(*this, src.getIterator())) || failed(checkMemoryAccess(*this, dst.getIterator())))
    return failure();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("expects `dst` to hold `src`'s element type ")
           << src.getElementType() << ", but got " << dst.getElementType();
  // Every element of the source has a destination (and a predicate).
  auto count = [](CuteMemRefType v) -> std::optional<int64_t> {
    const TypeValue &l = v.getLayoutValue();
    if (!l.hasValue() || l.isComposed())
      return std::nullopt;
    Int n = cutelayout::product(l.layout().shape);
    return n.isStatic ? std::optional<int64_t>(n.value) : std::nullopt;
  };
  std::optional<int64_t> ns = count(src), nd = count(dst);
  if (ns && nd && *ns != *nd)
    return emitOpError("expects `src` and `dst` of the same size, but got ") << *ns << " and " << *nd;
  if (Value pred = getPred())
    if (std::optional<int64_t> np = count(cast<CuteMemRefType>(pred.getType())); ns && np && *ns != *np)
      return emitOpError("expects a predicate of `src`'s size, but got ") << *np << " for " << *ns;
  return success();
}

void MakeFragmentLikeOp::getEffects(SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // A fragment of a view is register memory allocated here; a fragment layout is pure.
  if (isa<CuteMemRefType>(getType()))
    effects.emplace_back(MemoryEffects::Allocate::get(), getOperation()->getOpResult(0),
                         SideEffects::AutomaticAllocationScopeResource::get());
}
