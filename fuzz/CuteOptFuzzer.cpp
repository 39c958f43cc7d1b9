// libFuzzer target: any text, parsed as a module with the dialects cute-opt registers,
// verified, canonicalized and lowered (--cute-to-llvm), is accepted or rejected with
// diagnostics: never a crash,
// hang, leak or undefined behaviour. Two invariants are checked beyond that: a module
// that verifies canonicalizes into a module that verifies, and its printed form reads
// back (folds never write a value the type syntax cannot hold).
#include "cute/InitCute.h"
#include "cute/Tools/UpstreamGuard.h"

#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

const mlir::DialectRegistry &registry() {
  static mlir::DialectRegistry *r = [] {
    auto *reg = new mlir::DialectRegistry;
    reg->insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect>();
    mlir::cute::registerCuteDialect(*reg);
    return reg;
  }();
  return *r;
}

/// A context that swallows diagnostics (rejected input is the common, correct case).
struct QuietContext {
  mlir::MLIRContext ctx{registry(), mlir::MLIRContext::Threading::DISABLED};
  QuietContext() {
    ctx.getDiagEngine().registerHandler([](mlir::Diagnostic &) { return mlir::success(); });
  }
};

[[noreturn]] void broken(const char *what, const std::string &text) {
  llvm::errs() << "cute-opt fuzzer: " << what << "\n" << text << "\n";
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 8192)
    return 0; // long inputs only slow the search; chains are covered by lit tests
  std::string text(reinterpret_cast<const char *>(data), size);
  if (mlir::cute::findIndexDenseArray(text)) // cute-opt refuses it: MLIR 22 crashes on it
    return 0;
  QuietContext q;
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(text, &q.ctx);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  mlir::PassManager pm(&q.ctx);
  pm.addPass(mlir::createCanonicalizerPass());
  if (mlir::failed(pm.run(*module)))
    broken("canonicalize failed on a module that verifies", text);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  QuietContext again;
  mlir::OwningOpRef<mlir::ModuleOp> reread = mlir::parseSourceString<mlir::ModuleOp>(printed, &again.ctx);
  if (!reread || mlir::failed(mlir::verify(*reread)))
    broken("canonicalized output does not read back", text + "\n// printed:\n" + printed);
  // The lowering (docs/lowering.md), with and without runtime checks: it may refuse a
  // module with a diagnostic, never crash.
  for (bool checks : {false, true}) {
    mlir::OwningOpRef<mlir::ModuleOp> lowered = module->clone();
    mlir::PassManager lower(&q.ctx);
    mlir::cute::CuteToLLVMOptions options;
    options.runtimeChecks = checks;
    mlir::cute::buildCuteToLLVMPipeline(lower, options);
    (void)lower.run(*lowered);
  }
  return 0;
}
