// Bank conflicts: which shared-memory banks a warp's accesses to a layout hit, and how
// badly they conflict. One computation, bankConflicts, gives a BankReport; the --banks
// text (printBanks), the web build's JSON (printBankJson), Python's
// cutelayout.bank_conflicts and the playground's bank view and picture all read it.
//
// Denotes: the layout (plain or composed) maps element coordinates to element offsets; an
// element offset x lives at byte x * elementBits / 8 of a tile whose base is aligned to 128
// bytes. Each thread reads or writes accessBits at once: a vector of v = accessBits /
// elementBits elements with consecutive offsets, aligned to its width.
//
// The model (NVIDIA shared memory since Maxwell): 32 banks of 4 bytes; 4-byte word w is in
// bank w mod 32. A warp's request of A = accessBits / 8 bytes a thread is served in phases
// of 128 / A consecutive threads when A > 4 (8 threads for 128-bit accesses, 16 for
// 64-bit), all 32 at once when A <= 4. A phase's conflict degree ("ways") is the largest
// number of distinct words one bank must serve; threads touching the same word share it (a
// broadcast), so 1 way is conflict-free. A phase of d ways takes d wavefronts. One "wave"
// of the report is one phase: its banks, its ways, and for each bank serving more than one
// word, the threads that collide there.
//
// Representation invariant (BankReport): worst is the largest of the waves' ways (1 with
// no wave), wavefronts their sum, conflicting the number of waves of more than 1 way; a
// wave's threads are consecutive, at most one phase of them, each with one access of
// `vector` elements; its conflicts are the banks it hits that serve more than one word,
// ascending, and its ways the largest of theirs (1 with none).
//
// The access patterns (mode 0 of a rank-2 layout is rows, mode 1 columns; rank 1 is one
// row):
//   rows     for each row, thread t takes columns [t*v, t*v+v); a warp is 32 threads
//   columns  for each vector column c, thread t takes row t, columns [c*v, c*v+v)
//   TV       a thread-value layout (thread, value) -> 1-D element index (CuTe's
//            convention, column-major over the layout's domain): thread t takes the
//            elements TV(t, g*v) .. TV(t, g*v+v-1) in its access g; threads 0-31 are warp 0
//   a side of a tiled copy, copy atom, tiled MMA or MMA atom: its thread-value layout
//            read as TV above. A tiled copy's source (src, CuTe's get_layoutS_TV) or
//            destination (dst, get_layoutD_TV) side, and a tiled MMA's A, B or C operand
//            (get_layoutA_TV ...), index their tile (Tiler_MN; (M,K), (N,K) or (M,N)),
//            column-major; the tile is laid over the layout, mode by mode, and every tile
//            of the layout is read in turn (CuTe's partition_S of a tensor the tile
//            divides). A copy atom alone has no tile: its ValLayoutSrc / ValLayoutDst index
//            the layout's elements directly.
//
// An ldmatrix read is the source side of a tiled copy of an SM75_*_LDSM_* atom: CuTe's
// source layout gives each thread the 8 16-bit values of one 16-byte row that thread's
// address names, consecutive in shared memory: one 128-bit access a thread, served 8
// threads (one 8x8 matrix) a phase, which is the model above with 128-bit accesses. The
// .x1 and .x2 forms read 1 and 2 matrices; CuTe gives the threads whose addresses they
// ignore (8-31, 16-31) the rows of threads 0-7 and 0-15 again (stride 0), so on a copy's
// side a phase that only repeats accesses of its request's earlier phases is no wave.
//
// Examples (16-bit elements, 128-bit accesses):
//   (8,64):(64,1) by columns: every thread's 16 bytes of a column are in banks 4c..4c+3:
//     8-way in every wave, 64 wavefronts for 8 waves
//   Sw<3,3,3> o _0 o (8,64):(64,1) by columns, or by the ldmatrix read
//     src:make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{},
//         make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1,_1,_1>>{},
//                        Tile<_16,_8,_32>{}))
//     (source TV ((8,4),(8,1)):((1,64),(8,0)) over tiles of 8x32: thread t reads row t%8,
//     columns 8(t/8) to 8(t/8)+7): thread t reads vector column c ^ t, banks all
//     distinct: conflict-free; the same read of the unswizzled tile is 8-way
#pragma once

#include "Value.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutelayout::cli {

enum class AccessPattern { Rows, Columns, ThreadValue };

/// How messages name the view and its options: the command line's (--banks,
/// --element-bits, ...) or Python's (bank_conflicts, element_bits, ...).
struct BankNames {
  const char *view, *elementBits, *accessBits, *access;
  const char *copySides, *mmaSides; // how to name a side: "src:EXPR or dst:EXPR", ...
};
extern const BankNames kBankOptionNames;   // the command line's and the web build's
extern const BankNames kBankArgumentNames; // cutelayout.bank_conflicts'

struct BankOptions {
  int64_t elementBits = 16;
  int64_t accessBits = 128;
  AccessPattern pattern = AccessPattern::Rows;
  /// ThreadValue: rank 2, (thread, value) -> element index (of `tile` where tiled).
  Layout threadValue;
  /// ThreadValue of a tiled copy or tiled MMA: threadValue indexes `tile` column-major,
  /// and the tile repeats over the layout. Otherwise threadValue indexes the layout.
  bool tiled = false;
  IntTuple tile;
  /// ThreadValue of an atom: which side of what ("the source side of TiledCopy<...>");
  /// empty for a thread-value layout given as one.
  std::string via;
  /// ThreadValue of a copy's side: a phase whose threads all repeat accesses of earlier
  /// threads of the same request is no wave (the threads an ldmatrix .x1 or .x2 ignores,
  /// which CuTe's source layout gives stride 0).
  bool copySide = false;
  const BankNames *names = &kBankOptionNames;
};

