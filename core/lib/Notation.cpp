#include "cutelayout/Notation.h"

#include "Internal.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Layout.h"

#include "cutelayout/IntTupleMath.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

/// Whether the parser's one-pass reader runs (notation::setFastPathEnabled).
bool gNotationFastPath = true;

/// Writes a basis leaf's modes, innermost first (`@0@1`), at p; returns the end.
char *writeBasisSuffix(char *p, uint16_t code) {
  std::string s;
  appendBasisSuffix(s, code);
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

/// "00" to "99": two digits per table read.
constexpr char kDigitPairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                               "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                               "8081828384858687888990919293949596979899";

/// Writes the decimal digits of v (INT64_MIN included) at p; returns the end.
[[gnu::noinline]] char *writeLongInt(char *p, int64_t v) {
  uint64_t u = uint64_t(v);
  if (v < 0) {
    *p++ = '-';
    u = 0 - u;
  }
  if (u < 10) {
    *p = char('0' + u);
    return p + 1;
  }
  unsigned digits = u < 100 ? 2 : u < 1000 ? 3 : u < 10000 ? 4 : 5;
  for (uint64_t power = 100000; digits < 20 && u >= power; power *= 10)
    ++digits;
  // Two digits per division, last first, straight into place.
  char *end = p + digits;
  while (u >= 100) {
    unsigned r = unsigned(u % 100);
    u /= 100;
    end -= 2;
    std::memcpy(end, kDigitPairs + 2 * r, 2);
  }
  if (u >= 10)
    std::memcpy(end - 2, kDigitPairs + 2 * u, 2);
  else
    end[-1] = char('0' + u);
  return p + digits;
}

/// writeLongInt, with the most common extents and strides (0 to 99) inline.
inline char *writeInt(char *p, int64_t v) {
  if (uint64_t(v) < 10) {
    *p = char('0' + v);
    return p + 1;
  }
  if (uint64_t(v) < 100) {
    std::memcpy(p, kDigitPairs + 2 * v, 2);
    return p + 2;
  }
  return writeLongInt(p, v);
}

// kMaxPrintedCharsPerNode: `_`, 20 digits and a sign, a basis suffix `@d` of up to 4
// modes, and a separator (the closing parentheses it completes are counted on the nodes
// they close).

/// Prints the preorder nodes of one tree iteratively at p (room for kMaxPrintedCharsPerNode per
/// node): a stack of the children left to print in each open tuple, so deep input cannot
/// overflow the stack. Returns the end.
template <bool MarkStatic, bool UnknownAsQuestion> char *printNodes(char *p, TupleView t) {
  const Node *x = t.nodes(), *last = x + t.span();
  // The children left to print in the innermost open tuple (its current one included),
  // and in outer's storage those of the tuples around it: [base, top) used, room up to limit.
  uint32_t left = 0;
  SmallVec<uint32_t, 32> outer;
  uint32_t *base = outer.data(), *top = base, *limit = base + 32;
  for (; x != last; ++x) {
    if (x->kind == NodeKind::Tuple) {
      *p++ = '(';
      if (x->value != 0) {
        if (__builtin_expect(top == limit, 0)) {
          uint32_t open = uint32_t(top - base);
          outer.resize(open); // commits the counts written (growing copies them)
          outer.reserveMore(open);
          base = outer.data();
          top = base + open;
          limit = top + open;
        }
        *top++ = left;
        left = uint32_t(x->value);
        continue; // its children follow
      }
      *p++ = ')';
    } else if (x->kind == NodeKind::Underscore) {
      *p++ = '_';
    } else {
      if (UnknownAsQuestion && !x->isStatic) {
        *p++ = '?';
      } else {
        *p = '_';
        p += MarkStatic && x->isStatic;
        p = writeInt(p, x->value);
      }
      if (__builtin_expect(x->basis != 0, 0))
        p = writeBasisSuffix(p, x->basis);
    }
    // One element is complete: separate it from its next sibling, or close its tuple
    // (which completes an element of the tuple around it).
    while (top != base) {
      if (--left != 0) {
        *p++ = ',';
        break;
      }
      *p++ = ')';
      left = *--top;
    }
  }
  return p;
}

/// printNodes in style.
char *printNodes(char *p, TupleView t, Style style) {
  bool unknownAsQuestion = style == Style::Type || dynamicValuesAreUnknown();
  if (style == Style::Cute)
    return unknownAsQuestion ? printNodes<true, true>(p, t) : printNodes<true, false>(p, t);
  return unknownAsQuestion ? printNodes<false, true>(p, t) : printNodes<false, false>(p, t);
}

/// What write(p) prints for `nodes` nodes (at most kMaxPrintedCharsPerNode each, plus one
/// character): through a stack buffer when they fit, so the string holds exactly the text
/// (one sized for the worst case would be zero-filled first, about 4 KB for a 16-leaf
/// layout, and keep that capacity).
template <class Write> std::string printed(size_t nodes, Write write) {
  constexpr size_t kStackNodes = 128;
  if (nodes <= kStackNodes) {
    char buffer[kStackNodes * kMaxPrintedCharsPerNode + 1];
    return std::string(buffer, write(buffer));
  }
  std::string out(nodes * kMaxPrintedCharsPerNode + 1, '\0');
  out.resize(size_t(write(&out[0]) - out.data()));
  return out;
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
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))
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
  return printed(t.span(), [&](char *p) { return printNodes(p, t, style); });
}

