// Tensor: CuTe's Tensor over an iterator that holds no memory, an iterator plus a layout.
// The element at coordinate c is `iterator + layout(c)`:
//   counting_iter(n)   a counting iterator (CuTe's counting_iterator<int>): n + an index
//   ArithTuple(t)      an arithmetic-tuple iterator (CuTe's ArithmeticTupleIterator): the
//                      coordinate t plus a coordinate, for layouts with basis strides
// Slicing, tiling and partitioning a tensor act on its layout and move the iterator by the
// offset of the slice, as CuTe's tensor algebra does; so a thread's partition of the
// identity tensor says which global coordinates it holds, and a counting tensor's which
// indices. (Pointers with an address space are the dialect's views, not the core's.)
//
// Representation invariant: a Counting iterator's value is an integer; an ArithTuple
// iterator's is an integer or an arithmetic tuple (no `_`, no basis leaf). The layout is a
// plain layout (tensors over composed layouts are not supported yet).
//   make_identity_tensor((4,2))          ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)
//   local_partition(counting_iter(0) o (16,8):(1,16), (4,2), 3)
//                                        counting_iter(3) o (_4,_4):(_4,_32)
#pragma once

#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct TensorIterator {
  enum class Kind : uint8_t { Counting, ArithTuple };
  Kind kind = Kind::Counting;
  IntTuple value;

  bool operator==(const TensorIterator &o) const { return kind == o.kind && value == o.value; }
};

struct Tensor {
  TensorIterator iterator;
  Layout layout;

  bool operator==(const Tensor &o) const {
    return iterator == o.iterator && layout.shape == o.layout.shape && layout.stride == o.layout.stride;
  }
};

/// CuTe's make_tensor(counting_iterator<int>(start), l).
/// @pre start is an integer (else an error)
Expected<Tensor> makeCountingTensor(Int start, const Layout &l);
/// CuTe's make_identity_tensor(shape): ArithTuple of shape's profile at _0, over
/// make_layout(shape, make_basis_like(shape)).
/// @pre shape is a shape: no `_`, no basis (else an error)
/// @post crd2idx(c, result) == c for every coordinate c of shape
Expected<Tensor> makeIdentityTensor(TupleView shape);

/// The element at coordinate (or index) c: iterator + layout(c), CuTe's tensor(c).
/// @pre c has no `_` and is a coordinate of the layout (crd2idx's @pre)
/// Example: make_identity_tensor((4,2)) at 5 is (_1,_1).
Expected<IntTuple> elementAt(const Tensor &t, TupleView c);

/// CuTe's tensor(c) with `_` in c: the sliced layout, the iterator moved to c's element
/// with every `_` at 0. Example: make_identity_tensor((4,2)) at (_,1) is
/// ArithTuple(_0,_1) o (_4):(_1@0).
Expected<Tensor> slice(TupleView c, const Tensor &t);
/// The tensor with its layout replaced (the divides and composition keep the iterator).
Tensor withLayout(const Tensor &t, Layout l);

/// CuTe's local_tile and local_partition of a tensor: the layout's, with the iterator
/// moved to the tile's (or the thread's first) element.
Expected<Tensor> localTile(const Tensor &t, const Tiler &tiler, TupleView coord, const IntTuple *projection);
Expected<Tensor> localPartition(const Tensor &t, const Layout &threads, TupleView index, const IntTuple *projection);

/// CuTe's print of an iterator: `counting_iter(3)`, `ArithTuple(_0,_1)`, `ArithTuple_0`.
std::string print(const TensorIterator &it, Style style);
/// CuTe's print: `counting_iter(3) o (_4,_4):(_4,_32)`, `ArithTuple(_0,_1) o (_4):(_1@0)`.
std::string print(const Tensor &t, Style style);

CUTELAYOUT_ABI_END
} // namespace cutelayout
