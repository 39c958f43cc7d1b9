#include "Evaluator.h"

#include "AtomOps.h"

#include "Operations.h"
#include "cutelayout/Basis.h"

#include <array>

namespace cutelayout::cli {
namespace {

constexpr int kMaxCallDepth = 64;

/// The argument lists of the calls being parsed, one per nesting depth, kept from one
/// expression to the next so that batch mode neither allocates nor moves Values for them.
/// A call at depth d fills args[d] (and templateArgs[d]); a tile at depth d fills
/// tileElements[d]; their elements are parsed at depth d + 1.
struct Scratch {
  std::vector<Value> args[kMaxCallDepth + 1];
  std::vector<Value> templateArgs[kMaxCallDepth + 1];
  std::vector<Value> tileElements[kMaxCallDepth + 1];
  std::vector<Tiler> tilers;
  /// Where the outermost level's bare name would go (parseOutermostArgs discards it).
  Value bareName;
};

Scratch &scratch() {
  thread_local Scratch s;
  return s;
}

// The C locale's isalpha and isalnum (the tool never sets a locale), without a library
// call per character.
constexpr bool identifierStart(char c) { return unsigned((c | 0x20) - 'a') < 26; }
constexpr bool identifierChar(char c) { return identifierStart(c) || unsigned(c - '0') < 10; }

/// Whether each byte is a letter, a digit or `_`: an identifier's characters but `::`.
constexpr std::array<bool, 256> kIdentifierBytes = [] {
  std::array<bool, 256> table{};
  for (unsigned c = 0; c < 256; ++c)
    table[c] = identifierChar(char(c)) || c == '_';
  return table;
}();

/// The bytes that may follow a primary and continue its expression: ` o ` of a composed
/// layout, a call L(c), C++'s arithmetic.
constexpr std::array<bool, 256> kTailBytes = [] {
  std::array<bool, 256> table{};
  for (unsigned char c : {'o', '(', '+', '-', '*', '/', '%'})
    table[c] = true;
  return table;
}();

/// Parses into Values given by the caller; a failing step returns false and leaves its
/// Error in error_.
class Parser {
public:
  /// With cpp, the text is read as C++ (cppSpellings.h): a plain integer written as a
  /// call's argument is a runtime int.
  Parser(std::string_view text, const ParseOptions &options, bool nulTerminated = false, bool cpp = false)
      : reader_(text, options, nulTerminated), scratch_(scratch()), cpp_(cpp) {}

  bool parseAll(Value &out) { return parseExpr(0, out) && acceptStatementEnd() && expectEnd(); }

  /// Whether the text used a spelling only C++ has (Int<4>{}, _4{}, make_shape(...), a
  /// layout called on a coordinate, ...): the expression is then C++ (evaluate reads it
  /// again with cpp set, when it was read without).
  bool sawCpp() const { return sawCpp_; }

  /// What the text is at its outermost level (parseOutermostArgs).
  enum class Outermost { Call, Other, Failed };

  /// When the whole text is one call `name<targs>(args)`: Call, with its name and column
  /// set and its arguments (template arguments appended) in args(), evaluated but not
  /// called. Anything else (a literal, a swizzle, a bare name, a call composed further):
  /// Other, with the position back at the start. Failed (error set) when an argument fails.
  Outermost parseOutermostArgs(std::string_view &name, size_t &column) {
    char c = reader_.peek();
    if (!identifierStart(c) || (c == 'c' && reader_.text().compare(reader_.position(), 7, "cute::_") == 0))
      return Outermost::Other; // cute::_4{} is a literal
    size_t start = reader_.position();
    column = reader_.column();
    bool isCall = false;
    if (!parseCallArgs(0, name, args(), scratch_.bareName, isCall))
      return Outermost::Failed;
    if (!isCall || !acceptStatementEnd() || !reader_.atEnd()) {
      reader_.setPosition(start);
      return Outermost::Other;
    }
    return Outermost::Call;
  }

  /// The arguments of the outermost call, as parseOutermostArgs leaves them.
  std::vector<Value> &args() { return scratch_.args[0]; }

  /// The message of a call's error: its column, the operation's name (once: a core message
  /// may start with it already), then why.
  static Error callError(size_t column, std::string_view name, const Error &e) {
    std::string_view m = e.message;
    bool named = m.size() > name.size() + 1 && m.compare(0, name.size(), name) == 0 && m[name.size()] == ':';
    return makeError("column " + std::to_string(column) + ": " + (named ? std::string() : std::string(name) + ": ") +
                     e.message);
  }

