// cute-lsp-server: MLIR's language server with the dialects cute-opt parses (cute, func,
// arith, index, scf, cf, llvm, vector), for editors: diagnostics as you type, hover, go to definition.
//
// Unlike cute-opt, it cannot refuse a dense array of `index` elements before MLIR 22's
// parser crashes on it (cute/Tools/UpstreamGuard.h): MlirLspServerMain reads the documents
// itself. The editor restarts the server; README.md, "Editor support", says so.
//
// What it does guard: the messages themselves. MlirLspServerMain reads standard input;
// here that is a pipe fed by a thread that runs the frame filter (cute/Tools/LspFrames.h)
// on the real standard input: a message nesting deeper than kMaxJsonNesting becomes a
// notification no handler takes, before LLVM's recursive JSON parser overflows the stack
// on it (issue 41, F17). The server logs the drop and goes on.
#include "cute/InitCute.h"
#include "cute/Tools/LspFrames.h"

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

#include <cstdio>
#include <thread>
#include <unistd.h>

namespace {

using mlir::cute::kMaxJsonNesting;

bool writeAll(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = ::write(fd, p, n);
    if (k <= 0)
      return false;
    p += k;
    n -= size_t(k);
  }
  return true;
}

/// Forwards the filtered frames from in to out until either ends (LspFrames.h).
void forwardFrames(FILE *in, int out) {
  mlir::cute::filterLspFrames(
      in, kMaxJsonNesting,
      [&](llvm::StringRef header, llvm::StringRef body) {
        return writeAll(out, header.data(), header.size()) && writeAll(out, body.data(), body.size());
      },
      [](size_t bytes) {
        std::fprintf(stderr, "cute-lsp-server: dropped a message of %zu bytes that nests deeper than %zu levels\n",
                     bytes, kMaxJsonNesting);
      });
  ::close(out);
}

/// Puts the frame filter between standard input and the server. @post false: no pipe
/// (the server then reads standard input directly)
bool guardStandardInput() {
  int fds[2];
  int original = ::dup(STDIN_FILENO);
  if (original < 0 || ::pipe(fds) != 0)
    return false;
  FILE *in = ::fdopen(original, "rb");
  if (!in || ::dup2(fds[0], STDIN_FILENO) < 0)
    return false;
  ::close(fds[0]);
  std::thread(forwardFrames, in, fds[1]).detach();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect, mlir::vector::VectorDialect,
                  mlir::memref::MemRefDialect>();
  mlir::cute::registerCuteDialect(registry);
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "cute-lsp-server (cutelayout) " CUTELAYOUT_VERSION "\n"; });
  guardStandardInput();
  return llvm::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
