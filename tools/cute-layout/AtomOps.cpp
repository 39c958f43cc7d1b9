// The command line's MMA operations: argument checks and conversions around the core's
// Atom.h (AtomOps.h).
#include "AtomOps.h"

#include "Operations.h"

namespace cutelayout::cli {

namespace {

/// Argument i as an MMA atom: an atom value, or the name of an MMA operation (from Python,
/// make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2,2,1))).
Expected<MmaAtom> atomArg(ValueRefs args, size_t i) {
  const Value &v = args[i];
  if (v.kind == Value::Kind::MmaAtom)
    return v.mma->atom;
  if (v.kind == Value::Kind::Name && isMmaOperation(v.name))
    return mmaAtom(v.name);
  return makeError("argument " + std::to_string(i + 1) +
                   " must be an MMA atom (MMA_Atom<...>{} or an MMA operation such as "
                   "SM80_16x8x16_F16F16F16F16_TN{}) but is " +
                   std::string(kindName(v.kind)) + " " + printValue(v, Style::Plain));
}

/// Argument i as a tiled MMA (an MMA atom is the tiled MMA of one atom, as in CuTe).
Expected<TiledMma> tiledMmaArg(ValueRefs args, size_t i) {
  const Value &v = args[i];
  if (v.kind == Value::Kind::TiledMma)
    return *v.mma;
  if (v.kind == Value::Kind::MmaAtom || v.kind == Value::Kind::Name)
    return makeTiledMma(CL_TRY(atomArg(args, i)),
                        makeLayout(IntTuple::makeTuple({IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1)),
                                                        IntTuple(Int::fixed(1))})),
                        nullptr);
  return makeError("argument " + std::to_string(i + 1) + " must be a tiled MMA or an MMA atom but is " +
                   kindName(v.kind) + " " + printValue(v, Style::Plain));
}

} // namespace

bool isMmaOperation(std::string_view name) {
  for (const char *const *n = mmaAtomNames(); *n; ++n)
    if (name == *n)
      return true;
  return false;
}

Expected<Value> mmaAtomValue(std::string_view name) {
  MmaAtom atom = CL_TRY(mmaAtom(name));
  return Value::ofMma(TiledMma{std::move(atom), Layout{}, Tiler{}}, true);
}

Expected<Value> makeTiledMmaOp(ValueRefs args) {
  MmaAtom atom = CL_TRY(atomArg(args, 0));
  Layout atoms = CL_TRY(layoutOrShape(args[1]));
  if (args.size() == 2)
    return Value::ofMma(CL_TRY(makeTiledMma(atom, atoms, nullptr)), false);
  Tiler permutation = CL_TRY(asTiler(args[2]));
  return Value::ofMma(CL_TRY(makeTiledMma(atom, atoms, &permutation)), false);
}

Expected<Value> layoutTVOp(ValueRefs args, char which) {
  return Value::ofLayout(CL_TRY(layoutTV(CL_TRY(tiledMmaArg(args, 0)), which)));
}

Expected<Value> tileSizeOp(ValueRefs args) {
  TiledMma m = CL_TRY(tiledMmaArg(args, 0));
  if (args[1].kind != Value::Kind::Tuple || !args[1].tuple.isInt() || args[1].tuple.asInt().value < 0 ||
      args[1].tuple.asInt().value > 2)
    return makeError("argument 2 must be 0, 1 or 2 (M, N or K) but is " + printValue(args[1], Style::Plain));
  return Value::ofInt(tileSize(m, uint32_t(args[1].tuple.asInt().value)));
}

Expected<Value> partitionOp(ValueRefs args, char which) {
  TiledMma m = CL_TRY(tiledMmaArg(args, 0));
  if (args[1].kind != Value::Kind::Tuple || !args[1].tuple.isInt())
    return makeError("argument 2 (the thread) must be an integer but is " + printValue(args[1], Style::Plain));
  Tensor t;
  if (args[2].kind == Value::Kind::Tensor) {
    t = *args[2].tensor;
  } else {
    // CuTe's counting_iterator<int>(0): a runtime int.
    t = CL_TRY(makeCountingTensor(Int::dynamic(0), CL_TRY(layoutOrShape(args[2]))));
  }
  Tensor p = CL_TRY(partition(m, which, args[1].tuple.asInt(), t));
  Value v;
  v.kind = Value::Kind::Tensor;
  v.tensor = std::make_shared<const Tensor>(std::move(p));
  return v;
}

} // namespace cutelayout::cli
