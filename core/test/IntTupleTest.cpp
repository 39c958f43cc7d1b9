// Unit tests of Int, IntTuple and IntTupleMath: construction and access, the structural
// algorithms, the arithmetic over tuples with CuTe's results (checked in CuTe's printed
// form, where `_N` is static), the staticness rules of Int arithmetic and ArithScope.
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Notation.h"

#include "RandomLayouts.h"

#include "Parsed.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace cutelayout;
using cutelayout::test::L;
using cutelayout::test::T;

namespace {

IntTuple D(const char *text) { return T(text, true); }

std::string show(TupleView t) { return print(t, Style::Cute); }
std::string show(const IntTuple &t) { return print(t.view(), Style::Cute); }
std::string show(Int x) { return print(x, Style::Cute); }
std::string show(const Expected<IntTuple> &t) { return t.ok() ? show(*t) : "error: " + t.error().message; }
std::string show(const Expected<Int> &x) { return x.ok() ? show(*x) : "error: " + x.error().message; }

Int S(int64_t v) { return Int::fixed(v); }
Int Y(int64_t v) { return Int::dynamic(v); }

} // namespace

// --- construction and access ----------------------------------------------------------------

TEST(IntTuple, DefaultIsStaticZero) {
  IntTuple t;
  EXPECT_TRUE(t.isInt());
  EXPECT_EQ(t.asInt(), S(0));
  EXPECT_EQ(show(t), "_0");
}

TEST(IntTuple, AssigningALeafReplacesTheWholeTree) {
  IntTuple t = T("((2,3),(4,(5,6)))");
  t = Y(7);
  EXPECT_TRUE(t.isInt());
  EXPECT_EQ(t, IntTuple(Y(7)));
  EXPECT_EQ(show(t), "7");
  t = S(0);
  EXPECT_EQ(show(t), "_0");
  EXPECT_EQ(t.view().span(), 1u);
}

TEST(IntTuple, BuilderMakesNestedTuples) {
  TupleBuilder b;
  b.open();
  b.open();
  b.leaf(S(2));
  b.leaf(Y(3));
  b.close();
  b.underscore();
  b.close();
  IntTuple t = b.finish();
  EXPECT_EQ(show(t), "((_2,3),_)");
  EXPECT_TRUE(t.isTuple());
  EXPECT_EQ(t.rank(), 2u);
  EXPECT_EQ(t.view().span(), 5u);
  EXPECT_EQ(t.child(0).rank(), 2u);
  EXPECT_EQ(t.child(0).child(1).asInt(), Y(3));
  EXPECT_TRUE(t.child(1).isUnderscore());
  EXPECT_EQ(depth(t), 2);
  EXPECT_EQ(leafCount(t), 3u);
  EXPECT_TRUE(hasUnderscore(t));
  EXPECT_FALSE(isStatic(t));
  EXPECT_EQ(leafAt(t, 1).asInt(), Y(3));
  EXPECT_TRUE(leafAt(t, 2).isUnderscore());
}

TEST(IntTuple, BuilderAddsSubtreesAndEmptyTuples) {
  IntTuple inner = T("(4,(5,6))");
  TupleBuilder b;
  b.open();
  b.add(inner);
  b.open();
  b.close();
  b.leaf(S(7));
  b.close();
  IntTuple t = b.finish();
  EXPECT_EQ(show(t), "((_4,(_5,_6)),(),_7)");
  EXPECT_EQ(t.child(1).rank(), 0u);
  EXPECT_EQ(depth(t.child(1)), 1);
  EXPECT_EQ(IntTuple::makeTuple({IntTuple(S(1)), inner, IntTuple::underscore()}), T("(1,(4,(5,6)),_)"));
}

TEST(IntTuple, LeafActsAsRankOneForChildAndIteration) {
  IntTuple leaf(S(9));
  EXPECT_EQ(leaf.rank(), 1u);
  EXPECT_EQ(depth(leaf), 0);
  EXPECT_EQ(leaf.child(0).asInt(), S(9));
  int count = 0;
  for (TupleView c : leaf.view()) {
    EXPECT_EQ(c.asInt(), S(9));
    ++count;
  }
  EXPECT_EQ(count, 1);
}

TEST(IntTuple, IteratesChildrenInOrder) {
  IntTuple t = T("(1,(2,3),4)");
  std::string seen;
  for (TupleView c : t.view())
    seen += show(c) + ";";
  EXPECT_EQ(seen, "_1;(_2,_3);_4;");
}

TEST(IntTuple, EqualityComparesStructureValuesAndStaticness) {
  EXPECT_EQ(T("(2,(3,4))"), T("(2,(3,4))"));
  EXPECT_NE(T("(2,(3,4))"), T("(2,3,4)"));
  EXPECT_NE(T("(2,3)"), T("(2,4)"));
  EXPECT_NE(T("(2,3)"), D("(2,3)"));
  EXPECT_NE(T("(2)"), T("2"));
  EXPECT_NE(T("(_)", false), T("(0)"));
  EXPECT_EQ(hashValue(T("(2,(3,4))")), hashValue(T("(_2,(_3,_4))")));
  EXPECT_EQ(hashValue(D("(2,(3,4))")), hashValue(D("(2,(3,4))")));
}

