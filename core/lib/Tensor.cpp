#include "cutelayout/Tensor.h"

#include "Internal.h"
#include "cutelayout/IntTupleMath.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {
// iterator + offset: an integer sum for a counting iterator, an arithmetic-tuple sum for
// a coordinate iterator.
Expected<IntTuple> advance(const TensorIterator &it, TupleView offset) {
  if (it.kind == TensorIterator::Kind::Counting) {
    if (!offset.isInt() || offset.asInt().isBasis())
      return makeError("a counting iterator advances by an integer, not by " + print(offset) +
                       " (its layout has scaled-basis strides)");
    ArithScope scope;
    Int v = add(it.value.asInt(), offset.asInt());
    if (scope.failed())
      return scope.error("a counting iterator's offset");
    return IntTuple(v);
  }
  return addCoordinates(it.value, offset);
}
} // namespace

Expected<Tensor> makeCountingTensor(Int start, const Layout &l) {
  if (start.isBasis())
    return makeError("a counting iterator starts at an integer, not at " + print(start));
  return Tensor{TensorIterator{TensorIterator::Kind::Counting, IntTuple(start)}, l};
}

Expected<Tensor> makeIdentityTensor(TupleView shape) {
  Layout identity = CL_TRY(makeBasisLayout(shape));
  IntTuple origin = repeatLike(shape, IntTuple(Int::fixed(0)));
  return Tensor{TensorIterator{TensorIterator::Kind::ArithTuple, std::move(origin)}, std::move(identity)};
}

Expected<IntTuple> elementAt(const Tensor &t, TupleView c) {
  if (hasUnderscore(c))
    return makeError("the element of a tensor at " + print(c) + ": `_` slices, it names no element");
  IntTuple offset = CL_TRY(crd2idxGeneral(c, t.layout.shape, t.layout.stride));
  return advance(t.iterator, offset);
}

Expected<Tensor> slice(TupleView c, const Tensor &t) {
  Layout sliced = CL_TRY(slice(c, t.layout));
  IntTuple offset = CL_TRY(sliceOffset(c, t.layout.shape, t.layout.stride));
  return Tensor{TensorIterator{t.iterator.kind, CL_TRY(advance(t.iterator, offset))}, std::move(sliced)};
}

Tensor withLayout(const Tensor &t, Layout l) { return Tensor{t.iterator, std::move(l)}; }

Expected<Tensor> localTile(const Tensor &t, const Tiler &tiler, TupleView coord, const IntTuple *projection) {
  TilePlan p = CL_TRY(localTilePlan(t.layout, tiler, coord, projection));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

Expected<Tensor> localPartition(const Tensor &t, const Layout &threads, TupleView index, const IntTuple *projection) {
  TilePlan p = CL_TRY(localPartitionPlan(t.layout, threads, index, projection));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

std::string print(const TensorIterator &it, Style style) {
  if (it.kind == TensorIterator::Kind::Counting)
    return "counting_iter(" + print(it.value, style) + ")";
  return "ArithTuple" + print(it.value, style);
}

std::string print(const Tensor &t, Style style) {
  std::string out = print(t.iterator, style);
  out += " o ";
  out += print(t.layout, style);
  return out;
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
