// The operation table's calls on tensors over counting, arithmetic-tuple and shared-memory
// pointer iterators (core Tensor.h): CuTe's make_tensor, make_identity_tensor,
// counting_iterator and make_smem_ptr, and the tensor algebra, which acts on the layout
// (a composed one's inner layout) and moves the iterator as CuTe's does.
#pragma once

#include "Value.h"

#include <functional>
#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// Calls operation `name` where an argument is a tensor or an iterator. The divides,
/// composition, coalesce, flatten and group_modes act on the tensor's layout (`plain`
/// with the layout in place of argument 1) and keep its iterator; size, cosize, rank,
/// depth, shape, stride and layout answer for the layout; crd2idx gives the element,
/// slice, local_tile and local_partition move the iterator; any other call is an error
/// naming the argument CuTe has no overload for. A tensor over a composed layout calls
/// `lifted` (the composed layouts' rules, ComposedOps.h) with that layout instead.
Expected<Value> callWithTensor(std::string_view name, ValueRefs args,
                               const std::function<Expected<Value>(ValueRefs)> &plain,
                               const std::function<Expected<Value>(ValueRefs)> &lifted);

/// counting_iterator(n) and counting_iterator<int>(n): an iterator at n (a runtime int).
Expected<Value> countingIteratorOp(ValueRefs args);
/// make_smem_ptr<T>(address) and make_smem_ptr<T>(nullptr): a shared-memory pointer to
/// elements of T at a byte address (CuTe's make_smem_ptr<T>((void*)address)), a runtime value.
Expected<Value> smemPointerOp(ValueRefs args);
/// make_tensor(iterator, L), make_tensor(iterator, composition(Swizzle<B,M,S>{}, L)) and
/// make_tensor(iterator, shape[, stride | LayoutLeft | ...]).
Expected<Value> makeTensorOp(ValueRefs args, const std::function<Expected<Value>(ValueRefs)> &makeLayout);
/// make_identity_tensor(shape).
Expected<Value> makeIdentityTensorOp(ValueRefs args);

} // namespace cutelayout::cli
