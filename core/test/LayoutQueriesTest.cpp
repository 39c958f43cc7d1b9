// Unit and property tests of CuTe's further layout API (issue 45): coshape, nullspace,
// max_alignment, zip, unflatten and domain_offset (Layout.h, LayoutQueries.cpp), the shape
// predicates compatible and evenly_divides with CuTe's staticness (IntTupleMath.h,
// Tiler.h), inner_partition and outer_partition (Tiler.h), and the tensor forms (Tensor.h:
// recast, domain_offset, max_alignment). Expected values are CuTe's answers (cute-ref).
#include "cutelayout/ComposedLayout.h"
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Layout.h"
#include "cutelayout/Tensor.h"
#include "cutelayout/Tiler.h"

#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <string>

using namespace cutelayout;

namespace {

IntTuple tup(const char *text, bool dynamic = false) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  return *parseIntTuple(text, o);
}
/// A layout `shape:stride`, or the column-major layout of a shape.
Layout lay(const char *text, bool dynamic = false) {
  ParseOptions o;
  o.plainIsDynamic = dynamic;
  if (std::string(text).find(':') == std::string::npos)
    return makeLayout(*parseIntTuple(text, o));
  return *parseLayout(text, o);
}
template <class T> std::string show(const Expected<T> &x) {
  return x.ok() ? print(*x, Style::Cute) : "error: " + x.error().message;
}
std::string show(Bool b) { return print(asInt(b), Style::Cute); }
std::string show(const Expected<Bool> &b) { return b.ok() ? show(*b) : "error: " + b.error().message; }
Tiler tiler(const char *shape) { return tilerFromShape(tup(shape)); }
Tensor identity(const char *shape) { return *makeIdentityTensor(tup(shape)); }

/// coshape's @post: size(coshape(l)) == cosize(l).
testing::AssertionResult checkCoshape(const Layout &l) {
  Expected<IntTuple> c = coshape(l);
  if (!c)
    return testing::AssertionFailure() << print(l) << ": " << c.error().message;
  if (product(*c).value != cosize(l).value)
    return testing::AssertionFailure() << print(l) << ": size of " << print(*c) << " is not cosize " << cosize(l).value;
  return testing::AssertionSuccess();
}

/// nullspace's @post: l(result(i)) == 0, and size(result) == size(l) / size(filter(l)).
testing::AssertionResult checkNullspace(const Layout &l) {
  Expected<Layout> n = nullspace(l);
  if (!n)
    return testing::AssertionFailure() << print(l) << ": " << n.error().message;
  for (int64_t i = 0; i < size(*n).value; ++i) {
    int64_t at = crd2idx(IntTuple(Int::fixed(i)), *n)->value;
    if (crd2idx(IntTuple(Int::fixed(at)), l)->value != 0)
      return testing::AssertionFailure() << print(l) << ": nullspace " << print(*n) << " at " << i << " is not in it";
  }
  if (size(*n).value != size(l).value / size(filter(l)).value)
    return testing::AssertionFailure() << print(l) << ": nullspace " << print(*n) << " has the wrong size";
  return testing::AssertionSuccess();
}

/// max_alignment's @post: upcast by it passes CuTe's static checks, on coalesce(l). (CuTe's
/// comment promises it on l, but upcast<N> also checks the strides of size-1 modes, which
/// max_alignment coalesces away: CuTe's max_alignment(((1,4,1),(2,1,8)):((32,0,7),(16,2,1)))
/// is _8, and its upcast<8> of that layout fails its divisibility static_assert.)
testing::AssertionResult checkMaxAlignment(const Layout &l) {
  Expected<Int> n = maxAlignment(l);
  if (!n)
    return testing::AssertionFailure() << print(l) << ": " << n.error().message;
  if (!n->isStatic || n->value < 1)
    return testing::AssertionFailure() << print(l) << ": max_alignment " << print(*n);
  if (!upcast(coalesce(l), n->value))
    return testing::AssertionFailure() << print(l) << ": upcast by max_alignment " << n->value << " fails";
  return testing::AssertionSuccess();
}

