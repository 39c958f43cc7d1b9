// cute-expand: lowers every cute op to `arith` on the runtime leaves of its operands
// (docs/lowering.md).
//
// A cute value becomes its dynamic leaves, one `index` value each, in the order of
// TypeValue::mapDynamicLeaves: a 1:N type conversion, through function signatures, calls,
// returns, branches and scf regions. A fully static value becomes nothing (its value is
// its type). Each op's result comes from the core library, never from code here: the op's
// own inference runs on symbols for the operands' dynamic leaves (cutelayout::Trace), and
// the program the core's arithmetic recorded is emitted as arith ops. Static leaves of
// the result are constants, as the type says.
#include "../IR/CuteInference.h"

#include "cute/Dialect/Cute/IR/CuteDialect.h"
#include "cute/Dialect/Cute/IR/CuteOps.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"

#include "cutelayout/Basis.h"
#include "cutelayout/ComposedLayout.h"
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Trace.h"
#include "cutelayout/Vectorize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEXPAND
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
using cutelayout::Int;
using cutelayout::Trace;
using cutelayout::TraceNode;
using cutelayout::TraceOp;

namespace {

bool isIntegerLeaf(Type t) {
  auto i = dyn_cast<IntegerType>(t);
  return isa<IndexType>(t) || (i && i.getWidth() <= 64);
}

/// `v` as an `index` value.
Value asIndex(OpBuilder &b, Location loc, Value v) {
  if (isa<IndexType>(v.getType()))
    return v;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// The LLVM address space of a cute pointer: NVPTX's numbering (global 1, shared 3); a
/// register fragment is an alloca, in the generic space.
unsigned llvmAddressSpace(AddressSpace s) {
  switch (s) {
  case AddressSpace::Gmem:
    return 1;
  case AddressSpace::Smem:
    return 3;
  case AddressSpace::Generic:
  case AddressSpace::Rmem:
  case AddressSpace::Tmem: // refused by checkStructure
    return 0;
  }
  return 0;
}

Type llvmPointer(PtrType p) {
  return LLVM::LLVMPointerType::get(p.getContext(), llvmAddressSpace(p.getAddressSpace()));
}

/// The atom of an atom type or of a tiled copy or MMA (through any tiling).
Type innermostAtom(Type t) {
  while (isa<TiledMmaType, TiledCopyType>(t))
    t = isa<TiledMmaType>(t) ? cast<TiledMmaType>(t).getAtom() : cast<TiledCopyType>(t).getAtom();
  return t;
}

/// The integer leaves of t in order, as computed (TypeValue::ofTuple would normalize a trace's
/// symbols away).
std::vector<Int> leavesOf(const cutelayout::IntTuple &t) {
  std::vector<Int> out;
  cutelayout::mapLeaves(t, [&](Int x) {
    out.push_back(x);
    return x;
  });
  return out;
}

/// `v` (an index) as an i64, for address arithmetic.
Value asI64(OpBuilder &b, Location loc, Value v) { return arith::IndexCastOp::create(b, loc, b.getI64Type(), v); }

/// ptr advanced by `offset` elements of `element`.
Value advance(OpBuilder &b, Location loc, Value ptr, Type element, Value offset) {
  return LLVM::GEPOp::create(b, loc, ptr.getType(), element, ptr, ValueRange{asI64(b, loc, offset)});
}

/// Emits the program behind a trace's symbols as arith ops at the builder's position.
class Emitter {
public:
  /// `facts` are the inputs' known divisors (Trace::divisors' argument); the nodes' divisors
  /// are recomputed whenever the trace has grown past them, since a caller may go on
  /// tracing (a copy's runs) after the emitter is made.
  Emitter(OpBuilder &b, Location loc, const Trace &trace, ArrayRef<Value> inputs, std::vector<int64_t> facts)
      : b_(b), loc_(loc), trace_(trace), inputs_(inputs), facts_(std::move(facts)) {}

  /// Trace::divisors of the facts, covering every node recorded so far.
  const std::vector<int64_t> &divisors() {
    if (divisors_.size() < trace_.nodes().size())
      divisors_ = trace_.divisors(facts_);
    return divisors_;
  }

  /// The value of a result leaf: a constant when static, the emitted program when a
  /// symbol; failure when the core computed it without recording (an internal defect).
  FailureOr<Value> leaf(Int x) {
    if (x.isStatic)
      return constant(x.value);
    if (!trace_.isSymbol(x.value))
      return failure();
    return node(trace_.node(x.value));
  }

private:
  Value constant(int64_t v) { return arith::ConstantIndexOp::create(b_, loc_, v); }

  Value node(uint32_t n) {
    auto it = memo_.find(n);
    if (it != memo_.end())
      return it->second;
    const TraceNode &t = trace_.nodes()[n];
    Value r;
    switch (t.op) {
    case TraceOp::Input:
      r = inputs_[size_t(t.value)];
      break;
    case TraceOp::Constant:
      r = constant(t.value);
      break;
    case TraceOp::Add:
      r = arith::AddIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    case TraceOp::Sub:
      r = arith::SubIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    case TraceOp::Mul:
      r = arith::MulIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    // C++'s (and CuTe's) truncating division and remainder.
    case TraceOp::Div: {
      // ceil_div(x, c) = (x + c - 1) / c is x / c when the facts make c divide x.
      uint32_t x;
      r = trace_.exactCeilDiv(n, divisors(), x) ? arith::DivSIOp::create(b_, loc_, node(x), node(t.b))
                                                : arith::DivSIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    }
    case TraceOp::Mod: // known to be 0 when the facts make the divisor divide it
      r = divisors()[n] == 0 ? constant(0) : Value(arith::RemSIOp::create(b_, loc_, node(t.a), node(t.b)));
      break;
    case TraceOp::Min:
      r = arith::MinSIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    case TraceOp::Max:
      r = arith::MaxSIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    case TraceOp::Neg:
      r = arith::SubIOp::create(b_, loc_, constant(0), node(t.a));
      break;
    case TraceOp::Abs:
      r = abs(node(t.a));
      break;
    case TraceOp::Signum: {
      Value x = node(t.a), zero = constant(0);
      Value pos = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::sgt, x, zero);
      Value neg = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::slt, x, zero);
      r = arith::SelectOp::create(b_, loc_, pos, constant(1),
                                  arith::SelectOp::create(b_, loc_, neg, constant(-1), zero));
      break;
    }
    case TraceOp::Gcd:
      r = gcd(node(t.a), node(t.b));
      break;
    case TraceOp::Lcm: { // 0 when either is 0, else |a| / gcd * |b| (Int.cpp's lcm)
      Value x = abs(node(t.a)), y = abs(node(t.b)), zero = constant(0);
      Value g = gcd(x, y);
      Value anyZero = arith::OrIOp::create(b_, loc_, arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, x, zero),
                                           arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, y, zero));
      Value safeG = arith::SelectOp::create(b_, loc_, anyZero, constant(1), g);
      Value l = arith::MulIOp::create(b_, loc_, arith::DivSIOp::create(b_, loc_, x, safeG), y);
      r = arith::SelectOp::create(b_, loc_, anyZero, zero, l);
      break;
    }
    case TraceOp::Eq:
      r = zeroOrOne(arith::CmpIPredicate::eq, node(t.a), node(t.b));
      break;
    case TraceOp::Lt:
      r = zeroOrOne(arith::CmpIPredicate::slt, node(t.a), node(t.b));
      break;
    case TraceOp::And:
      r = arith::AndIOp::create(b_, loc_, node(t.a), node(t.b));
      break; // of 0s and 1s
    case TraceOp::Or:
      r = arith::OrIOp::create(b_, loc_, node(t.a), node(t.b));
      break;
    case TraceOp::Multiple: { // b == 0 ? a == 0 : a % b == 0, never dividing by 0 or -1
      Value a = node(t.a), d = node(t.b), zero = constant(0);
      Value byZero = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, d, zero);
      Value byMinusOne = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, d, constant(-1));
      Value safe =
          arith::SelectOp::create(b_, loc_, arith::OrIOp::create(b_, loc_, byZero, byMinusOne), constant(1), d);
      Value divides =
          arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, arith::RemSIOp::create(b_, loc_, a, safe), zero);
      Value aIsZero = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::eq, a, zero);
      Value c = arith::SelectOp::create(b_, loc_, byZero, aIsZero, divides);
      r = arith::IndexCastUIOp::create(b_, loc_, b_.getIndexType(), c);
      break;
    }
    case TraceOp::Swizzle: { // x ^ shift(x & yyy, S) (Swizzle.h)
      Value x = node(t.a);
      Value y = arith::AndIOp::create(b_, loc_, x, constant(t.swizzle.yyyMask()));
      int32_t s = t.swizzle.shift;
      Value moved = s >= 0 ? Value(arith::ShRSIOp::create(b_, loc_, y, constant(s)))
                           : Value(arith::ShLIOp::create(b_, loc_, y, constant(-s)));
      r = arith::XOrIOp::create(b_, loc_, x, moved);
      break;
    }
    }
    memo_[n] = r;
    return r;
  }

  Value zeroOrOne(arith::CmpIPredicate p, Value a, Value b) {
    Value c = arith::CmpIOp::create(b_, loc_, p, a, b);
    return arith::IndexCastUIOp::create(b_, loc_, b_.getIndexType(), c);
  }

  Value abs(Value x) {
    Value zero = constant(0);
    Value negative = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::slt, x, zero);
    return arith::SelectOp::create(b_, loc_, negative, arith::SubIOp::create(b_, loc_, zero, x), x);
  }

  /// Euclid's loop on |a|, |b| (Int.cpp's gcd), as an scf.while.
  Value gcd(Value a, Value b) {
    Type index = b_.getIndexType();
    auto loop = scf::WhileOp::create(b_, loc_, TypeRange{index, index}, ValueRange{abs(a), abs(b)});
    Block *before = b_.createBlock(&loop.getBefore(), {}, {index, index}, {loc_, loc_});
    Value more = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::ne, before->getArgument(1), constant(0));
    scf::ConditionOp::create(b_, loc_, more, before->getArguments());
    Block *after = b_.createBlock(&loop.getAfter(), {}, {index, index}, {loc_, loc_});
    Value rem = arith::RemSIOp::create(b_, loc_, after->getArgument(0), after->getArgument(1));
    scf::YieldOp::create(b_, loc_, ValueRange{after->getArgument(1), rem});
    b_.setInsertionPointAfter(loop);
    return loop.getResult(0);
  }

  OpBuilder &b_;
  Location loc_;
  const Trace &trace_;
  ArrayRef<Value> inputs_;
  std::vector<int64_t> facts_;    // the inputs' known divisors
  std::vector<int64_t> divisors_; // Trace::divisors of facts_, refreshed as the trace grows
  llvm::DenseMap<uint32_t, Value> memo_;
};

