// cute-refine-types: each cute op's result type becomes the type its operands' types
// determine (cute::inferResultType), where every use of the result accepts the change.
#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/IR/CuteOps.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEREFINETYPES
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

/// A function whose results may change type: nothing in the module refers to it, and one
/// return gives its results (so the new result types are that return's operand types).
bool isRetypable(func::FuncOp f, ModuleOp module) {
  if (!f || f.isExternal() || !SymbolTable::symbolKnownUseEmpty(f, module))
    return false;
  unsigned returns = 0;
  f.walk([&](func::ReturnOp r) { returns += r->getParentOfType<func::FuncOp>() == f; });
  return returns == 1;
}

/// Every use of v takes a more precise type: a cute op, or the return of a retypable function.
bool usesAcceptAnyType(Value v, ModuleOp module) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa_and_nonnull<cute::CuteDialect>(user->getDialect()))
      continue;
    if (isa<func::ReturnOp>(user) && isRetypable(user->getParentOfType<func::FuncOp>(), module))
      continue;
    return false;
  }
  return true;
}

struct CuteRefineTypes : cute::impl::CuteRefineTypesBase<CuteRefineTypes> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Ops are visited in order, so one sweep refines a chain; a graph region's back edges
    // may need another (each sweep only makes types more precise, so this ends).
    for (int sweep = 0; sweep < 8; ++sweep) {
      bool changed = false;
      module.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!isa_and_nonnull<cute::CuteDialect>(op->getDialect()) || op->getNumResults() != 1)
          return;
        Value result = op->getResult(0);
        FailureOr<Type> refined = cute::inferResultType(op, /*emit=*/false);
        if (failed(refined) || *refined == result.getType() || !usesAcceptAnyType(result, module))
          return;
        result.setType(*refined);
        changed = true;
      });
      if (!changed)
        break;
    }
    // A retypable function returns what its one return now returns.
    module.walk([&](func::FuncOp f) {
      if (!isRetypable(f, module))
        return;
      f.walk([&](func::ReturnOp ret) {
        if (ret->getParentOfType<func::FuncOp>() == f)
          f.setType(FunctionType::get(f.getContext(), f.getArgumentTypes(), ret.getOperandTypes()));
      });
    });
  }
};

} // namespace
