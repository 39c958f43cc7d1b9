// Type values, the per-kind tables (verify, print, parse, fold) and type syntax:
//
//   !cute.shape                    the kind only
//   !cute.shape<3>, <rank=3>       the rank only (canonical: rank=3)
//   !cute.shape<(4,?,8)>           the value: static integers, `?` dynamic, `_` in coords
//   !cute.int_tuple<value=8>       a scalar value (a bare integer means a rank)
//   !cute.layout<(4,8):(1,4)>      a layout; the pair form <((4,8),(1,4))> is accepted
//   !cute.tile<(3:4,8:2)>          a tile, CuTe's print of make_tile; `!cute.tiler` too
//   !cute.swizzle<3,4,3>           a swizzle Sw<B,M,S>
//   !cute.composed_layout<Sw<3,4,3> o 0 o (8,64):(64,1)>   CuTe's print of A o O o B
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"

#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Trace.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <memory>
#include <optional>
#include <vector>

using namespace mlir;
using namespace mlir::cute;
using cutelayout::Int;
using cutelayout::IntTuple;
using cutelayout::TupleBuilder;
using cutelayout::TupleView;

#include "cute/Dialect/Cute/IR/CuteTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteTypes.cpp.inc"

/// The types whose syntax ODS generates (the atoms): parsed by mnemonic, printed with it.
OptionalParseResult mlir::cute::parseGeneratedType(AsmParser &parser, StringRef &mnemonic, Type &type) {
  return generatedTypeParser(parser, &mnemonic, type);
}
LogicalResult mlir::cute::printGeneratedType(Type type, AsmPrinter &printer) {
  return generatedTypePrinter(type, printer);
}

void CuteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/Cute/IR/CuteTypes.cpp.inc"
      >();
}

FailureOr<StringRef> mlir::cute::rawSymbolBody(AsmParser &p, llvm::SMLoc loc) {
  // Types and attributes reach the dialect's hooks only through CuteDialect::parseType and
  // parseAttribute, whose parser is a DialectAsmParser over the whole `mnemonic<...>`.
  StringRef spec = static_cast<DialectAsmParser &>(p).getFullSymbolSpec();
  size_t open = spec.find('<');
  if (open == StringRef::npos || !spec.ends_with(">"))
    return p.emitError(loc, "expected a `<...>` body after the cute mnemonic");
  return spec.slice(open + 1, spec.size() - 1);
}

// --- TypeValue --------------------------------------------------------------------------

IntTuple mlir::cute::normalizeDynamic(TupleView t) {
  if (cutelayout::detail::tracing()) // symbols stay (CuteTypeValue.h)
    return IntTuple(t);
  // A basis keeps its path: only its value is unknown (`?@0`).
  return cutelayout::mapLeaves(t,
                               [](Int x) { return x.isStatic ? x : Int{cutelayout::kUnknownDynamic, false, x.basis}; });
}

TypeValue TypeValue::ofRank(unsigned rank) {
  TypeValue v;
  v.form_ = Form::Rank;
  v.rank_ = rank;
  return v;
}

TypeValue TypeValue::ofTuple(const IntTuple &t) {
  TypeValue v;
  v.form_ = Form::Value;
  v.rank_ = t.rank();
  v.first_ = normalizeDynamic(t);
  return v;
}

TypeValue TypeValue::ofLayout(const cutelayout::Layout &l) {
  TypeValue v = ofTuple(l.shape);
  v.second_ = normalizeDynamic(l.stride);
  return v;
}

TypeValue TypeValue::ofTiler(const cutelayout::Tiler &t) {
  TypeValue v = ofLayout(t.layout);
  v.rank_ = t.rank();
  v.third_ = t.profile;
  return v;
}

TypeValue TypeValue::ofSwizzle(const cutelayout::Swizzle &s) {
  TypeValue v;
  v.form_ = Form::Value;
  v.first_ = IntTuple::makeTuple(
      {IntTuple(Int::fixed(s.bits)).view(), IntTuple(Int::fixed(s.base)).view(), IntTuple(Int::fixed(s.shift)).view()});
  return v;
}

cutelayout::Swizzle TypeValue::swizzle() const {
  return cutelayout::Swizzle{int32_t(first_.child(0).asInt().value), int32_t(first_.child(1).asInt().value),
                             int32_t(first_.child(2).asInt().value)};
}

TypeValue TypeValue::ofComposed(const cutelayout::ComposedLayout &c) {
  bool keep = cutelayout::detail::tracing(); // symbols stay (CuteTypeValue.h)
  cutelayout::ComposedLayout normalized = cutelayout::mapLeaves(
      c, [&](Int x) { return x.isStatic || keep ? x : Int::dynamic(cutelayout::kUnknownDynamic); });
  TypeValue v = ofLayout(normalized.inner);
  v.composed_ = std::make_shared<const cutelayout::ComposedLayout>(std::move(normalized));
  return v;
}

