// libFuzzer target: the language server's input and document handling (issue 41). The
// input is a language-server stream: it runs through the server's frame filter
// (cute/Tools/LspFrames.h), each body is parsed as JSON as the transport parses it, and
// the text of each `textDocument/didOpen` or `didChange` is parsed as the server parses a
// document (with an AsmParserState, which records every definition and use for hover and
// go-to-definition), verified, and its values' types printed (what hover shows). An input
// that is not a stream is taken as one document's text. Never a crash, hang, leak or
// undefined behaviour.
#include "cute/InitCute.h"
#include "cute/Tools/LspFrames.h"
#include "cute/Tools/UpstreamGuard.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
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

/// One document as the server handles it: parsed with the parser state, verified, and
/// each operation's result types printed.
void handleDocument(llvm::StringRef text) {
  if (text.size() > 8192 || mlir::cute::findIndexDenseArray(text)) // (the upstream crash: docs/robustness.md)
    return;
  mlir::MLIRContext ctx(registry(), mlir::MLIRContext::Threading::DISABLED);
  ctx.getDiagEngine().registerHandler([](mlir::Diagnostic &) { return mlir::success(); });
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "document.mlir"), llvm::SMLoc());
  mlir::Block block;
  mlir::AsmParserState state;
  mlir::ParserConfig config(&ctx);
  if (mlir::failed(mlir::parseAsmSourceFile(sources, &block, config, &state)))
    return;
  std::string hover;
  llvm::raw_string_ostream os(hover);
  for (const mlir::AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    (void)mlir::verify(def.op, /*verifyRecursively=*/false);
    for (mlir::Type t : def.op->getResultTypes())
      os << t << "\n";
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384)
    return 0;
  FILE *in = fmemopen(const_cast<uint8_t *>(data), size, "rb");
  if (!in)
    return 0;
  bool framed = false;
  mlir::cute::filterLspFrames(
      in, mlir::cute::kMaxJsonNesting,
      [&](llvm::StringRef, llvm::StringRef body) {
        if (body.empty())
          return true;
        framed = true;
        llvm::Expected<llvm::json::Value> message = llvm::json::parse(body);
        if (!message) {
          llvm::consumeError(message.takeError());
          return true;
        }
        const llvm::json::Object *o = message->getAsObject();
        std::optional<llvm::StringRef> method = o ? o->getString("method") : std::nullopt;
        const llvm::json::Object *params = o ? o->getObject("params") : nullptr;
        if (!method || !params)
          return true;
        if (*method == "textDocument/didOpen") {
          if (const llvm::json::Object *doc = params->getObject("textDocument"))
            if (std::optional<llvm::StringRef> text = doc->getString("text"))
              handleDocument(*text);
        } else if (*method == "textDocument/didChange") {
          if (const llvm::json::Array *changes = params->getArray("contentChanges"))
            for (const llvm::json::Value &c : *changes)
              if (const llvm::json::Object *change = c.getAsObject())
                if (std::optional<llvm::StringRef> text = change->getString("text"))
                  handleDocument(*text);
        }
        return true;
      },
      [](size_t) {});
  std::fclose(in);
  if (!framed) // not a stream: one document's text
    handleDocument(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  return 0;
}
