#include "cutelayout/Trace.h"

#include <numeric>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

namespace detail {
__thread Trace *tActiveTrace = nullptr;

Int traced(TraceOp op, Int a, Int b) { return tActiveTrace->record(op, a, b); }

Int tracedSwizzle(const Swizzle &s, Int x) { return tActiveTrace->record(TraceOp::Swizzle, x, x, s); }
} // namespace detail

Int Trace::input(uint32_t slot) {
  TraceNode n;
  n.op = TraceOp::Input;
  n.value = slot;
  hasInputs_ = true;
  return symbolOf(intern(n));
}

bool Trace::isSymbol(int64_t v) const {
  return v >= kSymbolBase && (v - kSymbolBase) % 16 == 11 && uint64_t(v - kSymbolBase) / 16 < nodes_.size();
}

uint32_t Trace::operand(Int x) {
  if (!x.isStatic && isSymbol(x.value))
    return node(x.value);
  // A static leaf is a constant. A dynamic non-symbol is a value computed without
  // recording; it is kept as a constant here and its consumer sees no symbol (isSymbol).
  TraceNode n;
  n.op = TraceOp::Constant;
  n.value = x.isStatic ? x.value : x.value ^ 1; // never a symbol's value
  return intern(n);
}

uint32_t Trace::intern(const TraceNode &n) {
  uint64_t h = uint64_t(n.op) * 0x9E3779B97F4A7C15ull ^ (uint64_t(n.a) << 32 | n.b) * 0xC2B2AE3D27D4EB4Full ^
               uint64_t(n.value) * 0x165667B19E3779F9ull ^
               uint64_t(n.swizzle.bits | n.swizzle.base << 8 | (n.swizzle.shift & 0xff) << 16);
  std::vector<uint32_t> &bucket = byHash_[h];
  for (uint32_t i : bucket) {
    const TraceNode &o = nodes_[i];
    if (o.op == n.op && o.a == n.a && o.b == n.b && o.value == n.value && o.swizzle == n.swizzle)
      return i;
  }
  nodes_.push_back(n);
  bucket.push_back(uint32_t(nodes_.size() - 1));
  return uint32_t(nodes_.size() - 1);
}

Int Trace::record(TraceOp op, Int a, Int b, const Swizzle &s) {
  if (op == TraceOp::Constant) // a runtime copy of the static a (asDynamic)
    return symbolOf(operand(a));
  // Identities that leave a symbol unchanged (x * 1, x + 0, x - 0, x / 1, x && 1: CuTe's
  // result is then the dynamic x itself), so the program stays short.
  int64_t identity = 0;
  bool commutes = true;
  switch (op) {
  case TraceOp::Mul:
  case TraceOp::And:
    identity = 1;
    break;
  case TraceOp::Add:
    identity = 0;
    break;
  case TraceOp::Sub:
    identity = 0, commutes = false;
    break;
  case TraceOp::Div:
    identity = 1, commutes = false;
    break;
  default:
    identity = -1;
    break; // none
  }
  auto isIdentity = [&](Int x) { return identity >= 0 && x.isStatic && x.value == identity; };
  if (isIdentity(b))
    return Int{a.value, false};
  if (commutes && isIdentity(a))
    return Int{b.value, false};
  TraceNode n;
  n.op = op;
  n.a = operand(a);
  bool unary = op == TraceOp::Abs || op == TraceOp::Signum || op == TraceOp::Neg || op == TraceOp::Swizzle;
  n.b = unary ? 0 : operand(b);
  n.swizzle = s;
  return symbolOf(intern(n));
}

