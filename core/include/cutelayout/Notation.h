// CuTe's text notation: the one parser and printer used everywhere (the command line,
// MLIR type syntax, diagnostics, tests).
//
//   int tuple   8   _8   (4,8)   ((2,2),_3)   (_,0)     `_N` is a static Int<N>
//   layout      8:1   (4,8):(1,4)   ((2,2),3):((24,2),8)  shape and stride congruent
//   tile        <3:4, 8:2>   <3:4, (2,4):(1,8)>           a tuple of layouts (a tiler)
//   basis       _1@0   3@1   _1@0@1                        a scaled-basis leaf (Basis.h)
//
// Printing: Style::Cute reproduces CuTe's print() byte for byte (`_N` for static leaves);
// Style::Plain omits the underscores. Parsing: `_N` is always static; a plain `N` is
// static or dynamic as ParseOptions says. Errors give the 1-based column and what was
// expected. Nesting deeper than ParseOptions::maxDepth is rejected, never recursed into.
#pragma once

#include "cutelayout/IntTuple.h"
#include "cutelayout/Support.h"

#include <string>
#include <string_view>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

struct Layout;

/// Plain: 8, Cute: _8 for static leaves (CuTe's print()), Type: dynamic leaves as `?`
/// (the form of MLIR types, where a runtime value is unknown).
enum class Style { Plain, Cute, Type };

/// The value a `?` leaf carries: dynamic and unknown. Algebra on types runs with it, so it
/// is 1, which no divisibility, zero or overflow check can trip over.
constexpr int64_t kUnknownDynamic = 1;

std::string print(TupleView t, Style style = Style::Plain);
std::string print(Int x, Style style = Style::Plain);
std::string print(const Layout &l, Style style = Style::Plain);

/// The most characters print writes per node of a tree (`_`, a sign and 19 digits, a basis
/// suffix, a separator): printTo's room is this times the nodes, plus one.
constexpr size_t kMaxPrintedCharsPerNode = 32;
/// The room printTo needs for t, and for l: kMaxPrintedCharsPerNode per node, plus one.
inline size_t printRoom(TupleView t) { return t.span() * kMaxPrintedCharsPerNode + 1; }
size_t printRoom(const Layout &l);
/// print(t, style) written at p, for a caller that owns the buffer (no string is made).
/// @pre p has room for printRoom(t) characters
/// @post returns the end of the text written (no NUL follows it)
char *printTo(char *p, TupleView t, Style style);
/// print(l, style) written at p.
/// @pre p has room for printRoom(l) characters
/// @post returns the end of the text written (no NUL follows it)
char *printTo(char *p, const Layout &l, Style style);

struct ParseOptions {
  bool plainIsDynamic = false; // a plain `N` is a runtime value (cute-layout --dynamic)
  bool allowUnknown = false;   // `?` is a dynamic leaf of unknown value (MLIR types)
  int maxDepth = 64;
};

/// What the notation skips between tokens: the C locale's isspace, without a library call.
inline bool isNotationSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/// A cursor over notation text; the expression parser of tools builds on it.
class NotationReader {
public:
  /// With nulTerminated, text.data()[text.size()] is a readable NUL byte (a line its
  /// caller ended with one): the one-pass readers then read the text in place rather than
  /// a NUL-terminated copy of what remains of it, made per tuple.
  NotationReader(std::string_view text, ParseOptions options = {}, bool nulTerminated = false);

  // Inline: the expression parser calls these for every token.
  void skipSpace() {
    while (pos_ < text_.size() && isNotationSpace(text_[pos_]))
      ++pos_;
  }
  bool atEnd() {
    skipSpace();
    return pos_ >= text_.size();
  }
  /// The next character after spaces (which are consumed), or NUL at the end.
  char peek() {
    skipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  /// Consumes c (after spaces) if it is next.
  bool accept(char c) {
    if (peek() != c)
      return false;
    ++pos_;
    return true;
  }
  size_t column() const { return pos_ + 1; }
  std::string_view text() const { return text_; }
  size_t position() const { return pos_; }
  void setPosition(size_t pos) { pos_ = pos; }
  const ParseOptions &options() const { return options_; }

  /// An error at the current column: "column 7: expected ')' but found ':'".
  Error errorHere(const std::string &expected);

  /// Parses one integer: `N`, `-N`, `_N`, `_-N`.
  Expected<Int> parseInt();
  /// Parses an int tuple; allowUnderscore admits `_` leaves (coordinates).
  Expected<IntTuple> parseTuple(bool allowUnderscore, int depth = 0);
  /// parseTuple into out, whose nodes it replaces: no tuple is built elsewhere and moved.
  /// @post on success out is the tuple read and the position is past it; on failure out
  ///       holds no tree (assign it before reading it) and the error is parseTuple's
  Expected<bool> parseTupleInto(IntTuple &out, bool allowUnderscore, int depth = 0);
  /// Parses an int tuple into b (one element of the tuple b is building, or its root).
  Expected<bool> parseTupleInto(TupleBuilder &b, bool allowUnderscore, int depth);
  /// Parses `shape:stride` (or a bare shape, giving a compact column-major layout when
  /// allowBareShape).
  Expected<Layout> parseLayout();
  /// parseLayout into out's node arrays (no layout is built elsewhere and moved).
  Expected<bool> parseLayoutInto(Layout &out);

private:
  /// One pass over well-formed text into out; false (position unchanged) on anything the
  /// careful parser must look at to report.
  bool parseTupleFast(NodeVec &out, bool allowUnderscore, int depth);
  /// parseTuple into a node array (cleared first): the fast pass, else the careful one.
  Expected<bool> parseTupleNodes(NodeVec &out, bool allowUnderscore, int depth);
  /// `@a@b...` after a leaf's value, if present: the scaled basis value@...@b (Basis.h).
  Expected<Int> parseBasisSuffix(Int value);
  Expected<bool> parseTupleSlow(TupleBuilder &b, bool allowUnderscore, int depth);

  std::string_view text_;
  size_t pos_ = 0;
  ParseOptions options_;
  bool nulTerminated_ = false;
};

/// Whole-string parsers: the text must be exactly one value.
Expected<IntTuple> parseIntTuple(std::string_view text, ParseOptions options = {});
Expected<Layout> parseLayout(std::string_view text, ParseOptions options = {});

/// What text holds at byte p, for "expected X but found Y": "'c'", "end of input", or the
/// byte named by its value (NUL, control characters, bytes that are not UTF-8), so a
/// message never echoes raw input.
std::string describeTextAt(std::string_view text, size_t p);

CUTELAYOUT_ABI_END
} // namespace cutelayout