  Error takeError() { return std::move(error_); }

private:
  bool fail(Error e) {
    error_ = std::move(e);
    return false;
  }

  bool expectEnd() { return reader_.atEnd() || fail(reader_.errorHere("end of expression")); }

  /// The `;` that ends a C++ statement, if present (always true).
  bool acceptStatementEnd() {
    if (reader_.accept(';'))
      sawCpp_ = true;
    return true;
  }

  std::string_view parseIdentifier() {
    reader_.skipSpace();
    std::string_view t = reader_.text();
    size_t p = reader_.position(), start = p, n = t.size();
    // Letters, digits, `_` and `::` (namespaced type names such as cute::uint4_t).
    for (;;) {
      if (p < n && kIdentifierBytes[static_cast<unsigned char>(t[p])])
        ++p;
      else if (p + 1 < n && t[p] == ':' && t[p + 1] == ':')
        p += 2;
      else
        break;
    }
    reader_.setPosition(p);
    std::string_view id = t.substr(start, p - start);
    if (id.size() > 6 && id.compare(0, 6, "cute::") == 0) { // CuTe's namespace, as C++ code writes it
      sawCpp_ = true;
      id.remove_prefix(6);
    }
    return id;
  }

  /// expr (',' expr)* up to `close`: values becomes the list's values; an empty list is
  /// allowed. The values the vector holds from its last list are parsed into again (made
  /// default by reuseAs), so batch mode neither builds nor destroys a Value per argument.
  /// With callArguments, the list is a call's arguments (in C++ text, a plain integer there
  /// is a runtime int); otherwise template arguments or a tile's elements (notation: a
  /// plain integer is static).
  bool parseList(char close, int depth, std::vector<Value> &values, bool callArguments = false) {
    size_t count = 0;
    bool saved = inTypeOrTile_;
    inTypeOrTile_ = !callArguments;
    bool ok = parseElements(close, depth, values, count);
    inTypeOrTile_ = saved;
    values.resize(count); // only ever shrinks: the elements past the list
    return ok;
  }

  /// parseList's elements, parsed into values[0, count).
  bool parseElements(char close, int depth, std::vector<Value> &values, size_t &count) {
    if (reader_.accept(close))
      return true;
    do {
      if (count == values.size())
        values.emplace_back();
      else
        values[count].reuseAs(Value::Kind::Tuple);
      if (!parseExpr(depth + 1, values[count++]))
        return false;
    } while (reader_.accept(','));
    if (!reader_.accept(close))
      return fail(reader_.errorHere(std::string("',' or '") + close + "'"));
    return true;
  }

  /// True (and consumed) when the next word is exactly `o`, the composition of CuTe's print.
  bool acceptCompose() {
    reader_.skipSpace();
    std::string_view t = reader_.text();
    size_t p = reader_.position();
    if (p >= t.size() || t[p] != 'o' || (p + 1 < t.size() && (identifierChar(t[p + 1]) || t[p + 1] == '_')))
      return false;
    reader_.setPosition(p + 1);
    return true;
  }

  /// An expression into out.
  /// @pre out is a default Value, or a reused one made so by reuseAs(Kind::Tuple): a tuple
  /// kind with no object, whose tuple and layout fields the parse overwrites before use
  /// @post on failure out holds no usable value (the caller discards it)
  bool parseExpr(int depth, Value &out) {
    if (!parsePrimary(depth, out))
      return false;
    if (__builtin_expect(!kTailBytes[static_cast<unsigned char>(reader_.peek())], 1)) // most expressions end here
      return true;
    if (!parseComposedTail(depth, out))
      return false;
    // C++'s integer arithmetic, * / % before + -: a + b * c adds the product b * c.
    for (char op = reader_.peek(); isArithmetic(op); op = reader_.peek())
      if (!applyArithmetic(depth, op, out, isMultiplicative(op) ? &Parser::parseComposed : &Parser::parseProduct))
        return false;
    return true;
  }

  static bool isMultiplicative(char c) { return c == '*' || c == '/' || c == '%'; }
  static bool isArithmetic(char c) { return c == '+' || c == '-' || isMultiplicative(c); }