TypeValue TypeValue::ofAny(const cutelayout::AnyLayout &l) {
  if (const cutelayout::Layout *plain = std::get_if<cutelayout::Layout>(&l))
    return ofLayout(*plain);
  return ofComposed(std::get<cutelayout::ComposedLayout>(l));
}

TypeValue TypeValue::mapDynamicLeaves(llvm::function_ref<Int(Int)> f) const {
  auto g = [&](Int x) { return x.isStatic ? x : f(x); };
  TypeValue v = *this;
  if (composed_) {
    auto c = std::make_shared<const cutelayout::ComposedLayout>(cutelayout::mapLeaves(*composed_, g));
    v.first_ = c->inner.shape;
    v.second_ = c->inner.stride;
    v.composed_ = std::move(c);
    return v;
  }
  v.first_ = cutelayout::mapLeaves(first_, g);
  v.second_ = cutelayout::mapLeaves(second_, g);
  return v;
}

std::vector<Int> TypeValue::leaves() const {
  std::vector<Int> out;
  auto collect = [&](Int x) {
    out.push_back(x);
    return x;
  };
  if (composed_)
    (void)cutelayout::mapLeaves(*composed_, collect);
  else {
    (void)cutelayout::mapLeaves(first_, collect);
    (void)cutelayout::mapLeaves(second_, collect);
  }
  return out;
}

std::vector<int64_t> TypeValue::dynamicDivisors() const {
  std::vector<Int> all = leaves();
  std::vector<int64_t> out;
  for (size_t k = 0; k < all.size(); ++k)
    if (!all[k].isStatic)
      out.push_back(divisors_.empty() ? 1 : divisors_[k]);
  return out;
}

TypeValue TypeValue::withDivisors(std::vector<int64_t> d) const {
  TypeValue v = *this;
  v.divisors_.clear();
  // A composed layout's syntax has no divisibility facts (they would not print, and the
  // type would not read back as itself).
  if (!hasValue() || isComposed())
    return v;
  std::vector<Int> all = leaves();
  if (d.size() != all.size())
    return v;
  bool any = false;
  for (size_t k = 0; k < d.size(); ++k) {
    if (all[k].isStatic || d[k] < 2)
      d[k] = 1;
    any = any || d[k] > 1;
  }
  if (any)
    v.divisors_ = std::move(d);
  return v;
}

bool TypeValue::isStatic() const {
  return form_ == Form::Value && cutelayout::isStatic(first_) && cutelayout::isStatic(second_) &&
         (!composed_ || cutelayout::isStatic(*composed_));
}

StringRef mlir::cute::kindName(TypeKind kind) {
  static const char *names[kNumTypeKinds] = {"ComposedLayout", "Layout", "Swizzle", "Tile",
                                             "Shape",          "Coord",  "IntTuple"};
  return names[unsigned(kind)];
}

// --- parsing ----------------------------------------------------------------------------

namespace {

/// A parsed body item before it is known to be a tuple, a layout or a tile:
///   item := atom [':' atom]     atom := leaf | '(' [item (',' item)*] ')'
struct Item {
  enum Kind { Leaf, Under, Tuple, Layout } kind = Leaf;
  Int leaf;
  std::vector<Item> kids; // Tuple: elements; Layout: shape and stride
};

ParseResult parseItem(AsmParser &p, Item &out, int depth);

ParseResult parseAtom(AsmParser &p, Item &out, int depth) {
  if (depth > int(kMaxTypeDepth))
    return p.emitError(p.getCurrentLocation(), "cute type nested deeper than ") << kMaxTypeDepth << " levels";
  if (succeeded(p.parseOptionalLParen())) {
    out.kind = Item::Tuple;
    if (succeeded(p.parseOptionalRParen()))
      return success();
    do {
      if (out.kids.size() == kMaxRank)
        return p.emitError(p.getCurrentLocation(), "a cute tuple has at most ") << kMaxRank << " modes";
      out.kids.emplace_back();
      if (failed(parseItem(p, out.kids.back(), depth + 1)))
        return failure();
    } while (succeeded(p.parseOptionalComma()));
    return p.parseRParen();
  }
  if (succeeded(p.parseOptionalQuestion())) {
    out.leaf = Int::dynamic(cutelayout::kUnknownDynamic);
    return success();
  }
  StringRef keyword;
  llvm::SMLoc loc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalKeyword(&keyword))) {
    // `_` selects a mode; `_N` is CuTe's print of a static N.
    if (keyword == "_") {
      out.kind = Item::Under;
      return success();
    }
    int64_t v;
    if (keyword.size() > 1 && keyword[0] == '_' && llvm::all_of(keyword.drop_front(), llvm::isDigit)) {
      if (keyword.drop_front().getAsInteger(10, v))
        return p.emitError(loc, "integer '") << keyword << "' is out of the int64 range";
      out.leaf = Int::fixed(v);
      return success();
    }
    return p.emitError(loc, "expected an integer, '?', '_' or '(' in a cute type but got '") << keyword << "'";
  }
  int64_t v;
  OptionalParseResult r = p.parseOptionalInteger(v);
  if (!r.has_value())
    return p.emitError(loc, "expected an integer, '?', '_' or '(' in a cute type");
  if (failed(*r))
    return failure();
  out.leaf = Int::fixed(v);
  return success();
}

