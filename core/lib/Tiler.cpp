// Tilers, and the divides and products built on composition and complement.
#include "cutelayout/Tiler.h"

#include "Internal.h"
#include "cutelayout/Notation.h"

namespace cutelayout {
namespace {
const Int kStatic0 = Int::fixed(0);
const Int kStatic1 = Int::fixed(1);

/// A tile built element by element: its layouts and its profile in lockstep.
class TileBuilder {
public:
  TileBuilder() {
    profile_.open();
  }
  void add(const Tiler &t) {
    layout_.add(t.layout);
    profile_.add(t.profile);
  }
  Tiler finish() {
    profile_.close();
    return Tiler{layout_.finish(), profile_.finish()};
  }

private:
  LayoutBuilder layout_;
  TupleBuilder profile_;
};

/// Applies f to the modes the tuple tiler covers; modes past it are kept when keepRest.
template <class F>
Expected<Layout> byMode(const char *op, const Layout &a, const Tiler &t, bool keepRest, F f) {
  if (t.rank() > a.rank())
    return makeError(std::string(op) + ": the tiler has " + std::to_string(t.rank()) +
                     " modes but " + print(a) + " has only " + std::to_string(a.rank()));
  return transformModes(a, t.rank(), keepRest, [&](uint32_t i, const Layout &m) { return f(m, t.child(i)); });
}

template <class F> Expected<Layout> guarded(const char *op, F f) {
  ArithScope scope;
  Expected<Layout> r = f();
  if (r && scope.failed())
    return scope.error(op);
  return r;
}

IntTuple underscores(uint32_t n) { return repeat(n, IntTuple::underscore()); }
} // namespace

Tiler Tiler::child(uint32_t i) const {
  return Tiler{layout.mode(i), IntTuple(profile.child(i))};
}

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

Tiler underscoreTiler() {
  return Tiler{Layout{IntTuple(kStatic1), IntTuple(kStatic0)}, IntTuple::underscore()};
}

Tiler tilerFromShape(TupleView shape) {
  if (shape.isUnderscore())
    return underscoreTiler();
  if (shape.isInt())
    return Tiler{Layout{IntTuple(shape), IntTuple(kStatic1)}, IntTuple(kStatic1)};
  TileBuilder out;
  for (TupleView c : shape)
    out.add(tilerFromShape(c));
  return out.finish();
}

Tiler makeTile(const Tiler *elements, uint32_t count) {
  TileBuilder out;
  for (uint32_t i = 0; i < count; ++i)
    out.add(elements[i]);
  return out.finish();
}

Expected<Layout> composition(const Layout &a, const Tiler &t) {
  if (t.isUnderscore())
    return a;
  if (t.isLayout())
    return composition(a, t.layout);
  return byMode("composition", a, t, /*keepRest=*/false,
                [](const Layout &m, const Tiler &e) { return composition(m, e); });
}

// --- divides ----------------------------------------------------------------------------

Expected<Layout> logicalDivide(const Layout &a, const Tiler &t) {
  if (t.isUnderscore())
    return a;
  if (t.isTuple())
    return byMode("logical_divide", a, t, /*keepRest=*/true,
                  [](const Layout &m, const Tiler &e) { return logicalDivide(m, e); });
  return guarded("logical_divide", [&]() -> Expected<Layout> {
    Layout tile = t.divisorLayout();
    Layout rest = CL_TRY(complement(tile, coalesce(a).shape));
    return composition(a, concat(tile, rest));
  });
}

namespace {
/// CuTe's tile_unzip: ((tile modes...), (rest modes..., untouched modes...)).
Expected<Layout> tileUnzip(const Layout &l, const Tiler &t) {
  IntTuple s = CL_TRY(zip2By(l.shape, t.profile));
  IntTuple d = CL_TRY(zip2By(l.stride, t.profile));
  return Layout{std::move(s), std::move(d)};
}

/// CuTe's l(c...) slice with `_`s: unpack the second mode (tiled) or both (flat).
Expected<Layout> unpackModes(const Layout &zipped, bool unpackFirst) {
  uint32_t r0 = zipped.shape.child(0).rank(), r1 = zipped.shape.child(1).rank();
  IntTuple first = unpackFirst ? underscores(r0) : IntTuple::underscore();
  IntTuple coord = IntTuple::makeTuple({first, underscores(r1)});
  return slice(coord, zipped);
}
} // namespace

Expected<Layout> zippedDivide(const Layout &a, const Tiler &t) {
  return tileUnzip(CL_TRY(logicalDivide(a, t)), t);
}

Expected<Layout> tiledDivide(const Layout &a, const Tiler &t) {
  return unpackModes(CL_TRY(zippedDivide(a, t)), false);
}

Expected<Layout> flatDivide(const Layout &a, const Tiler &t) {
  return unpackModes(CL_TRY(zippedDivide(a, t)), true);
}

// --- products ---------------------------------------------------------------------------

Expected<Layout> logicalProduct(const Layout &a, const Tiler &t) {
  if (t.isUnderscore())
    return a;
  if (t.isTuple())
    return byMode("logical_product", a, t, /*keepRest=*/true,
                  [](const Layout &m, const Tiler &e) { return logicalProduct(m, e); });
  return guarded("logical_product", [&]() -> Expected<Layout> {
    Layout tile = t.divisorLayout();
    Int bound = mul(size(a), cosize(tile));
    Layout rest = CL_TRY(complement(a, IntTuple(bound)));
    Layout repeated = CL_TRY(composition(rest, tile));
    return concat(a, repeated);
  });
}

Expected<Layout> zippedProduct(const Layout &a, const Tiler &t) {
  return tileUnzip(CL_TRY(logicalProduct(a, t)), t);
}

Expected<Layout> tiledProduct(const Layout &a, const Tiler &t) {
  return unpackModes(CL_TRY(zippedProduct(a, t)), false);
}

Expected<Layout> flatProduct(const Layout &a, const Tiler &t) {
  return unpackModes(CL_TRY(zippedProduct(a, t)), true);
}

namespace {
// logical_product of a and b padded to a common rank, then like modes zipped together.
Expected<Layout> rankSensitiveProduct(const Layout &a, const Layout &b, bool blockFirst) {
  uint32_t r = a.rank() > b.rank() ? a.rank() : b.rank();
  Layout product = CL_TRY(logicalProduct(appendTo(a, r), tilerFromLayout(appendTo(b, r))));
  Layout x = product.mode(blockFirst ? 0 : 1), y = product.mode(blockFirst ? 1 : 0);
  IntTuple s = CL_TRY(zip(IntTuple::makeTuple({x.shape, y.shape})));
  IntTuple d = CL_TRY(zip(IntTuple::makeTuple({x.stride, y.stride})));
  return Layout{std::move(s), std::move(d)};
}
} // namespace

Expected<Layout> blockedProduct(const Layout &a, const Layout &b) {
  return rankSensitiveProduct(a, b, true);
}

Expected<Layout> rakedProduct(const Layout &a, const Layout &b) {
  return rankSensitiveProduct(a, b, false);
}

Expected<Layout> tileToShape(const Layout &block, TupleView targetShape, const IntTuple *order) {
  return guarded("tile_to_shape", [&]() -> Expected<Layout> {
    if (block.rank() > targetShape.rank())
      return makeError("tile_to_shape: the block " + print(block) + " has more modes than the target shape " +
                       print(targetShape));
    uint32_t r = targetShape.rank();
    Layout padded = appendTo(block, r);
    IntTuple blockShape = productEach(padded.shape);
    IntTuple target = productEach(targetShape);
    if (isStatic(target) && !evenlyDivides(target, blockShape).isStaticTrue())
      return makeError("tile_to_shape: block shape " + print(blockShape) +
                       " does not divide the target shape " + print(target));
    IntTuple repeats = CL_TRY(ceilDiv(target, blockShape));
    Layout tiles = order ? CL_TRY(makeOrderedLayout(repeats, *order)) : makeLayout(repeats);
    return blockedProduct(padded, tiles);
  });
}

// --- partitions -------------------------------------------------------------------------

Expected<Layout> localTile(const Layout &a, const Tiler &tiler, TupleView coord,
                           const IntTuple *projection) {
  if (projection) {
    // Dice the tiler and the coordinate by the projection: `_` drops that mode.
    if (!tiler.isTuple() || !projection->isTuple())
      return makeError("local_tile: a projection needs a tuple tiler");
    if (projection->rank() != tiler.rank())
      return makeError("local_tile: projection " + print(*projection) + " does not match the tiler's rank");
    TileBuilder kept;
    uint32_t i = 0;
    for (TupleView p : projection->view()) {
      if (!p.isUnderscore())
        kept.add(tiler.child(i));
      ++i;
    }
    Tiler diced = kept.finish();
    IntTuple dicedCoord = CL_TRY(dice(*projection, coord));
    return localTile(a, diced, dicedCoord, nullptr);
  }
  Layout tiled = CL_TRY(zippedDivide(a, tiler));
  uint32_t r0 = tiled.shape.child(0).rank(), r1 = tiled.shape.child(1).rank();
  IntTuple rest = coord.isTuple() ? appendTo(coord, r1, IntTuple::underscore()) : IntTuple(coord);
  if (coord.isTuple() && coord.rank() > r1)
    return makeError("local_tile: coordinate " + print(coord) + " has more modes than the rest " +
                     print(TupleView(tiled.shape.child(1))));
  return slice(IntTuple::makeTuple({underscores(r0), rest}), tiled);
}

Expected<Layout> localPartition(const Layout &a, const Layout &threads, TupleView index,
                                const IntTuple *projection) {
  if (projection)
    return localPartition(a, CL_TRY(dice(*projection, threads)), index, nullptr);
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
  Expected<Layout> r = slice(IntTuple::makeTuple({first, underscores(r1)}), tiled);
  if (r && scope.failed())
    return scope.error("local_partition");
  return r;
}

Expected<Layout> stencilDivide(const Layout &a, TupleView window, TupleView stride, TupleView dilation) {
  IntTuple w = wrap(window), s = wrap(stride), d = wrap(dilation);
  if (w.rank() > a.rank())
    return makeError("failed to perform a valid division of " + print(a) + ": the window " +
                     print(window) + " has more modes than the input");
  auto param = [](TupleView t, uint32_t i, int64_t dflt) -> Expected<int64_t> {
    if (i >= t.rank())
      return dflt;
    TupleView c = t.child(i);
    if (!c.isInt())
      return makeError("stencil parameters must be integers, got " + print(c));
    return c.asInt().value;
  };
  LayoutBuilder out;
  for (uint32_t i = 0; i < a.rank(); ++i) {
    Layout mode = a.mode(i);
    if (i >= w.rank() || w.child(i).isUnderscore()) {
      out.add(mode);
      continue;
    }
    int64_t wi = CL_TRY(param(w, i, 1)), si = CL_TRY(param(s, i, 1)), di = CL_TRY(param(d, i, 1));
    int64_t n = size(mode).value;
    if (wi <= 0 || si <= 0 || di <= 0)
      return makeError("failed to perform a valid division of " + print(a) + ": window " +
                       std::to_string(wi) + ", stride " + std::to_string(si) + " and dilation " +
                       std::to_string(di) + " of mode " + std::to_string(i) + " must be positive");
    ArithScope scope;
    Int effective = add(mul(Int::fixed(wi - 1), Int::fixed(di)), kStatic1);
    if (scope.failed() || n < effective.value)
      return makeError("failed to perform a valid division of " + print(a) + ": mode " + std::to_string(i) +
                       " of size " + std::to_string(n) + " is shorter than the effective window " +
                       std::to_string(effective.value));
    int64_t outputs = 1 + (n - effective.value) / si;
    IntTuple shape = IntTuple::makeTuple({IntTuple(Int::fixed(wi)), IntTuple(Int::fixed(outputs))});
    // A single window position or a one-element window never steps: stride 0 keeps
    // composition from checking a step that is never taken.
    IntTuple strides = IntTuple::makeTuple(
        {IntTuple(Int::fixed(wi == 1 ? 0 : di)), IntTuple(Int::fixed(outputs == 1 ? 0 : si))});
    Expected<Layout> m = composition(mode, Layout{shape, strides});
    if (!m)
      return makeError("failed to perform a valid division of " + print(a) + ": " + m.error().message);
    out.add(*m);
  }
  return out.finish();
}

Expected<Layout> makeFragmentLike(const Layout &l) {
  uint32_t r = l.rank();
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

} // namespace cutelayout
