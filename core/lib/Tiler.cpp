// Tilers, and the divides and products built on composition and complement.
#include "cutelayout/Tiler.h"
#include "cutelayout/Trace.h"

#include "Internal.h"
#include "cutelayout/Notation.h"
#include "cutelayout/RuntimeForm.h"
#include "kernels/Coalesce.h"
#include "kernels/Tile.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

/// A tile built element by element: its layouts and its profile in lockstep.
class TileBuilder {
public:
  TileBuilder() : layout_(result_.layout) { profile_.open(); }
  void add(const Tiler &t) {
    layout_.add(t.layout);
    profile_.add(t.profile);
  }
  Tiler finish() {
    profile_.close();
    layout_.finish();
    result_.profile = profile_.finish();
    return std::move(result_);
  }

private:
  Tiler result_;
  LayoutBuilder layout_;
  TupleBuilder profile_;
};

/// f() inside an ArithScope: an arithmetic failure becomes "... (in op)".
template <class F> Status guardedInto(const char *op, F f) {
  ArithScope scope;
  Status s = f();
  if (s && scope.failed())
    return scope.error(op);
  return s;
}

IntTuple underscores(uint32_t n) { return repeat(n, IntTuple::underscore()); }
} // namespace

Tiler Tiler::child(uint32_t i) const { return Tiler{layout.mode(i), IntTuple(profile.child(i))}; }

namespace {
void printTo(std::string &out, const Tiler &t, Style style) {
  if (t.isUnderscore()) {
    out += '_';
  } else if (t.isExtent()) {
    out += print(t.layout.shape, style);
  } else if (t.isLayout()) {
    out += print(t.layout, style);
  } else {
    out += '(';
    for (uint32_t i = 0; i < t.rank(); ++i) {
      if (i)
        out += ',';
      printTo(out, t.child(i), style);
    }
    out += ')';
  }
}
} // namespace

std::string print(const Tiler &t, Style style) {
  std::string out;
  printTo(out, t, style);
  return out;
}

Tiler tilerFromLayout(const Layout &l) { return Tiler{l, IntTuple(kStatic0)}; }

Tiler underscoreTiler() { return Tiler{Layout{IntTuple(kStatic1), IntTuple(kStatic0)}, IntTuple::underscore()}; }

Tiler tilerFromShape(TupleView shape) {
  // The tile of the elements, in one pass over the shape's nodes: tuples keep their nodes,
  // an extent n becomes n:_1 (profile leaf _1), `_` becomes _1:_0 (profile leaf `_`).
  const Node unit{1, 1, NodeKind::Int, true}, zero{0, 1, NodeKind::Int, true},
      underscore{0, 1, NodeKind::Underscore, true}; // IntTuple::underscore()'s node
  uint32_t count = shape.span();
  Tiler result; // written in place and returned without a copy
  NodeVec &s = LayoutBuilder::nodesOf(result.layout.shape), &d = LayoutBuilder::nodesOf(result.layout.stride),
          &p = LayoutBuilder::nodesOf(result.profile);
  s.clear();
  d.clear();
  p.clear();
  s.reserveMore(count);
  d.reserveMore(count);
  p.reserveMore(count);
  for (const Node *n = shape.nodes(), *end = n + count; n != end; ++n) {
    if (n->kind == NodeKind::Tuple) {
      s.pushUnchecked(*n);
      d.pushUnchecked(*n);
      p.pushUnchecked(*n);
    } else if (n->kind == NodeKind::Int) {
      s.pushUnchecked(*n);
      d.pushUnchecked(unit);
      p.pushUnchecked(unit);
    } else {
      s.pushUnchecked(unit);
      d.pushUnchecked(zero);
      p.pushUnchecked(underscore);
    }
  }
  return result;
}

Tiler makeTile(const Tiler *elements, uint32_t count) {
  TileBuilder out;
  for (uint32_t i = 0; i < count; ++i)
    out.add(elements[i]);
  return out.finish();
}

namespace {
/// t as a tuple of tilers: itself, or the tile of its one element (CuTe's tuple append
/// takes any other value as one element).
Tiler asTile(const Tiler &t) {
  if (t.isTuple())
    return t;
  auto one = [](TupleView v) { return IntTuple::makeTuple({v}); }; // (v), v a tuple too (not wrap)
  return Tiler{Layout{one(t.layout.shape), one(t.layout.stride)}, one(t.profile)};
}

/// appendToRank (back) or prependToRank of tilers: t's layout and profile padded in step.
Expected<Tiler> padTiler(const Tiler &t, uint32_t n, const Tiler &x, bool back) {
  CL_CHECK(
      checkPadding(t.rank(), t.layout.shape.view().span(), n, x.layout.shape.view().span(), [&] { return print(t); }));
  if (n == t.rank()) // t itself, a tile or not
    return t;
  Tiler u = asTile(t);
  auto pad = [&](TupleView a, TupleView b) { return back ? appendTo(a, n, b) : prependTo(a, n, b); };
  return Tiler{Layout{pad(u.layout.shape, x.layout.shape), pad(u.layout.stride, x.layout.stride)},
               pad(u.profile, x.profile)};
}
} // namespace

