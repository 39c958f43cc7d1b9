// The one call-like syntax of cute ops. Accepted (the spec spells ops all these ways):
//   %r = cute.op(%a, %b) {attrs} : (A, B) -> R      canonical, what the printer emits
//   %r = cute.op [%a, %b] : (A, B) -> R
//   %r = cute.op %a, %b : A, B -> R
//   %r = cute.op %a, %b : R                         operand types are the op's defaults
#include "cute/Dialect/Cute/IR/CuteOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::cute;

namespace {

enum class Defaults { Index, ShapeStride, Shape, ShapeOrder, CoordLayout, IndexShape, ResultKind, None };

Defaults defaultsOf(StringRef name) {
  return llvm::StringSwitch<Defaults>(name)
      .Cases({"cute.make_int_tuple", "cute.make_shape", "cute.make_stride", "cute.make_coord",
              "cute.make_tuple", "cute.make_tile"},
             Defaults::Index)
      .Cases({"cute.make_layout", "cute.make_layout_raw"}, Defaults::ShapeStride)
      .Case("cute.make_identity_layout", Defaults::Shape)
      .Case("cute.make_ordered_layout", Defaults::ShapeOrder)
      .Case("cute.crd2idx", Defaults::CoordLayout)
      .Case("cute.idx2crd", Defaults::IndexShape)
      .Cases({"cute.tuple_add", "cute.tuple_sub", "cute.tuple_mul", "cute.tuple_div", "cute.tuple_mod",
              "cute.shape_div", "cute.ceil_div"},
             Defaults::ResultKind)
      .Default(Defaults::None);
}

/// The operand types of `cute.op %a, %b : R`, where only the result type is written.
FailureOr<SmallVector<Type>> defaultOperandTypes(OpAsmParser &parser, StringRef name, size_t count,
                                                 Type resultType) {
  MLIRContext *ctx = parser.getContext();
  TypeValue any = TypeValue::kindOnly();
  SmallVector<Type> types;
  auto pick = [&](ArrayRef<Type> pattern) {
    for (size_t i = 0; i < count; ++i)
      types.push_back(pattern[std::min(i, pattern.size() - 1)]);
  };
  switch (defaultsOf(name)) {
  case Defaults::Index:
    pick({IndexType::get(ctx)});
    break;
  case Defaults::ShapeStride:
    pick({ShapeType::get(ctx, any), StrideType::get(ctx, any)});
    break;
  case Defaults::Shape:
    pick({ShapeType::get(ctx, any)});
    break;
  case Defaults::ShapeOrder:
    pick({ShapeType::get(ctx, any), IntTupleType::get(ctx, any)});
    break;
  case Defaults::CoordLayout:
    pick({CoordType::get(ctx, any), LayoutType::get(ctx, any)});
    break;
  case Defaults::IndexShape:
    pick({IndexType::get(ctx), ShapeType::get(ctx, any)});
    break;
  case Defaults::ResultKind:
    pick({withValue(resultType, any)});
    break;
  case Defaults::None:
    if (count == 0)
      break;
    return parser.emitError(parser.getCurrentLocation(),
                            "'" + name + "' needs its operand types: write `: (types) -> result`");
  }
  return types;
}

} // namespace

ParseResult mlir::cute::parseCuteCall(OpAsmParser &parser, OperationState &result, StringRef opName) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parser.parseOperandList(operands) || parser.parseRSquare())
      return failure();
  } else if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(operands) || parser.parseRParen())
      return failure();
  } else if (parser.parseOperandList(operands)) {
    return failure();
  }
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  SmallVector<Type> operandTypes;
  Type resultType;
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseTypeList(operandTypes) || parser.parseRParen())
        return failure();
    }
    if (parser.parseArrow() || parser.parseType(resultType))
      return failure();
  } else {
    if (parser.parseTypeList(operandTypes))
      return failure();
    if (succeeded(parser.parseOptionalArrow())) {
      if (parser.parseType(resultType))
        return failure();
    } else if (operandTypes.size() == 1) {
      resultType = operandTypes.pop_back_val();
      FailureOr<SmallVector<Type>> defaults =
          defaultOperandTypes(parser, opName, operands.size(), resultType);
      if (failed(defaults))
        return failure();
      operandTypes = *defaults;
    } else {
      return parser.emitError(parser.getCurrentLocation(), "expected '->' and the result type");
    }
  }
  if (operandTypes.size() != operands.size())
    return parser.emitError(operandsLoc, "expected ")
           << operands.size() << " operand types but got " << operandTypes.size();
  if (parser.resolveOperands(operands, operandTypes, operandsLoc, result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void mlir::cute::printCuteCall(OpAsmPrinter &p, Operation *op) {
  if (op->getNumOperands() > 0) {
    p << "(";
    p.printOperands(op->getOperands());
    p << ")";
  }
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  if (op->getNumOperands() > 0) {
    p << "(";
    llvm::interleaveComma(op->getOperandTypes(), p);
    p << ") -> ";
  }
  p << op->getResult(0).getType();
}
