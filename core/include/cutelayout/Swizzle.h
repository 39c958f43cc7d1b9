// Swizzle: CuTe's Swizzle<B,M,S>, a bit permutation of a linear offset (docs/semantics.md, R6).
// With mask = (1<<B)-1, the B bits at [M + max(0,S), ...) (the "yyy" field) are XOR-ed
// into the B bits at [M - min(0,S), ...) (the "zzz" field):
//   swizzle(x) = x ^ shiftr(x & yyy, S)        (a negative S shifts left)
// It is its own inverse. Swizzles are always static (CuTe's are template parameters).
//
// Representation invariant: bits >= 0, base >= 0, |shift| >= bits, and the fields fit in
// CuTe's 32-bit int masks: bits + base + |shift| <= 31.
//   Sw<3,4,3>   yyy = 0x380, zzz = 0x70: 0x80 -> 0x90, 0x00..0x7f unchanged
//   Sw<0,4,3>   the identity (CuTe's "no swizzle")
#pragma once

#include "cutelayout/Int.h"
#include "cutelayout/Support.h"

#include <cstdint>
#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct Swizzle;
namespace detail {
/// Records swizzle s applied to the dynamic x in the active Trace (Trace.h).
[[gnu::cold, gnu::noinline]] Int tracedSwizzle(const Swizzle &s, Int x);
} // namespace detail

struct Swizzle {
  int32_t bits = 0;  // B: the number of bits XOR-ed
  int32_t base = 0;  // M: the number of low bits kept
  int32_t shift = 0; // S: the distance from the yyy field down to the zzz field

  /// The yyy field (source bits) and the zzz field (destination bits), as CuTe's masks.
  int64_t yyyMask() const { return fieldMask() << (base + (shift > 0 ? shift : 0)); }
  int64_t zzzMask() const { return fieldMask() << (base - (shift < 0 ? shift : 0)); }
  /// CuTe's swizzle_code: yyy | zzz.
  int64_t code() const { return yyyMask() | zzzMask(); }

  /// The swizzled offset. @pre x >= 0 (negative offsets follow two's complement, as CuTe)
  int64_t apply(int64_t x) const {
    int64_t y = x & yyyMask();
    return x ^ (shift >= 0 ? y >> shift : y << -shift);
  }
  /// apply, keeping x's staticness (CuTe: an int stays an int, an Int<N> stays static).
  Int apply(Int x) const {
    if (detail::tracesDynamic(x, x))
      return detail::tracedSwizzle(*this, x);
    return Int{apply(x.value), x.isStatic};
  }

  bool operator==(const Swizzle &o) const { return bits == o.bits && base == o.base && shift == o.shift; }
  bool operator!=(const Swizzle &o) const { return !(*this == o); }

private:
  int64_t fieldMask() const { return (int64_t(1) << bits) - 1; }
};

/// A checked Swizzle<B,M,S>: CuTe's static_asserts (B >= 0, M >= 0, |S| >= B) and the
/// 32-bit mask width become errors naming the parameters.
/// @post the invariant holds
Expected<Swizzle> makeSwizzle(int64_t bits, int64_t base, int64_t shift);

/// CuTe's make_swizzle<Y,Z>: the swizzle whose yyy field is y and zzz field is z.
/// @pre popcount(y) == popcount(z) and (y | z) is such a swizzle's code (else an error)
Expected<Swizzle> makeSwizzleFromMasks(int64_t y, int64_t z);

/// CuTe's composition of two swizzles of the same shift: their fields XOR-ed.
/// Example: Sw<1,4,3> o Sw<1,5,3> = Sw<2,4,3>
Expected<Swizzle> composition(const Swizzle &a, const Swizzle &b);

/// CuTe's upcast<n> (n a power of two): M drops by log2 n; below 0 the lost bits leave B.
/// Example: upcast<2>(Sw<3,4,3>) = Sw<3,3,3>; upcast<32>(Sw<3,4,3>) = Sw<2,0,3>
Expected<Swizzle> upcast(const Swizzle &s, int64_t n);
/// CuTe's downcast<n> (n a power of two): M grows by log2 n.
Expected<Swizzle> downcast(const Swizzle &s, int64_t n);

/// CuTe's print: "Sw<B,M,S>".
std::string print(const Swizzle &s);

CUTELAYOUT_ABI_END
} // namespace cutelayout
