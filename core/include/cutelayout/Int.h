// Int: one integer leaf of an int tuple, static (CuTe's Int<N>, known when the IR is
// built) or dynamic (CuTe's int, a runtime value). docs/semantics.md, R14.
//
// Arithmetic follows CuTe's type rules exactly, because result structure depends on them:
//   static op static  -> static           static 0 * x, x * static 0 -> static 0
//   static 0 / x      -> static 0         x % static +-1, static 0 % x -> static 0
//   anything else     -> dynamic          (e.g. static 1 * dynamic x is dynamic)
// Values are int64. Overflow and division by zero do not trap: they record a sticky
// error in the current ArithScope (see below) and the enclosing public operation turns it
// into an Error. Division truncates toward zero, as C++ does.
//
// A stride leaf may be a scaled basis (CuTe's ScaledBasis, `3@1`): the same value with a
// nonzero `basis` code naming its mode path (Basis.h). The arithmetic below follows CuTe's
// ScaledBasis operators: a basis times an integer keeps the basis (`_0` included:
// `E<0>{} * _0` is `_0@0`) and a static _0 is the identity of +. Every other use of a basis
// (a product or sum of two, a quotient, a remainder, min, max, a comparison) is not a
// stride: it records a failure in the ArithScope, so no operation ever reads a basis as an
// integer (sums of bases are arithmetic tuples, Basis.h's addCoordinates). The operations
// CuTe does not define on basis strides also reject them at entry with a message naming
// the operand. Kernels that read leaves with integerLeaf (IntTuple.h) after checking
// hasBasis let the compiler drop these tests.
#pragma once

#include "cutelayout/Support.h"

#include <cstdint>
#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

class Trace;

struct Int {
  int64_t value = 0;
  bool isStatic = true;
  /// 0 for an integer; for a scaled-basis stride `value@path`, its packed path (Basis.h).
  uint16_t basis = 0;

  static Int fixed(int64_t v) { return Int{v, true}; }
  static Int dynamic(int64_t v) { return Int{v, false}; }
  /// True when this is the static integer v (CuTe's is_constant<v, T>; never a basis).
  bool isConstant(int64_t v) const { return isStatic && basis == 0 && value == v; }
  bool isBasis() const { return basis != 0; }
  bool operator==(const Int &o) const { return value == o.value && isStatic == o.isStatic && basis == o.basis; }
  bool operator!=(const Int &o) const { return !(*this == o); }
};

/// CuTe's _0 and _1, as constants the compiler sees (so no basis test survives on them).
inline constexpr Int kStatic0{0, true};
inline constexpr Int kStatic1{1, true};

/// A boolean that is static when CuTe would compute it at compile time. While a Trace is
/// recording (Trace.h), a dynamic comparison also carries the symbol of its 0/1 result.
struct Bool {
  bool value;
  bool isStatic;
  int64_t symbol = 0; // a Trace symbol, or 0
  bool isStaticTrue() const { return isStatic && value; }
};

/// The operations a Trace records (Trace.h): the arithmetic above, as a compiler emits it.
/// Eq, Lt, And, Or and Multiple (a is a multiple of b: b == 0 ? a == 0 : a % b == 0) give 0 or 1.
enum class TraceOp : uint8_t {
  Input,
  Constant,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Min,
  Max,
  Gcd,
  Lcm,
  Abs,
  Signum,
  Neg,
  Swizzle,
  Eq,
  Lt,
  And,
  Or,
  Multiple
};

