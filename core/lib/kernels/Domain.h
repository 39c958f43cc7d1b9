// Arithmetic domains: the number types the algebra's kernels (core/lib/kernels/) are
// written over, so each algorithm is stated once and runs on either.
//
// What it denotes: a domain D supplies `D::Num`, the value of one leaf, and the few
// operations a kernel asks of leaves: a product, a test against a constant, CuTe's
// "statically equal" and "is static", and the loading of a leaf from an operand's nodes.
//
//   CuteDomain    Num = Int: CuTe's staticness rules, trace hooks (the lowering) and the
//                 ArithScope's overflow messages (Int.h). It answers every input: the exact
//                 domain.
//   StaticDomain  Num = int64_t, every value static (CuTe's Int<N> throughout): checked
//                 products and no flags to carry. It declines, never decides: a leaf that
//                 is not a static integer, or an overflow, sets declined() and the caller
//                 runs the same kernel in CuteDomain, which reports or decides.
//   BoundedCuteDomain  CuteDomain's rules (R19's conditions included) on StaticDomain's
//                 fixed lists, integer leaves only; a failure declines: the fast domain
//                 of layouts with runtime leaves (NodeOut.h's runFast).
//
// Representation invariant: a domain that has declined stays declined; its values after a
// decline are unspecified (the caller discards them). CuteDomain declines only where its
// caller limits what it loads (integersOnly, a working set's size); otherwise it answers.
//
// Examples (the coalesce walk of (2,4):(1,2), Coalesce.h):
//   StaticDomain: 2*1 == 2, so the modes merge: 8:1, all static, no flag read.
//   CuteDomain with the 4 dynamic: the merge needs a static 2*1 == 2 test and a static
//   back extent; the back extent 4 is dynamic, so the modes stay (2,4):(1,2), as in CuTe.
#pragma once

#include "cutelayout/Int.h"
#include "cutelayout/IntTuple.h"

#include "../Internal.h"

#include <new>
#include <string>
#include <type_traits>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace kernels {

/// Whether the fast domains run (default true; false when the process starts with
/// CUTELAYOUT_FAST_PATHS=off or 0): runFast (NodeOut.h), the coalesce walk's fast stages
/// (Coalesce.h) and the index functions' stages. Tests turn them off to check that the
/// exact domain gives every answer alone. Not thread-safe to change while operations run.
extern bool gFastPathsEnabled;
[[gnu::always_inline]] inline bool fastPathsEnabled() { return gFastPathsEnabled; }
void setFastPathsEnabled(bool on);

/// A kernel's working list in StaticDomain: an inline array and a count, no capacity test
/// per element. reserveMore says whether n more fit (SmallVec's always do); a kernel
/// declines where they do not.
/// The elements are stored raw: a T with default member initializers (Int) is not built
/// N times per list. @pre T is trivially copyable
template <class T, uint32_t N> class FixedVec {
  static_assert(std::is_trivially_copyable<T>::value, "FixedVec stores its elements raw");

public:
  uint32_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  [[gnu::always_inline]] bool reserveMore(uint32_t k) const { return n_ + k <= N; }
  /// @pre reserveMore covered it
  [[gnu::always_inline]] void pushUnchecked(const T &v) { new (raw_ + n_++ * sizeof(T)) T(v); }
  void clear() { n_ = 0; }
  T &operator[](uint32_t i) { return data()[i]; }
  const T &operator[](uint32_t i) const { return data()[i]; }
  T &back() { return data()[n_ - 1]; }
  T *data() { return reinterpret_cast<T *>(raw_); }
  const T *data() const { return reinterpret_cast<const T *>(raw_); }

private:
  alignas(T) unsigned char raw_[N * sizeof(T)];
  uint32_t n_ = 0;
};

/// Makes room for k more elements in a kernel's working list: always for a SmallVec,
/// where they fit for a FixedVec. @post true: k pushUnchecked calls are safe
template <class T, unsigned N> [[gnu::always_inline]] inline bool roomFor(SmallVec<T, N> &v, uint32_t k) {
  v.reserveMore(k);
  return true;
}
template <class T, uint32_t N> [[gnu::always_inline]] inline bool roomFor(const FixedVec<T, N> &v, uint32_t k) {
  return v.reserveMore(k);
}
/// roomFor of two lists that only ever grow and shrink together (the shapes and strides of
/// a list of modes): of two FixedVecs, whose sizes are then equal, one count is tested.
template <class T, unsigned N>
[[gnu::always_inline]] inline bool roomForBoth(SmallVec<T, N> &a, SmallVec<T, N> &b, uint32_t k) {
  return roomFor(a, k) && roomFor(b, k);
}
template <class T, uint32_t N>
[[gnu::always_inline]] inline bool roomForBoth(const FixedVec<T, N> &a, const FixedVec<T, N> &, uint32_t k) {
  return a.reserveMore(k);
}