TEST(IntTuple, LargeTuplesLeaveInlineStorageIntact) {
  // More than 32 nodes moves the tree to the heap; copies and moves keep it.
  TupleBuilder b;
  b.open();
  for (int i = 0; i < 40; ++i) {
    b.open();
    b.leaf(S(i));
    b.leaf(Y(i + 1));
    b.close();
  }
  b.close();
  IntTuple big = b.finish();
  EXPECT_EQ(big.rank(), 40u);
  EXPECT_EQ(leafCount(big), 80u);
  IntTuple copy = big;
  IntTuple moved = std::move(big);
  EXPECT_EQ(copy, moved);
  EXPECT_EQ(moved.child(39).child(1).asInt(), Y(40));
  copy = IntTuple(S(1));
  EXPECT_EQ(copy, IntTuple(S(1)));
  copy = moved;
  EXPECT_EQ(product(flatten(copy.child(39))), Y(39 * 40));
}

// --- structural algorithms --------------------------------------------------------------------

TEST(IntTuple, FlattenAndUnflatten) {
  IntTuple t = T("((2,3),(4,(5,6)))");
  EXPECT_EQ(show(flatten(t)), "(_2,_3,_4,_5,_6)");
  EXPECT_EQ(show(flatten(T("7"))), "_7");
  EXPECT_EQ(show(flattenToTuple(T("7"))), "(_7)");
  EXPECT_EQ(show(flatten(T("((7))"))), "(_7)");
  EXPECT_EQ(*unflatten(flatten(t), t), t);
  EXPECT_EQ(show(unflatten(T("(1,2,3,4,5)"), t)), "((_1,_2),(_3,(_4,_5)))");
  EXPECT_EQ(show(unflatten(T("9"), T("3"))), "_9");
}

TEST(IntTuple, WrapAndUnwrap) {
  EXPECT_EQ(show(wrap(T("5"))), "(_5)");
  EXPECT_EQ(show(wrap(T("(5,6)"))), "(_5,_6)");
  EXPECT_EQ(show(unwrap(T("((5))"))), "_5");
  EXPECT_EQ(show(unwrap(T("((5,6))"))), "(_5,_6)");
  EXPECT_EQ(show(unwrap(T("5"))), "_5");
}

TEST(IntTuple, AppendAndPrepend) {
  EXPECT_EQ(show(append(T("(1,2)"), T("3"))), "(_1,_2,_3)");
  EXPECT_EQ(show(append(T("(1,2)"), T("(3,4)"))), "(_1,_2,(_3,_4))");
  EXPECT_EQ(show(append(D("1"), D("2"))), "(1,2)"); // a leaf counts as rank 1
  EXPECT_EQ(show(prepend(T("(1,2)"), T("0"))), "(_0,_1,_2)");
  EXPECT_EQ(show(prepend(D("1"), D("2"))), "(2,1)");
}

TEST(IntTuple, AppendToAndPrependToPadToRank) {
  EXPECT_EQ(show(appendTo(D("(1,2)"), 4, T("1"))), "(1,2,_1,_1)");
  EXPECT_EQ(show(appendTo(D("5"), 3, D("0"))), "(5,0,0)");
  EXPECT_EQ(show(prependTo(D("5"), 3, D("0"))), "(0,0,5)");
  EXPECT_EQ(show(appendTo(D("5"), 1, D("0"))), "5");             // already rank 1
  EXPECT_EQ(show(appendTo(D("(1,2,3)"), 2, D("0"))), "(1,2,3)"); // never truncates
  EXPECT_EQ(show(prependTo(D("(1,2)"), 2, D("0"))), "(1,2)");
}

TEST(IntTuple, AppendToRankAndPrependToRankAreCutesPaddings) {
  EXPECT_EQ(show(appendToRank(T("(2,3)"), 4, T("4"))), "(_2,_3,_4,_4)");
  EXPECT_EQ(show(prependToRank(T("2"), 3, T("4"))), "(_4,_4,_2)");
  EXPECT_EQ(show(appendToRank(T("2"), 1, T("4"))), "_2"); // a leaf is rank 1: itself
  EXPECT_EQ(show(appendToRank(T("()"), 2, T("4"))), "(_4,_4)");
  EXPECT_EQ(show(prependToRank(D("(2,(3,4))"), 3, D("5"))), "(5,2,(3,4))");
  EXPECT_EQ(show(appendToRank(T("(2,3)"), 1, T("4"))), "error: cannot pad (2,3) to rank 1: its rank is 2");
  EXPECT_EQ(show(prependToRank(T("2"), 0, T("4"))), "error: cannot pad 2 to rank 0: its rank is 1");
  EXPECT_EQ(show(appendToRank(T("2"), 600000, T("(1,1)"))),
            "error: padding 2 to rank 600000 builds 1799999 nodes, more than the 1048576 allowed");
}

TEST(IntTuple, TakeRemoveReplace) {
  IntTuple t = D("(1,2,3,4)");
  EXPECT_EQ(show(take(t, 1, 3)), "(2,3)");
  EXPECT_EQ(show(take(t, 2, 2)), "()");
  EXPECT_EQ(show(removeAt(t, 0)), "(2,3,4)");
  EXPECT_EQ(show(replaceAt(t, 2, T("(7,8)"))), "(1,2,(_7,_8),4)");
  EXPECT_EQ(show(replaceFront(t, T("9"))), "(_9,2,3,4)");
  EXPECT_EQ(show(replaceBack(t, T("9"))), "(1,2,3,_9)");
  EXPECT_EQ(show(replaceAt(D("5"), 0, T("6"))), "_6");
}

TEST(IntTuple, GroupMakesOneElementOfARange) {
  IntTuple t = D("(1,2,3,4)");
  EXPECT_EQ(show(group(t, 1, 3)), "(1,(2,3),4)");
  EXPECT_EQ(show(group(t, 0, 4)), "((1,2,3,4))");
  EXPECT_EQ(show(group(t, 3, 4)), "(1,2,3,(4))");
  EXPECT_EQ(show(group(t, 1, 1)), "(1,2,3,4)"); // CuTe's group<1,1> inserts nothing
}

