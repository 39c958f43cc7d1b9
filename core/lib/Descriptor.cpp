#include "cutelayout/Descriptor.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Notation.h"

#include <utility>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

// The spec's two verbatim parser diagnostics (diagnostics.tsv, "descriptor parser").
constexpr const char *kTrailingText = "unexpected trailing layout text";
constexpr const char *kParseFailure = "failed to parse layout descriptor";

/// How the text wrote a count: the simple candidate's kind tag. It decides how the basis
/// is named in a message (as written: `4/2@1`, not `2@1`).
enum class CountForm : uint8_t { Integer, Fraction };

/// The spec's simple candidate: one basis as the text wrote it, before normalization. It
/// never leaves this file; normalize turns it into a node of the rich record.
struct SimpleCandidate {
  int64_t num = 0;
  int64_t den = 1;
  std::vector<uint32_t> dims; // in text order: innermost mode first
  CountForm form = CountForm::Integer;
};

/// The basis as written, without its spaces: `1/0@0`, `-3@0@1`.
std::string nameOf(const SimpleCandidate &c) {
  std::string s = std::to_string(c.num);
  if (c.form == CountForm::Fraction)
    s += "/" + std::to_string(c.den);
  for (uint32_t d : c.dims)
    s += "@" + std::to_string(d);
  return s;
}

uint64_t magnitude(int64_t v) { return v < 0 ? 0 - uint64_t(v) : uint64_t(v); }

uint64_t gcd(uint64_t a, uint64_t b) {
  while (b != 0)
    a = std::exchange(b, a % b);
  return a;
}

inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
/// The grammar's ws: spaces and tabs only.
inline bool isBlank(char c) { return c == ' ' || c == '\t'; }

/// Digits of a number too large to hold, shortened so a message stays readable.
std::string shorten(std::string_view digits) {
  if (digits.size() <= 40)
    return std::string(digits);
  return std::string(digits.substr(0, 24)) + "... (" + std::to_string(digits.size()) + " characters)";
}

/// Recursive descent over the spec's grammar. Recursion follows group nesting only and
/// stops at kMaxDescriptorDepth. Syntax errors stop the parse at once; errors of values in
/// well-formed text (an integer too large, a zero denominator) are kept and reported after
/// the trailing-text check, in the order of the spec's parse_layout.
class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  /// The whole text as one layout into nodes(); false with error() set otherwise.
  bool parseLayout();
  std::vector<DescriptorNode> &nodes() { return nodes_; }
  const std::string &error() const { return error_; }

private:
  bool parseGroup(int depth);
  bool parseBasis();
  /// int ::= ["-"] digit {digit}, at pos_ (no spaces skipped); `what` names it when absent.
  bool parseInt(int64_t &value, const char *what);
  /// dim ::= uint, at pos_.
  bool parseDim(uint32_t &value);
  DescriptorNode normalize(const SimpleCandidate &c, size_t start);

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  void skipBlanks() {
    while (pos_ < text_.size() && isBlank(text_[pos_]))
      ++pos_;
  }
  std::string failure(size_t pos, const std::string &detail) const {
    return std::string(kParseFailure) + " at column " + std::to_string(pos + 1) + ": " + detail;
  }
  /// A syntax error at pos_: "expected WHAT but found X".
  bool expected(const std::string &what) {
    error_ = failure(pos_, "expected " + what + " but found " + describeTextAt(text_, pos_));
    return false;
  }
  /// A value error at pos: the first one is reported once the text is known to be whole.
  void defer(size_t pos, const std::string &detail) {
    if (deferred_.empty())
      deferred_ = failure(pos, detail);
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::vector<DescriptorNode> nodes_;
  std::string error_;
  std::string deferred_;
};

bool Parser::parseLayout() {
  // The spec's parse_layout skips spaces after the group; they may lead it too.
  skipBlanks();
  if (!at('('))
    return expected("'('");
  if (!parseGroup(1))
    return false;
  skipBlanks();
  if (pos_ < text_.size()) {
    error_ = std::string(kTrailingText) + " at column " + std::to_string(pos_ + 1) +
             ": expected end of input but found " + describeTextAt(text_, pos_);
    return false;
  }
  if (!deferred_.empty()) {
    error_ = deferred_;
    return false;
  }
  return true;
}

