// Worked examples from CuTe's algebra documentation (the specification's algebra chapter) and its rulings
// (docs/semantics.md), each checked in CuTe's printed form, static and dynamic.
#include "Parsed.h"
#include "cutelayout/Notation.h"
#include "cutelayout/Tiler.h"

#include <gtest/gtest.h>

using namespace cutelayout;
using cutelayout::test::L;
using cutelayout::test::T;

namespace {

std::string show(const Expected<Layout> &l) { return l.ok() ? print(*l, Style::Cute) : "error: " + l.error().message; }

Tiler tile(std::initializer_list<Layout> ls) {
  std::vector<Tiler> ts;
  for (const Layout &l : ls)
    ts.push_back(tilerFromLayout(l));
  return makeTile(ts.data(), uint32_t(ts.size()));
}

} // namespace

TEST(Examples, CoalesceDoc) {
  EXPECT_EQ(print(coalesce(L("(2,(1,6)):(1,(6,2))")), Style::Cute), "_12:_1");
  EXPECT_EQ(show(coalesce(L("(2,(1,6)):(1,(6,2))"), T("(1,1)"))), "(_2,_6):(_1,_2)");
  EXPECT_EQ(print(coalesce(L("(2,4):(4,1)"))), "(2,4):(4,1)");                                // R3
  EXPECT_EQ(print(coalesce(L("(2,(1,6)):(1,(6,2))", true)), Style::Cute), "(2,1,6):(1,6,2)"); // R17
}

TEST(Examples, CompositionDoc) {
  EXPECT_EQ(show(composition(L("(6,2):(8,2)"), L("(4,3):(3,1)"))), "((_2,_2),_3):((_24,_2),_8)");
  EXPECT_EQ(show(composition(L("20:2"), L("(5,4):(4,1)"))), "(_5,_4):(_8,_2)");
  EXPECT_EQ(show(composition(L("(10,2):(16,4)"), L("(5,4):(1,5)"))), "(_5,(_2,_2)):(_16,(_80,_4))");
  EXPECT_EQ(show(composition(L("(10,2):(16,4)", true), L("(5,4):(1,5)", true))), "((5,1),(2,2)):((16,4),(80,4))");
  EXPECT_EQ(show(composition(L("8:2"), L("4:1"))), "_4:_2");
  EXPECT_EQ(show(composition(L("4:1"), L("8:1"))), "_8:_1");
}

TEST(Examples, CompositionByTiler) {
  // (12,(4,8)):(59,(13,1)) o <3:4, 8:2> = (_3,(2,4)):(236,(26,1)) with dynamic A.
  Layout a = L("(12,(4,8)):(59,(13,1))", true);
  EXPECT_EQ(show(composition(a, tile({L("3:4"), L("8:2")}))), "(_3,(2,4)):(236,(26,1))");
  EXPECT_EQ(show(composition(a, tilerFromShape(T("(3,8)")))), "(_3,(4,2)):(59,(13,1))");
}

TEST(Examples, ComplementDoc) {
  EXPECT_EQ(show(complement(L("4:1"), T("24"))), "_6:_4");
  EXPECT_EQ(show(complement(L("6:4"), T("24"))), "_4:_1");
  EXPECT_EQ(show(complement(L("(4,6):(1,4)"), T("24"))), "_1:_0");
  EXPECT_EQ(show(complement(L("4:2"), T("24"))), "(_2,_3):(_1,_8)");
  EXPECT_EQ(show(complement(L("(2,4):(1,6)"), T("24"))), "_3:_2");
  EXPECT_EQ(show(complement(L("(2,2):(1,6)"), T("24"))), "(_3,_2):(_2,_12)");
  EXPECT_EQ(show(complement(L("4:32"), T("256"))), "(_32,_2):(_1,_128)"); // R2
}

TEST(Examples, DivideDoc) {
  // The page's 1-D example prints ((2,2),(2,3)):((4,1),(2,8)), but that is not A o (B,B*):
  // A(B(i)) = 0,1,2,3 for B = 4:2. CuTe itself computes the following (docs/semantics.md: CuTe wins).
  EXPECT_EQ(show(logicalDivide(L("(2,4,3):(4,1,8)"), tilerFromLayout(L("4:2")))), "(_4,(_2,_3)):(_1,(_4,_8))");
  EXPECT_EQ(show(logicalDivide(L("(2,4,3):(4,1,8)", true), tilerFromLayout(L("4:2", true)))),
            "((1,4,1),((2,1,1),(1,1,3))):((8,1,8),((4,1,8),(32,4,8)))");
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Tiler b = tile({L("3:3"), L("(2,4):(1,8)")});
  Expected<Layout> ld = logicalDivide(a, b);
  ASSERT_TRUE(ld.ok());
  EXPECT_EQ(print(TupleView(ld->shape)), "((3,3),((2,4),(2,2)))");
  Expected<Layout> zd = zippedDivide(a, b);
  ASSERT_TRUE(zd.ok());
  EXPECT_EQ(print(TupleView(zd->shape)), "((3,(2,4)),(3,(2,2)))");
  // layout<0>(zipped_divide(a, b)) == composition(a, b)
  EXPECT_EQ(zd->mode(0), *composition(a, b));
}

