// Basis: CuTe's scaled basis elements (ScaledBasis, E<...>) as stride leaves, and the
// arithmetic tuples (ArithmeticTuple) that layouts with such strides evaluate to.
//
// A scaled basis `v@path` is v times the unit vector at `path` in a nested coordinate
// space: E<1> is `1@1`, the unit vector of mode 1, and E<1,0> is `1@0@1`, the unit vector
// of mode 0 inside mode 1 (CuTe prints the innermost mode first). A layout whose strides
// are bases maps a coordinate to a coordinate: `(4,2):(1@0,1@1)` is the identity of
// CuTe's make_identity_tensor((4,2)). Evaluating it sums the scaled bases of the leaves
// into an arithmetic tuple, a coordinate: `(4,2):(1@0,1@1)` at index 5 is `(1,1)`.
//
// Representation invariant: a basis is an Int (Int.h) whose `basis` code is non-zero. The
// code packs the path, outermost mode first, at most kMaxBasisDepth modes of at most
// kMaxBasisMode each: bit 12 is set, bits 13-14 hold size-1 and bits 3i..3i+2 mode i.
// The value keeps CuTe's staticness (`_1@0` is static, `3@0` a runtime value). An
// arithmetic tuple is an IntTuple of integers (CuTe pads missing modes with `_0`).
//   E<1>     -> Int{1, static, code(path {1})}         printed _1@1
//   E<1,0>*3 -> Int{3, static, code(path {1,0})}       printed _3@0@1
// Not supported: rational values (CuTe's ScaledBasis over R<a,b>) are descriptor-level
// only (Descriptor.h); a stride leaf's value is an integer.
#pragma once

#include "cutelayout/IntTuple.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Support.h"

#include <cstdint>
#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

constexpr unsigned kMaxBasisDepth = 4; // modes per path
constexpr unsigned kMaxBasisMode = 7;  // the largest mode index

/// The mode path of a basis, outermost mode first: CuTe's E<1,0> is {1,0}.
struct BasisPath {
  uint8_t size = 0;
  uint8_t modes[kMaxBasisDepth] = {};
  bool operator==(const BasisPath &o) const;
};

/// value@path as a stride leaf, with value's staticness.
/// @pre 1 <= path.size <= kMaxBasisDepth and every mode <= kMaxBasisMode (else an error
///      naming the path); value is an integer
/// Example: makeBasis(_1, {1,0}) prints `_1@0@1`.
Expected<Int> makeBasis(Int value, const BasisPath &path);
/// The path of a basis leaf; size 0 for an integer.
BasisPath basisPath(Int x);
/// The packed code of a path. @pre the path satisfies makeBasis's @pre
uint16_t basisCode(const BasisPath &path);

/// CuTe's text of a basis leaf: the value then `@mode` innermost first (`_3@0@1`, or `3@0`
/// for a runtime value, or with `?` in the Type style).
void appendBasisSuffix(std::string &out, uint16_t code);

/// True when some leaf of t is a basis (IntTuple.h).
using cutelayout::hasBasis;
/// The error of an operation CuTe defines for integer strides only, naming the layout:
/// "complement of (4,2):(_1@0,_1@1): CuTe needs integer strides here, not scaled bases".
Error basisStridesUnsupported(const char *op, const std::string &layoutText);

/// CuTe's ArithmeticTuple sum: a + b where each is an integer, a basis or an arithmetic
/// tuple (a tuple of such, padded with `_0` to the longer rank, mode by mode). An integer
/// static 0 is the identity; a basis plus a basis of the same path stays a basis only
/// where CuTe keeps it (never: two bases always give a tuple, `E<0>*3 + E<0>*2` is `(5)`).
/// @pre no integer other than static 0 is added to a basis or a tuple (else an error)
/// Example: addCoordinates(_1@0, _1@1) = (_1,_1)
Expected<IntTuple> addCoordinates(TupleView a, TupleView b);

/// The arithmetic tuple of one basis: `3@1` is (_0,3), `1@0@1` is (_0,(1)).
IntTuple basisAsTuple(Int x);

/// CuTe's crd2idx for strides that may be scaled bases: the sum of coordinate times stride
/// over the leaves. Integer strides give the integer crd2idx; one basis-strided leaf gives
/// that basis scaled (`8:_2@1` at 3 is `6@1`, static as CuTe makes it); two or more give
/// the arithmetic tuple of the sum (`(4,2):(_1@0,_1@1)` at 5 is `(_1,_1)`).
/// @pre coord is a coordinate of shape (crd2idx's @pre); where a stride holds a basis,
///      every integer stride leaf is _0 (CuTe cannot add an integer to a basis)
Expected<IntTuple> crd2idxGeneral(TupleView coord, TupleView shape, TupleView stride);
/// The offset of CuTe's slice_and_offset: the layout at coord with every `_` read as 0
/// (crd2idxGeneral of coord's integer parts into the modes they fix), a static _0 when
/// coord fixes no mode. Example: (_,1) into (4,2):(1@0,1@1) is _1@1.
/// @pre coord is a coordinate of shape (crd2idxGeneral's @pre for the fixed modes)
Expected<IntTuple> sliceOffset(TupleView coord, TupleView shape, TupleView stride);

/// CuTe's make_layout(shape, make_basis_like(shape)): the identity of coordinates, the
/// layout of make_identity_tensor (R7). Example: (4,2) -> (4,2):(_1@0,_1@1).
/// @pre shape is a shape: no `_`, no basis (else an error); make_basis_like's @pre
Expected<Layout> makeBasisLayout(TupleView shape);

/// CuTe's coshape of a layout with basis strides: the value at the last coordinate (an
/// arithmetic tuple) plus 1 in every mode. `(4,8):(_1@1,_2@1)` has coshape (_1,_18).
/// @pre crd2idxGeneral's @pre
Expected<IntTuple> basisCoshape(TupleView shape, TupleView stride);
/// CuTe's cosize of a layout with basis strides: the product of its coshape, the value at
/// the last coordinate plus 1 in every mode. `(4,2):(_1@0,_1@1)` has coshape (4,2): 8.
/// @pre crd2idxGeneral's @pre
Expected<Int> basisCosize(TupleView shape, TupleView stride);

/// CuTe's basis_value: the value of a basis (its scale), an integer itself.
Int basisValue(Int x);
/// CuTe's basis_get: the element of t at x's path (t itself for an integer x).
/// @pre the path exists in t (else an error naming both)
Expected<IntTuple> basisGet(Int x, TupleView t);
/// CuTe's make_basis_like: a tuple congruent with shape whose leaf at path p is `_1@p`.
/// Example: makeBasisLike((4,(2,3))) = (_1@0,(_1@0@1,_1@1@1))
/// @pre the paths fit (depth <= kMaxBasisDepth, ranks <= kMaxBasisMode + 1)
Expected<IntTuple> makeBasisLike(TupleView shape);

CUTELAYOUT_ABI_END
} // namespace cutelayout
