// Atoms (docs/dialect.md#atoms): the atom types, the atom builders, the per-thread
// partition, MMA fragments and the atom calls.
//
//   !cute.mma_atom<"SM80_16x8x16_F16F16F16F16_TN", f16, f16, f16>       an MMA atom
//   !cute.copy_atom<"UniversalCopy<uint128_t>", f16>                       a copy atom
//   !cute.tiled_mma<ATOM, !cute.layout<(2,2,1):(1,2,0)>>                   a tiled MMA
//   !cute.tiled_copy<ATOM, !cute.layout<TV>, !cute.shape<(M,N)>>          a tiled copy
//
// An atom's traits are the core's data (cutelayout/Atom.h), reached through the two atom
// interfaces; every layout computed here is the core's (makeTiledMma, makeTiledCopy,
// partition, makeFragmentLike), so the IR agrees with the command line and with CuTe.
#include "CuteInference.h"

#include "cutelayout/Basis.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::Layout;

namespace {

std::string text(const Layout &l) { return cutelayout::print(l, cutelayout::Style::Type); }
std::string text(const IntTuple &t) { return cutelayout::print(t, cutelayout::Style::Type); }

/// The width in bits of a value type: an integer's or a float's (tf32 is stored in 32
/// bits, as CuTe's tfloat32_t); 0 for any other type.
int64_t valueBits(Type t) {
  if (isa<FloatTF32Type>(t))
    return 32;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth();
  return 0;
}

/// CuTe's name of a value type: half_t for f16, float for f32, ...; "" for none.
std::string cuteTypeName(Type t) {
  if (t.isF16())
    return "half_t";
  if (t.isBF16())
    return "bfloat16_t";
  if (t.isF32())
    return "float";
  if (t.isF64())
    return "double";
  if (isa<FloatTF32Type>(t))
    return "tfloat32_t";
  if (auto i = dyn_cast<IntegerType>(t))
    return (i.isUnsigned() ? "uint" : "int") + std::to_string(i.getWidth()) + "_t";
  return "";
}

/// True when t may hold CuTe's value type `name` (tfloat32_t is stored in an f32 too).
bool holdsCuteType(Type t, StringRef name) {
  return name.empty() || cuteTypeName(t) == name || (name == "tfloat32_t" && t.isF32());
}

/// A static value of a cute type, or nothing (a value type that is not a cute type, a
/// rank-only or a dynamic value).
const TypeValue *staticValue(Type t) {
  auto cute = dyn_cast_or_null<CuteTypeInterface>(t);
  if (!cute || !cute.getTypeValue().isStatic())
    return nullptr;
  return &cute.getTypeValue();
}

/// The operand an op names by its `operand` attribute, if it is one of `allowed`.
std::optional<char> operandRole(Operation *op, StringRef allowed) {
  StringAttr a = attrOf<StringAttr>(op, "operand");
  if (!a || a.getValue().size() != 1 || !allowed.contains(a.getValue()[0]))
    return std::nullopt;
  return a.getValue()[0];
}

/// `"A", "B" or "C"` for an error message.
std::string roleList(StringRef allowed) {
  std::string out;
  for (size_t i = 0; i < allowed.size(); ++i)
    out += (i ? (i + 1 == allowed.size() ? " or " : ", ") : "") + ("\"" + std::string(1, allowed[i]) + "\"");
  return out;
}

bool isTiled(Type t) { return isa<TiledMmaType, TiledCopyType>(t); }

/// The values one thread holds of an operand: size<1> of its thread-value layout.
int64_t valuesPerThread(const Layout &tv) { return cutelayout::size(tv.mode(1)).value; }

} // namespace

// --- types ------------------------------------------------------------------------------

LogicalResult MmaAtomType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name, Type a, Type b,
                                  Type c) {
  cutelayout::Expected<cutelayout::MmaAtom> atom = cutelayout::mmaAtom(name);
  if (!atom)
    return emitError() << atom.error().message;
  const std::string *declared[3] = {&atom->valueTypeA, &atom->valueTypeB, &atom->valueTypeC};
  Type types[3] = {a, b, c};
  for (int i = 0; i < 3; ++i) {
    if (!valueBits(types[i]))
      return emitError() << "expects value types that are integers or floats, but got " << types[i];
    if (!holdsCuteType(types[i], *declared[i]))
      return emitError() << "expects the value type of " << char('A' + i) << " of " << name << " to be CuTe's "
                         << *declared[i] << ", but got " << types[i];
  }
  return success();
}

