// cute-static-fold: folds every op (cute and the arith ops it feeds) until nothing
// changes; with no patterns beyond folding, it is the folding half of --canonicalize.
#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTESTATICFOLD
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {
struct CuteStaticFold : cute::impl::CuteStaticFoldBase<CuteStaticFold> {
  void runOnOperation() override {
    RewritePatternSet none(&getContext());
    // The greedy driver folds (and removes dead pure ops) to a fixed point.
    if (failed(applyPatternsGreedily(getOperation(), std::move(none))))
      signalPassFailure();
  }
};
} // namespace
