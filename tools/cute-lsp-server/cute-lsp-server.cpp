// cute-lsp-server: MLIR's language server with the dialects cute-opt parses (cute, func,
// arith, index, scf, cf, llvm, vector), for editors: diagnostics as you type, hover, go to definition.
//
// Unlike cute-opt, it cannot refuse a dense array of `index` elements before MLIR 22's
// parser crashes on it (cute/Tools/UpstreamGuard.h): MlirLspServerMain reads the documents
// itself. The editor restarts the server; README.md, "Editor support", says so.
#include "cute/InitCute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect,
                  mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect,
                  mlir::vector::VectorDialect, mlir::memref::MemRefDialect>();
  mlir::cute::registerCuteDialect(registry);
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "cute-lsp-server (cutelayout) " CUTELAYOUT_VERSION "\n"; });
  return llvm::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
