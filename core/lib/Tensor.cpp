#include "cutelayout/Tensor.h"

#include "Internal.h"
#include "cutelayout/IntTupleMath.h"

#include <cstdio>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {
// iterator + offset: an integer sum for a counting iterator, a byte address moved by whole
// elements for a pointer, an arithmetic-tuple sum for a coordinate iterator.
Expected<IntTuple> advance(const TensorIterator &it, TupleView offset) {
  if (it.kind == TensorIterator::Kind::ArithTuple)
    return addCoordinates(it.value, offset);
  bool pointer = it.isPointer();
  const char *what = pointer ? "a pointer" : "a counting iterator";
  if (!offset.isInt() || offset.asInt().isBasis())
    return makeError(std::string(what) + " advances by an integer, not by " + print(offset) +
                     " (its layout has scaled-basis strides)");
  ArithScope scope;
  Int v = pointer ? add(it.value.asInt(), mul(offset.asInt(), Int::fixed(it.valueBits / 8)))
                  : add(it.value.asInt(), offset.asInt());
  if (scope.failed())
    return scope.error(pointer ? "a pointer's address" : "a counting iterator's offset");
  if (pointer && v.value < 0)
    return makeError("the pointer " + print(it, Style::Plain) + " moved by " + print(offset) +
                     " elements would point before address 0");
  return IntTuple(v);
}

TensorIterator moved(const TensorIterator &it, IntTuple value) {
  TensorIterator r = it;
  r.value = std::move(value);
  return r;
}

/// The composed layout of a tensor over one. @pre t.outer
ComposedLayout composedOf(const Tensor &t) { return ComposedLayout{*t.outer, t.offset, t.layout}; }
} // namespace

Expected<TensorIterator> makeSmemPtr(int64_t valueBits, Int address) {
  if (valueBits <= 0 || valueBits % 8 != 0)
    return makeError("a shared-memory pointer's element type has a whole number of bytes, not " +
                     std::to_string(valueBits) + " bits (CuTe's sub-byte pointers are a subbyte_iterator)");
  if (address.isBasis() || address.value < 0)
    return makeError("a shared-memory pointer's address is an integer >= 0, not " + print(address));
  return TensorIterator{TensorIterator::Kind::SmemPtr, IntTuple(address), valueBits};
}

Expected<Tensor> makeTensor(const TensorIterator &it, const AnyLayout &l) {
  if (const Layout *plain = std::get_if<Layout>(&l)) {
    if (it.kind == TensorIterator::Kind::Counting)
      return makeCountingTensor(it.value.asInt(), *plain);
    return Tensor{it, *plain};
  }
  const ComposedLayout &c = std::get<ComposedLayout>(l);
  if (it.kind == TensorIterator::Kind::ArithTuple)
    return makeError("a coordinate (arithmetic-tuple) iterator takes a plain layout, not the composed " + print(c) +
                     " (a swizzle acts on integer offsets)");
  if (c.innerSwizzle)
    return innerSwizzleError(c, "make_tensor");
  if (!c.offset.isInt() || c.offset.asInt().isBasis())
    return makeError("make_tensor over " + print(c) + ": the offset " + print(c.offset.view()) +
                     " is not an integer, so the tensor's offsets are not integers either");
  return Tensor{it, c.inner, c.outer, c.offset};
}

AnyLayout layoutOf(const Tensor &t) {
  if (!t.outer)
    return t.layout;
  return composedOf(t);
}

Tensor staticTwin(const Tensor &t) {
  Tensor r{TensorIterator{t.iterator.kind, staticTwin(t.iterator.value), t.iterator.valueBits}, staticTwin(t.layout),
           std::nullopt, staticTwin(t.offset)};
  if (t.outer)
    r.outer = staticTwin(composedOf(t)).outer;
  return r;
}

