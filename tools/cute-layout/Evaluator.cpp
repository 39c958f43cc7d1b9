#include "Evaluator.h"

#include "Operations.h"

#include <cctype>

namespace cutelayout::cli {
namespace {

constexpr int kMaxCallDepth = 64;

class Parser {
public:
  Parser(std::string_view text, const ParseOptions &options) : reader_(text, options) {}

  Expected<Value> parseAll() {
    Value v = CL_TRY(parseExpr(0));
    if (!reader_.atEnd())
      return reader_.errorHere("end of expression");
    return v;
  }

private:
  bool identifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)); }

  std::string parseIdentifier() {
    reader_.skipSpace();
    std::string_view t = reader_.text();
    size_t p = reader_.position(), start = p;
    // Letters, digits, `_` and `::` (namespaced type names such as cute::uint4_t).
    while (p < t.size() && (std::isalnum(static_cast<unsigned char>(t[p])) || t[p] == '_' ||
                            (t[p] == ':' && p + 1 < t.size() && t[p + 1] == ':'))) {
      p += t[p] == ':' ? 2 : 1;
    }
    reader_.setPosition(p);
    return std::string(t.substr(start, p - start));
  }

  /// expr (',' expr)* up to `close`; an empty list is allowed.
  Expected<std::vector<Value>> parseList(char close, int depth) {
    std::vector<Value> values;
    if (reader_.accept(close))
      return values;
    do {
      values.push_back(CL_TRY(parseExpr(depth + 1)));
    } while (reader_.accept(','));
    if (!reader_.accept(close))
      return reader_.errorHere(std::string("',' or '") + close + "'");
    return values;
  }

  Expected<Value> parseExpr(int depth) {
    if (depth > kMaxCallDepth)
      return makeError("column " + std::to_string(reader_.column()) + ": expression nested deeper than " +
                       std::to_string(kMaxCallDepth) + " levels");
    char c = reader_.peek();
    if (identifierStart(c))
      return parseCall(depth);
    if (c == '<') {
      reader_.accept('<');
      std::vector<Value> elements = CL_TRY(parseList('>', depth));
      std::vector<Tiler> tilers;
      for (const Value &e : elements)
        tilers.push_back(CL_TRY(asTiler(e)));
      return Value::ofTile(makeTile(tilers.data(), uint32_t(tilers.size())));
    }
    IntTuple t = CL_TRY(reader_.parseTuple(true));
    if (!reader_.accept(':'))
      return Value::ofTuple(std::move(t));
    size_t strideColumn = reader_.column();
    IntTuple stride = CL_TRY(reader_.parseTuple(false));
    Expected<Layout> l = makeLayout(t, stride);
    if (!l)
      return makeError("column " + std::to_string(strideColumn) + ": " + l.error().message);
    return Value::ofLayout(l.take());
  }

  Expected<Value> parseCall(int depth) {
    size_t column = reader_.column();
    std::string name = parseIdentifier();
    std::vector<Value> templateArgs;
    if (reader_.peek() == '<') {
      reader_.accept('<');
      templateArgs = CL_TRY(parseList('>', depth));
    }
    if (!reader_.accept('(')) {
      if (!templateArgs.empty())
        return reader_.errorHere("'(' after the template arguments of " + name);
      Value v;
      v.kind = Value::Kind::Name;
      v.name = name;
      return v;
    }
    std::vector<Value> args = CL_TRY(parseList(')', depth));
    for (Value &t : templateArgs)
      args.push_back(std::move(t));
    Expected<Value> r = callOperation(name, args);
    if (!r)
      return makeError("column " + std::to_string(column) + ": " + name + ": " + r.error().message);
    return r;
  }

  NotationReader reader_;
};

} // namespace

std::string printValue(const Value &v, Style style) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    return print(v.tuple, style);
  case Value::Kind::Layout:
    return print(v.layout, style);
  case Value::Kind::Tile:
    return print(v.tile, style);
  case Value::Kind::Name:
    return v.name;
  }
  return "";
}

Expected<Value> evaluate(std::string_view text, const ParseOptions &options) {
  Parser p(text, options);
  return p.parseAll();
}

} // namespace cutelayout::cli
