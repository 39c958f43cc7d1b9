#include "cute/InitCute.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::cute::registerCuteDialect(DialectRegistry &registry) {
  registry.insert<CuteDialect, cute_nvgpu::CuteNvgpuDialect>();
}

void mlir::cute::buildCuteToLLVMPipeline(OpPassManager &pm, const CuteToLLVMOptions &options) {
  pm.addPass(createCuteRefineTypes());
  CuteExpandOptions expand;
  expand.runtimeChecks = options.runtimeChecks;
  pm.addPass(createCuteExpand(expand));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(memref::createExpandStridedMetadataPass()); // cute.make_ptr's memref metadata
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass()); // vector.print, as MLIR's runner tests print
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::cute::registerCutePasses() {
  registerCuteTransformsPasses();
  cute_nvgpu::registerCuteNvgpuPasses();
  PassPipelineRegistration<CuteToLLVMOptions>(
      "cute-to-llvm",
      "Lower cute, func, arith, index, scf, cf and vector to the LLVM dialect (cute-refine-types, "
      "cute-expand, then the upstream conversions), ready for mlir-runner and "
      "mlir-translate --mlir-to-llvmir",
      buildCuteToLLVMPipeline);
}