  /// A product a * b / c % d (an operand of + and -).
  bool parseProduct(int depth, Value &out) {
    if (!parseComposed(depth, out))
      return false;
    for (char op = reader_.peek(); isMultiplicative(op); op = reader_.peek())
      if (!applyArithmetic(depth, op, out, &Parser::parseComposed))
        return false;
    return true;
  }

  /// out op (the next operand, read by operand): C++'s integer arithmetic, through the
  /// operations tuple_add, tuple_sub, tuple_mul, tuple_div and tuple_mod.
  [[gnu::cold, gnu::noinline]] bool applyArithmetic(int depth, char op, Value &out,
                                                    bool (Parser::*operand)(int, Value &)) {
    sawCpp_ = true;
    size_t column = reader_.column();
    reader_.accept(op);
    std::vector<Value> &args = scratch_.args[depth];
    args.clear();
    args.emplace_back();
    args.emplace_back();
    args[0] = std::move(out);
    if (!(this->*operand)(depth + 1, args[1]))
      return false;
    for (const Value &a : args)
      if (a.kind != Value::Kind::Tuple || !a.tuple.isInt())
        return fail(makeError("column " + std::to_string(column) + ": '" + op + "' takes integers, not " +
                              std::string(kindName(a.kind)) + " " + printValue(a, Style::Plain)));
    if (op == '+' && (args[0].tuple.asInt().isBasis() || args[1].tuple.asInt().isBasis())) {
      // 3*E<0>{} + 4*E<1>{}: CuTe's arithmetic-tuple sum, (3,4).
      Expected<IntTuple> sum = addCoordinates(args[0].tuple, args[1].tuple);
      if (!sum)
        return fail(makeError("column " + std::to_string(column) + ": '+': " + sum.error().message));
      out = Value::ofTuple(sum.take());
      return true;
    }
    std::string_view name = op == '+'   ? "tuple_add"
                            : op == '-' ? "tuple_sub"
                            : op == '*' ? "tuple_mul"
                            : op == '/' ? "tuple_div"
                                        : "tuple_mod";
    Expected<Value> r = callOperation(name, args);
    if (!r)
      return fail(makeError("column " + std::to_string(column) + ": '" + op + "': " + r.error().message));
    out = std::move(*r);
    return true;
  }

  /// A composed layout `A o O o B` (or a primary), then any calls L(c...) of it.
  bool parseComposed(int depth, Value &out) { return parsePrimary(depth, out) && parseComposedTail(depth, out); }

  /// What may follow a primary out: ` o O o B` (out the outer function of a composed
  /// layout), then calls out(c...).
  [[gnu::cold, gnu::noinline]] bool parseComposedTail(int depth, Value &out) {
    while (acceptCompose()) { // A o O o B, left to right: (A o O o B) o O' o B'
      size_t column = reader_.column();
      Expected<IntTuple> offset = reader_.parseTuple(false);
      if (!offset)
        return fail(offset.error());
      if (!acceptCompose())
        return fail(reader_.errorHere("'o' after the offset of a composed layout"));
      size_t innerColumn = reader_.column();
      Value inner;
      if (!parsePrimary(depth + 1, inner))
        return false;
      bool innerWrong = inner.kind != Value::Kind::Layout || inner.notCongruent;
      Expected<Value> c = composedOf(out, *offset, inner);
      if (!c) // the inner function's error at its column, any other at the offset's
        return fail(
            makeError("column " + std::to_string(innerWrong ? innerColumn : column) + ": " + c.error().message));
      out = c.take();
    }
    while (reader_.peek() == '(' && (out.kind == Value::Kind::Layout || out.kind == Value::Kind::Composed))
      if (!applyToCoordinate(depth, out))
        return false;
    return true;
  }

  /// L(c...) (CuTe's operator() of a layout): the index of coordinate (c...), or, when it
  /// has a `_`, the slice of L it selects.
  [[gnu::cold, gnu::noinline]] bool applyToCoordinate(int depth, Value &out) {
    sawCpp_ = true;
    size_t column = reader_.column();
    reader_.accept('(');
    std::vector<Value> &args = scratch_.args[depth];
    if (!parseList(')', depth, args, true))
      return false;
    if (args.empty())
      return fail(makeError("column " + std::to_string(column) + ": a layout call needs a coordinate"));
    Value coordinate;
    if (args.size() == 1) {
      coordinate = std::move(args[0]);
    } else {
      Expected<Value> t = tupleOf(args, "a coordinate takes integers, tuples and `_`,");
      if (!t)
        return fail(makeError("column " + std::to_string(column) + ": " + t.error().message));
      coordinate = t.take();
    }
    std::string_view name =
        coordinate.kind == Value::Kind::Tuple && hasUnderscore(coordinate.tuple) ? "slice" : "crd2idx";
    args.clear();
    args.push_back(std::move(coordinate));
    args.push_back(std::move(out));
    Expected<Value> r = callOperation(name, args);
    if (!r)
      return fail(callError(column, name, r.error()));
    out = std::move(*r);
    return true;
  }

