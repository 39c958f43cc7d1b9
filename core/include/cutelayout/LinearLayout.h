// LinearLayout: Triton's LinearLayout as data, and the conversions between it and CuTe's
// layouts (docs/linear-layout.md).
//
// Denotes: a linear map over GF(2) from named input dimensions to named output dimensions.
// Input dimension d has 2^k points and k bases: bases[i] is the image of the input 2^i,
// one value per output dimension. The image of any input is the XOR of the bases of its set
// bits, per output dimension, over all input dimensions:
//   L(register=3, lane=1) = bases(register)[0] ^ bases(register)[1] ^ bases(lane)[0]
// A CuTe layout whose extents are powers of two is such a map exactly where the offsets of
// its input bits have pairwise disjoint bits (then CuTe's sum of strides is their XOR); a
// swizzle Sw<B,M,S> is linear over GF(2), so Sw o L is one too.
//
// Representation invariant (checkLinearLayout): names are non-empty and unique among the
// input dimensions and among the output dimensions; every basis has one value per output
// dimension; every output size is a power of two in [1, 2^30]; 0 <= value < size.
//   register = [[0,1],[8,0]], lane = [[0,2],[0,4],[1,0],[2,0],[4,0]], out (dim0:16, dim1:8):
//     CuTe's SM80 16x8 accumulator layout ((4,8),(2,2)):((32,1),(16,8)) on its 16x8 tile;
//     L(register=1, lane=4) = (0,1) ^ (1,0) = (1,1): thread 4's value 1 is (m=1, n=1)
//   dim0 = [[72],[144],[288]], dim1 = [[1],[2],[4],[8],[16],[32]], out (offset:512):
//     Sw<3,3,3> o _0 o (8,64):(64,1), a 16-bit tile of 128-byte rows: row 1 is at 64 ^ 8
// It does not hold Triton's surjectivity flag, and it has no block (CTA) dimension of its
// own: a caller may add one as any other input dimension.
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Support.h"

#include <cstdint>
#include <string>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct LinearLayout {
  struct InDim {
    std::string name;
    std::vector<std::vector<int32_t>> bases; // bases[i][j]: the image of 2^i in output j
  };
  struct OutDim {
    std::string name;
    int32_t size = 1; // a power of two
  };
  std::vector<InDim> inDims;
  std::vector<OutDim> outDims;

  /// The index of the input (output) dimension called name, or -1.
  int inDimIndex(const std::string &name) const;
  int outDimIndex(const std::string &name) const;
  /// 2^(number of bases) of input dimension i. @pre i < inDims.size()
  int64_t inDimSize(uint32_t i) const { return int64_t(1) << inDims[i].bases.size(); }
  /// The sum of the input dimensions' bit counts (the log2 of the domain's size).
  uint32_t totalInBits() const;
};

/// Structural equality: the same dimensions in the same order with the same bases and sizes.
bool operator==(const LinearLayout &a, const LinearLayout &b);
inline bool operator!=(const LinearLayout &a, const LinearLayout &b) { return !(a == b); }

/// The representation invariant above: true, or an error naming the first violation.
/// Example: an out value 16 in a dimension of size 8 gives
///          "basis 2 of lane has value 16 in dim0, outside its size 8"
Expected<bool> checkLinearLayout(const LinearLayout &l);

/// A checked LinearLayout; where outSizes is empty, each output size is the smallest power
/// of two above every value in that output (Triton's inference).
/// @pre the invariant holds (else checkLinearLayout's error)
Expected<LinearLayout> makeLinearLayout(std::vector<LinearLayout::InDim> inDims, std::vector<std::string> outNames,
                                        std::vector<int32_t> outSizes = {});

/// L(inputs): the XOR of the bases of each input's set bits, one value per output dimension.
/// inputs names input dimensions; absent ones are 0.
/// @pre each name is an input dimension, named once, with 0 <= value < its size
/// Example: apply(the SM80 accumulator above, {{"register",1},{"lane",4}}) = {1, 1}
Expected<std::vector<int32_t>> apply(const LinearLayout &l, const std::vector<std::pair<std::string, int32_t>> &inputs);
/// L at a flat input index: input dimension 0 takes the lowest bits, then dimension 1, ...
/// (the column-major order of the input dimensions, as CuTe's 1-D index of its modes).
/// @pre 0 <= x < 2^totalInBits()
std::vector<int32_t> applyFlat(const LinearLayout &l, uint64_t x);
/// applyFlat's outputs as one column-major offset: out 0 + size 0 * (out 1 + size 1 * ...).
int64_t applyFlatOffset(const LinearLayout &l, uint64_t x);

/// Whether a and b are the same function, dimensions matched by name: an input dimension of
/// size 1 counts as absent, an absent output as all zeros; output sizes do not count.
/// Example: sameFunction(L, L with a size-1 "warp" dimension added) = true
bool sameFunction(const LinearLayout &a, const LinearLayout &b);

/// The inverse of an invertible layout (a bijection: as many input as output bits, every
/// output bit reached), from the outputs (now inputs, with their names and sizes) to the
/// inputs. Triton's invert; Triton's shared layouts are offset -> coordinates, the inverse
/// of a CuTe shared-memory layout's conversion.
/// @pre l is a bijection onto its outputs (else an error naming the rank or size that fails)
/// @post applyFlat(l, applyFlat(result, y)) == y for every y, in the flat orders
Expected<LinearLayout> invert(const LinearLayout &l);

