// LspFrames: the language server's input filter, one frame at a time.
//
// What it denotes: the messages of a language-server input stream (each a header block
// with `Content-Length: N`, a blank line and N bytes of JSON), passed on unchanged except
// that a body nesting deeper than maxNesting (JsonNesting.h) becomes a notification no
// handler takes, before LLVM's recursive JSON parser meets it (issue 41, F17). From a
// header without a readable Content-Length on (the delimited input of -lit-test, or a
// malformed frame) the rest of the stream passes unchanged, as it would without the filter.
// cute-lsp-server runs it on a thread between standard input and the server; the LSP
// fuzzer runs it on its input.
// Representation invariant: none (a function of the stream).
//   "Content-Length: 2\r\n\r\n{}"            -> emit("Content-Length: 2\r\n\r\n", "{}")
//   a 100,000-deep body                       -> the `$/cute/droppedTooDeep` notification
#ifndef CUTE_TOOLS_LSPFRAMES_H
#define CUTE_TOOLS_LSPFRAMES_H

#include "cute/Tools/JsonNesting.h"

#include "llvm/ADT/StringRef.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace mlir::cute {

/// The deepest message the language server parses: far beyond any LSP message, far below
/// the depth at which LLVM's parser overflows the stack (about 20,000 levels).
inline constexpr size_t kMaxJsonNesting = 512;

/// The body that replaces one nesting too deeply.
inline constexpr const char *kDroppedTooDeep = R"({"jsonrpc":"2.0","method":"$/cute/droppedTooDeep"})";

/// Reads in to its end, calling emit(header, body) for each frame (body "" for text passed
/// on unchanged) and dropped(bytes) for each body replaced; stops where emit returns
/// false. @pre in is open for reading
template <class Emit, class Dropped> void filterLspFrames(FILE *in, size_t maxNesting, Emit emit, Dropped dropped) {
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
        break; // not a frame's first header line: passed on unchanged from here
    }
    if (n <= 0) { // the end: what was read goes on (a partial or delimited message)
      emit(llvm::StringRef(header), llvm::StringRef());
      break;
    }
    if (length < 0 || length > (1ll << 30)) {
      bool ok = emit(llvm::StringRef(header), llvm::StringRef());
      char chunk[1 << 16];
      size_t k;
      while (ok && (k = std::fread(chunk, 1, sizeof chunk, in)) > 0)
        ok = emit(llvm::StringRef(chunk, k), llvm::StringRef());
      break;
    }
    body.resize(size_t(length));
    if (std::fread(body.data(), 1, body.size(), in) != body.size())
      break;
    if (jsonNesting(body, maxNesting) > maxNesting) {
      dropped(body.size());
      body = kDroppedTooDeep;
      header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    }
    if (!emit(llvm::StringRef(header), llvm::StringRef(body)))
      break;
  }
  std::free(buf);
}

} // namespace mlir::cute

#endif
