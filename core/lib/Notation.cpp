#include "cutelayout/Notation.h"

#include "Internal.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Layout.h"

#include "cutelayout/IntTupleMath.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

/// Writes a basis leaf's modes, innermost first (`@0@1`), at p; returns the end.
char *writeBasisSuffix(char *p, uint16_t code) {
  std::string s;
  appendBasisSuffix(s, code);
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

/// Writes the decimal digits of v (INT64_MIN included) at p; returns the end.
char *writeInt(char *p, int64_t v) {
  if (v >= 0 && v < 100) { // most extents and strides
    if (v >= 10)
      *p++ = char('0' + v / 10);
    *p++ = char('0' + v % 10);
    return p;
  }
  uint64_t u = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  if (v < 0)
    *p++ = '-';
  unsigned digits = 1;
  for (uint64_t power = 10; digits < 20 && u >= power; power *= 10)
    ++digits;
  // Two digits per division, last first, straight into place.
  static constexpr char kPairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                   "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                   "8081828384858687888990919293949596979899";
  char *end = p + digits;
  while (u >= 100) {
    unsigned r = unsigned(u % 100);
    u /= 100;
    end -= 2;
    end[0] = kPairs[2 * r];
    end[1] = kPairs[2 * r + 1];
  }
  if (u >= 10) {
    end[-2] = kPairs[2 * u];
    end[-1] = kPairs[2 * u + 1];
  } else {
    end[-1] = char('0' + u);
  }
  return p + digits;
}

/// At most this many characters per node: `_`, 20 digits and a sign, and a separator or
/// the closing parentheses it completes are counted on the nodes they close.
constexpr size_t kMaxCharsPerNode = 32; // and a basis suffix `@d` of up to 4 modes

/// Prints the preorder nodes of one tree iteratively at p (room for kMaxCharsPerNode per
/// node): a stack of the children still to print in each open tuple, so deep input cannot
/// overflow the stack. Returns the end.
char *printNodes(char *p, TupleView t, Style style) {
  const Node *n = t.nodes();
  uint32_t count = t.span();
  bool unknownAsQuestion = style == Style::Type || dynamicValuesAreUnknown();
  bool markStatic = style == Style::Cute;
  // The children still to print in each open tuple: a fixed array for the usual depths,
  // a growable one past them.
  constexpr uint32_t kFixedDepth = 32;
  uint32_t fixed[kFixedDepth];
  SmallVec<uint32_t, 16> deep;
  uint32_t depth = 0;
  auto top = [&]() -> uint32_t & { return depth <= kFixedDepth ? fixed[depth - 1] : deep[depth - 1 - kFixedDepth]; };
  for (uint32_t i = 0; i < count; ++i) {
    const Node &x = n[i];
    if (x.kind == NodeKind::Tuple) {
      *p++ = '(';
      if (x.value != 0) {
        if (depth < kFixedDepth)
          fixed[depth] = uint32_t(x.value);
        else
          deep.push_back(uint32_t(x.value));
        ++depth;
        continue; // its children follow
      }
      *p++ = ')';
    } else if (x.kind == NodeKind::Underscore) {
      *p++ = '_';
    } else {
      if (unknownAsQuestion && !x.isStatic) {
        *p++ = '?';
      } else {
        if (markStatic && x.isStatic)
          *p++ = '_';
        p = writeInt(p, x.value);
      }
      if (x.basis != 0)
        p = writeBasisSuffix(p, x.basis);
    }
    // One element is complete: separate it from its next sibling, or close its tuple
    // (which completes an element of the tuple around it).
    while (depth != 0) {
      if (--top() != 0) {
        *p++ = ',';
        break;
      }
      if (depth > kFixedDepth)
        deep.pop_back();
      --depth;
      *p++ = ')';
    }
  }
  return p;
}

/// Appends what write(p) prints for `nodes` nodes (at most kMaxCharsPerNode each, plus one
/// character) to out: through a stack buffer when they fit, so out grows by exactly the
/// text (a string sized for the worst case would be zero-filled first, about 4 KB for a
/// 16-leaf layout, and keep that capacity).
template <class Write> void appendPrinted(std::string &out, size_t nodes, Write write) {
  constexpr size_t kStackNodes = 128;
  if (nodes <= kStackNodes) {
    char buffer[kStackNodes * kMaxCharsPerNode + 1];
    char *end = write(buffer);
    out.append(buffer, size_t(end - buffer));
    return;
  }
  size_t old = out.size();
  out.resize(old + nodes * kMaxCharsPerNode + 1);
  char *end = write(&out[old]);
  out.resize(size_t(end - out.data()));
}

/// Appends the printed form of t to out.
void printTo(std::string &out, TupleView t, Style style) {
  appendPrinted(out, t.span(), [&](char *p) { return printNodes(p, t, style); });
}

/// The length of the well-formed UTF-8 sequence of 2 to 4 bytes at t[p], or 0.
size_t utf8Length(std::string_view t, size_t p) {
  unsigned char c = static_cast<unsigned char>(t[p]);
  size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
  if (c >= 0xF5 || n == 0 || p + n > t.size())
    return 0;
  for (size_t i = 1; i < n; ++i)
    if ((static_cast<unsigned char>(t[p + i]) & 0xC0) != 0x80)
      return 0;
  unsigned char c1 = static_cast<unsigned char>(t[p + 1]);
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
      (c == 0xF4 && c1 >= 0x90))
    return 0;
  return n;
}

