#include "TensorOps.h"

#include "Arguments.h"
#include "cutelayout/Basis.h"
#include "cutelayout/OperationTable.h"

#include <string>

namespace cutelayout::cli {
namespace {

bool isTensorLike(const Value &v) { return v.kind == Value::Kind::Tensor || v.kind == Value::Kind::Iterator; }

Error noOverload(std::string_view name, ValueRefs args) { return noOverloadFor(name, args, isTensorLike); }

Expected<const IntTuple *> tupleArg(const Value &v, size_t i) {
  if (v.kind != Value::Kind::Tuple)
    return makeError("argument " + std::to_string(i + 1) + " must be an int tuple but is " + kindName(v.kind) + " " +
                     printValue(v, Style::Plain));
  return &v.tuple;
}

/// The projection (CuTe's Step) of local_tile and local_partition, when given.
Expected<const IntTuple *> projectionArg(ValueRefs a, size_t i) {
  if (a.size() <= i)
    return static_cast<const IntTuple *>(nullptr);
  if (a[i].kind != Value::Kind::Tuple)
    return makeError("argument " + std::to_string(i + 1) + " (the projection) must be an int tuple but is " +
                     kindName(a[i].kind) + " " + printValue(a[i], Style::Plain));
  return &a[i].tuple;
}

Expected<Value> tensorValue(Expected<Tensor> t) {
  if (!t)
    return t.error();
  return Value::ofTensor(t.take());
}

/// make_tensor_like<T>(tensor) and make_tensor_like(tensor) (T the tensor's element type).
Expected<Value> tensorLikeOp(const Value &tensor, const Value *type) {
  int64_t bits = type ? CL_TRY(elementBits(*type)) : 0;
  return tensorValue(makeTensorLike(*tensor.tensor(), bits));
}

/// recast<T>(tensor): T a type name (or a width in bits, as recast_layout takes).
Expected<Value> recastOp(const Value &tensor, const Value &type) {
  if (tensor.kind != Value::Kind::Tensor)
    return makeError("recast<T> takes a tensor over a pointer, not " + std::string(kindName(tensor.kind)) + " " +
                     describe(tensor));
  int64_t bits = CL_TRY(elementBits(type));
  return tensorValue(recast(*tensor.tensor(), bits));
}
} // namespace

Expected<Value> callWithTensor(std::string_view name, ValueRefs args,
                               const std::function<Expected<Value>(ValueRefs)> &plain,
                               const std::function<Expected<Value>(ValueRefs)> &lifted) {
  if (name == "make_tensor")
    return plain(args);
  if (name == "append" || name == "prepend") // CuTe's tuple append holds a tensor as an element
    return tupleElementError(name, args, isTensorLike);
  // A tiled copy's or MMA's partition of a tensor (argument 3): a counting tensor, or the
  // identity tensor's coordinates (CuTe's predicate idiom); the operation reads it itself.
  if (name.substr(0, 10) == "partition_" && args.size() == 3 && args[2].kind == Value::Kind::Tensor &&
      !isTensorLike(args[0]) && !isTensorLike(args[1]))
    return plain(args);
  bool coordFirst = name == "crd2idx" || name == "slice" || name == "domain_offset";
  if ((name == "recast" || name == "make_tensor_like") && args.size() == 2 && args[1].kind == Value::Kind::Tensor &&
      !isTensorLike(args[0])) // from Python: recast("float", t), the type first
    return name == "recast" ? recastOp(args[1], args[0]) : tensorLikeOp(args[1], &args[0]);
  for (size_t i = 1; i < args.size(); ++i)
    if (isTensorLike(args[i]) && !coordFirst)
      return noOverload(name, args);
  if (coordFirst) { // (coordinate, tensor)
    if (args.size() != 2 || args[1].kind != Value::Kind::Tensor || isTensorLike(args[0]))
      return noOverload(name, args);
    const Tensor &t = *args[1].tensor();
    const IntTuple &c = *CL_TRY(tupleArg(args[0], 0));
    if (name == "slice")
      return tensorValue(slice(c, t));
    if (name == "domain_offset")
      return tensorValue(domainOffset(c, t));
    return Value::ofTuple(CL_TRY(elementAt(t, c)));
  }
  if (args.empty() || args[0].kind != Value::Kind::Tensor)
    return noOverload(name, args);
  const Tensor &t = *args[0].tensor();
  if (name == "local_tile") { // (tensor, tiler, coord[, projection])
    if (args.size() < 3)
      return makeError("local_tile of a tensor takes (tensor, tiler, coord[, projection])");
    Tiler tiler = CL_TRY(asTiler(args[1]));
    const auto *coord = CL_TRY(tupleArg(args[2], 2)); // before the projection (F16)
    return tensorValue(localTile(t, tiler, *coord, CL_TRY(projectionArg(args, 3))));
  }
  if (name == "local_partition") { // (tensor, threads, index[, projection])
    if (args.size() < 3)
      return makeError("local_partition of a tensor takes (tensor, threads, index[, projection])");
    Layout threads = CL_TRY(layoutOrShape(args[1]));
    const auto *index = CL_TRY(tupleArg(args[2], 2)); // before the projection (F16)
    return tensorValue(localPartition(t, threads, *index, CL_TRY(projectionArg(args, 3))));
  }
  if (name == "inner_partition" || name == "outer_partition") { // (tensor, tiler, coord)
    Tiler tiler = CL_TRY(asTiler(args[1]));
    const auto *coord = CL_TRY(tupleArg(args[2], 2));
    return tensorValue(name == "inner_partition" ? innerPartition(t, tiler, *coord) : outerPartition(t, tiler, *coord));
  }
  if (name == "recast") // recast<T>(tensor): T appended
    return recastOp(args[0], args[1]);
  if (name == "make_tensor_like") // make_tensor_like[<T>](tensor)
    return tensorLikeOp(args[0], args.size() == 2 ? &args[1] : nullptr);
  if (name == "max_alignment")
    return Value::ofInt(CL_TRY(maxAlignment(t)));
  const OperationFacts *facts = operationFacts(name); // the operation table's rule
  OnTensor rule = facts && facts->layoutArg == 0 ? facts->onTensor : OnTensor::Refused;
  bool keeps = rule == OnTensor::KeepsIterator;
  if (!keeps && rule != OnTensor::OfLayout)
    return noOverload(name, args);
  // A composed layout goes through the composed layouts' rules (CuTe's lift to A o O o B).
  Value layout = Value::ofAny(layoutOf(t));
  std::vector<const Value *> withLayout = args.pointers();
  withLayout[0] = &layout;
  Value r = CL_TRY(t.isComposed() ? lifted(withLayout) : plain(withLayout));
  if (!keeps)
    return r;
  if (r.kind == Value::Kind::Composed)
    return tensorValue(makeTensor(t.iterator, AnyLayout(*r.composed())));
  if (r.kind != Value::Kind::Layout)
    return makeError(std::string(name) + " of a tensor gave " + kindName(r.kind) + " " + printValue(r, Style::Plain) +
                     ", not a layout");
  return tensorValue(makeTensor(t.iterator, AnyLayout(std::move(r.layout))));
}

Expected<Value> countingIteratorOp(ValueRefs args) {
  // counting_iterator<int>(n): the template argument is appended after n.
  if (args.size() == 2 && !(args[1].kind == Value::Kind::Name && args[1].name == "int"))
    return makeError("counting_iterator<T>: T must be int");
  if (args.empty() || args[0].kind != Value::Kind::Tuple || !args[0].tuple.isInt() || args[0].tuple.asInt().isBasis())
    return makeError("argument 1 (the start) must be an integer");
  // CuTe's counting_iterator<int> holds a runtime int, whatever the literal.
  Int start = Int::dynamic(args[0].tuple.asInt().value);
  return Value::ofIterator(TensorIterator{TensorIterator::Kind::Counting, IntTuple(start)});
}

Expected<Value> smemPointerOp(ValueRefs args) {
  // make_smem_ptr<T>(address): the template argument is appended after the address; from
  // Python, make_smem_ptr("half_t", 0) names the type first.
  if (args.size() != 2)
    return makeError("make_smem_ptr<T>(address) takes the element type T, as in make_smem_ptr<half_t>(nullptr)");
  bool typeFirst = args[0].kind == Value::Kind::Name && typeBits(args[0].name) > 0;
  const Value &type = args[typeFirst ? 0 : 1], &address = args[typeFirst ? 1 : 0];
  if (type.kind != Value::Kind::Name || typeBits(type.name) <= 0)
    return makeError("make_smem_ptr<T>: T must be an element type such as half_t or float, not " +
                     printValue(type, Style::Plain));
  Int at;
  if (address.kind == Value::Kind::Name && address.name == "nullptr")
    at = Int::fixed(0);
  else if (address.kind == Value::Kind::Tuple && address.tuple.isInt() && !address.tuple.asInt().isBasis())
    at = address.tuple.asInt();
  else
    return makeError("make_smem_ptr<T>(address): the address must be nullptr or a byte address (an integer), not " +
                     printValue(address, Style::Plain));
  // A pointer is a runtime value in CuTe, whatever its address.
  return Value::ofIterator(CL_TRY(makeSmemPtr(typeBits(type.name), Int::dynamic(at.value))));
}

Expected<Value> makeTensorOp(ValueRefs args, const std::function<Expected<Value>(ValueRefs)> &makeLayout) {
  if (args.size() < 2 || args[0].kind != Value::Kind::Iterator)
    return makeError("make_tensor takes an iterator (counting_iterator<int>(n), make_smem_ptr<T>(address)) and a "
                     "layout, a composed layout, or a shape [and a stride]");
  const TensorIterator &it = args[0].tensor()->iterator;
  if (args.size() == 2 && args[1].kind == Value::Kind::Composed)
    return tensorValue(makeTensor(it, AnyLayout(*args[1].composed())));
  Layout l;
  if (args.size() == 2 && args[1].kind == Value::Kind::Layout) {
    l = *CL_TRY(plainLayout(args[1], 1));
  } else {
    Value made = CL_TRY(makeLayout(args.pointers(1)));
    l = *CL_TRY(plainLayout(made, 1));
  }
  return tensorValue(makeTensor(it, AnyLayout(std::move(l))));
}

Expected<Value> makeIdentityTensorOp(ValueRefs args) {
  return tensorValue(makeIdentityTensor(*CL_TRY(tupleArg(args[0], 0))));
}

} // namespace cutelayout::cli
