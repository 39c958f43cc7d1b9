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

/// Parses into Values given by the caller; a failing step returns false and leaves its
/// Error in error_.
class Parser {
public:
  Parser(std::string_view text, const ParseOptions &options, bool nulTerminated = false)
      : reader_(text, options, nulTerminated), scratch_(scratch()) {}

  bool parseAll(Value &out) { return parseExpr(0, out) && expectEnd(); }

  /// What the text is at its outermost level (parseOutermostArgs).
  enum class Outermost { Call, Other, Failed };

  /// When the whole text is one call `name<targs>(args)`: Call, with its name and column
  /// set and its arguments (template arguments appended) in args(), evaluated but not
  /// called. Anything else (a literal, a swizzle, a bare name, a call composed further):
  /// Other, with the position back at the start. Failed (error set) when an argument fails.
  Outermost parseOutermostArgs(std::string_view &name, size_t &column) {
    if (!identifierStart(reader_.peek()))
      return Outermost::Other;
    size_t start = reader_.position();
    column = reader_.column();
    bool isCall = false;
    if (!parseCallArgs(0, name, args(), scratch_.bareName, isCall))
      return Outermost::Failed;
    if (!isCall || !reader_.atEnd()) {
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
    return t.substr(start, p - start);
  }

  /// expr (',' expr)* up to `close`: values becomes the list's values; an empty list is
  /// allowed. The values the vector holds from its last list are parsed into again (made
  /// default by reuseAs), so batch mode neither builds nor destroys a Value per argument.
  bool parseList(char close, int depth, std::vector<Value> &values) {
    size_t count = 0;
    bool ok = parseElements(close, depth, values, count);
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
      if (inner.kind != Value::Kind::Layout || inner.notCongruent)
        return fail(makeError("column " + std::to_string(innerColumn) +
                              ": the inner function of a composed layout must be a layout"));
      OuterFunction outer;
      if (out.kind == Value::Kind::Swizzle)
        outer = OuterFunction::of(out.swizzle);
      else if (out.kind == Value::Kind::Layout && !out.notCongruent)
        outer = OuterFunction::of(out.layout);
      else if (out.kind == Value::Kind::Composed)
        outer = OuterFunction::of(*out.composed());
      else
        return fail(makeError("column " + std::to_string(column) +
                              ": the outer function of a composed layout must be a swizzle, a layout or a "
                              "composed layout"));
      Expected<ComposedLayout> c = makeComposedLayout(std::move(outer), *offset, std::move(inner.layout));
      if (!c)
        return fail(makeError("column " + std::to_string(column) + ": " + c.error().message));
      out = Value::ofComposed(c.take());
    }
    return true;
  }