/// CuTe's print of a value of type t: static leaves as `_N`, and `fill` for each runtime
/// leaf (the caller puts a printf conversion there).
std::string printWithHoles(Type t, const TypeValue &v, StringRef fill) {
  // A marker no static leaf prints as (those print as _N) replaces each runtime leaf.
  constexpr int64_t kMarker = 7'777'777'777'777'777'777;
  TypeValue marked = v.mapDynamicLeaves([](Int x) { return Int{kMarker, false, x.basis}; });
  std::string text;
  if (marked.isComposed())
    text = cutelayout::print(*marked.composed(), cutelayout::Style::Cute);
  else if (isa<LayoutType>(t))
    text = cutelayout::print(marked.layout(), cutelayout::Style::Cute);
  else if (isa<TileType>(t))
    text = cutelayout::print(marked.tiler(), cutelayout::Style::Cute);
  else if (isa<SwizzleType>(t))
    text = cutelayout::print(marked.swizzle());
  else
    text = cutelayout::print(marked.tuple(), cutelayout::Style::Cute);
  // A static leaf prints as `_N` or `_-N`: the marker's digits there are that leaf's
  // value (issue 41, F6), not a hole.
  auto staticLeafAt = [&](size_t i) {
    return i > 0 && (text[i - 1] == '_' || (text[i - 1] == '-' && i > 1 && text[i - 2] == '_'));
  };
  std::string marker = std::to_string(kMarker), out;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, marker.size(), marker) == 0 && !staticLeafAt(i)) {
      out += fill.str();
      i += marker.size();
      continue;
    }
    if (text[i] == '%')
      out += '%';
    out += text[i++];
  }
  return out;
}

/// `printf(format, args...)` through the LLVM dialect (declared once per module).
void emitPrintf(OpBuilder &b, Location loc, Operation *anchor, StringRef format, ValueRange args) {
  auto module = anchor->getParentOfType<ModuleOp>();
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto printf = module.lookupSymbol<LLVM::LLVMFuncOp>("printf");
  if (!printf) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    printf = LLVM::LLVMFuncOp::create(b, loc, "printf",
                                      LLVM::LLVMFunctionType::get(IntegerType::get(ctx, 32), {ptr}, /*isVarArg=*/true));
  }
  unsigned id = 0;
  std::string name;
  do
    name = "cute_print_format_" + std::to_string(id++);
  while (module.lookupSymbol(name));
  std::string text = format.str();
  text.push_back('\0');
  Value fmt = LLVM::createGlobalString(loc, b, name, text, LLVM::Linkage::Internal);
  SmallVector<Value> operands{fmt};
  for (Value v : args)
    operands.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), asIndex(b, loc, v)));
  LLVM::CallOp::create(b, loc, printf, operands);
}

/// An op's operands as the core sees them inside a trace: a symbol for each runtime leaf
/// (of a cute value, of a view's layout and a coordinate tensor's iterator, of an integer),
/// the SSA value of each symbol, and each operand's pointer (a !cute.ptr, or a memref
/// view's first converted value; null for the others).
struct TracedOperands {
  Trace trace;
  std::vector<int64_t> facts;
  std::vector<cute::detail::Known> known, ks;
  SmallVector<Value> inputs, pointers;

