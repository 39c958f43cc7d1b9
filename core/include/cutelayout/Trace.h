// Trace: the arithmetic an operation does on its dynamic leaves, recorded as a program.
//
// Denotes a straight-line program over int64: each node is an input (a dynamic leaf the
// caller holds as a symbol, such as an SSA value in a compiler), a constant (a static leaf
// met by the arithmetic), or one of Int.h's operators applied to earlier nodes. While a
// TraceScope is open on a thread, Int.h's operators record every result that involves a
// dynamic value instead of computing it, and return a *symbol*: a dynamic Int whose value
// names the node. Static arithmetic still computes, so the operation decides staticness
// and structure exactly as it does on values (results keep CuTe's dynamic structure, R17):
// running any core operation on symbols gives its result with symbols for leaves, and
// replaying the nodes behind them on runtime values gives the values the operation itself
// would compute. This is how the dialect lowers layout math without restating it.
//
// Representation invariant: node i's operands are nodes < i; nodes are unique (a repeated
// operation returns the existing node); a symbol's value is kSymbolBase + 16 * index + 11,
// so arithmetic done on a symbol *without* recording (a bug) gives a non-symbol, which
// isSymbol detects.
//
//   Trace t; TraceScope on(t);
//   Int m = t.input(0);                       // the symbol of input 0
//   size((m, 4) : (1, m))                     // -> a symbol for Mul(input 0, constant 4)
//   composition((m,8):(1,m), (4,2):(2,4))     // -> (?,2):(?,?) with symbols: the
//                                             //    ceil_div and min chains of CuTe's fold
//   t.evaluate(symbol, {12}) replays a node on input values.
//
// Inside a TraceScope dynamic leaves are unknown values (an UnknownDynamicValues scope is
// open): conditions CuTe checks only for static integers are checked only for static ones.
//
// Recording needs the traced build of the core, `cutelayout::core_traced` (Config.h); in
// the plain build `cutelayout::core` the operators have no hooks and a Trace records
// nothing.
#pragma once

#include "cutelayout/Int.h"
#include "cutelayout/Support.h"
#include "cutelayout/Swizzle.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

/// One node of a Trace.
struct TraceNode {
  TraceOp op = TraceOp::Constant;
  uint32_t a = 0, b = 0; // operand nodes (b unused by unary ops and Swizzle)
  int64_t value = 0;     // Input: the input slot; Constant: the value
  Swizzle swizzle;       // Swizzle: the swizzle applied to node a
};

class Trace {
public:
  /// A symbol's value: kSymbolBase + 16 * node + 11.
  static constexpr int64_t kSymbolBase = int64_t(0x5CE) << 50;

  /// The symbol of input slot `slot` (the same symbol for the same slot).
  /// @post isSymbol(result.value) and !result.isStatic
  Int input(uint32_t slot);

  /// Whether v is the value of a symbol of this trace.
  bool isSymbol(int64_t v) const;
  /// The node a symbol names. @pre isSymbol(v)
  uint32_t node(int64_t v) const { return uint32_t((v - kSymbolBase) >> 4); }
  static Int symbolOf(uint32_t node) { return Int::dynamic(kSymbolBase + 16 * int64_t(node) + 11); }

  const std::vector<TraceNode> &nodes() const { return nodes_; }
  /// Whether the traced operation has a runtime leaf (an input was made).
  bool hasInputs() const { return hasInputs_; }

  /// Node n computed from the input values (inputs[slot]), with Int.h's arithmetic on
  /// dynamic integers: the value the traced operation computes for those inputs.
  /// @pre n < nodes().size(), every input slot used has a value
  /// @post an arithmetic failure (overflow, division by zero) is an Error naming it
  Expected<int64_t> evaluate(uint32_t n, const std::vector<int64_t> &inputs) const;

  /// Divisibility facts (docs/lowering.md#divisibility-facts): given a known divisor of
  /// each input (inputDivisors[slot], at least 1), a known divisor of every node's value,
  /// by the rules of that page; 0 means the value is known to be 0.
  /// @post result[n] divides the value of node n for every input values that are
  ///       multiples of their divisors (TraceTest checks this on random multiples)
  std::vector<int64_t> divisors(const std::vector<int64_t> &inputDivisors) const;

  /// Whether node n is CuTe's ceil_div(x, c) = (x + c - 1) / c with c a positive constant
  /// that divides x's known divisor; then x is set, and n equals x / c exactly.
  bool exactCeilDiv(uint32_t n, const std::vector<int64_t> &divisors, uint32_t &x) const;

  /// What divisibility facts decide about a 0/1 node (a recorded condition).
  enum class Verdict { Holds, Fails, Unknown };
  /// @pre divisors == divisors(...) of this trace
  Verdict decide(uint32_t n, const std::vector<int64_t> &divisors) const;

  /// Appends a node (or finds the equal one) and returns its symbol. Called by the
  /// recording hooks of Int.h and Swizzle.h.
  Int record(TraceOp op, Int a, Int b, const Swizzle &s = Swizzle{});

  /// A condition CuTe checks only for static integers (R18) that the traced operation met
  /// on runtime leaves: `holds` is 1 when it holds; `what` says which condition.
  struct Check {
    Int holds;
    std::string what;
  };
  const std::vector<Check> &checks() const { return checks_; }
  void addCheck(Int holds, std::string what) { checks_.push_back(Check{holds, std::move(what)}); }

private:
  uint32_t operand(Int x);
  uint32_t intern(const TraceNode &n);
  std::vector<TraceNode> nodes_;
  std::vector<Check> checks_;
  bool hasInputs_ = false;
  std::unordered_map<uint64_t, std::vector<uint32_t>> byHash_;
};

/// docs/semantics.md, R18, while a Trace records: a condition on runtime leaves cannot be
/// decided, so it is kept (Trace::checks) for the lowered code to check at run time, if
/// asked. `holds` is built with Int.h's operators (equal, less, multipleOf, both, either)
/// from the operation's values. @pre detail::tracing()
void recordRuntimeCheck(Bool holds, std::string what);

/// Makes t the thread's active trace for its lifetime (nests: the outer one returns after).
/// @pre t outlives the scope
class TraceScope {
public:
  explicit TraceScope(Trace &t);
  ~TraceScope();
  TraceScope(const TraceScope &) = delete;
  TraceScope &operator=(const TraceScope &) = delete;

private:
  Trace *outer_;
  UnknownDynamicValues unknown_;
};

CUTELAYOUT_ABI_END
} // namespace cutelayout
