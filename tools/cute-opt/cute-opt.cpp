// cute-opt: mlir-opt with the cute dialect and passes, plus the dialects its tests use.
#include "cute/InitCute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect>();
  mlir::cute::registerCuteDialect(registry);
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::cute::registerCutePasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, "cute optimizer driver\n", registry));
}