namespace detail {
/// The Trace recording this thread's arithmetic on dynamic leaves, or null (Trace.h).
/// `__thread`, not `thread_local`: no initializer, so reading it is one load.
/// (Not initial-exec: a module loaded with dlopen, the Python module, would then need its
/// whole TLS block in the static surplus, which glibc refuses.)
extern __thread Trace *tActiveTrace;
#ifdef CUTELAYOUT_NO_TRACE // the plain build (Config.h): no hook survives compilation
[[gnu::always_inline]] constexpr bool tracing() { return false; }
#else
[[gnu::always_inline]] inline bool tracing() { return tActiveTrace != nullptr; }
#endif
/// Records `op(a, b)` (b unused by the unary ops) in the active Trace and returns the
/// dynamic symbol of its result.
/// @pre tracing() and at least one of a, b is dynamic
[[gnu::cold, gnu::noinline]] Int traced(TraceOp op, Int a, Int b);
/// Whether op(a, b) is recorded instead of computed: a dynamic operand while tracing.
/// The static flags are tested first: on static operands that is the whole cost (testing
/// the trace pointer first measured slower, docs/performance.md).
[[gnu::always_inline]] inline bool tracesDynamic(Int a, Int b) {
  return __builtin_expect(!(a.isStatic && b.isStatic) && tracing(), 0);
}
} // namespace detail

namespace detail {
/// The failure recorded by the innermost live ArithScope of this thread. Plain data in a
/// `__thread` variable, so the scopes' inline fast paths read it with one load.
struct ArithFailure {
  bool failed;
  uint32_t depth;    // live ArithScopes: a failure outside every scope has no reader
  char message[192]; // truncated to fit
};
extern __thread ArithFailure tArithFailure;
} // namespace detail

/// Collects the first arithmetic failure (overflow, division by zero) of the operations
/// run while it is alive. Scopes nest: an inner scope's failure propagates outward. The
/// outermost scope forgets its failure when it ends (and one recorded outside every scope
/// when it begins): no one is left to report it, and a failure left pending would make
/// every later scope save and restore it.
class ArithScope {
public:
  ArithScope() : outerFailed_(detail::tArithFailure.failed && detail::tArithFailure.depth != 0) {
    if (__builtin_expect(outerFailed_, 0))
      saveOuter();
    detail::tArithFailure.failed = false;
    ++detail::tArithFailure.depth;
  }
  ~ArithScope() {
    // The outer failure came first and wins; otherwise an inner one propagates outward.
    if (--detail::tArithFailure.depth == 0)
      detail::tArithFailure.failed = false;
    else if (__builtin_expect(outerFailed_, 0))
      restoreOuter();
  }
  ArithScope(const ArithScope &) = delete;
  ArithScope &operator=(const ArithScope &) = delete;
  bool failed() const { return detail::tArithFailure.failed; }
  /// The failure as an Error naming the operation, e.g. "int64 overflow in composition".
  Error error(const char *operation) const;

private:
  // The enclosing scope's failure, kept only when there was one (the common case costs
  // a flag test: scopes are opened by every public operation). Its message goes on a
  // per-thread stack (scopes nest), so a scope holds no string to build and destroy.
  [[gnu::cold, gnu::noinline]] void saveOuter();
  [[gnu::cold, gnu::noinline]] void restoreOuter();
  bool outerFailed_;
};

/// Records a failure in the innermost ArithScope (first one wins).
void noteArithFailure(const std::string &what);

/// docs/semantics.md, R18: CuTe checks some conditions (composition's stride and shape
/// divisibility, complement's injectivity, shape_div, tile_to_shape's block divisibility,
/// upcast's stride divisibility) only for static integers. By default dynamic leaves hold
/// their real runtime values, so the core checks those conditions for them too and a
/// violation is an error. A caller whose dynamic leaves are placeholders (MLIR types, where `?` has no
/// value) opens an UnknownDynamicValues scope for the duration: then only static leaves
/// are checked, as CuTe does. Scopes nest.
class UnknownDynamicValues {
public:
  UnknownDynamicValues();
  ~UnknownDynamicValues();
  UnknownDynamicValues(const UnknownDynamicValues &) = delete;
  UnknownDynamicValues &operator=(const UnknownDynamicValues &) = delete;

private:
  bool outer_;
};

/// True inside an UnknownDynamicValues scope: dynamic leaves are placeholders, and the
/// printer writes them as `?` in every style (so a message never shows a placeholder).
bool dynamicValuesAreUnknown();