Tiler append(const Tiler &t, const Tiler &x) {
  Tiler u = asTile(t);
  return Tiler{append(u.layout, x.layout), append(u.profile, x.profile)};
}

Tiler prepend(const Tiler &t, const Tiler &x) {
  Tiler u = asTile(t);
  return Tiler{prepend(u.layout, x.layout), prepend(u.profile, x.profile)};
}

Expected<Tiler> appendToRank(const Tiler &t, uint32_t n, const Tiler &x) { return padTiler(t, n, x, true); }

Expected<Tiler> prependToRank(const Tiler &t, uint32_t n, const Tiler &x) { return padTiler(t, n, x, false); }

// --- divides ---------------------------------------------------------------------------

namespace {
/// A tiler seen through views: its layout and profile stay where they are.
struct TilerView {
  LayoutView layout;
  TupleView profile;
  TilerView(const Tiler &t) : layout(t.layout), profile(t.profile.view()) {}
  TilerView(LayoutView l, TupleView p) : layout(l), profile(p) {}
  bool isUnderscore() const { return profile.isUnderscore(); }
  bool isTuple() const { return profile.isTuple(); }
  bool isExtent() const { return profile.isInt() && profile.asInt().value == 1; }
  uint32_t rank() const { return profile.rank(); }
};

/// Applies f(mode, tiler element, out) to the modes a tuple tiler covers; the modes past it
/// are kept when keepRest.
template <class F>
Status byModeInto(const char *op, LayoutView a, TilerView t, bool keepRest, LayoutBuilder &out, F f) {
  if (t.rank() > a.rank())
    return makeError(std::string(op) + ": the tiler has " + std::to_string(t.rank()) + " modes but " + print(a.copy()) +
                     " has only " + std::to_string(a.rank()));
  TupleView::Iterator ls = t.layout.shape.begin(), ld = t.layout.stride.begin(), lp = t.profile.begin();
  return transformModesInto(a, t.rank(), keepRest, out, [&](uint32_t, LayoutView m, LayoutBuilder &o) {
    TilerView e(LayoutView(*ls, *ld), *lp);
    ++ls;
    ++ld;
    ++lp;
    return f(m, e, o);
  });
}

/// A o T: a layout tiler (an extent n as n:_1) composes in 1-D, a tuple tiler by mode
/// (input modes past it are dropped, as in CuTe), `_` keeps the mode.
Status compositionInto(LayoutView a, TilerView t, LayoutBuilder &out) {
  if (t.isUnderscore()) {
    out.add(a);
    return success();
  }
  if (t.isTuple())
    return byModeInto("composition", a, t, /*keepRest=*/false, out,
                      static_cast<Status (*)(LayoutView, TilerView, LayoutBuilder &)>(compositionInto));
  return compositionInto(a, t.layout, out);
}

/// The shape of coalesce(a), built into storage unless it is a's own (a leaf mode, the
/// common case of a by-mode divide: coalesce keeps a leaf's extent).
TupleView coalescedShape(LayoutView a, IntTuple &storage) {
  if (a.isLeaf())
    return a.shape;
  IntVec shape, stride; // the modes, last first
  if (!kernels::coalescedModes<kernels::Seed::Shape>(a, shape, stride))
    return a.shape;
  storage = std::move(buildLayoutUnchecked([&](LayoutBuilder &b) { b.addReversedModes(shape, stride); }).shape);
  return storage;
}

/// The case split the divides and products share: `_` keeps a, a tuple tiler applies
/// `self` by mode, and a layout or extent tiler runs oneD on the layout the divides and
/// products use: the tiler's layout, or make_layout(n) for an extent n.
template <class OneD>
Status byTiler(const char *op, Status (*self)(LayoutView, TilerView, LayoutBuilder &), LayoutView a, TilerView t,
               LayoutBuilder &out, OneD oneD) {
  if (t.isUnderscore()) {
    out.add(a);
    return success();
  }
  if (t.isTuple())
    return byModeInto(op, a, t, /*keepRest=*/true, out, self);
  // An extent n is held as n:_1 (tilerFromShape), which is make_layout(n) except for a
  // static 1 (make_layout(_1) is _1:_0).
  if (!t.isExtent() ||
      (t.layout.isLeaf() && !t.layout.shape.asInt().isConstant(1) && t.layout.stride.asInt().isConstant(1)))
    return oneD(t.layout);
  Layout tile = makeLayout(t.layout.shape);
  return oneD(LayoutView(tile));
}

Status logicalDivideInto(LayoutView a, TilerView t, LayoutBuilder &out) {
  // A o (T, complement(T, shape(coalesce(A)))).
  return byTiler("logical_divide", logicalDivideInto, a, t, out, [&](LayoutView tile) -> Status {
    Layout rest;
    LayoutBuilder restOut(rest, false);
    IntTuple shapeStorage;
    CL_CHECK(complementInto(tile, coalescedShape(a, shapeStorage), restOut, "complement"));
    return compositionInto(a, tile, rest, out);
  });
}

Status logicalProductInto(LayoutView a, TilerView t, LayoutBuilder &out) {
  // (A, complement(A, size(A) * cosize(T)) o T).
  return byTiler("logical_product", logicalProductInto, a, t, out, [&](LayoutView tile) -> Status {
    Layout rest;
    LayoutBuilder restOut(rest, false);
    Int size = product(a.shape); // before the tile's cosize (F16)
    CL_CHECK(complementInto(a, IntTuple(mul(size, cosize(tile))), restOut, "complement"));
    out.open();
    out.add(a);
    CL_CHECK(compositionInto(rest, tile, out));
    out.close();
    return success();
  });
}

/// The four forms of a divide or product (kernels/Tile.h); the logical form is built whole,
/// the other three are unzipped from it.
using Form = kernels::Form;

/// CuTe's tile_unzip of a logical divide or product, then the slice that tiled_ and flat_
/// forms take: ((tiles), (rests)), ((tiles), rests...) or (tiles..., rests...). A rank-1
/// half is kept whole, as CuTe's repeat<1>(_) slices it. Only for guides whose elements
/// are all layouts or extents (the common case); nested guides take the tuple path.
void emitUnzipped(LayoutView l, TupleView guide, Form form, LayoutBuilder &out) {
  if (guide.isTuple()) {
    // Modes [0, g) of l are (tile, rest) pairs, the rest untouched: one walk over l's
    // modes per half, reading a pair's children off its nodes.
    uint32_t g = guide.rank(), r = l.rank();
    auto half = [&](bool tiles, bool unpack) {
      bool wrap = !(unpack && (tiles ? g : r) > 1);
      if (wrap)
        out.open();
      const Node *s = l.shape.nodes() + 1, *d = l.stride.nodes() + 1;
      for (uint32_t i = 0; i < r; ++i, s += s->span, d += d->span) {
        if (i < g)
          out.add(TupleView(tiles ? s + 1 : s + 1 + s[1].span), TupleView(tiles ? d + 1 : d + 1 + d[1].span));
        else if (!tiles)
          out.add(TupleView(s), TupleView(d));
      }
      if (wrap)
        out.close();
    };
    out.open();
    half(true, form == Form::Flat);
    half(false, form != Form::Zipped);
    out.close();
    return;
  }
  SmallVec<LayoutView, 32> firsts, seconds;
  if (!guide.isTuple()) {
    firsts.push_back(l.mode(0));
    seconds.push_back(l.mode(1));
  } else {
    uint32_t i = 0;
    TupleView::Iterator di = l.stride.begin();
    for (TupleView s : l.shape) {
      LayoutView m(s, *di);
      if (i < guide.rank()) {
        firsts.push_back(m.mode(0));
        seconds.push_back(m.mode(1));
      } else {
        seconds.push_back(m);
      }
      ++i;
      ++di;
    }
  }
  auto half = [&](const SmallVec<LayoutView, 32> &modes, bool unpack, bool isTupleHalf) {
    // A half of a tuple guide is a tuple; a layout guide's halves are the modes themselves.
    if (!isTupleHalf) {
      if (unpack && modes[0].shape.isTuple() && modes[0].rank() > 1)
        for (TupleView::Iterator s = modes[0].shape.begin(), d = modes[0].stride.begin(); s != modes[0].shape.end();
             ++s, ++d)
          out.add(*s, *d);
      else
        out.add(modes[0]);
      return;
    }
    if (unpack && modes.size() > 1) {
      for (LayoutView m : modes)
        out.add(m);
      return;
    }
    out.open();
    for (LayoutView m : modes)
      out.add(m);
    out.close();
  };
  bool tupleGuide = guide.isTuple();
  out.open();
  half(firsts, form == Form::Flat, tupleGuide);
  half(seconds, form != Form::Zipped, tupleGuide);
  out.close();
}

bool flatGuide(TupleView guide) {
  if (!guide.isTuple())
    return true;
  for (TupleView g : guide)
    if (!g.isInt())
      return false;
  return true;
}

/// CuTe's tile_unzip on tuples: ((tile modes...), (rest modes..., untouched modes...)).
Expected<Layout> tileUnzip(const Layout &l, TupleView guide) {
  IntTuple s = CL_TRY(zip2By(l.shape, guide));
  IntTuple d = CL_TRY(zip2By(l.stride, guide));
  return Layout{std::move(s), std::move(d)};
}

/// CuTe's l(c...) slice with `_`s: unpack the second mode (tiled) or both (flat).
Expected<Layout> unpackModes(const Layout &zipped, bool unpackFirst) {
  uint32_t r0 = zipped.shape.child(0).rank(), r1 = zipped.shape.child(1).rank();
  IntTuple first = unpackFirst ? underscores(r0) : IntTuple::underscore();
  IntTuple coord = IntTuple::makeTuple({first, underscores(r1)});
  return slice(coord, zipped);
}

/// A divide or product (`whole` into a scratch layout), then its unzipped form.
template <class F>
Status unzippedInto(const char *op, const Layout &a, TilerView t, Form form, F whole, Layout &result) {
  Layout scratch;
  {
    ArithScope scope;
    LayoutBuilder b(scratch, false);
    CL_CHECK(whole(LayoutView(a), t, b));
    if (scope.failed())
      return scope.error(op);
  }
  if (flatGuide(t.profile) && (t.profile.isTuple() || scratch.rank() == 2)) {
    LayoutBuilder out(result, false);
    emitUnzipped(scratch, t.profile, form, out);
    out.finish();
    return success();
  }
  Layout z = CL_TRY(tileUnzip(scratch, t.profile));
  result = form == Form::Zipped ? std::move(z) : CL_TRY(unpackModes(z, form == Form::Flat));
  return success();
}

/// f(the tiler of `shape`, as tilerFromShape builds it) through views: the shape's nodes are
/// the tiler's layout's shape, and one copy of them with every leaf _1 is both its stride
/// and its profile. A shape with `_` (whose tiler differs in more than its leaves) builds
/// the tiler.
template <class F> Status withShapeTiler(TupleView shape, F f) {
  const Node unit{1, 1, NodeKind::Int, true};
  uint32_t count = shape.span();
  NodeVec units;
  units.reserveMore(count);
  for (const Node *n = shape.nodes(), *end = n + count; n != end; ++n) {
    if (n->kind == NodeKind::Tuple) {
      units.pushUnchecked(*n);
    } else if (n->kind == NodeKind::Int) {
      units.pushUnchecked(unit);
    } else {
      Tiler t = tilerFromShape(shape);
      return f(TilerView(t));
    }
  }
  TupleView u(units.data());
  return f(TilerView(LayoutView(shape, u), u));
}
} // namespace

