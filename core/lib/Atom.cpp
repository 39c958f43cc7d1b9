// MMA atoms as data and the tiled MMA's algebra (Atom.h), all through the core's layout
// operations: each step is one of CuTe's, in CuTe's order.
#include "cutelayout/Atom.h"

#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"

#include <cstring>
#include <vector>

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN

namespace {

/// A static layout from CuTe's notation (the atoms' tables below are CuTe's traits); a
/// shape alone is its compact column-major layout, as CuTe's Layout<Shape<...>>.
Layout L(const char *text) {
  ParseOptions options;
  if (Expected<Layout> l = parseLayout(text, options))
    return *l;
  Expected<IntTuple> shape = parseIntTuple(text, options);
  return shape ? makeLayout(*shape) : Layout{};
}

struct AtomData {
  const char *name, *shape, *thr, *a, *b, *c;
  const char *typeA, *typeB, *typeC; // CuTe's ValTypeA/B/C ("" for any)
};

// CUTLASS's MMA_Traits, transcribed (cute/atom/mma_traits_sm80.hpp, mma_traits.hpp).
constexpr AtomData kAtoms[] = {
    {"SM80_16x8x16_F16F16F16F16_TN", "(16,8,16)", "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))",
     "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", "half_t", "half_t", "half_t"},
    {"SM80_16x8x16_F32F16F16F32_TN", "(16,8,16)", "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))",
     "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", "half_t", "half_t", "float"},
    {"SM80_16x8x8_F16F16F16F16_TN", "(16,8,8)", "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)",
     "((4,8),(2,2)):((32,1),(16,8))", "half_t", "half_t", "half_t"},
    {"SM80_16x8x8_F32TF32TF32F32_TN", "(16,8,8)", "32:1", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)",
     "((4,8),(2,2)):((32,1),(16,8))", "tfloat32_t", "tfloat32_t", "float"},
    {"SM80_16x8x16_F32BF16BF16F32_TN", "(16,8,16)", "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))",
     "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", "bfloat16_t", "bfloat16_t", "float"},
    {"SM80_16x8x8_F32BF16BF16F32_TN", "(16,8,8)", "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)",
     "((4,8),(2,2)):((32,1),(16,8))", "bfloat16_t", "bfloat16_t", "float"},
    {"UniversalFMA", "(1,1,1)", "1:0", "(1,1):(0,0)", "(1,1):(0,0)", "(1,1):(0,0)", "", "", ""},
};

/// A layout of extent n with unit stride: CuTe's make_layout(n).
Tiler extent(Int n) { return tilerFromShape(IntTuple(n)); }

/// CuTe's permutation_mnk<i>: the permutation's mode i, or for `_` the extent
/// size<i>(AtomShape_MNK) * size<i+1>(thrLayoutVMNK).
Tiler permutationOf(const TiledMma &m, uint32_t i) {
  Tiler p = m.permutationMNK.child(i);
  if (!p.isUnderscore())
    return p;
  Int n = mul(m.atom.shapeMNK.child(i).asInt(), size(m.thrLayoutVMNK.mode(i + 1)));
  return extent(n);
}

Tiler tile2(Tiler a, Tiler b) {
  Tiler t[2] = {std::move(a), std::move(b)};
  return makeTile(t, 2);
}

/// Which modes of (M, N, K) an operand's tile has: C (M,N), A (M,K), B (N,K).
void operandModes(char which, uint32_t &first, uint32_t &second) {
  first = which == 'B' ? 1 : 0;
  second = which == 'C' ? 1 : 2;
}

/// CuTe's thridx_2_thrid: thread index -> the thread's (V,M,N,K) index, as a (size, 1) layout.
Expected<Layout> threadIndexToId(const TiledMma &m) {
  const Layout &thr = m.thrLayoutVMNK;
  Layout full = concat(thr, CL_TRY(complement(thr)));
  Layout inverse = CL_TRY(rightInverse(full));
  IntTuple shape = IntTuple::makeTuple({IntTuple(size(thr)), IntTuple(Int::fixed(1))});
  IntTuple stride = IntTuple::makeTuple({IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))});
  return composition(CL_TRY(makeLayout(shape, stride)), inverse);
}

} // namespace

