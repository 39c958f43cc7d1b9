// The operation table's calls on tensors over counting and arithmetic-tuple iterators
// (core Tensor.h): CuTe's make_tensor, make_identity_tensor and counting_iterator, and
// the tensor algebra, which acts on the layout and moves the iterator as CuTe's does.
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
/// naming the argument CuTe has no overload for.
Expected<Value> callWithTensor(std::string_view name, ValueRefs args,
                               const std::function<Expected<Value>(ValueRefs)> &plain);

/// counting_iterator(n) and counting_iterator<int>(n): an iterator at n (a runtime int).
Expected<Value> countingIteratorOp(ValueRefs args);
/// make_tensor(iterator, L) and make_tensor(iterator, shape[, stride | LayoutLeft | ...]).
Expected<Value> makeTensorOp(ValueRefs args, const std::function<Expected<Value>(ValueRefs)> &makeLayout);
/// make_identity_tensor(shape).
Expected<Value> makeIdentityTensorOp(ValueRefs args);

} // namespace cutelayout::cli