  LogicalResult build(Operation *op, ArrayRef<ValueRange> operands, OpBuilder &b) {
    for (Value original : op->getOperands())
      known.push_back(cute::detail::knownFromType(original));
    ks = cute::detail::symbolize(known, trace, facts);
    for (auto [i, converted] : llvm::enumerate(operands)) {
      const cute::detail::Known &k = known[i];
      bool hasPointer = isa<CuteMemRefType, PtrType>(k.type);
      pointers.push_back(hasPointer ? converted.front() : Value());
      if (k.hasTypeValue())
        for (Value v : converted.drop_front(hasPointer ? 1 : 0))
          inputs.push_back(v);
      else if (k.isLeaf() && !k.leaf.isStatic)
        inputs.push_back(asIndex(b, op->getLoc(), converted.front()));
    }
    if (inputs.size() != facts.size())
      return op->emitOpError("cannot be lowered: its operands' runtime leaves do not match their types");
    return success();
  }
};

struct ExpandCuteOp : ConversionPattern {
  ExpandCuteOp(const TypeConverter &converter, MLIRContext *ctx, bool runtimeChecks)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx), runtimeChecks(runtimeChecks) {}
  bool runtimeChecks;

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                                ConversionPatternRewriter &rw) const override {
    if (!isa_and_nonnull<CuteDialect>(op->getDialect()))
      return failure();
    if (auto print = dyn_cast<PrintOp>(op))
      return lowerPrint(print, operands[0], rw);
    if (auto leaves = dyn_cast<GetLeavesOp>(op))
      return lowerGetLeaves(leaves, operands[0], rw);
    if (auto assume = dyn_cast<AssumeOp>(op)) { // the fact served inference; the value is the input
      Value in = operands[0].front();
      if (runtimeChecks && assume.getDivisibility() > 1) { // a wrong fact stops, as a failed condition does
        Location loc = op->getLoc();
        int64_t div = assume.getDivisibility();
        unsigned width = in.getType().isIndex() ? 64 : in.getType().getIntOrFloatBitWidth();
        Value zero = arith::ConstantOp::create(rw, loc, rw.getIntegerAttr(in.getType(), 0));
        Value rem = in; // a divisibility past the type's range holds only for 0
        if (width >= 64 || div < (int64_t(1) << (width - 1)))
          rem = arith::RemSIOp::create(rw, loc, in,
                                       arith::ConstantOp::create(rw, loc, rw.getIntegerAttr(in.getType(), div)));
        Value ok = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq, rem, zero);
        cf::AssertOp::create(rw, loc, ok,
                             "cute.assume: the input is not a multiple of its divisibility " + std::to_string(div));
      }
      rw.replaceOp(op, in);
      return success();
    }
    if (isa<MakeAtomOp, MakeTiledMmaOp, MakeTiledCopyOp>(op)) { // static: no runtime value
      rw.replaceOpWithMultiple(op, {ValueRange()});
      return success();
    }

    if (isa<MakePtrOp, GetIterOp, AddOffsetOp, MemRefLoadOp, MemRefStoreOp, LoadScaledIndexOp>(op))
      return lowerMemoryOp(op, operands, rw, runtimeChecks);
    if (isa<CopyAtomCallOp, MmaAtomCallOp, GemmOp>(op)) // (the universal ones are gone but a gemm's)
      return lowerAtomCall(op, operands, rw);
    if (auto copy = dyn_cast<CopyOp>(op)) // (expandCopies has left those of a static size, unpredicated)
      return lowerCopy(copy, operands, rw);
    if (op->getNumResults() != 1)
      return op->emitOpError("cannot be lowered: it does not have one result");

    // The operands, with a symbol for each runtime leaf (and its divisibility fact).
    // (checkStructure has made sure every cute type holds its value.)
    TracedOperands t;
    if (failed(t.build(op, operands, rw)))
      return failure();
    Trace &trace = t.trace;
    std::vector<int64_t> &facts = t.facts;
    std::vector<cute::detail::Known> &ks = t.ks;
    SmallVector<Value> &inputs = t.inputs;
    FailureOr<cute::detail::Inferred> r = [&] {
      cutelayout::TraceScope on(trace);
      return cute::detail::infer(op, cute::detail::Reporter{op, true}, ks);
    }();
    if (failed(r))
      return failure();

    Emitter emit(rw, op->getLoc(), trace, inputs, facts);
    auto internal = [&] {
      return op->emitOpError("cannot be lowered: the core computed a runtime leaf without recording it "
                             "(an internal defect; please report it)");
    };
    if (runtimeChecks)
      for (const Trace::Check &check : trace.checks()) {
        if (!check.holds.isStatic && trace.isSymbol(check.holds.value) &&
            trace.decide(trace.node(check.holds.value), emit.divisors()) == Trace::Verdict::Holds)
          continue; // the divisibility facts prove it
        FailureOr<Value> holds = emit.leaf(check.holds);
        if (failed(holds))
          return internal();
        Value ok = arith::CmpIOp::create(rw, op->getLoc(), arith::CmpIPredicate::ne, *holds,
                                         arith::ConstantIndexOp::create(rw, op->getLoc(), 0));
        cf::AssertOp::create(rw, op->getLoc(), ok,
                             op->getName().getStringRef().str() + ": " + check.what +
                                 " (CuTe does not check this for runtime integers)");
      }
    Type resultType = op->getResult(0).getType();
    if (r->isIndex) {
      if (!isIntegerLeaf(resultType))
        return op->emitOpError("cannot be lowered: an index result where the type is ") << resultType;
      FailureOr<Value> v = emit.leaf(r->index);
      if (failed(v))
        return internal();
      Value out = *v;
      if (!isa<IndexType>(resultType))
        out = arith::IndexCastOp::create(rw, op->getLoc(), resultType, out);
      rw.replaceOp(op, out);
      return success();
    }
    Type layoutType = cute::detail::viewLayout(resultType) ? cute::detail::viewLayout(resultType) : resultType;
    auto declared = dyn_cast<CuteTypeInterface>(layoutType);
    if (!declared || !r->value.hasValue())
      return op->emitOpError("cannot be lowered: its result is not a cute value of known structure");
    const TypeValue &want = declared.getTypeValue();
    if (!want.hasValue())
      return op->emitOpError("cannot be lowered: its result type ")
             << resultType << " does not give its structure (write it, or run --cute-refine-types)";
    TypeValue shape = r->value.mapDynamicLeaves([](Int x) { return Int{cutelayout::kUnknownDynamic, false, x.basis}; });
    // Structure only: the verifier proved the type's facts, and inference inside a trace
    // does not derive them again (CuteOps.cpp, applyFacts).
    if (!isCompatible(want.withDivisors({}), shape, declared.getKind()))
      return op->emitOpError("cannot be lowered: the result computed on the operands' types does not have "
                             "the structure of ")
             << resultType;
    std::vector<Int> wantLeaves = want.leaves(), gotLeaves = r->value.leaves();
    SmallVector<Value> results;
    // A view's runtime part first: a memref's pointer, a coordinate tensor's iterator.
    if (auto view = dyn_cast<CuteMemRefType>(resultType)) {
      FailureOr<Value> ptr = resultPointer(op, *r, t, view, emit, rw);
      if (failed(ptr))
        return failure();
      results.push_back(*ptr);
    } else if (auto coords = dyn_cast<CoordTensorType>(resultType)) {
      const TypeValue &wantIt = coords.getIteratorValue();
      if (!r->iteratorValue || !wantIt.hasValue())
        return op->emitOpError("cannot be lowered: its iterator's structure is not known (write it, or run "
                               "--cute-refine-types)");
      std::vector<Int> w = leavesOf(wantIt.tuple()), g = leavesOf(*r->iteratorValue);
      if (w.size() != g.size())
        return op->emitOpError("cannot be lowered: the iterator computed does not have the structure of ")
               << coords.getIterator();
      for (size_t k = 0; k < w.size(); ++k)
        if (!w[k].isStatic) {
          FailureOr<Value> v = emit.leaf(g[k]);
          if (failed(v))
            return internal();
          results.push_back(*v);
        }
    }
    for (size_t k = 0; k < wantLeaves.size(); ++k) {
      if (wantLeaves[k].isStatic)
        continue;
      FailureOr<Value> v = emit.leaf(gotLeaves[k]);
      if (failed(v))
        return internal();
      results.push_back(*v);
    }
    rw.replaceOpWithMultiple(op, {results});
    return success();
  }

  /// The pointer of a memref result: make_view's operand, a new register fragment (an
  /// alloca at the function's entry, of the fragment's cosize), or the view operand's
  /// pointer advanced by the offset the op moved it.
  static FailureOr<Value> resultPointer(Operation *op, const cute::detail::Inferred &r, TracedOperands &t,
                                        CuteMemRefType view, Emitter &emit, ConversionPatternRewriter &rw) {
    Location loc = op->getLoc();
    if (isa<MakeViewOp>(op))
      return t.pointers[0];
    if (isa<MakeFragmentLikeOp, MmaMakeFragmentOp>(op)) {
      Int n = [&] {
        cutelayout::TraceScope on(t.trace);
        return cutelayout::cosize(r.value.layout());
      }();
      if (!n.isStatic)
        return op->emitOpError("cannot be lowered: a register fragment needs a static size, but its cosize is "
                               "a runtime value");
      auto fn = op->getParentOfType<FunctionOpInterface>();
      if (!fn || fn.getFunctionBody().empty())
        return op->emitOpError("cannot be lowered: a register fragment needs an enclosing function");
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(&fn.getFunctionBody().front());
      Value size = LLVM::ConstantOp::create(rw, loc, rw.getI64Type(), std::max<int64_t>(n.value, 1));
      Value p = LLVM::AllocaOp::create(rw, loc, LLVM::LLVMPointerType::get(rw.getContext()), view.getElementType(),
                                       size, std::max<int64_t>(view.getIterator().getKnownAlignment(), 1));
      return p;
    }
    std::optional<unsigned> at = cute::detail::viewOperand(op);
    if (!at || !t.pointers[*at])
      return op->emitOpError("cannot be lowered: no view operand gives its pointer");
    Value base = t.pointers[*at];
    if (!r.offset || (r.offset->isStatic && r.offset->value == 0))
      return base;
    FailureOr<Value> offset = emit.leaf(*r.offset);
    if (failed(offset))
      return op->emitOpError("cannot be lowered: the core computed the pointer's offset without recording it "
                             "(an internal defect; please report it)");
    return advance(rw, loc, base, view.getElementType(), *offset);
  }

  /// The offset of coordinate c in a view over a layout or a composed layout (through its
  /// swizzle), computed by the core (on symbols inside a trace).
  static cutelayout::Expected<cutelayout::IntTuple> viewOffset(const cute::detail::Known &view,
                                                               const cutelayout::IntTuple &c) {
    if (view.value.isComposed()) {
      cutelayout::Expected<Int> x = cutelayout::crd2idx(c, *view.value.composed());
      return x ? cutelayout::Expected<cutelayout::IntTuple>(cutelayout::IntTuple(*x)) : x.error();
    }
    const cutelayout::Layout l = view.value.layout(); // (crd2idx's fast stage is not traced)
    return cutelayout::crd2idxGeneral(c, l.shape, l.stride);
  }

  /// The pointer and memory ops: address arithmetic and LLVM loads and stores; a
  /// coordinate tensor's element is its iterator plus the layout there, computed by the
  /// core on symbols like any op's result.
  static LogicalResult lowerMemoryOp(Operation *op, ArrayRef<ValueRange> operands, ConversionPatternRewriter &rw,
                                     bool runtimeChecks) {
    Location loc = op->getLoc();
    if (auto make = dyn_cast<MakePtrOp>(op)) {
      Value m = operands[0].front();
      auto meta = memref::ExtractStridedMetadataOp::create(rw, loc, m);
      Value base = memref::ExtractAlignedPointerAsIndexOp::create(rw, loc, m);
      if (int64_t align = make.getType().getAlignment(); align > 1 && runtimeChecks) {
        // A stated alignment is a fact about the first element: a wrong one stops.
        unsigned bits = make.getType().getElementType().getIntOrFloatBitWidth();
        Value offsetBits =
            arith::MulIOp::create(rw, loc, meta.getOffset(), arith::ConstantIndexOp::create(rw, loc, bits));
        Value first = arith::AddIOp::create(
            rw, loc, base, arith::DivUIOp::create(rw, loc, offsetBits, arith::ConstantIndexOp::create(rw, loc, 8)));
        Value rem = arith::RemUIOp::create(rw, loc, first, arith::ConstantIndexOp::create(rw, loc, align));
        Value ok =
            arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::eq, rem, arith::ConstantIndexOp::create(rw, loc, 0));
        cf::AssertOp::create(rw, loc, ok,
                             "cute.make_ptr: the memref's first element is not aligned to " + std::to_string(align) +
                                 " bytes");
      }
      Value p = LLVM::IntToPtrOp::create(rw, loc, llvmPointer(make.getType()), asI64(rw, loc, base));
      rw.replaceOp(op, advance(rw, loc, p, make.getType().getElementType(), meta.getOffset()));
      return success();
    }
    if (auto get = dyn_cast<GetIterOp>(op)) {
      if (isa<CuteMemRefType>(get.getView().getType())) {
        rw.replaceOp(op, operands[0].front());
        return success();
      }
      size_t n = cast<CoordTensorType>(get.getView().getType()).getIteratorValue().dynamicDivisors().size();
      rw.replaceOpWithMultiple(op, {operands[0].take_front(n)});
      return success();
    }
    if (auto add = dyn_cast<AddOffsetOp>(op)) {
      rw.replaceOp(op, advance(rw, loc, operands[0].front(), add.getType().getElementType(),
                               asIndex(rw, loc, operands[1].front())));
      return success();
    }
    // Loads and stores: the view (or pointer) and coordinate operands' positions.
    unsigned viewAt = isa<MemRefStoreOp>(op) ? 1 : 0, coordAt = viewAt + 1;
    TracedOperands t;
    if (failed(t.build(op, operands, rw)))
      return failure();
    const cute::detail::Known &view = t.ks[viewAt], &coord = t.ks[coordAt];
    cutelayout::IntTuple c = coord.isLeaf() ? cutelayout::IntTuple(coord.leaf) : coord.value.tuple();
    cutelayout::Expected<cutelayout::IntTuple> where = cutelayout::makeError("not computed");
    {
      cutelayout::TraceScope on(t.trace);
      cutelayout::ArithScope scope;
      if (auto scaled = dyn_cast<LoadScaledIndexOp>(op)) {
        cutelayout::Expected<Int> x = cutelayout::innerProduct(c, t.ks[2].value.tuple());
        where = x ? cutelayout::Expected<cutelayout::IntTuple>(cutelayout::IntTuple(*x)) : x.error();
      } else if (auto coords = dyn_cast<CoordTensorType>(view.type)) {
        where = cutelayout::elementAt(
            cutelayout::Tensor{cutelayout::TensorIterator{view.iterator.tuple().isInt()
                                                              ? cutelayout::TensorIterator::Kind::Counting
                                                              : cutelayout::TensorIterator::Kind::ArithTuple,
                                                          view.iterator.tuple()},
                               view.value.layout()},
            c);
      } else if (isa<LayoutType, ComposedLayoutType>(cast<CuteMemRefType>(view.type).getLayout())) {
        where = viewOffset(view, c);
      } else {
        return op->emitOpError("cannot be lowered: a view over a bare swizzle has no coordinate mapping to lower");
      }
      if (scope.failed())
        return op->emitOpError("cannot be lowered: ") << scope.error(op->getName().stripDialect().data()).message;
    }
    if (!where)
      return op->emitOpError("cannot be lowered: ") << where.error().message;
    Emitter emit(rw, loc, t.trace, t.inputs, t.facts);
    SmallVector<Value> leaves;
    for (Int x : leavesOf(*where)) {
      FailureOr<Value> v = emit.leaf(x);
      if (failed(v))
        return op->emitOpError("cannot be lowered: the core computed an address without recording it (an "
                               "internal defect; please report it)");
      leaves.push_back(*v);
    }
    if (isa<CoordTensorType>(view.type)) { // the element itself: an index, or a coordinate's runtime leaves
      Type result = op->getResult(0).getType();
      if (result.isIndex()) {
        rw.replaceOp(op, leaves.front());
        return success();
      }
      std::vector<Int> want = leavesOf(cast<CoordType>(result).getTypeValue().tuple());
      SmallVector<Value> out;
      for (size_t k = 0; k < want.size() && k < leaves.size(); ++k)
        if (!want[k].isStatic)
          out.push_back(leaves[k]);
      rw.replaceOpWithMultiple(op, {out});
      return success();
    }
    Type element = isa<LoadScaledIndexOp>(op) ? cast<PtrType>(view.type).getElementType()
                                              : cast<CuteMemRefType>(view.type).getElementType();
    Value address = advance(rw, loc, t.pointers[viewAt], element, leaves.front());
    if (auto store = dyn_cast<MemRefStoreOp>(op)) {
      LLVM::StoreOp::create(rw, loc, operands[0].front(), address);
      rw.eraseOp(op);
      return success();
    }
    rw.replaceOp(op, LLVM::LoadOp::create(rw, loc, element, address).getResult());
    return success();
  }

  /// The widest run w of a view's values (operand i of t) that are consecutive in memory,
  /// the first aligned to w elements: the core's vectorWidth on what the trace knows of the
  /// runtime leaves, the pointer's known alignment, at most 128 bits.
  /// @pre divisors == t.trace.divisors(t.facts) (an Emitter's)
  static int64_t contiguousRun(const TracedOperands &t, unsigned i, CuteMemRefType view,
                               const std::vector<int64_t> &divisors) {
    unsigned bits = view.getElementType().getIntOrFloatBitWidth();
    cutelayout::MultipleOf multipleOf = [&](Int x) -> int64_t {
      if (x.isStatic)
        return x.value;
      return t.trace.isSymbol(x.value) ? std::max<int64_t>(1, divisors[t.trace.node(x.value)]) : 1;
    };
    int64_t maxElements = bits >= 8 && bits % 8 == 0 && bits <= 128 ? 128 / bits : 1;
    int64_t w = cutelayout::vectorWidth(t.ks[i].value.anyLayout(), maxElements, multipleOf);
    int64_t bytes = std::max<int64_t>(1, bits / 8);
    while (w > 1 && view.getIterator().getKnownAlignment() % (w * bytes) != 0)
      w /= 2;
    return w;
  }

  /// The address of the value at `coord` (a 1-D index or a coordinate, symbolic or fixed)
  /// of view operand i of t.
  static FailureOr<Value> valueAddress(Operation *op, TracedOperands &t, Emitter &emit, OpBuilder &b, unsigned i,
                                       const cutelayout::IntTuple &coord) {
    Int at;
    {
      cutelayout::TraceScope on(t.trace);
      cutelayout::ArithScope scope;
      cutelayout::Expected<cutelayout::IntTuple> x = viewOffset(t.ks[i], coord);
      if (!x || !x->isInt())
        return op->emitOpError("cannot be lowered: ") << (x ? "a coordinate offset" : x.error().message);
      if (scope.failed())
        return op->emitOpError("cannot be lowered: ") << scope.error(op->getName().stripDialect().data()).message;
      at = x->asInt();
    }
    FailureOr<Value> offset = emit.leaf(at);
    if (failed(offset))
      return op->emitOpError("cannot be lowered: the core computed an address without recording it (an internal "
                             "defect; please report it)");
    Type element = cast<CuteMemRefType>(op->getOperand(i).getType()).getElementType();
    return advance(b, op->getLoc(), t.pointers[i], element, *offset);
  }

  /// cute.copy of a static size without a predicate: each run of w elements that both
  /// views keep contiguous and aligned to w (contiguousRun of both) is one load and one
  /// store of a vector of w. Up to kUnrolledRuns runs are unrolled, so a static part's
  /// offsets are constants; more are a loop over runs.
  static constexpr int64_t kUnrolledRuns = 256;
  static LogicalResult lowerCopy(CopyOp op, ArrayRef<ValueRange> operands, ConversionPatternRewriter &rw) {
    Location loc = op.getLoc();
    TracedOperands t;
    if (failed(t.build(op, operands, rw)))
      return failure();
    auto src = cast<CuteMemRefType>(op.getSrc().getType()), dst = cast<CuteMemRefType>(op.getDst().getType());
    Type element = src.getElementType();
    unsigned bits = element.getIntOrFloatBitWidth();
    const std::vector<int64_t> divisors = t.trace.divisors(t.facts);
    const int64_t w = std::min(contiguousRun(t, 0, src, divisors), contiguousRun(t, 1, dst, divisors));
    const cute::detail::Known &s = t.ks[0];
    Int n = cutelayout::size(s.value.isComposed() ? s.value.composed()->inner : s.value.layout());
    if (!n.isStatic)
      return op.emitOpError("cannot be lowered: a copy of a runtime size reached the vectorized copy");
    Type accessType = w > 1 ? Type(VectorType::get({w}, element)) : element;
    unsigned alignment = unsigned(std::max<int64_t>(1, w * bits / 8));
    // One run: the addresses of index `first` in both views, then the load and the store.
    auto copyRun = [&](Emitter &emit, Int first) -> LogicalResult {
      FailureOr<Value> from = valueAddress(op, t, emit, rw, 0, cutelayout::IntTuple(first));
      if (failed(from))
        return failure();
      FailureOr<Value> to = valueAddress(op, t, emit, rw, 1, cutelayout::IntTuple(first));
      if (failed(to))
        return failure();
      Value x = LLVM::LoadOp::create(rw, loc, accessType, *from, alignment);
      LLVM::StoreOp::create(rw, loc, x, *to, alignment);
      return success();
    };
    int64_t runs = n.value / w;
    if (runs <= kUnrolledRuns) {
      Emitter emit(rw, loc, t.trace, t.inputs, t.facts);
      for (int64_t k = 0; k < runs; ++k)
        if (failed(copyRun(emit, Int::fixed(k * w))))
          return failure();
    } else {
      OpBuilder::InsertionGuard guard(rw);
      auto loop =
          scf::ForOp::create(rw, loc, arith::ConstantIndexOp::create(rw, loc, 0),
                             arith::ConstantIndexOp::create(rw, loc, runs), arith::ConstantIndexOp::create(rw, loc, 1));
      rw.setInsertionPointToStart(loop.getBody());
      t.facts.push_back(1); // the run's index: nothing known
      Int run = t.trace.input(uint32_t(t.facts.size() - 1));
      t.inputs.push_back(loop.getInductionVar());
      Emitter emit(rw, loc, t.trace, t.inputs, t.facts);
      Int first;
      {
        cutelayout::TraceScope on(t.trace);
        first = cutelayout::mul(run, Int::fixed(w));
      }
      if (failed(copyRun(emit, first)))
        return failure();
    }
    rw.eraseOp(op);
    return success();
  }

  /// The static size of a view operand's layout (its inner layout's when composed).
  static std::optional<int64_t> staticSize(const cute::detail::Known &k) {
    Int n = cutelayout::size(k.value.isComposed() ? k.value.composed()->inner : k.value.layout());
    return n.isStatic ? std::optional<int64_t>(n.value) : std::nullopt;
  }

  /// The static size of mode m of a view operand's (plain) layout.
  static int64_t modeSize(const cute::detail::Known &k, unsigned m) {
    return cutelayout::product(k.value.layout().shape.child(m)).value;
  }

  /// UniversalFMA on one value of each operand (d, a, b, c): d = a * b + c.
  static void emitUniversalFma(OpBuilder &b, Location loc, ArrayRef<AtomOperand> ops) {
    Type type = ops[0].element;
    auto load = [&](const AtomOperand &o) { return LLVM::LoadOp::create(b, loc, type, o.addresses[0]).getResult(); };
    Value x = load(ops[1]), y = load(ops[2]), acc = load(ops[3]);
    Value r = isa<FloatType>(type)
                  ? arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, x, y), acc).getResult()
                  : arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y), acc).getResult();
    LLVM::StoreOp::create(b, loc, r, ops[0].addresses[0]);
  }

  /// The atom calls a target lowers (copy_atom_call and mma_atom_call of a target's atom,
  /// docs/lowering.md#targets) and cute.gemm: each atom call's operands get the address
  /// of every value (the views' layouts, as every memory op computes them), and the
  /// target's type emits the instruction (UniversalFMA's multiply-add here). A copy calls
  /// the atom once per rest coordinate (value r*V+v of a view of V values a call); a gemm
  /// once per (m, n, k), k outermost, the calls after the first k accumulating into D.
  static LogicalResult lowerAtomCall(Operation *op, ArrayRef<ValueRange> operands, ConversionPatternRewriter &rw) {
    Location loc = op->getLoc();
    TracedOperands t;
    if (failed(t.build(op, operands, rw)))
      return failure();
    auto target = dyn_cast<TargetAtomTypeInterface>(innermostAtom(op->getOperand(0).getType()));
    const unsigned views = op->getNumOperands() - 1;
    for (unsigned i = 1; i <= views; ++i)
      if (!staticSize(t.ks[i]))
        return op->emitOpError("cannot be lowered: a view of a runtime size in an atom call");
    // One call: the coordinates of its values in each view operand (a 1-D index where the
    // view is walked in order), and for a gemm whether C is D (after the first k).
    struct Call {
      std::vector<std::vector<cutelayout::IntTuple>> values;
      bool accumulates = false;
    };
    std::vector<Call> calls;
    auto indices = [](int64_t first, int64_t n) {
      std::vector<cutelayout::IntTuple> r;
      for (int64_t v = 0; v < n; ++v)
        r.emplace_back(Int::fixed(first + v));
      return r;
    };
    if (isa<CopyAtomCallOp>(op)) {
      cutelayout::CopyAtom atom = cast<CopyAtomTypeInterface>(op->getOperand(0).getType()).getCopyAtom();
      int64_t per[2] = {cutelayout::size(atom.layoutSrc.mode(1)).value, cutelayout::size(atom.layoutDst.mode(1)).value};
      int64_t n[2] = {*staticSize(t.ks[1]), *staticSize(t.ks[2])};
      if (n[0] % per[0] != 0 || n[1] % per[1] != 0 || n[0] / per[0] != n[1] / per[1])
        return op->emitOpError("cannot be lowered: the views hold ")
               << n[0] << " and " << n[1] << " values, not the same number of calls of " << per[0] << " and " << per[1];
      for (int64_t r = 0; r < n[0] / per[0]; ++r)
        calls.push_back({{indices(r * per[0], per[0]), indices(r * per[1], per[1])}});
    } else if (isa<MmaAtomCallOp>(op)) {
      Call one;
      for (unsigned i = 1; i <= views; ++i)
        one.values.push_back(indices(0, *staticSize(t.ks[i])));
      calls.push_back(std::move(one));
    } else { // cute.gemm: d, c (V,M,N); a (V,M,K); b (V,N,K), verified
      // The values of mode 0 at (x, y): coordinates (v, x, y) of a (V,X,Y) fragment.
      auto at = [](const cute::detail::Known &k, int64_t x, int64_t y) {
        std::vector<cutelayout::IntTuple> r;
        for (int64_t v = 0; v < modeSize(k, 0); ++v)
          r.push_back(
              cutelayout::IntTuple::makeTuple({cutelayout::IntTuple(Int::fixed(v)), cutelayout::IntTuple(Int::fixed(x)),
                                               cutelayout::IntTuple(Int::fixed(y))}));
        return r;
      };
      int64_t m = modeSize(t.ks[1], 1), n = modeSize(t.ks[1], 2), kk = modeSize(t.ks[2], 2);
      for (int64_t k = 0; k < kk; ++k)
        for (int64_t i = 0; i < m; ++i)
          for (int64_t jj = 0; jj < n; ++jj) {
            int64_t j = i % 2 ? n - 1 - jj : jj; // CuTe's serpentine order over N
            std::vector<cutelayout::IntTuple> acc = at(t.ks[1], i, j);
            calls.push_back({{acc, at(t.ks[2], i, k), at(t.ks[3], j, k), acc}, k > 0});
          }
    }
    Emitter emit(rw, loc, t.trace, t.inputs, t.facts);
    SmallVector<int64_t> runs;
    for (unsigned i = 1; i <= views; ++i)
      runs.push_back(contiguousRun(t, i, cast<CuteMemRefType>(op->getOperand(i).getType()), emit.divisors()));
    for (const Call &call : calls) {
      SmallVector<AtomOperand> ops;
      for (unsigned i = 1; i <= views; ++i) {
        unsigned from = call.accumulates && i == 4 ? 1 : i; // C read from D
        AtomOperand o;
        o.element = cast<CuteMemRefType>(op->getOperand(from).getType()).getElementType();
        o.contiguous = runs[from - 1];
        for (const cutelayout::IntTuple &coord : call.values[i - 1]) {
          FailureOr<Value> address = valueAddress(op, t, emit, rw, from, coord);
          if (failed(address))
            return failure();
          o.addresses.push_back(*address);
        }
        ops.push_back(std::move(o));
      }
      if (!target) {
        emitUniversalFma(rw, loc, ops);
        continue;
      }
      if (failed(target.emitCall(rw, loc, ops, [&] { return op->emitOpError("cannot be lowered: "); })))
        return failure();
    }
    rw.eraseOp(op);
    return success();
  }

  static LogicalResult lowerGetLeaves(GetLeavesOp op, ValueRange converted, ConversionPatternRewriter &rw) {
    SmallVector<Value> out;
    size_t next = 0;
    for (Int x : cast<CuteTypeInterface>(op.getInput().getType()).getTypeValue().leaves())
      out.push_back(x.isStatic ? Value(arith::ConstantIndexOp::create(rw, op.getLoc(), x.value)) : converted[next++]);
    rw.replaceOp(op, out);
    return success();
  }

  static LogicalResult lowerPrint(PrintOp op, ValueRange converted, ConversionPatternRewriter &rw) {
    Type t = op.getInput().getType();
    std::string format = "%lld";
    if (auto cute = dyn_cast<CuteTypeInterface>(t))
      format = printWithHoles(t, cute.getTypeValue(), "%lld");
    emitPrintf(rw, op.getLoc(), op, format + "\n", converted);
    rw.eraseOp(op);
    return success();
  }
};