Expected<Layout> composition(const Layout &a, TilerRef t) {
  return intoExpected([&](Layout &r) { return composition(a, t, r); });
}

Status composition(const Layout &a, TilerRef t, Layout &result) {
  if (t.kind() == TilerRef::Kind::Layout) // a layout acts in 1-D: the composition of layouts
    return composition(a, t.layout(), result);
  auto compose = [&](TilerView v) {
    return buildLayoutInto("composition", result, [&](LayoutBuilder &out) { return compositionInto(a, v, out); });
  };
  return t.kind() == TilerRef::Kind::Tiler ? compose(TilerView(t.tiler())) : withShapeTiler(t.shape(), compose);
}

namespace {
/// A divide or product of a by t in a form once the fast domains have declined: the
/// logical form built whole, the others unzipped from it. Out of line, as every general
/// path below: inline, its working set gave the entry points a large frame, which every
/// call of the fast domains paid.
[[gnu::noinline]] Status byForm(const Layout &a, TilerView t, Form form, bool isProduct, Layout &result) {
  const char *op = isProduct ? "logical_product" : "logical_divide";
  Status (*whole)(LayoutView, TilerView, LayoutBuilder &) = isProduct ? logicalProductInto : logicalDivideInto;
  if (form == Form::Logical)
    return buildLayoutInto(op, result, [&](LayoutBuilder &out) { return whole(a, t, out); });
  return unzippedInto(op, a, t, form, whole, result);
}

/// The divide or product kernel (kernels/Tile.h) of a by the tiler t in the fast domains.
/// Inline in divideOrProduct: one frame for the entry point and the fast domains' set-up.
[[gnu::always_inline]] inline bool byTilerFast(const Layout &a, kernels::TilerNodes t, Form form, bool isProduct,
                                               Layout &result) {
  const Node *as = a.shape.view().nodes(), *ad = a.stride.view().nodes();
  return kernels::runFast(kernels::firstLeafStatic(a), result, [&](auto &dom, kernels::NodeOut &out) {
    return kernels::byTiler(dom, as, ad, t, form, isProduct, out);
  });
}

/// byForm by a shape read as a tiler.
[[gnu::noinline]] Status byShapeForm(const Layout &a, TupleView shape, Form form, bool isProduct, Layout &result) {
  return withShapeTiler(shape, [&](TilerView t) { return byForm(a, t, form, isProduct, result); });
}

/// byForm by a layout read as a tiler (tilerFromLayout's profile: a static 0 leaf).
[[gnu::noinline]] Status byLayoutForm(const Layout &a, const Layout &tiler, Form form, bool isProduct, Layout &result) {
  static const IntTuple kLayoutProfile(kStatic0);
  return byForm(a, TilerView(LayoutView(tiler), kLayoutProfile.view()), form, isProduct, result);
}

/// tilerFromLayout's profile, a static 0 leaf, as a node.
const Node kLayoutProfileNode = Node::leaf(kStatic0);

/// The eight divides and products: the fast domains on the tiler's nodes, else byForm.
Status divideOrProduct(const Layout &a, TilerRef t, Form form, bool isProduct, Layout &result) {
  switch (t.kind()) {
  case TilerRef::Kind::Tiler: {
    const Tiler &x = t.tiler();
    if (byTilerFast(a, {x.profile.view().nodes(), x.layout.shape.view().nodes(), x.layout.stride.view().nodes()}, form,
                    isProduct, result))
      return success();
    return byForm(a, TilerView(x), form, isProduct, result);
  }
  case TilerRef::Kind::Shape:
    if (byTilerFast(a, {t.shape().nodes(), t.shape().nodes(), nullptr}, form, isProduct, result))
      return success();
    return byShapeForm(a, t.shape(), form, isProduct, result);
  case TilerRef::Kind::Layout:
    break;
  }
  const Layout &x = t.layout();
  if (byTilerFast(a, {&kLayoutProfileNode, x.shape.view().nodes(), x.stride.view().nodes()}, form, isProduct, result))
    return success();
  return byLayoutForm(a, x, form, isProduct, result);
}
} // namespace