  /// A call or a literal into out; parseExpr's @pre and @post.
  bool parsePrimary(int depth, Value &out) {
    if (depth > kMaxCallDepth)
      return fail(makeError("column " + std::to_string(reader_.column()) + ": expression nested deeper than " +
                            std::to_string(kMaxCallDepth) + " levels"));
    char c = reader_.peek();
    size_t start = reader_.position();
    std::string_view text = reader_.text();
    if (c == 'c' && text.compare(start, 7, "cute::_") == 0) { // cute::_4{}: CuTe's namespace, a literal
      sawCpp_ = true;
      reader_.setPosition(start += 6);
      c = '_';
    }
    if (identifierStart(c))
      return parseCall(depth, out);
    if (c == '<')
      return parseTile(depth, out);
    if (c == '_' && start + 2 < text.size() && text[start + 1] == 'm' && unsigned(text[start + 2] - '0') < 10)
      return parseNegativeAlias(out);
    // A layout's shape and stride are read in place; a tuple moves to its member.
    Layout &l = out.layout;
    Expected<bool> t = reader_.parseTupleInto(l.shape, true);
    if (!t) {
      // Not a tuple: in C++ text, a parenthesized expression such as (7 + Int<1>{}).
      if (c == '(' && parseGroup(depth, start, out))
        return true;
      return fail(t.error());
    }
    char next = reader_.peek();
    if (next != ':') {
      out.tuple = std::move(l.shape);
      l.shape = kStatic0; // a tree again (IntTuple()'s _0), as in every value, without a temporary
      return __builtin_expect(next != '{' && !cpp_, 1) || cppLeaf(start, out.tuple);
    }
    reader_.setPosition(reader_.position() + 1); // the ':' peek stopped at
    size_t strideColumn = reader_.column();
    Expected<bool> stride = reader_.parseTupleInto(l.stride, false);
    if (!stride)
      return fail(stride.error());
    Expected<bool> valid = checkLayout(l.shape, l.stride); // makeLayout's conditions, without its copies
    if (!valid)
      return fail(makeError("column " + std::to_string(strideColumn) + ": " + valid.error().message));
    out.kind = Value::Kind::Layout;
    return true;
  }

  /// `(expr)`, C++'s parentheses, from start; false (position back at start, no error
  /// kept) when the text there is not one.
  [[gnu::cold, gnu::noinline]] bool parseGroup(int depth, size_t start, Value &out) {
    Error tupleError = std::move(error_);
    reader_.setPosition(start);
    reader_.accept('(');
    Value inner;
    if (parseExpr(depth + 1, inner) && reader_.accept(')')) {
      out = std::move(inner);
      return true;
    }
    reader_.setPosition(start);
    error_ = std::move(tupleError);
    return false;
  }

  /// _m4{} (CuTe's Int<-4>{}): a static negative integer.
  [[gnu::cold, gnu::noinline]] bool parseNegativeAlias(Value &out) {
    std::string_view text = reader_.text();
    size_t p = reader_.position() + 2, digits = p;
    int64_t v = 0;
    while (p < text.size() && unsigned(text[p] - '0') < 10 && p - digits < 18)
      v = v * 10 + (text[p++] - '0');
    if (p < text.size() && (kIdentifierBytes[static_cast<unsigned char>(text[p])]))
      return fail(makeError("column " + std::to_string(reader_.position() + 1) +
                            ": expected a static negative integer such as _m4 but found " +
                            std::string(text.substr(reader_.position(), p + 1 - reader_.position()))));
    reader_.setPosition(p);
    sawCpp_ = true;
    out = Value::ofInt(Int::fixed(-v));
    return acceptBraces("_m" + std::to_string(v));
  }

