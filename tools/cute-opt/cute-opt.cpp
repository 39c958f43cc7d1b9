// cute-opt: mlir-opt with the cute dialect and passes, plus the dialects its tests use.
//
// The driver reads the input itself before MLIR parses it, to refuse text that crashes
// MLIR 22's own parser (cute/Tools/UpstreamGuard.h); otherwise it is mlir-opt's driver.
#include "cute/InitCute.h"
#include "cute/Tools/UpstreamGuard.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect, mlir::vector::VectorDialect,
                  mlir::memref::MemRefDialect, mlir::gpu::GPUDialect>();
  mlir::cute::registerCuteDialect(registry);
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  // The conversions --cute-to-llvm runs, also usable one by one.
  mlir::registerSCFToControlFlowPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertVectorToLLVMPass();
  mlir::registerConvertIndexToLLVMPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerConvertFuncToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::registerFinalizeMemRefToLLVMConversionPass();
  mlir::memref::registerExpandStridedMetadataPass();
  mlir::cute::registerCutePasses();

  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "cute-opt (cutelayout) " CUTELAYOUT_VERSION "\n"; });
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, "cute optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses()) // no input is read
    return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  llvm::InitLLVM init(argc, argv);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (std::optional<size_t> at = mlir::cute::findIndexDenseArray(input->getBuffer())) {
    llvm::SourceMgr sources;
    llvm::StringRef text = input->getBuffer();
    sources.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
    sources.PrintMessage(llvm::errs(), llvm::SMLoc::getFromPointer(text.data() + *at), llvm::SourceMgr::DK_Error,
                         "a dense array of `index` elements is not accepted: MLIR 22's own parser crashes "
                         "on it (docs/robustness.md); write the elements as i64");
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