/// Each divide and product, returning and in place.
#define CUTELAYOUT_BY_TILER(name, form, isProduct)                                                                     \
  Expected<Layout> name(const Layout &a, TilerRef t) {                                                                 \
    return intoExpected([&](Layout &r) { return name(a, t, r); });                                                     \
  }                                                                                                                    \
  Status name(const Layout &a, TilerRef t, Layout &result) { return divideOrProduct(a, t, form, isProduct, result); }
CUTELAYOUT_BY_TILER(logicalDivide, Form::Logical, false)
CUTELAYOUT_BY_TILER(zippedDivide, Form::Zipped, false)
CUTELAYOUT_BY_TILER(tiledDivide, Form::Tiled, false)
CUTELAYOUT_BY_TILER(flatDivide, Form::Flat, false)
CUTELAYOUT_BY_TILER(logicalProduct, Form::Logical, true)
CUTELAYOUT_BY_TILER(zippedProduct, Form::Zipped, true)
CUTELAYOUT_BY_TILER(tiledProduct, Form::Tiled, true)
CUTELAYOUT_BY_TILER(flatProduct, Form::Flat, true)
#undef CUTELAYOUT_BY_TILER

namespace {
/// rankSensitiveProduct past the fast domains, out of line.
[[gnu::noinline]] Status rankSensitiveProductGeneral(const char *op, const Layout &a, const Layout &b, bool blockFirst,
                                                     Layout &result) {
  CL_CHECK(integerStrides(op, a, true)); // a's unit modes are complemented away (tile_to_shape)
  CL_CHECK(integerStrides(op, b));
  uint32_t r = a.rank() > b.rank() ? a.rank() : b.rank();
  // appendTo keeps a layout of rank r (a tuple, or a leaf when r is 1): no copy then.
  auto padded = [r](const Layout &l, Layout &storage) -> const Layout & {
    return l.rank() == r && (l.shape.isTuple() || r == 1) ? l : (storage = appendTo(l, r));
  };
  Layout storageA, storageB;
  const Layout &pa = padded(a, storageA), &pb = padded(b, storageB);
  Layout product;
  {
    ArithScope scope;
    LayoutBuilder out(product, false);
    CL_CHECK(logicalProductInto(pa, TilerView(pb, IntTuple(kStatic0)), out));
    if (scope.failed())
      return scope.error(op);
  }
  LayoutView x = LayoutView(product).mode(blockFirst ? 0 : 1), y = LayoutView(product).mode(blockFirst ? 1 : 0);
  if (!x.isLeaf() && (y.isLeaf() || x.rank() != y.rank()))
    return makeError("zip: the elements of " + print(IntTuple::makeTuple({x.shape, y.shape})) +
                     " are not tuples of one rank");
  LayoutBuilder out(result, false);
  if (x.isLeaf()) { // CuTe's zip of (leaf, y) is ((leaf, y))
    out.open();
    out.open();
    out.add(x);
    out.add(y);
    out.close();
    out.close();
  } else {
    out.open();
    TupleView::Iterator xs = x.shape.begin(), xd = x.stride.begin(), ys = y.shape.begin(), yd = y.stride.begin();
    for (; xs != x.shape.end(); ++xs, ++xd, ++ys, ++yd) {
      out.open();
      out.add(*xs, *xd);
      out.add(*ys, *yd);
      out.close();
    }
    out.close();
  }
  out.finish();
  return success();
}

// logical_product of a and b padded to a common rank, then like modes zipped together:
// mode i of the result is (x_i, y_i).
Status rankSensitiveProduct(const char *op, const Layout &a, const Layout &b, bool blockFirst, Layout &result) {
  const Node *as = a.shape.view().nodes(), *ad = a.stride.view().nodes(), *bs = b.shape.view().nodes(),
             *bd = b.stride.view().nodes();
  if (kernels::runFast(kernels::firstLeafStatic(a), result, [&](auto &dom, kernels::NodeOut &out) {
        return kernels::rankSensitiveProduct(dom, as, ad, bs, bd, blockFirst, out);
      }))
    return success();
  return rankSensitiveProductGeneral(op, a, b, blockFirst, result);
}
} // namespace

