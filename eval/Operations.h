// The operation table of cute-layout: every core operation under its CuTe name.
#pragma once

#include "Arguments.h"

#include <cstddef>
#include <new>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cutelayout::cli {

/// Calls operation `name` (template arguments already appended to args). Where an
/// argument has dynamic leaves, the operation is also applied to its static twin (the same
/// values, every leaf static); if that fails, so does the call: CuTe rejects those values
/// at compile time and does not check them at run time (docs/semantics.md, R18).
Expected<Value> callOperation(std::string_view name, ValueRefs args);

/// R19's strict reading, the one the lowered code's runtime checks enforce (cute-layout
/// --runtime-checks): callOperation also refuses a runtime-integer call where a condition
/// of CuTe's runtime path fails (RuntimeForm.h) although its answer is the static form's
/// function. Off by default. Not thread-safe to change while operations run.
void setRefuseFailedRuntimeSplits(bool on);

/// callOperation without the static-twin check: the core operation alone, as
/// cutelayout_bench --cases times it.
Expected<Value> callOperationUnchecked(std::string_view name, ValueRefs args);

/// An operation found by name, to be called many times.
struct ResolvedOperation {
  const std::string *key; // the operation's name (an alias resolves to it)
  const void *op;         // its table entry
};
/// Looks `name` up (an operation or an alias).
Expected<ResolvedOperation> findOperation(std::string_view name);
/// callOperation of an operation already looked up: the argument count is checked here.
Expected<Value> callOperation(const ResolvedOperation &op, ValueRefs args);
/// Looks `name` up and checks the argument count.
Expected<ResolvedOperation> resolveOperation(std::string_view name, size_t argCount);
/// callOperationUnchecked of a resolved operation: the handler alone, no name lookup.
/// @pre args.size() is the count it was resolved for
Expected<Value> callResolved(const ResolvedOperation &op, ValueRefs args);

/// callResolved writing the result into `out`, whose previous value is replaced (on an
/// error, out is left valid but unspecified). The algebra, size, cosize, crd2idx and
/// idx2crd write their result into out's storage (writesInPlace): a caller that calls them
/// many times with one `out`, as cutelayout_bench --cases does, builds and destroys no
/// Value per call.
/// @pre args.size() is the count op was resolved for; out is none of the arguments
Expected<bool> callResolvedInto(const ResolvedOperation &op, ValueRefs args, Value &out);
/// Whether callResolvedInto(op, args, out) builds its result in out's storage; where it
/// does not, it builds a Value and moves it into out, which costs more than callResolved.
bool writesInPlace(const ResolvedOperation &op, ValueRefs args);

/// A call of an operation whose arguments were checked once (bindResolved): calling it
/// runs the library's operation alone on those arguments, writing the result into `out`
/// as callResolvedInto does. It refers to the arguments, which must outlive it. This is
/// what `cutelayout_bench --cases` times: the core call a C++ caller makes, without the
/// table's per-call checks of argument kinds (a C++ compiler makes those once).
class BoundCall {
public:
  BoundCall() = default;
  /// f: a closure `Expected<bool>(Value &)` holding only pointers and small values.
  template <class F> explicit BoundCall(const F &f) : run_(&invoke<F>) {
    static_assert(sizeof(F) <= sizeof(state_) && alignof(F) <= alignof(std::max_align_t) &&
                      std::is_trivially_copyable_v<F> && std::is_trivially_destructible_v<F>,
                  "a bound call holds a small closure of pointers and values");
    ::new (static_cast<void *>(state_)) F(f);
  }
  /// Whether a call is bound.
  explicit operator bool() const { return run_ != nullptr; }
  /// Runs the call. Its arithmetic failures are recorded in the caller's ArithScope
  /// (IntTupleMath.h), which a caller opens around one call or a batch of them, as
  /// callResolvedInto opens one per call. @pre bound
  Expected<bool> operator()(Value &out) const { return run_(state_, out); }

private:
  template <class F> static Expected<bool> invoke(const void *state, Value &out) {
    return (*static_cast<const F *>(state))(out);
  }
  Expected<bool> (*run_)(const void *, Value &) = nullptr;
  alignas(std::max_align_t) unsigned char state_[64];
};

/// Checks the arguments of a resolved call and binds them: `call` is then bound, or left
/// unbound where the operation has no in-place form or these arguments take the table's
/// general path (an atom, tensor or composed layout, a part selected by index, an
/// argument converted per call). An error is the one callResolvedInto would give.
/// @pre args.size() is the count op was resolved for
Expected<bool> bindResolved(const ResolvedOperation &op, ValueRefs args, BoundCall &call);

/// v with every integer leaf static.
Value staticTwin(const Value &v);

/// Every operation name and alias, sorted (the Python module makes one function of each).
std::vector<std::string> operationNames();

/// True for the name of an operation or of one of its aliases.
bool isOperationName(std::string_view name);

/// True for the names an operation takes as an argument: LayoutLeft, LayoutRight (and
/// GenColMajor, GenRowMajor), element type names such as uint8_t or cute::half_t, and X.
bool isArgumentName(std::string_view name);

} // namespace cutelayout::cli
