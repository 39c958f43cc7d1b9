// Tests of Atom.h: MMA atoms as data and the tiled MMA's thread-value layouts, tile sizes
// and per-thread partitions. Every expected value is CuTe's own answer (CUTLASS printing
// the same expression, e.g. make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
// Layout<Shape<_2,_2,_1>>{}).get_layoutC_TV()), for several atoms, atom layouts,
// permutations and threads; the partitions are of counting tensors (CuTe's
// get_slice(t).partition_C(make_tensor(counting_iterator<int>(0), L))).
#include "cutelayout/Atom.h"

#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"

#include <gtest/gtest.h>

#include <string>

using namespace cutelayout;

namespace {

TiledMma tiled(const char *atom, const char *atomLayout, const char *permutation = nullptr) {
  Expected<MmaAtom> a = mmaAtom(atom);
  EXPECT_TRUE(a.ok()) << atom;
  ParseOptions options;
  Expected<Layout> l = parseLayout(atomLayout, options);
  if (!l) // a shape alone: CuTe's Layout<Shape<...>> (compact column-major)
    l = makeLayout(*parseIntTuple(atomLayout, options));
  Tiler perm;
  if (permutation)
    perm = tilerFromShape(*parseIntTuple(permutation, options));
  Expected<TiledMma> m = makeTiledMma(*a, *l, permutation ? &perm : nullptr);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return *m;
}

std::string tv(const TiledMma &m, char which) {
  Expected<Layout> l = layoutTV(m, which);
  return l ? print(*l, Style::Cute) : "error: " + l.error().message;
}

std::string part(const TiledMma &m, char which, int64_t thread, const char *layout, bool dynamic = false) {
  ParseOptions options;
  options.plainIsDynamic = dynamic; // plain integers as runtime ints (CuTe's int)
  Expected<Layout> l = parseLayout(layout, options);
  if (!l)
    l = makeLayout(*parseIntTuple(layout, options));
  Expected<Tensor> t = partition(m, which, Int::fixed(thread), *makeCountingTensor(Int::dynamic(0), *l));
  return t ? print(*t, Style::Cute) : "error: " + t.error().message;
}

TEST(Atom, AtomsAreCuTesTraits) {
  EXPECT_EQ(print(*mmaAtom("SM80_16x8x16_F16F16F16F16_TN"), Style::Cute),
            "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n"
            "  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n"
            "  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n"
            "  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
  EXPECT_EQ(print(mmaAtom("SM80_16x8x8_F32TF32TF32F32_TN")->layoutB_TV, Style::Cute), "((_4,_8),_2):((_8,_1),_32)");
  EXPECT_EQ(print(mmaAtom("UniversalFMA")->thrID, Style::Cute), "_1:_0");
  EXPECT_FALSE(mmaAtom("SM90_64x128x16").ok());
}

// CuTe's ValTypeA/B/C of each atom (MMA_Traits), so a dialect can check value types.
TEST(Atom, ValueTypesAreCuTesTraits) {
  Expected<MmaAtom> f32acc = mmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(f32acc->valueTypeA, "half_t");
  EXPECT_EQ(f32acc->valueTypeB, "half_t");
  EXPECT_EQ(f32acc->valueTypeC, "float");
  Expected<MmaAtom> tf32 = mmaAtom("SM80_16x8x8_F32TF32TF32F32_TN");
  EXPECT_EQ(tf32->valueTypeA, "tfloat32_t");
  EXPECT_EQ(tf32->valueTypeC, "float");
  EXPECT_EQ(mmaAtom("SM80_16x8x8_F16F16F16F16_TN")->valueTypeC, "half_t");
  EXPECT_EQ(mmaAtom("UniversalFMA")->valueTypeA, ""); // any
}

TEST(Atom, TiledMmaOfSm80) {
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  EXPECT_EQ(print(m.thrLayoutVMNK, Style::Cute), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
  EXPECT_EQ(tv(m, 'C'), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
  EXPECT_EQ(tv(m, 'A'), "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))");
  EXPECT_EQ(tv(m, 'B'), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))");
  EXPECT_EQ(tileSize(m, 0).value, 32);
  EXPECT_EQ(part(m, 'C', 37, "(_64,_64)"), "counting_iter(145) o ((_2,_2),_2,_4):((_64,_8),_32,_1024)");
  EXPECT_EQ(part(m, 'A', 127, "(_64,_32)"), "counting_iter(407) o ((_2,_2,_2),_2,_2):((_64,_8,_512),_32,_1024)");
  EXPECT_EQ(part(m, 'B', 0, "(_64,_32):(_32,_1)"), "counting_iter(0) o ((_2,_2),_4,_2):((_1,_8),_512,_16)");
  // Runtime extents: CuTe's make_layout(make_shape(128,128)).
  EXPECT_EQ(part(m, 'C', 100, "(128,128)", true), "counting_iter(1041) o ((_2,_2),4,8):((128,_8),_32,2048)");
}

TEST(Atom, PartitionFragments) {
  // CuTe: get_slice(37).partition_fragment_X(make_tensor(counting_iterator<int>(0), L)).layout()
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  auto frag = [&](char w, int64_t t, const char *l) {
    Expected<Layout> f = partitionFragment(m, w, Int::fixed(t), *makeCountingTensor(Int::dynamic(0), *parseLayout(l)));
    return f ? print(*f, Style::Cute) : "error: " + f.error().message;
  };
  EXPECT_EQ(frag('C', 37, "(_64,_64):(_1,_64)"), "((_2,_2),_2,_4):((_1,_2),_4,_8)");
  EXPECT_EQ(frag('A', 37, "(_64,_32):(_1,_64)"), "((_2,_2,_2),_2,_2):((_1,_2,_4),_8,_16)");
  EXPECT_EQ(frag('B', 37, "(_64,_32):(_32,_1)"), "((_2,_2),_4,_2):((_1,_2),_8,_4)");
  // C's fragment is compact column-major whatever the tile's strides (make_fragment_C), not
  // make_fragment_like of the partition (which gave ((_2,_2),_2,_4):((_1,_2),_16,_4) here).
  EXPECT_EQ(frag('C', 37, "(_64,_64):(_64,_1)"), "((_2,_2),_2,_4):((_1,_2),_4,_8)");
}

TEST(Atom, AtomLayoutWithStrides) {
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(2,1,0)");
  EXPECT_EQ(tv(m, 'C'), "(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_64,_1),_256,_16),((_32,_8),(_0,_0)))");
}

TEST(Atom, UniversalFma) {
  TiledMma m = tiled("UniversalFMA", "(16,8,1)");
  EXPECT_EQ(tv(m, 'C'), "(_128,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
  EXPECT_EQ(tv(m, 'A'), "((_16,_8),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))");
  EXPECT_EQ(tv(m, 'B'), "((_16,_8),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))");
  EXPECT_EQ(part(m, 'C', 5, "(_32,_32)"), "counting_iter(5) o (_1,_2,_4):(_0,_16,_256)");
  EXPECT_EQ(part(m, 'A', 77, "(_32,_8)"), "counting_iter(13) o (_1,_2,_8):(_0,_16,_32)");
}

TEST(Atom, Permutations) {
  TiledMma m = tiled("SM80_16x8x8_F16F16F16F16_TN", "(2,1,1)", "(32,32,8)");
  EXPECT_EQ(tv(m, 'C'), "((_4,_8,_2),((_2,_2),(_1,_4))):((_64,_1,_16),((_32,_8),(_0,_256)))");
  EXPECT_EQ(tv(m, 'B'), "((_4,_8,_2),(_2,(_4,_1))):((_64,_1,_0),(_32,(_8,_0)))");
  EXPECT_EQ(tileSize(m, 1).value, 32);
  EXPECT_EQ(part(m, 'B', 45, "(_64,_16)"), "counting_iter(131) o (_2,_8,_2):(_64,_8,_512)");
  TiledMma tf32 = tiled("SM80_16x8x8_F32TF32TF32F32_TN", "(1,4,1)");
  EXPECT_EQ(tv(tf32, 'A'), "((_4,_8,_4),((_2,_2),(_1,_1))):((_16,_1,_0),((_8,_64),(_0,_0)))");
}

TEST(Atom, Errors) {
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  EXPECT_EQ(part(m, 'C', 128, "(_64,_64)"), "error: thread 128 is outside the tiled MMA's 128 threads");
  EXPECT_FALSE(makeTiledMma(*mmaAtom("UniversalFMA"), makeLayout(*parseIntTuple("(2,2,2,2)")), nullptr).ok());
  EXPECT_FALSE(layoutTV(m, 'C').ok() && thrfrg(m, 'C', makeLayout(*parseIntTuple("64"))).ok());
}

} // namespace

namespace {

Layout layoutOf(const char *text) {
  ParseOptions options;
  Expected<Layout> l = parseLayout(text, options);
  return l ? *l : makeLayout(*parseIntTuple(text, options));
}

std::string copyTV(const TiledCopy &c, char which) {
  Expected<Layout> l = layoutTV(c, which);
  return l ? print(*l, Style::Cute) : "error: " + l.error().message;
}

std::string copyPart(const TiledCopy &c, char which, int64_t thread, const char *layout) {
  Expected<Tensor> t = partition(c, which, Int::fixed(thread), *makeCountingTensor(Int::dynamic(0), layoutOf(layout)));
  return t ? print(*t, Style::Cute) : "error: " + t.error().message;
}

TEST(CopyAtom, AtomsAreCuTesTraitsInValues) {
  EXPECT_EQ(print(*copyAtom("UniversalCopy<uint128_t>", 16), Style::Cute),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8):(_0,_1)\n  ValLayoutDst: (_1,_8):(_0,_1)\n"
            "  ValLayoutRef: (_1,_8):(_0,_1)\n  ValueType:    16b");
  CopyAtom ldsm = *copyAtom("SM75_U32x4_LDSM_N", 16);
  EXPECT_EQ(print(ldsm.layoutSrc, Style::Cute), "(_32,_8):(_8,_1)");
  EXPECT_EQ(print(ldsm.layoutDst, Style::Cute), "(_32,(_2,_4)):(_2,(_1,_64))");
  // CuTe's static assertion: 64-bit values would split LDSM's threads.
  EXPECT_FALSE(copyAtom("SM75_U32x4_LDSM_N", 64).ok());
  EXPECT_FALSE(copyAtom("SM90_TMA_LOAD", 16).ok());
}

TEST(CopyAtom, TiledCopy) {
  TiledCopy c = *makeTiledCopy(*copyAtom("UniversalCopy<uint128_t>", 16), layoutOf("(32,8):(8,1)"), layoutOf("(1,8)"));
  EXPECT_EQ(print(c.tilerMN, Style::Cute), "(_32,_64)");
  EXPECT_EQ(print(c.layoutTV, Style::Cute), "((_8,_32),_8):((_256,_1),_32)");
  EXPECT_EQ(copyTV(c, 'S'), "((_8,_32),(_8,_1)):((_256,_1),(_32,_0))");
  EXPECT_EQ(copyPart(c, 'S', 5, "(_128,_64):(_64,_1)"), "counting_iter(40) o ((_8,_1),_4,_1):((_1,_0),_2048,_0)");
  TiledCopy f = *makeTiledCopy(*copyAtom("UniversalCopy<uint32_t>", 32), layoutOf("(16,8)"), layoutOf("(4,1)"));
  EXPECT_EQ(copyTV(f, 'D'), "(_128,(_1,_4)):(_4,(_0,_1))");
  EXPECT_EQ(copyPart(f, 'D', 77, "(_128,_64)"), "counting_iter(564) o ((_1,_4),_2,_8):((_0,_1),_64,_1024)");
  EXPECT_EQ(copyPart(f, 'D', 128, "(_128,_64)"), "error: thread 128 is outside the tiled copy's 128 threads");
}

TEST(CopyAtom, TiledCopyOfTiledMma) {
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  TiledCopy a = *makeTiledCopyFor(*copyAtom("SM75_U32x4_LDSM_N", 16), m, 'A');
  EXPECT_EQ(print(a.tilerMN, Style::Cute), "(_32,_16)");
  EXPECT_EQ(copyTV(a, 'S'), "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))");
  EXPECT_EQ(copyPart(a, 'S', 37, "(_64,_32)"), "counting_iter(21) o ((_8,_1),_2,_2):((_64,_0),_32,_1024)");
  EXPECT_EQ(copyPart(a, 'D', 37, "(_64,_32)"),
            "counting_iter(145) o (((_2,_2,_2),_1),_2,_2):(((_64,_8,_512),_0),_32,_1024)");
  TiledCopy c = *makeTiledCopyFor(*copyAtom("UniversalCopy<uint32_t>", 16), m, 'C');
  EXPECT_EQ(copyTV(c, 'D'), "((_4,_8,_2,_2),(_2,_2)):((_64,_1,_16,_256),(_32,_8))");
  TiledCopy b = *makeTiledCopyFor(*copyAtom("SM75_U32x2_LDSM_N", 16), m, 'B');
  EXPECT_EQ(copyTV(b, 'S'), "((_8,_2,_4,_2),(_8,_1)):((_1,_128,_0,_8),(_16,_0))");
}

// CuTe's TiledCopy assertions: a thread's 4 values of B are too few for the x4 ldmatrix's
// 8 ("TiledCopy uses too few vals for selected CopyAtom", a compile error in CuTe); a
// permutation that doubles N gives 8 and CuTe's layout.
TEST(CopyAtom, TiledCopyNeedsWholeAtoms) {
  TiledMma m = tiled("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)");
  Expected<TiledCopy> b = makeTiledCopyFor(*copyAtom("SM75_U32x4_LDSM_N", 16), m, 'B');
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("TiledCopy uses too few vals for selected CopyAtom"), std::string::npos);
  Expected<TiledCopy> threads =
      makeTiledCopy(*copyAtom("SM75_U32x4_LDSM_N", 16), *parseLayout("(16,1):(1,0)", ParseOptions{}),
                    *parseLayout("(1,8):(0,1)", ParseOptions{}));
  ASSERT_FALSE(threads.ok());
  EXPECT_NE(threads.error().message.find("TiledCopy uses too few thrs for selected CopyAtom"), std::string::npos);
}

} // namespace

namespace {

TEST(Atom, RegisteredAtoms) {
  // A target registers its instructions as data: here CuTe's SM80_8x8x4_F64F64F64F64_TN
  // (MMA_Traits: Shape (8,8,4), ThrID 32:1, A ((4,8),1):((8,1),0), B likewise, C
  // ((4,8),2):((16,1),8)) and an SM90-style 4x8x8-bit copy as 32 threads of 128 bits.
  MmaAtom dmma{"SM80_8x8x4_F64F64F64F64_TN",
               *parseIntTuple("(8,8,4)"),
               layoutOf("32:1"),
               layoutOf("((4,8),1):((8,1),0)"),
               layoutOf("((4,8),1):((8,1),0)"),
               layoutOf("((4,8),2):((16,1),8)"),
               "double",
               "double",
               "double"};
  ASSERT_TRUE(registerMmaAtom(dmma).ok());
  TiledMma m = tiled("SM80_8x8x4_F64F64F64F64_TN", "(2,2,1)");
  // CuTe: make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2,_2,_1>>{}).get_layoutC_TV()
  EXPECT_EQ(tv(m, 'C'), "((_4,_16,_2),(_2,(_1,_1))):((_32,_1,_128),(_16,(_0,_0)))");
  MmaAtom bad = dmma;
  bad.name = "broken";
  bad.layoutC_TV = layoutOf("(16,2):(1,16)");
  EXPECT_FALSE(registerMmaAtom(bad).ok());
  ASSERT_TRUE(registerCopyOperation("TEST_U32x4", layoutOf("32:1"), layoutOf("(32,128):(128,1)"),
                                    layoutOf("(32,128):(128,1)"), layoutOf("(32,128):(128,1)"))
                  .ok());
  EXPECT_EQ(print(copyAtom("TEST_U32x4", 16)->layoutSrc, Style::Cute), "(_32,_8):(_8,_1)");
  EXPECT_FALSE(registerCopyOperation("bad", layoutOf("32:1"), layoutOf("(16,128):(128,1)"),
                                     layoutOf("(32,128):(128,1)"), layoutOf("(32,128):(128,1)"))
                   .ok());
}

} // namespace