/// The widths alone (the access is `rows`).
/// @pre accessBits is 8, 16, 32, 64 or 128 and a multiple of elementBits > 0 (else an
///      error naming the option by names)
Expected<BankOptions> makeBankOptions(int64_t elementBits, int64_t accessBits, const BankNames &names);

/// The options from the text of --element-bits, --access-bits and --access: `rows`,
/// `columns`, or an expression (evaluated with parse) for setBankAccess, written
/// `SIDE:EXPR` for a side of a copy or MMA (src:make_tiled_copy(...), A:tiled_mma).
/// @pre the widths as makeBankOptions; the access as setBankAccess
Expected<BankOptions> makeBankOptions(std::string_view elementBits, std::string_view accessBits,
                                      std::string_view access, const ParseOptions &parse);

/// Sets the access from text as --access takes it (rows, columns, [SIDE:]EXPR).
/// @pre as makeBankOptions; on an error o is unchanged
Expected<bool> setBankAccess(BankOptions &o, std::string_view access, const ParseOptions &parse);

/// Sets the access to a value: a thread-value layout (side empty), a tiled copy or copy
/// atom (side "src" or "dst"), a tiled MMA or MMA atom (side "A", "B" or "C").
/// @pre the thread-value layout is congruent, of rank 2, with at most 65,536 (thread,
///      value) pairs, no negative extent, and a whole number of vectors a thread (else an
///      error; o unchanged)
/// @post o.pattern == AccessPattern::ThreadValue
Expected<bool> setBankAccess(BankOptions &o, const Value &access, std::string_view side);

/// The banks that threads colliding in one bank touch: the bank, the distinct words it
/// serves (>= 2) and the threads touching them (ascending).
struct BankConflict {
  int64_t bank = 0;
  int64_t ways = 0;
  std::vector<int64_t> threads;
};

/// One wave (phase): what it reads, its threads, their accesses and the banks they hit.
struct BankWave {
  std::string what;                    // "columns 0-7", "row 3", "values 0-7", "tile (0,1), values 0-7"
  int64_t firstThread = 0;             // the threads are firstThread .. firstThread + offsets.size() - 1
  std::vector<int64_t> offsets;        // each thread's first element offset
  std::vector<int64_t> elements;       // the v elements each thread reads, by column-major index
  std::vector<int64_t> banks;          // the banks hit, ascending
  int64_t ways = 1;                    // the conflict degree, >= 1
  std::vector<BankConflict> conflicts; // the banks serving more than one word, ascending
};

/// The report of one layout under one access: its waves and what they add up to.
struct BankReport {
  std::string layout; // the layout, printed
  std::string model;  // the accesses in words (the text report's second line)
  int64_t elementBits = 0, accessBits = 0, vector = 0, phase = 0;
  std::vector<BankWave> waves;
  int64_t worst = 1;       // the largest ways
  int64_t wavefronts = 0;  // the sum of the ways: the passes the requests take
  int64_t conflicting = 0; // waves of more than 1 way
  /// wavefronts / waves: 1 when conflict-free.
  double average() const { return waves.empty() ? 1.0 : double(wavefronts) / double(waves.size()); }
};

/// The report of v read as options say.
/// @pre v is a congruent layout or composed layout (whose inner function is a layout) of
///      rank 1 or 2 (any rank >= 1 with a thread-value access), with at most 65,536
///      elements for rows and columns; rows have a whole number of vectors; every vector's
///      offsets are consecutive and aligned to accessBits; a thread-value layout's values
///      are elements of v (of the tile); a tile has v's rank and divides each mode of v,
///      with at most 2^20 (thread, value) reads over all tiles. Each failure is an error
///      naming the view and the values (options.names).
/// @post every wave has 1 to 32 threads (at most 128 / A when A > 4 bytes) and ways >= 1;
///       worst is the largest ways, wavefronts their sum
Expected<BankReport> bankConflicts(const Value &v, const BankOptions &options, Style style);

/// The --banks text: the layout, the model, one line per wave, the worst ways, the
/// wavefronts and average, and the threads colliding in the first worst wave.
///   wave 0: columns 0-7, threads 0-7: banks 0-3, 8-way
///   worst: 8-way in waves 0-7; conflicting waves: 8 of 8
///   wavefronts: 64 for 8 waves (average 8-way)
///   colliding in wave 0: threads 0-7 in banks 0-3
std::string printBanks(const BankReport &r);

/// The report as one JSON object: layout, model, element_bits, access_bits, vector, phase,
/// worst, average, wavefronts, conflicting, waves (each: what, first_thread, threads,
/// offsets, elements, banks, ways, conflicts [{bank, ways, threads}]) and text
/// (printBanks).
std::string printBankJson(const BankReport &r);

/// "0-3,8-11,16": ascending distinct integers as runs (the report's notation).
std::string printRuns(const std::vector<int64_t> &sorted);

} // namespace cutelayout::cli