bool isStatic(const Tensor &t) {
  if (t.outer && !isStatic(composedOf(t)))
    return false;
  return isStatic(t.iterator.value) && isStatic(t.layout.shape) && isStatic(t.layout.stride);
}

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
  if (t.iterator.isPointer())
    return makeError("the element of " + print(t, Style::Plain) + " at " + print(c) + " is a value in " +
                     (t.iterator.kind == TensorIterator::Kind::Rmem ? "registers" : "shared memory") +
                     ", which is not known here (crd2idx of its layout gives the offset)");
  if (t.outer)
    return advance(t.iterator, IntTuple(CL_TRY(crd2idx(c, composedOf(t)))));
  IntTuple offset = CL_TRY(crd2idxGeneral(c, t.layout.shape, t.layout.stride));
  return advance(t.iterator, offset);
}

Expected<Tensor> slice(TupleView c, const Tensor &t) {
  if (t.outer) {
    ComposedSlice s = CL_TRY(sliceAndOffset(c, composedOf(t)));
    TensorIterator it = moved(t.iterator, CL_TRY(advance(t.iterator, IntTuple(s.offset))));
    return makeTensor(it, s.layout);
  }
  Layout sliced = CL_TRY(slice(c, t.layout));
  IntTuple offset = CL_TRY(sliceOffset(c, t.layout.shape, t.layout.stride));
  return Tensor{moved(t.iterator, CL_TRY(advance(t.iterator, offset))), std::move(sliced)};
}

Tensor withLayout(const Tensor &t, Layout l) { return Tensor{t.iterator, std::move(l), t.outer, t.offset}; }

