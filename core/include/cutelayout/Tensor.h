// Tensor: CuTe's Tensor over an iterator that holds no memory, an iterator plus a layout.
// The element at coordinate c is `iterator + layout(c)`:
//   counting_iter(n)   a counting iterator (CuTe's counting_iterator<int>): n + an index
//   ArithTuple(t)      an arithmetic-tuple iterator (CuTe's ArithmeticTupleIterator): the
//                      coordinate t plus a coordinate, for layouts with basis strides
//   smem_ptr[16b](a)   a shared-memory pointer (CuTe's make_smem_ptr<T>): byte address a,
//                      elements of 16 bits; it moves by whole elements, a + 2 * index
//   ptr[16b](rmem)     a register array (CuTe's owning make_tensor<T>(layout), which
//                      make_tensor_like builds): its value is the byte offset into the
//                      array, printed rmem+0x20 past the start. CuTe prints the array's
//                      stack address there, which no two runs share, so no print can be
//                      CuTe's; the rest of the tensor (bits, layout) prints as CuTe's
// Slicing, tiling and partitioning a tensor act on its layout and move the iterator by the
// offset of the slice, as CuTe's tensor algebra does; so a thread's partition of the
// identity tensor says which global coordinates it holds, a counting tensor's which
// indices, a pointer tensor's where in shared memory its values start.
//
// The layout may be composed, A o O o B (CuTe's make_tensor(ptr, composition(Sw, L)), the
// swizzled shared-memory tile): the algebra acts on B and keeps A and O (CuTe's lift), and a
// slice is CuTe's slice_and_offset of the composed layout (ComposedLayout.h), which moves
// the iterator and decays to a plain layout where the remaining swizzle is linear. So a
// thread's partition of a swizzled tile is, as in CuTe, usually a plain layout from a
// swizzled start. (The dialect's views have their own pointers with address spaces.)
//
// Representation invariant: a Counting iterator's value is an integer; an ArithTuple
// iterator's is an integer or an arithmetic tuple (no `_`, no basis leaf); a SmemPtr's (an
// Rmem's) is a byte address (offset) >= 0 and valueBits a positive multiple of 8 (0 for
// the other kinds). The
// layout is plain, or B of a composed layout whose A and O are in `outer` and `offset`
// (an integer offset, no inner-swizzle inverse), over a Counting or SmemPtr iterator.
//   make_identity_tensor((4,2))          ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)
//   local_partition(counting_iter(0) o (16,8):(1,16), (4,2), 3)
//                                        counting_iter(3) o (_4,_4):(_4,_32)
//   partition_S of thread 16 of a 16x8-thread tiled copy of 8 halves a thread over
//   smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o (_64,_64):(_64,_1)
//                                        smem_ptr[16b](0x120) o ((_8,_1),_4,_1):((_1,_0),_1024,_0)
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <optional>
#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct TensorIterator {
  enum class Kind : uint8_t { Counting, ArithTuple, SmemPtr, Rmem };
  /// A pointer into memory: shared memory or a register array (they move by elements).
  bool isPointer() const { return kind == Kind::SmemPtr || kind == Kind::Rmem; }
  Kind kind = Kind::Counting;
  IntTuple value;        // the index, the coordinate, or the pointer's byte address
  int64_t valueBits = 0; // SmemPtr: the element type's width in bits

  bool operator==(const TensorIterator &o) const {
    return kind == o.kind && value == o.value && valueBits == o.valueBits;
  }
};

struct Tensor {
  TensorIterator iterator;
  Layout layout; // the layout, or B of a composed layout A o O o B
  /// A and O of a composed layout; absent for a plain one.
  std::optional<OuterFunction> outer = std::nullopt;
  IntTuple offset = IntTuple(Int::fixed(0));

  bool isComposed() const { return outer.has_value(); }
  bool operator==(const Tensor &o) const {
    return iterator == o.iterator && layout.shape == o.layout.shape && layout.stride == o.layout.stride &&
           outer.has_value() == o.outer.has_value() && (!outer || (*outer == *o.outer && offset == o.offset));
  }
};

/// CuTe's make_smem_ptr<T>((void*)address) for a T of valueBits bits: smem_ptr[16b](0x100).
/// @pre valueBits is a positive multiple of 8 (CuTe's sub-byte types are a subbyte_iterator,
///      not modelled); address >= 0 (else an error)
Expected<TensorIterator> makeSmemPtr(int64_t valueBits, Int address);

/// CuTe's make_tensor(it, l) for a layout or a composed layout (any Counting or SmemPtr
/// iterator; an ArithTuple iterator takes a plain layout).
/// @pre as said; a composed l has an integer offset and no inner-swizzle inverse
/// @post layoutOf(result) == l
Expected<Tensor> makeTensor(const TensorIterator &it, const AnyLayout &l);
/// The tensor's whole layout: the plain layout, or A o O o B.
AnyLayout layoutOf(const Tensor &t);
/// The static twin (R19, docs/semantics.md): every integer leaf static.
Tensor staticTwin(const Tensor &t);
/// True when the iterator's value and every leaf of the layout are static.
bool isStatic(const Tensor &t);

/// CuTe's make_tensor(counting_iterator<int>(start), l).
/// @pre start is an integer (else an error)
Expected<Tensor> makeCountingTensor(Int start, const Layout &l);
/// CuTe's make_identity_tensor(shape): ArithTuple of shape's profile at _0, over
/// make_layout(shape, make_basis_like(shape)).
/// @pre shape is a shape: no `_`, no basis (else an error)
/// @post crd2idx(c, result) == c for every coordinate c of shape
Expected<Tensor> makeIdentityTensor(TupleView shape);

