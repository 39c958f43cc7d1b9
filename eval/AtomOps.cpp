// The command line's MMA operations: argument checks and conversions around the core's
// Atom.h (AtomOps.h).
#include "AtomOps.h"

#include "Arguments.h"

#include "cutelayout/IntTupleMath.h"

namespace cutelayout::cli {

namespace {

/// Argument i as an MMA atom: an atom value, or the name of an MMA operation (from Python,
/// make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2,2,1))).
Expected<MmaAtom> atomArg(ValueRefs args, size_t i) {
  const Value &v = args[i];
  if (v.kind == Value::Kind::MmaAtom)
    return v.mma()->atom;
  if (v.kind == Value::Kind::Name && isMmaAtomName(v.name))
    return mmaAtom(v.name);
  return makeError("argument " + std::to_string(i + 1) +
                   " must be an MMA atom (MMA_Atom<...>{} or an MMA operation such as "
                   "SM80_16x8x16_F16F16F16F16_TN{}) but is " +
                   std::string(kindName(v.kind)) + " " + describe(v));
}

/// Argument i as a tiled MMA (an MMA atom is the tiled MMA of one atom, as in CuTe).
Expected<TiledMma> tiledMmaArg(ValueRefs args, size_t i) {
  const Value &v = args[i];
  if (v.kind == Value::Kind::TiledMma)
    return *v.mma();
  if (v.kind == Value::Kind::MmaAtom || v.kind == Value::Kind::Name)
    return makeTiledMma(
        CL_TRY(atomArg(args, i)),
        makeLayout(IntTuple::makeTuple({IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1))})),
        nullptr);
  return makeError("argument " + std::to_string(i + 1) + " must be a tiled MMA or an MMA atom but is " +
                   kindName(v.kind) + " " + describe(v));
}

/// Argument i as a tiled copy (a copy atom alone has no thread layout: refused).
Expected<const TiledCopy *> tiledCopyArg(ValueRefs args, size_t i) {
  const Value &v = args[i];
  if (v.kind == Value::Kind::TiledCopy)
    return v.copy();
  return makeError("argument " + std::to_string(i + 1) + " must be a tiled copy (make_tiled_copy) but is " +
                   kindName(v.kind) + " " + describe(v));
}

/// Argument 1 as a thread index: CuTe's get_slice takes a runtime int, so the thread's
/// offset is a runtime value however the index is written (its range is still checked,
/// R18).
Expected<Int> threadArg(ValueRefs args) {
  if (args[1].kind != Value::Kind::Tuple || !args[1].tuple.isInt())
    return makeError("argument 2 (the thread) must be an integer but is " + printValue(args[1], Style::Plain));
  return Int::dynamic(args[1].tuple.asInt().value);
}

/// Argument 2 as the tensor to partition: a tensor, or a layout or shape as the counting
/// tensor over it (CuTe's make_tensor(counting_iterator<int>(0), L): a runtime int).
Expected<Tensor> tensorArg(ValueRefs args) {
  if (args[2].kind == Value::Kind::Tensor)
    return *args[2].tensor();
  return makeCountingTensor(Int::dynamic(0), CL_TRY(layoutOrShape(args[2])));
}

Value tensorValue(Tensor t) { return Value::ofTensor(std::move(t)); }

} // namespace

Expected<Value> copyOperationName(std::string_view name, const std::vector<Value> &templateArgs) {
  Value v;
  v.kind = Value::Kind::Name;
  v.name.assign(name.data(), name.size());
  if (copyOperationTakesType(name)) {
    if (templateArgs.empty() || templateArgs[0].kind != Value::Kind::Name)
      return makeError("takes the copied type: " + v.name + "<uint128_t>");
    v.name += "<" + templateArgs[0].name + ">";
  } else if (!templateArgs.empty()) {
    return makeError("takes no template arguments");
  }
  return v;
}

Expected<Value> copyAtomValue(const std::vector<Value> &templateArgs) {
  if (templateArgs.size() != 2 || templateArgs[0].kind != Value::Kind::Name)
    return makeError("takes a copy operation and a value type: Copy_Atom<UniversalCopy<uint128_t>, half_t>");
  int64_t bits = CL_TRY(elementBits(templateArgs[1]));
  CopyAtom atom = CL_TRY(copyAtom(templateArgs[0].name, bits));
  return Value::ofCopy(TiledCopy{std::move(atom), Layout{}, IntTuple()}, true);
}

