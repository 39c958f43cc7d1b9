// The one call-like syntax of cute ops. Accepted (the spec spells ops all these ways):
//   %r = cute.op(%a, %b) {attrs} : (A, B) -> R      canonical, what the printer emits
//   %r = cute.op [%a, %b] : (A, B) -> R
//   %r = cute.op %a, %b : A, B -> R
//   %r = cute.op %a, %b : R                         operand types are the op's defaults
//   %r = cute.op(%a, %b) : (A, B)                   the result type is inferred
#include "CuteInference.h"
#include "cute/Dialect/Cute/IR/CuteOps.h"
#include "cutelayout/Basis.h"

#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlir::cute;

namespace {

enum class Defaults { Index, ShapeStride, Shape, ShapeOrder, CoordLayout, IndexShape, ResultKind, None };

Defaults defaultsOf(StringRef name) {
  return llvm::StringSwitch<Defaults>(name)
      .Cases({"cute.make_int_tuple", "cute.make_shape", "cute.make_stride", "cute.make_coord", "cute.make_tuple",
              "cute.make_tile"},
             Defaults::Index)
      .Cases({"cute.make_layout", "cute.make_layout_raw"}, Defaults::ShapeStride)
      .Cases({"cute.make_identity_layout", "cute.make_identity_tensor"}, Defaults::Shape)
      .Case("cute.make_ordered_layout", Defaults::ShapeOrder)
      .Case("cute.crd2idx", Defaults::CoordLayout)
      .Case("cute.idx2crd", Defaults::IndexShape)
      .Cases({"cute.tuple_add", "cute.tuple_sub", "cute.tuple_mul", "cute.tuple_div", "cute.tuple_mod",
              "cute.shape_div", "cute.ceil_div"},
             Defaults::ResultKind)
      .Default(Defaults::None);
}

/// The operand types of `cute.op %a, %b : R`, where only the result type is written.
FailureOr<SmallVector<Type>> defaultOperandTypes(OpAsmParser &parser, StringRef name, size_t count, Type resultType) {
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

/// A kind-only result of the op's result kind, for inferring the result type: the kind
/// its result always has, or the first operand's for ops whose result is the input's kind.
/// (A layout stands for "layout or composed layout": inference picks.)
FailureOr<Type> placeholderResult(OpAsmParser &parser, StringRef name, ArrayRef<Type> operandTypes, llvm::SMLoc loc) {
  MLIRContext *ctx = parser.getContext();
  TypeValue any = TypeValue::kindOnly();
  auto inputKind = [&]() -> FailureOr<Type> {
    if (!operandTypes.empty() && isa<CuteTypeInterface>(operandTypes[0]))
      return withValue(operandTypes[0], any);
    if (!operandTypes.empty() && isa<CuteMemRefType>(operandTypes[0])) // a view's layout (or view)
      return withValue(cast<CuteMemRefType>(operandTypes[0]).getLayout(), any);
    if (!operandTypes.empty() && isa<CoordTensorType>(operandTypes[0]))
      return withValue(cast<CoordTensorType>(operandTypes[0]).getLayout(), any);
    return parser.emitError(loc, "needs a cute operand to infer its result type");
  };
  return llvm::StringSwitch<std::function<FailureOr<Type>()>>(name)
      .Cases({"cute.make_int_tuple", "cute.make_tuple", "cute.to_int_tuple", "cute.get_offset"},
             [&] { return Type(IntTupleType::get(ctx, any)); })
      .Cases({"cute.make_shape", "cute.get_shape", "cute.to_shape"}, [&] { return Type(ShapeType::get(ctx, any)); })
      .Cases({"cute.make_stride", "cute.get_stride", "cute.to_stride", "cute.compact_col_major",
              "cute.compact_row_major", "cute.compact_major"},
             [&] { return Type(StrideType::get(ctx, any)); })
      .Cases({"cute.make_coord", "cute.idx2crd", "cute.to_coord"}, [&] { return Type(CoordType::get(ctx, any)); })
      .Case("cute.get_outer",
            [&]() -> FailureOr<Type> {
              // The outer function's kind, when the operand's type holds it.
              auto c = operandTypes.empty() ? ComposedLayoutType() : dyn_cast<ComposedLayoutType>(operandTypes[0]);
              const cutelayout::ComposedLayout *v = c ? c.getTypeValue().composed() : nullptr;
              if (!v)
                return parser.emitError(loc, "needs its result type unless the operand's type holds its value");
              if (v->outer.isSwizzle())
                return Type(SwizzleType::get(ctx, any));
              if (v->outer.kind == cutelayout::OuterFunction::Kind::Layout)
                return Type(LayoutType::get(ctx, any));
              return Type(ComposedLayoutType::get(ctx, any));
            })
      .Case("cute.make_tile", [&] { return Type(TileType::get(ctx, any)); })
      .Case("cute.make_composed_layout", [&] { return Type(ComposedLayoutType::get(ctx, any)); })
      .Cases({"cute.make_swizzle", "cute.get_swizzle_portion"}, [&] { return Type(SwizzleType::get(ctx, any)); })
      .Cases({"cute.equal", "cute.elem_less"}, [&] { return Type(IntegerType::get(ctx, 1)); })
      .Case("cute.get",
            [&]() -> FailureOr<Type> { // a tile's element is a layout
              if (!operandTypes.empty() && isa<TileType>(operandTypes[0]))
                return Type(LayoutType::get(ctx, any));
              return inputKind();
            })
      .Cases({"cute.slice", "cute.dice"},
             [&]() -> FailureOr<Type> { // the kind of the sliced operand
               if (operandTypes.size() == 2 && isa<CuteTypeInterface>(operandTypes[1]) &&
                   !isa<ComposedLayoutType>(operandTypes[1]))
                 return withValue(operandTypes[1], any);
               return Type(LayoutType::get(ctx, any));
             })
      .Cases({"cute.size", "cute.cosize", "cute.rank", "cute.depth", "cute.max_common_vector"},
             [&] { return Type(IndexType::get(ctx)); })
      .Case("cute.crd2idx",
            [&]() -> Type { // a coordinate layout (basis strides) gives a coordinate
              auto l = operandTypes.size() == 2 ? dyn_cast<LayoutType>(operandTypes[1]) : LayoutType();
              if (l && l.getTypeValue().hasValue() && cutelayout::hasBasis(l.getTypeValue().layout().stride))
                return CoordType::get(ctx, any);
              return IndexType::get(ctx);
            })
      .Cases({"cute.select", "cute.group_modes", "cute.get_layout", "cute.tuple_add", "cute.tuple_sub",
              "cute.tuple_mul", "cute.tuple_div", "cute.tuple_mod", "cute.shape_div", "cute.ceil_div", "cute.flatten",
              "cute.take", "cute.product_each", "cute.round_up", "cute.append_to_rank", "cute.prepend_to_rank",
              "cute.increment_coord"},
             inputKind)
      .Case("cute.constant",
            [&]() -> FailureOr<Type> { return parser.emitError(loc, "needs its result type: its value is its type"); })
      .Default([&] { return Type(LayoutType::get(ctx, any)); })();
}

/// The result type inference gives the op being parsed with operands `result.operands`
/// and result type `resultType` (a detached copy is inferred and erased), or failure, with
/// `*reported` set when inference reported why (at the op). The detached op is not dumped
/// into the report (its operands would print as <<UNKNOWN SSA VALUE>>).
FailureOr<Type> probeInference(OpAsmParser &parser, OperationState &result, StringRef name, llvm::SMLoc loc,
                               Type resultType, bool *reported) {
  OperationState probe(parser.getEncodedSourceLoc(loc), name);
  probe.addOperands(result.operands);
  probe.addAttributes(result.attributes.getAttrs());
  probe.addTypes(resultType);
  Operation *op = Operation::create(probe);
  MLIRContext *ctx = op->getContext();
  bool dumpOp = ctx->shouldPrintOpOnDiagnostic();
  ctx->printOpOnDiagnostic(false);
  FailureOr<Type> inferred = [&] {
    ScopedDiagnosticHandler watch(ctx, [&](Diagnostic &d) {
      *reported = *reported || d.getSeverity() == DiagnosticSeverity::Error;
      return failure(); // passed on to the handler that prints it
    });
    return inferResultType(op);
  }();
  ctx->printOpOnDiagnostic(dumpOp);
  op->destroy();
  return inferred;
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
  bool inferResult = false;
  llvm::SMLoc typesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseTypeList(operandTypes) || parser.parseRParen())
        return failure();
    }
    if (succeeded(parser.parseOptionalArrow())) {
      if (parser.parseType(resultType))
        return failure();
    } else {
      inferResult = true; // `: (A, B)`: the algebra determines the result
    }
  } else {
    if (parser.parseTypeList(operandTypes))
      return failure();
    if (succeeded(parser.parseOptionalArrow())) {
      if (parser.parseType(resultType))
        return failure();
    } else if (operandTypes.size() == 1) {
      resultType = operandTypes.pop_back_val();
      FailureOr<SmallVector<Type>> defaults = defaultOperandTypes(parser, opName, operands.size(), resultType);
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
  // Inference at parse time (of a result type not written) reports its error at the op and
  // the parse goes on with the placeholder result type, so that every such error of a file
  // is reported in one run; the op is marked (kReportedAtParse) and verification fails it
  // without reporting again. An op using a marked op's result is not inferred: its error
  // would follow from the first.
  bool afterError = llvm::any_of(result.operands, [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->hasAttr(detail::kReportedAtParse);
  });
  bool reported = false;
  if (inferResult) {
    SmallVector<Type> types;
    for (Value v : result.operands)
      types.push_back(v.getType());
    FailureOr<Type> placeholder = placeholderResult(parser, opName, types, typesLoc);
    if (failed(placeholder))
      return failure();
    resultType = *placeholder;
    if (!afterError) {
      FailureOr<Type> inferred = probeInference(parser, result, opName, typesLoc, resultType, &reported);
      if (succeeded(inferred))
        resultType = *inferred;
      else if (!reported) // nothing said why: the parse fails here rather than verify silently
        return parser.emitError(typesLoc, "cannot infer the result type of ") << opName;
    }
  }
  if (reported)
    result.addAttribute(detail::kReportedAtParse,
                        parser.getBuilder().getI64IntegerAttr(detail::reportedAtParseToken()));
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
