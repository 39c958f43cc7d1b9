#include "Arguments.h"

#include <map>
#include <string>

namespace cutelayout::cli {

/// The width in bits of a CuTe element type name (cute::half_t and cutlass::half_t name
/// the same type), or 0 for a name that is not one.
int64_t typeBits(std::string_view name) {
  static const std::map<std::string, int64_t, std::less<>> widths = {
      {"uint1_t", 1},     {"uint1b_t", 1},    {"bin1_t", 1},     {"uint2_t", 2},      {"int2_t", 2},
      {"uint2b_t", 2},    {"int2b_t", 2},     {"uint4_t", 4},    {"int4_t", 4},       {"uint4b_t", 4},
      {"int4b_t", 4},     {"uint8_t", 8},     {"int8_t", 8},     {"float_e4m3_t", 8}, {"float_e5m2_t", 8},
      {"half_t", 16},     {"bfloat16_t", 16}, {"uint16_t", 16},  {"int16_t", 16},     {"float", 32},
      {"tfloat32_t", 32}, {"uint32_t", 32},   {"int32_t", 32},   {"int", 32},         {"double", 64},
      {"uint64_t", 64},   {"int64_t", 64},    {"uint128_t", 128}};
  size_t colon = name.rfind(':');
  auto it = widths.find(colon == std::string_view::npos ? name : name.substr(colon + 1));
  return it == widths.end() ? 0 : it->second;
}

Expected<int64_t> elementBits(const Value &v) {
  if (v.kind == Value::Kind::Tuple && v.tuple.isInt())
    return v.tuple.asInt().value;
  if (v.kind == Value::Kind::Name && typeBits(v.name) > 0)
    return typeBits(v.name);
  return makeError("expected an element bit width or type name but got " + printValue(v, Style::Plain));
}

Expected<const Layout *> plainLayout(const Value &v, size_t i) {
  if (v.kind != Value::Kind::Layout || v.notCongruent)
    return makeError("argument " + std::to_string(i + 1) + " must be a layout but is " + kindName(v.kind) + " " +
                     describe(v));
  return &v.layout;
}

Error noOverloadFor(std::string_view name, ValueRefs args, bool (*special)(const Value &), size_t from) {
  for (size_t i = from; i < args.size(); ++i)
    if (special(args[i]))
      return makeError("argument " + std::to_string(i + 1) + " is " + kindName(args[i].kind) + " " + describe(args[i]) +
                       ", which CuTe's " + std::string(name) + " does not take");
  return makeError(std::string(name) + ": no overload for these arguments");
}

Error tupleElementError(std::string_view name, ValueRefs args, bool (*special)(const Value &)) {
  for (size_t i = 0; i < args.size(); ++i)
    if (special(args[i]))
      return makeError("argument " + std::to_string(i + 1) + " is " + kindName(args[i].kind) + " " + describe(args[i]) +
                       ", which CuTe's " + std::string(name) + " makes an element of a plain tuple, no value here" +
                       (name == "append" && i == 0 && args[i].kind == Value::Kind::Composed
                            ? " (CuTe pads a composed layout's inner layout as append<N>(C, x))"
                            : ""));
  return noOverloadFor(name, args, special);
}

Expected<Layout> layoutOrShape(const Value &v) {
  if (v.kind == Value::Kind::Tuple && !hasUnderscore(v.tuple))
    return makeLayout(v.tuple);
  if (v.kind == Value::Kind::Layout)
    return v.layout;
  return makeError(std::string("expected a layout but got ") + kindName(v.kind));
}

Expected<Tiler> asTiler(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Layout:
    if (v.notCongruent)
      return makeError("shape " + print(v.layout.shape) + " and stride " + print(v.layout.stride) +
                       " are not congruent (CuTe prints such a make_layout, but no operation is defined on it)");
    return tilerFromLayout(v.layout);
  case Value::Kind::Tuple:
    return tilerFromShape(v.tuple);
  case Value::Kind::Tile:
    return v.tile();
  case Value::Kind::Name:
    if (v.name == "X")
      return underscoreTiler();
    break;
  case Value::Kind::Swizzle:
  case Value::Kind::Composed:
  case Value::Kind::Tensor:
  case Value::Kind::Iterator:
  case Value::Kind::MmaAtom:
  case Value::Kind::TiledMma:
  case Value::Kind::CopyAtom:
  case Value::Kind::TiledCopy:
    break;
  }
  return makeError("expected a tiler (a layout, shape, tile or `_`) but got " + printValue(v, Style::Plain));
}

} // namespace cutelayout::cli
