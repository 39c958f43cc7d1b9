// cute_nvgpu's types, their lowering of one atom call to nvvm, and --cute-nvgpu-to-nvvm
// (docs/dialect.md#targets).
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Dialect/Cute/IR/CuteOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::AtomOperand;

#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTypes.cpp.inc"

#define GET_OP_CLASSES
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.cpp.inc"

void CuteNvgpuDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuOps.cpp.inc"
      >();
}

namespace {

// --- what each atom is as an instruction ----------------------------------------------

/// The MMA atoms this dialect lowers: mma.sync with A row-major and B column-major (TN).
constexpr const char *kMmaAtoms[] = {"SM80_16x8x16_F32BF16BF16F32_TN", "SM80_16x8x8_F32BF16BF16F32_TN",
                                     "SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x16_F16F16F16F16_TN",
                                     "SM80_16x8x8_F16F16F16F16_TN"};

/// The copy atoms this dialect lowers.
struct CopyInstr {
  enum Kind { LdMatrix, CpAsync } kind;
  int num = 0;         // ldmatrix: 8x8 matrices (1, 2, 4)
  bool trans = false;  // ldmatrix: .trans
  int bytes = 0;       // cp.async: 4, 8, 16
  bool global = false; // cp.async: .cg (L2 only) rather than .ca
};

std::optional<CopyInstr> copyInstr(StringRef name) {
  using K = CopyInstr::Kind;
  return llvm::StringSwitch<std::optional<CopyInstr>>(name)
      .Case("SM75_U32x1_LDSM_N", CopyInstr{K::LdMatrix, 1, false})
      .Case("SM75_U32x2_LDSM_N", CopyInstr{K::LdMatrix, 2, false})
      .Case("SM75_U32x4_LDSM_N", CopyInstr{K::LdMatrix, 4, false})
      .Case("SM75_U16x2_LDSM_T", CopyInstr{K::LdMatrix, 1, true})
      .Case("SM75_U16x4_LDSM_T", CopyInstr{K::LdMatrix, 2, true})
      .Case("SM75_U16x8_LDSM_T", CopyInstr{K::LdMatrix, 4, true})
      .Case("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", CopyInstr{K::CpAsync, 0, false, 4})
      .Case("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", CopyInstr{K::CpAsync, 0, false, 8})
      .Case("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", CopyInstr{K::CpAsync, 0, false, 16})
      .Case("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", CopyInstr{K::CpAsync, 0, false, 16, true})
      .Default(std::nullopt);
}

/// The MLIR type of CuTe's value type name (half_t, bfloat16_t, float).
Type typeOfCuteName(MLIRContext *ctx, StringRef name) {
  if (name == "half_t")
    return Float16Type::get(ctx);
  if (name == "bfloat16_t")
    return BFloat16Type::get(ctx);
  return Float32Type::get(ctx);
}

unsigned addressSpace(Value pointer) { return cast<LLVM::LLVMPointerType>(pointer.getType()).getAddressSpace(); }

Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(int32_t(v)));
}

/// Register k of a 16-bit operand: its values 2k and 2k+1 as a vector<2xT>, or as i32
/// where nvvm takes bf16 pairs so.
Value packPair(OpBuilder &b, Location loc, const AtomOperand &o, size_t k, bool asI32) {
  auto pair = VectorType::get({2}, o.element);
  Value v = LLVM::PoisonOp::create(b, loc, pair);
  for (int h = 0; h < 2; ++h) {
    Value x = LLVM::LoadOp::create(b, loc, o.element, o.addresses[2 * k + h]);
    v = LLVM::InsertElementOp::create(b, loc, v, x, i32Constant(b, loc, h));
  }
  return asI32 ? Value(LLVM::BitcastOp::create(b, loc, b.getI32Type(), v)) : v;
}

/// Stores a register holding values 2k and 2k+1 (i32 or vector<2xT>) to their addresses.
void unpackPair(OpBuilder &b, Location loc, const AtomOperand &o, size_t k, Value reg) {
  auto pair = VectorType::get({2}, o.element);
  if (reg.getType() != pair)
    reg = LLVM::BitcastOp::create(b, loc, pair, reg);
  for (int h = 0; h < 2; ++h)
    LLVM::StoreOp::create(b, loc, LLVM::ExtractElementOp::create(b, loc, reg, i32Constant(b, loc, h)),
                          o.addresses[2 * k + h]);
}

} // namespace