cutelayout::MmaAtom MmaAtomType::getMmaAtom() const { return *cutelayout::mmaAtom(getName()); }

Type MmaAtomType::getOperandType(char operand) const {
  return operand == 'A' ? getTypeA() : operand == 'B' ? getTypeB() : getTypeC();
}

LogicalResult CopyAtomType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name, Type value) {
  int64_t bits = valueBits(value);
  if (!bits)
    return emitError() << "expects a value type that is an integer or a float, but got " << value;
  cutelayout::Expected<cutelayout::CopyAtom> atom = cutelayout::copyAtom(name, bits);
  if (!atom)
    return emitError() << atom.error().message;
  return success();
}

cutelayout::CopyAtom CopyAtomType::getCopyAtom() const {
  return *cutelayout::copyAtom(getName(), valueBits(getValueType()));
}

LogicalResult TiledMmaType::verify(function_ref<InFlightDiagnostic()> emitError, Type atom, Type atomLayout,
                                   Type permutation) {
  if (!isa<MmaAtomTypeInterface>(atom) || isTiled(atom))
    return emitError() << "expects an MMA atom, but got " << atom;
  const TypeValue *layout = isa<LayoutType>(atomLayout) ? staticValue(atomLayout) : nullptr;
  if (!layout)
    return emitError() << "expects a static layout of atoms, but got " << atomLayout;
  const TypeValue *perm = permutation && isa<TileType>(permutation) ? staticValue(permutation) : nullptr;
  if (permutation && !perm)
    return emitError() << "expects a static tile as the permutation of M, N and K, but got " << permutation;
  cutelayout::Tiler p = perm ? perm->tiler() : cutelayout::Tiler{};
  cutelayout::ArithScope scope;
  cutelayout::Expected<cutelayout::TiledMma> m =
      cutelayout::makeTiledMma(cast<MmaAtomTypeInterface>(atom).getMmaAtom(), layout->layout(), perm ? &p : nullptr);
  if (!m || scope.failed())
    return emitError() << "cannot tile " << atom << ": "
                       << (m ? scope.error("make_tiled_mma").message : m.error().message);
  return success();
}

cutelayout::MmaAtom TiledMmaType::getMmaAtom() const { return cast<MmaAtomTypeInterface>(getAtom()).getMmaAtom(); }

Type TiledMmaType::getOperandType(char operand) const {
  return cast<MmaAtomTypeInterface>(getAtom()).getOperandType(operand);
}

cutelayout::TiledMma TiledMmaType::getTiledMma() const {
  Type perm = getPermutation();
  cutelayout::Tiler p = perm ? cast<TileType>(perm).getTypeValue().tiler() : cutelayout::Tiler{};
  return *cutelayout::makeTiledMma(getMmaAtom(), cast<LayoutType>(getAtomLayout()).getTypeValue().layout(),
                                   perm ? &p : nullptr);
}

LogicalResult TiledCopyType::verify(function_ref<InFlightDiagnostic()> emitError, Type atom, Type layoutTV,
                                    Type tiler) {
  if (!isa<CopyAtomTypeInterface>(atom) || isTiled(atom))
    return emitError() << "expects a copy atom, but got " << atom;
  const TypeValue *tv = isa<LayoutType>(layoutTV) ? staticValue(layoutTV) : nullptr;
  if (!tv || tv->rank() != 2)
    return emitError() << "expects a static (thread, value) layout of rank 2, but got " << layoutTV;
  const TypeValue *tile = isa<ShapeType>(tiler) ? staticValue(tiler) : nullptr;
  if (!tile)
    return emitError() << "expects a static shape as the tile, but got " << tiler;
  cutelayout::ArithScope scope;
  cutelayout::Expected<bool> whole =
      cutelayout::checkTiledCopy(cast<CopyAtomTypeInterface>(atom).getCopyAtom(), tv->layout());
  if (!whole)
    return emitError() << whole.error().message;
  Int span = cutelayout::cosize(tv->layout()), n = cutelayout::product(tile->tuple());
  if (scope.failed())
    return emitError() << "cannot check the thread-value layout " << layoutTV
                       << " against the tile: " << scope.error("tiled_copy").message;
  if (span.value > n.value)
    return emitError() << "expects the thread-value layout's offsets inside the tile " << tiler << ", but " << layoutTV
                       << " reaches " << span.value;
  return success();
}

