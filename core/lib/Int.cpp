#include "cutelayout/Int.h"
#include "cutelayout/RuntimeForm.h"

#include "cutelayout/Notation.h"

#include <cstring>
#include <string>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace detail {
__thread ArithFailure tArithFailure;
} // namespace detail

namespace {

detail::ArithFailure &currentFailure() { return detail::tArithFailure; }

/// Copies text into a fixed message buffer, truncated to fit, NUL-terminated.
template <size_t N> void copyTruncated(char (&to)[N], const std::string &text) {
  size_t n = text.size() < N - 1 ? text.size() : N - 1;
  std::memcpy(to, text.data(), n);
  to[n] = '\0';
}

void setFailure(const std::string &what) {
  copyTruncated(currentFailure().message, what);
  currentFailure().failed = true;
}

} // namespace

namespace {
/// The messages of the enclosing scopes' failures that live scopes saved, innermost last.
thread_local std::vector<std::string> tSavedMessages;
} // namespace

void ArithScope::saveOuter() { tSavedMessages.emplace_back(currentFailure().message); }

void ArithScope::restoreOuter() {
  setFailure(tSavedMessages.back());
  tSavedMessages.pop_back();
}

Error ArithScope::error(const char *operation) const {
  return makeError(std::string(currentFailure().message) + " (in " + operation + ")");
}

namespace {
thread_local bool dynamicValuesUnknown = false;
} // namespace

UnknownDynamicValues::UnknownDynamicValues() : outer_(dynamicValuesUnknown) { dynamicValuesUnknown = true; }
UnknownDynamicValues::~UnknownDynamicValues() { dynamicValuesUnknown = outer_; }

bool dynamicValuesAreUnknown() { return dynamicValuesUnknown; }

bool reportViolation(bool allStatic) { return allStatic || !dynamicValuesUnknown; }

const char *violationNote(bool allStatic) {
  return allStatic ? "" : " (CuTe does not check this for runtime integers)";
}

namespace detail {
__thread RuntimeFormNote tRuntimeFormNote;

void noteRuntimeForm(const std::string &message) {
  copyTruncated(tRuntimeFormNote.message, message);
  tRuntimeFormNote.noted = true;
}
} // namespace detail

RuntimeFormScope::RuntimeFormScope() : outer_(detail::tRuntimeFormNote) { detail::tRuntimeFormNote.noted = false; }
RuntimeFormScope::~RuntimeFormScope() { detail::tRuntimeFormNote = outer_; }

void noteArithFailure(const std::string &what) {
  if (!currentFailure().failed)
    setFailure(what);
}

namespace detail {
int64_t overflowed(int64_t a, int64_t b, char op) {
  noteArithFailure("int64 overflow in " + std::to_string(a) + " " + op + " " + std::to_string(b));
  return 0;
}

int64_t badDivisor(int64_t a, int64_t b, char op) {
  if (b == 0)
    noteArithFailure("division by zero in " + std::to_string(a) + " " + op + " 0");
  else
    noteArithFailure("int64 overflow in " + std::to_string(a) + " " + op + " -1");
  return 0;
}

void inexactSafeDiv(int64_t a, int64_t b) {
  noteArithFailure("safe_div requires " + std::to_string(a) + " % " + std::to_string(b) + " == 0");
}

Int basisMisuse(Int a, Int b, const char *op) {
  noteArithFailure(std::string("a scaled basis is not an integer: ") + print(a) + " " + op + " " + print(b));
  return Int::fixed(0);
}

// CuTe: a static _0 is the identity of +; any other sum with a basis is an arithmetic
// tuple (Basis.h's addCoordinates), never a stride.
Int addBasis(Int a, Int b) {
  if (b.isConstant(0))
    return a;
  if (a.isConstant(0))
    return b;
  return basisMisuse(a, b, "+");
}

Int subBasis(Int a, Int b) {
  if (b.isConstant(0))
    return a;
  return basisMisuse(a, b, "-");
}

// CuTe: ScaledBasis * integer scales the value and keeps the path; a static _0 factor
// gives the static value _0 (`E<0>{} * _0` is `_0@0`).
Int mulBasis(Int a, Int b) {
  if (a.isBasis() && b.isBasis())
    return basisMisuse(a, b, "*");
  uint16_t code = a.basis | b.basis;
  if (a.isStatic && a.value == 0 && !a.isBasis())
    return Int{0, true, code};
  if (b.isStatic && b.value == 0 && !b.isBasis())
    return Int{0, true, code};
  if ((a.isBasis() && a.isStatic && a.value == 0) || (b.isBasis() && b.isStatic && b.value == 0))
    return Int{0, true, code};
  if (tracesDynamic(a, b)) {
    Int r = traced(TraceOp::Mul, Int{a.value, a.isStatic}, Int{b.value, b.isStatic});
    r.basis = code;
    return r;
  }
  return Int{checkedMul(a.value, b.value), bothStatic(a, b), code};
}
} // namespace detail

Int gcd(Int a, Int b) {
  if (detail::eitherBasis(a, b))
    return detail::basisMisuse(a, b, "gcd");
  if (detail::tracesDynamic(a, b))
    return detail::traced(TraceOp::Gcd, a, b);
  int64_t x = a.value < 0 ? -a.value : a.value;
  int64_t y = b.value < 0 ? -b.value : b.value;
  while (y != 0) {
    int64_t t = x % y;
    x = y;
    y = t;
  }
  return Int{x, detail::bothStatic(a, b)};
}

Int lcm(Int a, Int b) {
  if (detail::eitherBasis(a, b))
    return detail::basisMisuse(a, b, "lcm");
  if (detail::tracesDynamic(a, b))
    return detail::traced(TraceOp::Lcm, a, b);
  if (a.value == 0 || b.value == 0)
    return Int{0, detail::bothStatic(a, b)};
  Int g = gcd(a, b);
  int64_t x = a.value < 0 ? -a.value : a.value;
  int64_t y = b.value < 0 ? -b.value : b.value;
  return Int{detail::checkedMul(x / g.value, y), detail::bothStatic(a, b)};
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