  /// A literal's C++ reading: `_4{}` and `_{}` (CuTe's Int<4>{} and Underscore{}) are
  /// `_4` and `_`; in C++ text, a plain integer (4, -1) outside template arguments is a
  /// runtime int, as C++ reads it, while tuples `(4,8)` stay the notation's.
  [[gnu::cold, gnu::noinline]] bool cppLeaf(size_t start, IntTuple &leaf) {
    if (reader_.peek() == '{' && (leaf.isInt() || leaf.view().isUnderscore())) {
      if (reader_.text()[start] != '_')
        return fail(reader_.errorHere("end of the integer (a static integer is written _4{} or Int<4>{})"));
      reader_.accept('{');
      if (!reader_.accept('}'))
        return fail(reader_.errorHere("'}' after '{'"));
      sawCpp_ = true;
      return true;
    }
    if (cpp_ && !inTypeOrTile_ && leaf.isInt() && reader_.text()[start] != '_' && reader_.text()[start] != '(')
      leaf = asDynamic(leaf.asInt());
    return true;
  }

  bool parseTile(int depth, Value &out) {
    size_t column = reader_.column();
    reader_.accept('<');
    std::vector<Value> &elements = scratch_.tileElements[depth];
    if (!parseList('>', depth, elements))
      return false;
    std::vector<Tiler> &tilers = scratch_.tilers; // used only between the list and makeTile
    tilers.clear();
    for (const Value &e : elements) {
      Expected<Tiler> t = asTiler(e);
      if (!t)
        return fail(makeError("column " + std::to_string(column) + ": " + t.error().message));
      tilers.push_back(std::move(*t));
    }
    out = Value::ofTile(makeTile(tilers.data(), uint32_t(tilers.size())));
    return true;
  }

  /// name [<targs>] [(args)]: the arguments (template arguments appended) into args, or,
  /// with no '(', the bare name into bareName with isCall false.
  bool parseCallArgs(int depth, std::string_view &id, std::vector<Value> &args, Value &bareName, bool &isCall) {
    reader_.skipSpace();
    size_t column = reader_.column();
    id = parseIdentifier();
    std::vector<Value> &templateArgs = scratch_.templateArgs[depth];
    templateArgs.clear();
    if (reader_.peek() == '<') {
      reader_.accept('<');
      if (!parseList('>', depth, templateArgs))
        return false;
    }
    if (reader_.peek() != '(') {
      // A value spelled as a C++ type: Int<4>{}, Swizzle<3,4,3>{}, Layout<Shape<_4>>{}, ...
      int spelled = parseTypeValue(id, column, templateArgs, bareName);
      if (spelled != 0) {
        isCall = false;
        return spelled > 0;
      }
    }
    if (isTupleBuilder(id))
      sawCpp_ = true;
    if (!reader_.accept('(')) {
      if (!templateArgs.empty())
        return fail(reader_.errorHere("'(' after the template arguments of " + std::string(id)));
      // A name is a value only where an operation takes one (make_layout(s, LayoutRight),
      // recast_layout<uint8_t,half_t>(L)); anything else would print the input back.
      // transform_layout's function argument names an operation (CuTe passes a callable).
      if (isOperationName(id) && depth == functionArgDepth_) {
        isCall = false;
        bareName.kind = Value::Kind::Name;
        bareName.name.assign(id.data(), id.size());
        return true;
      }
      if (isOperationName(id))
        return fail(reader_.errorHere("'(' after the operation name " + std::string(id)));
      if (!isArgumentName(id))
        return fail(makeError("column " + std::to_string(column) +
                              ": expected a value or a call but found the unknown name " + std::string(id)));
      if (depth == 0)
        return fail(makeError("column " + std::to_string(column) + ": expected a value or a call but found the name " +
                              std::string(id) + ", which is only an argument of an operation"));
      isCall = false;
      bareName.kind = Value::Kind::Name;
      bareName.name.assign(id.data(), id.size());
      return true;
    }
    isCall = true;
    int savedFunctionDepth = functionArgDepth_;
    functionArgDepth_ = id == "transform_layout" ? depth + 1 : -1;
    bool listed = parseList(')', depth, args, true);
    functionArgDepth_ = savedFunctionDepth;
    if (!listed)
      return false;
    for (Value &t : templateArgs)
      args.push_back(std::move(t));
    return true;
  }

