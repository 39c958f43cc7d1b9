// Type values, the per-kind tables (verify, print, parse, fold) and type syntax:
//
//   !cute.shape                    the kind only
//   !cute.shape<3>, <rank=3>       the rank only (canonical: rank=3)
//   !cute.shape<(4,?,8)>           the value: static integers, `?` dynamic, `_` in coords
//   !cute.int_tuple<value=8>       a scalar value (a bare integer means a rank)
//   !cute.layout<(4,8):(1,4)>      a layout; the pair form <((4,8),(1,4))> is accepted
//   !cute.tile<(3:4,8:2)>          a tile, CuTe's print of make_tile; `!cute.tiler` too
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"

#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"

#include "llvm/ADT/TypeSwitch.h"

#include <memory>
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

void CuteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/Cute/IR/CuteTypes.cpp.inc"
      >();
}

// --- TypeValue --------------------------------------------------------------------------

IntTuple mlir::cute::normalizeDynamic(TupleView t) {
  return cutelayout::mapLeaves(t, [](Int x) { return x.isStatic ? x : Int::dynamic(cutelayout::kUnknownDynamic); });
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

bool TypeValue::isStatic() const {
  return form_ == Form::Value && cutelayout::isStatic(first_) && cutelayout::isStatic(second_);
}

StringRef mlir::cute::kindName(TypeKind kind) {
  static const char *names[kNumTypeKinds] = {"ComposedLayout", "Layout", "Swizzle", "Tile",
                                             "Shape",          "Coord",  "IntTuple"};
  return names[unsigned(kind)];
}

// --- parsing ----------------------------------------------------------------------------

namespace {

constexpr int kMaxTypeDepth = 64;

/// A parsed body item before it is known to be a tuple, a layout or a tile:
///   item := atom [':' atom]     atom := leaf | '(' [item (',' item)*] ')'
struct Item {
  enum Kind { Leaf, Under, Tuple, Layout } kind = Leaf;
  Int leaf;
  std::vector<Item> kids; // Tuple: elements; Layout: shape and stride
};

ParseResult parseItem(AsmParser &p, Item &out, int depth);

ParseResult parseAtom(AsmParser &p, Item &out, int depth) {
  if (depth > kMaxTypeDepth)
    return p.emitError(p.getCurrentLocation(), "cute type nested deeper than ") << kMaxTypeDepth << " levels";
  if (succeeded(p.parseOptionalLParen())) {
    out.kind = Item::Tuple;
    if (succeeded(p.parseOptionalRParen()))
      return success();
    do {
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
    if (keyword.size() > 1 && keyword[0] == '_' && !keyword.drop_front().getAsInteger(10, v)) {
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

/// Parses an optional `<...>` body: a rank, `rank=N`, `value=leaf`, or a value.
FailureOr<TypeValue> parseBody(AsmParser &p, BodyShape shape) {
  if (failed(p.parseOptionalLess()))
    return TypeValue::kindOnly();
  llvm::SMLoc loc = p.getCurrentLocation();
  TypeValue result;
  int64_t rank;
  if (succeeded(p.parseOptionalKeyword("rank"))) {
    if (p.parseEqual() || p.parseInteger(rank))
      return failure();
    if (rank < 0)
      return p.emitError(loc, "a cute type's rank cannot be negative");
    result = TypeValue::ofRank(unsigned(rank));
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
        if (rank < 0)
          return p.emitError(loc, "a cute type's rank cannot be negative");
        if (p.parseGreater())
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
FailureOr<TypeValue> parseRankBody(AsmParser &p) {
  llvm::SMLoc loc = p.getCurrentLocation();
  FailureOr<TypeValue> v = parseBody(p, BodyShape::Tuple);
  if (succeeded(v) && v->hasValue())
    return p.emitError(loc, "this cute type carries only a rank until the swizzle issue");
  return v;
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
    p << cutelayout::print(v.tuple(), cutelayout::Style::Type);
    break;
  case BodyShape::Layout:
    p << cutelayout::print(v.layout(), cutelayout::Style::Type);
    break;
  case BodyShape::Tile:
    p << cutelayout::print(v.tiler(), cutelayout::Style::Type);
    break;
  }
  p << ">";
}

void printTupleBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Tuple); }
void printLayoutBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Layout); }
void printTileBody(AsmPrinter &p, const TypeValue &v) { printBody(p, v, BodyShape::Tile); }

// --- verification and folding -----------------------------------------------------------

LogicalResult verifyNoUnderscore(function_ref<InFlightDiagnostic()> emitError, const TypeValue &v) {
  if (v.hasValue() && cutelayout::hasUnderscore(v.tuple()))
    return emitError() << "only coordinates may contain `_`, got "
                       << cutelayout::print(v.tuple(), cutelayout::Style::Type);
  return success();
}
LogicalResult verifyAny(function_ref<InFlightDiagnostic()>, const TypeValue &) { return success(); }
TypeValue foldValue(const TypeValue &v) { return v; }

const KindTable kKindTables[kNumTypeKinds] = {
    /*ComposedLayout*/ {verifyAny, printTupleBody, parseRankBody, foldValue},
    /*Layout*/ {verifyAny, printLayoutBody, parseLayoutBody, foldValue},
    /*Swizzle*/ {verifyAny, printTupleBody, parseRankBody, foldValue},
    /*Tile*/ {verifyAny, printTileBody, parseTileBody, foldValue},
    /*Shape*/ {verifyNoUnderscore, printTupleBody, parseTupleBody, foldValue},
    /*Coord*/ {verifyAny, printTupleBody, parseTupleBody, foldValue},
    /*IntTuple*/ {verifyNoUnderscore, printTupleBody, parseTupleBody, foldValue},
};

} // namespace

const KindTable &mlir::cute::kindTable(TypeKind kind) { return kKindTables[unsigned(kind)]; }

// Each type class parses, prints and verifies through its kind's row of the tables.
#define CUTE_TYPE_HOOKS(Class)                                                                 \
  Type Class::parse(AsmParser &p) {                                                            \
    FailureOr<TypeValue> v = kindTable(kKind).parse(p);                                        \
    if (failed(v))                                                                             \
      return Type();                                                                           \
    return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), *v);        \
  }                                                                                            \
  void Class::print(AsmPrinter &p) const { kindTable(kKind).print(p, getValue()); }            \
  LogicalResult Class::verify(function_ref<InFlightDiagnostic()> emitError, TypeValue v) {       \
    return kindTable(kKind).verify(emitError, v);                                              \
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
      .Case([&](LayoutType) { return LayoutType::get(ctx, value); })
      .Default([&](Type t) { return t; });
}

namespace {
// Leaf-by-leaf agreement: static leaves must be equal, `?` matches any integer.
bool compatibleTuples(TupleView written, TupleView inferred) {
  return cutelayout::matchLeaves(written, inferred, false, [](TupleView w, TupleView i) {
    if (w.isUnderscore() || i.isUnderscore())
      return w.isUnderscore() == i.isUnderscore();
    return !w.asInt().isStatic || !i.asInt().isStatic || w.asInt().value == i.asInt().value;
  });
}
} // namespace

bool mlir::cute::isCompatible(const TypeValue &written, const TypeValue &inferred, TypeKind kind) {
  if (written.form() == TypeValue::Form::Kind || inferred.form() == TypeValue::Form::Kind)
    return true;
  if (written.rank() != inferred.rank())
    return false;
  if (!written.hasValue() || !inferred.hasValue())
    return true;
  if (!compatibleTuples(written.tuple(), inferred.tuple()))
    return false;
  if (kind == TypeKind::Layout || kind == TypeKind::Tile)
    return compatibleTuples(written.layout().stride, inferred.layout().stride);
  return true;
}