cutelayout::CopyAtom TiledCopyType::getCopyAtom() const { return cast<CopyAtomTypeInterface>(getAtom()).getCopyAtom(); }

Type TiledCopyType::getValueType() const { return cast<CopyAtomTypeInterface>(getAtom()).getValueType(); }

cutelayout::TiledCopy TiledCopyType::getTiledCopy() const {
  return cutelayout::TiledCopy{getCopyAtom(), cast<LayoutType>(getLayoutTV()).getTypeValue().layout(),
                               cast<ShapeType>(getTiler()).getTypeValue().tuple()};
}

// --- builders ---------------------------------------------------------------------------

LogicalResult MakeAtomOp::verify() {
  Type t = getType();
  if (!isa<MmaAtomTypeInterface, CopyAtomTypeInterface>(t) || isTiled(t))
    return emitOpError("expects an atom type (!cute.mma_atom, !cute.copy_atom or a target's atom), but got ") << t;
  return success();
}

namespace {

/// Diagnostics that name the op, for a static helper given a plain emitter.
using Emit = function_ref<InFlightDiagnostic()>;

LogicalResult checkMmaAtom(Emit emit, Type atom) {
  if (!isa<MmaAtomTypeInterface>(atom) || isTiled(atom))
    return emit() << "expects an MMA atom (a type with the MMA atom interface), but got " << atom;
  return success();
}

LogicalResult checkCopyAtom(Emit emit, Type atom) {
  if (!isa<CopyAtomTypeInterface>(atom) || isTiled(atom))
    return emit() << "expects a copy atom (a type with the copy atom interface), but got " << atom;
  return success();
}

/// A builder's checks, in order: its atom operand's kind, its result's kind, the result's
/// atom type the operand's, then the result type the one computed (`infer`).
template <class Tiled>
LogicalResult verifyBuilder(Operation *op, LogicalResult (*checkAtom)(Emit, Type), StringRef what,
                            function_ref<FailureOr<Type>(Emit)> infer) {
  auto diagnostic = [&] { return op->emitOpError(); };
  Emit emit = diagnostic; // (a function_ref: the lambda must outlive it)
  Type atom = op->getOperand(0).getType(), result = op->getResult(0).getType();
  if (failed(checkAtom(emit, atom)))
    return failure();
  auto tiled = dyn_cast<Tiled>(result);
  if (!tiled)
    return emit() << "expects a " << what << " result (!cute." << Tiled::getMnemonic() << "), but got " << result;
  if (tiled.getAtom() != atom)
    return emit() << "expects the result's atom type " << tiled.getAtom() << " to be the operand's " << atom;
  FailureOr<Type> inferred = infer(emit);
  if (failed(inferred))
    return failure();
  if (*inferred != result)
    return emit() << "result type " << result << " does not match the inferred type " << *inferred;
  return success();
}

} // namespace

ParseResult mlir::cute::detail::parseBuilder(OpAsmParser &p, OperationState &state,
                                             function_ref<FailureOr<Type>(Emit, TypeRange, DictionaryAttr)> infer) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types;
  llvm::SMLoc loc = p.getCurrentLocation();
  if (p.parseOperandList(operands, OpAsmParser::Delimiter::Paren) || p.parseOptionalAttrDict(state.attributes) ||
      p.parseColon() || p.parseLParen() ||
      (failed(p.parseOptionalRParen()) && (p.parseTypeList(types) || p.parseRParen())) ||
      p.resolveOperands(operands, types, loc, state.operands))
    return failure();
  Type result;
  if (succeeded(p.parseOptionalArrow())) {
    if (p.parseType(result))
      return failure();
  } else {
    FailureOr<Type> inferred = infer([&] { return p.emitError(loc) << "'" << state.name << "' op "; }, types,
                                     state.attributes.getDictionary(state.getContext()));
    if (failed(inferred))
      return failure();
    result = *inferred;
  }
  state.addTypes(result);
  return success();
}