/// CuTe's arithmetic on Int (Int.h). Declines only where its caller limits what it loads.
struct CuteDomain {
  using Num = Int;
  /// A kernel's working list: any length (32 inline: no allocation up to 32 modes).
  template <class T> using Vec = SmallVec<T, 32>;
  /// Only integer leaves (a basis stride declines): for callers whose working sets hold
  /// no basis (the fast domains' fixed lists, NodeOut).
  bool integersOnly = false;
  bool declined_ = false;
  std::string message_;

  bool declined() const { return declined_; }
  /// Called by a loader that meets a leaf its caller cannot hold (integersOnly, a count).
  void decline() { declined_ = true; }
  [[gnu::always_inline]] static Num constant(int64_t v) { return Int::fixed(v); }
  [[gnu::always_inline]] static bool isConstant(Num x, int64_t v) { return x.isConstant(v); }
  [[gnu::always_inline]] static bool isStatic(Num x) { return x.isStatic; }
  /// Whether a == b is known at compile time (CuTe's static comparison).
  [[gnu::always_inline]] static bool staticallyEqual(Num a, Num b) { return equal(a, b).isStaticTrue(); }
  /// The exact domain: traces, R19's conditions (RuntimeForm.h) and messages live here.
  static constexpr bool kExact = true;
  [[gnu::always_inline]] static Num make(int64_t v, bool isStatic) { return Int{v, isStatic}; }
  [[gnu::always_inline]] static int64_t value(Num x) { return x.value; }
  /// An extent read as a plain integer (extents never hold a basis).
  [[gnu::always_inline]] static Num extent(Num x) { return Int{x.value, x.isStatic}; }
  [[gnu::always_inline]] static Num mul(Num a, Num b) { return cutelayout::mul(a, b); }
  [[gnu::always_inline]] static Num add(Num a, Num b) { return cutelayout::add(a, b); }
  [[gnu::always_inline]] static Num sub(Num a, Num b) { return cutelayout::sub(a, b); }
  [[gnu::always_inline]] static Num div(Num a, Num b) { return cutelayout::div(a, b); }
  [[gnu::always_inline]] static Num ceilDiv(Num a, Num b) { return cutelayout::ceilDiv(a, b); }
  [[gnu::always_inline]] static Num min(Num a, Num b) { return cutelayout::min(a, b); }
  [[gnu::always_inline]] static Num abs(Num a) { return cutelayout::abs(a); }
  [[gnu::always_inline]] static Num signum(Num a) { return cutelayout::signum(a); }
  /// Whether a violated condition on values of this staticness is reported (Int.h, R18).
  static bool reportViolation(bool allStatic) { return cutelayout::reportViolation(allStatic); }
  static const char *violationNote(bool allStatic) { return cutelayout::violationNote(allStatic); }
  /// A kernel's failure: its message, built only here and kept for error().
  /// @post false
  template <class Message> bool fail(Message &&message) {
    message_ = message();
    return false;
  }
  /// The message of the last fail().
  Error error() { return makeError(std::move(message_)); }
  [[gnu::always_inline]] static Int toInt(Num x) { return x; }
  [[gnu::always_inline]] static Num fromInt(Int x) { return x; }
  /// The leaf mode s:d (an extent never holds a basis).
  /// @pre s is not a tuple  @post false for `_`, and where integersOnly and d is a basis
  [[gnu::always_inline]] bool load(const Node &s, const Node &d, Num &shape, Num &stride) const {
    if (s.kind != NodeKind::Int || (integersOnly && (s.basis | d.basis) != 0))
      return false;
    shape = integerLeaf(s);
    stride = d.asInt();
    return true;
  }
};