TEST(LayoutQueries, Coshape) {
  // CuTe: coshape of each layout, static and with runtime ints.
  EXPECT_EQ(show(coshape(lay("(4,8):(1,4)"))), "_32");
  EXPECT_EQ(show(coshape(lay("(4,8):(1,4)", true))), "32");
  EXPECT_EQ(show(coshape(lay("(4,(2,3)):(2,(1,8))"))), "_24");
  EXPECT_EQ(show(coshape(lay("(4,8):(0,0)"))), "_1");
  EXPECT_EQ(show(coshape(lay("(4,8):(-1,4)"))), "_32");
  EXPECT_EQ(show(coshape(lay("(4,8):(_1@1,_2@0)"))), "(_15,_4)");
  EXPECT_EQ(show(coshape(lay("(4,8):(_1@1,_2@1)"))), "(_1,_18)");
  EXPECT_EQ(show(coshape(lay("(4,8):(_1@1,_1@0)", true))), "(8,4)");
  EXPECT_EQ(show(coshape(lay("(4,8):(_1@1,1)"))),
            "error: crd2idx: the stride (1@1,1) adds the integer 1 to scaled bases (CuTe adds only _0 to a basis)");
  test::LayoutGen gen(0xC05A);
  for (int k = 0; k < 500; ++k)
    ASSERT_TRUE(checkCoshape(gen.withNegativeStrides(gen.anyLayout(), 20)));
}

TEST(LayoutQueries, Nullspace) {
  EXPECT_EQ(show(nullspace(lay("(4,8):(0,1)"))), "_4:_1");
  EXPECT_EQ(show(nullspace(lay("(4,8):(1,4)"))), "_1:_0");
  EXPECT_EQ(show(nullspace(lay("((2,4),8,3):((0,1),0,0)"))), "(_2,_8,_3):(_1,_8,_64)");
  EXPECT_EQ(show(nullspace(lay("(1,4,8):(0,0,1)"))), "(_1,_4):(_0,_1)");
  // A runtime 0 is not CuTe's static zero; a runtime extent keeps its kind.
  EXPECT_EQ(show(nullspace(lay("(4,8):(0,1)", true))), "_1:_0");
  EXPECT_EQ(show(nullspace(Layout{tup("(4,8)", true), tup("(_0,1)", true)})), "4:_1");
  test::LayoutGen gen(0x0011);
  for (int k = 0; k < 500; ++k)
    ASSERT_TRUE(checkNullspace(gen.anyLayout()));
}

TEST(LayoutQueries, MaxAlignment) {
  EXPECT_EQ(show(maxAlignment(lay("(4,8):(1,4)"))), "_32");
  EXPECT_EQ(show(maxAlignment(lay("(4,8):(8,1)"))), "_32");
  EXPECT_EQ(show(maxAlignment(lay("(4,8):(2,8)"))), "_1");
  EXPECT_EQ(show(maxAlignment(lay("(2,3,4):(1,16,2)"))), "_8");
  EXPECT_EQ(show(maxAlignment(lay("(2,3,4):(1,16,64)"))), "_2");
  EXPECT_EQ(show(maxAlignment(lay("(8,3,4):(1,12,64)"))), "_4");
  EXPECT_EQ(show(maxAlignment(lay("1:0"))), "_1");
  EXPECT_EQ(show(maxAlignment(lay("((1,4,1),(2,1,8)):((32,0,7),(16,2,1))"))), "_8");
  // Only static extents and strides count: CuTe's _1 for a runtime layout.
  EXPECT_EQ(show(maxAlignment(lay("(4,8):(1,4)", true))), "_1");
  EXPECT_EQ(show(maxAlignment(Layout{tup("(_4,8)", true), tup("(_1,_4)")})), "_4");
  EXPECT_EQ(show(maxAlignment(lay("(4,8):(_1@0,_1@1)"))),
            "error: max_alignment of (4,8):(1@0,1@1): CuTe needs integer strides here, not scaled bases");
  ComposedLayout sw{OuterFunction::of(Swizzle{3, 4, 3}), tup("0"), lay("(64,64):(64,1)")};
  EXPECT_EQ(show(maxAlignment(sw)), "_16");
  sw.offset = tup("8");
  EXPECT_EQ(show(maxAlignment(sw)), "_8");
  test::LayoutGen gen(0xA119);
  for (int k = 0; k < 500; ++k)
    ASSERT_TRUE(checkMaxAlignment(gen.anyLayout()));
}

