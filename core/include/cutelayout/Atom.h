// MMA atoms and tiled MMAs: which thread holds which values of a matrix multiply's A, B and
// C tiles, as CuTe's MMA_Atom and TiledMMA compute it.
//
// Denotes: an MMA atom is one hardware (or universal) multiply-accumulate on an M x N x K
// tile, described as data: the threads it takes (ThrID), and for each operand a
// thread-value layout, (thread, value) -> the offset of that value in the operand's
// column-major tile (M x K for A, N x K for B, M x N for C). A tiled MMA repeats the atom
// over a layout of atoms (CuTe's make_tiled_mma) and may permute each of M, N, K.
//
// Representation invariant: an atom's layouts are static; shapeMNK has rank 3;
// size(layoutX_TV) is size(thrID) times the values per thread, and its codomain is the
// operand's tile. A TiledMma's thrLayoutVMNK is tiled_product(atom.thrID, atom layout)
// (rank 4: atom threads, then M, N, K), its permutation has three modes, each `_` or a
// static layout.
//
// Examples (CuTe's answers):
//   mmaAtom("SM80_16x8x16_F16F16F16F16_TN"): Shape_MNK (16,8,16), ThrID 32:1,
//     LayoutC_TV ((4,8),(2,2)):((32,1),(16,8))
//   layoutTV(makeTiledMma(that atom, (2,2,1)), 'C')
//     = ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))
#pragma once

#include "cutelayout/Config.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Tiler.h"

#include <string>
#include <string_view>

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct MmaAtom {
  std::string name;  // CuTe's operation name, e.g. SM80_16x8x16_F16F16F16F16_TN
  IntTuple shapeMNK; // (M, N, K)
  Layout thrID;      // the atom's threads
  Layout layoutA_TV, layoutB_TV, layoutC_TV;
  /// The value types of A, B and C by CuTe's names (half_t, float, tfloat32_t, ...);
  /// empty where the atom takes any (UniversalFMA, and registered atoms that say none).
  std::string valueTypeA, valueTypeB, valueTypeC;
};

/// The MMA atom CuTe names `name` (its MMA_Traits as data): SM80_16x8x16_F16F16F16F16_TN,
/// SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
/// SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x8_F32BF16BF16F32_TN, and UniversalFMA (one
/// thread, 1x1x1) for any element type.
/// @pre name is one of those (else an error naming the known atoms)
Expected<MmaAtom> mmaAtom(std::string_view name);

/// True when mmaAtom knows `name`: a built-in atom or a registered one.
bool isMmaAtomName(std::string_view name);

/// Adds an MMA atom, as a target's dialect does for its instructions (docs/atoms.md): its
/// traits as data, found by mmaAtom(atom.name) from then on. Call it before any lookup
/// (registration is not synchronised with concurrent lookups).
/// @pre the atom's layouts are static, shapeMNK has rank 3, each thread-value layout's
///      size is size(thrID) times its values per thread (else an error, nothing added)
Expected<bool> registerMmaAtom(MmaAtom atom);

struct TiledMma {
  MmaAtom atom;
  Layout thrLayoutVMNK; // (atom threads, M, N, K) -> thread index
  Tiler permutationMNK; // three modes: `_` or a layout each
};

/// CuTe's make_tiled_mma(atom, atomLayoutMNK[, permutationMNK]).
/// @pre atomLayoutMNK is static with rank at most 3 (padded with 1s to rank 3);
///      permutationMNK, when given, has three modes, each `_` or a static layout
/// @post size(result.thrLayoutVMNK) == size(atom.thrID) * size(atomLayoutMNK)
Expected<TiledMma> makeTiledMma(const MmaAtom &atom, const Layout &atomLayoutMNK, const Tiler *permutationMNK);

/// CuTe's tile_size_mnk<i>: the tiled MMA's extent in M (0), N (1) or K (2).
/// @pre i < 3
Int tileSize(const TiledMma &m, uint32_t i);

/// The atom's thread-value layout of operand 'A', 'B' or 'C' (LayoutA/B/C_TV).
/// @pre which is 'A', 'B' or 'C'
const Layout &atomLayoutTV(const MmaAtom &a, char which);

/// The tile of an operand of the tiled MMA: (M,K) for 'A', (N,K) for 'B', (M,N) for 'C'.
/// @pre which is 'A', 'B' or 'C'   @post rank 2, static
IntTuple operandTile(const TiledMma &m, char which);

/// CuTe's thrfrg_A/B/C of a layout of the operand's tile (which is 'A', 'B' or 'C'):
/// ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN))) for C, likewise with K for A and B.
/// @pre which is 'A', 'B' or 'C'; l has rank at least 2
Expected<Layout> thrfrg(const TiledMma &m, char which, const Layout &l);

/// CuTe's get_layoutA_TV / get_layoutB_TV / get_layoutC_TV: (thread index, value) -> the
/// offset in the operand's column-major tile of the tiled MMA's size.
Expected<Layout> layoutTV(const TiledMma &m, char which);

/// CuTe's get_slice(thread).partition_A/B/C(t): thread's values of tensor t, the iterator
/// moved to its first. @pre 0 <= thread < size(thrLayoutVMNK) (else an error; a runtime
/// thread is checked too unless its value is unknown, R18)
Expected<Tensor> partition(const TiledMma &m, char which, Int thread, const Tensor &t);

