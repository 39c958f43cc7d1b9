// Tests of ComposedLayout.h against CuTe: a table of cases whose expected strings are CuTe's
// own printed answers (CUTLASS's print of the same expression; "ERROR" where CuTe rejects
// it at compile time), the evaluation of swizzled shared-memory layouts at every index of
// their domain, the cases where this core refuses what CuTe accepts, and seeded property
// tests that the lifted operations denote the functions they should.
//
// Operands are written in CuTe's printed form: `_N` is a static integer and a plain `N` a
// runtime one; a composed layout is `A o O o B` (split from the right, so A may itself be
// composed), a swizzle `Sw<B,M,S>`, a tiler a layout, a shape or a tile `<T0,T1>`.
#include "cutelayout/ComposedLayout.h"

#include "RandomLayouts.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace cutelayout;
using namespace cutelayout::test;

namespace {

ParseOptions cuteNotation() {
  ParseOptions o;
  o.plainIsDynamic = true;
  return o;
}

Layout L(std::string_view text) {
  Expected<Layout> l = parseLayout(text, cuteNotation());
  EXPECT_TRUE(l.ok()) << text << ": " << (l.ok() ? "" : l.error().message);
  return l.ok() ? *l : Layout{};
}

IntTuple T(std::string_view text) {
  Expected<IntTuple> t = parseIntTuple(text, cuteNotation());
  EXPECT_TRUE(t.ok()) << text << ": " << (t.ok() ? "" : t.error().message);
  return t.ok() ? *t : IntTuple();
}

bool isComposedText(std::string_view text) { return text.find(" o ") != std::string_view::npos; }
bool isSwizzleText(std::string_view text) { return text.rfind("Sw<", 0) == 0 && !isComposedText(text); }

Swizzle SW(std::string_view text) {
  int b = 0, m = 0, s = 0;
  EXPECT_EQ(std::sscanf(std::string(text).c_str(), "Sw<%d,%d,%d>", &b, &m, &s), 3) << text;
  Expected<Swizzle> r = makeSwizzle(b, m, s);
  EXPECT_TRUE(r.ok()) << text;
  return r.ok() ? *r : Swizzle{};
}

/// `A o O o B`: the last two parts are O and B, everything before them is A.
ComposedLayout C(std::string_view text) {
  size_t innerAt = text.rfind(" o ");
  size_t offsetAt = text.rfind(" o ", innerAt - 1);
  EXPECT_NE(offsetAt, std::string_view::npos) << text;
  std::string_view outer = text.substr(0, offsetAt);
  std::string_view offset = text.substr(offsetAt + 3, innerAt - offsetAt - 3);
  std::string_view inner = text.substr(innerAt + 3);
  OuterFunction f = isComposedText(outer)  ? OuterFunction::of(C(outer))
                    : isSwizzleText(outer) ? OuterFunction::of(SW(outer))
                                           : OuterFunction::of(L(outer));
  Expected<ComposedLayout> c = makeComposedLayout(f, T(offset), L(inner));
  EXPECT_TRUE(c.ok()) << text;
  return c.ok() ? *c : ComposedLayout{};
}

Tiler tilerElement(std::string_view text) {
  if (text == "_")
    return underscoreTiler();
  if (text.find(':') != std::string_view::npos)
    return tilerFromLayout(L(text));
  return tilerFromShape(T(text));
}

/// A layout, a shape, or a tile `<T0,T1,...>` of those and `_`.
Tiler TL(std::string_view text) {
  if (text.empty() || text[0] != '<')
    return tilerElement(text);
  std::vector<Tiler> elements;
  int depth = 0;
  size_t start = 1;
  for (size_t i = 1; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '<')
      ++depth;
    else if ((c == ')' || c == '>') && depth > 0)
      --depth;
    else if ((c == ',' && depth == 0) || (c == '>' && depth == 0)) {
      elements.push_back(tilerElement(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  return makeTile(elements.data(), uint32_t(elements.size()));
}

/// A result in CuTe's printed form, or the error.
struct Outcome {
  bool ok = false;
  std::string text; // the printed result, or the error message
};

template <class V> Outcome outcome(const Expected<V> &r) {
  if (!r)
    return {false, r.error().message};
  if constexpr (std::is_same_v<V, Swizzle>)
    return {true, print(*r)};
  else
    return {true, print(*r, Style::Cute)};
}

Outcome ok(const std::string &text) { return {true, text}; }

/// The mode operations CuTe lifts through A o O o B.
template <class F> Outcome lifted(const ComposedLayout &c, F f) { return outcome(liftInner(c, f)); }

int64_t number(const std::string &op, const char *prefix) { return std::stoll(op.substr(std::string(prefix).size())); }

struct Case {
  const char *op, *a, *b, *c, *expected;
};

/// Runs one case with this core's functions, named as CuTe names them.
Outcome run(const Case &k) {
  const std::string op = k.op;
  std::string_view a = k.a, b = k.b, c = k.c;
  if (op == "make_composed_layout")
    return ok(print(C(a), Style::Cute));
  if (op == "size")
    return ok(print(size(C(a)), Style::Cute));
  if (op == "cosize")
    return ok(print(cosize(C(a)), Style::Cute));
  if (op == "make_layout")
    return ok(print(makeLayout(SW(a)), Style::Cute));
  if (op == "eval")
    return outcome(crd2idx(T(b), C(a)));
  if (op == "composition") {
    if (isSwizzleText(a))
      return ok(print(composition(SW(a), L(b)), Style::Cute));
    if (isComposedText(a))
      return outcome(composition(C(a), TL(b)));
    if (isSwizzleText(b))
      return outcome(composition(L(a), SW(b)));
    return outcome(composition(L(a), C(b)));
  }
  if (op == "logical_divide")
    return lifted(C(a), [&](const Layout &l) { return logicalDivide(l, TL(b)); });
  if (op == "zipped_divide")
    return lifted(C(a), [&](const Layout &l) { return zippedDivide(l, TL(b)); });
  if (op == "tiled_divide")
    return lifted(C(a), [&](const Layout &l) { return tiledDivide(l, TL(b)); });
  if (op == "flat_divide")
    return lifted(C(a), [&](const Layout &l) { return flatDivide(l, TL(b)); });
  // A product by a layout (lifted through a composed a), or by a swizzled tiler: of a
  // layout, or of a composed a (A o O o (B x tiler), CuTe's lift, held when not nested).
  auto product = [&](Expected<Layout> (*byLayout)(const Layout &, TilerRef),
                     Expected<AnyLayout> (*bySwizzled)(const Layout &, const ComposedLayout &)) {
    if (!isComposedText(b))
      return lifted(C(a), [&](const Layout &l) { return byLayout(l, TL(b)); });
    if (!isComposedText(a))
      return outcome(bySwizzled(L(a), C(b)));
    return lifted(C(a), [&](const Layout &l) { return bySwizzled(l, C(b)); });
  };
  if (op == "logical_product")
    return product(logicalProduct, logicalProduct);
  if (op == "zipped_product")
    return product(zippedProduct, zippedProduct);
  if (op == "tiled_product")
    return product(tiledProduct, tiledProduct);
  if (op == "flat_product")
    return product(flatProduct, flatProduct);
  if (op == "blocked_product")
    return lifted(C(a), [&](const Layout &l) { return blockedProduct(l, L(b)); });
  if (op == "raked_product")
    return lifted(C(a), [&](const Layout &l) { return rakedProduct(l, L(b)); });
  if (op == "tile_to_shape") {
    IntTuple order = c.empty() ? IntTuple() : T(c);
    return lifted(C(a), [&](const Layout &l) { return tileToShape(l, T(b), c.empty() ? nullptr : &order); });
  }
  if (op == "coalesce")
    return lifted(C(a), [](const Layout &l) { return Expected<Layout>(coalesce(l)); });
  if (op == "flatten")
    return lifted(C(a), [](const Layout &l) { return Expected<Layout>(flatten(l)); });
  if (op == "filter")
    return lifted(C(a), [](const Layout &l) { return Expected<Layout>(filter(l)); });
  if (op.rfind("layout<", 0) == 0) {
    uint32_t mode = uint32_t(number(op, "layout<"));
    return lifted(C(a), [&](const Layout &l) { return get(l, &mode, 1); });
  }
  if (op == "slice")
    return outcome(slice(T(a), C(b)));
  if (op == "complement")
    return b.empty() ? outcome(complement(C(a))) : outcome(complement(C(a), T(b)));
  if (op == "right_inverse")
    return outcome(rightInverse(C(a)));
  if (op == "left_inverse")
    return outcome(leftInverse(C(a)));
  if (op.rfind("upcast<", 0) == 0)
    return outcome(upcast(C(a), number(op, "upcast<")));
  if (op.rfind("downcast<", 0) == 0)
    return outcome(downcast(C(a), number(op, "downcast<")));
  if (op.rfind("recast_layout<", 0) == 0) {
    int64_t oldBits = number(op, "recast_layout<");
    int64_t newBits = std::stoll(op.substr(op.find(',') + 1));
    return outcome(recastLayout(C(a), oldBits, newBits));
  }
  if (op == "max_common_layout")
    return outcome(maxCommonLayout(C(a), L(b)));
  if (op == "max_common_vector")
    return isComposedText(b) ? outcome(maxCommonVector(C(a), C(b))) : outcome(maxCommonVector(C(a), L(b)));
  if (op == "get_swizzle_portion")
    return isComposedText(a) ? outcome(swizzlePortion(C(a))) : ok(print(swizzlePortion(L(a))));
  if (op == "get_nonswizzle_portion")
    return isComposedText(a) ? outcome(nonSwizzlePortion(C(a))) : ok(print(L(a), Style::Cute));
  ADD_FAILURE() << "unknown op " << op;
  return {};
}

// CuTe's answers, printed by CUTLASS for the same expressions (see the file comment).
// clang-format off
const Case kCases[] = {
    // make_composed_layout
    {"make_composed_layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"make_composed_layout", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "", "", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)"},
    {"make_composed_layout", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)", "", "", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"},
    {"make_composed_layout", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)"},
    {"make_composed_layout", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))"},
    {"make_composed_layout", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "", "", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)"},
    {"make_composed_layout", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"make_composed_layout", "Sw<2,4,3> o _0 o ((8,4),(8,8)):((64,512),(1,8))", "", "", "Sw<2,4,3> o _0 o ((8,4),(8,8)):((64,512),(1,8))"},
    {"make_composed_layout", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)"},
    {"make_composed_layout", "Sw<3,4,3> o 32 o (8,64):(64,1)", "", "", "Sw<3,4,3> o 32 o (8,64):(64,1)"},
    {"make_composed_layout", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)"},
    {"make_composed_layout", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "", "(8,64):(64,1) o 3 o (8,64):(64,1)"},
    {"make_composed_layout", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"make_composed_layout", "(_8,_64):(_64,_1) o (_1,_2) o _4:_1", "", "", "(_8,_64):(_64,_1) o (_1,_2) o _4:_1"},
    {"make_composed_layout", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)"},
    // size
    {"size", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"size", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "_2048"},
    {"size", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "512"},
    {"size", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"size", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"size", "Sw<3,4,3> o _0 o _1024:_1", "", "", "_1024"},
    // cosize
    {"cosize", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"cosize", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "_2048"},
    {"cosize", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "512"},
    {"cosize", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"cosize", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "_512"},
    {"cosize", "Sw<3,4,3> o _0 o _1024:_1", "", "", "_1024"},
    // composition
    {"composition", "Sw<3,4,3>", "(_8,_64):(_64,_1)", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"composition", "Sw<3,4,3>", "(8,64):(64,1)", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"composition", "Sw<0,4,3>", "(_8,_64):(_64,_1)", "", "(_8,_64):(_64,_1)"},
    {"composition", "Sw<0,7,3>", "(8,64):(64,1)", "", "(8,64):(64,1)"},
    {"composition", "Sw<2,3,-3>", "(_8,_32):(_32,_1)", "", "Sw<2,3,-3> o _0 o (_8,_32):(_32,_1)"},
    {"composition", "Sw<1,0,1>", "(_2,_2):(_1,_2)", "", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)"},
    {"composition", "Sw<0,0,0>", "_1:_0", "", "_1:_0"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_32)", "", "Sw<3,4,3> o _0 o (_8,_32):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o (_4,_16):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_4:_2,_16:_4>", "", "Sw<3,4,3> o _0 o (_4,_16):(_128,_4)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_64:_1", "", "Sw<3,4,3> o _0 o (_8,_8):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_16,_32):(_32,_1)", "", "Sw<3,4,3> o _0 o (_16,(_8,_4)):(_4,(_64,_1))"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_,_32:_2>", "", "Sw<3,4,3> o _0 o (_8,_32):(_64,_2)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(8,32)", "", "Sw<3,4,3> o _0 o (8,32):(64,1)"},
    {"composition", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_8,_32)", "", "Sw<3,4,3> o _0 o (_8,_32):(64,1)"},
    {"composition", "Sw<3,4,3> o _0 o (8,64):(64,1)", "<4:2,16:1>", "", "Sw<3,4,3> o _0 o (4,16):(128,1)"},
    {"composition", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_8,_16)", "", "Sw<2,4,3> o _0 o (_8,_16):(_64,_1)"},
    {"composition", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "<(_4,_2):(_1,_8),_64:_1>", "", "Sw<2,4,3> o _0 o ((_4,_2),_64):((_64,_512),_1)"},
    {"composition", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_4,_8)", "", "Sw<3,4,3> o _32 o (_4,_8):(_64,_1)"},
    {"composition", "Sw<3,4,3> o 32 o (8,64):(64,1)", "(4,8)", "", "Sw<3,4,3> o 32 o (4,8):(64,1)"},
    {"composition", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_4,_8)", "", "(_8,_64):(_64,_1) o _3 o (_4,_8):(_64,_1)"},
    {"composition", "(8,64):(64,1) o 3 o (8,64):(64,1)", "(4,8)", "", "(8,64):(64,1) o 3 o (4,8):(64,1)"},
    {"composition", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_8)", "", "(_4,_8):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "(_4,_8)", "", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_4,_8):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_16,_4)", "", "Sw<3,4,3> o _0 o (_16,_4):(_1,_64)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_3,_64)", "", "Sw<3,4,3> o _0 o (_3,_64):(_64,_1)"},
    {"composition", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_7:_3", "", "ERROR"},
    {"composition", "_1024:_1", "Sw<3,4,3>", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"composition", "_2048:_2", "Sw<3,4,3>", "", "Sw<3,5,3> o _0 o _2048:_2"},
    {"composition", "(_16,_64):(_64,_1)", "Sw<3,4,3>", "", "Sw<3,0,3> o _0 o (_16,_64):(_64,_1)"},
    {"composition", "(_8,_128):(_128,_1)", "Sw<3,4,3>", "", "Sw<3,1,3> o _0 o (_8,_128):(_128,_1)"},
    {"composition", "_64:_1", "Sw<3,4,3>", "", "Sw<3,4,3> o _0 o _64:_1"},
    {"composition", "(_8,_8):(_8,_1)", "Sw<3,4,3>", "", "Sw<3,1,3> o _0 o (_8,_8):(_8,_1)"},
    {"composition", "_1024:_1", "Sw<2,3,-3>", "", "Sw<2,3,-3> o _0 o _1024:_1"},
    {"composition", "_1024:_1", "Sw<0,4,3>", "", "_1024:_1"},
    {"composition", "(_4,_256):(_256,_1)", "Sw<0,4,3>", "", "(_4,_256):(_256,_1)"},
    {"composition", "(_3,_1024):(_1024,_1)", "Sw<3,4,3>", "", "ERROR"},
    {"composition", "1024:1", "Sw<3,4,3>", "", "ERROR"},
    {"composition", "_1024:_3", "Sw<3,4,3>", "", "ERROR"},
    {"composition", "(_2,_512):(_512,_1)", "Sw<3,4,3>", "", "Sw<3,3,3> o _0 o (_2,_512):(_512,_1)"},
    {"composition", "_1024:_1", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"composition", "_2048:_2", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "Sw<3,5,3> o _0 o (_8,_64):(_128,_2)"},
    {"composition", "(_16,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "Sw<3,0,3> o _0 o (_8,(_16,_4)):(_4,(_64,_1))"},
    {"composition", "_1024:_1", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))"},
    {"composition", "(_3,_1024):(_1024,_1)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"composition", "1024:1", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"composition", "_1024:_1", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"composition", "_1024:_1", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"composition", "_1024:_1", "(_8,_64):(_64,_1) o _0 o (_8,_64):(_64,_1)", "", "(_8,(_8,_8)):(_8,(_64,_1))"},
    {"composition", "_2048:_2", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "(_8,_64):(_128,_2)"},
    {"composition", "(_8,_64):(_64,_1)", "(_8,_64):(_64,_1) o _0 o (_8,_64):(_64,_1)", "", "(_8,_64):(_1,_8)"},
    {"composition", "_1024:_1", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"composition", "1024:1", "Sw<0,4,3>", "", "1024:1"},
    {"composition", "(32,32):(32,1)", "Sw<0,4,3>", "", "(32,32):(32,1)"},
    {"composition", "_1024:_1", "Sw<1,0,1>", "", "Sw<1,0,1> o _0 o _1024:_1"},
    {"composition", "(_4,_4):(_1,_4)", "Sw<1,0,1>", "", "Sw<1,0,1> o _0 o (_4,_4):(_1,_4)"},
    {"composition", "(_4,_4):(_4,_1)", "Sw<1,0,1>", "", "Sw<1,2,1> o _0 o (_4,_4):(_4,_1)"},
    {"composition", "_1024:_1", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "", "Sw<3,4,3> o _0 o (_8,(_8,_8)):(_8,(_128,_1))"},
    {"composition", "(_8,_64):(_64,_1) o (_1,_2) o (_8,_64):(_64,_1)", "(_4,_8)", "", "(_8,_64):(_64,_1) o (_1,_2) o (_4,_8):(_64,_1)"},
    {"composition", "(_2,(_2,_2,_8)):(_4,(_2,_1,_8))", "Sw<2,0,3>", "", "Sw<2,1,2> o _0 o (_2,(_2,_2,_8)):(_4,(_2,_1,_8))"},
    // make_layout
    {"make_layout", "Sw<3,4,3>", "", "", "Sw<3,4,3> o _0 o _10:_1"},
    {"make_layout", "Sw<2,3,-3>", "", "", "Sw<2,3,-3> o _0 o _8:_1"},
    {"make_layout", "Sw<0,4,3>", "", "", "_7:_1"},
    {"make_layout", "Sw<1,2,5>", "", "", "Sw<1,2,5> o _0 o _8:_1"},
    // eval
    {"eval", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_1,_3)", "", "_67"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(1,3)", "", "67"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_7,_63)", "", "_463"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_200", "", "_25"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "200", "", "25"},
    {"eval", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(1,3)", "", "67"},
    {"eval", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_1,_3)", "", "67"},
    {"eval", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "((_1,_2),(_3,_4))", "", "_1123"},
    {"eval", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "((1,2),(3,4))", "", "1123"},
    {"eval", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_5,_40)", "", "_328"},
    {"eval", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_1,_3)", "", "_99"},
    {"eval", "Sw<3,4,3> o 32 o (8,64):(64,1)", "(1,3)", "", "99"},
    {"eval", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_1,_3)", "", "_392"},
    {"eval", "(8,64):(64,1) o 3 o (8,64):(64,1)", "(1,3)", "", "392"},
    {"eval", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_7,_63)", "", "_192"},
    {"eval", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "(_3,_9)", "", "_19"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "(_1,_3)", "", "_440"},
    {"eval", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "(_5,_60)", "", "_623"},
    {"eval", "(_8,_64):(_64,_1) o (_1,_2) o _4:_1", "_1", "", "ERROR"},
    {"eval", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)", "_0", "", "_-24"},
    {"eval", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)", "_5", "", "_296"},
    {"eval", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)", "_100", "", "_244"},
    {"eval", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)", "_511", "", "_487"},
    {"eval", "(64,8):(8,1) o -3 o (64,8):(8,1)", "5", "", "296"},
    // logical_divide
    {"logical_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,_2),(_16,_4)):((_64,_256),(_1,_16))"},
    {"logical_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_64:_1", "", "Sw<3,4,3> o _0 o ((_8,_8),_8):((_64,_1),_8)"},
    {"logical_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_4,_8:_8>", "", "Sw<3,4,3> o _0 o ((_2,_4),(_8,_8)):((_256,_64),(_8,_1))"},
    {"logical_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,2),(_16,4)):((64,256),(1,16))"},
    {"logical_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(4,16)", "", "Sw<3,4,3> o _0 o ((4,2),(16,4)):((64,256),(1,16))"},
    {"logical_divide", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_8,_8)", "", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))"},
    {"logical_divide", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_2,_32)", "", "Sw<3,4,3> o _32 o ((_2,_4),(_32,_2)):((_64,_128),(_1,_32))"},
    {"logical_divide", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_4,_16)", "", "(_8,_64):(_64,_1) o _3 o ((_4,_2),(_16,_4)):((_64,_256),(_1,_16))"},
    {"logical_divide", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "((_4,_2),(_16,_4)):((_64,_256),(_1,_16))"},
    // zipped_divide
    {"zipped_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,_16),(_2,_4)):((_64,_1),(_256,_16))"},
    {"zipped_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_64:_1", "", "Sw<3,4,3> o _0 o ((_8,_8),_8):((_64,_1),_8)"},
    {"zipped_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_4,_8:_8>", "", "Sw<3,4,3> o _0 o ((_2,_8),(_4,_8)):((_256,_8),(_64,_1))"},
    {"zipped_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,_16),(2,4)):((64,1),(256,16))"},
    {"zipped_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(4,16)", "", "Sw<3,4,3> o _0 o ((4,16),(2,4)):((64,1),(256,16))"},
    {"zipped_divide", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_8,_8)", "", "Sw<2,4,3> o _0 o ((_8,_8),(_4,_8)):((_64,_1),(_512,_8))"},
    {"zipped_divide", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_2,_32)", "", "Sw<3,4,3> o _32 o ((_2,_32),(_4,_2)):((_64,_1),(_128,_32))"},
    {"zipped_divide", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_4,_16)", "", "(_8,_64):(_64,_1) o _3 o ((_4,_16),(_2,_4)):((_64,_1),(_256,_16))"},
    {"zipped_divide", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "((_4,_16),(_2,_4)):((_64,_1),(_256,_16))"},
    // tiled_divide
    {"tiled_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,_16),_2,_4):((_64,_1),_256,_16)"},
    {"tiled_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_64:_1", "", "Sw<3,4,3> o _0 o ((_8,_8),_8):((_64,_1),_8)"},
    {"tiled_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_4,_8:_8>", "", "Sw<3,4,3> o _0 o ((_2,_8),_4,_8):((_256,_8),_64,_1)"},
    {"tiled_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o ((_4,_16),2,4):((64,1),256,16)"},
    {"tiled_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(4,16)", "", "Sw<3,4,3> o _0 o ((4,16),2,4):((64,1),256,16)"},
    {"tiled_divide", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_8,_8)", "", "Sw<2,4,3> o _0 o ((_8,_8),_4,_8):((_64,_1),_512,_8)"},
    {"tiled_divide", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_2,_32)", "", "Sw<3,4,3> o _32 o ((_2,_32),_4,_2):((_64,_1),_128,_32)"},
    {"tiled_divide", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_4,_16)", "", "(_8,_64):(_64,_1) o _3 o ((_4,_16),_2,_4):((_64,_1),_256,_16)"},
    {"tiled_divide", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "((_4,_16),_2,_4):((_64,_1),_256,_16)"},
    // flat_divide
    {"flat_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o (_4,_16,_2,_4):(_64,_1,_256,_16)"},
    {"flat_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_64:_1", "", "Sw<3,4,3> o _0 o (_8,_8,_8):(_64,_1,_8)"},
    {"flat_divide", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_4,_8:_8>", "", "Sw<3,4,3> o _0 o (_2,_8,_4,_8):(_256,_8,_64,_1)"},
    {"flat_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_4,_16)", "", "Sw<3,4,3> o _0 o (_4,_16,2,4):(64,1,256,16)"},
    {"flat_divide", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(4,16)", "", "Sw<3,4,3> o _0 o (4,16,2,4):(64,1,256,16)"},
    {"flat_divide", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_8,_8)", "", "Sw<2,4,3> o _0 o (_8,_8,_4,_8):(_64,_1,_512,_8)"},
    {"flat_divide", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "(_2,_32)", "", "Sw<3,4,3> o _32 o (_2,_32,_4,_2):(_64,_1,_128,_32)"},
    {"flat_divide", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_4,_16)", "", "(_8,_64):(_64,_1) o _3 o (_4,_16,_2,_4):(_64,_1,_256,_16)"},
    {"flat_divide", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_4,_16)", "", "(_4,_16,_2,_4):(_64,_1,_256,_16)"},
    // logical_product
    {"logical_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o ((_8,_64),(_2,_4)):((_64,_1),(_2048,_512))"},
    {"logical_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o ((_8,_64),_4):((_64,_1),_512)"},
    {"logical_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_1,_3:_1>", "", "Sw<3,4,3> o _0 o ((_8,_2),(_64,_3)):((_64,_1),(_1,_64))"},
    {"logical_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"logical_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_4:_1", "", "ERROR"},
    {"logical_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "_2:_1", "", "Sw<2,4,3> o _0 o (((_8,_4),(_8,_8)),_2):(((_64,_512),(_1,_8)),_2048)"},
    {"logical_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "(_8,_64):(_64,_1) o _3 o ((_8,_64),(_2,_2)):((_64,_1),(_512,_1024))"},
    {"logical_product", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "((_8,_64),_4):((_64,_1),_512)"},
    {"logical_product", "_2:_1", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,5,3> o _0 o (_2,_1024):(_1,_2)"},
    {"logical_product", "(_2,_4):(_1,_2)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,7,3> o _0 o ((_2,_4),_1024):((_1,_2),_8)"},
    {"logical_product", "(_2,_2):(_2,_1)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,6,3> o _0 o ((_2,_2),_1024):((_2,_1),_4)"},
    {"logical_product", "_1:_0", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,4,3> o _0 o (_1,_1024):(_0,_1)"},
    {"logical_product", "_4:_2", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,6,3> o _0 o (_4,(_2,_512)):(_2,(_1,_8))"},
    {"logical_product", "(_1,_1):(_0,_0)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,4,3> o _0 o ((_1,_1),_1024):((_0,_0),_1)"},
    {"logical_product", "_2:_1", "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)", "", "Sw<2,5,3> o _0 o (_2,(_64,_8)):(_1,(_2,_128))"},
    {"logical_product", "(_2,_2):(_1,_2)", "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)", "", "Sw<2,6,3> o _0 o ((_2,_2),(_64,_8)):((_1,_2),(_4,_256))"},
    {"logical_product", "_2:_1", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    // A runtime extent 1 makes size(layout_only_zy) - 1 a runtime value: CuTe's
    // make_swizzle<Y, Z> does not compile (a static extent 1 does).
    {"logical_product", "2:1", "Sw<1,0,1> o _0 o 1:_1", "", "ERROR"},
    {"logical_product", "_2:_1", "Sw<1,0,1> o _0 o 1:1", "", "ERROR"},
    {"logical_product", "_16:_1", "Sw<3,2,3> o _0 o 1:_1", "", "ERROR"},
    {"logical_product", "_2:_1", "Sw<1,0,1> o _0 o _1:_1", "", "(_2,_1):(_1,_0)"},
    {"logical_product", "_2:_1", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "ERROR"},
    {"logical_product", "_2:_1", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"logical_product", "(2,2):(1,2)", "Sw<3,4,3> o _0 o _1024:_1", "", "ERROR"},
    {"logical_product", "_2:_1", "(_8,_64):(_64,_1) o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    // zipped_product
    {"zipped_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o ((_8,_64),(_2,_4)):((_64,_1),(_2048,_512))"},
    {"zipped_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o ((_8,_64),_4):((_64,_1),_512)"},
    {"zipped_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_1,_3:_1>", "", "Sw<3,4,3> o _0 o ((_8,_64),(_2,_3)):((_64,_1),(_1,_64))"},
    {"zipped_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"zipped_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_4:_1", "", "ERROR"},
    {"zipped_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "_2:_1", "", "Sw<2,4,3> o _0 o (((_8,_4),(_8,_8)),_2):(((_64,_512),(_1,_8)),_2048)"},
    {"zipped_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "(_8,_64):(_64,_1) o _3 o ((_8,_64),(_2,_2)):((_64,_1),(_512,_1024))"},
    // Issue 41, F12: the zipped, tiled and flat products by a swizzled tiler, of a layout
    // and of a composed layout (CuTe's lift), and CuTe's nested answer refused.
    {"zipped_product", "(_2,_4):(_1,_2)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,7,3> o _0 o ((_2,_4),_1024):((_1,_2),_8)"},
    {"zipped_product", "(_2,_2):(_1,_2)", "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)", "", "Sw<2,6,3> o _0 o ((_2,_2),(_64,_8)):((_1,_2),(_4,_256))"},
    {"zipped_product", "(_8,_4):(_4,_1)", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", "", "Sw<1,5,1> o _0 o ((_8,_4),(_2,_2)):((_4,_1),(_32,_64))"},
    {"zipped_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_8,_64),(_2,_2)):((_64,_1),(_512,_1024))"},
    {"zipped_product", "Sw<1,5,-3> o _16 o _3:_1", "Sw<3,2,3> o _0 o (_2):(_1)", "", "Sw<1,5,-3> o _16 o (_3,(_2)):(_1,(_3))"},
    {"zipped_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", "", "ERROR"},
    {"tiled_product", "(_2,_4):(_1,_2)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,7,3> o _0 o ((_2,_4),_1024):((_1,_2),_8)"},
    {"tiled_product", "(_2,_2):(_1,_2)", "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)", "", "Sw<2,6,3> o _0 o ((_2,_2),_64,_8):((_1,_2),_4,_256)"},
    {"tiled_product", "(_8,_4):(_4,_1)", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", "", "Sw<1,5,1> o _0 o ((_8,_4),_2,_2):((_4,_1),_32,_64)"},
    {"tiled_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_8,_64),_2,_2):((_64,_1),_512,_1024)"},
    {"tiled_product", "Sw<1,5,-3> o _16 o _3:_1", "Sw<3,2,3> o _0 o (_2):(_1)", "", "Sw<1,5,-3> o _16 o (_3,(_2)):(_1,(_3))"},
    {"flat_product", "(_2,_4):(_1,_2)", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,7,3> o _0 o (_2,_4,_1024):(_1,_2,_8)"},
    {"flat_product", "(_2,_2):(_1,_2)", "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)", "", "Sw<2,6,3> o _0 o (_2,_2,_64,_8):(_1,_2,_4,_256)"},
    {"flat_product", "(_8,_4):(_4,_1)", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", "", "Sw<1,5,1> o _0 o (_8,_4,_2,_2):(_4,_1,_32,_64)"},
    {"flat_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o (_8,_64,_2,_2):(_64,_1,_512,_1024)"},
    {"flat_product", "Sw<1,5,-3> o _16 o _3:_1", "Sw<3,2,3> o _0 o (_2):(_1)", "", "Sw<1,5,-3> o _16 o (_3,(_2)):(_1,(_3))"},
    {"logical_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_8,_64),(_2,_2)):((_64,_1),(_512,_1024))"},
    {"logical_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)", "", "ERROR"},
    {"zipped_product", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "((_8,_64),_4):((_64,_1),_512)"},
    // tiled_product
    {"tiled_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o ((_8,_64),_2,_4):((_64,_1),_2048,_512)"},
    {"tiled_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o ((_8,_64),_4):((_64,_1),_512)"},
    {"tiled_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_1,_3:_1>", "", "Sw<3,4,3> o _0 o ((_8,_64),_2,_3):((_64,_1),_1,_64)"},
    {"tiled_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"tiled_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_4:_1", "", "ERROR"},
    {"tiled_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "_2:_1", "", "Sw<2,4,3> o _0 o (((_8,_4),(_8,_8)),_2):(((_64,_512),(_1,_8)),_2048)"},
    {"tiled_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "(_8,_64):(_64,_1) o _3 o ((_8,_64),_2,_2):((_64,_1),_512,_1024)"},
    {"tiled_product", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "((_8,_64),_4):((_64,_1),_512)"},
    // flat_product
    {"flat_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o (_8,_64,_2,_4):(_64,_1,_2048,_512)"},
    {"flat_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o (_8,_64,_4):(_64,_1,_512)"},
    {"flat_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "<_2:_1,_3:_1>", "", "Sw<3,4,3> o _0 o (_8,_64,_2,_3):(_64,_1,_1,_64)"},
    {"flat_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"flat_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_4:_1", "", "ERROR"},
    {"flat_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "_2:_1", "", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8),_2):((_64,_512),(_1,_8),_2048)"},
    {"flat_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "(_8,_64):(_64,_1) o _3 o (_8,_64,_2,_2):(_64,_1,_512,_1024)"},
    {"flat_product", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "(_8,_64,_4):(_64,_1,_512)"},
    // blocked_product
    {"blocked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o ((_8,_2),(_64,_4)):((_64,_2048),(_1,_512))"},
    {"blocked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_8,_2),(_64,_2)):((_64,_512),(_1,_1024))"},
    {"blocked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o ((_8,_4),(_64,_1)):((_64,_512),(_1,_0))"},
    {"blocked_product", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_4,_1):(_1,_0)", "", "Sw<2,4,3> o _0 o ((_8,_4),(_32,_1)):((_32,_256),(_1,_0))"},
    {"blocked_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"blocked_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_2,_2):(_1,_2)", "", "ERROR"},
    {"blocked_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_1,_2):(_0,_1)", "", "Sw<2,4,3> o _0 o (((_8,_4),_1),((_8,_8),_2)):(((_64,_512),_0),((_1,_8),_2048))"},
    {"blocked_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_2,_1)", "", "(_8,_64):(_64,_1) o _3 o ((_8,_2),(_64,_2)):((_64,_1024),(_1,_512))"},
    {"blocked_product", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_2,_4):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_64,_2),(_8,_4)):((_1,_512),(_64,_1024))"},
    // raked_product
    {"raked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_4):(_4,_1)", "", "Sw<3,4,3> o _0 o ((_2,_8),(_4,_64)):((_2048,_64),(_512,_1))"},
    {"raked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_2,_2):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_2,_8),(_2,_64)):((_512,_64),(_1024,_1))"},
    {"raked_product", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_4:_1", "", "Sw<3,4,3> o _0 o ((_4,_8),(_1,_64)):((_512,_64),(_0,_1))"},
    {"raked_product", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_4,_1):(_1,_0)", "", "Sw<2,4,3> o _0 o ((_4,_8),(_1,_32)):((_256,_32),(_0,_1))"},
    {"raked_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(2,2):(1,2)", "", "ERROR"},
    {"raked_product", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_2,_2):(_1,_2)", "", "ERROR"},
    {"raked_product", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_1,_2):(_0,_1)", "", "Sw<2,4,3> o _0 o ((_1,(_8,_4)),(_2,(_8,_8))):((_0,(_64,_512)),(_2048,(_1,_8)))"},
    {"raked_product", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_2,_2):(_2,_1)", "", "(_8,_64):(_64,_1) o _3 o ((_2,_8),(_2,_64)):((_1024,_64),(_512,_1))"},
    {"raked_product", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_2,_4):(_1,_2)", "", "Sw<3,4,3> o _0 o ((_2,_64),(_4,_8)):((_512,_1),(_1024,_64))"},
    // tile_to_shape
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_128,_64)", "", "Sw<3,4,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_64,_128)", "", "Sw<3,4,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_64,_128)", "(_2,_1)", "Sw<3,4,3> o _0 o ((_8,_8),(_64,_2)):((_64,_1024),(_1,_512))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64)", "", "Sw<3,4,3> o _0 o ((_8,_1),(_64,_1)):((_64,_0),(_1,_0))"},
    {"tile_to_shape", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_128,_64)", "", "Sw<2,4,3> o _0 o ((_8,_16),(_32,_2)):((_32,_256),(_1,_4096))"},
    {"tile_to_shape", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_128,_64,_2)", "", "Sw<2,4,3> o _0 o ((_8,_16),(_32,_2),(_1,_2)):((_32,_256),(_1,_4096),(_0,_8192))"},
    {"tile_to_shape", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_128,_64,_2)", "(_3,_1,_2)", "Sw<2,4,3> o _0 o ((_8,_16),(_32,_2),(_1,_2)):((_32,_1024),(_1,_256),(_0,_512))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_128,_64)", "", "Sw<3,4,3> o _0 o ((_64,_2),(_8,_8)):((_1,_512),(_64,_1024))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_128,_64)", "(_2,_1)", "Sw<3,4,3> o _0 o ((_64,_2),(_8,_8)):((_1,_4096),(_64,_512))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(128,64)", "", "ERROR"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (8,64):(64,1)", "(_128,_64)", "", "ERROR"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(128,64)", "", "Sw<3,4,3> o _0 o ((_8,16),(_64,1)):((_64,_512),(_1,8192))"},
    {"tile_to_shape", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "(_64,_128)", "", "Sw<2,4,3> o _0 o (((_8,_4),_2),((_8,_8),_2)):(((_64,_512),_2048),((_1,_8),_4096))"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_12,_64)", "", "ERROR"},
    {"tile_to_shape", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_64)", "", "ERROR"},
    {"tile_to_shape", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_16,_128)", "", "(_8,_64):(_64,_1) o _3 o ((_8,_2),(_64,_2)):((_64,_512),(_1,_1024))"},
    {"tile_to_shape", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "(_16,_64)", "", "((_8,_2),(_64,_1)):((_64,_512),(_1,_0))"},
    {"tile_to_shape", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)", "(_64,_64)", "", "Sw<3,3,3> o _0 o ((_8,_8),(_32,_2)):((_32,_256),(_1,_2048))"},
    // coalesce
    {"coalesce", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"coalesce", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "", "Sw<3,4,3> o _0 o _512:_1"},
    {"coalesce", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,4,3> o _0 o (_32,_64):(_64,_1)"},
    {"coalesce", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"coalesce", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)"},
    // flatten
    {"flatten", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"flatten", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)"},
    {"flatten", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,4,3> o _0 o (_8,_4,_8,_8):(_64,_512,_1,_8)"},
    {"flatten", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"flatten", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)"},
    // layout<0>
    {"layout<0>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o _8:_64"},
    {"layout<0>", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,4,3> o _0 o (_8,_4):(_64,_512)"},
    // layout<1>
    {"layout<1>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o _64:_1"},
    {"layout<1>", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,4,3> o _0 o (_8,_8):(_1,_8)"},
    // slice
    {"slice", "(_1,_)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "(_64):(_1)"},
    {"slice", "(_,_1)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_2,_4)):((_64,_144))"},
    {"slice", "(_,_16)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_2,_2,_2)):((_64,_112,_288))"},
    {"slice", "(_3,_)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_16,_2,_2)):((_1,_-16,_32))"},
    {"slice", "(_0,_)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "(_64):(_1)"},
    {"slice", "(_7,_)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_16,_4)):((_1,_-16))"},
    {"slice", "(_,_0)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_2,_4)):((_64,_144))"},
    {"slice", "(_,_63)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "((_2,_4)):((_64,_112))"},
    {"slice", "(_,_)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"slice", "(_,_)", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "Sw<3,4,3> o _0 o (8,64):(64,1)"},
    {"slice", "(_1,_)", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "", "(_32):(_1)"},
    {"slice", "(_,_8)", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "", "((_4,_2)):((_32,_144))"},
    {"slice", "(_5,_)", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)", "", "((_16,_2)):((_1,_-16))"},
    {"slice", "(_,_9)", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)", "", "((_2,_2,_2)):((_32,_56,_144))"},
    {"slice", "(_2,_)", "Sw<1,4,3> o _0 o (_8,_16):(_16,_1)", "", "(_16):(_1)"},
    {"slice", "(_,_1)", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "(_64):(_1)"},
    {"slice", "(_5,_)", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "((_2,_4)):((_64,_144))"},
    {"slice", "(_40,_)", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "((_2,_2,_2)):((_64,_144,_224))"},
    {"slice", "((_1,_),_)", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "(_4,(_8,_8)):(_512,(_1,_8))"},
    {"slice", "((_,_2),_)", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "Sw<2,4,3> o _0 o (_8,(_8,_8)):(_64,(_1,_8))"},
    {"slice", "(_,(_3,_))", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "Sw<2,4,3> o _0 o ((_8,_4),_8):((_64,_512),_8)"},
    {"slice", "(_,(_,_1))", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "(((_2,_4),_4),_8):(((_64,_144),_512),_1)"},
    {"slice", "((_1,_3),_)", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "((_8,_8)):((_1,_8))"},
    {"slice", "(_,(_7,_7))", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "(((_2,_4),_4)):(((_64,_112),_512))"},
    {"slice", "((_,_),(_,_5))", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "((_2,_2,_2),_4,_8):((_64,_144,_224),_512,_1)"},
    {"slice", "(_1,_)", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "(_64):(_1)"},
    {"slice", "(_,_1)", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "((_2,_2,_2)):((_64,_144,_224))"},
    {"slice", "(_3,_)", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "", "Sw<2,3,-3> o _0 o (_16):(_16)"},
    {"slice", "(_,_5)", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "", "((_8,_2)):((_1,_-56))"},
    {"slice", "(_1,_)", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "(_64):(_1)"},
    {"slice", "(_,_1)", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "(_8):(_64)"},
    {"slice", "(_1,_)", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "(_8,_64):(_64,_1) o _67 o (_64):(_1)"},
    {"slice", "(_,_5)", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "(_8,_64):(_64,_1) o _8 o (_8):(_64)"},
    {"slice", "(1,_)", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "(8,64):(64,1) o 67 o (64):(1)"},
    {"slice", "(_,5)", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "(8,64):(64,1) o 8 o (8):(64)"},
    {"slice", "(_1,_)", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "(8,64):(64,1) o 67 o (64):(1)"},
    {"slice", "(_1,_)", "Sw<3,4,3> o _0 o (_32,_32):(_32,_1)", "", "(_32):(_1)"},
    {"slice", "(_1,_)", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "ERROR"},
    {"slice", "(_,_)", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)"},
    {"slice", "(_,_)", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)"},
    {"slice", "_", "Sw<3,4,3> o _0 o _1024:_1", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"slice", "_3", "Sw<3,4,3> o _0 o _1024:_1", "", "ERROR"},
    {"slice", "(_1,_)", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _64 o (_64):(_1)"},
    {"slice", "(_1,_)", "(_8,_64):(_64,_1) o (_1,_2) o (_8,_64):(_64,_1)", "", "ERROR"},
    {"slice", "(_1,_)", "Sw<3,4,3> o (_1,_2) o (_8,_64):(_64,_1)", "", "ERROR"},
    {"slice", "(_,_)", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "(8,64):(64,1) o 3 o (8,64):(64,1)"},
    {"slice", "(_1,_3)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"slice", "(_1,_3)", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "(_8,_64):(_64,_1) o _70 o ():()"},
    {"slice", "(_1,_3)", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "ERROR"},
    {"slice", "(_1,_,_)", "Sw<3,4,3> o _0 o (_2,_8,_64):(_512,_64,_1)", "", "Sw<3,4,3> o _512 o (_8,_64):(_64,_1)"},
    {"slice", "(_,_,_1)", "Sw<3,4,3> o _0 o (_8,_64,_2):(_128,_1,_64)", "", "Sw<3,4,3> o _64 o (_8,_64):(_128,_1)"},
    {"slice", "(_1,_,_)", "Sw<3,4,3> o _32 o (_2,_8,_64):(_512,_64,_1)", "", "Sw<3,4,3> o _544 o (_8,_64):(_64,_1)"},
    {"slice", "(_1,_,_)", "Sw<3,4,3> o _512 o (_2,_8,_64):(_512,_64,_1)", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"slice", "(_,_3,_)", "Sw<3,4,3> o _0 o (_8,_4,_32):(_128,_32,_1)", "", "Sw<3,4,3> o _96 o (_8,_32):(_128,_1)"},
    {"slice", "(_,_,_1)", "Sw<2,3,-3> o _0 o (_8,_8,_2):(_1,_16,_8)", "", "(_8,(_2,_2,_2)):(_1,(_144,_32,_-64))"},
    {"slice", "_", "(_8,_64):(_64,_1) o _3 o _512:_1", "", "(_8,_64):(_64,_1) o _3 o _512:_1"},
    // complement
    {"complement", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "_1:_0"},
    {"complement", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_2048", "", "_4:_512"},
    {"complement", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "_1:_0"},
    {"complement", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "ERROR"},
    {"complement", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "_1:_0"},
    {"complement", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "_1024", "", "_2:_512"},
    {"complement", "Sw<3,4,3> o _0 o (_8,_32):(_128,_1)", "", "", "_4:_32"},
    {"complement", "Sw<3,4,3> o _0 o (_8,_32):(_128,_1)", "_2048", "", "(_4,_2):(_32,_1024)"},
    // right_inverse
    {"right_inverse", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"right_inverse", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "", "Sw<3,4,3> o _0 o _512:_1"},
    {"right_inverse", "Sw<3,4,3> o _0 o _1024:_1", "", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"right_inverse", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,1,-8> o _0 o (_64,_32):(_32,_1)"},
    {"right_inverse", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "_1:_0"},
    {"right_inverse", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)"},
    {"right_inverse", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "(_64,_8):(_8,_1)"},
    {"right_inverse", "Sw<3,4,3> o _0 o (_32,_32):(_1,_32)", "", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"right_inverse", "Sw<3,4,3> o _0 o (_2,_512):(_512,_1)", "", "", "ERROR"},
    {"right_inverse", "Sw<1,0,4> o _0 o ((_2,_2),(_4,_1),_1):((_1,_8),(_2,_1),_8)", "", "", "Sw<1,0,2> o _0 o (_2,_4,_2):(_1,_4,_2)"},
    // left_inverse
    {"left_inverse", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"left_inverse", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "", "Sw<3,4,3> o _0 o _512:_1"},
    {"left_inverse", "Sw<3,4,3> o _0 o _1024:_1", "", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"left_inverse", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,1,-8> o _0 o (_64,_32):(_32,_1)"},
    {"left_inverse", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "ERROR"},
    {"left_inverse", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_64,_8):(_8,_1) o _-3 o (_64,_8):(_8,_1)"},
    {"left_inverse", "(8,64):(64,1) o 3 o (8,64):(64,1)", "", "", "ERROR"},
    {"left_inverse", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "(_64,_8):(_8,_1)"},
    {"left_inverse", "Sw<3,4,3> o _0 o (_32,_32):(_1,_32)", "", "", "Sw<3,4,3> o _0 o _1024:_1"},
    {"left_inverse", "Sw<3,4,3> o _0 o (_2,_512):(_512,_1)", "", "", "ERROR"},
    // upcast, downcast, recast_layout
    {"upcast<2>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"},
    {"upcast<8>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,1,3> o _0 o (_8,_8):(_8,_1)"},
    {"upcast<16>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,0,3> o _0 o (_8,_4):(_4,_1)"},
    {"upcast<32>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<2,0,3> o _0 o (_8,_2):(_2,_1)"},
    {"upcast<64>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<1,0,3> o _0 o (_8,_1):(_1,_1)"},
    {"upcast<2>", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,3,3> o _0 o (8,64):(32,0)"},
    {"upcast<2>", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,3,3> o _0 o ((_8,_4),(_4,_8)):((_32,_256),(_1,_4))"},
    {"upcast<2>", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "Sw<3,3,3> o _16 o (_8,_32):(_32,_1)"},
    {"upcast<2>", "(_8,_64):(_64,_1) o _4 o (_8,_64):(_64,_1)", "", "", "(_8,_32):(_32,_1) o _2 o (_8,_32):(_32,_1)"},
    {"upcast<4>", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,2,3> o _0 o (8,64):(16,0)"},
    {"upcast<4>", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "", "Sw<2,2,3> o _0 o ((_8,_4),(_2,_8)):((_16,_128),(_1,_2))"},
    {"upcast<4>", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "Sw<3,2,3> o _8 o (_8,_16):(_16,_1)"},
    {"upcast<4>", "(_8,_64):(_64,_1) o _4 o (_8,_64):(_64,_1)", "", "", "(_8,_16):(_16,_1) o _1 o (_8,_16):(_16,_1)"},
    {"upcast<64>", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"upcast<2>", "Sw<3,4,3> o 32 o (8,64):(64,1)", "", "", "ERROR"},
    {"upcast<2>", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"downcast<2>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"},
    {"downcast<2>", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "ERROR"},
    {"downcast<2>", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "Sw<3,5,3> o _64 o (_8,_128):(_128,_1)"},
    {"downcast<2>", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_8,_128):(_128,_1) o _6 o (_8,_128):(_128,_1)"},
    {"downcast<8>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,7,3> o _0 o (_8,_512):(_512,_1)"},
    {"downcast<8>", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "ERROR"},
    {"downcast<8>", "Sw<3,4,3> o _32 o (_8,_64):(_64,_1)", "", "", "Sw<3,7,3> o _256 o (_8,_512):(_512,_1)"},
    {"downcast<8>", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "(_8,_512):(_512,_1) o _24 o (_8,_512):(_512,_1)"},
    {"downcast<2>", "Sw<3,4,3> o 32 o (8,64):(64,1)", "", "", "ERROR"},
    {"downcast<2>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_2)", "", "", "ERROR"},
    {"recast_layout<16,32>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"},
    {"recast_layout<16,8>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"},
    {"recast_layout<32,16>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"},
    {"recast_layout<16,16>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
    {"recast_layout<8,128>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,0,3> o _0 o (_8,_4):(_4,_1)"},
    {"recast_layout<16,6>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"recast_layout<6,16>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    {"recast_layout<4,8>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"},
    {"recast_layout<8,4>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"},
    {"recast_layout<16,64>", "(_8,_64):(_64,_1) o _4 o (_8,_64):(_64,_1)", "", "", "(_8,_16):(_16,_1) o _1 o (_8,_16):(_16,_1)"},
    {"upcast<2>", "Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,3,3> o _0 o (_8,_64):(_64,_1) o _0 o (_8,_32):(_32,_1)"},
    {"upcast<2>", "(_8,_64):(_64,_1) o (_1,_2) o (_8,_64):(_64,_1)", "", "", "ERROR"},
    // max_common_layout
    {"max_common_layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "_16:_8"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_1,_8)", "", "_1:_0"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_512:_1", "", "_1:_0"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_2)", "", "_1:_0"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "_512:_1", "", "_16:_1"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_64,_8):(_1,_64)", "", "_16:_1"},
    {"max_common_layout", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "_16:_32"},
    {"max_common_layout", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_8,_32):(_32,_1)", "", "_16:_8"},
    {"max_common_layout", "Sw<3,2,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "_4:_8"},
    {"max_common_layout", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_512:_1", "", "_1:_0"},
    // An M = 0 swizzle truncates to compose(Int<1>): the integer tiler _1:_1, which keeps
    // common's leading stride.
    {"max_common_layout", "Sw<1,0,1> o _0 o _8:_1", "_8:_1", "", "_1:_1"},
    {"max_common_layout", "Sw<3,0,5> o _0 o ((_4,_16),_2):((_1,_4),_64)", "(_2,_1,_8,_8):(_1,_2,_2,_16)", "", "_1:_1"},
    {"max_common_layout", "Sw<1,0,1> o _0 o _8:_2", "_8:_2", "", "_1:_0"},
    {"max_common_layout", "Sw<1,1,2> o _0 o _8:_1", "_8:_1", "", "_2:_1"},
    {"max_common_layout", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "ERROR"},
    // max_common_vector
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "_16"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_1,_8)", "", "_1"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "_512:_1", "", "_1"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_2)", "", "_1"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "_512:_1", "", "_16"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "(_64,_8):(_1,_64)", "", "_16"},
    {"max_common_vector", "Sw<2,4,3> o _0 o ((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "((_8,_4),(_8,_8)):((_64,_512),(_1,_8))", "", "_16"},
    {"max_common_vector", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "(_8,_32):(_32,_1)", "", "_16"},
    {"max_common_vector", "Sw<3,2,3> o _0 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "_4"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (8,64):(64,1)", "_512:_1", "", "_1"},
    {"max_common_vector", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "", "ERROR"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "_512"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "", "_1"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<3,2,3> o _0 o (_8,_64):(_64,_1)", "", "_4"},
    {"max_common_vector", "Sw<3,4,3> o _0 o (_64,_8):(_1,_64)", "Sw<3,4,3> o _0 o _512:_1", "", "_512"},
    {"max_common_vector", "Sw<2,4,3> o _0 o (_8,_32):(_32,_1)", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "_16"},
    // get_swizzle_portion
    {"get_swizzle_portion", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<3,4,3>"},
    {"get_swizzle_portion", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "", "", "Sw<2,3,-3>"},
    {"get_swizzle_portion", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "Sw<3,4,3>"},
    {"get_swizzle_portion", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "Sw<0,4,3>"},
    {"get_swizzle_portion", "(_8,_64):(_64,_1)", "", "", "Sw<0,4,3>"},
    {"get_swizzle_portion", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "ERROR"},
    // get_nonswizzle_portion
    {"get_nonswizzle_portion", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1)"},
    {"get_nonswizzle_portion", "Sw<2,3,-3> o _0 o (_16,_16):(_1,_16)", "", "", "(_16,_16):(_1,_16)"},
    {"get_nonswizzle_portion", "Sw<3,4,3> o _0 o (8,64):(64,1)", "", "", "(8,64):(64,1)"},
    {"get_nonswizzle_portion", "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1)"},
    {"get_nonswizzle_portion", "(_8,_64):(_64,_1)", "", "", "(_8,_64):(_64,_1)"},
    {"get_nonswizzle_portion", "(_8,_64):(_64,_1) o _3 o (_8,_64):(_64,_1)", "", "", "ERROR"},
};
// clang-format on

struct Evaluation {
  std::vector<const char *> layouts;
  int64_t size;
  const char *values;
};

// clang-format off
const Evaluation kEvaluations[] = {
#include "ComposedLayoutEvaluations.inc"
};
// clang-format on

bool fullyStatic(const ComposedLayout &c) {
  if (!isStatic(c.offset) || !isStatic(c.inner.shape) || !isStatic(c.inner.stride))
    return false;
  switch (c.outer.kind) {
  case OuterFunction::Kind::Swizzle:
    return true;
  case OuterFunction::Kind::Layout:
    return isStatic(c.outer.layout.shape) && isStatic(c.outer.layout.stride);
  case OuterFunction::Kind::Composed:
    return fullyStatic(*c.outer.composed);
  }
  return false;
}

/// The run-length code of ComposedLayoutEvaluations.inc: "v" or "v:d*n".
std::vector<int64_t> decode(const char *text) {
  std::vector<int64_t> out;
  std::istringstream in(text);
  std::string token;
  while (in >> token) {
    long long v = 0, d = 0, n = 1;
    if (std::sscanf(token.c_str(), "%lld:%lld*%lld", &v, &d, &n) == 3) {
      for (long long k = 0; k < n; ++k)
        out.push_back(v + k * d);
    } else {
      out.push_back(std::stoll(token));
    }
  }
  return out;
}

} // namespace

TEST(ComposedLayout, MatchesCute) {
  int compared = 0, errors = 0;
  for (const Case &k : kCases) {
    SCOPED_TRACE(std::string(k.op) + "(" + k.a + (*k.b ? std::string(", ") + k.b : "") +
                 (*k.c ? std::string(", ") + k.c : "") + ")");
    Outcome r = run(k);
    ++compared;
    if (std::string(k.expected) == "ERROR") {
      ++errors;
      EXPECT_FALSE(r.ok) << "CuTe rejects this; got " << r.text;
      EXPECT_FALSE(r.text.empty()) << "an error names what failed";
    } else {
      EXPECT_TRUE(r.ok) << r.text;
      EXPECT_EQ(r.text, k.expected);
    }
  }
  EXPECT_GE(compared, 380);
  EXPECT_GE(errors, 50);
}

TEST(ComposedLayout, EvaluatesLikeCuteAtEveryIndex) {
  int64_t checked = 0;
  for (const Evaluation &e : kEvaluations) {
    std::vector<int64_t> expected = decode(e.values);
    ASSERT_EQ(int64_t(expected.size()), e.size) << e.layouts[0];
    for (const char *text : e.layouts) {
      ComposedLayout c = C(text);
      ASSERT_EQ(size(c).value, e.size) << text;
      bool allStatic = fullyStatic(c);
      for (int64_t i = 0; i < e.size; ++i, ++checked) {
        // As a 1-D index (static and runtime), and as the natural coordinate of the shape.
        Expected<Int> dynamicIndex = crd2idx(IntTuple(Int::dynamic(i)), c);
        Expected<Int> staticIndex = crd2idx(IntTuple(Int::fixed(i)), c);
        Expected<IntTuple> natural = idx2crd(IntTuple(Int::fixed(i)), c.inner.shape);
        ASSERT_TRUE(dynamicIndex.ok() && staticIndex.ok() && natural.ok()) << text << " at " << i;
        Expected<Int> atCoordinate = crd2idx(*natural, c);
        ASSERT_TRUE(atCoordinate.ok()) << text << " at " << print(*natural);
        ASSERT_EQ(dynamicIndex->value, expected[size_t(i)]) << text << " at " << i;
        ASSERT_EQ(staticIndex->value, expected[size_t(i)]) << text << " at " << i;
        ASSERT_EQ(atCoordinate->value, expected[size_t(i)]) << text << " at " << print(*natural);
        // CuTe's static layouts give static offsets at static indices, runtime ones
        // otherwise (but for the index _0 of a layout with a static _0 offset: _0).
        ASSERT_FALSE(dynamicIndex->isStatic) << text;
        if (allStatic || i > 0) {
          ASSERT_EQ(staticIndex->isStatic, allStatic) << text << " at " << i;
        }
      }
    }
  }
  EXPECT_GT(checked, 15000);
}

// Where this core and CuTe part ways on purpose (a representation this core does not have,
// or an accident of CuTe's C++), each with CuTe's answer.
TEST(ComposedLayout, CutesOwnAnswersAtItsEdges) {
  // A runtime coordinate: CuTe carries its swizzle bits as MixedBits, and the strides they
  // decide become runtime strides, ((_16,_2,_2)):((_1,16,32)); a static coordinate gives
  // (_64):(_1), the same function.
  EXPECT_EQ(outcome(slice(T("(1,_)"), C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"))).text, "((_16,_2,_2)):((_1,16,32))");
  EXPECT_EQ(outcome(slice(T("(_1,_)"), C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"))).text, "(_64):(_1)");
  // A swizzle with a nonzero offset: CuTe's inverse has the swizzle as its inner function.
  ComposedLayout offsetSwizzle = C("Sw<3,4,3> o _32 o (_8,_64):(_64,_1)");
  EXPECT_EQ(outcome(rightInverse(offsetSwizzle)).text, "(_64,_8):(_8,_1) o _-32 o Sw<3,4,3>");
  // Only printing, comparing and evaluation are defined on it (CuTe has not even size).
  Expected<AnyLayout> inverse = rightInverse(offsetSwizzle);
  ASSERT_TRUE(inverse.ok());
  const ComposedLayout &endsInSwizzle = std::get<ComposedLayout>(*inverse);
  EXPECT_FALSE(complement(endsInSwizzle).ok());
  EXPECT_FALSE(upcast(endsInSwizzle, 2).ok());
  // A composed outer function: CuTe's right_inverse of Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o
  // _0 o (_8,_64):(_64,_1) is (_64,_8):(_8,_1) o _0 o Sw<3,0,-7> o _0 o (_128,_8):(_8,_1), with
  // a composed inner function, which a ComposedLayout does not hold: an error.
  Expected<AnyLayout> nested = rightInverse(C("Sw<3,4,3> o _0 o (_8,_128):(_128,_1) o _0 o (_8,_64):(_64,_1)"));
  ASSERT_FALSE(nested.ok());
  EXPECT_NE(nested.error().message.find("inner function"), std::string::npos) << nested.error().message;
  // A runtime offset: CuTe does not compile right_inverse((8,64):(64,1) o 3 o (8,64):(64,1))
  // (no right_inverse of an int is found); for the static offset _3 it answers
  // _1:_0 o _-3 o _1:_0.
  EXPECT_FALSE(rightInverse(C("(8,64):(64,1) o 3 o (8,64):(64,1)")).ok());
  EXPECT_EQ(outcome(rightInverse(C("(8,64):(64,1) o _3 o (8,64):(64,1)"))).text, "_1:_0 o _-3 o _1:_0");
}

TEST(ComposedLayout, NoOpSwizzleSimplifiesOnlyThroughComposition) {
  // make_composed_layout keeps Sw<0,M,S>; CuTe's three-argument composition drops it with a
  // static _0 offset only.
  Layout b = L("(_8,_64):(_64,_1)");
  EXPECT_EQ(print(C("Sw<0,4,3> o _0 o (_8,_64):(_64,_1)"), Style::Cute), "Sw<0,4,3> o _0 o (_8,_64):(_64,_1)");
  EXPECT_EQ(print(composeFunctions(OuterFunction::of(SW("Sw<0,4,3>")), T("_0"), b), Style::Cute), "(_8,_64):(_64,_1)");
  EXPECT_EQ(print(composeFunctions(OuterFunction::of(SW("Sw<0,4,3>")), T("0"), b), Style::Cute),
            "Sw<0,4,3> o 0 o (_8,_64):(_64,_1)");
  EXPECT_EQ(print(composeFunctions(OuterFunction::of(SW("Sw<0,4,3>")), T("_5"), b), Style::Cute),
            "Sw<0,4,3> o _5 o (_8,_64):(_64,_1)");
  EXPECT_EQ(print(composeFunctions(OuterFunction::of(b), T("_0"), b), Style::Cute),
            "(_8,_64):(_64,_1) o _0 o (_8,_64):(_64,_1)");
  Expected<ComposedLayout> bad = makeComposedLayout(OuterFunction::of(b), T("(_1,_)"), b);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("`_`"), std::string::npos) << bad.error().message;
}

TEST(ComposedLayout, ValuesCompareMemberByMember) {
  EXPECT_EQ(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"), C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"));
  EXPECT_NE(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"), C("Sw<2,4,3> o _0 o (_8,_64):(_64,_1)"));
  EXPECT_NE(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"), C("Sw<3,4,3> o 0 o (_8,_64):(_64,_1)"));
  EXPECT_NE(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"), C("Sw<3,4,3> o _0 o (8,64):(64,1)"));
  EXPECT_NE(C("(_8,_64):(_64,_1) o _0 o (_8,_64):(_64,_1)"), C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"));
  EXPECT_EQ(C("Sw<3,4,3> o _0 o _4:_1 o _0 o _4:_1"), C("Sw<3,4,3> o _0 o _4:_1 o _0 o _4:_1"));
  EXPECT_NE(C("Sw<3,4,3> o _0 o _4:_1 o _0 o _4:_1"), C("Sw<3,4,3> o _0 o _4:_2 o _0 o _4:_1"));
  EXPECT_EQ(C("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)").rank(), 2u);
}

// --- properties -----------------------------------------------------------------------------------
//
// For a seeded random swizzle and a random static layout B whose codomain fits in the
// swizzle's domain (powers of two, where CuTe's composition is exact), C = Sw o O o B with a
// small static offset O. Each lifted operation must give the function it denotes, checked at
// every index: the lift itself is A o O o f(B), so these check the evaluation, the offset and
// the simplification of a no-op swizzle together with the algebra.

namespace {

struct Tally {
  int tried = 0;
  int applied = 0;
};

void expectEnough(const Tally &t, int percent) {
  EXPECT_GT(t.applied, 0);
  EXPECT_GE(t.applied * 100, t.tried * percent) << "only " << t.applied << " of " << t.tried << " inputs were accepted";
}

Swizzle randomSwizzle(LayoutGen &gen) {
  for (;;) {
    int64_t b = gen.pick(0, 3), m = gen.pick(0, 3), s = gen.pick(std::max<int64_t>(b, 1), 4);
    Expected<Swizzle> r = makeSwizzle(b, m, gen.coin(25) ? -s : s);
    if (r)
      return *r;
  }
}

int64_t swizzleDomain(const Swizzle &s) { return int64_t(1) << (s.bits + s.base + (s.shift < 0 ? -s.shift : s.shift)); }

/// A random swizzled layout: Sw o O o B, O = _0 three times out of four.
ComposedLayout randomComposed(LayoutGen &gen) {
  Swizzle sw = randomSwizzle(gen);
  Layout b = gen.layoutInto(swizzleDomain(sw));
  int64_t offset = gen.coin(75) ? 0 : gen.pick(1, 63);
  return ComposedLayout{OuterFunction::of(sw), IntTuple(Int::fixed(offset)), b};
}

int64_t evalAt(const ComposedLayout &c, int64_t i) {
  Expected<Int> r = crd2idx(IntTuple(Int::dynamic(i)), c);
  return r ? r->value : INT64_MIN;
}

int64_t evalAt(const AnyLayout &l, int64_t i) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return eval(*p, i);
  return evalAt(std::get<ComposedLayout>(l), i);
}

Expected<Int> crd2idxAny(TupleView coord, const AnyLayout &l) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return crd2idx(coord, *p);
  return crd2idx(coord, std::get<ComposedLayout>(l));
}

int64_t sizeOf(const AnyLayout &l) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return size(*p).value;
  return size(std::get<ComposedLayout>(l)).value;
}

std::string show(const ComposedLayout &c) { return print(c, Style::Cute); }
std::string show(const AnyLayout &l) { return print(l, Style::Cute); }

/// The lift keeps the outer function and offset, or drops a no-op swizzle with offset _0.
::testing::AssertionResult keepsOuter(const ComposedLayout &c, const AnyLayout &r, const std::string &what) {
  bool noOp = c.outer.swizzle.bits == 0 && c.offset.asInt().isConstant(0);
  if (noOp != std::holds_alternative<Layout>(r))
    return ::testing::AssertionFailure() << what << ": " << (noOp ? "kept" : "dropped") << " the swizzle";
  if (!noOp) {
    const ComposedLayout &rc = std::get<ComposedLayout>(r);
    if (!(rc.outer == c.outer) || rc.offset != c.offset)
      return ::testing::AssertionFailure() << what << ": the outer function or offset changed";
  }
  return ::testing::AssertionSuccess();
}

/// For powers of two: B's modes cover disjoint bit ranges, so B(c) adds its modes' values
/// without carries (CuTe's composition distributes over B's modes; see PropertyTest.cpp).
bool carryFree(const Layout &b) {
  std::vector<Int> s = leaves(b.shape), d = leaves(b.stride);
  std::vector<std::pair<int64_t, int64_t>> ranges;
  for (size_t k = 0; k < s.size(); ++k)
    if (s[k].value > 1 && d[k].value != 0)
      ranges.push_back({d[k].value, d[k].value * s[k].value});
  std::sort(ranges.begin(), ranges.end());
  for (size_t k = 1; k < ranges.size(); ++k)
    if (ranges[k].first < ranges[k - 1].second)
      return false;
  return true;
}

} // namespace

TEST(ComposedLayoutProperty, CompositionIsFunctionComposition) {
  // crd2idx(i, composition(C, T)) == C(T(i)) for every i.
  LayoutGen gen(0x5C0A9051, /*powersOfTwo=*/true);
  Tally t;
  int exact = 0;
  for (int k = 0; k < 3000; ++k) {
    ComposedLayout c = randomComposed(gen);
    Layout tile = gen.layoutInto(size(c).value);
    ++t.tried;
    Expected<AnyLayout> r = composition(c, tilerFromLayout(tile));
    if (!r)
      continue;
    ++t.applied;
    std::string what = "composition(" + show(c) + ", " + show(tile) + ") = " + show(*r);
    ASSERT_TRUE(keepsOuter(c, *r, what));
    ASSERT_EQ(sizeOf(*r), size(tile).value) << what;
    if (!carryFree(tile))
      continue;
    ++exact;
    for (int64_t i = 0; i < size(tile).value; ++i)
      ASSERT_EQ(evalAt(*r, i), evalAt(c, eval(tile, i))) << what << " at " << i;
  }
  expectEnough(t, 60);
  EXPECT_GE(exact, 1000);
}

/// CuTe moves a swizzle through a layout L (L o Sw = Sw' o L) by the images of its two masks
/// alone, which is the function L o Sw when L maps each field's bits, in order, to
/// consecutive bits, within its domain (L a bit permutation: compact, powers of two).
/// Otherwise CuTe's answer is another function (the MatchesCute table has such a case).
bool movesExactly(const Layout &l, const Swizzle &sw) {
  if (size(l).value < swizzleDomain(sw))
    return false;
  for (int64_t field : {sw.yyyMask(), sw.zzzMask()}) {
    int64_t low = field & -field;
    int64_t image = eval(l, low);
    for (int k = 0; k < sw.bits; ++k)
      if (eval(l, low << k) != image << k)
        return false;
  }
  return true;
}

TEST(ComposedLayoutProperty, LayoutComposedWithSwizzleIsFunctionComposition) {
  // L o Sw = Sw' o L: L(Sw(x)) == Sw'(L(x)) for every x of L's domain.
  LayoutGen gen(0x5C0A9052, /*powersOfTwo=*/true);
  int exact = 0, other = 0;
  for (int k = 0; k < 3000; ++k) {
    Swizzle sw = randomSwizzle(gen);
    Layout l = gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, 1024);
    Expected<AnyLayout> r = composition(l, sw);
    if (!movesExactly(l, sw)) {
      other += r.ok();
      continue;
    }
    ++exact;
    ASSERT_TRUE(r.ok()) << show(l) << " o " << print(sw) << ": " << r.error().message;
    std::string what = show(l) + " o " + print(sw) + " = " + show(*r);
    for (int64_t x = 0; x < size(l).value; ++x)
      ASSERT_EQ(evalAt(*r, x), eval(l, sw.apply(x))) << what << " at " << x;
  }
  EXPECT_GE(exact, 500);
  EXPECT_GE(other, 100);
}

TEST(ComposedLayoutProperty, LogicalDivideIsCompositionWithTheDivisor) {
  // logical_divide(C, T)(i) == C(D(i)) for D = (T, complement(T, shape(coalesce(B)))).
  LayoutGen gen(0x5C0A9053, /*powersOfTwo=*/true);
  Tally t;
  int exact = 0;
  for (int k = 0; k < 3000; ++k) {
    ComposedLayout c = randomComposed(gen);
    Layout tile = gen.layoutInto(size(c).value);
    ++t.tried;
    Expected<AnyLayout> r = liftInner(c, [&](const Layout &b) { return logicalDivide(b, tilerFromLayout(tile)); });
    if (!r)
      continue;
    ++t.applied;
    std::string what = "logical_divide(" + show(c) + ", " + show(tile) + ") = " + show(*r);
    ASSERT_TRUE(keepsOuter(c, *r, what));
    Expected<Layout> rest = complement(tile, coalesce(c.inner).shape);
    ASSERT_TRUE(rest.ok()) << what;
    Layout divisor = concat(tile, *rest);
    ASSERT_EQ(sizeOf(*r), size(divisor).value) << what;
    if (!carryFree(divisor))
      continue;
    ++exact;
    for (int64_t i = 0; i < sizeOf(*r); ++i)
      ASSERT_EQ(evalAt(*r, i), evalAt(c, eval(divisor, i))) << what << " at " << i;
  }
  expectEnough(t, 60);
  EXPECT_GE(exact, 800);
}

TEST(ComposedLayoutProperty, LogicalProductAddsTheTileOffset) {
  // logical_product(C, L)(i) == Sw(O + B(i % n) + (complement(B, n*cosize(L)) o L)(i / n)), n = size(B).
  LayoutGen gen(0x5C0A9054, /*powersOfTwo=*/true);
  Tally t;
  int exact = 0;
  for (int k = 0; k < 3000; ++k) {
    ComposedLayout c = randomComposed(gen);
    Layout tile = gen.layout(gen.coin(50) ? Strides::Compact : Strides::Gapped, 8);
    ++t.tried;
    Expected<AnyLayout> r = liftInner(c, [&](const Layout &b) { return logicalProduct(b, tilerFromLayout(tile)); });
    if (!r)
      continue;
    ++t.applied;
    std::string what = "logical_product(" + show(c) + ", " + show(tile) + ") = " + show(*r);
    ASSERT_TRUE(keepsOuter(c, *r, what));
    int64_t n = size(c).value;
    Expected<Layout> rest = complement(c.inner, IntTuple(Int::fixed(n * cosize(tile).value)));
    ASSERT_TRUE(rest.ok()) << what;
    Expected<Layout> repeat = composition(*rest, tile);
    ASSERT_TRUE(repeat.ok()) << what;
    ASSERT_EQ(sizeOf(*r), n * size(tile).value) << what;
    if (!carryFree(tile))
      continue;
    ++exact;
    const Swizzle &sw = c.outer.swizzle;
    int64_t offset = c.offset.asInt().value;
    for (int64_t i = 0; i < sizeOf(*r); ++i)
      ASSERT_EQ(evalAt(*r, i), sw.apply(offset + eval(c.inner, i % n) + eval(*repeat, i / n))) << what << " at " << i;
  }
  expectEnough(t, 50);
  EXPECT_GE(exact, 800);
}

TEST(ComposedLayoutProperty, TileToShapeAndBlockedProductRepeatTheSwizzledBlock) {
  // Each mode k of the result is (block_k, repeats_k): at repeat coordinate 0 the result is C
  // itself, and at any coordinate it is Sw(O + B(block part) + the plain result at the repeat
  // part). Blocked products are tile_to_shape with a given repeat layout.
  LayoutGen gen(0x5C0A9055, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < 2000; ++k) {
    Swizzle sw = randomSwizzle(gen);
    Layout block = gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, 64, 2);
    if (!block.shape.isTuple())
      block = Layout{IntTuple::makeTuple({block.shape.view()}), IntTuple::makeTuple({block.stride.view()})};
    ComposedLayout c{OuterFunction::of(sw), IntTuple(Int::fixed(gen.coin(75) ? 0 : gen.pick(1, 63))), block};
    uint32_t rank = block.rank();
    bool blocked = gen.coin(50);
    TupleBuilder target;
    target.open();
    for (uint32_t i = 0; i < rank; ++i)
      target.leaf(Int::fixed(size(block.mode(i)).value * (int64_t(1) << gen.pick(0, 2))));
    target.close();
    IntTuple shape = target.finish();
    Layout repeats = makeLayoutRight(mapLeaves(shape, [&](Int) { return Int::fixed(1); }));
    if (blocked) { // a compact repeat layout of the same rank, in a random order
      TupleBuilder s;
      s.open();
      for (uint32_t i = 0; i < rank; ++i)
        s.leaf(Int::fixed(int64_t(1) << gen.pick(0, 2)));
      s.close();
      repeats = gen.coin(50) ? makeLayout(s.finish()) : makeLayoutRight(s.finish());
    }
    ++t.tried;
    Expected<AnyLayout> r = liftInner(
        c, [&](const Layout &b) { return blocked ? blockedProduct(b, repeats) : tileToShape(b, shape, nullptr); });
    Expected<Layout> plain = blocked ? blockedProduct(block, repeats) : tileToShape(block, shape, nullptr);
    if (!r) {
      ASSERT_FALSE(plain.ok()) << "the lift fails where the plain operation does not";
      continue;
    }
    ++t.applied;
    std::string what = (blocked ? "blocked_product(" + show(c) + ", " + show(repeats) + ")"
                                : "tile_to_shape(" + show(c) + ", " + show(shape) + ")") +
                       " = " + show(*r);
    ASSERT_TRUE(keepsOuter(c, *r, what));
    ASSERT_TRUE(plain.ok());
    int64_t offset = c.offset.asInt().value;
    int64_t n = size(*plain).value;
    ASSERT_EQ(sizeOf(*r), n) << what;
    for (int64_t i = 0; i < n; ++i) {
      // The natural coordinate, split into its block and repeat parts per mode.
      IntTuple crd = *idx2crd(IntTuple(Int::fixed(i)), plain->shape);
      TupleBuilder blockCrd, repeatCrd;
      blockCrd.open();
      repeatCrd.open();
      for (uint32_t m = 0; m < rank; ++m) {
        blockCrd.add(crd.child(m).child(0));
        repeatCrd.open();
        repeatCrd.leaf(Int::fixed(0));
        repeatCrd.add(crd.child(m).child(1));
        repeatCrd.close();
      }
      blockCrd.close();
      repeatCrd.close();
      IntTuple inBlock = blockCrd.finish(), inRepeat = repeatCrd.finish();
      int64_t expected = sw.apply(offset + crd2idx(inBlock, block)->value + crd2idx(inRepeat, *plain)->value);
      Expected<Int> got = crd2idxAny(crd, *r);
      ASSERT_TRUE(got.ok()) << what;
      ASSERT_EQ(got->value, expected) << what << " at " << print(crd, Style::Cute);
      if (crd2idx(inRepeat, *plain)->value == 0) {
        ASSERT_EQ(got->value, crd2idx(inBlock, c)->value) << what << ": the first block is not C";
      }
    }
  }
  expectEnough(t, 90);
}

namespace {

/// A static coordinate for slicing a layout of this shape: each leaf `_` or an integer.
IntTuple sliceCoordinate(LayoutGen &gen, TupleView shape) {
  return mapLeaves(shape, [&](Int x) { return Int::fixed(gen.pick(0, x.value - 1)); });
}

IntTuple withUnderscores(LayoutGen &gen, TupleView crd) {
  if (!crd.isTuple())
    return gen.coin(50) ? IntTuple::underscore() : IntTuple(crd);
  TupleBuilder b;
  b.open();
  for (TupleView c : crd)
    b.add(withUnderscores(gen, c));
  b.close();
  return b.finish();
}

/// The parts of natural coordinate n at the `_` (into u) and integer (into v) positions of c.
void splitCoordinate(TupleView c, TupleView n, TupleBuilder &u, TupleBuilder &v) {
  if (c.isTuple()) {
    uint32_t i = 0;
    for (TupleView cc : c)
      splitCoordinate(cc, n.child(i++), u, v);
  } else {
    (c.isUnderscore() ? u : v).add(n);
  }
}

} // namespace

TEST(ComposedLayoutProperty, SliceIsTheLayoutAtTheFixedCoordinateUpToAnOffset) {
  // CuTe's slice of a swizzled layout drops an offset (the part of C at the fixed modes that
  // the pointer would carry): C(n) - R(n at the `_`s) is one constant over every n that agrees
  // with the coordinate, whether R is a plain layout (the swizzle became strides) or composed.
  LayoutGen gen(0x5C0A9056, /*powersOfTwo=*/true);
  Tally t;
  int plain = 0, composed = 0;
  for (int k = 0; k < 3000; ++k) {
    Swizzle sw = randomSwizzle(gen);
    Layout b = gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, swizzleDomain(sw));
    ComposedLayout c{OuterFunction::of(sw), IntTuple(Int::fixed(0)), b};
    IntTuple crd = withUnderscores(gen, sliceCoordinate(gen, b.shape));
    if (!hasUnderscore(crd)) // CuTe slices a swizzled layout only where a mode is left
      continue;
    ++t.tried;
    Expected<AnyLayout> r = slice(crd, c);
    if (!r)
      continue;
    ++t.applied;
    (std::holds_alternative<Layout>(*r) ? plain : composed) += 1;
    std::string what = "slice(" + print(crd, Style::Cute) + ", " + show(c) + ") = " + show(*r);
    TupleBuilder u0, v0;
    u0.open();
    v0.open();
    splitCoordinate(crd, crd, u0, v0);
    u0.close();
    v0.close();
    IntTuple fixed = v0.finish();
    bool first = true;
    int64_t constant = 0, matches = 0;
    for (int64_t i = 0; i < size(b).value; ++i) {
      IntTuple n = *idx2crd(IntTuple(Int::fixed(i)), b.shape);
      TupleBuilder u, v;
      u.open();
      v.open();
      splitCoordinate(crd, n, u, v);
      u.close();
      v.close();
      IntTuple at = u.finish(), rest = v.finish();
      if (!crd.isTuple() && at.rank() == 1) // a rank-1 layout sliced by `_`
        at = IntTuple(at.child(0));
      if (rest != fixed)
        continue;
      ++matches;
      int64_t sliced = 0;
      if (at.rank() > 0) {
        Expected<Int> s = crd2idxAny(at, *r);
        ASSERT_TRUE(s.ok()) << what << " at " << print(at);
        sliced = s->value;
      }
      int64_t diff = evalAt(c, i) - sliced;
      if (first)
        constant = diff, first = false;
      ASSERT_EQ(diff, constant) << what << " at " << print(n, Style::Cute);
    }
    ASSERT_EQ(matches, sizeOf(*r)) << what;
  }
  expectEnough(t, 95);
  EXPECT_GE(plain, 300);
  EXPECT_GE(composed, 300);
}

TEST(ComposedLayoutProperty, InversesUndoTheLayout) {
  // right_inverse: C(R(i)) == i for i < size(R); left_inverse: R(C(i)) == i. R is B's
  // inverse with the swizzle moved through it, so this holds where the move is exact.
  LayoutGen gen(0x5C0A9057, /*powersOfTwo=*/true);
  int rightExact = 0, leftExact = 0;
  for (int k = 0; k < 3000; ++k) {
    Swizzle sw = randomSwizzle(gen);
    Layout b = gen.layout(gen.coin(50) ? Strides::Compact : Strides::PermutedCompact, 1024);
    ComposedLayout c{OuterFunction::of(sw), IntTuple(Int::fixed(0)), b};
    Expected<AnyLayout> right = rightInverse(c), left = leftInverse(c);
    Expected<Layout> plainRight = rightInverse(b), plainLeft = leftInverse(b);
    ASSERT_TRUE(plainRight.ok() && plainLeft.ok()) << show(b);
    if (movesExactly(*plainRight, sw)) {
      ++rightExact;
      ASSERT_TRUE(right.ok()) << show(c) << ": " << right.error().message;
      for (int64_t i = 0; i < sizeOf(*right); ++i)
        ASSERT_EQ(evalAt(c, evalAt(*right, i)), i)
            << "right_inverse(" << show(c) << ") = " << show(*right) << " at " << i;
    }
    if (movesExactly(*plainLeft, sw)) {
      ++leftExact;
      ASSERT_TRUE(left.ok()) << show(c) << ": " << left.error().message;
      for (int64_t i = 0; i < size(c).value; ++i)
        ASSERT_EQ(evalAt(*left, evalAt(c, i)), i) << "left_inverse(" << show(c) << ") = " << show(*left) << " at " << i;
    }
  }
  EXPECT_GE(rightExact, 500);
  EXPECT_GE(leftExact, 500);
}

TEST(ComposedLayoutProperty, UpcastAndDowncastChangeTheElementWidth) {
  // downcast<N>: N narrow elements per wide one, C'(j) == C(j / N) * N + j % N along the
  // stride-1 mode; upcast<N> inverts it where no swizzled bit is lost.
  LayoutGen gen(0x5C0A9058, /*powersOfTwo=*/true);
  Tally t;
  for (int k = 0; k < 2000; ++k) {
    Swizzle sw = randomSwizzle(gen);
    Layout b = makeLayout(IntTuple(Int::fixed(int64_t(1) << gen.pick(1, 8)))); // stride 1
    int64_t offset = gen.coin(75) ? 0 : gen.pick(1, 15) * 16;
    ComposedLayout c{OuterFunction::of(sw), IntTuple(Int::fixed(offset)), b};
    int64_t n = int64_t(1) << gen.pick(1, 3);
    ++t.tried;
    Expected<AnyLayout> down = downcast(c, n);
    if (!down)
      continue;
    ++t.applied;
    std::string what = "downcast<" + std::to_string(n) + ">(" + show(c) + ") = " + show(*down);
    ASSERT_EQ(sizeOf(*down), size(c).value * n) << what;
    for (int64_t j = 0; j < sizeOf(*down); ++j)
      ASSERT_EQ(evalAt(*down, j), evalAt(c, j / n) * n + j % n) << what << " at " << j;
    std::string back;
    if (const Layout *p = std::get_if<Layout>(&*down))
      back = outcome(upcast(*p, n)).text;
    else
      back = outcome(upcast(std::get<ComposedLayout>(*down), n)).text;
    // CuTe's recasts never drop a no-op swizzle (the recast offset is not its Int<0> type).
    ASSERT_EQ(back, show(c)) << what << ", upcast back";
  }
  expectEnough(t, 95);
}
