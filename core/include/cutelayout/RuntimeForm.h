// RuntimeForm: when CuTe's runtime-integer answer is the static answer's function
// (docs/semantics.md, R19).
//
// What it denotes. CuTe's static path simplifies before it splits (it coalesces A before a
// composition, filters before a complement, coalesces a divide's cotarget); its
// runtime-integer path cannot, so it splits the unsimplified modes. A split that is exact
// (a stride that divides the extent it meets, a quotient without remainder) gives the
// same function either way; an inexact one may not: with runtime shapes,
// `composition((3,3):(_1,_3), _4:_2)` is CuTe's `(2,2):(_2,3)`, which maps 2 to 3, where
// the static form is `_4:_2`. Each kernel states, at each such split, the condition under
// which it keeps the static form's function, through requireStaticFunction below: the
// one place that condition lives, whatever the caller.
//
//   - Values known (the command line, Python, the web build): a failed condition is noted
//     (the first one of the operation, in a RuntimeFormScope). The evaluator computes the
//     static twin anyway (R18); where the two answers are different functions it reports
//     the note, which names a condition that really fails, and the static answer.
//   - A Trace recording (the lowering): the condition on runtime leaves becomes a runtime
//     check, which the lowered code asserts (on by default): lowered code stops where it
//     would leave the static form's function.
//   - Static leaves only: the evaluator compares nothing (the static form is the
//     reference). A condition that fails on static values of an operation with runtime
//     leaves is noted, and lowered code of that operation always stops there.
//
// Invariant: a note is only ever a condition that fails for the operation's values, so a
// message built from it never claims a condition that holds. Example notes:
//   "stride 2 and shape 3 of mode 0 of (3,3):(1,3) do not divide each other, and the 4
//    elements at stride 2 do not fit in that mode"
//   "shape 3 of the bound (3,6) and the extent 2 left to divide do not divide each other
//    (the static form divides the bound's size 18)"
#pragma once

#include "cutelayout/Int.h"
#include "cutelayout/Trace.h"

#include <string>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

namespace detail {
/// The note of the innermost RuntimeFormScope (first failed condition wins).
struct RuntimeFormNote {
  bool noted;
  char message[256]; // truncated to fit
};
extern __thread RuntimeFormNote tRuntimeFormNote;
[[gnu::cold, gnu::noinline]] void noteRuntimeForm(const std::string &message);
} // namespace detail

/// One inexact split of CuTe's runtime path: it computes the static form's function when
/// `holds` (built with Int.h's equal, less, multipleOf, either, both from the step's
/// values). `message()` says what fails, with the values, and is built only when needed.
/// A condition can fail on static values alone where runtime leaves elsewhere left the
/// modes unsimplified (a mode the static form would have merged with a runtime one): the
/// lowered code of an operation with runtime leaves then always stops there.
/// @post tracing, holds dynamic, or static and false with runtime leaves in the traced
///       operation: a runtime check is recorded (Trace::checks)
/// @post not tracing, holds false: a note is recorded if none is yet
template <class Message> inline void requireStaticFunction(Bool holds, Message &&message) {
  if (holds.isStatic && holds.value)
    return;
  if (__builtin_expect(detail::tracing(), 0)) {
    if (!holds.isStatic || detail::tActiveTrace->hasInputs())
      recordRuntimeCheck(holds, message());
  } else if (!holds.value && !detail::tRuntimeFormNote.noted) {
    detail::noteRuntimeForm(message());
  }
}

/// Collects the first failed requireStaticFunction of the operations run while it is
/// alive (an outer scope's note is saved and restored).
class RuntimeFormScope {
public:
  RuntimeFormScope();
  ~RuntimeFormScope();
  RuntimeFormScope(const RuntimeFormScope &) = delete;
  RuntimeFormScope &operator=(const RuntimeFormScope &) = delete;
  /// The first failed condition's message, or null.
  const char *note() const { return detail::tRuntimeFormNote.noted ? detail::tRuntimeFormNote.message : nullptr; }

private:
  detail::RuntimeFormNote outer_;
};

CUTELAYOUT_ABI_END
} // namespace cutelayout