TEST(LayoutQueries, ZipOfTuplesAndLayouts) {
  EXPECT_EQ(show(zip(tup("((1,2),(3,4))"))), "((_1,_3),(_2,_4))");
  EXPECT_EQ(show(zip(tup("(1,2)"))), "((_1,_2))");
  EXPECT_EQ(show(zip(tup("3"))), "_3");
  EXPECT_EQ(show(zip(tup("((1,2),(3,4,5))"))),
            "error: zip: element 1 of ((1,2),(3,4,5)) has rank 3, not element 0's rank 2 (CuTe: Mismatched Ranks)");
  EXPECT_EQ(show(zip(tup("((1,2),3)"))), "error: zip: element 1 of ((1,2),3) is 3, not a tuple like element 0");
  EXPECT_EQ(show(zip(tup("()"))), "error: zip: () has no element 0 to take the rank from");
  EXPECT_EQ(show(zip(lay("((2,3),(4,5))"))), "((_2,_4),(_3,_5)):((_1,_6),(_2,_24))");
  EXPECT_EQ(show(zip(lay("(2,3)"), lay("(4,5)"))), "((_2,_4),(_3,_5)):((_1,_1),(_2,_4))");
  // zip is its own inverse on a tuple of tuples of one rank.
  IntTuple t = tup("((1,2,3),(4,5,6))");
  EXPECT_EQ(*zip(*zip(t)), t);
}

TEST(LayoutQueries, Unflatten) {
  EXPECT_EQ(show(unflatten(tup("(2,3,4)"), tup("(_,(_,_))"))), "(_2,(_3,_4))");
  EXPECT_EQ(show(unflatten(tup("(2,3,4)", true), tup("((0,0),0)"))), "((2,3),4)");
  EXPECT_EQ(show(unflatten(tup("5"), tup("0"))), "_5");
  EXPECT_EQ(show(unflatten(tup("5"), tup("(0)"))), "(_5)");
  EXPECT_EQ(show(unflatten(tup("(5)"), tup("0"))), "_5");
  EXPECT_EQ(show(unflatten(tup("()"), tup("()"))), "()");
  // CuTe does not check that the input is flat: a tuple element is taken whole.
  EXPECT_EQ(show(unflatten(tup("(2,(3,4))"), tup("(0,0)"))), "(_2,(_3,_4))");
  EXPECT_EQ(show(unflatten(tup("(2,3)"), tup("0"))),
            "error: unflatten: the profile 0 has fewer leaves (1) than (2,3) has elements (2)");
  EXPECT_EQ(show(unflatten(tup("(2,3)"), tup("(0,(0,0))"))),
            "error: unflatten: the profile (0,(0,0)) has more leaves (3) than (2,3) has elements (2)");
  EXPECT_EQ(show(unflatten(lay("(2,3,4)"), tup("(0,(0,0))"))), "(_2,(_3,_4)):(_1,(_2,_6))");
  // flatten(unflatten(flatten(t), t)) is flatten(t), congruent with t.
  test::LayoutGen gen(0x0F1A);
  for (int k = 0; k < 300; ++k) {
    IntTuple s = gen.shape();
    IntTuple u = *unflatten(flattenToTuple(s), s);
    ASSERT_TRUE(congruent(u, s) || !s.isTuple()) << print(s);
    ASSERT_EQ(flatten(u), flatten(s)) << print(s);
  }
}

TEST(LayoutQueries, CompatibleWithCuTesStaticness) {
  EXPECT_EQ(show(compatibleAsCute(tup("(6,4)"), tup("((2,3),4)"))), "_1");
  EXPECT_EQ(show(compatibleAsCute(tup("(6,4)", true), tup("((2,3),4)"))), "1");
  EXPECT_EQ(show(compatibleAsCute(tup("(6,5)"), tup("((2,3),4)"))), "_0");
  EXPECT_EQ(show(compatibleAsCute(tup("(7,4)", true), tup("((2,3),4)"))), "0");
  EXPECT_EQ(show(compatibleAsCute(tup("24"), tup("((2,3),4)"))), "_1");
  EXPECT_EQ(show(compatibleAsCute(tup("(2,3)"), tup("6"))), "_0");
  EXPECT_EQ(show(compatibleAsCute(tup("(2,4)"), tup("(2,4,5)"))), "_0");
  EXPECT_EQ(show(compatibleAsCute(tup("()"), tup("()"))), "_1");
  // A static false decides, next to a runtime comparison: CuTe's &&.
  EXPECT_EQ(show(compatibleAsCute(tup("(2,_4)", true), tup("(_2,_5)"))), "_0");
  EXPECT_EQ(show(compatibleAsCute(tup("(_2,3)", true), tup("(_2,_4)"))), "0");
}