namespace {
std::vector<MmaAtom> &registeredMmaAtoms() {
  static std::vector<MmaAtom> atoms;
  return atoms;
}

/// What the algebra relies on in an atom registered at run time: static layouts, each
/// thread-value layout of rank 2 over all of thrID's threads.
Expected<bool> checkAtomLayouts(const std::string &name, const Layout &thrID,
                                std::initializer_list<const Layout *> threadValue) {
  if (name.empty())
    return makeError("an atom needs a name");
  for (const Layout *l : threadValue) {
    if (!isStatic(l->shape) || !isStatic(l->stride) || !isStatic(thrID.shape) || !isStatic(thrID.stride))
      return makeError("an atom's layouts are static, not " + print(*l));
    if (l->rank() != 2 || size(l->mode(0)).value != size(thrID).value)
      return makeError("a thread-value layout of " + name + " has rank 2 and " + std::to_string(size(thrID).value) +
                       " threads, not " + print(*l));
  }
  return true;
}
} // namespace

bool isMmaAtomName(std::string_view name) {
  for (const AtomData &d : kAtoms)
    if (name == d.name)
      return true;
  for (const MmaAtom &a : registeredMmaAtoms())
    if (name == a.name)
      return true;
  return false;
}

Expected<bool> registerMmaAtom(MmaAtom atom) {
  if (atom.shapeMNK.rank() != 3 || !isStatic(atom.shapeMNK))
    return makeError("an MMA atom needs a static (M,N,K) shape, not " + print(atom.shapeMNK));
  CL_TRY(checkAtomLayouts(atom.name, atom.thrID, {&atom.layoutA_TV, &atom.layoutB_TV, &atom.layoutC_TV}));
  registeredMmaAtoms().push_back(std::move(atom));
  return true;
}

Expected<MmaAtom> mmaAtom(std::string_view name) {
  for (const MmaAtom &a : registeredMmaAtoms())
    if (name == a.name)
      return a;
  for (const AtomData &d : kAtoms)
    if (name == d.name) {
      ParseOptions options;
      IntTuple shape = CL_TRY(parseIntTuple(d.shape, options));
      return MmaAtom{d.name, shape, L(d.thr), L(d.a), L(d.b), L(d.c), d.typeA, d.typeB, d.typeC};
    }
  std::string known;
  for (const AtomData &d : kAtoms)
    known += std::string(known.empty() ? "" : ", ") + d.name;
  return makeError("unknown MMA atom " + std::string(name) + " (known: " + known + ")");
}

Expected<TiledMma> makeTiledMma(const MmaAtom &atom, const Layout &atomLayoutMNK, const Tiler *permutationMNK) {
  if (!isStatic(atomLayoutMNK.shape) || !isStatic(atomLayoutMNK.stride))
    return makeError("the atom layout " + print(atomLayoutMNK) + " must be static");
  if (atomLayoutMNK.rank() > 3)
    return makeError("the atom layout " + print(atomLayoutMNK) + " has rank " + std::to_string(atomLayoutMNK.rank()) +
                     "; CuTe's TiledMMA takes rank 3 (M, N, K)");
  Layout mnk = appendTo(atomLayoutMNK, 3);
  TiledMma m;
  m.atom = atom;
  m.thrLayoutVMNK = CL_TRY(tiledProduct(atom.thrID, tilerFromLayout(mnk)));
  if (permutationMNK) {
    if (!permutationMNK->isTuple() || permutationMNK->rank() != 3)
      return makeError("the permutation " + print(*permutationMNK) + " must have three modes (M, N, K)");
    for (uint32_t i = 0; i < 3; ++i) {
      Tiler p = permutationMNK->child(i);
      if (!p.isUnderscore() && !(isStatic(p.layout.shape) && isStatic(p.layout.stride)))
        return makeError("the permutation " + print(*permutationMNK) + " must be static");
    }
    m.permutationMNK = *permutationMNK;
  } else {
    Tiler u[3] = {underscoreTiler(), underscoreTiler(), underscoreTiler()};
    m.permutationMNK = makeTile(u, 3);
  }
  return m;
}

Int tileSize(const TiledMma &m, uint32_t i) { return product(shape(permutationOf(m, i))); }

