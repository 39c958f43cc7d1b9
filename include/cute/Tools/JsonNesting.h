// JsonNesting: how deeply a JSON text nests, found in one pass without recursion.
//
// LLVM's JSON parser recurses once per `[` or `{`: a language-server message of 100,000
// nested arrays overflows its stack (issue 41, F17; Debian's mlir-lsp-server dies the same
// way). cute-lsp-server measures each message with this first and drops one that nests
// deeper than it accepts (docs/robustness.md).
//
// What it denotes: the largest number of `[`/`{` open at once outside string literals
// (a backslash escapes the next character inside one), counted up to limit + 1. It does
// not check that the text is JSON; the parser does that afterwards.
// Representation invariant: none (a function of its text).
//   jsonNesting(R"({"a":[1,[2]]})", 64)    == 3
//   jsonNesting(R"(["[[[", {"b":"}"}])", 64) == 2
#ifndef CUTE_TOOLS_JSONNESTING_H
#define CUTE_TOOLS_JSONNESTING_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace mlir::cute {

/// @post the deepest nesting of text, or limit + 1 where it is deeper than limit
inline size_t jsonNesting(llvm::StringRef text, size_t limit) {
  size_t depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // the escaped character
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > limit)
        return limit + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

} // namespace mlir::cute

#endif
