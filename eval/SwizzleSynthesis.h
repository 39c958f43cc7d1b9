// Swizzle synthesis: the swizzle Sw<B,M,S> to compose with a shared-memory tile so that
// the warps' accesses to it (a copy's writes, an ldmatrix read) conflict least in the banks.
//
// Denotes: for a static tile layout T of elements of elementBits, and accesses a_1 .. a_n
// (each a BankOptions of Banks.h: rows, columns, a thread-value layout or a side of a tiled
// copy or MMA, with its access width), the candidate Sw<B,M,S> o _0 o T that is best by the
// bank model (bankConflicts, the only judge: there is no second model here). A candidate
// keeps an access's vectors when the bank model accepts it: every thread's accessBits are
// consecutive offsets aligned to their width (CuTe's max_common_vector of the access and
// the swizzled tile is at least the access's vector). The order, best first:
//   1. keeps every access's vectors (a candidate that splits one loses whatever it costs);
//   2. the smallest worst ways over all accesses' waves;
//   3. the fewest wavefronts over all accesses;
//   4. the smallest B (fewest XOR-ed bits; B = 0 is no swizzle);
//   5. M = log2(128 / elementBits) first (a 16-byte unit unswizzled, as CUTLASS's
//      SmemLayoutAtoms), then M nearest it;
//   6. the smallest S.
// The candidates: Sw<0,0,0> (the tile as given) and every Sw<B,M,S> with 1 <= B <= 4,
// 0 <= M <= 4, S >= B and B + M + S <= log2(cosize T): the XOR-ed bits lie inside the tile,
// so the swizzle permutes its offsets.
//
// Representation invariant (SwizzleSynthesis): candidates are ranked by the order above,
// chosen is candidates[0], and before is the report of Sw<0,0,0>, one entry per access.
//
// Examples (16-bit elements; SM80 cp.async 128-bit writes by the tiled copy
// (16,8):(8,1) x (1,8), and the ldmatrix read of the B operand of SM80_16x8x16 with
// Tile<_16,_8,_32>):
//   (8,64):(64,1): before 1-way and 8-way; chosen Sw<3,3,3>, 1-way both (CUTLASS's
//     choice); Sw<2,3,4> loses by 2-way reads, Sw<3,2,3> by splitting the 8-element vectors
//   (8,32):(32,1) with writes by (8,4):(4,1) x (1,8): before 4-way reads; chosen Sw<2,3,3>,
//     1-way both (CUTLASS's choice for 32-element K tiles)
//
// Not supported: dynamic tiles, tiles whose cosize is not a power of two, swizzles with a
// negative shift, and the layout's own reordering (only swizzles are searched).
#pragma once

#include "Banks.h"

#include <string>
#include <vector>

namespace cutelayout::cli {

/// One candidate swizzle and what the bank model says of it.
struct SwizzleCandidate {
  Swizzle swizzle;
  /// Empty when every access keeps its vectors; else the bank model's reason for the
  /// first access it refuses ("thread 3 reads ... their offsets are not consecutive").
  std::string broken;
  std::vector<int64_t> worst;      // per access: the worst ways (empty when broken)
  std::vector<int64_t> wavefronts; // per access
  std::vector<int64_t> vector;     // per access: its vector, in elements, kept whole
  int64_t worstWays = 0;           // the largest of worst
  int64_t totalWavefronts = 0;     // the sum of wavefronts
  bool keepsVectors() const { return broken.empty(); }
};

struct SwizzleSynthesis {
  std::string tile; // the tile, printed
  int64_t elementBits = 0;
  std::vector<std::string> accesses; // each access's model line (BankReport::model)
  SwizzleCandidate before;           // Sw<0,0,0>: the tile as given
  SwizzleCandidate chosen;           // candidates[0]
  std::vector<SwizzleCandidate> candidates;
};

/// log2(128 / elementBits), clamped to 0..4: the M of CUTLASS's SmemLayoutAtoms, which
/// keep one 16-byte unit unswizzled (3 for 16-bit, 4 for 8-bit, 2 for 32-bit elements).
int64_t preferredSwizzleBase(int64_t elementBits);

/// Ranks every candidate swizzle of tile by accesses.
/// @pre tile is static, its cosize a power of two >= 2; accesses is not
///      empty; every access has elementBits; the tile as given keeps every access's vectors
///      (the bank model accepts it). Each failure is an error naming the tile or the access.
/// @post chosen == candidates[0]; chosen keeps every access's vectors and
///       chosen.worstWays <= before.worstWays; every candidate's bits lie inside the cosize
/// Example: (8,64):(64,1), 16 bits, the cp.async writes and ldmatrix reads above ->
///   Sw<3,3,3>, worst 8-way before, 1-way after
Expected<SwizzleSynthesis> synthesizeSwizzle(const Layout &tile, int64_t elementBits,
                                             const std::vector<BankOptions> &accesses);

/// The shared-memory access of a tiled copy or copy atom, as the bank model takes it: an
/// ldmatrix copy (SM75_*_LDSM_*) reads shared memory (its source side, 128-bit accesses), a
/// cp.async copy (SM80_CP_ASYNC_*<uintN_t>) writes it (its destination side, N-bit
/// accesses); elements of the atom's value type.
/// @pre copy is a tiled copy or copy atom of one of those (else an error naming argument,
///      the 1-based argument number, and the copy)
Expected<BankOptions> sharedMemoryAccess(const Value &copy, size_t argument);

/// The expression language's synthesize_swizzle(tile, copy[, copy]): the chosen
/// Sw<B,M,S> o _0 o tile (the tile itself where no swizzle wins).
/// @pre as sharedMemoryAccess for each copy, their value types of one width, and as
///      synthesizeSwizzle
Expected<Value> synthesizeSwizzleValue(const Layout &tile, const std::vector<const Value *> &copies);

/// Why candidate c ranks below the chosen one, in words: "splits the vectors of access 1:
/// ...", "2-way in access 1 (chosen: 1-way)", "same conflicts, B = 4 > 3", ...
std::string whyLoses(const SwizzleCandidate &c, const SwizzleSynthesis &s);

/// The report: the tile, the accesses, the conflicts before and after, the choice, and the
/// first runnersUp other candidates with why each loses.
std::string printSwizzleSynthesis(const SwizzleSynthesis &s, size_t runnersUp = 5);

} // namespace cutelayout::cli