  /// The `{}` that constructs a value of a C++ type, if present; false (error set) for a
  /// `{` without its `}`. Braces make the text C++.
  bool acceptBraces(std::string_view id) {
    if (!reader_.accept('{'))
      return true;
    sawCpp_ = true;
    return reader_.accept('}') || fail(reader_.errorHere("'}' after '{' of " + std::string(id)));
  }

  /// A value written as a C++ type with its template arguments (and optional `{}`) into
  /// out: 1 when id is such a spelling and it was read, -1 when it is one and failed
  /// (error set), 0 when id is not one (nothing consumed past the template arguments).
  [[gnu::cold, gnu::noinline]] int parseTypeValue(std::string_view id, size_t column, std::vector<Value> &templateArgs,
                                                  Value &out) {
    auto failed = [&](const Error &e) {
      fail(makeError("column " + std::to_string(column) + ": " + std::string(id) + ": " + e.message));
      return -1;
    };
    if (id == "Int" || id == "C") { // CuTe's static integer: Int<4>{}, C<4>{}, Int<4> in a type
      if (!acceptBraces(id))
        return -1;
      if (templateArgs.size() != 1 || templateArgs[0].kind != Value::Kind::Tuple || !templateArgs[0].tuple.isInt() ||
          templateArgs[0].tuple.asInt().isBasis())
        return failed(makeError("expected one integer template argument, as in " + std::string(id) + "<4>{}"));
      sawCpp_ = true;
      out = Value::ofInt(Int::fixed(templateArgs[0].tuple.asInt().value)); // static under --dynamic too
      return 1;
    }
    if ((id == "X" || id == "Underscore") && templateArgs.empty()) { // CuTe's other names of `_`
      if (!acceptBraces(id))
        return -1;
      out = Value::ofTuple(IntTuple::underscore());
      return 1;
    }
    if (id == "Swizzle" || id == "Sw" || id == "E") {
      // Swizzle<B,M,S>{} (CuTe's spellings) and Sw<B,M,S> (its print); E<i,j,...>{} (CuTe's
      // basis element): _1 at mode i, inside it j, ... (_1@j@i).
      if (!acceptBraces(id))
        return -1;
      Expected<Value> v = id == "E" ? basisOf(templateArgs) : swizzleOf(templateArgs);
      if (!v)
        return failed(v.error());
      out = v.take();
      return 1;
    }
    if (isCuteTypeSpelling(id)) {
      // Layout<Shape<...>, Stride<...>>{}, Shape<...>, Stride<...>, Tile<...>,
      // ComposedLayout<...>{}, MMA_Atom<Op>{}, and an MMA operation
      // (SM80_16x8x16_F16F16F16F16_TN{}, UniversalFMA<float>{}).
      if (!acceptBraces(id))
        return -1;
      Expected<Value> v = cuteTypeValue(id, templateArgs);
      if (!v)
        return failed(v.error());
      out = v.take();
      return 1;
    }
    if (templateArgs.empty() && reader_.peek() == '{' && isArgumentName(id)) // LayoutRight{}, GenRowMajor{}
      return acceptBraces(id) ? 0 : -1;
    return 0;
  }

  bool parseCall(int depth, Value &out) {
    size_t column = reader_.column();
    std::string_view name;
    std::vector<Value> &args = scratch_.args[depth];
    bool isCall = false;
    if (!parseCallArgs(depth, name, args, out, isCall))
      return false;
    if (!isCall)
      return true;
    Expected<Value> r = callOperation(name, args);
    if (!r)
      return fail(callError(column, name, r.error()));
    out = std::move(*r);
    return true;
  }

  /// CuTe's functions that build an int tuple from integers, which the notation writes
  /// (4,8): their use makes the text C++.
  static bool isTupleBuilder(std::string_view id) {
    if (id.size() < 9 || id[0] != 'm' || id[4] != '_') // make_tile is the shortest
      return false;
    return id == "make_shape" || id == "make_stride" || id == "make_coord" || id == "make_tile" || id == "make_step" ||
           id == "make_int_tuple";
  }

  static bool isCuteTypeSpelling(std::string_view id) {
    return id == "Layout" || id == "Shape" || id == "Stride" || id == "Tile" || id == "Step" || id == "Coord" ||
           id == "ComposedLayout" || id == "MMA_Atom" || isMmaAtomName(id) || id == "Copy_Atom" ||
           isCopyOperationName(id);
  }

