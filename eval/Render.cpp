// The views of a value (Render.h).
#include "Render.h"

#include "Svg.h"
#include "Table.h"

namespace cutelayout::cli {

Expected<std::string> render(const Value &v, View view, Style style, const BankOptions &banks) {
  switch (view) {
  case View::Print:
    return printValue(v, style);
  case View::Svg:
  case View::Latex: {
    Expected<std::string> picture = view == View::Svg ? printSvg(v) : printLatex(v);
    if (!picture)
      return makeError((view == View::Svg ? "--svg: " : "--latex: ") + picture.error().message);
    return picture;
  }
  case View::Table:
  case View::Banks:
    break;
  }
  const char *name = view == View::Table ? "--table" : "--banks";
  if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Composed)
    return makeError(std::string(name) + " needs a layout or a composed layout but the result is " +
                     printValue(v, style));
  if (v.notCongruent) // printable, but it has no offsets to show
    return makeError(std::string(name) + " needs a layout whose shape and stride are congruent, got " +
                     printValue(v, style));
  bool composed = v.kind == Value::Kind::Composed;
  if (view == View::Table)
    return composed ? printTable(*v.composed(), style) : printTable(v.layout, style);
  return composed ? printBanks(*v.composed(), banks, style) : printBanks(v.layout, banks, style);
}

} // namespace cutelayout::cli