/// The values of `operands[begin, end)`, each expanded to its leaves.
SmallVector<Value> flatten(ArrayRef<ValueRange> operands, size_t begin, size_t end) {
  SmallVector<Value> out;
  for (size_t i = begin; i < end; ++i)
    out.append(operands[i].begin(), operands[i].end());
  return out;
}

/// cf.br and cf.cond_br passing cute values to blocks pass their leaves (upstream's
/// branch conversion is 1:1 only).
struct ExpandBranch : OpConversionPattern<cf::BranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(cf::BranchOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    ArrayRef<ValueRange> operands = adaptor.getOperands();
    rw.replaceOpWithNewOp<cf::BranchOp>(op, op.getDest(), flatten(operands, 0, operands.size()));
    return success();
  }
};

struct ExpandCondBranch : OpConversionPattern<cf::CondBranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(cf::CondBranchOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rw) const override {
    ArrayRef<ValueRange> operands = adaptor.getOperands();
    size_t t = op.getTrueDestOperands().size();
    rw.replaceOpWithNewOp<cf::CondBranchOp>(op, operands[0].front(), op.getTrueDest(), flatten(operands, 1, 1 + t),
                                            op.getFalseDest(), flatten(operands, 1 + t, operands.size()));
    return success();
  }
};

/// A function's signature and the arguments of every block of its body, each cute value
/// as its leaves.
struct ExpandFunction : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(func::FuncOp f, OneToNOpAdaptor, ConversionPatternRewriter &rw) const override {
    const TypeConverter &tc = *getTypeConverter();
    FunctionType type = f.getFunctionType();
    TypeConverter::SignatureConversion entry(type.getNumInputs());
    SmallVector<Type> results;
    if (failed(tc.convertSignatureArgs(type.getInputs(), entry)) || failed(tc.convertTypes(type.getResults(), results)))
      return failure();
    if (!f.isExternal()) {
      SmallVector<Block *> blocks;
      for (Block &b : llvm::drop_begin(f.getBody()))
        blocks.push_back(&b);
      for (Block *b : blocks) {
        TypeConverter::SignatureConversion sig(b->getNumArguments());
        if (failed(tc.convertSignatureArgs(b->getArgumentTypes(), sig)))
          return failure();
        rw.applySignatureConversion(b, sig, &tc);
      }
      rw.applySignatureConversion(&f.getBody().front(), entry, &tc);
    }
    rw.modifyOpInPlace(f, [&] {
      f.setType(FunctionType::get(f.getContext(), entry.getConvertedTypes(), results));
      // Argument and result attributes belong to the values that were expanded.
      if (type.getNumInputs() != entry.getConvertedTypes().size())
        f.removeArgAttrsAttr();
      if (type.getNumResults() != results.size())
        f.removeResAttrsAttr();
    });
    return success();
  }
};