ParseResult parseItem(AsmParser &p, Item &out, int depth) {
  if (failed(parseAtom(p, out, depth)))
    return failure();
  if (failed(p.parseOptionalColon()))
    return success();
  Item shape = std::move(out);
  out = Item();
  out.kind = Item::Layout;
  out.kids.push_back(std::move(shape));
  out.kids.emplace_back();
  return parseAtom(p, out.kids.back(), depth);
}

/// The item as an int tuple; fails on a layout inside.
FailureOr<IntTuple> toTuple(const Item &item) {
  switch (item.kind) {
  case Item::Leaf:
    return IntTuple(item.leaf);
  case Item::Under:
    return IntTuple::underscore();
  case Item::Layout:
    return failure();
  case Item::Tuple: {
    TupleBuilder b;
    b.open();
    for (const Item &k : item.kids) {
      FailureOr<IntTuple> t = toTuple(k);
      if (failed(t))
        return failure();
      b.add(*t);
    }
    b.close();
    return b.finish();
  }
  }
  return failure();
}

FailureOr<cutelayout::Layout> toLayout(const Item &item) {
  if (item.kind != Item::Layout)
    return failure();
  FailureOr<IntTuple> s = toTuple(item.kids[0]), d = toTuple(item.kids[1]);
  if (failed(s) || failed(d))
    return failure();
  cutelayout::Expected<cutelayout::Layout> l = cutelayout::makeLayout(*s, *d);
  if (!l)
    return failure();
  return *l;
}

/// The item as a tiler: layouts, extents (n is n:1) and `_`, nested by mode.
FailureOr<cutelayout::Tiler> toTiler(const Item &item) {
  switch (item.kind) {
  case Item::Leaf:
    return cutelayout::tilerFromShape(IntTuple(item.leaf));
  case Item::Under:
    return cutelayout::underscoreTiler();
  case Item::Layout: {
    FailureOr<cutelayout::Layout> l = toLayout(item);
    if (failed(l))
      return failure();
    return cutelayout::tilerFromLayout(*l);
  }
  case Item::Tuple: {
    std::vector<cutelayout::Tiler> elements;
    for (const Item &k : item.kids) {
      FailureOr<cutelayout::Tiler> t = toTiler(k);
      if (failed(t))
        return failure();
      elements.push_back(*t);
    }
    return cutelayout::makeTile(elements.data(), uint32_t(elements.size()));
  }
  }
  return failure();
}

enum class BodyShape { Tuple, Layout, Tile };

/// A written rank must lie in [0, kMaxRank]: it sizes what the verifiers walk.
LogicalResult checkRank(AsmParser &p, llvm::SMLoc loc, int64_t rank) {
  if (rank < 0)
    return p.emitError(loc, "a cute type's rank cannot be negative");
  if (rank > int64_t(kMaxRank))
    return p.emitError(loc, "a cute type's rank is at most ") << kMaxRank << ", got " << rank;
  return success();
}

/// The rest of `rank=N` after the keyword `rank`.
FailureOr<TypeValue> parseRankValue(AsmParser &p) {
  int64_t rank;
  if (p.parseEqual())
    return failure();
  llvm::SMLoc rankLoc = p.getCurrentLocation();
  if (p.parseInteger(rank) || failed(checkRank(p, rankLoc, rank)))
    return failure();
  return TypeValue::ofRank(unsigned(rank));
}

/// A tuple's or layout's type text with its facts: `?{div=N}` for each runtime leaf
/// that has one (its `?`s come in the order of TypeValue::leaves()).
std::string withFacts(const std::string &text, const TypeValue &v) {
  if (v.divisors().empty())
    return text;
  std::vector<int64_t> dynamicFacts = v.dynamicDivisors();
  std::string out;
  size_t next = 0;
  for (char c : text) {
    out += c;
    if (c == '?' && next < dynamicFacts.size() && dynamicFacts[next++] > 1)
      out += "{div=" + std::to_string(dynamicFacts[next - 1]) + "}";
  }
  return out;
}

/// Reads a tuple or layout body with facts (`?{div=16}`): the facts are taken out in
/// order, the rest is read with the core notation, and the facts go to its runtime leaves.
/// A tuple body without its `value=` prefix (a leaf: `value=3@1`, `value=?{div=4}`).
FailureOr<StringRef> dropValuePrefix(AsmParser &p, BodyShape shape, llvm::SMLoc loc, StringRef body) {
  if (shape != BodyShape::Tuple || !body.ltrim().starts_with("value"))
    return body;
  body = body.ltrim().drop_front(5).ltrim();
  if (!body.consume_front("="))
    return p.emitError(loc, "expected '=' after `value`");
  return body;
}

