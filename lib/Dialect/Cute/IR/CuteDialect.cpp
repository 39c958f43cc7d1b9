#include "cute/Dialect/Cute/IR/CuteDialect.h"

#include "cute/Dialect/Cute/IR/CuteAttrs.h"
#include "cute/Dialect/Cute/IR/CuteOps.h"
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/Dialect/Cute/IR/CuteDialect.cpp.inc"

void CuteDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "cute/Dialect/Cute/IR/CuteOps.cpp.inc"
      >();
}

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  StringRef mnemonic;
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type generated; // the atom types' syntax is ODS's; it reads the mnemonic first
  if (OptionalParseResult r = parseGeneratedType(parser, mnemonic, generated); r.has_value())
    return succeeded(*r) ? generated : Type();
  if (mnemonic == IntTupleType::getMnemonic())
    return IntTupleType::parse(parser);
  if (mnemonic == ShapeType::getMnemonic())
    return ShapeType::parse(parser);
  if (mnemonic == StrideType::getMnemonic())
    return StrideType::parse(parser);
  if (mnemonic == CoordType::getMnemonic())
    return CoordType::parse(parser);
  if (mnemonic == TileType::getMnemonic() || mnemonic == "tiler")
    return TileType::parse(parser);
  if (mnemonic == LayoutType::getMnemonic())
    return LayoutType::parse(parser);
  if (mnemonic == ComposedLayoutType::getMnemonic())
    return ComposedLayoutType::parse(parser);
  if (mnemonic == SwizzleType::getMnemonic())
    return SwizzleType::parse(parser);
  if (mnemonic == PtrType::getMnemonic())
    return PtrType::parse(parser);
  if (mnemonic == CuteMemRefType::getMnemonic())
    return CuteMemRefType::parse(parser);
  if (mnemonic == CoordTensorType::getMnemonic())
    return CoordTensorType::parse(parser);
  parser.emitError(loc, "unknown cute type '") << mnemonic << "'";
  return Type();
}

void CuteDialect::printType(Type type, DialectAsmPrinter &printer) const {
  llvm::TypeSwitch<Type>(type)
      .Case<IntTupleType, ShapeType, StrideType, CoordType, TileType, LayoutType, ComposedLayoutType, SwizzleType,
            PtrType, CuteMemRefType, CoordTensorType>([&](auto t) {
        printer << t.getMnemonic();
        t.print(printer);
      })
      .Default([&](Type t) { (void)printGeneratedType(t, printer); });
}

Operation *CuteDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (auto typeAttr = dyn_cast<TypeAttr>(value)) {
    if (!isa<CuteTypeInterface>(type))
      return nullptr;
    auto op = ConstantOp::create(builder, loc, type, typeAttr.getValue() == type ? TypeAttr() : typeAttr);
    return op;
  }
  if (auto intAttr = dyn_cast<IntegerAttr>(value); intAttr && type.isIndex())
    return arith::ConstantIndexOp::create(builder, loc, intAttr.getInt());
  if (auto intAttr = dyn_cast<IntegerAttr>(value); intAttr && type.isInteger(1)) // equal, elem_less
    return arith::ConstantOp::create(builder, loc, type, intAttr);
  return nullptr;
}