// --- MMA atoms --------------------------------------------------------------------------

LogicalResult MmaAtomType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name) {
  if (!llvm::is_contained(kMmaAtoms, name)) {
    InFlightDiagnostic d = emitError() << "expects an MMA atom cute_nvgpu lowers (";
    for (size_t i = 0; i < std::size(kMmaAtoms); ++i)
      d << (i ? ", " : "") << kMmaAtoms[i];
    return d << "), but got \"" << name << "\"";
  }
  return success();
}

cutelayout::MmaAtom MmaAtomType::getMmaAtom() const { return *cutelayout::mmaAtom(getName()); }

Type MmaAtomType::getOperandType(char operand) const {
  cutelayout::MmaAtom atom = getMmaAtom();
  return typeOfCuteName(getContext(), operand == 'A'   ? atom.valueTypeA
                                      : operand == 'B' ? atom.valueTypeB
                                                       : atom.valueTypeC);
}

LogicalResult MmaAtomType::emitCall(OpBuilder &b, Location loc, ArrayRef<AtomOperand> ops,
                                    function_ref<InFlightDiagnostic()>) const { // (mma.sync takes any operands)
  // ops: d, a, b, c. A and B are 16-bit pairs, one register each; C and D f32 values or
  // f16 pairs.
  cutelayout::MmaAtom atom = getMmaAtom();
  int64_t k = atom.shapeMNK.child(2).asInt().value;
  bool bf16 = getOperandType('A').isBF16(), f32 = getOperandType('C').isF32();
  SmallVector<Value> a, bv, c;
  for (size_t r = 0; r < ops[1].addresses.size() / 2; ++r)
    a.push_back(packPair(b, loc, ops[1], r, bf16));
  for (size_t r = 0; r < ops[2].addresses.size() / 2; ++r)
    bv.push_back(packPair(b, loc, ops[2], r, bf16));
  if (f32) {
    for (Value p : ops[3].addresses)
      c.push_back(LLVM::LoadOp::create(b, loc, ops[3].element, p));
  } else {
    for (size_t r = 0; r < ops[3].addresses.size() / 2; ++r)
      c.push_back(packPair(b, loc, ops[3], r, false));
  }
  SmallVector<Type> fields(c.size(), c.front().getType());
  Type result = LLVM::LLVMStructType::getLiteral(getContext(), fields);
  auto ptx = bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
  Value d = NVVM::MmaOp::create(b, loc, result, a, bv, c, {16, 8, k}, std::nullopt, std::nullopt,
                                std::array<NVVM::MMATypes, 2>{ptx, ptx},
                                std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
  for (size_t r = 0; r < c.size(); ++r) {
    Value x = LLVM::ExtractValueOp::create(b, loc, d, ArrayRef<int64_t>{int64_t(r)});
    if (f32)
      LLVM::StoreOp::create(b, loc, x, ops[0].addresses[r]);
    else
      unpackPair(b, loc, ops[0], r, x);
  }
  return success();
}

// --- copy atoms -------------------------------------------------------------------------

LogicalResult CopyAtomType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name, Type value) {
  std::optional<CopyInstr> instr = copyInstr(name);
  if (!instr)
    return emitError() << "expects a copy atom cute_nvgpu lowers (SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T, "
                          "SM80_CP_ASYNC_CACHEALWAYS<uint32_t|uint64_t|uint128_t>, "
                          "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>), but got \""
                       << name << "\"";
  if (!value.isIntOrFloat())
    return emitError() << "expects a value type that is an integer or a float, but got " << value;
  unsigned bits = value.getIntOrFloatBitWidth();
  if (instr->kind == CopyInstr::LdMatrix && bits != 16)
    return emitError() << "expects 16-bit values for " << name << " (ldmatrix moves b16 elements), but got " << value;
  if (instr->kind == CopyInstr::CpAsync && (bits < 8 || bits % 8 != 0 || (instr->bytes * 8) % bits != 0))
    return emitError() << "expects a value type whose width divides " << instr->bytes * 8 << " bits for " << name
                       << ", but got " << value;
  if (cutelayout::Expected<cutelayout::CopyAtom> atom = cutelayout::copyAtom(name, bits); !atom)
    return emitError() << atom.error().message;
  return success();
}

