#include "cutelayout/Swizzle.h"

#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {
std::string params(int64_t b, int64_t m, int64_t s) {
  return "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
}

int log2Exact(int64_t n) {
  int k = 0;
  while ((int64_t(1) << k) < n)
    ++k;
  return k;
}

bool isPowerOfTwo(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }
} // namespace

Expected<Swizzle> makeSwizzle(int64_t bits, int64_t base, int64_t shift) {
  if (bits < 0)
    return makeError(params(bits, base, shift) + ": B must not be negative (CuTe: \"BBits must be positive.\")");
  if (base < 0)
    return makeError(params(bits, base, shift) + ": M must not be negative (CuTe: \"MBase must be positive.\")");
  // Any parameter past 31 fails the width check; testing that first keeps the sum below
  // from overflowing int64 (and -INT64_MIN from being taken).
  bool huge = bits > 31 || base > 31 || shift < -31 || shift > 31;
  int64_t absShift = shift < 0 ? (shift < -31 ? INT64_MAX : -shift) : shift;
  if (absShift < bits)
    return makeError(params(bits, base, shift) +
                     ": |S| must be at least B (CuTe: \"abs(SShift) must be more than BBits.\")");
  if (huge || bits + base + absShift > 31)
    return makeError(params(bits, base, shift) +
                     ": B + M + |S| must be at most 31 (CuTe's masks are 32-bit int; these bits reach past them)");
  return Swizzle{int32_t(bits), int32_t(base), int32_t(shift)};
}

Expected<Swizzle> makeSwizzleFromMasks(int64_t y, int64_t z) {
  if (y < 0 || z < 0 || y > INT32_MAX || z > INT32_MAX)
    return makeError("make_swizzle<" + std::to_string(y) + "," + std::to_string(z) +
                     ">: the masks must be 32-bit non-negative integers");
  int by = __builtin_popcountll(uint64_t(y)), bz = __builtin_popcountll(uint64_t(z));
  if (by != bz)
    return makeError("make_swizzle<" + std::to_string(y) + "," + std::to_string(z) +
                     ">: the masks have different numbers of bits (CuTe: \"Number of bits in Y and Z don't match\")");
  int tzY = y ? __builtin_ctzll(uint64_t(y)) : 32, tzZ = z ? __builtin_ctzll(uint64_t(z)) : 32;
  int m = (tzY < tzZ ? tzY : tzZ) % 32;
  Expected<Swizzle> s = makeSwizzle(by, m, tzY - tzZ);
  if (!s)
    return makeError("make_swizzle<" + std::to_string(y) + "," + std::to_string(z) + ">: " + s.error().message);
  if ((y | z) != s->code())
    return makeError("make_swizzle<" + std::to_string(y) + "," + std::to_string(z) +
                     ">: the masks are not the two fields of one swizzle (CuTe: \"Something went wrong.\")");
  return s;
}

Expected<Swizzle> composition(const Swizzle &a, const Swizzle &b) {
  if (a.shift != b.shift)
    return makeError(
        "composition of " + print(a) + " and " + print(b) +
        ": swizzles of different shifts do not merge (CuTe: \"Can only merge swizzles of the same shift.\")");
  return makeSwizzleFromMasks(a.yyyMask() ^ b.yyyMask(), a.zzzMask() ^ b.zzzMask());
}

Expected<Swizzle> upcast(const Swizzle &s, int64_t n) {
  if (!isPowerOfTwo(n))
    return makeError("upcast<" + std::to_string(n) + "> of " + print(s) + ": N must be a power of two");
  int64_t newBase = s.base - log2Exact(n);
  if (newBase >= 0)
    return Swizzle{s.bits, int32_t(newBase), s.shift};
  int64_t bits = s.bits + newBase;
  return Swizzle{int32_t(bits > 0 ? bits : 0), 0, s.shift};
}

Expected<Swizzle> downcast(const Swizzle &s, int64_t n) {
  if (!isPowerOfTwo(n))
    return makeError("downcast<" + std::to_string(n) + "> of " + print(s) + ": N must be a power of two");
  Expected<Swizzle> r = makeSwizzle(s.bits, s.base + log2Exact(n), s.shift);
  if (!r)
    return makeError("downcast<" + std::to_string(n) + "> of " + print(s) + ": " + r.error().message);
  return r;
}

std::string print(const Swizzle &s) {
  return "Sw<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) + ">";
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