/// The element at coordinate (or index) c: iterator + layout(c), CuTe's tensor(c).
/// @pre c has no `_` and is a coordinate of the layout (crd2idx's @pre); the iterator is
///      not a pointer (its element is memory, unknown here: an error)
/// Example: make_identity_tensor((4,2)) at 5 is (_1,_1).
Expected<IntTuple> elementAt(const Tensor &t, TupleView c);

/// CuTe's tensor(c) with `_` in c: the sliced layout, the iterator moved to c's element
/// with every `_` at 0; over a composed layout, CuTe's slice_and_offset (sliceAndOffset).
/// Example: make_identity_tensor((4,2)) at (_,1) is ArithTuple(_0,_1) o (_4):(_1@0).
/// @post over a pointer, the iterator stays at an address >= 0 (else an error)
Expected<Tensor> slice(TupleView c, const Tensor &t);
/// The tensor with its layout (B of a composed one) replaced: the divides, composition and
/// thread-value reshapes keep the iterator, and A and O (CuTe's lift to A o O o B).
Tensor withLayout(const Tensor &t, Layout l);

/// CuTe's local_tile and local_partition of a tensor: the layout's, with the iterator
/// moved to the tile's (or the thread's first) element.
Expected<Tensor> localTile(const Tensor &t, const Tiler &tiler, TupleView coord, const IntTuple *projection);
Expected<Tensor> localPartition(const Tensor &t, const Layout &threads, TupleView index, const IntTuple *projection);

/// CuTe's make_tensor_like<T>(x): a register tensor of elements of valueBits bits over
/// make_layout_like of x's layout (Layout.h), at the start of its array; of a tensor with
/// valueBits 0, of the tensor's element type (a pointer's, or a counting iterator's int).
/// @pre a plain layout with integer strides whose make_layout_like is static (CuTe:
///      "Dynamic owning tensors not supported"); valueBits a positive multiple of 8; a
///      tensor's element type known (not a coordinate iterator's)
/// @post layout == makeLayoutLike(x's layout); the iterator is Rmem at offset 0
/// Example: make_tensor_like<float>((4,8):(0,1)) = ptr[32b](rmem) o (_4,_8):(_0,_1)
Expected<Tensor> makeTensorLike(const Layout &l, int64_t valueBits);
Expected<Tensor> makeTensorLike(const Tensor &t, int64_t valueBits);

/// CuTe's inner_partition and outer_partition of a tensor (Tiler.h): the layout's, with the
/// iterator moved to the first element of the slice.
/// Example: inner_partition(counting_iter(0) o (8,8):(1,8), (4,4), (1,1)) = counting_iter(36) o (4,4):(1,8)
Expected<Tensor> innerPartition(const Tensor &t, const Tiler &tiler, TupleView coord);
Expected<Tensor> outerPartition(const Tensor &t, const Tiler &tiler, TupleView coord);

/// CuTe's domain_offset(coord, tensor): the same layout, the iterator moved by L(coord); over
/// a composed layout, the iterator stays and L(coord) joins the composed layout's offset.
/// @pre domain_offset's @pre of the layout (Layout.h, ComposedLayout.h); a pointer stays at
///      an address >= 0
/// @post the element at c of the result is the element at coord + c of t, where both exist
/// Example: domain_offset((1,2), smem_ptr[16b](0x100) o (4,8):(1,4)) = smem_ptr[16b](0x112) o (4,8):(1,4)
Expected<Tensor> domainOffset(TupleView coord, const Tensor &t);

/// CuTe's recast<T>(tensor) of a tensor over a pointer to elements of oldBits bits, to T of
/// newBits bits: the layout's recast_layout (Layout.h, ComposedLayout.h) over the same
/// address read as T. An upcast of a plain layout with negative strides also moves the
/// address back by the extent the narrower modes lose there, as CuTe does; CuTe checks no
/// alignment of the address, and neither is it checked here.
/// @pre a pointer iterator (a counting or coordinate iterator has no element type to
///      recast); newBits a positive multiple of 8; recast_layout's @pre
/// @post the result covers the same bytes; its element bits are newBits
/// Example: recast(smem_ptr[16b](0x100) o (4,8):(-1,4), 32) = smem_ptr[32b](0xfc) o (2,8):(-1,2)
Expected<Tensor> recast(const Tensor &t, int64_t newBits);

/// CuTe's max_alignment(tensor) in bits: gcd of the pointer's statically known alignment
/// (none, CuTe's _0: a pointer's address is a runtime value) and max_alignment(layout) times
/// the element's bits, so max_alignment(layout) * bits.
/// @pre a pointer iterator over a plain layout (CuTe defines it for those alone here)
/// Example: max_alignment(smem_ptr[16b](0x100) o (_4,_8):(_1,_4)) = _512
Expected<Int> maxAlignment(const Tensor &t);

/// CuTe's print of an iterator: `counting_iter(3)`, `ArithTuple(_0,_1)`, `ArithTuple_0`,
/// `smem_ptr[16b](0x120)` and, at address 0, `smem_ptr[16b]((nil))` (printf's %p).
std::string print(const TensorIterator &it, Style style);
/// CuTe's print: `counting_iter(3) o (_4,_4):(_4,_32)`, `ArithTuple(_0,_1) o (_4):(_1@0)`,
/// `smem_ptr[16b]((nil)) o Sw<3,4,3> o _0 o (_64,_64):(_64,_1)`.
std::string print(const Tensor &t, Style style);

CUTELAYOUT_ABI_END
} // namespace cutelayout