  /// The value of a CuTe type spelling with its template arguments.
  static Expected<Value> cuteTypeValue(std::string_view id, std::vector<Value> &args) {
    if (id == "Layout") {
      if (args.empty() || args.size() > 2)
        return makeError("takes Layout<Shape<...>> or Layout<Shape<...>, Stride<...>>");
      return callOperation("make_layout", args);
    }
    if (id == "ComposedLayout") { // ComposedLayout<Outer, Offset, Inner>{}: Outer o Offset o Inner
      if (args.size() != 3 || args[1].kind != Value::Kind::Tuple)
        return makeError("takes ComposedLayout<outer, offset, inner>, such as "
                         "ComposedLayout<Swizzle<3,4,3>, _0, Layout<_64>>");
      return composedOf(args[0], args[1].tuple, args[2]);
    }
    if (id == "Tile") {
      // Tile<...> of integers and tuples is the tuple; with a layout among them, a tile.
      bool anyLayout = false;
      for (const Value &a : args)
        anyLayout |= a.kind != Value::Kind::Tuple;
      if (anyLayout) {
        std::vector<Tiler> tilers;
        for (const Value &a : args)
          tilers.push_back(CL_TRY(asTiler(a)));
        return Value::ofTile(makeTile(tilers.data(), uint32_t(tilers.size())));
      }
    }
    if (id == "MMA_Atom") {
      if (args.size() != 1 || args[0].kind != Value::Kind::MmaAtom)
        return makeError("takes one MMA operation, such as MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>");
      return std::move(args[0]);
    }
    if (isMmaAtomName(id)) // UniversalFMA<T>'s element types do not change its layouts
      return mmaAtomValue(id);
    if (id == "Copy_Atom")
      return copyAtomValue(args);
    if (isCopyOperationName(id)) // a copy operation names itself: UniversalCopy<uint128_t>
      return copyOperationName(id, args);
    // Shape<...>, Stride<...>, Tile<...>, Step<...>, Coord<...>: a tuple of the arguments.
    return tupleOf(args, "takes integers and tuples,");
  }

  /// The tuple of args, each an int tuple; else the error "<takes> not <the value>".
  static Expected<Value> tupleOf(const std::vector<Value> &args, const char *takes) {
    TupleBuilder b;
    b.open();
    for (const Value &a : args) {
      if (a.kind != Value::Kind::Tuple)
        return makeError(std::string(takes) + " not " + kindName(a.kind) + " " + printValue(a, Style::Plain));
      b.add(a.tuple);
    }
    b.close();
    return Value::ofTuple(b.finish());
  }

  /// outer o offset o inner (CuTe's print of a composed layout, and its ComposedLayout<...>).
  static Expected<Value> composedOf(const Value &outerValue, const IntTuple &offset, Value &inner) {
    if (inner.kind != Value::Kind::Layout || inner.notCongruent)
      return makeError("the inner function of a composed layout must be a layout");
    OuterFunction outer;
    if (outerValue.kind == Value::Kind::Swizzle)
      outer = OuterFunction::of(outerValue.swizzle);
    else if (outerValue.kind == Value::Kind::Layout && !outerValue.notCongruent)
      outer = OuterFunction::of(outerValue.layout);
    else if (outerValue.kind == Value::Kind::Composed)
      outer = OuterFunction::of(*outerValue.composed());
    else
      return makeError("the outer function of a composed layout must be a swizzle, a layout or a composed layout");
    return Value::ofComposed(CL_TRY(makeComposedLayout(std::move(outer), offset, std::move(inner.layout))));
  }

  /// The swizzle of template arguments <B,M,S>.
  static Expected<Value> swizzleOf(const std::vector<Value> &args) {
    if (args.size() != 3)
      return makeError("expected three template arguments <B,M,S> but got " + std::to_string(args.size()));
    int64_t p[3];
    for (int i = 0; i < 3; ++i) {
      if (args[i].kind != Value::Kind::Tuple || !args[i].tuple.isInt())
        return makeError("template argument " + std::to_string(i + 1) + " must be an integer");
      p[i] = args[i].tuple.asInt().value;
    }
    return Value::ofSwizzle(CL_TRY(makeSwizzle(p[0], p[1], p[2])));
  }

