// The command line's MMA atoms and tiled MMAs (the core's Atom.h), with CuTe's spellings:
// MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, make_tiled_mma(atom, atom_layout[, tile]),
// get_layoutA_TV / get_layoutB_TV / get_layoutC_TV, tile_size<i>, and the per-thread
// partition_A / partition_B / partition_C of a tensor (CuTe's get_slice(t).partition_X).
#pragma once

#include "Evaluator.h"

namespace cutelayout::cli {

/// True for the name of an MMA operation the core knows (SM80_16x8x16_F16F16F16F16_TN, ...,
/// UniversalFMA).
bool isMmaOperation(std::string_view name);
/// The MMA atom of that operation. @pre isMmaOperation(name)
Expected<Value> mmaAtomValue(std::string_view name);

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
