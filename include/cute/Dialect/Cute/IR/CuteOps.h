#ifndef CUTE_DIALECT_CUTE_IR_CUTEOPS_H
#define CUTE_DIALECT_CUTE_IR_CUTEOPS_H

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cute {

/// The call-like syntax shared by every cute op (see CuteOps.td).
ParseResult parseCuteCall(OpAsmParser &parser, OperationState &result, StringRef opName);
void printCuteCall(OpAsmPrinter &p, Operation *op);

/// Verification and folding, shared by all cute ops and dispatched on the op name.
LogicalResult verifyCuteOp(Operation *op);
/// The result type op's inference gives from its operands' types (and integer constants),
/// in the kind of op's current result type (a placeholder of the op's result kind; a
/// layout placeholder becomes a composed layout where the algebra gives one). Emits the
/// op's diagnostic (when `emit`) and fails where inference fails.
FailureOr<Type> inferResultType(Operation *op, bool emit = true);
OpFoldResult foldCuteOp(Operation *op, ArrayRef<Attribute> operands);

} // namespace mlir::cute

#define GET_OP_CLASSES
#include "cute/Dialect/Cute/IR/CuteOps.h.inc"

#endif // CUTE_DIALECT_CUTE_IR_CUTEOPS_H