/// What the text holds at p, for "expected X but found Y". Input is never echoed raw: a
/// NUL byte, control characters and bytes that are not UTF-8 are named by their value.
std::string describeAt(std::string_view t, size_t p) {
  if (p >= t.size())
    return "end of input";
  unsigned char c = static_cast<unsigned char>(t[p]);
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", c);
  if (c == 0)
    return "a NUL byte";
  if (c < 0x20 || c == 0x7F)
    return std::string("the control character ") + hex;
  if (c < 0x80)
    return std::string("'") + char(c) + "'";
  if (size_t n = utf8Length(t, p))
    return "'" + std::string(t.substr(p, n)) + "'";
  return std::string("the byte ") + hex + ", which is not UTF-8";
}

} // namespace

std::string print(TupleView t, Style style) {
  std::string out;
  printTo(out, t, style);
  return out;
}

std::string print(Int x, Style style) { return print(IntTuple(x).view(), style); }

std::string print(const Layout &l, Style style) {
  std::string out;
  appendPrinted(out, l.shape.view().span() + l.stride.view().span(), [&](char *p) {
    p = printNodes(p, l.shape, style);
    *p++ = ':';
    return printNodes(p, l.stride, style);
  });
  return out;
}

NotationReader::NotationReader(std::string_view text, ParseOptions options)
    : text_(text), options_(options) {}

namespace {
// The C locale's isspace and isdigit, without a library call per character.
inline bool isSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
} // namespace

namespace {
enum class Lexed { Int, NotAnInt, TooBig };

/// Reads `N`, `-N`, `+N`, `_N` at p (no leading space). On Int, value/isStatic are set
/// and p is past the digits; on TooBig, p is past the digits; on NotAnInt, p is unchanged.
[[gnu::always_inline]] inline Lexed lexInt(std::string_view text, size_t &p, bool plainIsDynamic, int64_t &value, bool &isStatic) {
  const char *t = text.data();
  size_t n = text.size(), q = p;
  isStatic = !plainIsDynamic;
  if (q < n && t[q] == '_') {
    isStatic = true;
    ++q;
  }
  bool negative = false;
  if (q < n && (t[q] == '-' || t[q] == '+')) {
    negative = t[q] == '-';
    ++q;
  }
  if (q >= n || !isDigit(t[q]))
    return Lexed::NotAnInt;
  // Accumulate as a negative number so INT64_MIN is representable.
  int64_t v = 0;
  bool tooBig = false;
  for (; q < n && isDigit(t[q]); ++q)
    tooBig = tooBig || __builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, t[q] - '0', &v);
  p = q;
  if (tooBig || (!negative && v == INT64_MIN))
    return Lexed::TooBig;
  value = negative ? v : -v;
  return Lexed::Int;
}
} // namespace

