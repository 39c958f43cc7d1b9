#include "cutelayout/Int.h"

#include <cstring>

namespace cutelayout {
namespace {

// The failure recorded by the innermost live ArithScope. Plain data, so thread_local
// access needs no initialization guard; messages are short and truncated to fit.
struct FailureState {
  bool failed;
  char message[192];
};
thread_local FailureState currentFailure;

void setFailure(const std::string &what) {
  size_t n = what.size() < sizeof(currentFailure.message) - 1 ? what.size() : sizeof(currentFailure.message) - 1;
  std::memcpy(currentFailure.message, what.data(), n);
  currentFailure.message[n] = '\0';
  currentFailure.failed = true;
}

bool bothStatic(Int a, Int b) { return a.isStatic && b.isStatic; }

Int make(int64_t v, bool isStatic) { return Int{v, isStatic}; }

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) {
    noteArithFailure("int64 overflow in " + std::to_string(a) + " + " + std::to_string(b));
    return 0;
  }
  return r;
}

int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) {
    noteArithFailure("int64 overflow in " + std::to_string(a) + " - " + std::to_string(b));
    return 0;
  }
  return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    noteArithFailure("int64 overflow in " + std::to_string(a) + " * " + std::to_string(b));
    return 0;
  }
  return r;
}

bool divisorOk(int64_t a, int64_t b, const char *op) {
  if (b == 0) {
    noteArithFailure("division by zero in " + std::to_string(a) + " " + op + " 0");
    return false;
  }
  if (a == INT64_MIN && b == -1) {
    noteArithFailure("int64 overflow in " + std::to_string(a) + " " + op + " -1");
    return false;
  }
  return true;
}

} // namespace

ArithScope::ArithScope() : outerFailed_(currentFailure.failed) {
  if (outerFailed_)
    outerMessage_ = currentFailure.message;
  currentFailure.failed = false;
}

ArithScope::~ArithScope() {
  // The outer failure came first and wins; otherwise an inner one propagates outward.
  if (outerFailed_)
    setFailure(outerMessage_);
}

bool ArithScope::failed() const { return currentFailure.failed; }

Error ArithScope::error(const char *operation) const {
  return makeError(std::string(currentFailure.message) + " (in " + operation + ")");
}

void noteArithFailure(const std::string &what) {
  if (!currentFailure.failed)
    setFailure(what);
}

Int add(Int a, Int b) { return make(checkedAdd(a.value, b.value), bothStatic(a, b)); }
Int sub(Int a, Int b) { return make(checkedSub(a.value, b.value), bothStatic(a, b)); }

Int mul(Int a, Int b) {
  if (a.isConstant(0) || b.isConstant(0))
    return Int::fixed(0);
  return make(checkedMul(a.value, b.value), bothStatic(a, b));
}

Int div(Int a, Int b) {
  if (a.isConstant(0) && !b.isStatic) // CuTe: _0 / int is _0 without dividing
    return Int::fixed(0);
  if (!divisorOk(a.value, b.value, "/"))
    return make(0, bothStatic(a, b));
  return make(a.value / b.value, bothStatic(a, b));
}

Int mod(Int a, Int b) {
  // CuTe: int % _1, int % _-1 and _0 % int are _0 without dividing.
  if ((!a.isStatic && (b.isConstant(1) || b.isConstant(-1))) || (a.isConstant(0) && !b.isStatic))
    return Int::fixed(0);
  if (!divisorOk(a.value, b.value, "%"))
    return make(0, bothStatic(a, b));
  return make(a.value % b.value, bothStatic(a, b));
}

Int neg(Int a) { return make(checkedSub(0, a.value), a.isStatic); }
Int min(Int a, Int b) { return make(a.value < b.value ? a.value : b.value, bothStatic(a, b)); }
Int max(Int a, Int b) { return make(a.value < b.value ? b.value : a.value, bothStatic(a, b)); }

Int gcd(Int a, Int b) {
  int64_t x = a.value < 0 ? -a.value : a.value;
  int64_t y = b.value < 0 ? -b.value : b.value;
  while (y != 0) {
    int64_t t = x % y;
    x = y;
    y = t;
  }
  return make(x, bothStatic(a, b));
}

Int lcm(Int a, Int b) {
  if (a.value == 0 || b.value == 0)
    return make(0, bothStatic(a, b));
  Int g = gcd(a, b);
  int64_t x = a.value < 0 ? -a.value : a.value;
  int64_t y = b.value < 0 ? -b.value : b.value;
  return make(checkedMul(x / g.value, y), bothStatic(a, b));
}

Int abs(Int a) { return a.value < 0 ? neg(a) : a; }
Int signum(Int a) { return make((a.value > 0) - (a.value < 0), a.isStatic); }

Int ceilDiv(Int a, Int b) { return div(sub(add(a, b), Int::fixed(1)), b); }

Int safeDiv(Int a, Int b) {
  if (bothStatic(a, b) && b.value != 0 && a.value % b.value != 0)
    noteArithFailure("safe_div requires " + std::to_string(a.value) + " % " +
                     std::to_string(b.value) + " == 0");
  return div(a, b);
}

Bool equal(Int a, Int b) { return Bool{a.value == b.value, bothStatic(a, b)}; }
Bool less(Int a, Int b) { return Bool{a.value < b.value, bothStatic(a, b)}; }

} // namespace cutelayout