/// A tuple or layout body read with the core notation (`?` a runtime leaf); an error is
/// reported at errorLoc.
FailureOr<TypeValue> parseNotationBody(AsmParser &p, BodyShape shape, llvm::SMLoc errorLoc, std::string_view text) {
  cutelayout::ParseOptions options;
  options.allowUnknown = true;
  cutelayout::NotationReader reader(text, options);
  auto fail = [&](const cutelayout::Error &e) { return p.emitError(errorLoc, "in a cute type body: ") << e.message; };
  TypeValue result;
  if (shape == BodyShape::Layout) {
    cutelayout::Expected<cutelayout::Layout> l = reader.parseLayout();
    if (!l)
      return fail(l.error());
    result = TypeValue::ofLayout(*l);
  } else {
    cutelayout::Expected<IntTuple> t = reader.parseTuple(true);
    if (!t)
      return fail(t.error());
    result = TypeValue::ofTuple(*t);
  }
  if (!reader.atEnd())
    return fail(reader.errorHere("'>'"));
  return result;
}

FailureOr<TypeValue> parseFactsBody(AsmParser &p, BodyShape shape, llvm::SMLoc loc, StringRef body) {
  if (shape == BodyShape::Tile)
    return p.emitError(loc, "divisibility facts (`?{div=N}`) are supported on int tuples and layouts, not on tiles");
  FailureOr<StringRef> rest = dropValuePrefix(p, shape, loc, body);
  if (failed(rest))
    return failure();
  body = *rest;
  std::string plain;
  std::vector<int64_t> facts; // one per `?`, 1 for none
  for (size_t i = 0; i < body.size(); ++i) {
    plain += body[i];
    if (body[i] != '?')
      continue;
    if (!body.substr(i + 1).starts_with("{div=")) {
      facts.push_back(1);
      continue;
    }
    size_t close = body.find('}', i);
    int64_t d;
    if (close == StringRef::npos || body.slice(i + 6, close).getAsInteger(10, d) || d < 1)
      return p.emitError(loc, "expected `?{div=N}` with N a positive integer in ") << "'" << body << "'";
    facts.push_back(d);
    i = close;
  }
  FailureOr<TypeValue> result = parseNotationBody(p, shape, loc, plain);
  if (failed(result))
    return failure();
  std::vector<Int> all = result->leaves();
  std::vector<int64_t> divisors(all.size(), 1);
  size_t next = 0;
  for (size_t k = 0; k < all.size() && next < facts.size(); ++k)
    if (!all[k].isStatic)
      divisors[k] = facts[next++];
  return result->withDivisors(std::move(divisors));
}

/// A body with scaled-basis leaves (`1@0`), read from its text (rawSymbolBody) with the
/// core notation.
FailureOr<TypeValue> parseBasisBody(AsmParser &p, BodyShape shape, llvm::SMLoc loc, StringRef body) {
  if (shape == BodyShape::Tile)
    return p.emitError(loc, "a tile's layouts have integer strides, not scaled bases (`@`)");
  FailureOr<StringRef> rest = dropValuePrefix(p, shape, loc, body);
  if (failed(rest))
    return failure();
  return parseNotationBody(p, shape, llvm::SMLoc::getFromPointer(rest->data()),
                           std::string_view(rest->data(), rest->size()));
}