/// Whether a violated static-only condition on leaves that are all static (allStatic) or
/// not must be reported: always for static leaves; for dynamic ones when their values
/// are known (no UnknownDynamicValues scope is open).
/// @post true when allStatic
bool reportViolation(bool allStatic);

/// The words a violated condition's message ends with: "" for static leaves, and for
/// dynamic ones a note that CuTe skips the check for runtime integers.
const char *violationNote(bool allStatic);

namespace detail {
// The failure paths, out of line and cold so the inline fast paths stay small. Each records
// "int64 overflow in a OP b" (or a division by zero) and returns the placeholder 0.
[[gnu::cold, gnu::noinline]] int64_t overflowed(int64_t a, int64_t b, char op);
[[gnu::cold, gnu::noinline]] int64_t badDivisor(int64_t a, int64_t b, char op);
[[gnu::cold, gnu::noinline]] void inexactSafeDiv(int64_t a, int64_t b);
/// Records "a scaled-basis stride in a OP b" and returns a placeholder integer 0.
[[gnu::cold, gnu::noinline]] Int basisMisuse(Int a, Int b, const char *op);
inline bool bothStatic(Int a, Int b) { return a.isStatic && b.isStatic; }
inline bool eitherBasis(Int a, Int b) { return (a.basis | b.basis) != 0; }
inline int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? overflowed(a, b, '+') : r;
}
inline int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_sub_overflow(a, b, &r) ? overflowed(a, b, '-') : r;
}
inline int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? overflowed(a, b, '*') : r;
}
inline bool divisorOk(int64_t a, int64_t b, char op) {
  if (__builtin_expect(b == 0 || (a == INT64_MIN && b == -1), 0)) {
    badDivisor(a, b, op);
    return false;
  }
  return true;
}
} // namespace detail

/// Whether a is a multiple of b, for every int64 pair (INT64_MIN % -1 is not evaluated).
/// @pre b != 0
inline bool isMultiple(int64_t a, int64_t b) { return b == -1 || a % b == 0; }

namespace detail {
// The basis cases of the operators below, out of line and cold (integers never get there).
[[gnu::cold, gnu::noinline]] Int addBasis(Int a, Int b);
[[gnu::cold, gnu::noinline]] Int subBasis(Int a, Int b);
[[gnu::cold, gnu::noinline]] Int mulBasis(Int a, Int b);

// The integer cases: CuTe's rules for Int<N> and int, without the basis test (callers test
// once, so a composite such as ceilDiv stays one small inline body).
// While a Trace is active (Trace.h) a dynamic result is recorded, never computed: the
// static rules (which decide staticness) run first, the recording replaces the value.
[[gnu::always_inline]] inline Int addInts(Int a, Int b) {
  if (tracesDynamic(a, b))
    return traced(TraceOp::Add, a, b);
  return Int{checkedAdd(a.value, b.value), bothStatic(a, b)};
}
[[gnu::always_inline]] inline Int subInts(Int a, Int b) {
  if (tracesDynamic(a, b))
    return traced(TraceOp::Sub, a, b);
  return Int{checkedSub(a.value, b.value), bothStatic(a, b)};
}
[[gnu::always_inline]] inline Int mulInts(Int a, Int b) {
  if ((a.isStatic && a.value == 0) || (b.isStatic && b.value == 0))
    return Int::fixed(0);
  if (tracesDynamic(a, b))
    return traced(TraceOp::Mul, a, b);
  return Int{checkedMul(a.value, b.value), bothStatic(a, b)};
}
[[gnu::always_inline]] inline Int modInts(Int a, Int b) {
  // CuTe: int % _1, int % _-1 and _0 % int are _0 without dividing.
  if ((!a.isStatic && b.isStatic && (b.value == 1 || b.value == -1)) || (a.isStatic && a.value == 0 && !b.isStatic))
    return Int::fixed(0);
  if (tracesDynamic(a, b))
    return traced(TraceOp::Mod, a, b);
  if (!divisorOk(a.value, b.value, '%'))
    return Int{0, bothStatic(a, b)};
  return Int{a.value % b.value, bothStatic(a, b)};
}
[[gnu::always_inline]] inline Int divInts(Int a, Int b) {
  if (a.isConstant(0) && !b.isStatic) // CuTe: _0 / int is _0 without dividing
    return Int::fixed(0);
  if (tracesDynamic(a, b))
    return traced(TraceOp::Div, a, b);
  if (!divisorOk(a.value, b.value, '/'))
    return Int{0, bothStatic(a, b)};
  return Int{a.value / b.value, bothStatic(a, b)};
}
} // namespace detail

