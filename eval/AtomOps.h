// The command line's MMA atoms and tiled MMAs (the core's Atom.h), with CuTe's spellings:
// MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, make_tiled_mma(atom, atom_layout[, tile]),
// get_layoutA_TV / get_layoutB_TV / get_layoutC_TV, tile_size<i>, and the per-thread
// partition_A / partition_B / partition_C of a tensor (CuTe's get_slice(t).partition_X).
#pragma once

#include "Value.h"

namespace cutelayout::cli {

/// The MMA atom of an operation the core knows. @pre isMmaAtomName(name)
Expected<Value> mmaAtomValue(std::string_view name);

/// partition_fragment_A / B / C(tiled_mma, thread, L): the layout of the thread's register
/// fragment (CuTe's fragment tensor is this layout over registers).
Expected<Value> partitionFragmentOp(ValueRefs args, char which);

/// A copy operation spelled with its template arguments (UniversalCopy<uint128_t>), as a name.
Expected<Value> copyOperationName(std::string_view name, const std::vector<Value> &templateArgs);
/// Copy_Atom<op, T>{}: the copy atom of op for values of type T.
Expected<Value> copyAtomValue(const std::vector<Value> &templateArgs);
/// make_tiled_copy(atom, thr, val) (which 0), make_tiled_copy_A/B/C(atom, tiled_mma).
Expected<Value> makeTiledCopyOp(ValueRefs args, char which);
/// get_layoutS_TV ('S') / get_layoutD_TV ('D') of a tiled copy.
Expected<Value> copyLayoutTVOp(ValueRefs args, char which);
/// partition_S / partition_D(tiled_copy, thread, L), as partitionOp.
Expected<Value> copyPartitionOp(ValueRefs args, char which);

/// make_tiled_mma(atom, atom_layout[, permutation]).
Expected<Value> makeTiledMmaOp(ValueRefs args);
/// get_layoutA_TV / B / C of a tiled MMA (which is 'A', 'B' or 'C').
Expected<Value> layoutTVOp(ValueRefs args, char which);
/// tile_size(tiled_mma, i): CuTe's tile_size<i>.
Expected<Value> tileSizeOp(ValueRefs args);
/// partition_A / B / C(tiled_mma, thread, L): thread's part of L (a layout, a shape or a
/// tensor; a layout or shape is the counting tensor over it, CuTe's
/// make_tensor(counting_iterator<int>(0), L)).
Expected<Value> partitionOp(ValueRefs args, char which);

} // namespace cutelayout::cli