Expected<Layout> thrfrg(const TiledMma &m, char which, const Layout &l) {
  if (l.rank() < 2)
    return makeError("thrfrg_" + std::string(1, which) + " takes a layout of rank 2 or more, not " + print(l));
  uint32_t first, second;
  operandModes(which, first, second);
  // (PermFirst, PermSecond), then ((AtomFirst, AtomSecond), (Rest...)).
  Layout t = CL_TRY(logicalDivide(l, tile2(permutationOf(m, first), permutationOf(m, second))));
  Layout c = CL_TRY(zippedDivide(
      t, tile2(extent(m.atom.shapeMNK.child(first).asInt()), extent(m.atom.shapeMNK.child(second).asInt()))));
  // ((ThrV, FrgV), (Rest...)).
  Layout tv = CL_TRY(composition(c, tile2(tilerFromLayout(atomLayoutTV(m.atom, which)), underscoreTiler())));
  // ((ThrV, (ThrFirst, ThrSecond)), (FrgV, (Rest...))).
  Int firstThreads = size(m.thrLayoutVMNK.mode(first + 1)); // before the second's (F16)
  Tiler threads = tile2(extent(firstThreads), extent(size(m.thrLayoutVMNK.mode(second + 1))));
  return zippedDivide(tv, tile2(underscoreTiler(), threads));
}

const Layout &atomLayoutTV(const MmaAtom &a, char which) {
  return which == 'A' ? a.layoutA_TV : which == 'B' ? a.layoutB_TV : a.layoutC_TV;
}

IntTuple operandTile(const TiledMma &m, char which) {
  uint32_t first, second;
  operandModes(which, first, second);
  return IntTuple::makeTuple({IntTuple(tileSize(m, first)), IntTuple(tileSize(m, second))});
}

Expected<Layout> layoutTV(const TiledMma &m, char which) {
  uint32_t first, second;
  operandModes(which, first, second);
  Layout ref = makeLayout(IntTuple::makeTuple({IntTuple(tileSize(m, first)), IntTuple(tileSize(m, second))}));
  Layout frg = CL_TRY(thrfrg(m, which, ref));
  if (which != 'C') {
    // A is the same for every thread along N, B along M: those thread modes broadcast.
    const Layout &thr = m.thrLayoutVMNK;
    Int sm = size(thr.mode(1)), sn = size(thr.mode(2));
    IntTuple shape = IntTuple::makeTuple({IntTuple(sm), IntTuple(sn)});
    IntTuple stride = which == 'A' ? IntTuple::makeTuple({IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))})
                                   : IntTuple::makeTuple({IntTuple(Int::fixed(0)), IntTuple(Int::fixed(1))});
    Tiler inner = tile2(tilerFromLayout(CL_TRY(makeLayout(shape, stride))), underscoreTiler());
    frg = CL_TRY(composition(frg, tile2(tile2(underscoreTiler(), inner), underscoreTiler())));
  }
  return composition(frg, tile2(tilerFromLayout(CL_TRY(threadIndexToId(m))), underscoreTiler()));
}

Expected<Tensor> partition(const TiledMma &m, char which, Int thread, const Tensor &t) {
  const Layout &thr = m.thrLayoutVMNK;
  Int threads = size(thr);
  if (reportViolation(thread.isStatic) && (thread.value < 0 || thread.value >= threads.value))
    return makeError("thread " + std::to_string(thread.value) + " is outside the tiled MMA's " +
                     std::to_string(threads.value) + " threads");
  // CuTe's get_flat_coord: the thread's (v, m, n, k).
  IntTuple vmnk = CL_TRY(idx2crd(IntTuple(thread), thr.shape, thr.stride));
  uint32_t first, second;
  operandModes(which, first, second);
  Layout frg = CL_TRY(thrfrg(m, which, t.layout));
  // ((v, (first, second)), (_, (_, ...))): the thread's values over every rest mode.
  IntTuple threadCoord =
      IntTuple::makeTuple({IntTuple(vmnk.child(0)),
                           IntTuple::makeTuple({IntTuple(vmnk.child(first + 1)), IntTuple(vmnk.child(second + 1))})});
  uint32_t restRank = frg.shape.child(1).child(1).rank();
  IntTuple rest = IntTuple::makeTuple({IntTuple::underscore(), repeat(restRank, IntTuple::underscore())});
  IntTuple coord = IntTuple::makeTuple({threadCoord, rest});
  return slice(coord, withLayout(t, std::move(frg)));
}

// --- copy atoms --------------------------------------------------------------------------