TEST(LayoutQueries, EvenlyDividesByAnyTiler) {
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), tiler("(4,3)"))), "_1");
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), tilerFromLayout(lay("4:2")))), "_1");
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), tilerFromLayout(lay("5:2")))), "_0");
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), tiler("16"))), "_1");
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), tiler("5"))), "_0");
  EXPECT_EQ(show(evenlyDivides(tup("8"), tiler("(4,2)"))), "_0");
  EXPECT_EQ(show(evenlyDivides(tup("8"), tiler("(4)"))), "_1");
  EXPECT_EQ(show(evenlyDivides(tup("(8,_6)", true), tiler("(4,4)"))), "_0");
  EXPECT_EQ(show(evenlyDivides(tup("(_8,6)", true), tiler("(4,4)"))), "0");
  EXPECT_EQ(show(evenlyDivides(tup("((2,4),6)"), tiler("((2,2),3)"))), "_1");
  Tiler both[2] = {tilerFromLayout(lay("4:2")), tiler("3")};
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), makeTile(both, 2))), "_1");
  EXPECT_EQ(show(evenlyDivides(tup("(8,6)"), underscoreTiler())),
            "error: evenly_divides: cannot divide (8,6) by `_` (CuTe has no such overload)");
}

TEST(LayoutQueries, InnerAndOuterPartitions) {
  Layout a = lay("(8,8):(1,8)");
  EXPECT_EQ(show(innerPartition(a, tiler("(4,4)"), tup("(1,1)"))), "(_4,_4):(_1,_8)");
  EXPECT_EQ(show(outerPartition(a, tiler("(4,4)"), tup("(1,1)"))), "(_2,_2):(_4,_32)");
  EXPECT_EQ(show(innerPartition(a, tiler("(4,4)"), tup("(1)"))), "(_4,_4,_2):(_1,_8,_32)");
  EXPECT_EQ(show(outerPartition(a, tiler("(4,4)"), tup("(1)"))), "(_4,_2,_2):(_8,_4,_32)");
  EXPECT_EQ(show(outerPartition(a, tiler("(4,4)"), tup("(1,1,1)"))),
            "error: outer_partition: coordinate (1,1,1) has more modes than the tile (4,4)");
  EXPECT_EQ(show(innerPartition(a, tiler("(4,4)"), tup("(1,1,1)"))),
            "error: inner_partition: coordinate (1,1,1) has more modes than the rest (2,2)");
  // inner_partition is local_tile without a projection.
  test::LayoutGen gen(0x1AE5);
  for (int k = 0; k < 200; ++k) {
    Layout l = gen.layout(test::Strides::Compact);
    Tiler t = tilerFromShape(IntTuple(Int::fixed(gen.pick(1, 4))));
    IntTuple c(Int::fixed(0));
    Expected<Layout> inner = innerPartition(l, t, c), local = localTile(l, t, c, nullptr);
    ASSERT_EQ(inner.ok(), local.ok()) << print(l);
    if (inner.ok()) {
      ASSERT_EQ(*inner, *local) << print(l);
    }
  }
}