[[gnu::always_inline]] inline Int add(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::addBasis(a, b);
  return detail::addInts(a, b);
}
[[gnu::always_inline]] inline Int sub(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::subBasis(a, b);
  return detail::subInts(a, b);
}
[[gnu::always_inline]] inline Int mul(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::mulBasis(a, b);
  return detail::mulInts(a, b);
}
[[gnu::always_inline]] inline Int div(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "/");
  return detail::divInts(a, b);
}
[[gnu::always_inline]] inline Int mod(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "%");
  return detail::modInts(a, b);
}
inline Int neg(Int a) {
  if (detail::tracesDynamic(a, a)) {
    Int r = detail::traced(TraceOp::Neg, a, a);
    r.basis = a.basis;
    return r;
  }
  return Int{detail::checkedSub(0, a.value), a.isStatic, a.basis};
}
namespace detail {
[[gnu::always_inline]] inline Int minInts(Int a, Int b) {
  if (tracesDynamic(a, b))
    return traced(TraceOp::Min, a, b);
  return Int{a.value < b.value ? a.value : b.value, bothStatic(a, b)};
}
} // namespace detail
[[gnu::always_inline]] inline Int min(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "min");
  return detail::minInts(a, b);
}
[[gnu::always_inline]] inline Int max(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "max");
  if (detail::tracesDynamic(a, b))
    return detail::traced(TraceOp::Max, a, b);
  return Int{a.value < b.value ? b.value : a.value, detail::bothStatic(a, b)};
}
Int gcd(Int a, Int b);
Int lcm(Int a, Int b);
namespace detail {
[[gnu::always_inline]] inline Int absInts(Int a) {
  if (tracesDynamic(a, a))
    return traced(TraceOp::Abs, a, a);
  return a.value < 0 ? Int{checkedSub(0, a.value), a.isStatic} : a;
}
[[gnu::always_inline]] inline Int signumInts(Int a) {
  if (tracesDynamic(a, a))
    return traced(TraceOp::Signum, a, a);
  return Int{(a.value > 0) - (a.value < 0), a.isStatic};
}
[[gnu::always_inline]] inline Int ceilDivInts(Int a, Int b) {
  if (__builtin_expect(b.value == 0, 0)) { // name a, not the rounding sum, in the failure
    badDivisor(a.value, 0, '/');
    return Int{0, bothStatic(a, b)};
  }
  return divInts(subInts(addInts(a, b), Int::fixed(1)), b);
}
} // namespace detail
[[gnu::always_inline]] inline Int abs(Int a) {
  if (__builtin_expect(a.isBasis(), 0))
    return detail::basisMisuse(a, Int::fixed(0), "abs");
  return detail::absInts(a);
}
[[gnu::always_inline]] inline Int signum(Int a) {
  if (__builtin_expect(a.isBasis(), 0))
    return detail::basisMisuse(a, Int::fixed(0), "signum");
  return detail::signumInts(a);
}
/// (a + b - 1) / b with CuTe's staticness (so ceilDiv(static 0, dynamic) is dynamic).
[[gnu::always_inline]] inline Int ceilDiv(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "ceil_div");
  return detail::ceilDivInts(a, b);
}
/// div(a, b) and mod(a, b) together, with one division where a >= 0 and b > 0 (an index
/// split by an extent).
/// @post quotient == div(a, b) and remainder == mod(a, b), staticness included; a failure
///       (b == 0, a basis) is recorded as mod(a, b) then div(a, b) record it
[[gnu::always_inline]] inline void divMod(Int a, Int b, Int &quotient, Int &remainder) {
  if (__builtin_expect(!detail::eitherBasis(a, b) && !detail::tracesDynamic(a, b) && a.value >= 0 && b.value > 0, 1)) {
    int64_t q = a.value / b.value;
    bool both = a.isStatic && b.isStatic;
    bool staticZero = a.isStatic && a.value == 0 && !b.isStatic; // CuTe's _0 / int and _0 % int
    quotient = Int{q, both || staticZero};
    remainder = Int{a.value - q * b.value, both || staticZero || (!a.isStatic && b.isStatic && b.value == 1)};
    return;
  }
  remainder = mod(a, b);
  quotient = div(a, b);
}
/// CuTe's safe_div: static/static requires exact division. (Its callers check their own
/// conditions for dynamic values, R18.)
[[gnu::always_inline]] inline Int safeDiv(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    return detail::basisMisuse(a, b, "safe_div");
  if (detail::bothStatic(a, b) && b.value != 0 && b.value != -1 && a.value % b.value != 0)
    detail::inexactSafeDiv(a.value, b.value);
  return detail::divInts(a, b);
}