struct CuteExpand : cute::impl::CuteExpandBase<CuteExpand> {
  using CuteExpandBase::CuteExpandBase;
  /// Every cute value must have a type that holds its value: the number and order of its
  /// runtime leaves come from the type. Reports each one that does not, where it is defined.
  LogicalResult checkStructure() {
    bool ok = true;
    auto check = [&](Value v, Location loc) {
      Type t = v.getType();
      auto refuse = [&](StringRef why) {
        ok = false;
        emitError(loc) << "cannot lower a value of type " << t << ": " << why;
      };
      if (auto view = dyn_cast<CuteMemRefType>(t)) {
        if (view.getAddressSpace() == AddressSpace::Tmem)
          return refuse("tensor memory is reached by the target's copy atoms, not by loads and stores");
        t = view.getLayout();
      } else if (auto ptr = dyn_cast<PtrType>(t)) {
        if (ptr.getAddressSpace() == AddressSpace::Tmem)
          return refuse("tensor memory is reached by the target's copy atoms, not by loads and stores");
        return;
      } else if (auto coords = dyn_cast<CoordTensorType>(t)) {
        if (!coords.getIteratorValue().hasValue())
          return refuse("the iterator's type does not give its structure (write its value, or run "
                        "--cute-refine-types)");
        t = coords.getLayout();
      }
      auto cute = dyn_cast<CuteTypeInterface>(t);
      if (!cute || cute.getTypeValue().hasValue())
        return;
      refuse("the type does not give its structure (write its value, or run --cute-refine-types)");
    };
    getOperation()->walk([&](Operation *op) {
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            check(a, a.getLoc());
      for (Value v : op->getResults())
        check(v, op->getLoc());
    });
    return success(ok);
  }