Expected<Layout> blockedProduct(const Layout &a, const Layout &b) {
  return intoExpected([&](Layout &r) { return blockedProduct(a, b, r); });
}

Status blockedProduct(const Layout &a, const Layout &b, Layout &result) {
  return rankSensitiveProduct("logical_product", a, b, true, result);
}

Expected<Layout> rakedProduct(const Layout &a, const Layout &b) {
  return intoExpected([&](Layout &r) { return rakedProduct(a, b, r); });
}

Status rakedProduct(const Layout &a, const Layout &b, Layout &result) {
  return rankSensitiveProduct("logical_product", a, b, false, result);
}

Expected<Layout> tileToShape(const Layout &block, TupleView targetShape, const IntTuple *order) {
  return intoExpected([&](Layout &r) { return tileToShape(block, targetShape, order, r); });
}

namespace {
/// tileToShape past the fast domains, out of line.
[[gnu::noinline]] Status tileToShapeGeneral(const Layout &block, TupleView targetShape, const IntTuple *order,
                                            Layout &result) {
  CL_CHECK(integerStrides("tile_to_shape", block, true));
  return guardedInto("tile_to_shape", [&]() -> Status {
    if (block.rank() > targetShape.rank())
      return makeError("tile_to_shape: the block " + print(block) + " has more modes than the target shape " +
                       print(targetShape));
    uint32_t r = targetShape.rank();
    Layout storage;
    bool asIs = block.rank() == r && (block.shape.isTuple() || r == 1); // appendTo keeps it
    const Layout &padded = asIs ? block : (storage = appendTo(block, r));
    IntTuple blockShape = productEach(padded.shape);
    IntTuple target = productEach(targetShape);
    // A static target needs a static answer (CuTe's static assertion); otherwise the
    // values are checked where they are known (R18).
    Bool divides = evenlyDivides(target, blockShape);
    if (__builtin_expect(detail::tracing(), 0) && !divides.isStatic && !isStatic(target))
      recordRuntimeCheck(divides, "tile_to_shape: block shape " + print(blockShape) +
                                      " does not divide the target shape " + print(target));
    else if (isStatic(target) && !divides.isStatic)
      return makeError("tile_to_shape: the target shape " + print(target, Style::Cute) +
                       " is static, so CuTe checks at compile time that the block shape divides it, and "
                       "the block shape " +
                       print(blockShape, Style::Cute) + " has runtime extents (CuTe does not compile this)");
    else if (!divides.value && reportViolation(divides.isStatic))
      return makeError("tile_to_shape: block shape " + print(blockShape) + " does not divide the target shape " +
                       print(target) + violationNote(divides.isStatic || divides.value));
    IntTuple repeats = CL_TRY(ceilDiv(target, blockShape));
    Layout tiles = order ? CL_TRY(makeOrderedLayout(repeats, *order)) : makeLayout(repeats);
    return blockedProduct(padded, tiles, result);
  });
}
} // namespace