void NotationReader::skipSpace() {
  while (pos_ < text_.size() && isSpace(text_[pos_]))
    ++pos_;
}

bool NotationReader::atEnd() {
  skipSpace();
  return pos_ >= text_.size();
}

char NotationReader::peek() {
  skipSpace();
  return pos_ < text_.size() ? text_[pos_] : '\0';
}

bool NotationReader::accept(char c) {
  if (peek() != c)
    return false;
  ++pos_;
  return true;
}

Error NotationReader::errorHere(const std::string &expected) {
  skipSpace();
  return makeError("column " + std::to_string(pos_ + 1) + ": expected " + expected + " but found " +
                   describeAt(text_, pos_));
}

Expected<Int> NotationReader::parseInt() {
  skipSpace();
  size_t start = pos_;
  int64_t value;
  bool isStatic;
  switch (lexInt(text_, pos_, options_.plainIsDynamic, value, isStatic)) {
  case Lexed::Int:
    return Int{value, isStatic};
  case Lexed::NotAnInt:
    return errorHere("an integer");
  case Lexed::TooBig:
    break;
  }
  return makeError("column " + std::to_string(start + 1) + ": integer " +
                   std::string(text_.substr(start, pos_ - start)) + " does not fit in int64");
}

bool NotationReader::parseTupleFast(NodeVec &out, bool allowUnderscore, int depth) {
  const char *t = text_.data();
  size_t n = text_.size(), p = pos_;
  // The tuple nodes not yet closed; deeper text goes to the careful parser.
  constexpr uint32_t kMaxOpen = 32;
  uint32_t open[kMaxOpen];
  uint32_t top = 0;
  auto countChild = [&] {
    if (top)
      ++out[open[top - 1]].value;
  };
  // Spaces are rare: one test of the next character (every space is <= ' ') guards the loop.
  auto skip = [&] {
    if (p < n && static_cast<unsigned char>(t[p]) <= ' ')
      while (p < n && isSpace(t[p]))
        ++p;
  };
  for (;;) {
    // An element.
    skip();
    if (p >= n)
      return false;
    char c = t[p];
    // The common case: a non-negative integer, plain or static (`_N`).
    bool marked = c == '_' && p + 1 < n && isDigit(t[p + 1]);
    if ((c >= '0' && c <= '9') || marked) {
      p += marked;
      int64_t value = t[p] - '0';
      for (++p; p < n && isDigit(t[p]); ++p) {
        if (value > (INT64_MAX - 9) / 10)
          return false; // near int64's limit: the careful lexer decides
        value = value * 10 + (t[p] - '0');
      }
      if (p < n && t[p] != ',' && t[p] != ')') { // maybe `@`, after spaces: a scaled basis
        size_t q = p;
        while (q < n && isSpace(t[q]))
          ++q;
        if (q < n && t[q] == '@') // the careful parser reads it
          return false;
      }
      countChild();
      out.push_back(Node{value, 1, NodeKind::Int, marked || !options_.plainIsDynamic});
    } else if (c == '(') {
      if (depth + int(top) + 1 > options_.maxDepth || top == kMaxOpen)
        return false;
      countChild();
      open[top++] = out.size();
      out.push_back(Node{0, 0, NodeKind::Tuple, true});
      ++p;
      skip();
      if (p < n && t[p] == ')') {
        ++p;
        out[open[--top]].span = 1;
      } else {
        continue;
      }
    } else if (c == '?' && options_.allowUnknown) {
      if (p + 1 < n && t[p + 1] == '@')
        return false;
      ++p;
      countChild();
      out.push_back(Node{kUnknownDynamic, 1, NodeKind::Int, false});
    } else if (c == '_' && allowUnderscore && !(p + 1 < n && (isDigit(t[p + 1]) || t[p + 1] == '-'))) {
      ++p;
      countChild();
      out.push_back(Node{0, 1, NodeKind::Underscore, true});
    } else {
      int64_t value;
      bool isStatic;
      if (lexInt(text_, p, options_.plainIsDynamic, value, isStatic) != Lexed::Int)
        return false;
      size_t q = p;
      while (q < n && isSpace(t[q]))
        ++q;
      if (q < n && t[q] == '@') // a scaled basis: the careful parser reads it
        return false;
      countChild();
      out.push_back(Node{value, 1, NodeKind::Int, isStatic});
    }
    // After an element: close tuples, or go on to the next element.
    for (;;) {
      if (top == 0) {
        pos_ = p;
        return true;
      }
      skip();
      if (p >= n)
        return false;
      if (t[p] == ',') {
        ++p;
        break;
      }
      if (t[p] != ')')
        return false;
      ++p;
      uint32_t at = open[--top];
      out[at].span = out.size() - at;
    }
  }
}