// group ::= "(" ws [ entry { ws "," ws entry } ] ws ")" ; entry ::= group | basis
bool Parser::parseGroup(int depth) {
  if (depth > kMaxDescriptorDepth) {
    error_ = failure(pos_, "nesting deeper than " + std::to_string(kMaxDescriptorDepth) + " levels");
    return false;
  }
  size_t self = nodes_.size();
  nodes_.emplace_back();
  nodes_[self].isGroup = true;
  ++pos_; // '('
  skipBlanks();
  if (!at(')')) {
    for (;;) {
      bool basis = !at('(');
      if (!basis) {
        if (!parseGroup(depth + 1))
          return false;
      } else if (at('-') || isDigit(peek())) {
        if (!parseBasis())
          return false;
      } else {
        return expected(nodes_[self].rank == 0 ? "a basis, '(' or ')'" : "a basis or '('");
      }
      ++nodes_[self].rank;
      skipBlanks();
      if (at(')'))
        break;
      if (!at(','))
        return expected(basis ? "'@', ',' or ')'" : "',' or ')'");
      ++pos_;
      skipBlanks();
    }
  }
  ++pos_; // ')'
  nodes_[self].span = uint32_t(nodes_.size() - self);
  return true;
}

// basis ::= count ws "@" ws dim { ws "@" ws dim } ; count ::= int | int "/" int
bool Parser::parseBasis() {
  size_t start = pos_;
  SimpleCandidate c;
  if (!parseInt(c.num, "an integer"))
    return false;
  if (at('/')) {
    ++pos_;
    c.form = CountForm::Fraction;
    if (!parseInt(c.den, "an integer after '/'"))
      return false;
  }
  skipBlanks();
  if (!at('@'))
    return expected("'@'");
  do {
    ++pos_; // '@'
    skipBlanks();
    uint32_t dim;
    if (!parseDim(dim))
      return false;
    c.dims.push_back(dim);
    skipBlanks();
  } while (at('@'));
  nodes_.push_back(normalize(c, start));
  return true;
}

bool Parser::parseInt(int64_t &value, const char *what) {
  size_t start = pos_;
  bool negative = at('-');
  if (negative)
    ++pos_;
  if (!isDigit(peek()))
    return expected(negative ? "a digit after '-'" : what);
  // Accumulated as a negative number, so that INT64_MIN fits.
  int64_t v = 0;
  bool tooBig = false;
  for (; pos_ < text_.size() && isDigit(text_[pos_]); ++pos_)
    tooBig = tooBig || __builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, text_[pos_] - '0', &v);
  if (tooBig || (!negative && v == INT64_MIN)) {
    defer(start, "integer " + shorten(text_.substr(start, pos_ - start)) + " does not fit in int64");
    v = 0;
  }
  value = negative ? v : -v;
  return true;
}

bool Parser::parseDim(uint32_t &value) {
  size_t start = pos_;
  if (!isDigit(peek()))
    return expected("a dimension (a non-negative integer)");
  uint64_t v = 0;
  bool tooBig = false;
  for (; pos_ < text_.size() && isDigit(text_[pos_]); ++pos_) {
    v = v * 10 + uint64_t(text_[pos_] - '0');
    tooBig = tooBig || v > UINT32_MAX;
    if (tooBig)
      v = 0; // keep accumulating harmlessly; the value is not used
  }
  if (tooBig)
    defer(start, "dimension " + shorten(text_.substr(start, pos_ - start)) + " does not fit in uint32");
  value = uint32_t(v);
  return true;
}

