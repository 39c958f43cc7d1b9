// The cute attributes: the specification's N@dim layout descriptor (core Descriptor.h).
#ifndef CUTE_DIALECT_CUTE_IR_CUTEATTRS_H
#define CUTE_DIALECT_CUTE_IR_CUTEATTRS_H

#include "cutelayout/Descriptor.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
/// MLIR uniques attributes by hash: a descriptor's stable identity.
inline llvm::hash_code hash_value(const LayoutDescriptor &d) { return llvm::hash_value(d.identity()); }
CUTELAYOUT_ABI_END
} // namespace cutelayout

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteAttrs.h.inc"

#endif // CUTE_DIALECT_CUTE_IR_CUTEATTRS_H