TEST(Examples, ProductDoc) {
  EXPECT_EQ(show(logicalProduct(L("(2,2):(4,1)"), tilerFromLayout(L("6:1")))), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
  EXPECT_EQ(show(logicalProduct(L("128:1"), tilerFromLayout(L("4:32")))), "(_128,_4):(_1,_4096)"); // R5
  EXPECT_EQ(show(logicalProduct(L("128:1", true), tilerFromLayout(L("4:32", true)))), "(128,(1,4)):(1,(32,4096))");
  EXPECT_EQ(show(blockedProduct(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
  EXPECT_EQ(show(rakedProduct(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
}

TEST(Examples, ResolutionsR16Tilers) {
  Layout a = L("(128,128):(1,128)");
  EXPECT_EQ(show(tiledDivide(a, tilerFromShape(T("(64,64)")))), "((_64,_64),_2,_2):((_1,_128),_64,_8192)");
  EXPECT_EQ(show(logicalDivide(a, tilerFromShape(T("(32,16)")))), "((_32,_4),(_16,_8)):((_1,_32),(_128,_2048))");
  EXPECT_EQ(show(logicalDivide(a, tilerFromLayout(L("(32,16):(1,32)")))), "((_32,_16),_32):((_1,_32),_512)");
  EXPECT_EQ(show(tiledDivide(a, tilerFromLayout(L("(64,64):(1,64)")))), "((_64,_64),_4):((_1,_64),_4096)");
  // R17: the algebra rounds up where the dialect's verifier would reject.
  EXPECT_EQ(show(tiledDivide(a, tilerFromShape(T("(40,64)")))), "((_40,_64),_4,_2):((_1,_128),_40,_8192)");
  Layout d = L("(128,128):(1,128)", true);
  EXPECT_EQ(show(logicalDivide(d, tile({L("32:1", true), L("16:1", true)}))),
            "((32,(1,4)),(16,(1,8))):((1,(1,32)),(128,(128,2048)))");
}

TEST(Examples, FilterR4) {
  EXPECT_EQ(show(filterZeros(L("(4,3):(1,0)"))), "(_4,_1):(_1,_0)");
  EXPECT_EQ(print(filter(L("(4,3):(1,0)")), Style::Cute), "_4:_1");
  EXPECT_EQ(show(filterZeros(L("(4,3):(1,0)", true))), "(4,3):(1,0)");
}

TEST(Examples, IdentityLayoutR7) {
  EXPECT_EQ(print(makeLayout(T("(4,2)"))), "(4,2):(1,4)");
  EXPECT_EQ(print(makeLayout(T("(128,128)"))), "(128,128):(1,128)");
}

TEST(Examples, StencilR9) {
  // 10 elements, window 3, stride 2, dilation 1: 4 outputs; element o*2 + k.
  EXPECT_EQ(show(stencilDivide(L("10:1"), T("3"), T("2"), T("1"))), "((_3,_4)):((_1,_2))");
  // One window position: the output step is never taken, so it cannot fail composition.
  EXPECT_EQ(show(stencilDivide(L("(3,4):(1,3)"), T("3"), T("5"), T("1"))), "((_3,_1),_4):((_1,_0),_3)");
  Expected<Layout> bad = stencilDivide(L("4:1"), T("3"), T("1"), T("2"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message.rfind("failed to perform a valid division of ", 0), 0u);
  // An effective window past int64 is named as an overflow, never as a placeholder size.
  Expected<Layout> huge = stencilDivide(L("8:1"), T("3"), T("1"), T("4611686018427387904"));
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.error().message.find("overflows int64"), std::string::npos) << huge.error().message;
}

TEST(Examples, Errors) {
  Expected<Layout> c = composition(L("(4,6):(1,5)"), L("2:6"));
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("divisibility"), std::string::npos) << c.error().message;
  Expected<Layout> ov =
      composition(L("(4611686018427387904,4):(1,4611686018427387904)", true), L("4:4611686018427387904", true));
  EXPECT_FALSE(ov.ok());
  EXPECT_FALSE(complement(L("(2,4):(1,2)", true), T("16")).ok()); // dynamic multi-mode strides
  EXPECT_FALSE(leftInverse(L("(2,4):(1,2)", true)).ok());
}
