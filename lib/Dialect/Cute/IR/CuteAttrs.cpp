// The descriptor attribute: its text is read by the core's descriptor parser, never by
// MLIR's lexer, which takes `@0` for a malformed symbol reference.
#include "cute/Dialect/Cute/IR/CuteAttrs.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"

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
  // Attributes reach here only through CuteDialect::parseAttribute: a DialectAsmParser, whose
  // full spec is `descriptor<...>`. MLIR resets its lexer past the spec afterwards, so the
  // raw body is read without consuming its tokens.
  StringRef spec = static_cast<DialectAsmParser &>(p).getFullSymbolSpec();
  size_t open = spec.find('<');
  if (open == StringRef::npos || !spec.ends_with(">")) {
    p.emitError(loc, "expected `<` descriptor `>` after cute.descriptor");
    return {};
  }
  StringRef body = spec.slice(open + 1, spec.size() - 1);
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

void DescriptorAttr::print(AsmPrinter &printer) const {
  printer << "<" << cutelayout::print(getValue()) << ">";
}
