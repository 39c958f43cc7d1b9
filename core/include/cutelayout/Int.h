// Int: one integer leaf of an int tuple, static (CuTe's Int<N>, known when the IR is
// built) or dynamic (CuTe's int, a runtime value). RESOLUTIONS R14.
//
// Arithmetic follows CuTe's type rules exactly, because result structure depends on them:
//   static op static  -> static           static 0 * x, x * static 0 -> static 0
//   static 0 / x      -> static 0         x % static +-1, static 0 % x -> static 0
//   anything else     -> dynamic          (e.g. static 1 * dynamic x is dynamic)
// Values are int64. Overflow and division by zero do not trap: they record a sticky
// error in the current ArithScope (see below) and the enclosing public operation turns it
// into an Error. Division truncates toward zero, as C++ does.
#pragma once

#include "cutelayout/Support.h"

#include <cstdint>
#include <string>

namespace cutelayout {

struct Int {
  int64_t value = 0;
  bool isStatic = true;

  static Int fixed(int64_t v) { return Int{v, true}; }
  static Int dynamic(int64_t v) { return Int{v, false}; }
  /// True when this is the static constant v (CuTe's is_constant<v, T>).
  bool isConstant(int64_t v) const { return isStatic && value == v; }
  bool operator==(const Int &o) const {
    return value == o.value && isStatic == o.isStatic;
  }
  bool operator!=(const Int &o) const { return !(*this == o); }
};

/// A boolean that is static when CuTe would compute it at compile time.
struct Bool {
  bool value;
  bool isStatic;
  bool isStaticTrue() const { return isStatic && value; }
};

/// Collects the first arithmetic failure (overflow, division by zero) of the operations
/// run while it is alive. Scopes nest: an inner scope's failure propagates outward.
class ArithScope {
public:
  ArithScope();
  ~ArithScope();
  ArithScope(const ArithScope &) = delete;
  ArithScope &operator=(const ArithScope &) = delete;
  bool failed() const;
  /// The failure as an Error naming the operation, e.g. "int64 overflow in composition".
  Error error(const char *operation) const;

private:
  // The enclosing scope's failure, kept only when there was one (the common case costs
  // a flag test: scopes are opened by every public operation).
  bool outerFailed_;
  std::string outerMessage_;
};

/// Records a failure in the innermost ArithScope (first one wins).
void noteArithFailure(const std::string &what);

Int add(Int a, Int b);
Int sub(Int a, Int b);
Int mul(Int a, Int b);
Int div(Int a, Int b);
Int mod(Int a, Int b);
Int neg(Int a);
Int min(Int a, Int b);
Int max(Int a, Int b);
Int gcd(Int a, Int b);
Int lcm(Int a, Int b);
Int abs(Int a);
Int signum(Int a);
/// (a + b - 1) / b with CuTe's staticness (so ceilDiv(static 0, dynamic) is dynamic).
Int ceilDiv(Int a, Int b);
/// CuTe's safe_div: static/static requires exact division.
Int safeDiv(Int a, Int b);

Bool equal(Int a, Int b);
Bool less(Int a, Int b);

} // namespace cutelayout
