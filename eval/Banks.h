// The --banks view: which shared-memory banks a warp's accesses to a layout hit, and how
// badly they conflict. The layout (plain or composed) maps element coordinates to element
// offsets; an element offset x lives at byte x * elementBits / 8 of a tile whose base is
// aligned to 128 bytes. Each thread reads or writes accessBits at once: a vector of
// v = accessBits / elementBits elements with consecutive offsets, aligned to its width.
//
// The model (NVIDIA shared memory since Maxwell): 32 banks of 4 bytes; 4-byte word w is in
// bank w mod 32. A warp's request of A = accessBits / 8 bytes a thread is served in phases
// of 128 / A consecutive threads when A > 4 (8 threads for 128-bit accesses, 16 for
// 64-bit), all 32 at once when A <= 4. A phase's conflict degree is the largest number of
// distinct words one bank must serve; threads touching the same word share it (a
// broadcast), so degree 1 is conflict-free. One printed line ("wave") is one phase.
//
// The access patterns (mode 0 of a rank-2 layout is rows, mode 1 columns; rank 1 is one
// row):
//   rows     for each row, thread t takes columns [t*v, t*v+v); a warp is 32 threads
//   columns  for each vector column c, thread t takes row t, columns [c*v, c*v+v)
//   TV       a thread-value layout (thread, value) -> 1-D element index (CuTe's
//            convention): thread t takes the elements TV(t, g*v) .. TV(t, g*v+v-1) in its
//            access g; threads 0-31 are warp 0, and so on
//
// Examples (16-bit elements, 128-bit accesses, columns: thread t reads row t):
//   (8,64):(64,1)                   every thread's 16 bytes of a column are in banks
//                                   4c..4c+3: 8-way
//   Sw<3,3,3> o _0 o (8,64):(64,1)  thread t reads vector column c ^ t: banks all
//                                   distinct, conflict-free
#pragma once

#include "cutelayout/ComposedLayout.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include <string>
#include <string_view>

namespace cutelayout::cli {

enum class AccessPattern { Rows, Columns, ThreadValue };

struct BankOptions {
  int64_t elementBits = 16;
  int64_t accessBits = 128;
  AccessPattern pattern = AccessPattern::Rows;
  Layout threadValue; // AccessPattern::ThreadValue: rank 2, (thread, value) -> element
};

/// The options from the text of --element-bits, --access-bits and --access (the TV
/// expression is evaluated with parse).
/// @pre accessBits is 8, 16, 32, 64 or 128 and a multiple of elementBits (> 0); access is
///      rows, columns or an expression giving a congruent rank-2 layout whose value count
///      is a multiple of accessBits / elementBits, with at most 65,536 (thread, value) pairs
/// @post the result satisfies these conditions
Expected<BankOptions> makeBankOptions(std::string_view elementBits, std::string_view accessBits,
                                      std::string_view access, const ParseOptions &parse);

/// The report: the layout, the model, one line per wave (phase), then the worst degree.
///   wave 0: columns 0-7, threads 0-7: banks 0-3, 8-way
///   wave 0: row 0, threads 0-31: banks 0-23, 2-way in banks 8-15
/// @pre l has rank 1 or 2 (any rank >= 1 with a TV pattern) and at most 65,536 elements
///      (accessed elements with TV); rows have a whole number of vectors; every vector's
///      offsets are consecutive and aligned to accessBits; TV's values are elements of l
/// @post each wave lists at most 32 threads (128 / A when A > 4 bytes) and has degree >= 1
Expected<std::string> printBanks(const Layout &l, const BankOptions &options, Style style);
Expected<std::string> printBanks(const ComposedLayout &c, const BankOptions &options, Style style);

} // namespace cutelayout::cli