void mlir::cute::detail::printBuilder(OpAsmPrinter &p, Operation *op) {
  p << "(" << op->getOperands() << ")";
  p.printOptionalAttrDict(op->getAttrs());
  p << " : (" << op->getOperandTypes() << ") -> " << op->getResultTypes();
}

FailureOr<Type> MakeTiledMmaOp::inferType(Emit emit, TypeRange operands) {
  if (operands.size() != 2 && operands.size() != 3)
    return emit() << "expects an atom, a layout of atoms and an optional permutation, but got " << operands.size()
                  << " operands";
  if (failed(checkMmaAtom(emit, operands[0])))
    return failure();
  if (!isa<LayoutType>(operands[1]) || !staticValue(operands[1]))
    return emit() << "expects a static layout of atoms, but got " << operands[1];
  Type permutation = operands.size() == 3 ? operands[2] : Type();
  if (permutation && (!isa<TileType>(permutation) || !staticValue(permutation)))
    return emit() << "expects a static tile as the permutation of M, N and K, but got " << permutation;
  TiledMmaType t = TiledMmaType::getChecked(emit, operands[0].getContext(), operands[0], operands[1], permutation);
  if (!t) // the type's verifier said why
    return failure();
  return Type(t);
}

LogicalResult MakeTiledMmaOp::verify() {
  return verifyBuilder<TiledMmaType>(*this, checkMmaAtom, "tiled MMA",
                                     [&](Emit emit) { return inferType(emit, getOperandTypes()); });
}

void MakeTiledMmaOp::build(OpBuilder &b, OperationState &state, Type result, Value atom, Value atomLayout,
                           Value permutation) {
  state.addOperands({atom, atomLayout});
  if (permutation)
    state.addOperands(permutation);
  state.addTypes(result);
}

void MakeTiledMmaOp::build(OpBuilder &b, OperationState &state, Value atom, Value atomLayout, Value permutation) {
  SmallVector<Type> types = {atom.getType(), atomLayout.getType()};
  if (permutation)
    types.push_back(permutation.getType());
  FailureOr<Type> t = inferType([&] { return mlir::emitError(state.location); }, types);
  build(b, state, succeeded(t) ? *t : b.getNoneType(), atom, atomLayout, permutation);
}

ParseResult MakeTiledMmaOp::parse(OpAsmParser &p, OperationState &state) {
  return parseBuilder(p, state, [](Emit emit, TypeRange types, DictionaryAttr) { return inferType(emit, types); });
}

void MakeTiledMmaOp::print(OpAsmPrinter &p) { printBuilder(p, *this); }