namespace {

struct CopyData {
  const char *name, *thr, *src, *dst, *ref; // layouts in bits (CuTe's Copy_Traits)
};

// CUTLASS's Copy_Traits (cute/atom/copy_traits.hpp, copy_traits_sm75.hpp), transcribed.
constexpr CopyData kCopies[] = {
    {"UniversalCopy<uint8_t>", "1:0", "(1,8)", "(1,8)", "(1,8)"},
    {"UniversalCopy<uint16_t>", "1:0", "(1,16)", "(1,16)", "(1,16)"},
    {"UniversalCopy<uint32_t>", "1:0", "(1,32)", "(1,32)", "(1,32)"},
    {"UniversalCopy<uint64_t>", "1:0", "(1,64)", "(1,64)", "(1,64)"},
    {"UniversalCopy<uint128_t>", "1:0", "(1,128)", "(1,128)", "(1,128)"},
    {"SM75_U32x1_LDSM_N", "32:1", "((8,4),128):((128,0),1)", "(32,32):(32,1)", "(32,32):(32,1)"},
    {"SM75_U32x2_LDSM_N", "32:1", "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))", "(32,(32,2)):(32,(1,1024))"},
    {"SM75_U32x4_LDSM_N", "32:1", "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))", "(32,(32,4)):(32,(1,1024))"},
    {"SM75_U16x2_LDSM_T", "32:1", "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))",
     "((4,8),(16,2)):((256,16),(1,128))"},
    {"SM75_U16x4_LDSM_T", "32:1", "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))",
     "((4,8),(16,2,2)):((256,16),(1,128,1024))"},
    {"SM75_U16x8_LDSM_T", "32:1", "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))",
     "((4,8),(16,2,4)):((256,16),(1,128,1024))"},
    // cp.async: one thread, one value of the source type (CuTe's Copy_Traits of
    // SM80_CP_ASYNC_CACHEALWAYS<S,D> and _CACHEGLOBAL, copy_traits_sm80.hpp).
    {"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", "1:0", "(1,32)", "(1,32)", "(1,32)"},
    {"SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", "1:0", "(1,64)", "(1,64)", "(1,64)"},
    {"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "1:0", "(1,128)", "(1,128)", "(1,128)"},
    {"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "1:0", "(1,128)", "(1,128)", "(1,128)"},
};

/// A layout of bits as a layout of values of `bits` bits: CuTe's recast_layout<uint1_t, T>,
/// which must keep every thread (CuTe's Copy_Atom static assertion).
Expected<Layout> ofValues(const Layout &inBits, int64_t bits, const Layout &thrID, const char *which) {
  Layout values = CL_TRY(recastLayout(inBits, 1, bits));
  if (size(values.mode(0)).value != size(thrID).value)
    return makeError(std::string("values of ") + std::to_string(bits) + " bits split the copy's " + which +
                     " threads: " + print(values) + " (CuTe: CopyOperation is not valid for " + which + " of ValType)");
  return values;
}

/// CuTe's tile2thrfrg: the tiled layout_TV's atoms re-expressed through ref2trg, zipped into
/// (thread, value), composed with the tensor's tile mode and sliced to (thr, val, rest).
Expected<Layout> tile2thrfrg(const TiledCopy &c, const Layout &tensor, const Layout &ref2trg) {
  IntTuple atomShape =
      IntTuple::makeTuple({IntTuple(size(c.atom.layoutRef.mode(0))), IntTuple(size(c.atom.layoutRef.mode(1)))});
  Layout atomTV = CL_TRY(zippedDivide(c.layoutTV, tilerFromShape(atomShape)));
  Layout trgTV = CL_TRY(composition(atomTV, tile2(tilerFromLayout(ref2trg), underscoreTiler())));
  Layout zipped{CL_TRY(zip(trgTV.shape)), CL_TRY(zip(trgTV.stride))};
  IntTuple profile = IntTuple::makeTuple(
      {IntTuple(Int::fixed(1)), IntTuple::makeTuple({IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1))})});
  Layout thrval2mn = CL_TRY(coalesce(zipped, profile));
  Layout tv = CL_TRY(composition(tensor, tile2(tilerFromLayout(thrval2mn), underscoreTiler())));
  IntTuple all = IntTuple::makeTuple(
      {IntTuple::makeTuple({IntTuple::underscore(), IntTuple::underscore()}), IntTuple::underscore()});
  return slice(all, tv);
}

Expected<Layout> ref2trg(const CopyAtom &a, char which) {
  Layout inverse = CL_TRY(rightInverse(a.layoutRef));
  return composition(inverse, which == 'S' ? a.layoutSrc : a.layoutDst);
}

} // namespace