  /// A call or a literal into out; parseExpr's @pre and @post.
  bool parsePrimary(int depth, Value &out) {
    if (depth > kMaxCallDepth)
      return fail(makeError("column " + std::to_string(reader_.column()) + ": expression nested deeper than " +
                            std::to_string(kMaxCallDepth) + " levels"));
    char c = reader_.peek();
    if (identifierStart(c))
      return parseCall(depth, out);
    if (c == '<')
      return parseTile(depth, out);
    // A layout's shape and stride are read in place; a tuple moves to its member.
    Layout &l = out.layout;
    Expected<bool> t = reader_.parseTupleInto(l.shape, true);
    if (!t)
      return fail(t.error());
    if (!reader_.accept(':')) {
      out.tuple = std::move(l.shape);
      l.shape = kStatic0; // a tree again (IntTuple()'s _0), as in every value, without a temporary
      return true;
    }
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
    if ((id == "Swizzle" || id == "Sw") && reader_.peek() != '(') {
      // Swizzle<B,M,S>, Swizzle<B,M,S>{} (CuTe's spellings) and Sw<B,M,S> (its print).
      if (reader_.accept('{') && !reader_.accept('}'))
        return fail(reader_.errorHere("'}' after '{' of " + std::string(id)));
      Expected<Swizzle> s = swizzleOf(templateArgs);
      if (!s)
        return fail(makeError("column " + std::to_string(column) + ": " + std::string(id) + ": " + s.error().message));
      isCall = false;
      bareName = Value::ofSwizzle(*s);
      return true;
    }
    if (reader_.peek() != '(' && isCuteTypeSpelling(id)) {
      // CuTe's C++ spellings of static values, so an expression from a kernel pastes in:
      // Layout<Shape<...>, Stride<...>>{}, Shape<...>, Stride<...>, Tile<...>, MMA_Atom<Op>{},
      // and an MMA operation (SM80_16x8x16_F16F16F16F16_TN{}, UniversalFMA<float>{}).
      if (reader_.accept('{') && !reader_.accept('}'))
        return fail(reader_.errorHere("'}' after '{' of " + std::string(id)));
      Expected<Value> v = cuteTypeValue(id, templateArgs);
      if (!v)
        return fail(makeError("column " + std::to_string(column) + ": " + std::string(id) + ": " + v.error().message));
      isCall = false;
      bareName = v.take();
      return true;
    }
    if (id == "E" && reader_.peek() != '(') {
      // E<i,j,...>{} (CuTe's basis element): _1 at mode i, inside it j, ... (_1@j@i).
      if (reader_.accept('{') && !reader_.accept('}'))
        return fail(reader_.errorHere("'}' after '{' of E"));
      Expected<Int> e = basisOf(templateArgs);
      if (!e)
        return fail(makeError("column " + std::to_string(column) + ": E: " + e.error().message));
      isCall = false;
      bareName = Value::ofInt(*e);
      return true;
    }
    if (!reader_.accept('(')) {
      if (!templateArgs.empty())
        return fail(reader_.errorHere("'(' after the template arguments of " + std::string(id)));
      // A name is a value only where an operation takes one (make_layout(s, LayoutRight),
      // recast_layout<uint8_t,half_t>(L)); anything else would print the input back.
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
    if (!parseList(')', depth, args))
      return false;
    for (Value &t : templateArgs)
      args.push_back(std::move(t));
    return true;
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

  static bool isCuteTypeSpelling(std::string_view id) {
    return id == "Layout" || id == "Shape" || id == "Stride" || id == "Tile" || id == "Step" || id == "Coord" ||
           id == "MMA_Atom" || isMmaAtomName(id) || id == "Copy_Atom" || isCopyOperationName(id);
  }

  /// The value of a CuTe type spelling with its template arguments.
  static Expected<Value> cuteTypeValue(std::string_view id, std::vector<Value> &args) {
    if (id == "Layout") {
      if (args.empty() || args.size() > 2)
        return makeError("takes Layout<Shape<...>> or Layout<Shape<...>, Stride<...>>");
      return callOperation("make_layout", args);
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
    TupleBuilder b;
    b.open();
    for (const Value &a : args) {
      if (a.kind != Value::Kind::Tuple)
        return makeError("takes integers and tuples, not " + std::string(kindName(a.kind)) + " " +
                         printValue(a, Style::Plain));
      b.add(a.tuple);
    }
    b.close();
    return Value::ofTuple(b.finish());
  }

  /// The three template arguments of a swizzle, as integers.
  static Expected<Swizzle> swizzleOf(const std::vector<Value> &args) {
    if (args.size() != 3)
      return makeError("expected three template arguments <B,M,S> but got " + std::to_string(args.size()));
    int64_t p[3];
    for (int i = 0; i < 3; ++i) {
      if (args[i].kind != Value::Kind::Tuple || !args[i].tuple.isInt())
        return makeError("template argument " + std::to_string(i + 1) + " must be an integer");
      p[i] = args[i].tuple.asInt().value;
    }
    return makeSwizzle(p[0], p[1], p[2]);
  }

  /// The template arguments of E<...>: its mode path, outermost first.
  static Expected<Int> basisOf(const std::vector<Value> &args) {
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
    return makeBasis(Int::fixed(1), path);
  }

  NotationReader reader_;
  Scratch &scratch_;
  Error error_;
};

} // namespace

Expected<Value> evaluate(std::string_view text, const ParseOptions &options, bool nulTerminated) {
  Parser p(text, options, nulTerminated);
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
  return result;
}

Expected<OutermostCall> parseOutermostCall(std::string_view text, const ParseOptions &options) {
  Parser p(text, options);
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