Status tileToShape(const Layout &block, TupleView targetShape, const IntTuple *order, Layout &result) {
  const Node *bs = block.shape.view().nodes(), *bd = block.stride.view().nodes();
  if (!order && kernels::runFast(kernels::firstLeafStatic(block), result, [&](auto &dom, kernels::NodeOut &out) {
        return kernels::tileToShape(dom, bs, bd, targetShape.nodes(), out);
      }))
    return success();
  return tileToShapeGeneral(block, targetShape, order, result);
}

// --- partitions -------------------------------------------------------------------------

Expected<Tiler> diceTiler(const Tiler &tiler, TupleView projection) {
  if (!tiler.isTuple() || !projection.isTuple())
    return makeError("local_tile: a projection needs a tuple tiler");
  if (projection.rank() != tiler.rank())
    return makeError("local_tile: projection " + print(projection) + " does not match the tiler's rank");
  TileBuilder kept;
  uint32_t i = 0;
  for (TupleView p : projection) {
    if (!p.isUnderscore())
      kept.add(tiler.child(i));
    ++i;
  }
  return kept.finish();
}

namespace {
/// CuTe's inner_partition (inner) or outer_partition of `a`: its zipped divide by the
/// tiler, and the slice coordinate: coord into the rest modes (inner) or the tile modes
/// (outer), a tuple padded with `_` to their rank, and `_` for every mode of the other.
Expected<TilePlan> partitionPlan(const Layout &a, const Tiler &tiler, TupleView coord, bool inner, const char *name) {
  Layout tiled = CL_TRY(zippedDivide(a, tiler));
  uint32_t r0 = tiled.shape.child(0).rank(), r1 = tiled.shape.child(1).rank();
  uint32_t sliced = inner ? r1 : r0;
  if (coord.isTuple() && coord.rank() > sliced)
    return makeError(std::string(name) + ": coordinate " + print(coord) + " has more modes than the " +
                     (inner ? "rest " : "tile ") + print(TupleView(tiled.shape.child(inner ? 1 : 0))));
  IntTuple at = coord.isTuple() ? appendTo(coord, sliced, IntTuple::underscore()) : IntTuple(coord);
  IntTuple whole = underscores(inner ? r0 : r1);
  IntTuple both = inner ? IntTuple::makeTuple({whole, at}) : IntTuple::makeTuple({at, whole});
  return TilePlan{std::move(tiled), std::move(both)};
}
} // namespace

Expected<TilePlan> innerPartitionPlan(const Layout &a, const Tiler &tiler, TupleView coord) {
  return partitionPlan(a, tiler, coord, true, "inner_partition");
}

Expected<TilePlan> outerPartitionPlan(const Layout &a, const Tiler &tiler, TupleView coord) {
  return partitionPlan(a, tiler, coord, false, "outer_partition");
}

Expected<Layout> innerPartition(const Layout &a, const Tiler &tiler, TupleView coord) {
  TilePlan p = CL_TRY(innerPartitionPlan(a, tiler, coord));
  return slice(p.coord, p.tiled);
}

Expected<Layout> outerPartition(const Layout &a, const Tiler &tiler, TupleView coord) {
  TilePlan p = CL_TRY(outerPartitionPlan(a, tiler, coord));
  return slice(p.coord, p.tiled);
}

