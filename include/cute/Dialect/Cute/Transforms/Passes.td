#ifndef CUTE_PASSES_TD
#define CUTE_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteStaticFold : Pass<"cute-static-fold"> {
  let summary = "Fold every cute op whose operands are static, to a fixed point";
  let description = [{
    Applies the cute ops' folders (and those of the ops they feed, such as arith) until
    nothing changes. Ops with dynamic operands stay. Equivalent to the folding half of
    --canonicalize, without the other dialects' canonicalization patterns.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // CUTE_PASSES_TD