Expected<Tensor> localTile(const Tensor &t, const Tiler &tiler, TupleView coord, const IntTuple *projection) {
  TilePlan p = CL_TRY(localTilePlan(t.layout, tiler, coord, projection));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

Expected<Tensor> localPartition(const Tensor &t, const Layout &threads, TupleView index, const IntTuple *projection) {
  TilePlan p = CL_TRY(localPartitionPlan(t.layout, threads, index, projection));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

Expected<Tensor> makeTensorLike(const Layout &l, int64_t valueBits) {
  if (valueBits <= 0 || valueBits % 8 != 0)
    return makeError("make_tensor_like: a register array's element type has a whole number of bytes, not " +
                     std::to_string(valueBits) + " bits");
  Layout like = CL_TRY(makeLayoutLike(l));
  if (!isStatic(like.shape) || !isStatic(like.stride))
    return makeError("make_tensor_like of " + print(l) + ": its make_layout_like " + print(like) +
                     " is not static (CuTe: Dynamic owning tensors not supported)");
  return Tensor{TensorIterator{TensorIterator::Kind::Rmem, IntTuple(Int::dynamic(0)), valueBits}, std::move(like)};
}

Expected<Tensor> makeTensorLike(const Tensor &t, int64_t valueBits) {
  if (t.outer)
    return makeError("make_tensor_like of " + print(t, Style::Plain) +
                     ": CuTe's make_layout_like takes a plain layout, not a composed one");
  if (valueBits == 0) {
    if (t.iterator.kind == TensorIterator::Kind::ArithTuple)
      return makeError("make_tensor_like of " + print(t, Style::Plain) +
                       ": a coordinate tensor's elements are arithmetic tuples, which a register array does not "
                       "hold here (name the element type: make_tensor_like<T>)");
    valueBits = t.iterator.isPointer() ? t.iterator.valueBits : 32; // a counting iterator's int
  }
  return makeTensorLike(t.layout, valueBits);
}

Expected<Tensor> innerPartition(const Tensor &t, const Tiler &tiler, TupleView coord) {
  TilePlan p = CL_TRY(innerPartitionPlan(t.layout, tiler, coord));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

Expected<Tensor> outerPartition(const Tensor &t, const Tiler &tiler, TupleView coord) {
  TilePlan p = CL_TRY(outerPartitionPlan(t.layout, tiler, coord));
  return slice(p.coord, withLayout(t, std::move(p.tiled)));
}

Expected<Tensor> domainOffset(TupleView coord, const Tensor &t) {
  if (t.outer)
    return makeTensor(t.iterator, AnyLayout(CL_TRY(domainOffset(coord, composedOf(t)))));
  LayoutAndOffset at = CL_TRY(domainOffset(coord, t.layout));
  return Tensor{moved(t.iterator, CL_TRY(advance(t.iterator, at.offset))), t.layout};
}

namespace {
Error noElementType(const Tensor &t, const char *op) {
  return makeError(std::string(op) + " of " + print(t, Style::Plain) +
                   ": only a tensor over a pointer (make_smem_ptr<T>) has an element type here");
}

/// How far CuTe's recast moves the pointer on an upcast of a plain layout: the sum over the
/// flat modes of min((old extent - new extent) * old stride, _0), in old elements.
Expected<IntTuple> upcastShift(const Layout &from, const Layout &to) {
  IntTuple s0 = flattenToTuple(from.shape), s1 = flattenToTuple(to.shape), d0 = flattenToTuple(from.stride);
  if (s0.rank() != s1.rank())
    return makeError("recast: the recast layout " + print(to) + " has another rank than " + print(from));
  Int shift = kStatic0;
  TupleView::Iterator b = s1.view().begin(), d = d0.view().begin();
  for (TupleView a : s0.view()) {
    shift = add(shift, min(mul(sub(a.asInt(), (*b).asInt()), (*d).asInt()), kStatic0));
    ++b;
    ++d;
  }
  return IntTuple(shift);
}
} // namespace

Expected<Tensor> recast(const Tensor &t, int64_t newBits) {
  if (!t.iterator.isPointer())
    return noElementType(t, "recast");
  if (newBits <= 0 || newBits % 8 != 0)
    return makeError("recast: a pointer's element type has a whole number of bytes, not " + std::to_string(newBits) +
                     " bits (CuTe's sub-byte pointers are a subbyte_iterator)");
  int64_t oldBits = t.iterator.valueBits;
  if (newBits == oldBits)
    return t;
  ArithScope scope;
  TensorIterator it = t.iterator;
  it.valueBits = newBits;
  if (t.outer)
    return makeTensor(it, CL_TRY(recastLayout(composedOf(t), oldBits, newBits)));
  Layout to = CL_TRY(recastLayout(t.layout, oldBits, newBits));
  if (oldBits < newBits)
    it.value = CL_TRY(advance(t.iterator, CL_TRY(upcastShift(t.layout, to))));
  if (scope.failed())
    return scope.error("recast");
  return Tensor{std::move(it), std::move(to)};
}

Expected<Int> maxAlignment(const Tensor &t) {
  if (!t.iterator.isPointer())
    return noElementType(t, "max_alignment");
  if (t.outer)
    return makeError("max_alignment of " + print(t, Style::Plain) +
                     ": CuTe defines max_alignment for a plain layout, not a composed one");
  Int a = CL_TRY(maxAlignment(t.layout));
  ArithScope scope;
  Int bits = mul(a, Int::fixed(t.iterator.valueBits));
  if (scope.failed())
    return scope.error("max_alignment");
  return bits;
}

std::string print(const TensorIterator &it, Style style) {
  if (it.kind == TensorIterator::Kind::Counting)
    return "counting_iter(" + print(it.value, style) + ")";
  if (it.kind == TensorIterator::Kind::Rmem) { // CuTe prints the array's stack address
    std::string out = "ptr[" + std::to_string(it.valueBits) + "b](rmem";
    int64_t offset = it.value.asInt().value;
    char hex[24];
    std::snprintf(hex, sizeof hex, "+0x%llx", static_cast<unsigned long long>(offset));
    return out + (offset == 0 ? "" : hex) + ")";
  }
  if (it.kind == TensorIterator::Kind::SmemPtr) { // CuTe: smem_ + ptr[<bits>b](%p)
    std::string out = "smem_ptr[" + std::to_string(it.valueBits) + "b](";
    int64_t address = it.value.asInt().value;
    if (address == 0)
      return out + "(nil))"; // glibc's %p of a null pointer
    char hex[24];
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(address));
    return out + hex + ")";
  }
  return "ArithTuple" + print(it.value, style);
}

std::string print(const Tensor &t, Style style) {
  std::string out = print(t.iterator, style);
  out += " o ";
  if (t.outer)
    out += print(composedOf(t), style);
  else
    out += print(t.layout, style);
  return out;
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
