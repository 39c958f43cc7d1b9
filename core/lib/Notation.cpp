#include "cutelayout/Notation.h"

#include "cutelayout/Layout.h"

#include <cctype>

namespace cutelayout {
namespace {

void printTo(std::string &out, TupleView t, Style style) {
  if (t.isTuple()) {
    out += '(';
    bool first = true;
    for (TupleView c : t) {
      if (!first)
        out += ',';
      first = false;
      printTo(out, c, style);
    }
    out += ')';
    return;
  }
  if (t.isUnderscore()) {
    out += '_';
    return;
  }
  Int x = t.asInt();
  if (style == Style::Type && !x.isStatic) {
    out += '?';
    return;
  }
  if (style == Style::Cute && x.isStatic)
    out += '_';
  out += std::to_string(x.value);
}

std::string describe(char c) {
  if (c == '\0')
    return "end of input";
  return std::string("'") + c + "'";
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
  printTo(out, l.shape, style);
  out += ':';
  printTo(out, l.stride, style);
  return out;
}

NotationReader::NotationReader(std::string_view text, ParseOptions options)
    : text_(text), options_(options) {}

void NotationReader::skipSpace() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
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
  char c = peek();
  return makeError("column " + std::to_string(pos_ + 1) + ": expected " + expected + " but found " +
                   describe(c));
}

Expected<Int> NotationReader::parseInt() {
  skipSpace();
  size_t start = pos_;
  bool isStatic = !options_.plainIsDynamic;
  if (pos_ < text_.size() && text_[pos_] == '_') {
    isStatic = true;
    ++pos_;
  }
  bool negative = false;
  if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
    negative = text_[pos_] == '-';
    ++pos_;
  }
  if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    pos_ = start;
    return errorHere("an integer");
  }
  // Accumulate as a negative number so INT64_MIN is representable.
  int64_t value = 0;
  while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    int digit = text_[pos_] - '0';
    if (value < (INT64_MIN + digit) / 10) {
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
        ++pos_;
      return makeError("column " + std::to_string(start + 1) + ": integer " +
                       std::string(text_.substr(start, pos_ - start)) + " does not fit in int64");
    }
    value = value * 10 - digit;
    ++pos_;
  }
  if (!negative) {
    if (value == INT64_MIN)
      return makeError("column " + std::to_string(start + 1) + ": integer " +
                       std::string(text_.substr(start, pos_ - start)) + " does not fit in int64");
    value = -value;
  }
  return Int{value, isStatic};
}

Expected<IntTuple> NotationReader::parseTuple(bool allowUnderscore, int depth) {
  TupleBuilder b;
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
        IntTuple child = CL_TRY(parseTuple(allowUnderscore, depth + 1));
        b.add(child);
      } while (accept(','));
      if (!accept(')'))
        return errorHere("',' or ')'");
    }
    b.close();
    return b.finish();
  }
  if (c == '?' && options_.allowUnknown) {
    ++pos_;
    return IntTuple(Int::dynamic(kUnknownDynamic));
  }
  if (c == '_' && allowUnderscore) {
    size_t next = pos_ + 1;
    bool digitFollows = next < text_.size() &&
                        (std::isdigit(static_cast<unsigned char>(text_[next])) || text_[next] == '-');
    if (!digitFollows) {
      ++pos_;
      return IntTuple::underscore();
    }
  }
  bool startsInt = std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '_';
  if (!startsInt)
    return errorHere(allowUnderscore ? "an integer, '_' or '('" : "an integer or '('");
  return IntTuple(CL_TRY(parseInt()));
}

Expected<Layout> NotationReader::parseLayout() {
  skipSpace();
  size_t start = pos_;
  IntTuple shape = CL_TRY(parseTuple(false));
  if (!accept(':'))
    return errorHere("':' after the shape");
  IntTuple stride = CL_TRY(parseTuple(false));
  Expected<Layout> l = makeLayout(shape, stride);
  if (!l)
    return makeError("column " + std::to_string(start + 1) + ": " + l.error().message);
  return l;
}

Expected<IntTuple> parseIntTuple(std::string_view text, ParseOptions options) {
  NotationReader r(text, options);
  IntTuple t = CL_TRY(r.parseTuple(true));
  if (!r.atEnd())
    return r.errorHere("end of input");
  return t;
}

Expected<Layout> parseLayout(std::string_view text, ParseOptions options) {
  NotationReader r(text, options);
  Layout l = CL_TRY(r.parseLayout());
  if (!r.atEnd())
    return r.errorHere("end of input");
  return l;
}

} // namespace cutelayout
