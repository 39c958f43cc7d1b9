#include "cute/InitCute.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::cute::registerCuteDialect(DialectRegistry &registry) { registry.insert<CuteDialect>(); }

void mlir::cute::registerCutePasses() { registerCuteTransformsPasses(); }
