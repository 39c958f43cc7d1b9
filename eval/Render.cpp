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
  case View::BankSvg:
  case View::Latex: {
    Expected<std::string> picture = view == View::Latex ? printLatex(v)
                                    : view == View::Svg ? printSvg(v, nullptr)
                                                        : printSvg(v, &banks);
    if (!picture)
      return makeError((view == View::Latex ? "--latex: " : "--svg: ") + picture.error().message);
    return picture;
  }
  case View::Banks:
  case View::BankJson: {
    BankReport r = CL_TRY(bankConflicts(v, banks, style));
    return view == View::Banks ? printBanks(r) : printBankJson(r);
  }
  case View::Table:
    break;
  }
  if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Composed)
    return makeError("--table needs a layout or a composed layout but the result is " + printValue(v, style));
  if (v.notCongruent) // printable, but it has no offsets to show
    return makeError("--table needs a layout whose shape and stride are congruent, got " + printValue(v, style));
  return v.kind == Value::Kind::Composed ? printTable(*v.composed(), style) : printTable(v.layout, style);
}

} // namespace cutelayout::cli
