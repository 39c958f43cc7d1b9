// Result inference shared by the cute op implementation files: what is known about an
// operand, what an op computes, and how errors are reported (emitted when verifying,
// silent when folding or looking through defining ops).
#ifndef CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H
#define CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H

#include "cute/Dialect/Cute/IR/CuteOps.h"

#include <vector>

namespace mlir::cute::detail {

/// What an op computes: a cute value, or an index (static when known at build time).
struct Inferred {
  bool isIndex = false;
  TypeValue value;
  cutelayout::Int index = cutelayout::Int::dynamic(cutelayout::kUnknownDynamic);
};

/// Reports errors when verifying; stays silent when folding or looking through.
struct Reporter {
  Operation *op;
  bool emit;
  InFlightDiagnostic error() const { return emit ? op->emitOpError() : InFlightDiagnostic(); }
};

/// What is known about an operand: for a cute value, the more precise of its type and
/// (up to a bounded depth) what its defining op computes; for an integer, a static leaf
/// when it is a constant.
struct Known {
  Type type;
  TypeValue value;
  cutelayout::Int leaf = cutelayout::Int::dynamic(cutelayout::kUnknownDynamic);
  bool isCute() const { return isa<CuteTypeInterface>(type); }
  bool isLayout() const { return isa<LayoutType>(type); }
  /// The rank when the type or value gives it.
  bool knowsRank() const { return value.form() != TypeValue::Form::Kind; }
};

FailureOr<Inferred> infer(Operation *op, const Reporter &r, int depth);
std::vector<Known> operandsOf(Operation *op, int depth);

inline Inferred ofValue(TypeValue v) {
  Inferred i;
  i.value = std::move(v);
  return i;
}
inline Inferred ofIndex(cutelayout::Int x) {
  Inferred i;
  i.isIndex = true;
  i.index = x;
  return i;
}
/// A value known only by rank (or kind, when the rank is unknown too).
inline Inferred ofRankOf(const TypeValue &v) {
  return ofValue(v.form() == TypeValue::Form::Kind ? TypeValue::kindOnly() : TypeValue::ofRank(v.rank()));
}

/// RESOLUTIONS R11: an integer coordinate is always legal; otherwise every tuple level has
/// the layout's rank and static leaves lie inside static extents.
LogicalResult checkCoordinate(const Reporter &r, const Known &coord, const Known &layout);

/// The algebra, divide, product and tiling ops (CuteAlgebraOps.cpp); fails with
/// "is not a cute op" for anything else.
FailureOr<Inferred> inferAlgebraOp(Operation *op, const Reporter &r, const std::vector<Known> &operands);

} // namespace mlir::cute::detail

#endif // CUTE_LIB_DIALECT_CUTE_IR_CUTEINFERENCE_H