Expected<int64_t> Trace::evaluate(uint32_t last, const std::vector<int64_t> &inputs) const {
  // Replay with the same operators on dynamic integers, not recording.
  Trace *active = detail::tActiveTrace;
  detail::tActiveTrace = nullptr;
  ArithScope scope;
  std::vector<int64_t> v(last + 1);
  for (uint32_t i = 0; i <= last; ++i) {
    const TraceNode &n = nodes_[i];
    Int a = Int::dynamic(n.op == TraceOp::Input || n.op == TraceOp::Constant ? 0 : v[n.a]);
    Int b = Int::dynamic(v[n.b]);
    Int r;
    switch (n.op) {
    case TraceOp::Input:
      if (n.value < 0 || uint64_t(n.value) >= inputs.size()) {
        detail::tActiveTrace = active;
        return makeError("trace input " + std::to_string(n.value) + " has no value");
      }
      r = Int::dynamic(inputs[n.value]);
      break;
    case TraceOp::Constant:
      r = Int::dynamic(n.value);
      break;
    case TraceOp::Add:
      r = add(a, b);
      break;
    case TraceOp::Sub:
      r = sub(a, b);
      break;
    case TraceOp::Mul:
      r = mul(a, b);
      break;
    case TraceOp::Div:
      r = div(a, b);
      break;
    case TraceOp::Mod:
      r = mod(a, b);
      break;
    case TraceOp::Min:
      r = min(a, b);
      break;
    case TraceOp::Max:
      r = max(a, b);
      break;
    case TraceOp::Gcd:
      r = gcd(a, b);
      break;
    case TraceOp::Lcm:
      r = lcm(a, b);
      break;
    case TraceOp::Abs:
      r = abs(a);
      break;
    case TraceOp::Signum:
      r = signum(a);
      break;
    case TraceOp::Neg:
      r = neg(a);
      break;
    case TraceOp::Swizzle:
      r = n.swizzle.apply(a);
      break;
    case TraceOp::Eq:
      r = asInt(equal(a, b));
      break;
    case TraceOp::Lt:
      r = asInt(less(a, b));
      break;
    case TraceOp::And:
      r = Int::dynamic(a.value && b.value);
      break;
    case TraceOp::Or:
      r = Int::dynamic(a.value || b.value);
      break;
    case TraceOp::Multiple:
      r = asInt(multipleOf(a, b));
      break;
    }
    v[i] = r.value;
  }
  detail::tActiveTrace = active;
  if (scope.failed())
    return scope.error("trace evaluation");
  return v[last];
}

namespace {
int64_t absOf(int64_t x) { return x == INT64_MIN ? 1 : x < 0 ? -x : x; } // INT64_MIN: 1 is safe
int64_t gcdOf(int64_t a, int64_t b) { return std::gcd(a, b); }           // gcd(0, x) = x
/// The lcm of two divisors, or a (still a divisor) when it overflows.
int64_t lcmOf(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  int64_t g = gcdOf(a, b), r;
  return __builtin_mul_overflow(a / g, b, &r) ? a : r;
}
int64_t log2Floor(int64_t x) { return 63 - __builtin_clzll(uint64_t(x)); }
} // namespace

std::vector<int64_t> Trace::divisors(const std::vector<int64_t> &inputDivisors) const {
  std::vector<int64_t> d(nodes_.size(), 1);
  // A constant whose divisor is its magnitude: every one but INT64_MIN, whose divisor
  // absOf cannot hold (the Mod and Div rules read the divisor as the constant's value).
  auto isConstant = [&](uint32_t i) { return nodes_[i].op == TraceOp::Constant && nodes_[i].value != INT64_MIN; };
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    const TraceNode &n = nodes_[i];
    int64_t a = n.op == TraceOp::Input || n.op == TraceOp::Constant ? 1 : d[n.a], b = d[n.b];
    switch (n.op) {
    case TraceOp::Input:
      d[i] = size_t(n.value) < inputDivisors.size() && inputDivisors[n.value] > 0 ? inputDivisors[n.value] : 1;
      break;
    case TraceOp::Constant:
      d[i] = absOf(n.value);
      break;
    case TraceOp::Add:
    case TraceOp::Sub:
    case TraceOp::Min:
    case TraceOp::Max:
    case TraceOp::Gcd:
      d[i] = gcdOf(a, b);
      break;
    case TraceOp::Mod: // a % b = a - q * b; 0 when a constant b divides a's divisor
      d[i] = a == 0 || (isConstant(n.b) && b != 0 && a % b == 0) ? 0 : gcdOf(a, b);
      break;
    case TraceOp::Mul: {
      int64_t r;
      d[i] = a == 0 || b == 0 ? 0 : __builtin_mul_overflow(a, b, &r) ? a : r;
      break;
    }
    case TraceOp::Div: { // exact division by a constant keeps what is left of a's divisor
      uint32_t x;
      if (exactCeilDiv(i, d, x)) // ceil_div(x, c) with c dividing x
        d[i] = d[x] == 0 ? 0 : d[x] / b;
      else
        d[i] = a == 0 ? 0 : isConstant(n.b) && b != 0 && a % b == 0 ? a / b : 1;
      break;
    }
    case TraceOp::Lcm:
      d[i] = lcmOf(a, b);
      break;
    case TraceOp::Abs:
    case TraceOp::Neg:
      d[i] = a;
      break;
    case TraceOp::Signum:
      d[i] = a == 0 ? 0 : 1;
      break;
    case TraceOp::Swizzle: { // the bits below the zzz field are kept
      int64_t low = n.swizzle.base - (n.swizzle.shift < 0 ? n.swizzle.shift : 0);
      int64_t keep = a == 0 ? 0 : a & -a; // the power of two in a
      d[i] = a == 0 ? 0 : (keep != 0 && log2Floor(keep) < low) ? keep : (int64_t(1) << (low < 62 ? low : 62));
      break;
    }
    case TraceOp::Multiple: {
      Verdict v = decide(i, d);
      d[i] = v == Verdict::Fails ? 0 : 1;
      break;
    }
    case TraceOp::Eq:
    case TraceOp::Lt:
    case TraceOp::And:
    case TraceOp::Or:
      d[i] = 1;
      break;
    }
  }
  return d;
}