/// CuteDomain with the fixed working lists of StaticDomain (32 entries; a kernel declines
/// past them): the fast domain of layouts with runtime leaves (kernels/NodeOut.h, runFast).
/// It loads integer leaves only, so no value it holds is a basis: its leaf operations are
/// Int's integer cases (Int.h's detail::*Ints), without the basis tests.
struct BoundedCuteDomain : CuteDomain {
  BoundedCuteDomain() { integersOnly = true; }
  template <class T> using Vec = FixedVec<T, 32>;
  [[gnu::always_inline]] static bool isConstant(Num x, int64_t v) { return x.isStatic && x.value == v; }
  [[gnu::always_inline]] static Num mul(Num a, Num b) { return detail::mulInts(a, b); }
  [[gnu::always_inline]] static Num add(Num a, Num b) { return detail::addInts(a, b); }
  [[gnu::always_inline]] static Num sub(Num a, Num b) { return detail::subInts(a, b); }
  [[gnu::always_inline]] static Num div(Num a, Num b) { return detail::divInts(a, b); }
  [[gnu::always_inline]] static Num ceilDiv(Num a, Num b) { return detail::ceilDivInts(a, b); }
  [[gnu::always_inline]] static Num min(Num a, Num b) { return detail::minInts(a, b); }
  [[gnu::always_inline]] static Num abs(Num a) { return detail::absInts(a); }
  [[gnu::always_inline]] static Num signum(Num a) { return detail::signumInts(a); }
  /// A kernel's failure declines: the general path meets it again and reports it.
  template <class Message> bool fail(Message &&) { return false; }
};

/// Static int64_t values with checked products; declines on anything else.
class StaticDomain {
public:
  using Num = int64_t;
  /// A kernel's working list: at most 32 elements (a kernel declines past them).
  template <class T> using Vec = FixedVec<T, 32>;

  bool declined() const { return declined_; }
  void decline() { declined_ = true; }
  static Num constant(int64_t v) { return v; }
  static bool isConstant(Num x, int64_t v) { return x == v; }
  static constexpr bool isStatic(Num) { return true; }
  static bool staticallyEqual(Num a, Num b) { return a == b; }
  static constexpr bool kExact = false;
  static Num make(int64_t v, bool) { return v; }
  static int64_t value(Num x) { return x; }
  static Num extent(Num x) { return x; }
  // Each operation checks what Int's would record as a failure (an overflow, a division by
  // zero) and declines there: CuteDomain meets the same failure and reports it.
  [[gnu::always_inline]] Num mul(Num a, Num b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r))
      declined_ = true;
    return r;
  }
  [[gnu::always_inline]] Num add(Num a, Num b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r))
      declined_ = true;
    return r;
  }
  [[gnu::always_inline]] Num sub(Num a, Num b) {
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r))
      declined_ = true;
    return r;
  }
  [[gnu::always_inline]] Num div(Num a, Num b) {
    if (b == 0 || (a == INT64_MIN && b == -1)) {
      declined_ = true;
      return 0;
    }
    return a / b;
  }
  [[gnu::always_inline]] Num ceilDiv(Num a, Num b) {
    int64_t t;
    if (b == 0 || __builtin_add_overflow(a, b, &t) || __builtin_sub_overflow(t, 1, &t) || (t == INT64_MIN && b == -1)) {
      declined_ = true;
      return 0;
    }
    return t / b;
  }
  static Num min(Num a, Num b) { return a < b ? a : b; }
  [[gnu::always_inline]] Num abs(Num a) {
    if (a == INT64_MIN) {
      declined_ = true;
      return 0;
    }
    return a < 0 ? -a : a;
  }
  static Num signum(Num a) { return (a > 0) - (a < 0); }
  static constexpr bool reportViolation(bool) { return true; }
  static const char *violationNote(bool) { return ""; }
  /// A kernel's failure declines: no message is built (CuteDomain builds it).
  /// @post false
  template <class Message> bool fail(Message &&) {
    declined_ = true;
    return false;
  }
  static Int toInt(Num x) { return Int::fixed(x); }
  static Num fromInt(Int x) { return x.value; }
  /// The leaf mode s:d where both are static integers (their tags say so); false otherwise.
  [[gnu::always_inline]] static bool load(const Node &s, const Node &d, Num &shape, Num &stride) {
    if (nodeTagOf(s) != kStaticLeafTag || nodeTagOf(d) != kStaticLeafTag)
      return false;
    shape = s.value;
    stride = d.value;
    return true;
  }

private:
  bool declined_ = false;
};

} // namespace kernels
CUTELAYOUT_ABI_END
} // namespace cutelayout