namespace {
struct RegisteredCopy {
  std::string name;
  Layout thr, src, dst, ref; // in bits
};
std::vector<RegisteredCopy> &registeredCopies() {
  static std::vector<RegisteredCopy> copies;
  return copies;
}
} // namespace

bool copyOperationTakesType(std::string_view name) {
  for (const CopyData &d : kCopies) {
    std::string_view known = d.name;
    if (known.size() > name.size() && known.substr(0, name.size()) == name && known[name.size()] == '<')
      return true;
  }
  return false;
}

bool isCopyOperationName(std::string_view name) {
  if (copyOperationTakesType(name))
    return true;
  for (const CopyData &d : kCopies)
    if (name == d.name)
      return true;
  for (const RegisteredCopy &r : registeredCopies())
    if (name == r.name)
      return true;
  return false;
}

Expected<bool> registerCopyOperation(std::string name, Layout thrID, Layout bitsSrc, Layout bitsDst, Layout bitsRef) {
  CL_TRY(checkAtomLayouts(name, thrID, {&bitsSrc, &bitsDst, &bitsRef}));
  registeredCopies().push_back({std::move(name), thrID, bitsSrc, bitsDst, bitsRef});
  return true;
}

Expected<CopyAtom> copyAtom(std::string_view op, int64_t valueBits) {
  if (valueBits <= 0)
    return makeError("a copy atom's value type needs a positive width, not " + std::to_string(valueBits));
  for (const RegisteredCopy &r : registeredCopies())
    if (op == r.name)
      return CopyAtom{r.name,
                      valueBits,
                      r.thr,
                      CL_TRY(ofValues(r.src, valueBits, r.thr, "Src")),
                      CL_TRY(ofValues(r.dst, valueBits, r.thr, "Dst")),
                      CL_TRY(ofValues(r.ref, valueBits, r.thr, "Ref"))};
  for (const CopyData &d : kCopies)
    if (op == d.name) {
      CopyAtom a{d.name, valueBits, L(d.thr), Layout{}, Layout{}, Layout{}};
      a.layoutSrc = CL_TRY(ofValues(L(d.src), valueBits, a.thrID, "Src"));
      a.layoutDst = CL_TRY(ofValues(L(d.dst), valueBits, a.thrID, "Dst"));
      a.layoutRef = CL_TRY(ofValues(L(d.ref), valueBits, a.thrID, "Ref"));
      return a;
    }
  std::string known;
  for (const CopyData &d : kCopies)
    known += std::string(known.empty() ? "" : ", ") + d.name;
  return makeError("unknown copy operation " + std::string(op) + " (known: " + known + ")");
}

Expected<bool> checkTiledCopy(const CopyAtom &atom, const Layout &layoutTV) {
  if (layoutTV.rank() != 2)
    return makeError("a tiled copy's thread-value layout has rank 2, not " + print(layoutTV));
  Int threads = size(layoutTV.mode(0)), values = size(layoutTV.mode(1));
  Int atomThreads = size(atom.layoutRef.mode(0)), atomValues = size(atom.layoutRef.mode(1));
  if (threads.isStatic && atomThreads.isStatic && threads.value % atomThreads.value != 0)
    return makeError("TiledCopy uses too few thrs for selected CopyAtom: " + std::to_string(threads.value) +
                     " threads in " + print(layoutTV) + " are not a multiple of " + atom.name + "'s " +
                     std::to_string(atomThreads.value));
  if (values.isStatic && atomValues.isStatic && values.value % atomValues.value != 0)
    return makeError("TiledCopy uses too few vals for selected CopyAtom: " + std::to_string(values.value) +
                     " values a thread in " + print(layoutTV) + " are not a multiple of " + atom.name + "'s " +
                     std::to_string(atomValues.value));
  return true;
}

Expected<TiledCopy> makeTiledCopy(const CopyAtom &atom, const Layout &threads, const Layout &values) {
  for (const Layout *l : {&threads, &values})
    if (!isStatic(l->shape) || !isStatic(l->stride))
      return makeError("the thread and value layouts must be static, not " + print(*l));
  // (M,N) -> (thread, value), inverted to (thread, value) -> (M,N).
  Layout mn = CL_TRY(rakedProduct(threads, values));
  Layout inverse = CL_TRY(rightInverse(mn));
  Layout tv =
      CL_TRY(composition(inverse, makeLayout(IntTuple::makeTuple({IntTuple(size(threads)), IntTuple(size(values))}))));
  CL_TRY(checkTiledCopy(atom, tv));
  return TiledCopy{atom, std::move(tv), productEach(mn.shape)};
}