/// Parses an optional `<...>` body: a rank, `rank=N`, `value=leaf`, or a value.
FailureOr<TypeValue> parseBody(AsmParser &p, BodyShape shape) {
  if (failed(p.parseOptionalLess()))
    return TypeValue::kindOnly();
  llvm::SMLoc loc = p.getCurrentLocation();
  FailureOr<StringRef> raw = rawSymbolBody(p, loc);
  if (succeeded(raw) && raw->contains("{div="))
    return parseFactsBody(p, shape, loc, *raw);
  if (succeeded(raw) && raw->contains('@'))
    return parseBasisBody(p, shape, loc, *raw);
  TypeValue result;
  int64_t rank;
  if (succeeded(p.parseOptionalKeyword("rank"))) {
    FailureOr<TypeValue> r = parseRankValue(p);
    if (failed(r))
      return failure();
    result = *r;
  } else if (succeeded(p.parseOptionalKeyword("value"))) {
    Item item;
    if (p.parseEqual() || parseAtom(p, item, 0))
      return failure();
    FailureOr<IntTuple> t = toTuple(item);
    if (failed(t) || shape != BodyShape::Tuple)
      return p.emitError(loc, "`value=` takes an integer tuple");
    result = TypeValue::ofTuple(*t);
  } else {
    // A bare integer is a rank, unless a ':' makes it the shape of a layout (8:1).
    Item item;
    OptionalParseResult r = p.parseOptionalInteger(rank);
    if (r.has_value()) {
      if (failed(*r))
        return failure();
      if (failed(p.parseOptionalColon())) {
        if (failed(checkRank(p, loc, rank)) || p.parseGreater())
          return failure();
        return TypeValue::ofRank(unsigned(rank));
      }
      item.kind = Item::Layout;
      item.kids.resize(2);
      item.kids[0].leaf = Int::fixed(rank);
      if (failed(parseAtom(p, item.kids[1], 0)))
        return failure();
    } else if (failed(parseItem(p, item, 0))) {
      return failure();
    }
    switch (shape) {
    case BodyShape::Tuple: {
      FailureOr<IntTuple> t = toTuple(item);
      if (failed(t))
        return p.emitError(loc, "expected an int tuple such as (4,?,8), not a layout");
      result = TypeValue::ofTuple(*t);
      break;
    }
    case BodyShape::Layout: {
      // shape:stride, or the spec's (shape, stride) pair.
      if (item.kind == Item::Tuple && item.kids.size() == 2 && item.kids[0].kind != Item::Layout &&
          item.kids[1].kind != Item::Layout) {
        Item pair;
        pair.kind = Item::Layout;
        pair.kids = item.kids;
        item = std::move(pair);
      }
      FailureOr<cutelayout::Layout> l = toLayout(item);
      if (failed(l))
        return p.emitError(loc, "expected a layout shape:stride with congruent shape and stride, "
                                "or a (shape, stride) pair");
      result = TypeValue::ofLayout(*l);
      break;
    }
    case BodyShape::Tile: {
      FailureOr<cutelayout::Tiler> t = toTiler(item);
      if (failed(t) || item.kind != Item::Tuple)
        return p.emitError(loc, "expected a tile such as (3:4,8:2) or (32,16)");
      result = TypeValue::ofTiler(*t);
      break;
    }
    }
  }
  if (p.parseGreater())
    return failure();
  return result;
}

FailureOr<TypeValue> parseTupleBody(AsmParser &p) { return parseBody(p, BodyShape::Tuple); }
FailureOr<TypeValue> parseLayoutBody(AsmParser &p) { return parseBody(p, BodyShape::Layout); }
FailureOr<TypeValue> parseTileBody(AsmParser &p) { return parseBody(p, BodyShape::Tile); }

/// `B,M,S`: a swizzle's parameters, checked as CuTe checks them.
FailureOr<cutelayout::Swizzle> parseSwizzleParams(AsmParser &p, llvm::SMLoc loc) {
  int64_t v[3];
  for (int i = 0; i < 3; ++i) {
    OptionalParseResult r = p.parseOptionalInteger(v[i]);
    if (!r.has_value() || failed(*r) || (i < 2 && failed(p.parseOptionalComma())))
      return p.emitError(loc, "expected a swizzle's three parameters B,M,S such as 3,4,3");
  }
  cutelayout::Expected<cutelayout::Swizzle> s = cutelayout::makeSwizzle(v[0], v[1], v[2]);
  if (!s)
    return p.emitError(loc, s.error().message);
  return *s;
}

/// `<B,M,S>`: a swizzle.
FailureOr<TypeValue> parseSwizzleBody(AsmParser &p) {
  if (failed(p.parseOptionalLess()))
    return TypeValue::kindOnly();
  llvm::SMLoc loc = p.getCurrentLocation();
  FailureOr<cutelayout::Swizzle> s = parseSwizzleParams(p, loc);
  if (failed(s) || p.parseGreater())
    return failure();
  return TypeValue::ofSwizzle(*s);
}

/// One layout item of a composed layout's text.
FailureOr<cutelayout::Layout> parseLayoutItem(AsmParser &p) {
  llvm::SMLoc loc = p.getCurrentLocation();
  Item item;
  if (failed(parseItem(p, item, 0)))
    return failure();
  FailureOr<cutelayout::Layout> l = toLayout(item);
  if (failed(l))
    return p.emitError(loc, "expected a layout shape:stride with congruent shape and stride");
  return l;
}