/// The spec's normalization of one basis: a zero denominator is rejected, the count is put
/// in lowest terms with the sign on the numerator, the modes are stored outermost first.
/// Neither changes the stride the basis denotes.
DescriptorNode Parser::normalize(const SimpleCandidate &c, size_t start) {
  DescriptorNode n;
  n.path.assign(c.dims.rbegin(), c.dims.rend());
  if (c.den == 0) {
    defer(start, "basis " + nameOf(c) + " has a zero denominator");
    return n;
  }
  Expected<Rational> r = makeRational(c.num, c.den);
  if (!r) {
    defer(start, "basis " + nameOf(c) + " does not fit in int64 in lowest terms");
    return n;
  }
  n.count = *r;
  return n;
}

/// A basis node's canonical text: `1/2@0`, `3@0@1` (the path innermost first).
std::string basisText(const DescriptorNode &n) {
  std::string s = print(n.count);
  for (auto m = n.path.rbegin(); m != n.path.rend(); ++m)
    s += "@" + std::to_string(*m);
  return s;
}

/// One step of the identity hash: FNV-1a's multiply with a shift to spread high bits.
/// Fixed constants, so identities are the same on every run and platform.
uint64_t mix(uint64_t h, uint64_t word) {
  h = (h ^ word) * 1099511628211ull;
  return h ^ (h >> 29);
}

} // namespace

Expected<Rational> makeRational(int64_t num, int64_t den) {
  if (den == 0)
    return makeError("zero denominator in " + std::to_string(num) + "/0");
  uint64_t g = gcd(magnitude(num), magnitude(den));
  uint64_t n = magnitude(num) / g, d = magnitude(den) / g;
  bool negative = n != 0 && (num < 0) != (den < 0);
  uint64_t limit = uint64_t(INT64_MAX) + (negative ? 1 : 0);
  if (d > uint64_t(INT64_MAX) || n > limit)
    return makeError(std::to_string(num) + "/" + std::to_string(den) + " does not fit in int64 in lowest terms");
  Rational r;
  r.num = negative ? -int64_t(n - 1) - 1 : int64_t(n);
  r.den = int64_t(d);
  return r;
}

std::string print(const Rational &r) {
  std::string s = std::to_string(r.num);
  if (!r.isIntegral())
    s += "/" + std::to_string(r.den);
  return s;
}

LayoutDescriptor::LayoutDescriptor() {
  nodes_.emplace_back();
  nodes_[0].isGroup = true;
  finish();
}

void LayoutDescriptor::finish() {
  kind_ = DescriptorKind::Empty;
  uint64_t h = 1469598103934665603ull;
  for (const DescriptorNode &n : nodes_) {
    if (n.isGroup) {
      h = mix(h, (uint64_t(1) << 32) | n.rank);
      continue;
    }
    if (!n.count.isIntegral())
      kind_ = DescriptorKind::Rational;
    else if (kind_ == DescriptorKind::Empty)
      kind_ = DescriptorKind::Integral;
    h = mix(mix(mix(h, uint64_t(2) << 32 | n.path.size()), uint64_t(n.count.num)), uint64_t(n.count.den));
    for (uint32_t m : n.path)
      h = mix(h, m);
  }
  if (swizzle_)
    h = mix(mix(mix(mix(h, uint64_t(3) << 32), uint64_t(uint32_t(swizzle_->bits))), uint64_t(uint32_t(swizzle_->base))),
            uint64_t(uint32_t(swizzle_->shift)));
  identity_ = h;
}

LayoutDescriptor LayoutDescriptor::withSwizzle(std::optional<Swizzle> s) const {
  LayoutDescriptor d = *this;
  d.swizzle_ = s;
  d.finish();
  return d;
}

bool LayoutDescriptor::operator==(const LayoutDescriptor &o) const {
  return identity_ == o.identity_ && swizzle_ == o.swizzle_ && nodes_ == o.nodes_;
}

