#ifndef CUTE_DIALECT_CUTE_IR_CUTEDIALECT_H
#define CUTE_DIALECT_CUTE_IR_CUTEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h.inc"

#endif // CUTE_DIALECT_CUTE_IR_CUTEDIALECT_H
