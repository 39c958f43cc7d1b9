// UpstreamGuard: text that crashes MLIR 22's own parser, found before MLIR reads it.
//
// MLIR 22's dense-array attribute parser dereferences a null float type when the element
// type is `index` (`array<index: 1>`, `array<index>`, or an alias `!t = index` used as
// `array<!t: 1>`): Debian's mlir-opt crashes on it too, in any dialect. cute-opt must not
// crash on any input (docs/robustness.md), so its driver and its fuzzer look for that
// shape first and reject it with a located error.
//
// What it denotes: the offset of the first `array<` whose element type is `index` or an
// alias that resolves to `index`, or none. Whitespace and `//` comments may separate the
// tokens. Text inside string literals is scanned too (a false alarm there costs an error,
// never a crash).
//   findIndexDenseArray("{a = array<index: 1>}")          == 5
//   findIndexDenseArray("!t = index\n{a = array<!t: 1>}") == 16
#ifndef CUTE_TOOLS_UPSTREAMGUARD_H
#define CUTE_TOOLS_UPSTREAMGUARD_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <cstddef>
#include <optional>

namespace mlir::cute {

namespace detail {
/// The offset of the first character at or after `at` that is neither white space nor
/// inside a `//` comment.
inline size_t skipBlank(llvm::StringRef text, size_t at) {
  while (at < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
    } else if (text.substr(at).starts_with("//")) {
      size_t eol = text.find('\n', at);
      at = eol == llvm::StringRef::npos ? text.size() : eol + 1;
    } else {
      break;
    }
  }
  return at;
}

inline bool aliasChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

/// The identifier (type alias name, keyword) starting at `at`.
inline llvm::StringRef word(llvm::StringRef text, size_t at) {
  size_t end = at;
  while (end < text.size() && aliasChar(text[end]))
    ++end;
  return text.slice(at, end);
}

/// Type alias definitions `!name = type`: the name, and the first word of its type
/// (`index`, or `!other` for an alias of an alias).
inline llvm::StringMap<llvm::StringRef> aliasDefinitions(llvm::StringRef text) {
  llvm::StringMap<llvm::StringRef> defs;
  for (size_t at = text.find('!'); at != llvm::StringRef::npos; at = text.find('!', at + 1)) {
    llvm::StringRef name = word(text, at + 1);
    size_t eq = skipBlank(text, at + 1 + name.size());
    if (name.empty() || eq >= text.size() || text[eq] != '=' || text.substr(eq).starts_with("=="))
      continue;
    size_t rhs = skipBlank(text, eq + 1);
    bool alias = rhs < text.size() && text[rhs] == '!';
    defs.try_emplace(name, alias ? text.slice(rhs, rhs + 1 + word(text, rhs + 1).size()) : word(text, rhs));
  }
  return defs;
}

/// Whether alias `name` stands for `index`, through any chain of aliases. Each alias is
/// resolved once (memo), so all queries together are linear in the definitions.
inline bool isIndexAlias(llvm::StringRef name, const llvm::StringMap<llvm::StringRef> &defs,
                         llvm::StringMap<bool> &memo) {
  llvm::SmallVector<llvm::StringRef, 8> path;
  bool result = false;
  for (llvm::StringRef at = name;;) {
    if (auto m = memo.find(at); m != memo.end()) {
      result = m->second;
      break;
    }
    auto d = defs.find(at);
    if (d == defs.end() || path.size() > defs.size()) // undefined, or a cycle
      break;
    path.push_back(at);
    if (!d->second.starts_with("!")) {
      result = d->second == "index";
      break;
    }
    at = d->second.drop_front();
  }
  for (llvm::StringRef p : path)
    memo[p] = result;
  return result;
}
} // namespace detail

/// @post the result, when present, is the offset of an `array` keyword in text
inline std::optional<size_t> findIndexDenseArray(llvm::StringRef text) {
  std::optional<llvm::StringMap<llvm::StringRef>> defs; // read at the first `array<!`
  llvm::StringMap<bool> memo;
  for (size_t at = text.find("array"); at != llvm::StringRef::npos; at = text.find("array", at + 1)) {
    if (at > 0 && detail::aliasChar(text[at - 1]))
      continue; // part of a longer word
    size_t open = detail::skipBlank(text, at + 5);
    if (open >= text.size() || text[open] != '<')
      continue;
    size_t type = detail::skipBlank(text, open + 1);
    if (detail::word(text, type) == "index")
      return at;
    if (type < text.size() && text[type] == '!') {
      if (!defs)
        defs = detail::aliasDefinitions(text);
      if (detail::isIndexAlias(detail::word(text, type + 1), *defs, memo))
        return at;
    }
  }
  return std::nullopt;
}

} // namespace mlir::cute

#endif // CUTE_TOOLS_UPSTREAMGUARD_H