/// `<rank=N>`, `<N>`, or CuTe's print `A o O o B [o O2 o B2 ...]`, A `Sw<B,M,S>` or a layout.
FailureOr<TypeValue> parseComposedBody(AsmParser &p) {
  if (failed(p.parseOptionalLess()))
    return TypeValue::kindOnly();
  llvm::SMLoc loc = p.getCurrentLocation();
  int64_t rank;
  if (succeeded(p.parseOptionalKeyword("rank"))) {
    FailureOr<TypeValue> r = parseRankValue(p);
    if (failed(r) || p.parseGreater())
      return failure();
    return *r;
  }
  OptionalParseResult r = p.parseOptionalInteger(rank);
  if (r.has_value()) {
    if (failed(*r) || failed(checkRank(p, loc, rank)) || p.parseGreater())
      return failure();
    return TypeValue::ofRank(unsigned(rank));
  }
  cutelayout::OuterFunction outer;
  if (succeeded(p.parseOptionalKeyword("Sw"))) {
    if (p.parseLess())
      return failure();
    FailureOr<cutelayout::Swizzle> s = parseSwizzleParams(p, p.getCurrentLocation());
    if (failed(s) || p.parseGreater())
      return failure();
    outer = cutelayout::OuterFunction::of(*s);
  } else {
    FailureOr<cutelayout::Layout> l = parseLayoutItem(p);
    if (failed(l))
      return failure();
    outer = cutelayout::OuterFunction::of(*l);
  }
  std::optional<cutelayout::ComposedLayout> c;
  do {
    if (p.parseKeyword("o"))
      return failure();
    llvm::SMLoc offsetLoc = p.getCurrentLocation();
    Item offsetItem;
    if (failed(parseItem(p, offsetItem, 0)))
      return failure();
    FailureOr<IntTuple> offset = toTuple(offsetItem);
    if (failed(offset) || cutelayout::hasUnderscore(*offset))
      return p.emitError(offsetLoc, "expected an int tuple offset without `_`");
    if (p.parseKeyword("o"))
      return failure();
    FailureOr<cutelayout::Layout> inner = parseLayoutItem(p);
    if (failed(inner))
      return failure();
    if (c)
      outer = cutelayout::OuterFunction::of(*c);
    cutelayout::Expected<cutelayout::ComposedLayout> link =
        cutelayout::makeComposedLayout(std::move(outer), *offset, std::move(*inner));
    if (!link) // past the chain's bound (kMaxComposedChain): the functions recurse per link
      return p.emitError(offsetLoc, link.error().message);
    c = link.take();
  } while (failed(p.parseOptionalGreater()));
  return TypeValue::ofComposed(*c);
}

// --- printing ---------------------------------------------------------------------------

void printBody(AsmPrinter &p, const TypeValue &v, BodyShape shape) {
  switch (v.form()) {
  case TypeValue::Form::Kind:
    return;
  case TypeValue::Form::Rank:
    p << "<rank=" << v.rank() << ">";
    return;
  case TypeValue::Form::Value:
    break;
  }
  p << "<";
  switch (shape) {
  case BodyShape::Tuple:
    if (!v.tuple().isTuple())
      p << "value=";
    p << withFacts(cutelayout::print(v.tuple(), cutelayout::Style::Type), v);
    break;
  case BodyShape::Layout:
    p << withFacts(cutelayout::print(v.layout(), cutelayout::Style::Type), v);
    break;
  case BodyShape::Tile:
    p << cutelayout::print(v.tiler(), cutelayout::Style::Type);
    break;
  }
  p << ">";
}

void printSwizzleBody(AsmPrinter &p, const TypeValue &v) {
  if (!v.hasValue())
    return printBody(p, v, BodyShape::Tuple);
  cutelayout::Swizzle s = v.swizzle();
  p << "<" << s.bits << "," << s.base << "," << s.shift << ">";
}
void printComposedBody(AsmPrinter &p, const TypeValue &v) {
  if (!v.isComposed())
    return printBody(p, v, BodyShape::Tuple);
  p << "<" << cutelayout::print(*v.composed(), cutelayout::Style::Type) << ">";
}
void printTupleBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Tuple); }
void printLayoutBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Layout); }
void printTileBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Tile); }

// --- verification and folding -----------------------------------------------------------

template <TypeKind K> LogicalResult verifyKind(function_ref<InFlightDiagnostic()> emitError, const TypeValue &v) {
  return verifyKindValue(emitError, K, v);
}
TypeValue foldValue(const TypeValue &v) { return v; }

const KindTable kKindTables[kNumTypeKinds] = {
    /*ComposedLayout*/ {verifyKind<TypeKind::ComposedLayout>, printComposedBody, parseComposedBody, foldValue},
    /*Layout*/ {verifyKind<TypeKind::Layout>, printLayoutBody, parseLayoutBody, foldValue},
    /*Swizzle*/ {verifyKind<TypeKind::Swizzle>, printSwizzleBody, parseSwizzleBody, foldValue},
    /*Tile*/ {verifyKind<TypeKind::Tile>, printTileBody, parseTileBody, foldValue},
    /*Shape*/ {verifyKind<TypeKind::Shape>, printTupleBody, parseTupleBody, foldValue},
    /*Coord*/ {verifyKind<TypeKind::Coord>, printTupleBody, parseTupleBody, foldValue},
    /*IntTuple*/ {verifyKind<TypeKind::IntTuple>, printTupleBody, parseTupleBody, foldValue},
};

} // namespace

const KindTable &mlir::cute::kindTable(TypeKind kind) { return kKindTables[unsigned(kind)]; }