Expected<TilePlan> localTilePlan(const Layout &a, const Tiler &tiler, TupleView coord, const IntTuple *projection) {
  if (projection) {
    // Dice the tiler and the coordinate by the projection: `_` drops that mode.
    Tiler diced = CL_TRY(diceTiler(tiler, *projection));
    if (coord.isTuple() && coord.rank() != projection->rank())
      return makeError("local_tile: coordinate " + print(coord) + " and projection " + print(*projection) +
                       " have different ranks (the coordinate has the tiler's modes, the projection picks)");
    IntTuple dicedCoord = CL_TRY(dice(*projection, coord));
    return localTilePlan(a, diced, dicedCoord, nullptr);
  }
  return partitionPlan(a, tiler, coord, true, "local_tile");
}

Expected<Layout> localTile(const Layout &a, const Tiler &tiler, TupleView coord, const IntTuple *projection) {
  TilePlan p = CL_TRY(localTilePlan(a, tiler, coord, projection));
  return slice(p.coord, p.tiled);
}

Expected<TilePlan> localPartitionPlan(const Layout &a, const Layout &threads, TupleView index,
                                      const IntTuple *projection) {
  if (projection)
    return localPartitionPlan(a, CL_TRY(dice(*projection, threads)), index, nullptr);
  if (!index.isInt())
    return makeError("local_partition: the thread index must be an integer, got " + print(index));
  ArithScope scope;
  // The thread's flat coordinate: its index within each top-level mode of `threads`.
  IntTuple hier = CL_TRY(idx2crd(index, threads.shape, threads.stride));
  IntTuple flat;
  if (threads.rank() == 1 || !threads.shape.isTuple()) {
    flat = IntTuple(CL_TRY(crd2idx(hier, threads.shape)));
  } else {
    TupleBuilder b;
    b.open();
    for (uint32_t i = 0; i < threads.rank(); ++i)
      b.leaf(CL_TRY(crd2idx(hier.child(i), threads.shape.child(i))));
    b.close();
    flat = b.finish();
  }
  Tiler tiler = tilerFromShape(productEach(threads.shape));
  Layout tiled = CL_TRY(zippedDivide(a, tiler));
  uint32_t r0 = tiled.shape.child(0).rank(), r1 = tiled.shape.child(1).rank();
  IntTuple first = flat.isTuple() ? appendTo(flat, r0, IntTuple::underscore()) : flat;
  if (scope.failed())
    return scope.error("local_partition");
  IntTuple at = IntTuple::makeTuple({first, underscores(r1)});
  return TilePlan{std::move(tiled), std::move(at)};
}

Expected<Layout> localPartition(const Layout &a, const Layout &threads, TupleView index, const IntTuple *projection) {
  TilePlan p = CL_TRY(localPartitionPlan(a, threads, index, projection));
  return slice(p.coord, p.tiled);
}

Expected<Layout> stencilDivide(const Layout &a, TupleView window, TupleView stride, TupleView dilation) {
  IntTuple w = wrap(window), s = wrap(stride), d = wrap(dilation);
  if (w.rank() > a.rank())
    return makeError("failed to perform a valid division of " + print(a) + ": the window " + print(window) +
                     " has more modes than the input");
  auto param = [](TupleView t, uint32_t i, int64_t dflt) -> Expected<int64_t> {
    if (i >= t.rank())
      return dflt;
    TupleView c = t.child(i);
    if (!c.isInt())
      return makeError("stencil parameters must be integers, got " + print(c));
    return c.asInt().value;
  };
  Layout result;
  LayoutBuilder out(result);
  for (uint32_t i = 0; i < a.rank(); ++i) {
    Layout mode = a.mode(i);
    if (i >= w.rank() || w.child(i).isUnderscore()) {
      out.add(mode);
      continue;
    }
    int64_t wi = CL_TRY(param(w, i, 1)), si = CL_TRY(param(s, i, 1)), di = CL_TRY(param(d, i, 1));
    if (wi <= 0 || si <= 0 || di <= 0)
      return makeError("failed to perform a valid division of " + print(a) + ": window " + std::to_string(wi) +
                       ", stride " + std::to_string(si) + " and dilation " + std::to_string(di) + " of mode " +
                       std::to_string(i) + " must be positive");
    // An overflow leaves a placeholder 0 in its result: name the overflow, never the 0.
    ArithScope scope;
    int64_t n = size(mode).value;
    if (scope.failed())
      return makeError("failed to perform a valid division of " + print(a) + ": the size of mode " + std::to_string(i) +
                       " overflows int64");
    Int effective = add(mul(Int::fixed(wi - 1), Int::fixed(di)), kStatic1);
    if (scope.failed())
      return makeError("failed to perform a valid division of " + print(a) + ": the effective window (" +
                       std::to_string(wi) + " - 1) * " + std::to_string(di) + " + 1 of mode " + std::to_string(i) +
                       " overflows int64");
    if (n < effective.value)
      return makeError("failed to perform a valid division of " + print(a) + ": mode " + std::to_string(i) +
                       " of size " + std::to_string(n) + " is shorter than the effective window " +
                       std::to_string(effective.value));
    int64_t outputs = 1 + (n - effective.value) / si;
    IntTuple shape = IntTuple::makeTuple({IntTuple(Int::fixed(wi)), IntTuple(Int::fixed(outputs))});
    // A single window position or a one-element window never steps: stride 0 keeps
    // composition from checking a step that is never taken.
    IntTuple strides =
        IntTuple::makeTuple({IntTuple(Int::fixed(wi == 1 ? 0 : di)), IntTuple(Int::fixed(outputs == 1 ? 0 : si))});
    Expected<Layout> m = composition(mode, Layout{shape, strides});
    if (!m)
      return makeError("failed to perform a valid division of " + print(a) + ": " + m.error().message);
    out.add(*m);
  }
  out.finish();
  return result;
}

