// cute_nvgpu: NVIDIA's SM75/SM80 instructions as CuTe atoms (docs/dialect.md#targets).
//
// What it denotes: a type per atom that the cute ops reach through the atom interfaces
// (traits from the core's atom data, cutelayout/Atom.h), and that emits its instruction
// for one atom call (TargetAtomTypeInterface) when --cute-expand has computed the
// addresses of the call's values; two ops close and wait for cp.async groups.
// Invariant: a type verifies only for an atom this dialect can lower, so a verified
// program lowers or fails with a reason (an operand the instruction cannot take).
//
//   !cute_nvgpu.mma_atom<"SM80_16x8x16_F32BF16BF16F32_TN">   A, B bf16; C, D f32; nvvm.mma.sync
//   !cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", bf16>         smem -> registers; nvvm.ldmatrix x4
#ifndef CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H
#define CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/IR/CuteTypes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTypes.h.inc"

#define GET_OP_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.h.inc"

namespace mlir {
class DialectRegistry;
class Pass;
namespace cute_nvgpu {

/// --cute-nvgpu-to-nvvm: cute_nvgpu's ops as nvvm's (cp_async_fence, cp_async_wait).
/// @post no cute_nvgpu op is left
std::unique_ptr<Pass> createCuteNvgpuToNVVM();
void registerCuteNvgpuPasses();

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_DIALECT_CUTENVGPU_IR_CUTENVGPU_H