FailureOr<Type> MakeTiledCopyOp::inferType(Emit emit, TypeRange operands, StringAttr operand) {
  if (operands.empty())
    return emit() << "expects a copy atom, then thread and value layouts or a tiled MMA";
  if (failed(checkCopyAtom(emit, operands[0])))
    return failure();
  Type atom = operands[0];
  TypeRange layouts = operands.drop_front();
  // From a tiled MMA's operand, or from thread and value layouts.
  TiledMmaType mma;
  std::optional<char> role;
  if (layouts.size() == 1) {
    mma = dyn_cast<TiledMmaType>(layouts[0]);
    if (!mma)
      return emit() << "expects a tiled MMA (!cute.tiled_mma) or thread and value layouts, but got " << layouts[0];
    if (operand && operand.getValue().size() == 1 && StringRef("ABC").contains(operand.getValue()[0]))
      role = operand.getValue()[0];
    if (!role)
      return emit() << "expects `operand` " << roleList("ABC") << " with a tiled MMA";
  } else if (layouts.size() == 2) {
    if (operand)
      return emit() << "expects no `operand` with thread and value layouts";
    for (Type l : layouts)
      if (!isa<LayoutType>(l) || !staticValue(l))
        return emit() << "expects static thread and value layouts, but got " << l;
  } else {
    return emit() << "expects a tiled MMA, or thread and value layouts, after the atom, but got " << layouts.size()
                  << " operands";
  }
  cutelayout::ArithScope scope;
  cutelayout::CopyAtom core = cast<CopyAtomTypeInterface>(atom).getCopyAtom();
  cutelayout::Expected<cutelayout::TiledCopy> tiled =
      mma ? cutelayout::makeTiledCopyFor(core, mma.getTiledMma(), *role)
          : cutelayout::makeTiledCopy(core, staticValue(layouts[0])->layout(), staticValue(layouts[1])->layout());
  if (!tiled)
    return emit() << tiled.error().message;
  if (scope.failed())
    return emit() << "cannot compute the tiled copy: " << scope.error("make_tiled_copy").message;
  MLIRContext *ctx = atom.getContext();
  TiledCopyType t =
      TiledCopyType::getChecked(emit, ctx, atom, Type(LayoutType::get(ctx, TypeValue::ofLayout(tiled->layoutTV))),
                                Type(ShapeType::get(ctx, TypeValue::ofTuple(tiled->tilerMN))));
  if (!t) // the type's verifier said why
    return failure();
  return Type(t);
}

LogicalResult MakeTiledCopyOp::verify() {
  return verifyBuilder<TiledCopyType>(*this, checkCopyAtom, "tiled copy",
                                      [&](Emit emit) { return inferType(emit, getOperandTypes(), getOperandAttr()); });
}

void MakeTiledCopyOp::build(OpBuilder &b, OperationState &state, Type result, Value atom, ValueRange layouts,
                            StringAttr operand) {
  state.addOperands(atom);
  state.addOperands(layouts);
  if (operand)
    state.getOrAddProperties<Properties>().operand = operand;
  state.addTypes(result);
}

void MakeTiledCopyOp::build(OpBuilder &b, OperationState &state, Value atom, ValueRange layouts, StringAttr operand) {
  SmallVector<Type> types = {atom.getType()};
  for (Value l : layouts)
    types.push_back(l.getType());
  FailureOr<Type> t = inferType([&] { return mlir::emitError(state.location); }, types, operand);
  build(b, state, succeeded(t) ? *t : b.getNoneType(), atom, layouts, operand);
}

ParseResult MakeTiledCopyOp::parse(OpAsmParser &p, OperationState &state) {
  return parseBuilder(p, state, [](Emit emit, TypeRange types, DictionaryAttr attrs) {
    return inferType(emit, types, dyn_cast_or_null<StringAttr>(attrs.get("operand")));
  });
}

void MakeTiledCopyOp::print(OpAsmPrinter &p) { printBuilder(p, *this); }

// --- the partition and the fragment (inferred like every cute op) ------------------------

namespace {

/// The tile a tiled copy or a tiled MMA partitions for `which`: the copy's Tiler_MN, or
/// the MMA operand's tile.
IntTuple partitionTile(Type tiled, char which) {
  if (auto copy = dyn_cast<TiledCopyType>(tiled))
    return cast<ShapeType>(copy.getTiler()).getTypeValue().tuple();
  return cutelayout::operandTile(cast<TiledMmaType>(tiled).getTiledMma(), which);
}

} // namespace

cutelayout::Expected<cutelayout::Tensor>
mlir::cute::detail::partitionTensor(Operation *op, const Known &tiled, const Known &thread, cutelayout::Tensor t) {
  char which = attrOf<StringAttr>(op, "operand").getValue()[0];
  if (auto copy = dyn_cast<TiledCopyType>(tiled.type))
    return cutelayout::partition(copy.getTiledCopy(), which, thread.leaf, t);
  return cutelayout::partition(cast<TiledMmaType>(tiled.type).getTiledMma(), which, thread.leaf, t);
}