std::string LayoutDescriptor::checkInvariants() const {
  if (nodes_.empty() || !nodes_[0].isGroup)
    return "the root is not a group";
  // The groups still open, and how many of their entries are still to come.
  std::vector<std::pair<size_t, uint32_t>> open;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const DescriptorNode &n = nodes_[i];
    std::string where = "node " + std::to_string(i) + ": ";
    if (i > 0 && open.empty())
      return where + "follows the end of the root group";
    if (!open.empty())
      --open.back().second;
    if (n.isGroup) {
      if (int(open.size()) + 1 > kMaxDescriptorDepth)
        return where + "groups nest deeper than " + std::to_string(kMaxDescriptorDepth) + " levels";
      if (n.count != Rational{} || !n.path.empty())
        return where + "a group has a count or a path";
      if (n.rank > 0) {
        open.emplace_back(i, n.rank);
        continue;
      }
    } else {
      if (n.rank != 0)
        return where + "a basis has entries";
      if (n.path.empty())
        return where + "a basis has no mode";
      Expected<Rational> reduced = makeRational(n.count.num, n.count.den);
      if (n.count.den <= 0 || !reduced || *reduced != n.count)
        return where + "count " + std::to_string(n.count.num) + "/" + std::to_string(n.count.den) +
               " is not in lowest terms with a positive denominator";
    }
    if (n.span != 1)
      return where + "span " + std::to_string(n.span) + " of a basis or an empty group is not 1";
    // This node completes every group whose last entry it is.
    while (!open.empty() && open.back().second == 0) {
      size_t g = open.back().first;
      if (nodes_[g].span != i + 1 - g)
        return "node " + std::to_string(g) + ": span " + std::to_string(nodes_[g].span) + " is not its subtree's " +
               std::to_string(i + 1 - g) + " nodes";
      open.pop_back();
    }
  }
  if (!open.empty())
    return "group at node " + std::to_string(open.back().first) + " misses entries";
  LayoutDescriptor again = *this;
  again.finish();
  if (again.kind_ != kind_ || again.identity_ != identity_)
    return "kind or identity is stale";
  return "";
}

Expected<LayoutDescriptor> parseDescriptor(std::string_view text) {
  Parser p(text);
  if (!p.parseLayout())
    return makeError(p.error());
  LayoutDescriptor d;
  d.nodes_ = std::move(p.nodes());
  d.finish();
  return d;
}

std::string print(const LayoutDescriptor &d) {
  std::string out;
  std::vector<uint32_t> pending; // the entries still to print in each open group
  for (const DescriptorNode &n : d.nodes()) {
    if (n.isGroup) {
      out += '(';
      if (n.rank > 0) {
        pending.push_back(n.rank);
        continue;
      }
      out += ')';
    } else {
      out += basisText(n);
    }
    // An entry is complete: separate it from the next one, or close its group.
    while (!pending.empty()) {
      if (--pending.back() != 0) {
        out += ", ";
        break;
      }
      pending.pop_back();
      out += ')';
    }
  }
  return out;
}

Expected<IntTuple> integralStride(const LayoutDescriptor &d) {
  TupleBuilder b;
  std::vector<uint32_t> pending; // the entries still to build in each open group
  for (const DescriptorNode &n : d.nodes()) {
    if (n.isGroup) {
      b.open();
      if (n.rank > 0) {
        pending.push_back(n.rank);
        continue;
      }
      b.close();
    } else {
      auto name = [&n] { return "basis " + basisText(n); };
      if (!n.count.isIntegral())
        return makeError(name() + " does not denote an integral stride");
      if (n.path.size() > kMaxBasisDepth)
        return makeError(name() + " names " + std::to_string(n.path.size()) + " modes; a stride basis names at most " +
                         std::to_string(kMaxBasisDepth));
      BasisPath path;
      for (uint32_t m : n.path) {
        if (m > kMaxBasisMode)
          return makeError(name() + " names mode " + std::to_string(m) + "; a stride basis names modes 0 to " +
                           std::to_string(kMaxBasisMode));
        path.modes[path.size++] = uint8_t(m);
      }
      Expected<Int> leaf = makeBasis(Int::fixed(n.count.num), path);
      if (!leaf) // unreachable after the checks above; kept so no error is lost
        return makeError(name() + ": " + leaf.error().message);
      b.leaf(*leaf);
    }
    while (!pending.empty()) {
      if (--pending.back() != 0)
        break;
      pending.pop_back();
      b.close();
    }
  }
  return b.finish();
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