cutelayout::CopyAtom CopyAtomType::getCopyAtom() const {
  return *cutelayout::copyAtom(getName(), getValueType().getIntOrFloatBitWidth());
}

LogicalResult CopyAtomType::emitCall(OpBuilder &b, Location loc, ArrayRef<AtomOperand> ops,
                                     function_ref<InFlightDiagnostic()> emitError) const {
  const AtomOperand &src = ops[0], &dst = ops[1];
  CopyInstr instr = *copyInstr(getName());
  unsigned bits = getValueType().getIntOrFloatBitWidth();
  // The source values one instruction reads from one thread: 16 bytes for ldmatrix (a
  // row of 8 b16), the width for cp.async; consecutive and aligned, proven by the layouts.
  int64_t values = (instr.kind == CopyInstr::LdMatrix ? 128 : instr.bytes * 8) / int64_t(bits);
  auto contiguous = [&](const AtomOperand &o, StringRef what) -> LogicalResult {
    if (o.contiguous >= values)
      return success();
    return emitError() << getName() << " expects each thread's " << values << " " << what << " values to be "
                       << values * bits / 8 << " contiguous bytes aligned to their size, but the layouts prove "
                       << o.contiguous << " (a run of " << o.contiguous * bits / 8 << " bytes)";
  };
  if (instr.kind == CopyInstr::LdMatrix) {
    if (addressSpace(src.addresses[0]) != 3)
      return emitError() << getName() << " expects its source in shared memory";
    if (failed(contiguous(src, "source")))
      return failure();
    MLIRContext *ctx = getContext();
    Type i32 = b.getI32Type();
    Type result = instr.num == 1 ? i32 : LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(instr.num, i32));
    Value r = NVVM::LdMatrixOp::create(
        b, loc, result, src.addresses[0], b.getI32IntegerAttr(instr.num),
        NVVM::MMALayoutAttr::get(ctx, instr.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row),
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8), NVVM::LdStMatrixEltTypeAttr::get(ctx, NVVM::LdStMatrixEltType::B16));
    for (int k = 0; k < instr.num; ++k)
      unpackPair(b, loc, dst, size_t(k),
                 instr.num == 1 ? r : Value(LLVM::ExtractValueOp::create(b, loc, r, ArrayRef<int64_t>{k})));
    return success();
  }
  if (addressSpace(src.addresses[0]) != 1 || addressSpace(dst.addresses[0]) != 3)
    return emitError() << getName() << " expects a global-memory source and a shared-memory destination";
  if (failed(contiguous(src, "source")) || failed(contiguous(dst, "destination")))
    return failure();
  NVVM::CpAsyncOp::create(b, loc, dst.addresses[0], src.addresses[0], b.getI32IntegerAttr(instr.bytes),
                          NVVM::LoadCacheModifierKindAttr::get(getContext(), instr.global
                                                                                 ? NVVM::LoadCacheModifierKind::CG
                                                                                 : NVVM::LoadCacheModifierKind::CA),
                          Value());
  return success();
}

// --- --cute-nvgpu-to-nvvm ----------------------------------------------------------------

namespace {

struct CuteNvgpuToNVVM : PassWrapper<CuteNvgpuToNVVM, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CuteNvgpuToNVVM)
  StringRef getArgument() const final { return "cute-nvgpu-to-nvvm"; }
  StringRef getDescription() const final {
    return "Lower cute_nvgpu's ops to nvvm (cp_async_fence, cp_async_wait); its atoms lower in --cute-expand";
  }
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<NVVM::NVVMDialect>(); }
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<CpAsyncFenceOp, CpAsyncWaitOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      if (auto wait = dyn_cast<CpAsyncWaitOp>(op))
        NVVM::CpAsyncWaitGroupOp::create(b, op->getLoc(), wait.getPendingAttr());
      else
        NVVM::CpAsyncCommitGroupOp::create(b, op->getLoc());
      op->erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> mlir::cute_nvgpu::createCuteNvgpuToNVVM() { return std::make_unique<CuteNvgpuToNVVM>(); }

void mlir::cute_nvgpu::registerCuteNvgpuPasses() { PassRegistration<CuteNvgpuToNVVM>(); }