std::string print(Int x, Style style) { return print(IntTuple(x).view(), style); }

std::string print(const Layout &l, Style style) {
  return printed(l.shape.view().span() + l.stride.view().span(), [&](char *p) { return printTo(p, l, style); });
}

size_t printRoom(const Layout &l) {
  return (l.shape.view().span() + l.stride.view().span()) * kMaxPrintedCharsPerNode + 1;
}

char *printTo(char *p, TupleView t, Style style) { return printNodes(p, t, style); }

char *printTo(char *p, const Layout &l, Style style) {
  p = printNodes(p, l.shape, style);
  *p++ = ':';
  return printNodes(p, l.stride, style);
}

NotationReader::NotationReader(std::string_view text, ParseOptions options, bool nulTerminated)
    : text_(text), options_(options), nulTerminated_(nulTerminated) {}

namespace {
// The C locale's isdigit, without a library call per character.
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
} // namespace

namespace {
enum class Lexed { Int, NotAnInt, TooBig };

/// Reads `N`, `-N`, `+N`, `_N` at p (no leading space). On Int, value/isStatic are set
/// and p is past the digits; on TooBig, p is past the digits; on NotAnInt, p is unchanged.
[[gnu::always_inline]] inline Lexed lexInt(std::string_view text, size_t &p, bool plainIsDynamic, int64_t &value,
                                           bool &isStatic) {
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

namespace {
/// Whether the digits [first, last) (more than 18 of them) stay at most INT64_MAX - 9
/// before each digit after the first: the one-pass reader's limit; the careful lexer
/// reads everything past it (and reports what does not fit).
bool digitsFitFast(const char *first, const char *last) {
  int64_t value = *first - '0';
  for (const char *q = first + 1; q != last; ++q) {
    if (value > (INT64_MAX - 9) / 10)
      return false;
    value = value * 10 + (*q - '0');
  }
  return true;
}

/// Whether `@` follows q, after spaces: a scaled basis, which the careful parser reads.
bool basisFollows(const char *q, const char *end) {
  while (q != end && isNotationSpace(*q))
    ++q;
  return q != end && *q == '@';
}

/// Makes room for `room` nodes after the first `used` of out (committing those: growing
/// copies them); returns the nodes' start.
Node *reserveNodes(NodeVec &out, uint32_t used, uint32_t room) {
  out.resize(used);
  out.reserveMore(room);
  return out.data();
}

/// Commits the nodes written up to w (out's size becomes w - base); returns stop.
inline const char *commitNodes(NodeVec &out, const Node *base, const Node *w, const char *stop) {
  out.resize(uint32_t(w - base));
  return stop;
}

/// The leaves the one-pass reader meets rarely, at s (not a non-negative integer): `?`,
/// `_`, and integers with a sign or `_-`. Returns the end of the leaf, written at out, or
/// nullptr for what the careful parser must read (a scaled basis, anything else).
[[gnu::noinline]] const char *readRareLeaf(const char *s, const char *end, const ParseOptions &options,
                                           bool allowUnderscore, Node *out) {
  if (s == end)
    return nullptr;
  char next = s + 1 < end ? s[1] : '\0';
  if (*s == '?' && options.allowUnknown) {
    if (next == '@')
      return nullptr;
    writeNode(out, kUnknownDynamic, nodeTag(1, NodeKind::Int, false));
    return s + 1;
  }
  if (*s == '_' && allowUnderscore && !isDigit(next) && next != '-') {
    writeNode(out, 0, nodeTag(1, NodeKind::Underscore, true));
    return s + 1;
  }
  std::string_view rest(s, size_t(end - s));
  size_t p = 0;
  int64_t value;
  bool isStatic;
  if (lexInt(rest, p, options.plainIsDynamic, value, isStatic) != Lexed::Int || basisFollows(s + p, end))
    return nullptr;
  writeNode(out, value, nodeTag(1, NodeKind::Int, isStatic));
  return s + p;
}

/// The one-pass reader: reads one well-formed int tuple at s (the text ends at end) and
/// appends its nodes to out; returns where it stopped, or nullptr (out unspecified) on
/// anything the careful parser must read: a scaled basis, an integer near int64's limit,
/// nesting past 32 levels or maxDepth, malformed text. The end reads as a NUL byte, which
/// nothing accepts: with Bounded false, *end must be a readable NUL (a copy of the text
/// with one appended), and the reader tests no position against the end.
template <bool Bounded>
const char *readTuple(const char *s, const char *end, NodeVec &out, const ParseOptions &options, bool allowUnderscore,
                      int depth) {
  auto at = [end](const char *q) -> char { return Bounded && q == end ? '\0' : *q; };
  // Nodes are written through w up to limit, a block of reserved room at a time. Every
  // node takes at least one character, so a block never passes what text remains, and up
  // to kInlineNodes nodes no block leaves the inline array.
  uint32_t used = out.size(), room = uint32_t(std::min<size_t>(kInlineNodes, size_t(end - s)));
  Node *base = reserveNodes(out, used, room), *w = base + used, *limit = w + room;
  // The tuples not yet closed, innermost last: each one's node (written when it closes)
  // and the commas read so far in the tuple around it.
  struct Open {
    Node *node;
    uint32_t commas;
    uint32_t index; // node's index while the nodes move
  };
  constexpr uint32_t kMaxOpen = 32;
  Open open[kMaxOpen];
  Open *top = open; // past the innermost open tuple
  int64_t depthLeft = int64_t(options.maxDepth) - depth;
  Open *maxTop = open + (depthLeft <= 0 ? 0 : depthLeft < kMaxOpen ? uint32_t(depthLeft) : kMaxOpen);
  uint32_t commas = 0; // read so far in the innermost open tuple
  const uint64_t plainTag = nodeTag(1, NodeKind::Int, !options.plainIsDynamic);
  for (;;) {
    // An element: a tuple's opening (its first element follows), or a leaf.
    char c = at(s);
    if (__builtin_expect(w == limit, 0)) {
      for (Open *o = open; o != top; ++o)
        o->index = uint32_t(o->node - base);
      used = uint32_t(w - base);
      room = uint32_t(std::min<size_t>(used, size_t(end - s))); // doubles
      base = reserveNodes(out, used, room);
      for (Open *o = open; o != top; ++o)
        o->node = base + o->index;
      w = base + used;
      limit = w + room;
    }
    if (c == '(') {
      if (top == maxTop)
        return nullptr;
      top->node = w++;
      top->commas = commas;
      ++top;
      commas = 0;
      ++s;
      continue;
    }
    // The common leaf: a non-negative integer, plain or static (`_N`).
    bool marked = c == '_' && isDigit(at(s + 1));
    if (__builtin_expect(marked || isDigit(c), 1)) {
      s += marked;
      const char *first = s;
      uint64_t value = uint64_t(*s++ - '0');
      for (unsigned d; (d = unsigned(static_cast<unsigned char>(at(s))) - '0') < 10; ++s)
        value = value * 10 + d;
      if (__builtin_expect(s - first > 18, 0) && !digitsFitFast(first, s))
        return nullptr; // near int64's limit: the careful lexer decides
      writeNode(w++, int64_t(value), plainTag | (marked ? kStaticTagBit : 0));
      if (__builtin_expect(top == open, 0))
        return basisFollows(s, end) ? nullptr : commitNodes(out, base, w, s);
    } else if (isNotationSpace(c)) {
      while (isNotationSpace(at(s)))
        ++s;
      continue;
    } else if (c == ')' && top != open && top[-1].node == w - 1 && commas == 0) {
      ++s; // `()`
      --top;
      writeNode(top->node, 0, nodeTag(1, NodeKind::Tuple, true));
      commas = top->commas;
      if (top == open)
        return commitNodes(out, base, w, s);
    } else {
      s = readRareLeaf(s, end, options, allowUnderscore, w++);
      if (!s)
        return nullptr;
      if (top == open)
        return commitNodes(out, base, w, s);
    }
    // After an element inside a tuple: close tuples, or go on to the next element.
    for (;;) {
      c = at(s);
      if (c == ',') {
        ++s;
        ++commas;
        break;
      }
      if (c == ')') {
        ++s;
        --top;
        writeNode(top->node, commas + 1, nodeTag(uint32_t(w - top->node), NodeKind::Tuple, true));
        commas = top->commas;
        if (top == open)
          return commitNodes(out, base, w, s);
        continue;
      }
      if (!isNotationSpace(c))
        return nullptr;
      while (isNotationSpace(at(s)))
        ++s;
    }
  }
}
/// Whether two trees the one-pass reader read for a layout (no `_` leaves) are congruent:
/// the same spans and kinds node by node (a tree's spans fix its profile, child counts
/// included), compared without branching node by node.
bool sameProfile(const NodeVec &a, const NodeVec &b) {
  if (a.size() != b.size())
    return false;
  constexpr uint64_t kProfileBits = nodeTag(~uint32_t(0), NodeKind(0xFF), false);
  uint64_t differ = 0;
  for (uint32_t i = 0; i < a.size(); ++i)
    differ |= nodeTagOf(a[i]) ^ nodeTagOf(b[i]);
  return (differ & kProfileBits) == 0;
}

/// Reads `shape:stride` at s as readTuple reads each (spaces around the `:` skipped);
/// returns the stride's end having read both and found them congruent, else nullptr.
/// shapeLength is set to the length of the shape's text when the shape was read (its nodes
/// then are shape's), and stays 0 otherwise.
template <bool Bounded>
const char *readLayout(const char *s, const char *end, NodeVec &shape, NodeVec &stride, const ParseOptions &options,
                       size_t &shapeLength) {
  const char *p = readTuple<Bounded>(s, end, shape, options, false, 0);
  if (!p)
    return nullptr;
  shapeLength = size_t(p - s);
  while (p != end && isNotationSpace(*p))
    ++p;
  if (p == end || *p != ':')
    return nullptr;
  p = readTuple<Bounded>(p + 1, end, stride, options, false, 0);
  return p && sameProfile(shape, stride) ? p : nullptr;
}

/// Runs read(s, end, bounded) on the text from pos on and moves pos to where it stopped;
/// false (pos unchanged) when it returns nullptr. Text that ends in a NUL (nulTerminated)
/// is read in place, short text from a copy that ends in one (bounded is std::false_type
/// for both: the reader tests no position against the end), and the rest bounded.
template <class Read> bool readFromText(std::string_view text, bool nulTerminated, size_t &pos, Read read) {
  if (pos > text.size())
    return false;
  const char *first = text.data() + pos;
  size_t left = text.size() - pos;
  auto advance = [&pos](const char *stop, const char *origin) {
    if (stop)
      pos += size_t(stop - origin);
    return stop != nullptr;
  };
  if (nulTerminated)
    return advance(read(first, first + left, std::false_type()), first);
  constexpr size_t kCopied = 1024;
  if (left < kCopied) {
    char copy[kCopied];
    std::memcpy(copy, first, left);
    copy[left] = '\0';
    return advance(read(copy, copy + left, std::false_type()), copy);
  }
  return advance(read(first, first + left, std::true_type()), first);
}
} // namespace

bool NotationReader::parseTupleFast(NodeVec &out, bool allowUnderscore, int depth) {
  return gNotationFastPath &&
         readFromText(text_, nulTerminated_, pos_, [&](const char *s, const char *end, auto bounded) {
           return readTuple<decltype(bounded)::value>(s, end, out, options_, allowUnderscore, depth);
         });
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
  Expected<bool> s = parseTupleInto(*result, allowUnderscore, depth);
  if (!s)
    result = Expected<IntTuple>(s.error());
  return result;
}

Expected<bool> NotationReader::parseTupleInto(IntTuple &out, bool allowUnderscore, int depth) {
  return parseTupleNodes(LayoutBuilder::nodesOf(out), allowUnderscore, depth);
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
  NodeVec &shape = LayoutBuilder::nodesOf(out.shape), &stride = LayoutBuilder::nodesOf(out.stride);
  // Well-formed text in one pass; past what that reads, the general path below.
  size_t shapeLength = 0;
  if (gNotationFastPath) {
    shape.clear();
    stride.clear();
    if (readFromText(text_, nulTerminated_, pos_, [&](const char *s, const char *end, auto bounded) {
          return readLayout<decltype(bounded)::value>(s, end, shape, stride, options_, shapeLength);
        }))
      return true;
  }
  if (shapeLength != 0)
    pos_ += shapeLength; // the shape is read
  else
    CL_CHECK(parseTupleNodes(shape, false, 0));
  if (!accept(':'))
    return errorHere("':' after the shape");
  if (hasBasis(out.shape))
    return makeError("column " + std::to_string(start + 1) + ": the shape " + print(out.shape) +
                     " holds a scaled basis; only strides can");
  CL_CHECK(parseTupleNodes(stride, false, 0));
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

namespace notation {
void setFastPathEnabled(bool on) { gNotationFastPath = on; }
} // namespace notation

CUTELAYOUT_ABI_END
} // namespace cutelayout