  /// The basis element of template arguments E<...>: its mode path, outermost first.
  static Expected<Value> basisOf(const std::vector<Value> &args) {
    BasisPath path;
    if (args.empty() || args.size() > kMaxBasisDepth)
      return makeError("expected 1 to " + std::to_string(kMaxBasisDepth) + " template arguments (modes) but got " +
                       std::to_string(args.size()));
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].kind != Value::Kind::Tuple || !args[i].tuple.isInt() || args[i].tuple.asInt().isBasis() ||
          args[i].tuple.asInt().value < 0 || args[i].tuple.asInt().value > kMaxBasisMode)
        return makeError("template argument " + std::to_string(i + 1) + " must be a mode index from 0 to " +
                         std::to_string(kMaxBasisMode));
      path.modes[path.size++] = uint8_t(args[i].tuple.asInt().value);
    }
    return Value::ofInt(CL_TRY(makeBasis(Int::fixed(1), path)));
  }

  NotationReader reader_;
  Scratch &scratch_;
  Error error_;
  bool cpp_ = false;
  bool sawCpp_ = false;
  bool inTypeOrTile_ = false; // reading template arguments or a tile's elements
  int functionArgDepth_ = -1; // the depth of transform_layout's arguments, where a bare operation name is a value
};

} // namespace

namespace {

/// Whether text holds a spelling only C++ has, for an expression that failed before its
/// parse could see one: then it is read again as C++ (its plain integers runtime ints).
bool looksLikeCpp(std::string_view text) {
  static constexpr std::string_view kMarks[] = {
      "make_shape", "make_stride", "make_coord", "make_tile", "make_step", "make_int_tuple",
      "Int<",       "C<",          "cute::",     "{}",        ";"};
  for (std::string_view m : kMarks)
    if (text.find(m) != std::string_view::npos)
      return true;
  return false;
}

/// One reading of text (evaluate's): as the notation, or, with cpp, as C++.
[[gnu::always_inline]] inline Expected<Value> evaluateAs(std::string_view text, const ParseOptions &options,
                                                         bool nulTerminated, bool cpp, bool &sawCpp) {
  Parser p(text, options, nulTerminated, cpp);
  std::string_view name;
  size_t column = 0;
  Parser::Outermost what = p.parseOutermostArgs(name, column);
  // One result object, returned on every path: an outermost call (most expressions) builds
  // its value in it, and so in the caller's slot; no Value is moved.
  Expected<Value> result =
      what == Parser::Outermost::Call ? callOperation(name, p.args()) : Expected<Value>(std::in_place);
  if (what == Parser::Outermost::Call) {
    if (!result)
      result = Expected<Value>(Parser::callError(column, name, result.error()));
  } else if (what == Parser::Outermost::Failed || !p.parseAll(*result)) {
    result = Expected<Value>(p.takeError());
  }
  sawCpp = p.sawCpp();
  return result;
}

} // namespace

Expected<Value> evaluate(std::string_view text, const ParseOptions &options, bool nulTerminated) {
  bool sawCpp = false;
  Expected<Value> result = evaluateAs(text, options, nulTerminated, false, sawCpp);
  // C++ text (CuTe's spellings) is read again with C++'s integers: a plain 4 in
  // make_shape(4,8) is an int, as in the C++ it was copied from. The notation's text (most
  // expressions) is read once.
  if (!options.plainIsDynamic && (sawCpp || (!result && looksLikeCpp(text))))
    result = evaluateAs(text, options, nulTerminated, true, sawCpp);
  return result;
}

Expected<OutermostCall> parseOutermostCall(std::string_view text, const ParseOptions &options) {
  Parser first(text, options);
  Value literal;
  bool cpp = false;
  if (!options.plainIsDynamic) { // C++ text is read as C++ (evaluate)
    std::string_view name;
    size_t column = 0;
    Parser::Outermost what = first.parseOutermostArgs(name, column);
    bool parsed = what == Parser::Outermost::Call || (what == Parser::Outermost::Other && first.parseAll(literal));
    cpp = first.sawCpp() || (!parsed && looksLikeCpp(text));
  }
  Parser p(text, options, false, cpp);
  OutermostCall call;
  std::string_view name;
  size_t column = 0;
  switch (p.parseOutermostArgs(name, column)) {
  case Parser::Outermost::Call:
    call.name.assign(name.data(), name.size());
    call.args = std::move(p.args());
    return call;
  case Parser::Outermost::Other: {
    Value literal;
    if (p.parseAll(literal)) // not a call: checked, nothing to keep
      return call;
    break;
  }
  case Parser::Outermost::Failed:
    break;
  }
  return p.takeError();
}

} // namespace cutelayout::cli
