#ifndef CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H
#define CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::cute {

#define GEN_PASS_DECL
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"

/// The options of --cute-to-llvm.
struct CuteToLLVMOptions : PassPipelineOptions<CuteToLLVMOptions> {
  Option<bool> runtimeChecks{*this, "runtime-checks",
                             llvm::cl::desc("Assert at run time the conditions CuTe checks only for static "
                                            "integers (R18) and those that keep the static form's function (R19), "
                                            "as cute-expand's option of that name; on by default"),
                             llvm::cl::init(true)};
};

/// The pipeline --cute-to-llvm: cute-refine-types, cute-expand, canonicalize, then the
/// upstream conversions of scf, vector, arith, index, cf and func to the LLVM dialect.
void buildCuteToLLVMPipeline(OpPassManager &pm, const CuteToLLVMOptions &options);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_TRANSFORMS_PASSES_H