Expected<TiledCopy> makeTiledCopyFor(const CopyAtom &atom, const TiledMma &m, char which) {
  Layout tv = CL_TRY(layoutTV(m, which));
  CL_TRY(checkTiledCopy(atom, tv));
  return TiledCopy{atom, std::move(tv), operandTile(m, which)};
}

Expected<Layout> layoutTV(const TiledCopy &c, char which) {
  Layout ref = makeLayout(IntTuple::makeTuple({c.tilerMN, IntTuple(Int::fixed(1))}));
  Layout frg = CL_TRY(tile2thrfrg(c, ref, CL_TRY(ref2trg(c.atom, which))));
  IntTuple first = IntTuple::makeTuple({IntTuple::underscore(), IntTuple::underscore(), IntTuple(Int::fixed(0))});
  return slice(first, frg);
}

Expected<Tensor> partition(const TiledCopy &c, char which, Int thread, const Tensor &t) {
  Int threads = size(c.layoutTV.mode(0));
  if (reportViolation(thread.isStatic) && (thread.value < 0 || thread.value >= threads.value))
    return makeError("thread " + std::to_string(thread.value) + " is outside the tiled copy's " +
                     std::to_string(threads.value) + " threads");
  if (t.layout.rank() < c.tilerMN.rank())
    return makeError("the tensor's layout " + print(t.layout) + " has fewer modes than the tile " + print(c.tilerMN));
  Layout zipped = CL_TRY(zippedDivide(t.layout, tilerFromShape(c.tilerMN)));
  Layout frg = CL_TRY(tile2thrfrg(c, zipped, CL_TRY(ref2trg(c.atom, which))));
  // (thread, _, (_, ... one per mode of the tensor)).
  IntTuple coord =
      IntTuple::makeTuple({IntTuple(thread), IntTuple::underscore(), repeat(t.layout.rank(), IntTuple::underscore())});
  return slice(coord, withLayout(t, std::move(frg)));
}

std::string print(const CopyAtom &a, Style style) {
  std::string out = "Copy_Atom\n";
  out += "  ThrID:        " + print(a.thrID, style) + "\n";
  out += "  ValLayoutSrc: " + print(a.layoutSrc, style) + "\n";
  out += "  ValLayoutDst: " + print(a.layoutDst, style) + "\n";
  out += "  ValLayoutRef: " + print(a.layoutRef, style) + "\n";
  out += "  ValueType:    " + std::to_string(a.valueBits) + "b";
  return out;
}

std::string print(const TiledCopy &c, Style style) {
  std::string out = "TiledCopy\n";
  out += "  Tiler_MN:       " + print(c.tilerMN, style) + "\n";
  out += "  TiledLayout_TV: " + print(c.layoutTV, style) + "\n";
  return out + print(c.atom, style);
}

Expected<Layout> makeMmaFragment(char which, const Layout &partitioned) {
  if (which == 'C')
    return makeLayout(partitioned.shape);
  return makeFragmentLike(partitioned);
}

Expected<Layout> partitionFragment(const TiledMma &m, char which, Int thread, const Tensor &t) {
  return makeMmaFragment(which, CL_TRY(partition(m, which, thread, t)).layout);
}

std::string print(const MmaAtom &a, Style style) {
  std::string out = "MMA_Atom\n";
  out += "  ThrID:      " + print(a.thrID, style) + "\n";
  out += "  Shape_MNK:  " + print(a.shapeMNK, style) + "\n";
  out += "  LayoutA_TV: " + print(a.layoutA_TV, style) + "\n";
  out += "  LayoutB_TV: " + print(a.layoutB_TV, style) + "\n";
  out += "  LayoutC_TV: " + print(a.layoutC_TV, style);
  return out;
}

std::string print(const TiledMma &m, Style style) {
  std::string out = "TiledMMA\n";
  out += "  ThrLayoutVMNK:  " + print(m.thrLayoutVMNK, style) + "\n";
  out += "  PermutationMNK: " + print(m.permutationMNK, style) + "\n";
  return out + print(m.atom, style);
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