/// Triton's toString: " - in=2^i -> (v0, v1)" lines per input dimension, "is a size 1
/// dimension" for one without bases, "where out dims are: [name (size n), ...]".
std::string print(const LinearLayout &l);
/// The bases as Triton's #ttg.linear attribute spells them: "{register = [[0, 1], [8, 0]],
/// lane = [...]}" and the output dimensions: "-> [dim0 (size 16), dim1 (size 8)]".
std::string printCompact(const LinearLayout &l);

// --- CuTe -> LinearLayout ----------------------------------------------------------------

/// The conversion's naming. inNames: one name per top-level mode of the layout (default
/// "dim0", "dim1", ... as Triton names a tensor's dimensions: a shared-memory layout's
/// coordinates), or a single name for the layout's whole 1-D domain. Outputs: one dimension
/// outName ("offset") holding the offset, or, with a tile, the coordinates of the offset in
/// that column-major tile, one output per leaf of the tile, named "dim0", "dim1", ...
struct LinearLayoutNames {
  std::vector<std::string> inNames;
  std::string outName = "offset";
  const IntTuple *tile = nullptr;
};

/// A CuTe layout, or Sw<B,M,S> o O o B, or A o O o B with A a layout or a composed layout,
/// as a LinearLayout: input dimension i holds mode i's bits in its column-major 1-D index
/// (a mode ((4,8)) gives bases for its 4 then its 8), each basis the offset the layout
/// gives that input bit. With one output "offset" its size is the smallest power of two
/// above every basis.
/// Scaled-basis strides (v@d, CuTe's coordinate layouts such as make_identity_tensor's)
/// give the coordinates as outputs instead: "dim0", "dim1", ... (d of v@d), each sized as
/// Triton infers; the layout's integer strides must then be 0, and no tile is taken.
/// @pre every extent (of the layout, and of a layout outer function) is a static power of
///      two; strides are static non-negative integers or such bases of one mode
///      (a composed layout's inner and outer layouts: integers); the offsets of the input bits have
///      pairwise disjoint bits (else CuTe's sum is not their XOR); O is 0; offsets below 2^30;
///      with a tile: static power-of-two extents and every offset inside it
///      (each an error naming the leaf, the offsets or the tile)
/// @post apply(result, i) == l(i) for every i < size(l), in the flat order
/// Example: toLinearLayout((4,8):(8,1)) = dim0 = [[8],[16]], dim1 = [[1],[2],[4]], out offset:32
Expected<LinearLayout> toLinearLayout(const AnyLayout &l, const LinearLayoutNames &names = {});

/// A thread-value layout (thread, value) -> offset, as CuTe's atoms and tiled MMAs and
/// copies give them, in Triton's names for distributed layouts: "register" (the value
/// mode's bits), "lane" (the thread index's low log2(threadsPerWarp) bits) and "warp" (the
/// rest; size 1 when there is one warp or fewer). With a tile (CuTe's operand tile, (M,N)),
/// the outputs are its coordinates "dim0" (m) and "dim1" (n), as Triton's; else "offset".
/// @pre rank(tv) == 2; toLinearLayout's conditions; threadsPerWarp a power of two
/// @post apply(result, {register=v, lane=t%32, warp=t/32}) == tv(t, v) (split by the tile)
/// Example: toLinearLayoutTV(((4,8),(2,2)):((32,1),(16,8)), tile (16,8)) =
///          register = [[0,1],[8,0]], lane = [[0,2],[0,4],[1,0],[2,0],[4,0]], warp = []
Expected<LinearLayout> toLinearLayoutTV(const AnyLayout &tv, const IntTuple *tile = nullptr,
                                        int32_t threadsPerWarp = 32);

// --- LinearLayout -> CuTe ----------------------------------------------------------------

/// The CuTe layout of a LinearLayout: mode i gathers the input dimensions modes[i] names,
/// their bits in that order (default: one mode per input dimension, in order), each bit a
/// leaf of extent 2 whose stride is its basis as one column-major offset over the outputs;
/// each mode is then coalesced. Where bases share bits (their XOR is not their sum), the
/// smallest swizzle Sw<B,M,S> (fewest bits, then lowest M, then smallest |S|, positive
/// first) whose image of the bases has disjoint bits is factored out: Sw o _0 o layout.
/// @pre modes name every input dimension with more than one point, each once; the outputs'
///      sizes multiply to at most 2^30; the bases are disjoint, or made so by one swizzle
///      (else an error naming two bases that share bits)
/// @post toLinearLayout(result, same names) is sameFunction as l
/// Example: fromLinearLayout(register = [[0,1],[8,0]], lane = [[0,2],[0,4],[1,0],[2,0],[4,0]],
///          out (dim0:16, dim1:8), modes {{lane},{register}}) = ((4,8),(2,2)):((32,1),(16,8))
Expected<AnyLayout> fromLinearLayout(const LinearLayout &l, const std::vector<std::vector<std::string>> &modes = {});
/// fromLinearLayout with modes {{lane, warp}, {register}} (those present; "block" after
/// "warp" where present): a CuTe thread-value layout.
Expected<AnyLayout> fromLinearLayoutTV(const LinearLayout &l);

CUTELAYOUT_ABI_END
} // namespace cutelayout