TEST(IntTuple, RepeatAndRepeatLike) {
  EXPECT_EQ(show(repeat(3, D("7"))), "(7,7,7)");
  EXPECT_EQ(show(repeat(1, D("7"))), "7");
  EXPECT_EQ(show(repeat(2, IntTuple::underscore())), "(_,_)");
  EXPECT_EQ(show(repeatLike(D("(1,(2,3))"), T("0"))), "(_0,(_0,_0))");
  EXPECT_EQ(show(repeatLike(D("4"), T("0"))), "_0");
}

TEST(IntTuple, ZipTransposes) {
  EXPECT_EQ(show(zip(D("((1,2,3),(4,5,6))"))), "((1,4),(2,5),(3,6))");
  EXPECT_EQ(show(zip(D("(1,2)"))), "((1,2))");
  EXPECT_EQ(show(zip(D("7"))), "7");
  Expected<IntTuple> bad = zip(D("((1,2),(3,4,5))"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "zip: element 1 of ((1,2),(3,4,5)) has rank 3, not element 0's rank 2 (CuTe: Mismatched Ranks)");
  EXPECT_FALSE(zip(D("((1,2),3)")).ok());
}

TEST(IntTuple, Zip2BySplitsRankTwoModes) {
  EXPECT_EQ(show(zip2By(D("((1,2),(3,4),5)"), T("(0,0)"))), "((1,3),(2,4,5))");
  EXPECT_EQ(show(zip2By(D("((1,2),((3,4),(5,6)))"), T("(0,(0,0))"))), "((1,(3,5)),(2,(4,6)))");
  EXPECT_EQ(show(zip2By(D("(1,2)"), T("0"))), "(1,2)");
  Expected<IntTuple> notRankTwo = zip2By(D("((1,2,3),4)"), T("(0)"));
  ASSERT_FALSE(notRankTwo.ok());
  EXPECT_EQ(notRankTwo.error().message, "zip2_by expects a rank-2 mode but got (1,2,3)");
  EXPECT_FALSE(zip2By(D("((1,2))"), T("(0,0)")).ok());
}

TEST(IntTuple, SliceKeepsUnderscoreParts) {
  EXPECT_EQ(show(slice(T("(_,2)"), D("(3,4)"))), "(3)");
  EXPECT_EQ(show(slice(T("((_,1),_)"), D("((2,3),4)"))), "(2,4)"); // nested parts flatten
  EXPECT_EQ(show(slice(T("(_,_)"), D("((2,3),4)"))), "((2,3),4)");
  EXPECT_EQ(show(slice(T("_"), D("(3,4)"))), "(3,4)");
  EXPECT_EQ(show(slice(T("2"), D("(3,4)"))), "()");
  EXPECT_EQ(show(slice(T("(1,2)"), D("(3,4)"))), "()");
}

TEST(IntTuple, DiceKeepsIntegerParts) {
  EXPECT_EQ(show(dice(T("(_,2)"), D("(3,4)"))), "(4)");
  EXPECT_EQ(show(dice(T("((_,1),_)"), D("((2,3),4)"))), "(3)");
  EXPECT_EQ(show(dice(T("_"), D("(3,4)"))), "()");
  EXPECT_EQ(show(dice(T("2"), D("(3,4)"))), "(3,4)");
}

TEST(IntTuple, SliceRejectsMismatchedRanks) {
  Expected<IntTuple> r = slice(T("(_,1,2)"), D("(3,4)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "coordinate (_,1,2) does not match the rank of (3,4)");
  EXPECT_FALSE(dice(T("((_,1),_)"), D("(3,4)")).ok());
}

// --- reductions -------------------------------------------------------------------------------

TEST(IntTupleMath, ProductAndSum) {
  EXPECT_EQ(show(product(T("(2,(3,4))"))), "_24");
  EXPECT_EQ(show(product(T("()"))), "_1");
  EXPECT_EQ(show(product(T("(_2,3)", true))), "6");
  EXPECT_EQ(show(product(T("(_0,5)", true))), "_0"); // static 0 absorbs a dynamic factor
  EXPECT_EQ(show(product(D("7"))), "7");
  EXPECT_EQ(show(sum(T("(1,(2,3))"))), "_6");
  EXPECT_EQ(show(sum(T("()"))), "_0");
  EXPECT_EQ(show(sum(T("(_1,2)", true))), "3");
}

TEST(IntTupleMath, MaxMinAndInnerProduct) {
  EXPECT_EQ(show(maxLeaf(T("(3,(_7,2))", true))), "7");
  EXPECT_EQ(show(minLeaf(T("(3,(_7,2))", true))), "2");
  EXPECT_EQ(show(maxLeaf(T("(3,(7,2))"))), "_7");
  EXPECT_EQ(show(innerProduct(D("(2,(3,4))"), D("(1,(2,3))"))), "20");
  EXPECT_EQ(show(innerProduct(T("(2,(3,4))"), T("(1,(2,3))"))), "_20");
  EXPECT_EQ(show(innerProduct(D("(2,(3,4))"), D("(1,2)"))), "error: inner_product: mismatched ranks of (3,4) and 2");
}

TEST(IntTupleMath, ProductEachAndProductLike) {
  EXPECT_EQ(show(productEach(D("(2,(3,4),5)"))), "(2,12,5)");
  EXPECT_EQ(show(productEach(D("7"))), "(7)");
  EXPECT_EQ(show(productLike(D("(2,(3,4))"), T("(0,0)"))), "(2,12)");
  EXPECT_EQ(show(productLike(D("(2,(3,4))"), T("0"))), "24");
  EXPECT_EQ(show(productLike(D("(2,((3,4),5))"), T("(0,(0,0))"))), "(2,(12,5))");
}

// --- division ---------------------------------------------------------------------------------

TEST(IntTupleMath, CeilDivAndRoundUp) {
  EXPECT_EQ(show(ceilDiv(T("(6,2)"), T("4"))), "(_2,_2)");
  EXPECT_EQ(show(ceilDiv(T("(7,5)"), T("(4,2)"))), "(_2,_3)");
  EXPECT_EQ(show(ceilDiv(T("(7,5,3)"), T("(4)"))), "(_2,_5,_3)"); // missing modes count as 1
  EXPECT_EQ(show(ceilDiv(T("7"), T("2"))), "_4");
  EXPECT_EQ(show(ceilDiv(T("7"), T("(2,2)"))), "_2");
  EXPECT_FALSE(ceilDiv(T("(7,5)"), T("(4,2,1)")).ok());
  EXPECT_EQ(show(roundUp(T("(7,5)"), T("(4,2)"))), "(_8,_6)");
  EXPECT_EQ(show(roundUp(D("7"), T("4"))), "8");
}

// CuTe's elem_less and == of int tuples (answers from CuTe: _1 / _0 static, 1 dynamic).
TEST(IntTupleMath, ElemLessAndEqualAreCutes) {
  auto less = [](const IntTuple &a, const IntTuple &b) {
    Expected<Bool> r = elemLess(a, b);
    return r ? std::string(r->isStatic ? "_" : "") + (r->value ? "1" : "0") : "error";
  };
  EXPECT_EQ(less(T("(_1,_2)"), T("(_3,_4)")), "_1");
  EXPECT_EQ(less(T("(_1,_5)"), T("(_3,_4)")), "_0");
  EXPECT_EQ(less(T("(_1)"), T("(_3,_4)")), "_1");       // b may have more modes
  EXPECT_EQ(less(T("(_1,_2,_0)"), T("(_3,_4)")), "_0"); // a may not
  EXPECT_EQ(less(D("(1,2)"), D("(3,4)")), "1");         // runtime leaves: a runtime answer
  EXPECT_EQ(less(T("(_1,_2)"), T("_3")), "error");      // a tuple and an integer
  auto eq = [](const IntTuple &a, const IntTuple &b) {
    Bool r = tupleEqual(a, b);
    return std::string(r.isStatic ? "_" : "") + (r.value ? "1" : "0");
  };
  EXPECT_EQ(eq(T("(_1,_2)"), T("(_1,_2)")), "_1");
  EXPECT_EQ(eq(D("(1,2)"), D("(1,2)")), "1");
  EXPECT_EQ(eq(T("(_1,_2)"), T("(_1)")), "_0"); // different profiles: known from the types
}

TEST(IntTupleMath, ShapeDivDocExamples) {
  EXPECT_EQ(show(shapeDiv(T("(6,2)"), T("2"))), "(_3,_2)");
  EXPECT_EQ(show(shapeDiv(T("(6,2)"), T("3"))), "(_2,_2)");
  EXPECT_EQ(show(shapeDiv(T("(6,2)"), T("6"))), "(_1,_2)");
  EXPECT_EQ(show(shapeDiv(T("(6,2)"), T("12"))), "(_1,_1)");
  EXPECT_EQ(show(shapeDiv(T("(3,6,2,8)"), T("6"))), "(_1,_3,_2,_8)");
  EXPECT_EQ(show(shapeDiv(T("(3,6,2,8)"), T("9"))), "(_1,_2,_2,_8)");
  EXPECT_EQ(show(shapeDiv(T("(42,16,3)"), T("2"))), "(_21,_16,_3)");
  EXPECT_EQ(show(shapeDiv(T("(42,16,3)"), T("6"))), "(_7,_16,_3)");
}

TEST(IntTupleMath, ShapeDivOfUnknownDynamicLeavesRoundsUp) {
  // CuTe's runtime behaviour: no divisibility check. The results are shown outside the
  // scope, where dynamic leaves print their values rather than `?`.
  auto unchecked = [](auto f) {
    UnknownDynamicValues unknown;
    return f();
  };
  EXPECT_EQ(show(unchecked([] { return shapeDiv(D("6"), T("4")); })), "2");
  EXPECT_EQ(show(unchecked([] { return shapeDiv(D("(6,2)"), D("4")); })), "(2,2)");
  EXPECT_EQ(show(unchecked([] { return shapeDiv(T("(6,_2)", true), T("4")); })), "(2,2)");
  EXPECT_EQ(show(unchecked([] { return shapeDiv(T("(6,2)"), T("(2,2)")); })), "(_3,_1)");
  UnknownDynamicValues unknown; // inside the scope, dynamic leaves are printed as `?`
  EXPECT_EQ(print(IntTuple(Int::dynamic(6))), "?");
}

TEST(IntTupleMath, ShapeDivChecksKnownDynamicLeaves) { // docs/semantics.md, R18
  const std::string note = " (CuTe does not check this for runtime integers)";
  EXPECT_EQ(show(shapeDiv(D("6"), T("4"))),
            "error: shape_div: divisibility condition fails: neither 6 % 4 nor 4 % 6 is 0" + note);
  EXPECT_EQ(show(shapeDiv(T("(6,_2)", true), T("4"))),
            "error: shape_div: divisibility condition fails: neither 6 % 4 nor 4 % 6 is 0" + note);
  EXPECT_EQ(show(shapeDiv(D("(8,2)"), D("4"))), "(2,2)");
  EXPECT_EQ(show(shapeDiv(D("0"), T("4"))), "error: shape_div: division involving zero in 0 / 4" + note);
  EXPECT_EQ(show(shapeDiv(T("6"), T("4"))),
            "error: shape_div: divisibility condition fails: neither 6 % 4 nor 4 % 6 is 0");
}

TEST(IntTupleMath, ShapeDivDivisibilityError) {
  Expected<IntTuple> r = shapeDiv(T("6"), T("4"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "shape_div: divisibility condition fails: neither 6 % 4 nor 4 % 6 is 0");
  // Folding 4 across (2,3): 2 takes 2 of it, and 3 cannot take the remaining 2.
  Expected<IntTuple> inTuple = shapeDiv(T("(2,3)"), T("4"));
  ASSERT_FALSE(inTuple.ok());
  EXPECT_EQ(inTuple.error().message, "shape_div: divisibility condition fails: neither 3 % 2 nor 2 % 3 is 0");
  Expected<IntTuple> zero = shapeDiv(T("6"), T("0"));
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().message, "shape_div: division involving zero in 6 / 0");
}

TEST(IntTupleMath, ElemScale) {
  EXPECT_EQ(show(elemScale(T("(2,3)"), T("(5,(2,3))"))), "(_10,_18)");
  EXPECT_EQ(show(elemScale(D("4"), T("(2,3)"))), "24");
  EXPECT_FALSE(elemScale(T("(2,3)"), T("5")).ok());
}

// --- congruence -------------------------------------------------------------------------------

TEST(IntTupleMath, CongruenceAndCompatibility) {
  EXPECT_TRUE(congruent(T("(1,(2,3))"), T("(4,(5,6))")));
  EXPECT_FALSE(congruent(T("(1,(2,3))"), T("(4,5)")));
  EXPECT_TRUE(congruent(T("7"), T("8")));
  EXPECT_TRUE(weaklyCongruent(T("(1,2)"), T("((2,3),4)")));
  EXPECT_FALSE(weaklyCongruent(T("((2,3),4)"), T("(1,2)")));
  EXPECT_TRUE(weaklyCongruent(T("1"), T("((2,3),4)")));
  EXPECT_FALSE(weaklyCongruent(T("(1,2,3)"), T("(1,2)")));
  EXPECT_TRUE(compatible(T("(6,4)"), T("((2,3),4)")));
  EXPECT_TRUE(compatible(T("24"), T("((2,3),4)")));
  EXPECT_FALSE(compatible(T("((2,3),4)"), T("24")));
  EXPECT_FALSE(compatible(T("(6,5)"), T("((2,3),4)")));
}

// congruent reads the preorder nodes in one pass; it must agree with the recursive
// definition (matchLeaves) on random pairs, equal profiles and near misses alike.
TEST(IntTupleMath, CongruentAgreesWithTheRecursiveDefinition) {
  test::LayoutGen gen(0xC0C0);
  int same = 0;
  for (int k = 0; k < 5000; ++k) {
    IntTuple a = gen.shape(3, 256, 6);
    IntTuple b = gen.coin(50) ? mapLeaves(a, [&](Int) { return Int::fixed(gen.pick(1, 8)); }) : gen.shape(3, 256, 6);
    bool recursive = matchLeaves(a, b, false, [](TupleView, TupleView) { return true; });
    ASSERT_EQ(congruent(a, b), recursive) << print(a) << " vs " << print(b);
    same += recursive;
  }
  EXPECT_GT(same, 2000);
}

TEST(IntTupleMath, EvenlyDividesIsStaticWhenKnown) {
  Bool yes = evenlyDivides(T("(8,6)"), T("(4,3)"));
  EXPECT_TRUE(yes.value && yes.isStatic);
  Bool no = evenlyDivides(T("(8,6)"), T("(4,4)"));
  EXPECT_TRUE(!no.value && no.isStatic);
  Bool dyn = evenlyDivides(T("(8,_6)", true), T("(4,3)"));
  EXPECT_TRUE(dyn.value && !dyn.isStatic);
  // A static failure decides the whole answer even next to dynamic modes.
  Bool mixed = evenlyDivides(T("(8,_6)", true), T("(4,4)"));
  EXPECT_TRUE(!mixed.value && mixed.isStatic);
  EXPECT_FALSE(evenlyDivides(T("(8,6)"), T("(4,3,1)")).value);
}

TEST(IntTupleMath, FilterZerosMarksStaticZeroParts) {
  EXPECT_EQ(show(filterZeros(T("(_1,_0,(0,_0))", true), D("(2,3,(4,5))"))), "(2,_1,(4,_1))");
  EXPECT_EQ(show(filterZeros(T("(1,0)"), D("((2,3),4)"))), "((2,3),_1)");
  EXPECT_EQ(show(filterZeros(T("(0,1)"), D("((2,3),4)"))), "((_1,_1),4)");
}

// --- compact strides --------------------------------------------------------------------------

TEST(IntTupleMath, CompactMajorLeftAndRight) {
  EXPECT_EQ(show(compactMajor(T("(2,3,4)"), T("1"), Major::Left)), "(_1,_2,_6)");
  EXPECT_EQ(show(compactMajor(T("(2,3,4)"), T("1"), Major::Right)), "(_12,_4,_1)");
  EXPECT_EQ(show(compactMajor(T("(2,1,4)"), T("1"), Major::Left)), "(_1,_0,_2)"); // size-1: _0
  EXPECT_EQ(show(compactMajor(T("((2,3),4)"), T("1"), Major::Right)), "((_12,_4),_1)");
  EXPECT_EQ(show(compactMajor(T("((2,3),4)"), T("1"), Major::Left)), "((_1,_2),_6)");
  EXPECT_EQ(show(compactMajor(T("(2,3)"), T("(1,10)"), Major::Left)), "(_1,_10)");
  EXPECT_EQ(show(compactMajor(T("(2,3)"), T("5"), Major::Left)), "(_5,_10)");
  EXPECT_FALSE(compactMajor(T("(2,3)"), T("(1,10,100)"), Major::Left).ok());
}

TEST(IntTupleMath, CompactMajorStaticnessFollowsTheProducts) {
  EXPECT_EQ(show(compactMajor(T("(2,_3,_4)", true), T("1"), Major::Left)), "(_1,2,6)");
  EXPECT_EQ(show(compactMajor(T("(_2,_3,4)", true), T("1"), Major::Left)), "(_1,_2,_6)");
  EXPECT_EQ(show(compactMajor(T("(_2,_3,4)", true), T("1"), Major::Right)), "(12,4,_1)");
}

TEST(IntTupleMath, CompactOrderDocExamples) {
  EXPECT_EQ(show(compactOrder(T("(2,2,2,2)"), T("(0,2,3,1)"))), "(_1,_4,_8,_2)");
  // Dynamic order values come after every static one, left to right.
  EXPECT_EQ(show(compactOrder(D("(2,3,4,5)"), T("(_2,67,42,_50)", true))), "(_1,10,30,2)");
  Expected<Layout> l = makeOrderedLayout(T("(2,2,2,2)"), T("(0,2,3,1)"));
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(print(*l, Style::Cute), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
}

TEST(IntTupleMath, CompactOrderWithNestedOrder) {
  // Shape ((2,3),4) ordered ((1,2),0): the 4-mode first, then the 2, then the 3.
  EXPECT_EQ(show(compactOrder(T("((2,3),4)"), T("((1,2),0)"))), "((_4,_8),_1)");
  // A leaf order covers a whole sub-shape, compact inside it.
  EXPECT_EQ(show(compactOrder(T("((2,3),4)"), T("(1,0)"))), "((_4,_8),_1)");
  Expected<IntTuple> bad = compactOrder(T("(2,3)"), T("((0,1),2)"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "compact_order: order ((0,1),2) is not weakly congruent with shape (2,3)");
}

// --- coordinates ------------------------------------------------------------------------------

TEST(IntTupleMath, Crd2idxWithStrides) {
  EXPECT_EQ(show(crd2idx(D("5"), D("(3,4)"), D("(4,1)"))), "9");
  EXPECT_EQ(show(crd2idx(D("(1,(1,2))"), D("(3,(2,4))"), D("(1,(3,6))"))), "16");
  EXPECT_EQ(show(crd2idx(T("0"), D("(3,4)"), T("(1,3)", true))), "_0"); // static zero shortcut
  EXPECT_EQ(show(crd2idx(D("(1,2)"), D("(3,4)"), D("(4,1)"))), "6");
  EXPECT_FALSE(crd2idx(D("(1,2,3)"), D("(3,4)"), D("(4,1)")).ok());
  EXPECT_FALSE(crd2idx(T("(_,1)"), D("(3,4)"), D("(4,1)")).ok());
}

TEST(IntTupleMath, Crd2idxColexicographic) {
  EXPECT_EQ(show(crd2idx(D("(1,2)"), D("(3,4)"))), "7");
  EXPECT_EQ(show(crd2idx(D("(1,(1,2))"), D("(3,(2,4))"))), "16");
  EXPECT_EQ(show(crd2idx(D("(1,5)"), D("(3,(2,4))"))), "16"); // a mode as its own index
  EXPECT_EQ(show(crd2idx(D("11"), D("(3,4)"))), "11");
  EXPECT_EQ(show(crd2idx(T("(1,2)"), T("(3,4)"))), "_7");
}

TEST(IntTupleMath, Idx2crdNaturalCoordinate) {
  EXPECT_EQ(show(idx2crd(D("16"), D("(3,(2,4))"))), "(1,(1,2))");
  EXPECT_EQ(show(idx2crd(D("5"), T("(3,4)"))), "(2,1)");
  EXPECT_EQ(show(idx2crd(T("5"), T("(3,4)"))), "(_2,_1)");
  EXPECT_EQ(show(idx2crd(D("14"), T("(3,4)"))), "(2,4)"); // the last mode is not reduced
  EXPECT_EQ(show(idx2crd(T("0"), D("(3,4)"))), "(_0,_0)");
  EXPECT_EQ(show(idx2crd(D("(5,2)"), D("((2,3),4)"))), "((1,2),2)");
}

TEST(IntTupleMath, Idx2crdWithStrides) {
  EXPECT_EQ(show(idx2crd(D("7"), D("(3,4)"), D("(4,1)"))), "(1,3)");
  EXPECT_EQ(show(idx2crd(D("7"), D("(3,4)"), T("1"))), "(1,2)"); // compact from 1
}

TEST(IntTupleMath, TupleArithmetic) {
  EXPECT_EQ(show(tupleArith(TupleOp::Add, D("(1,(2,3))"), D("(4,(5,6))"))), "(5,(7,9))");
  EXPECT_EQ(show(tupleArith(TupleOp::Sub, D("(4,5)"), D("1"))), "(3,4)");
  EXPECT_EQ(show(tupleArith(TupleOp::Mul, T("2"), D("(3,4)"))), "(6,8)");
  EXPECT_EQ(show(tupleArith(TupleOp::Div, T("(7,8)"), T("2"))), "(_3,_4)");
  EXPECT_EQ(show(tupleArith(TupleOp::Mod, D("(7,8)"), T("(3,1)"))), "(1,_0)");
  EXPECT_EQ(show(tupleArith(TupleOp::Div, D("(7,8)"), D("(1,0)"))), "error: tuple_div: division by zero in 8 / 0");
  EXPECT_EQ(show(tupleArith(TupleOp::Mod, D("7"), T("0"))), "error: tuple_mod: modulo by zero in 7 % 0");
  // Add and Sub pad the shorter tuple with _0, as CuTe's ArithmeticTuple does; the others
  // need congruent tuples.
  EXPECT_EQ(show(tupleArith(TupleOp::Add, D("(1,2)"), D("(1,2,3)"))), "(2,4,3)");
  EXPECT_EQ(show(tupleArith(TupleOp::Sub, T("(1,2)"), D("(1,2,3)"))), "(0,0,-3)");
  EXPECT_FALSE(tupleArith(TupleOp::Mul, D("(1,2)"), D("(1,2,3)")).ok());
}

// --- Int arithmetic ---------------------------------------------------------------------------

TEST(Int, StaticOpStaticIsStatic) {
  EXPECT_EQ(add(S(2), S(3)), S(5));
  EXPECT_EQ(sub(S(2), S(3)), S(-1));
  EXPECT_EQ(mul(S(2), S(3)), S(6));
  EXPECT_EQ(div(S(7), S(2)), S(3));
  EXPECT_EQ(mod(S(7), S(2)), S(1));
  EXPECT_EQ(gcd(S(4), S(6)), S(2));
  EXPECT_EQ(lcm(S(4), S(6)), S(12));
  EXPECT_EQ(min(S(4), S(6)), S(4));
  EXPECT_EQ(max(S(4), S(6)), S(6));
  EXPECT_EQ(abs(S(-3)), S(3));
  EXPECT_EQ(signum(S(-3)), S(-1));
  EXPECT_EQ(neg(S(3)), S(-3));
}

TEST(Int, AnyDynamicOperandMakesDynamic) {
  EXPECT_EQ(mul(S(2), Y(3)), Y(6));
  EXPECT_EQ(mul(S(1), Y(5)), Y(5)); // static 1 is no shortcut
  EXPECT_EQ(add(S(0), Y(5)), Y(5));
  EXPECT_EQ(sub(Y(5), S(5)), Y(0));
  EXPECT_EQ(max(S(2), Y(5)), Y(5));
  EXPECT_EQ(gcd(S(4), Y(6)), Y(2));
  EXPECT_EQ(div(Y(6), S(1)), Y(6));
  EXPECT_EQ(abs(Y(-3)), Y(3));
}

TEST(Int, StaticZeroAndOneShortcuts) {
  EXPECT_EQ(mul(S(0), Y(5)), S(0));
  EXPECT_EQ(mul(Y(5), S(0)), S(0));
  EXPECT_EQ(mul(Y(0), Y(5)), Y(0)); // a dynamic zero stays dynamic
  EXPECT_EQ(div(S(0), Y(5)), S(0));
  EXPECT_EQ(div(S(0), S(5)), S(0));
  EXPECT_EQ(mod(Y(7), S(1)), S(0));
  EXPECT_EQ(mod(Y(7), S(-1)), S(0));
  EXPECT_EQ(mod(S(0), Y(3)), S(0));
  EXPECT_EQ(mod(Y(7), S(2)), Y(1));
  EXPECT_EQ(mod(Y(7), Y(1)), Y(0));
}

TEST(Int, DivisionTruncatesTowardZero) {
  EXPECT_EQ(div(S(-7), S(2)), S(-3));
  EXPECT_EQ(mod(S(-7), S(2)), S(-1));
  EXPECT_EQ(div(S(7), S(-2)), S(-3));
}

TEST(Int, CeilDivAndSafeDiv) {
  EXPECT_EQ(ceilDiv(S(7), S(2)), S(4));
  EXPECT_EQ(ceilDiv(S(8), S(2)), S(4));
  EXPECT_EQ(ceilDiv(S(0), Y(4)), Y(0)); // CuTe: ceil_div(_0, int) is dynamic
  EXPECT_EQ(ceilDiv(Y(9), S(4)), Y(3));
  ArithScope scope;
  EXPECT_EQ(safeDiv(S(6), S(3)), S(2));
  EXPECT_EQ(safeDiv(Y(6), S(4)), Y(1)); // dynamic: truncates, as CuTe does
  EXPECT_FALSE(scope.failed());
  safeDiv(S(6), S(4));
  ASSERT_TRUE(scope.failed());
  EXPECT_EQ(scope.error("test").message, "safe_div requires 6 % 4 == 0 (in test)");
}

TEST(Int, DivModIsDivAndMod) {
  // divMod's one-division path (a >= 0, b > 0) and its fallback agree with div and mod:
  // values, staticness (CuTe's _0 / int, _0 % int and int % _1 are static) and the failure
  // recorded, over seeded random pairs of every sign and staticness, and the edges.
  std::mt19937_64 gen(0xD17'0D00);
  const int64_t edges[] = {0, 1, -1, 2, -2, 7, INT64_MAX, INT64_MIN, INT64_MIN + 1};
  auto value = [&]() -> int64_t {
    switch (gen() % 4) {
    case 0:
      return edges[gen() % (sizeof edges / sizeof edges[0])];
    case 1:
      return int64_t(gen() % 64) - 16;
    case 2:
      return int64_t(gen() % 100000);
    default:
      return int64_t(gen());
    }
  };
  for (int k = 0; k < 20000; ++k) {
    Int a{value(), gen() % 2 == 0}, b{value(), gen() % 2 == 0};
    std::string expectedError, actualError;
    Int q0, r0, q, r;
    {
      ArithScope scope;
      r0 = mod(a, b);
      q0 = div(a, b);
      if (scope.failed())
        expectedError = scope.error("t").message;
    }
    {
      ArithScope scope;
      divMod(a, b, q, r);
      if (scope.failed())
        actualError = scope.error("t").message;
    }
    ASSERT_EQ(actualError, expectedError) << print(a) << " " << print(b);
    if (expectedError.empty()) {
      ASSERT_EQ(q, q0) << print(a) << " / " << print(b);
      ASSERT_EQ(r, r0) << print(a) << " % " << print(b);
    }
  }
}

TEST(Int, ComparisonsAreStaticWhenBothAre) {
  Bool e = equal(S(2), S(2));
  EXPECT_TRUE(e.isStaticTrue());
  Bool d = equal(S(2), Y(2));
  EXPECT_TRUE(d.value);
  EXPECT_FALSE(d.isStatic);
  Bool l = less(S(3), S(2));
  EXPECT_FALSE(l.value);
  EXPECT_TRUE(l.isStatic);
  EXPECT_TRUE(S(3).isConstant(3));
  EXPECT_FALSE(Y(3).isConstant(3));
}

// --- ArithScope -------------------------------------------------------------------------------

TEST(ArithScope, DetectsMultiplicationOverflow) {
  ArithScope scope;
  EXPECT_FALSE(scope.failed());
  mul(S(INT64_MAX), S(2));
  ASSERT_TRUE(scope.failed());
  EXPECT_EQ(scope.error("composition").message, "int64 overflow in 9223372036854775807 * 2 (in composition)");
}

TEST(ArithScope, DetectsAdditionSubtractionAndNegationOverflow) {
  {
    ArithScope scope;
    add(Y(INT64_MAX), Y(1));
    ASSERT_TRUE(scope.failed());
    EXPECT_EQ(scope.error("x").message, "int64 overflow in 9223372036854775807 + 1 (in x)");
  }
  {
    ArithScope scope;
    sub(Y(INT64_MIN), Y(1));
    ASSERT_TRUE(scope.failed());
    EXPECT_EQ(scope.error("x").message, "int64 overflow in -9223372036854775808 - 1 (in x)");
  }
  {
    ArithScope scope;
    neg(Y(INT64_MIN));
    EXPECT_TRUE(scope.failed());
  }
  {
    ArithScope scope;
    div(Y(INT64_MIN), Y(-1));
    ASSERT_TRUE(scope.failed());
    EXPECT_EQ(scope.error("x").message, "int64 overflow in -9223372036854775808 / -1 (in x)");
  }
}

TEST(ArithScope, DetectsDivisionByZero) {
  {
    ArithScope scope;
    Int q = div(S(5), S(0));
    EXPECT_EQ(q.value, 0);
    ASSERT_TRUE(scope.failed());
    EXPECT_EQ(scope.error("x").message, "division by zero in 5 / 0 (in x)");
  }
  {
    ArithScope scope;
    mod(Y(5), Y(0));
    ASSERT_TRUE(scope.failed());
    EXPECT_EQ(scope.error("x").message, "division by zero in 5 % 0 (in x)");
  }
}

TEST(ArithScope, FirstFailureWins) {
  ArithScope scope;
  div(S(1), S(0));
  mul(S(INT64_MAX), S(3));
  EXPECT_EQ(scope.error("x").message, "division by zero in 1 / 0 (in x)");
}

TEST(ArithScope, InnerFailurePropagatesOutward) {
  ArithScope outer;
  {
    ArithScope inner;
    EXPECT_FALSE(inner.failed());
    mul(S(INT64_MAX), S(2));
    EXPECT_TRUE(inner.failed());
  }
  ASSERT_TRUE(outer.failed());
  EXPECT_EQ(outer.error("x").message, "int64 overflow in 9223372036854775807 * 2 (in x)");
}

TEST(ArithScope, InnerScopeStartsCleanAndOuterFailureStaysFirst) {
  ArithScope outer;
  div(S(1), S(0));
  {
    ArithScope inner;
    EXPECT_FALSE(inner.failed());
    mul(S(INT64_MAX), S(2));
    EXPECT_EQ(inner.error("x").message, "int64 overflow in 9223372036854775807 * 2 (in x)");
  }
  EXPECT_EQ(outer.error("x").message, "division by zero in 1 / 0 (in x)");
}

TEST(ArithScope, NestedScopesEachKeepTheirOwnFirstFailure) {
  ArithScope outer;
  div(S(1), S(0));
  {
    ArithScope middle;
    mul(S(INT64_MAX), S(2));
    {
      ArithScope inner;
      EXPECT_FALSE(inner.failed());
      div(S(7), S(0));
      EXPECT_EQ(inner.error("x").message, "division by zero in 7 / 0 (in x)");
    }
    EXPECT_EQ(middle.error("x").message, "int64 overflow in 9223372036854775807 * 2 (in x)");
  }
  EXPECT_EQ(outer.error("x").message, "division by zero in 1 / 0 (in x)");
}

TEST(ArithScope, NoFailureLeaksIntoALaterScope) {
  {
    ArithScope first;
    mul(S(INT64_MAX), S(2));
    EXPECT_TRUE(first.failed());
  }
  ArithScope second;
  EXPECT_FALSE(second.failed());
  mul(S(3), S(4));
  EXPECT_FALSE(second.failed());
}

TEST(ArithScope, TupleOperationsReportOverflow) {
  ArithScope scope;
  Int p = product(T("(4611686018427387904,4)", true));
  (void)p;
  ASSERT_TRUE(scope.failed());
  EXPECT_EQ(scope.error("size").message, "int64 overflow in 4611686018427387904 * 4 (in size)");
}
