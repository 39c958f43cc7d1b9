// The descriptor attribute: its text is read by the core's descriptor parser, never by
// MLIR's lexer, which takes `@0` for a malformed symbol reference.
#include "cute/Dialect/Cute/IR/CuteAttrs.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteAttrs.cpp.inc"

void CuteDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute/Dialect/Cute/IR/CuteAttrs.cpp.inc"
      >();
}

Attribute DescriptorAttr::parse(AsmParser &p, Type) {
  llvm::SMLoc loc = p.getCurrentLocation();
  FailureOr<StringRef> raw = rawSymbolBody(p, loc);
  if (failed(raw))
    return {};
  StringRef body = *raw;
  std::string text;
  if (body.ltrim().starts_with("\"")) { // the string form: MLIR's string token
    if (p.parseLess() || p.parseString(&text) || p.parseGreater())
      return {};
  } else {
    text = body.str();
  }
  cutelayout::Expected<cutelayout::LayoutDescriptor> d = cutelayout::parseDescriptor(text);
  if (!d) {
    p.emitError(loc) << d.error().message;
    return {};
  }
  return DescriptorAttr::get(p.getContext(), *d);
}

void DescriptorAttr::print(AsmPrinter &printer) const { printer << "<" << cutelayout::print(getValue()) << ">"; }
