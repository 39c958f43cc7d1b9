#ifndef CUTE_DIALECT_TD
#define CUTE_DIALECT_TD

include "mlir/IR/DialectBase.td"

def Cute_Dialect : Dialect {
  let name = "cute";
  let cppNamespace = "::mlir::cute";
  let summary = "CuTe layout algebra: shapes, strides, layouts and tiles as IR values";
  let description = [{
    Values of the cute dialect are CuTe int tuples, shapes, strides, coordinates, tiles
    and layouts. Their types carry what is known at IR-build time: the whole value (a
    leaf is a static integer or a dynamic `?`), only the rank, or only the kind.

    Folding invariant: every layout computation goes through the cutelayout core
    library, so a folded result is exactly CUTLASS CuTe's result for the same static and
    dynamic leaves. An op whose result type is fully static folds to `cute.constant`;
    dynamic leaves are never invented or dropped.

    See docs/dialect.md for the type syntax, the op list and the verifier contract.
  }];
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
    void registerTypes();
    void registerAttributes();
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // CUTE_DIALECT_TD