// Each type class parses, prints and verifies through its kind's row of the tables.
#define CUTE_TYPE_HOOKS(Class)                                                                                         \
  Type Class::parse(AsmParser &p) {                                                                                    \
    FailureOr<TypeValue> v = kindTable(kKind).parse(p);                                                                \
    if (failed(v))                                                                                                     \
      return Type();                                                                                                   \
    return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), *v);                                \
  }                                                                                                                    \
  void Class::print(AsmPrinter &p) const { kindTable(kKind).print(p, getValue()); }                                    \
  LogicalResult Class::verify(function_ref<InFlightDiagnostic()> emitError, TypeValue v) {                             \
    return kindTable(kKind).verify(emitError, v);                                                                      \
  }

CUTE_TYPE_HOOKS(IntTupleType)
CUTE_TYPE_HOOKS(ShapeType)
CUTE_TYPE_HOOKS(StrideType)
CUTE_TYPE_HOOKS(CoordType)
CUTE_TYPE_HOOKS(TileType)
CUTE_TYPE_HOOKS(LayoutType)
CUTE_TYPE_HOOKS(ComposedLayoutType)
CUTE_TYPE_HOOKS(SwizzleType)
#undef CUTE_TYPE_HOOKS

Type mlir::cute::withValue(Type like, const TypeValue &value) {
  MLIRContext *ctx = like.getContext();
  return llvm::TypeSwitch<Type, Type>(like)
      .Case([&](IntTupleType) { return IntTupleType::get(ctx, value); })
      .Case([&](ShapeType) { return ShapeType::get(ctx, value); })
      .Case([&](StrideType) { return StrideType::get(ctx, value); })
      .Case([&](CoordType) { return CoordType::get(ctx, value); })
      .Case([&](TileType) { return TileType::get(ctx, value); })
      .Case<LayoutType, ComposedLayoutType>([&](Type) -> Type {
        // The lifted algebra decides: a composed value is a composed layout, a plain one a layout.
        if (value.isComposed())
          return ComposedLayoutType::get(ctx, value);
        if (value.hasValue())
          return LayoutType::get(ctx, value);
        return isa<LayoutType>(like) ? Type(LayoutType::get(ctx, value)) : Type(ComposedLayoutType::get(ctx, value));
      })
      .Case([&](SwizzleType) { return SwizzleType::get(ctx, value); })
      .Default([&](Type t) { return t; });
}

namespace {
// Leaf-by-leaf agreement: static leaves must be equal, `?` matches any integer.
bool compatibleTuples(TupleView written, TupleView inferred) {
  return cutelayout::matchLeaves(written, inferred, false, [](TupleView w, TupleView i) {
    if (w.isUnderscore() || i.isUnderscore())
      return w.isUnderscore() == i.isUnderscore();
    if (!w.asInt().isStatic)
      return true;
    return i.asInt().isStatic && w.asInt().value == i.asInt().value;
  });
}
} // namespace

namespace {
bool compatibleLayouts(const cutelayout::Layout &w, const cutelayout::Layout &i) {
  return compatibleTuples(w.shape, i.shape) && compatibleTuples(w.stride, i.stride);
}

bool compatibleComposed(const cutelayout::ComposedLayout &w, const cutelayout::ComposedLayout &i) {
  if (w.outer.kind != i.outer.kind || !compatibleTuples(w.offset, i.offset) || !compatibleLayouts(w.inner, i.inner))
    return false;
  switch (w.outer.kind) {
  case cutelayout::OuterFunction::Kind::Swizzle:
    return w.outer.swizzle == i.outer.swizzle;
  case cutelayout::OuterFunction::Kind::Layout:
    return compatibleLayouts(w.outer.layout, i.outer.layout);
  case cutelayout::OuterFunction::Kind::Composed:
    return compatibleComposed(*w.outer.composed, *i.outer.composed);
  }
  return false;
}
} // namespace

namespace {
bool compatibleValues(const TypeValue &written, const TypeValue &inferred, TypeKind kind);

/// Every fact the written type states is one the inferred value proves: a runtime leaf
/// with a multiple of the fact, or a static leaf that is one.
bool factsProven(const TypeValue &written, const TypeValue &inferred) {
  if (written.divisors().empty())
    return true;
  if (!inferred.hasValue())
    return false;
  std::vector<Int> got = inferred.leaves();
  if (got.size() != written.divisors().size())
    return false;
  for (size_t k = 0; k < got.size(); ++k) {
    int64_t w = written.divisors()[k];
    if (w < 2)
      continue;
    int64_t have = got[k].isStatic ? got[k].value : inferred.divisors().empty() ? 1 : inferred.divisors()[k];
    if (have % w != 0)
      return false;
  }
  return true;
}
} // namespace

bool mlir::cute::isCompatible(const TypeValue &written, const TypeValue &inferred, TypeKind kind) {
  return compatibleValues(written, inferred, kind) && factsProven(written, inferred);
}