namespace {
/// R19: with a runtime extent, CuTe's make_fragment_like is the compact column-major layout
/// of the shape; the static form makes mode 0 compact over its nonzero strides and orders
/// the other modes by their strides. The two agree where mode 0 has no zero stride on an
/// extent past 1 and (where the shape has a runtime extent) the other modes' strides
/// already come in strictly increasing order (the static form gives equal strides one place). A static shape with a
/// runtime zero stride in mode 0 meets the first condition too: CuTe drops only a static zero there.
void requireFragmentOrder(const Layout &l) {
  requireNoZeroStride(l.mode(0), "make_fragment_like", /*staticZeros=*/!isStatic(l.shape));
  if (isStatic(l.shape))
    return;
  IntVec s, d;
  for (uint32_t m = 1; m < l.rank(); ++m)
    appendLeaves(LayoutView(l).mode(m), s, d);
  for (uint32_t j = 1; j < d.size(); ++j) // strictly increasing neighbours: every pair
    requireStaticFunction(less(d[j - 1], d[j]), [&] {
      return "the strides " + print(d[j - 1]) + " and " + print(d[j]) + " of " + print(l) +
             " are out of order or equal, where CuTe's runtime make_fragment_like keeps the modes' order";
    });
}
} // namespace

Expected<Layout> makeFragmentLike(const Layout &l) {
  CL_CHECK(integerStrides("make_fragment_like", l));
  uint32_t r = l.rank();
  if (r > 1 && l.shape.isTuple() && !(isStatic(l.shape) && isStatic(l.stride)))
    requireFragmentOrder(l);
  if (r > 1 && l.shape.isTuple() && isStatic(l.shape)) {
    Layout m0 = l.mode(0);
    IntTuple filtered = CL_TRY(filterZeros(m0.stride, m0.shape));
    IntTuple d0 = CL_TRY(compactMajor(filtered, IntTuple(kStatic1), Major::Left));
    Layout rest = CL_TRY(take(l, 1, r));
    Layout ordered = CL_TRY(makeOrderedLayout(rest.shape, rest.stride));
    return tiledProduct(Layout{m0.shape, d0}, tilerFromLayout(ordered));
  }
  return makeLayout(l.shape);
}

IntTuple shape(const Tiler &t) {
  if (t.isUnderscore())
    return IntTuple::underscore();
  if (!t.isTuple())
    return t.layout.shape;
  TupleBuilder b;
  b.open();
  for (uint32_t i = 0; i < t.rank(); ++i)
    b.add(shape(t.child(i)));
  b.close();
  return b.finish();
}

Expected<Bool> evenlyDivides(TupleView shape, const Tiler &t) {
  if (t.isUnderscore())
    return makeError("evenly_divides: cannot divide " + print(shape) + " by `_` (CuTe has no such overload)");
  if (t.isExtent())
    return evenlyDivides(shape, t.layout.shape.view());
  if (t.isLayout()) { // size(a) == size(b) * size(ceil_div(shape(a), b))
    ArithScope scope;
    IntTuple rest = CL_TRY(ceilDiv(shape, t));
    Bool r = equal(product(shape), mul(size(t.layout), product(rest)));
    if (scope.failed())
      return scope.error("evenly_divides");
    return r;
  }
  if (t.rank() > shape.rank())
    return Bool{false, true};
  Bool acc{true, true};
  for (uint32_t i = 0; i < t.rank(); ++i)
    acc = cuteAnd(acc, CL_TRY(evenlyDivides(shape.child(i), t.child(i))));
  return acc;
}

Expected<IntTuple> ceilDiv(TupleView target, const Tiler &t) {
  if (t.isUnderscore())
    return makeError("ceil_div of " + print(target) + " by `_` (CuTe has no such overload)");
  if (t.isExtent())
    return ceilDiv(target, t.layout.shape.view());
  if (t.isLayout())
    return CL_TRY(complement(t.layout, target)).shape;
  if (!target.isTuple() || target.rank() < t.rank())
    return makeError("ceil_div: the tile " + print(t) + " has more modes than " + print(target));
  TupleBuilder b;
  b.open();
  for (uint32_t i = 0; i < target.rank(); ++i)
    b.add(i < t.rank() ? CL_TRY(ceilDiv(target.child(i), t.child(i)))
                       : CL_TRY(ceilDiv(target.child(i), IntTuple(Int::fixed(1)).view())));
  b.close();
  return b.finish();
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
