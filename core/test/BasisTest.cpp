// Unit and property tests of Basis.h: scaled-basis stride leaves (CuTe's ScaledBasis, E<...>),
// their notation, arithmetic and the algebra on layouts with basis strides. Expected values
// are CuTe's own answers (printed by CUTLASS for the same C++ expressions); the properties
// run over seeded random shapes and layouts.
#include "cutelayout/Basis.h"
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <string>

using namespace cutelayout;

namespace {

Layout lay(const char *text) {
  Expected<Layout> l = parseLayout(text);
  EXPECT_TRUE(l.ok()) << text << ": " << (l.ok() ? "" : l.error().message);
  return l.ok() ? *l : Layout();
}
IntTuple tup(const char *text) {
  Expected<IntTuple> t = parseIntTuple(text);
  EXPECT_TRUE(t.ok()) << text << ": " << (t.ok() ? "" : t.error().message);
  return t.ok() ? *t : IntTuple();
}
std::string show(const Expected<Layout> &l) { return l.ok() ? print(*l, Style::Cute) : "error: " + l.error().message; }
std::string show(const Expected<IntTuple> &t) {
  return t.ok() ? print(*t, Style::Cute) : "error: " + t.error().message;
}
std::string parseError(const char *text) {
  Expected<Layout> l = parseLayout(text);
  return l.ok() ? "parsed " + print(*l, Style::Cute) : l.error().message;
}
Int basis(int64_t v, std::initializer_list<uint8_t> modes, bool isStatic = true) {
  BasisPath p;
  for (uint8_t m : modes)
    p.modes[p.size++] = m;
  Expected<Int> e = makeBasis(Int{v, isStatic}, p);
  EXPECT_TRUE(e.ok());
  return e.ok() ? *e : Int();
}

TEST(Basis, PathOrderAndPrint) {
  // CuTe: E<1,0>{} prints _1@0@1; the path is outermost first.
  EXPECT_EQ(print(basis(1, {1, 0}), Style::Cute), "_1@0@1");
  EXPECT_EQ(print(basis(3, {2}, false), Style::Cute), "3@2");
  EXPECT_EQ(print(basis(1, {0}), Style::Plain), "1@0");
  BasisPath p = basisPath(basis(1, {3, 1, 7, 0}));
  ASSERT_EQ(p.size, 4);
  EXPECT_EQ(p.modes[0], 3);
  EXPECT_EQ(p.modes[1], 1);
  EXPECT_EQ(p.modes[2], 7);
  EXPECT_EQ(p.modes[3], 0);
  EXPECT_EQ(basisPath(Int::fixed(4)).size, 0);
  EXPECT_FALSE(basis(1, {0}) == basis(1, {1}));
  EXPECT_FALSE(basis(1, {0}) == Int::fixed(1));
}

TEST(Basis, PathLimitsAreErrors) {
  BasisPath deep;
  deep.size = 5;
  EXPECT_FALSE(makeBasis(Int::fixed(1), deep).ok());
  EXPECT_FALSE(makeBasis(Int::fixed(1), BasisPath{}).ok());
  BasisPath big;
  big.modes[big.size++] = 8;
  EXPECT_EQ(makeBasis(Int::fixed(1), big).error().message, "scaled basis 1@8 names mode 8; modes 0 to 7 are supported");
}

TEST(Basis, Notation) {
  EXPECT_EQ(print(lay("(4,2):(_1@0,_1@1)"), Style::Cute), "(_4,_2):(_1@0,_1@1)");
  EXPECT_EQ(print(lay("((2,2),3):((_1@0@0,_1@1@0),_1@1)"), Style::Cute), "((_2,_2),_3):((_1@0@0,_1@1@0),_1@1)");
  EXPECT_EQ(print(lay("8:2@1"), Style::Cute), "_8:_2@1");
  EXPECT_EQ(print(lay("8:-2@1"), Style::Cute), "_8:_-2@1");
  // A runtime value keeps its basis; `?` too (MLIR types).
  ParseOptions dyn;
  dyn.plainIsDynamic = true;
  EXPECT_EQ(print(*parseLayout("(4,2):(1@0,_1@1)", dyn), Style::Cute), "(4,2):(1@0,_1@1)");
  ParseOptions types;
  types.allowUnknown = true;
  EXPECT_EQ(print(*parseLayout("(?,2):(?@0,1@1)", types), Style::Type), "(?,2):(?@0,1@1)");
  // Whitespace around `@`, as the slow parser reads it.
  EXPECT_EQ(print(lay("(4,2):(1 @ 0,1@1)"), Style::Cute), "(_4,_2):(_1@0,_1@1)");
}

TEST(Basis, NotationErrors) {
  EXPECT_EQ(parseError("(4,2):(1@,1@1)"), "column 10: expected a mode index after '@' but found ','");
  EXPECT_EQ(parseError("(4,2):(1@8,1@1)"), "column 9: a scaled basis names modes 0 to 7; found a larger mode index");
  EXPECT_EQ(parseError("4:1@0@0@0@0@0"), "column 4: a scaled basis names at most 4 modes");
  EXPECT_EQ(parseError("(4@0,2):(1,4)"), "column 1: the shape (4@0,2) holds a scaled basis; only strides can");
  EXPECT_FALSE(makeLayout(tup("(4@1,2)"), tup("(1,4)")).ok());
}

TEST(Basis, ArithmeticFollowsScaledBasis) {
  ArithScope scope;
  // CuTe: E<0>{} * _0 is _0@0, E<0>{} * 0 is 0@0, E<1>{} * -2 is -2@1.
  EXPECT_EQ(mul(basis(1, {0}), Int::fixed(0)), basis(0, {0}));
  EXPECT_EQ(mul(Int::fixed(0), basis(1, {0})), basis(0, {0}));
  EXPECT_EQ(mul(basis(1, {0}), Int::dynamic(0)), basis(0, {0}, false));
  EXPECT_EQ(mul(basis(1, {1}), Int::dynamic(-2)), basis(-2, {1}, false));
  EXPECT_EQ(mul(basis(3, {1}), Int::fixed(4)), basis(12, {1}));
  // _0 is the identity of +.
  EXPECT_EQ(add(basis(1, {0}), Int::fixed(0)), basis(1, {0}));
  EXPECT_FALSE(scope.failed());
  // Any other sum is not a stride: a recorded failure, never an integer result.
  (void)add(basis(4, {0}), Int::fixed(2));
  EXPECT_TRUE(scope.failed());
  EXPECT_EQ(scope.error("t").message, "a scaled basis is not an integer: 4@0 + 2 (in t)");
}

TEST(Basis, FailuresOfMisusedArithmetic) {
  // Every operator but a product with an integer and a sum with _0 refuses a basis (Int.h).
  for (auto f : {+[](Int a, Int b) { return add(a, b); }, +[](Int a, Int b) { return sub(a, b); },
                 +[](Int a, Int b) { return mul(a, b); }, +[](Int a, Int b) { return div(a, b); },
                 +[](Int a, Int b) { return mod(a, b); }, +[](Int a, Int b) { return min(a, b); },
                 +[](Int a, Int b) { return max(a, b); }, +[](Int a, Int b) { return ceilDiv(a, b); },
                 +[](Int a, Int b) { return safeDiv(a, b); }, +[](Int a, Int b) { return gcd(a, b); },
                 +[](Int a, Int b) { return lcm(a, b); }}) {
    ArithScope scope;
    (void)f(basis(1, {0}), basis(1, {1}));
    EXPECT_TRUE(scope.failed());
  }
}

TEST(Basis, ArithmeticTupleSums) {
  // CuTe: E<2>{} + E<0>{} = (_1,_0,_1); E<1,0>{} + E<0>{}*2 = (2,(_1)); (1,2) + E<3>{} =
  // (1,2,_0,_1); E<1,0>{} + E<1,2>{} = (_0,(_1,_0,_1)); E<0>*3 + E<0>*2 = (5).
  EXPECT_EQ(show(addCoordinates(IntTuple(basis(1, {2})), IntTuple(basis(1, {0})))), "(_1,_0,_1)");
  EXPECT_EQ(show(addCoordinates(IntTuple(basis(1, {1, 0})), IntTuple(basis(2, {0}, false)))), "(2,(_1))");
  EXPECT_EQ(show(addCoordinates(tup("(1,2)"), IntTuple(basis(1, {3})))), "(_1,_2,_0,_1)");
  EXPECT_EQ(show(addCoordinates(IntTuple(basis(1, {1, 0})), IntTuple(basis(1, {1, 2})))), "(_0,(_1,_0,_1))");
  EXPECT_EQ(show(addCoordinates(IntTuple(basis(3, {0})), IntTuple(basis(2, {0})))), "(_5)");
  EXPECT_EQ(show(addCoordinates(IntTuple(basis(1, {0})), IntTuple(Int::fixed(0)))), "_1@0");
  // CuTe rejects E<0,1> + E<0> (a tuple plus an integer in mode 0) and int + basis.
  EXPECT_FALSE(addCoordinates(IntTuple(basis(1, {0, 1})), IntTuple(basis(1, {0}))).ok());
  EXPECT_FALSE(addCoordinates(IntTuple(basis(1, {0})), IntTuple(Int::dynamic(3))).ok());
}

TEST(Basis, Crd2idxIsACoordinate) {
  Layout id = lay("(4,2):(_1@0,_1@1)");
  EXPECT_EQ(show(crd2idxGeneral(tup("5"), id.shape, id.stride)), "(_1,_1)");
  EXPECT_EQ(show(crd2idxGeneral(tup("(3,1)"), id.shape, id.stride)), "(_3,_1)");
  // One basis leaf gives a scaled basis (CuTe: 8:2@1 at (3,1) over (8,2):(2@1,_0) is 6@1).
  EXPECT_EQ(show(crd2idxGeneral(tup("(3,1)"), tup("(8,2)"), tup("(_2@1,_0)"))), "_6@1");
  EXPECT_EQ(show(crd2idxGeneral(tup("5"), tup("(4,2)"), tup("(_1@0,_0)"))), "_1@0");
  // Two leaves on one path: an arithmetic tuple of rank 1.
  EXPECT_EQ(show(crd2idxGeneral(tup("5"), tup("(4,2)"), tup("(_1@0,_4@0)"))), "(_5)");
  EXPECT_EQ(show(crd2idxGeneral(tup("(1,2)"), tup("(4,(2,3))"), tup("(_1@0,(_1@0@1,_1@1@1))"))), "(_1,(_0,_1))");
  // Integer strides: the integer crd2idx.
  EXPECT_EQ(show(crd2idxGeneral(tup("(3,5)"), tup("(128,128)"), tup("(1,128)"))), "_643");
  EXPECT_EQ(crd2idxGeneral(tup("5"), tup("(4,2)"), tup("(_1@0,_3)")).error().message,
            "crd2idx: the stride (1@0,3) adds the integer 3 to scaled bases (CuTe adds only _0 to a basis)");
}

TEST(Basis, Cosize) {
  // CuTe: cosize((4,2):(E<0>,E<1>)) = cosize((4,2):(E<1>,E<0>)) = cosize((4,2):(E<2>,E<0>)) = 8;
  // cosize(8:2@1) = 15 (coshape (1,15)).
  EXPECT_EQ(cosize(lay("(4,2):(_1@0,_1@1)")), Int::fixed(8));
  EXPECT_EQ(cosize(lay("(4,2):(_1@1,_1@0)")), Int::fixed(8));
  EXPECT_EQ(cosize(lay("(4,2):(_1@2,_1@0)")), Int::fixed(8));
  EXPECT_EQ(cosize(lay("8:2@1")), Int::fixed(15));
  EXPECT_EQ(size(lay("(4,2):(_1@0,_1@1)")), Int::fixed(8));
}

TEST(Basis, AlgebraCuTeDefines) {
  // CuTe's answers for the identity layout (128,64):(E<0>,E<1>) and friends.
  Layout id = lay("(128,64):(_1@0,_1@1)");
  EXPECT_EQ(show(logicalDivide(id, tilerFromShape(tup("(32,16)")))), "((_32,_4),(_16,_4)):((_1@0,_32@0),(_1@1,_16@1))");
  EXPECT_EQ(show(zippedDivide(id, tilerFromShape(tup("(32,16)")))), "((_32,_16),(_4,_4)):((_1@0,_1@1),(_32@0,_16@1))");
  EXPECT_EQ(show(composition(id, lay("(8,4):(16,1)"))), "(_8,_4):(_16@0,_1@0)");
  EXPECT_EQ(show(coalesce(id)), "(_128,_64):(_1@0,_1@1)");
  EXPECT_EQ(show(coalesce(lay("(4,2):(_1@0,_4@0)"))), "_8:_1@0");
  EXPECT_EQ(show(coalesce(lay("(4,2):(_1@0,_0)"))), "(_4,_2):(_1@0,_0)");
  EXPECT_EQ(show(filter(lay("(4,2):(_1@0,_0)"))), "_4:_1@0");
  EXPECT_EQ(show(slice(tup("(_,1)"), lay("(4,2):(_1@0,_1@1)"))), "(_4):(_1@0)");
}

TEST(Basis, AlgebraCuTeRejects) {
  Layout id = lay("(4,2):(_1@0,_1@1)");
  EXPECT_EQ(show(complement(id, tup("64"))),
            "error: complement of (4,2):(1@0,1@1): CuTe needs integer strides here, not scaled bases");
  EXPECT_EQ(show(rightInverse(id)),
            "error: right_inverse of (4,2):(1@0,1@1): CuTe needs integer strides here, not scaled bases");
  EXPECT_FALSE(leftInverse(id).ok());
  EXPECT_FALSE(logicalProduct(id, tilerFromLayout(lay("2:1"))).ok());
  EXPECT_FALSE(blockedProduct(id, lay("2:1")).ok());
  EXPECT_FALSE(tileToShape(id, tup("(8,4)"), nullptr).ok());
  EXPECT_FALSE(maxCommonVector(id, id).ok());
  EXPECT_FALSE(upcast(id, 2).ok());
  // A basis that CuTe reads is refused by the arithmetic, never read as an integer.
  EXPECT_FALSE(upcast(lay("1:1@0"), 2).ok());
  EXPECT_FALSE(idx2crd(tup("5"), tup("(4,2)"), tup("(1@0,1@1)")).ok());
}

// CuTe's answers where a basis sits in a mode it drops (static extent 1), or in B of
// composition(A, B), where a stride v@p picks A's mode p; and max_common_* with a basis A.
TEST(Basis, AlgebraCuTeDefinesToo) {
  EXPECT_EQ(show(complement(lay("1:1@0"), tup("4"))), "_4:_1");
  EXPECT_EQ(show(complement(lay("(4,1):(1,1@0)"), tup("8"))), "_2:_4");
  EXPECT_EQ(show(rightInverse(lay("1:1@0"))), "_1:_0");
  EXPECT_EQ(show(leftInverse(lay("1:1@0"))), "_1:_0");
  EXPECT_EQ(show(tileToShape(lay("(1):(1@1)"), tup("(2)"), nullptr)), "((_1,_2)):((_1@1,_1))");
  EXPECT_EQ(show(composition(lay("(4,8):(1,4)"), lay("(2,2):(1@0,1@1)"))), "(_2,_2):(_1,_4)");
  EXPECT_EQ(show(composition(lay("(4,8):(1,4)"), lay("(2,4):(2@0,2@1)"))), "(_2,_4):(_2,_8)");
  EXPECT_EQ(show(composition(lay("((2,2),8):((1,2),4)"), lay("4:1@0"))), "_4:_1");
  EXPECT_EQ(show(composition(lay("4:1"), lay("2:1@0"))), "_2:_1");
  EXPECT_EQ(show(composition(lay("(6,8):(1,6)"), lay("(3,1,10):(10@1,1@1,0)"))), "(_3,_1,_10):(_60,_6,_0)");
  EXPECT_EQ(show(logicalProduct(lay("1:1"), tilerFromLayout(lay("2:1@0")))), "(_1,_2):(_1,_1)");
  EXPECT_EQ(show(maxCommonLayout(lay("2:1@0"), lay("2:1"))), "_1:_0");
  EXPECT_EQ(maxCommonVector(lay("2:1@0"), lay("2:1")).ok() ? print(*maxCommonVector(lay("2:1@0"), lay("2:1"))) : "",
            "1");
  // CuTe rejects a path A does not have, and integers mixed with bases in B.
  EXPECT_FALSE(composition(lay("8:1"), lay("2:2@1")).ok());
  EXPECT_FALSE(composition(lay("(4,8):(1,4)"), lay("(2,2):(1@0,8)")).ok());
  EXPECT_FALSE(maxCommonLayout(lay("2:1"), lay("2:1@0")).ok());
}

TEST(Basis, BasisLikeGetValue) {
  EXPECT_EQ(show(makeBasisLike(tup("(4,(2,3))"))), "(_1@0,(_1@0@1,_1@1@1))");
  EXPECT_EQ(show(makeBasisLike(tup("4"))), "_1");
  EXPECT_EQ(show(basisGet(basis(1, {1, 0}), tup("(5,(6,7))"))), "_6");
  EXPECT_EQ(show(basisGet(Int::fixed(3), tup("(5,6)"))), "(_5,_6)");
  EXPECT_FALSE(basisGet(basis(1, {2}), tup("(5,6)")).ok());
  EXPECT_EQ(basisValue(basis(3, {1, 0})), Int::fixed(3));
  EXPECT_FALSE(makeBasisLike(tup("(1,2,3,4,5,6,7,8,9)")).ok());
}

// Property: a layout with all its strides on one basis path is the integer layout scaled
// onto that path: crd2idx at every index is the integer value at the path (a basis for
// one leaf, a rank-1 tuple for more), and coalesce and composition (A outer) keep that.
TEST(BasisProperty, OnePathIsTheIntegerLayout) {
  test::LayoutGen gen(20261123, true);
  for (int n = 0; n < 2000; ++n) {
    Layout l =
        gen.withLeaves(gen.layout(gen.coin(50) ? test::Strides::Gapped : test::Strides::Compact, 64), gen.anyLeaves());
    bool anyZero = false;
    IntTuple onPath = mapLeaves(l.stride, [&](Int x) {
      anyZero = anyZero || x.value == 0;
      return Int{x.value, x.isStatic, basisCode(basisPath(basis(1, {1})))};
    });
    if (anyZero)
      continue;
    Layout b{l.shape, onPath};
    uint32_t leavesN = leafCount(l.shape);
    for (int64_t i = 0; i < test::sizeOf(l); ++i) {
      ArithScope scope;
      Expected<IntTuple> r = crd2idxGeneral(IntTuple(Int::fixed(i)), b.shape, b.stride);
      ASSERT_TRUE(r.ok()) << print(b, Style::Cute) << ": " << r.error().message;
      int64_t want = test::eval(l, i);
      if (leavesN == 1) {
        ASSERT_TRUE(r->isInt());
        EXPECT_EQ(r->asInt().value, want);
      } else {
        ASSERT_TRUE(r->isTuple()) << print(*r, Style::Cute);
        ASSERT_EQ(r->rank(), 2u) << print(*r, Style::Cute); // (_0, v): mode 1
        EXPECT_EQ(r->child(1).asInt().value, want);
      }
    }
    Layout c = coalesce(b), ci = coalesce(l);
    EXPECT_EQ(print(c.shape, Style::Cute), print(ci.shape, Style::Cute)) << print(b, Style::Cute);
    Layout back{c.shape, mapLeaves(c.stride, [](Int x) { return Int{x.value, x.isStatic}; })};
    EXPECT_EQ(print(back, Style::Cute), print(ci, Style::Cute)) << print(b, Style::Cute);
  }
}

} // namespace
