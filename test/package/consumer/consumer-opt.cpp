// A user's own mlir-opt: the cute dialect and passes from the installed package, with the
// dialects the test input uses.
#include "cute/Dialect/Cute/IR/CuteOps.h" // the generated op classes compile from the prefix
#include "cute/InitCute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::cute::CuteDialect>();
  mlir::registerCanonicalizerPass();
  mlir::cute::registerCutePasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, "cutelayout consumer\n", registry));
}