FailureOr<Inferred> mlir::cute::detail::inferTiledPartition(Operation *op, const Reporter &r,
                                                            const std::vector<Known> &ks) {
  const Known &tiled = ks[0], &in = ks[1], &thread = ks[2];
  StringRef allowed = isa<TiledCopyType>(tiled.type) ? "SD" : "ABC";
  if (!isTiled(tiled.type))
    return r.error() << "expects a tiled copy or a tiled MMA (!cute.tiled_copy, !cute.tiled_mma), but got "
                     << tiled.type;
  if (!operandRole(op, allowed))
    return r.error() << "expects `operand` " << roleList(allowed) << " for " << tiled.type;
  if (!in.isLayout())
    return r.error() << "expects a layout, a view or a coordinate tensor to partition, but got " << in.type;
  if (!thread.isLeaf())
    return r.error() << "expects a thread index (an integer), but got " << thread.type;
  char which = operandRole(op, allowed).value();
  IntTuple tile = partitionTile(tiled.type, which);
  TypeValue tileValue = TypeValue::ofTuple(tile);
  PartitionCheck check;
  check.src = &tileValue;
  check.dst = &in.value;
  if (in.value.hasValue())
    check.divided = {in.value.layout(), cutelayout::tilerFromShape(tile)};
  if (failed(verifyTiledPartition(r, check)))
    return failure();
  if (!in.value.hasValue())
    return ofValue(TypeValue::kindOnly());
  // The layout does not depend on where the iterator starts: 0, counting, or an
  // arithmetic tuple for basis strides (static 0 is the identity of its sum).
  Layout l = in.value.layout();
  cutelayout::Tensor start{{cutelayout::hasBasis(l.stride) ? cutelayout::TensorIterator::Kind::ArithTuple
                                                           : cutelayout::TensorIterator::Kind::Counting,
                            IntTuple(Int::fixed(0))},
                           l};
  cutelayout::Expected<cutelayout::Tensor> part = partitionTensor(op, tiled, thread, start);
  if (!part)
    return r.error() << "cannot partition " << text(in.value.layout()) << ": " << part.error().message;
  return ofValue(TypeValue::ofLayout(part->layout));
}

FailureOr<Inferred> mlir::cute::detail::inferMmaFragment(Operation *op, const Reporter &r,
                                                         const std::vector<Known> &ks) {
  const Known &atom = ks[0], &source = ks[1];
  std::optional<char> role = operandRole(op, "ABC");
  if (!role)
    return r.error() << "expects `operand` " << roleList("ABC") << " (an MMA operand), but got "
                     << op->getAttr("operand");
  auto mma = dyn_cast<MmaAtomTypeInterface>(atom.type);
  if (!mma)
    return r.error() << "expects an MMA atom (a type with the MMA atom interface), but got " << atom.type;
  bool isView = isa<CuteMemRefType>(source.type);
  if (!isView && !isa<ShapeType>(source.type))
    return r.error() << "expects a view (!cute.memref) or a shape as the source, but got " << source.type;
  if (isView && !isa<LayoutType>(viewLayout(source.type)))
    return r.error() << "expects a view over a plain layout, but got " << source.type;
  const TypeValue &v = source.value;
  if (v.form() != TypeValue::Form::Kind && v.rank() < 3)
    return r.error() << "expects a partitioned source of rank at least 3 (values, then the tile's modes), but got "
                     << "rank " << v.rank();
  Type element = mma.getOperandType(*role);
  Inferred out = ofValue(TypeValue::kindOnly());
  out.iterator = PtrType::get(op->getContext(), element, AddressSpace::Rmem, 0);
  if (!v.hasValue())
    return out;
  IntTuple shape = isView ? IntTuple(v.layout().shape) : v.tuple();
  Int values = cutelayout::product(shape.child(0));
  if (!values.isStatic)
    return r.error() << "expects a static vector mode (mode 0), but got " << text(IntTuple(shape.child(0)));
  cutelayout::MmaAtom traits = mma.getMmaAtom();
  const Layout &tv = cutelayout::atomLayoutTV(traits, *role);
  if (!cutelayout::isStatic(tv.shape))
    return r.error() << "expects an atom whose vector mode is static, but " << atom.type << " has " << text(tv);
  if (values.value != valuesPerThread(tv))
    return r.error() << "expects a vector mode of " << valuesPerThread(tv) << " values (the atom's per thread of "
                     << *role << "), but got " << values.value;
  // A shape is a compact fragment; a partitioned view's is the core's (CuTe's
  // make_fragment_A/B/C).
  cutelayout::Expected<Layout> frag = isView ? cutelayout::makeMmaFragment(*role, v.layout())
                                             : cutelayout::Expected<Layout>(cutelayout::makeLayout(shape));
  if (!frag)
    return r.error() << "unable to make fragment-like layout from " << text(v.layout()) << ": " << frag.error().message;
  out.value = TypeValue::ofLayout(*frag);
  return out;
}

