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

def CuteRefineTypes : Pass<"cute-refine-types", "::mlir::ModuleOp"> {
  let summary = "Replace kind-only and rank-only result types with the inferred ones";
  let description = [{
    Every cute op whose result type says less than its operands' types determine gets the
    inferred type, where every use accepts it: cute ops (their operands take any cute
    type), and `func.return` of a function nothing calls (its signature is updated). Ops
    are visited in order, so refined types flow down a chain; graph regions are revisited
    until nothing changes.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def CuteExpand : Pass<"cute-expand", "::mlir::ModuleOp"> {
  let summary = "Lower cute ops to arith on the runtime leaves of their operands";
  let description = [{
    Every cute value becomes its runtime (dynamic) leaves, one `index` value each, in a
    fixed order (a 1:N type conversion through function signatures, calls, returns,
    branches and scf regions); a fully static value becomes nothing. Every cute op becomes
    the `arith` computation of its result's runtime leaves, taken from the core library:
    the op's inference runs on symbols for its operands' runtime leaves and records the
    arithmetic it does on them, which is emitted as arith (scf for a gcd). `cute.print`
    becomes a `printf` call. Every type must hold its value: run --cute-refine-types
    first when some are written as a kind or rank only. See docs/lowering.md.

    With `runtime-checks` (the default), each condition CuTe checks only for static
    integers (R18: composition's stride and shape divisibility, complement's injectivity,
    shape_div, tile_to_shape's block divisibility, upcast's stride divisibility) and each
    condition under which CuTe's runtime path keeps the static form's function (R19:
    core/include/cutelayout/RuntimeForm.h) that an op meets on runtime leaves becomes a
    `cf.assert` on those leaves, so the lowered code stops where CuTe would silently
    compute a wrong layout. `runtime-checks=false` is CuTe's unchecked behaviour.
  }];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"true",
           "Assert at run time the conditions CuTe checks only for static integers (R18) and those "
           "that keep the static form's function (R19); on by default">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect", "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // CUTE_PASSES_TD
