#include "cutelayout/Trace.h"

namespace cutelayout {

namespace detail {
__thread Trace *tActiveTrace = nullptr;

Int traced(TraceOp op, Int a, Int b) { return tActiveTrace->record(op, a, b); }

Int tracedSwizzle(const Swizzle &s, Int x) { return tActiveTrace->record(TraceOp::Swizzle, x, x, s); }
} // namespace detail

Int Trace::input(uint32_t slot) {
  TraceNode n;
  n.op = TraceOp::Input;
  n.value = slot;
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
  // Identities that leave a symbol unchanged, so the program stays short (x * 1, x + 0,
  // x - 0, x / 1: CuTe's result is then the dynamic x itself).
  auto isStaticValue = [](Int x, int64_t v) { return x.isStatic && x.value == v; };
  switch (op) {
  case TraceOp::Mul:
    if (isStaticValue(b, 1))
      return Int{a.value, false};
    if (isStaticValue(a, 1))
      return Int{b.value, false};
    break;
  case TraceOp::Add:
    if (isStaticValue(b, 0))
      return Int{a.value, false};
    if (isStaticValue(a, 0))
      return Int{b.value, false};
    break;
  case TraceOp::And: // of 0s and 1s
    if (isStaticValue(b, 1))
      return Int{a.value, false};
    if (isStaticValue(a, 1))
      return Int{b.value, false};
    break;
  case TraceOp::Sub:
  case TraceOp::Div:
    if (isStaticValue(b, op == TraceOp::Sub ? 0 : 1))
      return Int{a.value, false};
    break;
  default:
    break;
  }
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
    case TraceOp::Constant: r = Int::dynamic(n.value); break;
    case TraceOp::Add: r = add(a, b); break;
    case TraceOp::Sub: r = sub(a, b); break;
    case TraceOp::Mul: r = mul(a, b); break;
    case TraceOp::Div: r = div(a, b); break;
    case TraceOp::Mod: r = mod(a, b); break;
    case TraceOp::Min: r = min(a, b); break;
    case TraceOp::Max: r = max(a, b); break;
    case TraceOp::Gcd: r = gcd(a, b); break;
    case TraceOp::Lcm: r = lcm(a, b); break;
    case TraceOp::Abs: r = abs(a); break;
    case TraceOp::Signum: r = signum(a); break;
    case TraceOp::Neg: r = neg(a); break;
    case TraceOp::Swizzle: r = n.swizzle.apply(a); break;
    case TraceOp::Eq: r = asInt(equal(a, b)); break;
    case TraceOp::Lt: r = asInt(less(a, b)); break;
    case TraceOp::And: r = Int::dynamic(a.value && b.value); break;
    case TraceOp::Or: r = Int::dynamic(a.value || b.value); break;
    case TraceOp::Multiple: r = asInt(multipleOf(a, b)); break;
    }
    v[i] = r.value;
  }
  detail::tActiveTrace = active;
  if (scope.failed())
    return scope.error("trace evaluation");
  return v[last];
}

void recordRuntimeCheck(Bool holds, std::string what) {
  if (holds.isStatic && holds.value)
    return;
  detail::tActiveTrace->addCheck(asInt(holds), std::move(what));
}

TraceScope::TraceScope(Trace &t) : outer_(detail::tActiveTrace) { detail::tActiveTrace = &t; }
TraceScope::~TraceScope() { detail::tActiveTrace = outer_; }

} // namespace cutelayout
