// cute-lsp-server: MLIR's language server with the dialects cute-opt parses (cute, func,
// arith, index, scf, cf, llvm, vector), for editors: diagnostics as you type, hover, go to definition.
//
// Unlike cute-opt, it cannot refuse a dense array of `index` elements before MLIR 22's
// parser crashes on it (cute/Tools/UpstreamGuard.h): MlirLspServerMain reads the documents
// itself. The editor restarts the server; README.md, "Editor support", says so.
//
// What it does guard: the messages themselves. MlirLspServerMain reads standard input;
// here that is a pipe fed by a thread that forwards each `Content-Length` frame from the
// real standard input, and replaces a message nesting deeper than kMaxJsonNesting with a
// notification no handler takes, before LLVM's recursive JSON parser overflows the stack
// on it (issue 41, F17). The server logs the drop and goes on.
#include "cute/InitCute.h"
#include "cute/Tools/JsonNesting.h"

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
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

/// The deepest message the server parses: far beyond any LSP message, far below the depth
/// at which LLVM's parser overflows the stack (about 20,000 levels).
constexpr size_t kMaxJsonNesting = 512;

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

/// Forwards frames from in to out until either ends. From a header with no readable
/// Content-Length on (the delimited input of -lit-test, or a malformed frame), the rest is
/// copied unchanged: the transport reads it as it would have without the filter.
void forwardFrames(FILE *in, int out) {
  std::string header, line, body;
  char *buf = nullptr;
  size_t cap = 0;
  for (;;) {
    header.clear();
    long long length = -1;
    ssize_t n;
    while ((n = ::getline(&buf, &cap, in)) > 0) {
      line.assign(buf, size_t(n));
      header += line;
      if (line == "\r\n" || line == "\n")
        break;
      if (line.compare(0, 15, "Content-Length:") == 0)
        length = std::strtoll(line.c_str() + 15, nullptr, 10);
      else if (header.size() == line.size())
        break; // not a frame's first header line: copied unchanged from here
    }
    if (n <= 0) { // the end: what was read goes on (a partial or delimited message)
      writeAll(out, header.data(), header.size());
      break;
    }
    if (length < 0 || length > (1ll << 30)) {
      bool ok = writeAll(out, header.data(), header.size());
      char chunk[1 << 16];
      size_t k;
      while (ok && (k = std::fread(chunk, 1, sizeof chunk, in)) > 0)
        ok = writeAll(out, chunk, k);
      break;
    }
    body.resize(size_t(length));
    if (std::fread(body.data(), 1, body.size(), in) != body.size())
      break;
    if (mlir::cute::jsonNesting(body, kMaxJsonNesting) > kMaxJsonNesting) {
      std::fprintf(stderr, "cute-lsp-server: dropped a message of %lld bytes that nests deeper than %zu levels\n",
                   length, kMaxJsonNesting);
      body = R"({"jsonrpc":"2.0","method":"$/cute/droppedTooDeep"})";
      header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    }
    if (!writeAll(out, header.data(), header.size()) || !writeAll(out, body.data(), body.size()))
      break;
  }
  std::free(buf);
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
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::index::IndexDialect,
                  mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect,
                  mlir::vector::VectorDialect, mlir::memref::MemRefDialect>();
  mlir::cute::registerCuteDialect(registry);
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "cute-lsp-server (cutelayout) " CUTELAYOUT_VERSION "\n"; });
  guardStandardInput();
  return llvm::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