void MmaMakeFragmentOp::getEffects(SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // A fragment is register memory allocated here.
  effects.emplace_back(MemoryEffects::Allocate::get(), getOperation()->getOpResult(0),
                       SideEffects::AutomaticAllocationScopeResource::get());
}

// --- atom calls -------------------------------------------------------------------------

namespace {

/// A view operand of an atom call whose elements are `element`.
FailureOr<CuteMemRefType> callView(Operation *op, Value v, StringRef name, Type element) {
  auto view = dyn_cast<CuteMemRefType>(v.getType());
  if (!view)
    return op->emitOpError("expects `") << name << "` to be a view (!cute.memref), but got " << v.getType();
  if (view.getElementType() != element)
    return op->emitOpError("expects `") << name << "` to hold the atom's " << element << ", but got "
                                        << view.getElementType();
  return view;
}

/// The static size of mode 0 of a view's layout (its size when it has rank 1, and a rank-0
/// layout's one element, as CuTe's size of a rank-0 tensor), or nothing.
std::optional<int64_t> firstModeSize(CuteMemRefType view) {
  const TypeValue &l = view.getLayoutValue();
  if (!l.hasValue() || l.isComposed())
    return std::nullopt;
  Layout layout = l.layout();
  Int n = cutelayout::product(layout.rank() <= 1 ? layout.shape : layout.shape.child(0));
  return n.isStatic ? std::optional<int64_t>(n.value) : std::nullopt;
}

} // namespace

LogicalResult CopyAtomCallOp::verify() {
  auto atom = dyn_cast<CopyAtomTypeInterface>(getAtom().getType());
  if (!atom)
    return emitOpError("expects a copy atom (a type with the copy atom interface), but got ") << getAtom().getType();
  Type element = atom.getValueType();
  FailureOr<CuteMemRefType> src = callView(*this, getSrc(), "src", element);
  if (failed(src))
    return failure();
  FailureOr<CuteMemRefType> dst = callView(*this, getDst(), "dst", element);
  if (failed(dst))
    return failure();
  // CuTe's Copy_Atom::call: the atom's values per thread in the first mode (the rest
  // modes repeat the atom).
  cutelayout::CopyAtom core = atom.getCopyAtom();
  int64_t perSrc = valuesPerThread(core.layoutSrc), perDst = valuesPerThread(core.layoutDst);
  if (std::optional<int64_t> n = firstModeSize(*src); n && *n != perSrc)
    return emitOpError("expects `src` to hold the atom's ")
           << perSrc << " values per thread in its first mode, but got " << *n;
  if (std::optional<int64_t> n = firstModeSize(*dst); n && *n != perDst)
    return emitOpError("expects `dst` to hold the atom's ")
           << perDst << " values per thread in its first mode, but got " << *n;
  return success();
}

namespace {

/// An operand of an MMA call (cute.mma_atom_call, cute.gemm): its name and the atom operand
/// whose values it holds (D holds C's).
struct MmaOperand {
  Value v;
  StringRef name;
  char role;
};

/// The operands d, a, b, c of an MMA call, in the order they are checked.
std::array<MmaOperand, 4> mmaOperands(Value d, Value a, Value b, Value c) {
  return {{{d, "d", 'C'}, {a, "a", 'A'}, {b, "b", 'B'}, {c, "c", 'C'}}};
}

/// The MMA atom of an MMA call's first operand, or the error.
FailureOr<MmaAtomTypeInterface> mmaCallAtom(Operation *op, Value atom) {
  auto mma = dyn_cast<MmaAtomTypeInterface>(atom.getType());
  if (!mma)
    return op->emitOpError("expects an MMA atom (a type with the MMA atom interface), but got ") << atom.getType();
  return mma;
}

} // namespace

