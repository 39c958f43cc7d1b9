#ifndef CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H
#define CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::cute {

#define GEN_PASS_DECL
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H