Expected<bool> NotationReader::parseTupleInto(TupleBuilder &b, bool allowUnderscore, int depth) {
  {
    // Well-formed text in one pass; anything else is parsed again below for its message.
    NodeVec nodes;
    size_t start = pos_;
    if (parseTupleFast(nodes, allowUnderscore, depth)) {
      b.add(TupleView(nodes.data()));
      return true;
    }
    pos_ = start;
  }
  return parseTupleSlow(b, allowUnderscore, depth);
}

Expected<bool> NotationReader::parseTupleSlow(TupleBuilder &b, bool allowUnderscore, int depth) {
  char c = peek();
  if (c == '(') {
    ++pos_;
    // The contents of this tuple sit one level deeper, empty or not. Recursion follows
    // nesting only and stops here, so deep input cannot overflow the stack.
    if (depth + 1 > options_.maxDepth)
      return makeError("column " + std::to_string(column()) + ": nesting deeper than " +
                       std::to_string(options_.maxDepth) + " levels");
    b.open();
    if (!accept(')')) {
      do {
        Expected<bool> child = parseTupleSlow(b, allowUnderscore, depth + 1);
        if (!child)
          return child.error();
      } while (accept(','));
      if (!accept(')'))
        return errorHere("',' or ')'");
    }
    b.close();
    return true;
  }
  if (c == '?' && options_.allowUnknown) {
    ++pos_;
    b.leaf(CL_TRY(parseBasisSuffix(Int::dynamic(kUnknownDynamic))));
    return true;
  }
  if (c == '_' && allowUnderscore) {
    size_t next = pos_ + 1;
    bool digitFollows = next < text_.size() && (isDigit(text_[next]) || text_[next] == '-');
    if (!digitFollows) {
      ++pos_;
      b.underscore();
      return true;
    }
  }
  bool startsInt = isDigit(c) || c == '-' || c == '+' || c == '_';
  if (!startsInt)
    return errorHere(allowUnderscore ? "an integer, '_' or '('" : "an integer or '('");
  Expected<Int> x = parseInt();
  if (!x)
    return x.error();
  b.leaf(CL_TRY(parseBasisSuffix(*x)));
  return true;
}