LogicalResult MmaAtomCallOp::verify() {
  FailureOr<MmaAtomTypeInterface> atom = mmaCallAtom(*this, getAtom());
  if (failed(atom))
    return failure();
  cutelayout::MmaAtom core = atom->getMmaAtom();
  for (const MmaOperand &o : mmaOperands(getD(), getA(), getB(), getC())) {
    FailureOr<CuteMemRefType> view = callView(*this, o.v, o.name, atom->getOperandType(o.role));
    if (failed(view))
      return failure();
    const TypeValue &l = view->getLayoutValue();
    if (l.form() != TypeValue::Form::Kind && l.rank() != 1)
      return emitOpError("expects rank-1 fragments (one atom's values), but `") << o.name << "` has rank " << l.rank();
    int64_t want = valuesPerThread(cutelayout::atomLayoutTV(core, o.role));
    if (std::optional<int64_t> n = firstModeSize(*view); n && *n != want)
      return emitOpError("expects `") << o.name << "` to hold the atom's " << want << " values per thread, but got "
                                      << *n;
  }
  return success();
}

LogicalResult GemmOp::verify() {
  FailureOr<MmaAtomTypeInterface> atom = mmaCallAtom(*this, getAtom());
  if (failed(atom))
    return failure();
  cutelayout::MmaAtom core = atom->getMmaAtom();
  std::array<MmaOperand, 4> operands = mmaOperands(getD(), getA(), getB(), getC());
  // The static shape of each fragment, (V, X, Y); all checks wait for a known layout.
  std::optional<std::array<int64_t, 3>> shapes[4];
  for (auto [i, o] : llvm::enumerate(operands)) {
    FailureOr<CuteMemRefType> view = callView(*this, o.v, o.name, atom->getOperandType(o.role));
    if (failed(view))
      return failure();
    const TypeValue &l = view->getLayoutValue();
    if (l.form() == TypeValue::Form::Kind || !l.hasValue())
      continue;
    if (l.isComposed() || l.rank() != 3)
      return emitOpError("expects fragments of rank 3 ((V,M,N), (V,M,K), (V,N,K)), but `")
             << o.name << "` has " << (l.isComposed() ? "a composed layout" : "rank " + std::to_string(l.rank()));
    Layout layout = l.layout();
    std::array<int64_t, 3> shape;
    for (int m = 0; m < 3; ++m) {
      Int n = cutelayout::product(layout.shape.child(m));
      if (!n.isStatic)
        return emitOpError("expects fragments of a static shape, but mode ")
               << m << " of `" << o.name << "` has a runtime size";
      shape[m] = n.value;
    }
    int64_t want = valuesPerThread(cutelayout::atomLayoutTV(core, o.role));
    if (shape[0] != want)
      return emitOpError("expects `") << o.name << "` to hold the atom's " << want
                                      << " values per thread in its first mode, but got " << shape[0];
    shapes[i] = shape;
  }
  // D and C are (V,M,N), A (V,M,K), B (V,N,K).
  struct Same {
    int x, xm, y, ym;
    const char *what;
  } same[] = {{0, 1, 1, 1, "M"}, {0, 2, 2, 1, "N"}, {1, 2, 2, 2, "K"}, {3, 1, 1, 1, "M"}, {3, 2, 2, 1, "N"}};
  for (const Same &s : same)
    if (shapes[s.x] && shapes[s.y] && (*shapes[s.x])[s.xm] != (*shapes[s.y])[s.ym])
      return emitOpError("expects `") << operands[s.x].name << "` and `" << operands[s.y].name << "` to agree on "
                                      << s.what << ", but got " << (*shapes[s.x])[s.xm] << " and "
                                      << (*shapes[s.y])[s.ym];
  return success();
}