Expected<Value> makeTiledCopyOp(ValueRefs args, char which) {
  if (args[0].kind != Value::Kind::CopyAtom)
    return makeError("argument 1 must be a copy atom (Copy_Atom<op, T>{}) but is " +
                     std::string(kindName(args[0].kind)) + " " + describe(args[0]));
  const CopyAtom &atom = args[0].copy()->atom;
  if (which == 0) {
    Layout threads = CL_TRY(layoutOrShape(args[1])), values = CL_TRY(layoutOrShape(args[2])); // in order (F16)
    return Value::ofCopy(CL_TRY(makeTiledCopy(atom, threads, values)), false);
  }
  return Value::ofCopy(CL_TRY(makeTiledCopyFor(atom, CL_TRY(tiledMmaArg(args, 1)), which)), false);
}

Expected<Value> copyLayoutTVOp(ValueRefs args, char which) {
  return Value::ofLayout(CL_TRY(layoutTV(*CL_TRY(tiledCopyArg(args, 0)), which)));
}

Expected<Value> copyPartitionOp(ValueRefs args, char which) {
  const TiledCopy &c = *CL_TRY(tiledCopyArg(args, 0));
  auto thread = CL_TRY(threadArg(args)); // before the tensor (F16)
  return tensorValue(CL_TRY(partition(c, which, thread, CL_TRY(tensorArg(args)))));
}

Expected<Value> mmaAtomValue(std::string_view name) {
  MmaAtom atom = CL_TRY(mmaAtom(name));
  return Value::ofMma(TiledMma{std::move(atom), Layout{}, Tiler{}}, true);
}

Expected<Value> makeTiledMmaOp(ValueRefs args) {
  MmaAtom atom = CL_TRY(atomArg(args, 0));
  // CuTe's default atom layout: one atom, Layout<Shape<_1,_1,_1>>.
  IntTuple one(kStatic1);
  Layout atoms = args.size() == 1 ? makeLayout(IntTuple::makeTuple({one, one, one})) : CL_TRY(layoutOrShape(args[1]));
  if (args.size() <= 2)
    return Value::ofMma(CL_TRY(makeTiledMma(atom, atoms, nullptr)), false);
  Tiler permutation = CL_TRY(asTiler(args[2]));
  return Value::ofMma(CL_TRY(makeTiledMma(atom, atoms, &permutation)), false);
}

Expected<Value> layoutTVOp(ValueRefs args, char which) {
  return Value::ofLayout(CL_TRY(layoutTV(CL_TRY(tiledMmaArg(args, 0)), which)));
}

Expected<Value> tileSizeOp(ValueRefs args) {
  if (args[0].kind == Value::Kind::TiledCopy) { // CuTe's tile_size<i>(TiledCopy): size<i>(Tiler_MN)
    const IntTuple &tile = args[0].copy()->tilerMN;
    if (args[1].kind != Value::Kind::Tuple || !args[1].tuple.isInt() || args[1].tuple.asInt().value < 0 ||
        args[1].tuple.asInt().value >= int64_t(tile.rank()))
      return makeError("argument 2 must be a mode of the tile " + print(tile) + " but is " +
                       printValue(args[1], Style::Plain));
    return Value::ofInt(product(tile.child(uint32_t(args[1].tuple.asInt().value))));
  }
  TiledMma m = CL_TRY(tiledMmaArg(args, 0));
  if (args[1].kind != Value::Kind::Tuple || !args[1].tuple.isInt() || args[1].tuple.asInt().value < 0 ||
      args[1].tuple.asInt().value > 2)
    return makeError("argument 2 must be 0, 1 or 2 (M, N or K) but is " + printValue(args[1], Style::Plain));
  return Value::ofInt(tileSize(m, uint32_t(args[1].tuple.asInt().value)));
}

Expected<Value> partitionFragmentOp(ValueRefs args, char which) {
  TiledMma m = CL_TRY(tiledMmaArg(args, 0));
  auto thread = CL_TRY(threadArg(args)); // before the tensor (F16)
  return Value::ofLayout(CL_TRY(partitionFragment(m, which, thread, CL_TRY(tensorArg(args)))));
}

Expected<Value> partitionOp(ValueRefs args, char which) {
  TiledMma m = CL_TRY(tiledMmaArg(args, 0));
  auto thread = CL_TRY(threadArg(args)); // before the tensor (F16)
  return tensorValue(CL_TRY(partition(m, which, thread, CL_TRY(tensorArg(args)))));
}

} // namespace cutelayout::cli