  /// cute.copy as a loop over the source's elements (a 1-D index into each view), each
  /// loaded and stored, under the predicate's element when there is one; the loop's cute
  /// ops then lower as any. A copy of a static size without a predicate is left to the
  /// conversion, which vectorizes and unrolls it (lowerCopy).
  void expandCopies() {
    SmallVector<CopyOp> copies;
    getOperation()->walk([&](CopyOp c) {
      const TypeValue &v = cast<CuteMemRefType>(c.getSrc().getType()).getLayoutValue();
      bool staticSize = v.hasValue() && cutelayout::size(v.isComposed() ? v.composed()->inner : v.layout()).isStatic &&
                        cast<CuteMemRefType>(c.getDst().getType()).getLayoutValue().hasValue();
      if (c.getPred() || !staticSize)
        copies.push_back(c);
    });
    for (CopyOp c : copies) {
      OpBuilder b(c);
      Location loc = c.getLoc();
      Value n = SizeOp::create(b, loc, b.getIndexType(), c.getSrc(), DenseI32ArrayAttr());
      Value zero = arith::ConstantIndexOp::create(b, loc, 0), one = arith::ConstantIndexOp::create(b, loc, 1);
      auto loop = scf::ForOp::create(b, loc, zero, n, one);
      b.setInsertionPointToStart(loop.getBody());
      Value i = loop.getInductionVar();
      Type element = cast<CuteMemRefType>(c.getSrc().getType()).getElementType();
      if (Value pred = c.getPred()) {
        Value p = MemRefLoadOp::create(b, loc, b.getI1Type(), pred, i);
        auto guard = scf::IfOp::create(b, loc, p, /*withElseRegion=*/false);
        b.setInsertionPointToStart(&guard.getThenRegion().front());
      }
      Value x = MemRefLoadOp::create(b, loc, element, c.getSrc(), i);
      MemRefStoreOp::create(b, loc, x, c.getDst(), i);
      c.erase();
    }
  }