Expected<Int> NotationReader::parseBasisSuffix(Int value) {
  if (peek() != '@')
    return value;
  // `v@a@b` names mode b outermost and mode a inside it (CuTe prints the innermost first).
  size_t start = pos_;
  uint8_t innermostFirst[kMaxBasisDepth + 1];
  unsigned n = 0;
  while (accept('@')) {
    skipSpace();
    if (pos_ >= text_.size() || !isDigit(text_[pos_]))
      return errorHere("a mode index after '@'");
    uint64_t mode = 0;
    while (pos_ < text_.size() && isDigit(text_[pos_]) && mode <= kMaxBasisMode)
      mode = mode * 10 + uint64_t(text_[pos_++] - '0');
    if (mode > kMaxBasisMode || (pos_ < text_.size() && isDigit(text_[pos_])))
      return makeError("column " + std::to_string(start + 1) + ": a scaled basis names modes 0 to " +
                       std::to_string(kMaxBasisMode) + "; found a larger mode index");
    if (n == kMaxBasisDepth)
      return makeError("column " + std::to_string(start + 1) + ": a scaled basis names at most " +
                       std::to_string(kMaxBasisDepth) + " modes");
    innermostFirst[n++] = uint8_t(mode);
  }
  BasisPath path;
  for (unsigned i = 0; i < n; ++i)
    path.modes[path.size++] = innermostFirst[n - 1 - i];
  return makeBasis(value, path);
}

Expected<IntTuple> NotationReader::parseTuple(bool allowUnderscore, int depth) {
  Expected<IntTuple> result(std::in_place);
  Expected<bool> s = parseTupleNodes(LayoutBuilder::nodesOf(*result), allowUnderscore, depth);
  if (!s)
    result = Expected<IntTuple>(s.error());
  return result;
}

Expected<bool> NotationReader::parseTupleNodes(NodeVec &out, bool allowUnderscore, int depth) {
  out.clear();
  size_t start = pos_;
  if (parseTupleFast(out, allowUnderscore, depth))
    return true;
  pos_ = start;
  out.clear();
  TupleBuilder b;
  CL_CHECK(parseTupleSlow(b, allowUnderscore, depth));
  IntTuple t = b.finish();
  out.append(t.view().nodes(), t.view().span());
  return true;
}

Expected<Layout> NotationReader::parseLayout() {
  Expected<Layout> result(std::in_place);
  Expected<bool> s = parseLayoutInto(*result);
  if (!s)
    result = Expected<Layout>(s.error());
  return result;
}

Expected<bool> NotationReader::parseLayoutInto(Layout &out) {
  skipSpace();
  size_t start = pos_;
  CL_CHECK(parseTupleNodes(LayoutBuilder::nodesOf(out.shape), false, 0));
  if (!accept(':'))
    return errorHere("':' after the shape");
  if (hasBasis(out.shape))
    return makeError("column " + std::to_string(start + 1) + ": the shape " + print(out.shape) +
                     " holds a scaled basis; only strides can");
  CL_CHECK(parseTupleNodes(LayoutBuilder::nodesOf(out.stride), false, 0));
  if (!congruent(out.shape, out.stride)) {
    Expected<Layout> l = makeLayout(out.shape, out.stride); // its message names both
    return makeError("column " + std::to_string(start + 1) + ": " + l.error().message);
  }
  return true;
}

Expected<IntTuple> parseIntTuple(std::string_view text, ParseOptions options) {
  NotationReader r(text, options);
  IntTuple t = CL_TRY(r.parseTuple(true));
  if (!r.atEnd())
    return r.errorHere("end of input");
  return t;
}

Expected<Layout> parseLayout(std::string_view text, ParseOptions options) {
  // Parsed straight into the result (one named object: no layout is moved on return).
  Expected<Layout> result(std::in_place);
  NotationReader r(text, options);
  Expected<bool> s = r.parseLayoutInto(*result);
  if (!s)
    result = Expected<Layout>(s.error());
  else if (!r.atEnd())
    result = Expected<Layout>(r.errorHere("end of input"));
  return result;
}

std::string describeTextAt(std::string_view text, size_t p) { return describeAt(text, p); }

CUTELAYOUT_ABI_END
} // namespace cutelayout