/// Equal values and paths (a basis never equals an integer, as in CuTe).
inline Bool equal(Int a, Int b) {
  if (a.basis == b.basis && detail::tracesDynamic(a, b))
    return Bool{false, false, detail::traced(TraceOp::Eq, Int{a.value, a.isStatic}, Int{b.value, b.isStatic}).value};
  return Bool{a.value == b.value && a.basis == b.basis, detail::bothStatic(a, b)};
}
inline Bool less(Int a, Int b) {
  if (__builtin_expect(detail::eitherBasis(a, b), 0))
    detail::basisMisuse(a, b, "<");
  if (detail::tracesDynamic(a, b))
    return Bool{false, false, detail::traced(TraceOp::Lt, a, b).value};
  return Bool{a.value < b.value, detail::bothStatic(a, b)};
}
/// x as a runtime value (CuTe's int from an Int<N>): the same value, dynamic; while a
/// Trace records, the symbol of the constant.
inline Int asDynamic(Int x) {
  if (!x.isStatic)
    return x;
  if (detail::tracing())
    return detail::traced(TraceOp::Constant, x, x);
  return Int{x.value, false, x.basis};
}
/// b as the integer 0 or 1, static when b is (a traced b gives its symbol).
inline Int asInt(Bool b) { return b.symbol ? Int::dynamic(b.symbol) : Int{b.value, b.isStatic}; }
/// a || b, static when both are.
inline Bool either(Bool a, Bool b) {
  if (a.isStatic && b.isStatic)
    return Bool{a.value || b.value, true};
  if (detail::tracing())
    return Bool{false, false, detail::traced(TraceOp::Or, asInt(a), asInt(b)).value};
  return Bool{a.value || b.value, false};
}
/// Whether a is a multiple of b (b == 0: whether a is 0), static when both are.
inline Bool multipleOf(Int a, Int b) {
  if (detail::tracesDynamic(a, b))
    return Bool{false, false, detail::traced(TraceOp::Multiple, a, b).value};
  return Bool{b.value == 0 ? a.value == 0 : isMultiple(a.value, b.value), detail::bothStatic(a, b)};
}
/// !b, static when b is (a traced b gives b == 0).
inline Bool negation(Bool b) {
  if (b.isStatic)
    return Bool{!b.value, true};
  if (detail::tracing())
    return Bool{false, false, detail::traced(TraceOp::Eq, asInt(b), Int::fixed(0)).value};
  return Bool{!b.value, false};
}
/// a && b, static when both are.
inline Bool both(Bool a, Bool b) {
  if (a.isStatic && b.isStatic)
    return Bool{a.value && b.value, true};
  if (detail::tracing())
    return Bool{false, false, detail::traced(TraceOp::And, asInt(a), asInt(b)).value};
  return Bool{a.value && b.value, false};
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