TEST(LayoutQueries, DomainOffset) {
  Expected<LayoutAndOffset> r = domainOffset(tup("(1,2)", true), lay("(4,8)"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(print(r->offset, Style::Cute), "9");
  EXPECT_EQ(print(domainOffset(tup("(1,2)"), lay("(4,8)"))->offset, Style::Cute), "_9");
  EXPECT_EQ(print(domainOffset(tup("(1,2)"), lay("(4,8):(_1@1,_1@0)"))->offset, Style::Cute), "(_2,_1)");
  EXPECT_EQ(domainOffset(tup("(_,2)"), lay("(4,8)")).error().message,
            "domain_offset: the coordinate (_,2) contains `_` (CuTe's L(coord) would then be a slice, not an offset)");
  ComposedLayout sw{OuterFunction::of(Swizzle{1, 0, 1}), tup("0"), lay("(4,8)")};
  EXPECT_EQ(show(domainOffset(tup("(1,2)", true), sw)), "Sw<1,0,1> o 9 o (_4,_8):(_1,_4)");
}

TEST(LayoutQueries, TensorForms) {
  TensorIterator half = *makeSmemPtr(16, Int::dynamic(256));
  Tensor t = *makeTensor(half, AnyLayout(lay("(4,8)")));
  EXPECT_EQ(show(recast(t, 32)), "smem_ptr[32b](0x100) o (_2,_8):(_1,_2)");
  EXPECT_EQ(show(recast(t, 8)), "smem_ptr[8b](0x100) o (_8,_8):(_1,_8)");
  EXPECT_EQ(show(recast(t, 16)), "smem_ptr[16b](0x100) o (_4,_8):(_1,_4)");
  // An upcast over negative strides moves the pointer back (CuTe: 0x100 - 2 halves).
  EXPECT_EQ(show(recast(*makeTensor(half, AnyLayout(lay("(4,8):(-1,4)"))), 32)),
            "smem_ptr[32b](0xfc) o (_2,_8):(_-1,_2)");
  EXPECT_EQ(show(recast(*makeTensor(half, AnyLayout(lay("(8,4):(1,-8)"))), 32)),
            "smem_ptr[32b](0x100) o (_4,_4):(_1,_-4)");
  EXPECT_EQ(show(recast(*makeCountingTensor(Int::dynamic(0), lay("(4,8)")), 32)),
            "error: recast of counting_iter(0) o (4,8):(1,4): only a tensor over a pointer (make_smem_ptr<T>) has "
            "an element type here");
  EXPECT_EQ(show(maxAlignment(t)), "_512");
  EXPECT_EQ(show(domainOffset(tup("(1,2)", true), t)), "smem_ptr[16b](0x112) o (_4,_8):(_1,_4)");
  EXPECT_EQ(show(outerPartition(t, tiler("(2,4)"), tup("(1,3)", true))), "smem_ptr[16b](0x11a) o (_2,_2):(_2,_16)");
  Tensor counting = *makeCountingTensor(Int::dynamic(0), lay("(8,8)"));
  EXPECT_EQ(show(innerPartition(counting, tiler("(4,4)"), tup("(1,1)", true))), "counting_iter(36) o (_4,_4):(_1,_8)");
  EXPECT_EQ(show(outerPartition(counting, tiler("(4,4)"), tup("(1,1)", true))), "counting_iter(9) o (_2,_2):(_4,_32)");
}

TEST(LayoutQueries, MakeTensorLike) {
  // CuTe prints the array's stack address where these print rmem.
  EXPECT_EQ(show(makeTensorLike(lay("(4,8):(0,1)"), 32)), "ptr[32b](rmem) o (_4,_8):(_0,_1)");
  EXPECT_EQ(show(makeTensorLike(*makeCountingTensor(Int::dynamic(0), lay("(4,8):(8,1)")), 0)),
            "ptr[32b](rmem) o (_4,_8):(_8,_1)");
  TensorIterator half = *makeSmemPtr(16, Int::dynamic(256));
  Tensor t = *makeTensor(half, AnyLayout(lay("(4,8):(8,1)")));
  EXPECT_EQ(show(makeTensorLike(t, 0)), "ptr[16b](rmem) o (_4,_8):(_8,_1)");
  EXPECT_EQ(show(makeTensorLike(t, 32)), "ptr[32b](rmem) o (_4,_8):(_8,_1)");
  EXPECT_EQ(show(makeTensorLike(lay("(4,8)", true), 16)),
            "error: make_tensor_like of (4,8):(1,4): its make_layout_like (4,8):(1,4) is not static (CuTe: Dynamic "
            "owning tensors not supported)");
  Tensor regs = *makeTensorLike(lay("(8,8)"), 16);
  EXPECT_EQ(show(localTile(regs, tiler("(4,4)"), tup("(1,1)"), nullptr)), "ptr[16b](rmem+0x48) o (_4,_4):(_1,_8)");
  EXPECT_EQ(makeTensorLike(identity("(4,8)"), 0).error().message,
            "make_tensor_like of ArithTuple(0,0) o (4,8):(1@0,1@1): a coordinate tensor's elements are arithmetic "
            "tuples, which a register array does not hold here (name the element type: make_tensor_like<T>)");
}

} // namespace