bool Trace::exactCeilDiv(uint32_t i, const std::vector<int64_t> &d, uint32_t &x) const {
  const TraceNode &t = nodes_[i];
  if (t.op != TraceOp::Div)
    return false;
  const TraceNode &c = nodes_[t.b], &sub = nodes_[t.a];
  if (c.op != TraceOp::Constant || c.value <= 0 || sub.op != TraceOp::Sub)
    return false;
  const TraceNode &add = nodes_[sub.a], &one = nodes_[sub.b];
  if (one.op != TraceOp::Constant || one.value != 1 || add.op != TraceOp::Add || add.b != t.b)
    return false;
  x = add.a;
  return d[x] == 0 || d[x] % c.value == 0;
}

Trace::Verdict Trace::decide(uint32_t i, const std::vector<int64_t> &d) const {
  const TraceNode &n = nodes_[i];
  auto constantValue = [&](uint32_t k, int64_t &v) {
    if (nodes_[k].op != TraceOp::Constant)
      return false;
    v = nodes_[k].value;
    return true;
  };
  int64_t c;
  switch (n.op) {
  case TraceOp::Constant:
    return n.value ? Verdict::Holds : Verdict::Fails;
  case TraceOp::Multiple:
    // a multiple of a constant c: when c divides a's divisor (or a is 0).
    if (d[n.a] == 0 || (constantValue(n.b, c) && c != 0 && d[n.a] % c == 0))
      return Verdict::Holds;
    // a nonzero constant c is a multiple of b only if b's divisor divides c.
    if (constantValue(n.a, c) && c != 0 && d[n.b] != 0 && c % d[n.b] != 0)
      return Verdict::Fails;
    return Verdict::Unknown;
  case TraceOp::Eq: // x == 0 holds when x is known to be 0
    if ((constantValue(n.b, c) && c == 0 && d[n.a] == 0) || (constantValue(n.a, c) && c == 0 && d[n.b] == 0))
      return Verdict::Holds;
    return Verdict::Unknown;
  case TraceOp::Or: {
    Verdict x = decide(n.a, d), y = decide(n.b, d);
    return x == Verdict::Holds || y == Verdict::Holds   ? Verdict::Holds
           : x == Verdict::Fails && y == Verdict::Fails ? Verdict::Fails
                                                        : Verdict::Unknown;
  }
  case TraceOp::And: {
    Verdict x = decide(n.a, d), y = decide(n.b, d);
    return x == Verdict::Fails || y == Verdict::Fails   ? Verdict::Fails
           : x == Verdict::Holds && y == Verdict::Holds ? Verdict::Holds
                                                        : Verdict::Unknown;
  }
  default:
    return Verdict::Unknown;
  }
}

void recordRuntimeCheck(Bool holds, std::string what) {
  if (holds.isStatic && holds.value)
    return;
  detail::tActiveTrace->addCheck(asInt(holds), std::move(what));
}

TraceScope::TraceScope(Trace &t) : outer_(detail::tActiveTrace) { detail::tActiveTrace = &t; }
TraceScope::~TraceScope() { detail::tActiveTrace = outer_; }

CUTELAYOUT_ABI_END
} // namespace cutelayout