/// CuTe's MMA_Atom::make_fragment_A/B/C of a partitioned layout: make_fragment_like of it
/// for A and B; for C (the accumulators), the compact column-major layout of its shape,
/// whatever its strides. @pre which is 'A', 'B' or 'C'
Expected<Layout> makeMmaFragment(char which, const Layout &partitioned);

/// CuTe's get_slice(thread).partition_fragment_A/B/C(t): the layout of the register
/// fragment for the thread's part (makeMmaFragment of partition's layout); CuTe's
/// fragment is that layout over registers.
Expected<Layout> partitionFragment(const TiledMma &m, char which, Int thread, const Tensor &t);

/// CuTe's print of an MMA_Atom and of a TiledMMA (several lines).
std::string print(const MmaAtom &a, Style style);
std::string print(const TiledMma &m, Style style);

// --- copy atoms --------------------------------------------------------------------------
//
// A copy atom moves values between two thread-value layouts: its Copy_Traits give, in
// bits, (source thread, value) and (destination thread, value) -> bit, and a reference;
// CuTe's Copy_Atom recasts them to its value type. A tiled copy spreads it over a
// (thread, value) -> (M,N) layout of a tile (CuTe's make_tiled_copy, make_tiled_copy_A/B/C).
// Examples (CuTe's answers): copyAtom("UniversalCopy<uint128_t>", 16) has ValLayoutSrc
// (1,8):(0,1); layoutTV(makeTiledCopy(that, (32,8):(8,1), (1,8)), 'S')
// = ((8,32),(8,1)):((256,1),(32,0)).

struct CopyAtom {
  std::string name;  // CuTe's copy operation, e.g. SM75_U32x4_LDSM_N or UniversalCopy<uint128_t>
  int64_t valueBits; // the value type's width
  Layout thrID;
  Layout layoutSrc, layoutDst, layoutRef; // (thread, value) -> value offset
};

/// CuTe's Copy_Atom<op, T> for a value type of valueBits bits: UniversalCopy<uint8_t |
/// uint16_t | uint32_t | uint64_t | uint128_t>, the ldmatrix reads SM75_U32x1_LDSM_N,
/// SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N and their transposing SM75_U16x2_LDSM_T,
/// SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, and the cp.async copies
/// SM80_CP_ASYNC_CACHEALWAYS<uint32_t | uint64_t | uint128_t> and
/// SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>. @pre valueBits divides the operation's widths
/// (else an error)
Expected<CopyAtom> copyAtom(std::string_view op, int64_t valueBits);
/// True when `name` names a copy operation copyAtom knows, built in or registered (a
/// template such as UniversalCopy also without its argument, as its spelling begins).
bool isCopyOperationName(std::string_view name);
/// True when the copy operation `name` is a template of the copied type, as
/// UniversalCopy<uint128_t> and SM80_CP_ASYNC_CACHEALWAYS<uint128_t> are.
bool copyOperationTakesType(std::string_view name);

/// Adds a copy operation (docs/atoms.md): its thread layout and its source, destination and
/// reference layouts in bits, (thread, value) -> bit, as CuTe's Copy_Traits hold them.
/// @pre static layouts whose first modes have size(thrID) threads (else an error)
Expected<bool> registerCopyOperation(std::string name, Layout thrID, Layout bitsSrc, Layout bitsDst, Layout bitsRef);

struct TiledCopy {
  CopyAtom atom;
  Layout layoutTV;  // (thread, value) -> offset in the tile
  IntTuple tilerMN; // the tile's shape
};

/// CuTe's TiledCopy requirements (its static assertions): the thread-value layout has rank
/// 2, and its threads and values are whole multiples of the atom's.
/// @post true, or an error saying which (CuTe's "TiledCopy uses too few thrs/vals for
///       selected CopyAtom")
Expected<bool> checkTiledCopy(const CopyAtom &atom, const Layout &layoutTV);

/// CuTe's make_tiled_copy(atom, thr_layout, val_layout): (M,N) -> thread and value, their
/// raked_product, inverted into the tiled copy's thread-value layout.
/// @post checkTiledCopy(atom, result.layoutTV) (else an error)
Expected<TiledCopy> makeTiledCopy(const CopyAtom &atom, const Layout &threads, const Layout &values);
/// CuTe's make_tiled_copy_A/B/C(atom, tiled_mma): the tiled MMA's thread-value layout of
/// that operand and its tile. @post checkTiledCopy(atom, result.layoutTV) (else an error)
Expected<TiledCopy> makeTiledCopyFor(const CopyAtom &atom, const TiledMma &m, char which);
/// CuTe's get_layoutS_TV ('S') and get_layoutD_TV ('D').
Expected<Layout> layoutTV(const TiledCopy &c, char which);
/// CuTe's get_slice(thread).partition_S ('S') / partition_D ('D') of a tensor.
Expected<Tensor> partition(const TiledCopy &c, char which, Int thread, const Tensor &t);

std::string print(const CopyAtom &a, Style style);
std::string print(const TiledCopy &c, Style style);

CUTELAYOUT_ABI_END
} // namespace cutelayout
