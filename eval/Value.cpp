#include "Value.h"

namespace cutelayout::cli {

std::string printValue(const Value &v, Style style) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    return print(v.tuple, style);
  case Value::Kind::Layout:
    return print(v.layout, style);
  case Value::Kind::Tile:
    return print(v.tile(), style);
  case Value::Kind::Name:
    return v.name;
  case Value::Kind::Swizzle:
    return print(v.swizzle);
  case Value::Kind::Composed:
    return print(*v.composed(), style);
  case Value::Kind::Tensor:
    return print(*v.tensor(), style);
  case Value::Kind::Iterator:
    return print(v.tensor()->iterator, style);
  case Value::Kind::MmaAtom:
    return print(v.mma()->atom, style);
  case Value::Kind::TiledMma:
    return print(*v.mma(), style);
  case Value::Kind::CopyAtom:
    return print(v.copy()->atom, style);
  case Value::Kind::TiledCopy:
    return print(*v.copy(), style);
  }
  return "";
}

size_t printBound(const Value &v) {
  if (v.kind == Value::Kind::Tuple)
    return printRoom(v.tuple);
  if (v.kind == Value::Kind::Layout)
    return printRoom(v.layout);
  return 0;
}

char *printValueTo(char *p, const Value &v, Style style) {
  return v.kind == Value::Kind::Tuple ? printTo(p, v.tuple, style) : printTo(p, v.layout, style);
}

std::string describe(const Value &v) {
  switch (v.kind) {
  case Value::Kind::MmaAtom:
    return "MMA_Atom<" + v.mma()->atom.name + ">";
  case Value::Kind::TiledMma:
    return "TiledMMA<MMA_Atom<" + v.mma()->atom.name + ">, " + print(v.mma()->thrLayoutVMNK) + ">";
  case Value::Kind::CopyAtom:
    return "Copy_Atom<" + v.copy()->atom.name + ", " + std::to_string(v.copy()->atom.valueBits) + "b>";
  case Value::Kind::TiledCopy:
    return "TiledCopy<Copy_Atom<" + v.copy()->atom.name + ", " + std::to_string(v.copy()->atom.valueBits) + "b>, " +
           print(v.copy()->layoutTV) + ">";
  default:
    return printValue(v, Style::Plain);
  }
}

const char *kindName(Value::Kind k) {
  switch (k) {
  case Value::Kind::Tuple:
    return "an int tuple";
  case Value::Kind::Layout:
    return "a layout";
  case Value::Kind::Tile:
    return "a tile";
  case Value::Kind::Name:
    return "a name";
  case Value::Kind::Swizzle:
    return "a swizzle";
  case Value::Kind::Composed:
    return "a composed layout";
  case Value::Kind::Tensor:
    return "a tensor";
  case Value::Kind::Iterator:
    return "an iterator";
  case Value::Kind::MmaAtom:
    return "an MMA atom";
  case Value::Kind::TiledMma:
    return "a tiled MMA";
  case Value::Kind::CopyAtom:
    return "a copy atom";
  case Value::Kind::TiledCopy:
    return "a tiled copy";
  }
  return "a value";
}

} // namespace cutelayout::cli