  /// The universal atoms' calls as what they do: UniversalCopy copies its values
  /// (cute.copy, expanded below), UniversalFMA computes d = a * b + c on one value of one
  /// type. A target's atom (TargetAtomTypeInterface) and cute.gemm are the conversion's
  /// (lowerAtomCall); any other atom is an error here, before the conversion.
  LogicalResult expandUniversalAtomCalls() {
    SmallVector<Operation *> calls;
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (!isa<CopyAtomCallOp, MmaAtomCallOp, GemmOp>(op))
        return;
      Type atom = op->getOperand(0).getType();
      if (isa<TargetAtomTypeInterface>(innermostAtom(atom)))
        return;
      bool universal =
          isa<CopyAtomCallOp>(op)
              ? StringRef(cast<CopyAtomTypeInterface>(atom).getCopyAtom().name).starts_with("UniversalCopy")
              : cast<MmaAtomTypeInterface>(atom).getMmaAtom().name == "UniversalFMA";
      if (!universal) {
        op->emitOpError("cannot be lowered: the atom ")
            << atom << " is lowered by its target's dialect (a cute_nvgpu atom type; only UniversalCopy and "
            << "UniversalFMA lower to loads and stores here)";
        ok = false;
        return;
      }
      auto element = [](Value v) { return cast<CuteMemRefType>(v.getType()).getElementType(); };
      if (!isa<CopyAtomCallOp>(op) && !llvm::all_of(op->getOperands().drop_front(), [&](Value v) {
            return element(v) == element(op->getOperand(1));
          })) {
        op->emitOpError("cannot be lowered: UniversalFMA with mixed value types");
        ok = false;
        return;
      }
      if (!isa<GemmOp>(op))
        calls.push_back(op);
    });
    if (!ok)
      return failure();
    for (Operation *op : calls) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto c = dyn_cast<CopyAtomCallOp>(op)) {
        CopyOp::create(b, loc, c.getSrc(), c.getDst(), Value());
      } else {
        auto m = cast<MmaAtomCallOp>(op);
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        Type type = cast<CuteMemRefType>(m.getD().getType()).getElementType();
        auto load = [&](Value v) { return MemRefLoadOp::create(b, loc, type, v, zero).getResult(); };
        Value x = load(m.getA()), y = load(m.getB()), acc = load(m.getC());
        Value r = isa<FloatType>(type)
                      ? arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, x, y), acc).getResult()
                      : arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y), acc).getResult();
        MemRefStoreOp::create(b, loc, r, m.getD(), zero);
      }
      op->erase();
    }
    return success();
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (failed(checkStructure()))
      return signalPassFailure();
    if (failed(expandUniversalAtomCalls()))
      return signalPassFailure();
    expandCopies();
    TypeConverter converter;
    converter.addConversion([](Type t) { return t; });
    converter.addConversion([ctx](CuteTypeInterface t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
      const TypeValue &v = t.getTypeValue();
      if (!v.hasValue()) // no structure to expand into (checkStructure reports it)
        return failure();
      out.append(v.dynamicDivisors().size(), IndexType::get(ctx));
      return success();
    });
    // Views (docs/lowering.md#views): a pointer is an LLVM pointer; a memref its pointer
    // then its layout's runtime leaves; a coordinate tensor its iterator's then its layout's.
    converter.addConversion([](PtrType t) -> Type { return llvmPointer(t); });
    // Atoms and their tiled forms are static: no runtime value.
    converter.addConversion([](Type t, SmallVectorImpl<Type> &) -> std::optional<LogicalResult> {
      if (isa<MmaAtomTypeInterface, CopyAtomTypeInterface>(t))
        return success();
      return std::nullopt;
    });
    converter.addConversion([ctx](CuteMemRefType t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
      if (!t.getLayoutValue().hasValue())
        return failure();
      out.push_back(llvmPointer(t.getIterator()));
      out.append(t.getLayoutValue().dynamicDivisors().size(), IndexType::get(ctx));
      return success();
    });
    converter.addConversion([ctx](CoordTensorType t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
      if (!t.getLayoutValue().hasValue() || !t.getIteratorValue().hasValue())
        return failure();
      out.append(t.getIteratorValue().dynamicDivisors().size() + t.getLayoutValue().dynamicDivisors().size(),
                 IndexType::get(ctx));
      return success();
    });

    ConversionTarget target(*ctx);
    target.addIllegalDialect<CuteDialect>();
    target.addLegalDialect<arith::ArithDialect, scf::SCFDialect, LLVM::LLVMDialect, memref::MemRefDialect>();
    target.addLegalOp<cf::AssertOp>();
    RewritePatternSet patterns(ctx);
    patterns.add<ExpandCuteOp>(converter, ctx, runtimeChecks);
    patterns.add<ExpandFunction>(converter, ctx);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType()) && converter.isLegal(&f.getBody());
    });
    populateCallOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::CallOp>([&](func::CallOp c) { return converter.isLegal(c); });
    populateReturnOpTypeConversionPattern(patterns, converter);
    patterns.add<ExpandBranch, ExpandCondBranch>(converter, ctx);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return isNotBranchOpInterfaceOrReturnLikeOp(op) ||
             isLegalForBranchOpInterfaceTypeConversionPattern(op, converter) ||
             isLegalForReturnOpTypeConversionPattern(op, converter);
    });
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