namespace {
bool compatibleValues(const TypeValue &written, const TypeValue &inferred, TypeKind kind) {
  // A plain layout value is never a composed layout's, nor the other way round.
  if (inferred.hasValue() && (kind == TypeKind::ComposedLayout) != inferred.isComposed() &&
      (kind == TypeKind::ComposedLayout || kind == TypeKind::Layout))
    return false;
  if (written.form() == TypeValue::Form::Kind || inferred.form() == TypeValue::Form::Kind)
    return true;
  if (kind == TypeKind::Swizzle)
    return !written.hasValue() || !inferred.hasValue() || written.swizzle() == inferred.swizzle();
  if (written.rank() != inferred.rank())
    return false;
  if (!written.hasValue() || !inferred.hasValue())
    return true;
  if (!compatibleTuples(written.tuple(), inferred.tuple()))
    return false;
  if (kind == TypeKind::ComposedLayout)
    return compatibleComposed(*written.composed(), *inferred.composed());
  if (kind == TypeKind::Layout || kind == TypeKind::Tile)
    return compatibleTuples(written.layout().stride, inferred.layout().stride);
  return true;
}
} // namespace

// --- rules and limits -------------------------------------------------------------------

namespace {
/// The first static leaf of t below `least`, if any.
std::optional<int64_t> leafBelow(TupleView t, int64_t least) {
  const cutelayout::Node *n = t.nodes();
  for (uint32_t i = 0; i < t.span(); ++i)
    if (n[i].kind == cutelayout::NodeKind::Int && n[i].isStatic && n[i].value < least)
      return n[i].value;
  return std::nullopt;
}

/// Depth and widest level of a tree, without recursion (inferred values may be deep).
bool withinLimits(TupleView t) {
  // Preorder nodes: track the open tuples' remaining spans on a small stack.
  const cutelayout::Node *n = t.nodes();
  uint32_t total = t.span();
  SmallVector<uint32_t, 16> ends; // node index where each open tuple ends
  for (uint32_t i = 0; i < total; ++i) {
    while (!ends.empty() && ends.back() <= i)
      ends.pop_back();
    if (n[i].kind == cutelayout::NodeKind::Tuple) {
      if (uint64_t(n[i].value) > kMaxRank)
        return false;
      ends.push_back(i + n[i].span);
      if (ends.size() > kMaxTypeDepth)
        return false;
    }
  }
  return true;
}
} // namespace

bool mlir::cute::isRepresentable(const TypeValue &v) {
  switch (v.form()) {
  case TypeValue::Form::Kind:
    return true;
  case TypeValue::Form::Rank:
    return v.rank() <= kMaxRank;
  case TypeValue::Form::Value:
    break;
  }
  if (const cutelayout::ComposedLayout *c = v.composed())
    for (const cutelayout::ComposedLayout *part = c; part;) {
      if (!withinLimits(part->offset) || !withinLimits(part->inner.shape) || !withinLimits(part->inner.stride))
        return false;
      const cutelayout::OuterFunction &outer = part->outer;
      if (outer.kind == cutelayout::OuterFunction::Kind::Layout &&
          (!withinLimits(outer.layout.shape) || !withinLimits(outer.layout.stride)))
        return false;
      part = outer.kind == cutelayout::OuterFunction::Kind::Composed ? outer.composed.get() : nullptr;
    }
  return withinLimits(v.tuple()) && withinLimits(v.layout().stride) && withinLimits(v.tiler().profile);
}

std::string mlir::cute::kindValueViolation(TypeKind kind, const TypeValue &v) {
  if (v.form() == TypeValue::Form::Rank && v.rank() > kMaxRank)
    return "a cute type's rank is at most " + std::to_string(kMaxRank) + ", got " + std::to_string(v.rank());
  if (!v.hasValue())
    return "";
  auto text = [](TupleView t) { return cutelayout::print(t, cutelayout::Style::Type); };
  switch (kind) {
  case TypeKind::Shape:
  case TypeKind::IntTuple:
    if (cutelayout::hasUnderscore(v.tuple()))
      return "only coordinates may contain `_`, got " + text(v.tuple());
    if (kind == TypeKind::Shape)
      if (std::optional<int64_t> bad = leafBelow(v.tuple(), 0))
        return "shape " + text(v.tuple()) + " has the negative extent " + std::to_string(*bad) +
               "; extents are at least 0";
    return "";
  case TypeKind::ComposedLayout:
  case TypeKind::Layout:
  case TypeKind::Tile:
    if (std::optional<int64_t> bad = leafBelow(v.layout().shape, 1))
      return std::string(kind == TypeKind::Tile ? "tile " + cutelayout::print(v.tiler(), cutelayout::Style::Type)
                                                : "layout " + cutelayout::print(v.layout(), cutelayout::Style::Type)) +
             " has the extent " + std::to_string(*bad) + "; layout extents are positive";
    return "";
  default:
    return "";
  }
}

LogicalResult mlir::cute::verifyKindValue(function_ref<InFlightDiagnostic()> emitError, TypeKind kind,
                                          const TypeValue &v) {
  std::string why = kindValueViolation(kind, v);
  if (why.empty())
    return success();
  return emitError() << why;
}
