#include "Operations.h"

#include "AtomOps.h"

#include "ComposedOps.h"
#include "SwizzleSynthesis.h"
#include "TensorOps.h"
#include "cutelayout/Basis.h"
#include "cutelayout/RuntimeForm.h"

#include <algorithm>
#include <map>
#include <optional>

namespace cutelayout::cli {

namespace {

/// An argument's int tuple by reference: converts to the TupleView the core takes, and to
/// an IntTuple copy only where a handler keeps one.
class TupleArg {
public:
  TupleArg() = default;
  explicit TupleArg(const IntTuple &t) : t_(&t) {}
  operator TupleView() const { return t_->view(); }
  operator const IntTuple &() const { return *t_; }
  TupleView view() const { return t_->view(); }

private:
  const IntTuple *t_ = nullptr;
};

/// An argument's layout by reference (converts to const Layout&).
class LayoutArg {
public:
  LayoutArg() = default;
  explicit LayoutArg(const Layout &l) : l_(&l) {}
  operator const Layout &() const { return *l_; }

private:
  const Layout *l_ = nullptr;
};

/// Typed access to a call's arguments with precise errors. Tuples and layouts are handed
/// out by reference: the arguments outlive the handler.
class Args {
public:
  explicit Args(ValueRefs values) : v_(values) {}
  size_t size() const { return v_.size(); }
  const Value &operator[](size_t i) const { return v_[i]; }
  ValueRefs values() const { return v_; }
  bool isLayout(size_t i) const { return v_[i].kind == Value::Kind::Layout; }

  // The accessors inline into every handler (their errors are built out of line): a call
  // would cost a frame and an Expected per argument.
  [[gnu::always_inline]] Expected<LayoutArg> layout(size_t i) const {
    const Value &v = v_[i];
    if (__builtin_expect(v.kind != Value::Kind::Layout || v.notCongruent, 0))
      return notALayout(i);
    return LayoutArg(v.layout);
  }
  [[gnu::always_inline]] Expected<TupleArg> tuple(size_t i) const {
    if (v_[i].kind != Value::Kind::Tuple)
      return wrongKind(i, "an int tuple");
    return TupleArg(v_[i].tuple);
  }
  /// An int tuple without `_`: a shape, a stride, an order.
  [[gnu::always_inline]] Expected<TupleArg> shape(size_t i) const {
    TupleArg t = CL_TRY(tuple(i));
    if (hasUnderscore(t.view()))
      return makeError("argument " + std::to_string(i + 1) + ": " + print(t.view()) + " cannot contain `_`");
    return t;
  }
  Expected<Int> integer(size_t i) const {
    if (v_[i].kind != Value::Kind::Tuple || !v_[i].tuple.isInt())
      return wrongKind(i, "an integer");
    return v_[i].tuple.asInt();
  }
  Expected<uint32_t> index(size_t i) const {
    Int x = CL_TRY(integer(i));
    if (x.value < 0 || x.value > 1000000)
      return makeError("argument " + std::to_string(i + 1) + ": index " + std::to_string(x.value) + " is out of range");
    return uint32_t(x.value);
  }
  /// Arguments [from, size) as mode indices.
  Expected<std::vector<uint32_t>> indices(size_t from) const {
    std::vector<uint32_t> out;
    for (size_t i = from; i < v_.size(); ++i)
      out.push_back(CL_TRY(index(i)));
    return out;
  }

private:
  // The errors are built out of line: the handlers' common path stays small.
  [[gnu::cold, gnu::noinline]] Error notALayout(size_t i) const {
    if (v_[i].kind != Value::Kind::Layout)
      return wrongKind(i, "a layout");
    return makeError("argument " + std::to_string(i + 1) + ": shape " + print(v_[i].layout.shape) + " and stride " +
                     print(v_[i].layout.stride) + " are not congruent");
  }
  [[gnu::cold, gnu::noinline]] Error wrongKind(size_t i, const char *expected) const {
    return makeError("argument " + std::to_string(i + 1) + " must be " + expected + " but is " + kindName(v_[i].kind) +
                     " " + describe(v_[i]));
  }
  ValueRefs v_;
};

using Handler = Expected<Value> (*)(const Args &);
using Status = Expected<bool>;
/// A handler that writes its result into a value (callResolvedInto): the hot operations.
using InPlaceHandler = Status (*)(const Args &, Value &);
/// The same handler binding its arguments instead (bindResolved).
using Binder = Status (*)(const Args &, BoundCall &);

struct Operation {
  size_t minArgs, maxArgs;
  const char *signature;
  const char *help;
  Handler handler;
  InPlaceHandler inPlace = nullptr; // where set, handler is viaInPlace<inPlace>
  Binder bind = nullptr;            // set with inPlace: the same handler, binding
};

Value lay(Layout l) { return Value::ofLayout(std::move(l)); }

/// An int tuple value, built in place (no Value move).
Expected<Value> tupleValue(IntTuple &&t) {
  Expected<Value> out(std::in_place);
  out->tuple = std::move(t);
  return out;
}
Expected<Value> tupleValue(const IntTuple &t) { return tupleValue(IntTuple(t)); }
Expected<Value> intValue(Int x) { return tupleValue(IntTuple(x)); }

/// A core result as a layout value, built in place.
Expected<Value> layOr(Expected<Layout> &&r) {
  // One named result, so it is returned without a move.
  Expected<Value> out = r ? Expected<Value>(std::in_place) : Expected<Value>(r.error());
  if (r) {
    out->kind = Value::Kind::Layout;
    out->layout = std::move(*r);
  }
  return out;
}

// The results of the in-place handlers (InPlaceHandler), written into a value `out` that
// may be reused: a layout that into(layout) writes, an integer, an int tuple, or a result
// built as an Expected<Value> (the branches without an in-place form).
template <class F> Status layoutInto(Value &out, F into) {
  out.reuseAs(Value::Kind::Layout);
  return into(out.layout);
}
Status tupleInto(Value &out, IntTuple &&t) {
  out.reuseAs(Value::Kind::Tuple);
  out.tuple = std::move(t);
  return true;
}
Status intInto(Value &out, Int x) {
  out.reuseAs(Value::Kind::Tuple);
  out.tuple = x;
  return true;
}
Status moveInto(Value &out, Expected<Value> &&r) {
  if (!r)
    return r.error();
  out = std::move(*r);
  return true;
}

// An in-place handler is a template over where its result goes, Out: a Value (the call runs
// now) or a BoundCall (the call is kept, to run later and many times). It checks its
// arguments, then hands the call itself, a closure over pointers and views into the
// arguments (never over the handler's locals), to finish(out, call). A branch that needs
// a value built per call from an argument does not bind (declineBinding).
template <class Out> constexpr bool kBinding = std::is_same_v<Out, BoundCall>;
template <class F> [[gnu::always_inline]] inline Status finish(Value &out, F call) { return call(out); }
template <class F> Status finish(BoundCall &bound, F call) {
  bound = BoundCall(call);
  return true;
}
/// Leaves the call unbound: bindResolved's caller then calls through the table.
Status declineBinding(BoundCall &) { return true; }

/// The handler of an in-place handler F: its result in a fresh value.
template <InPlaceHandler F> Expected<Value> viaInPlace(const Args &a) {
  Expected<Value> out(std::in_place); // one named result, returned without a move
  Status s = F(a, *out);
  if (!s)
    out = Expected<Value>(s.error());
  return out;
}
/// A table entry's three handlers for an in-place handler template F: the returning one,
/// F<Value> and F<BoundCall>.
#define IN_PLACE(...) viaInPlace<__VA_ARGS__>, __VA_ARGS__, __VA_ARGS__

/// Element t of a tile as a value: a layout, an extent (an integer), `_` or a tile.
Value elementValue(const Tiler &t) {
  if (t.isUnderscore())
    return Value::ofTuple(IntTuple::underscore());
  if (t.isExtent())
    return Value::ofTuple(t.layout.shape);
  if (t.isLayout())
    return Value::ofLayout(t.layout);
  return Value::ofTile(t);
}

/// CuTe's depth() of a tile: a layout counts its shape's depth, an extent or `_` 0.
int tileDepth(const Tiler &t) {
  if (t.isUnderscore())
    return 0;
  if (!t.isTuple())
    return depth(t.layout.shape.view());
  int d = 0;
  for (uint32_t i = 0; i < t.rank(); ++i)
    d = std::max(d, tileDepth(t.child(i)));
  return d + 1;
}

/// The elements of a tile at the given indices, as a tile (select, take and group on tiles).
Value tileOf(const std::vector<Tiler> &elements) {
  return Value::ofTile(makeTile(elements.data(), uint32_t(elements.size())));
}

/// The elements of tile t at `modes` (select, take), each checked against its rank.
Expected<std::vector<Tiler>> tileModes(const Tiler &t, const std::vector<uint32_t> &modes) {
  std::vector<Tiler> out;
  for (uint32_t i : modes) {
    if (i >= t.rank())
      return makeError("mode " + std::to_string(i) + " is out of range for " + print(t));
    out.push_back(t.child(i));
  }
  return out;
}

std::vector<uint32_t> modeRangeOf(uint32_t b, uint32_t e) {
  std::vector<uint32_t> r;
  for (uint32_t i = b; i < e; ++i)
    r.push_back(i);
  return r;
}

/// The elements of a tile that are not tiles themselves, in order (CuTe's flatten).
void flattenTile(const Tiler &t, std::vector<Tiler> &out) {
  if (!t.isTuple()) {
    out.push_back(t);
    return;
  }
  for (uint32_t i = 0; i < t.rank(); ++i)
    flattenTile(t.child(i), out);
}

/// CuTe's slice (keep the elements paired with `_`) or dice (those paired with an
/// integer) on a tile: a tuple coordinate goes into the element, and results are flat.
Expected<bool> sliceTile(TupleView c, const Tiler &t, bool keepUnderscore, std::vector<Tiler> &out) {
  if (c.isTuple()) {
    if (!t.isTuple() || t.rank() != c.rank())
      return makeError("coordinate " + print(c) + " does not match the modes of " + print(t));
    for (uint32_t i = 0; i < c.rank(); ++i)
      CL_TRY(sliceTile(c.child(i), t.child(i), keepUnderscore, out));
    return true;
  }
  if (c.isUnderscore() == keepUnderscore)
    out.push_back(t);
  return true;
}

Expected<Value> sliceOrDiceTile(TupleView c, const Tiler &t, bool keepUnderscore) {
  if (!c.isTuple()) // slice(_, t) and dice(1, t) are t; slice(1, t) and dice(_, t) are ()
    return c.isUnderscore() == keepUnderscore ? Value::ofTile(t) : tileOf({});
  std::vector<Tiler> out;
  CL_TRY(sliceTile(c, t, keepUnderscore, out));
  return tileOf(out);
}

/// The sub-layout or sub-tuple at a path of mode indices.
Expected<Value> at(const Value &v, const std::vector<uint32_t> &path) {
  if (v.kind == Value::Kind::Tile) {
    Tiler t = v.tile();
    size_t k = 0;
    for (; k < path.size() && t.isTuple(); ++k) {
      if (path[k] >= t.rank())
        return makeError("mode " + std::to_string(path[k]) + " is out of range for " + print(t));
      t = t.child(path[k]);
    }
    Value e = elementValue(t);
    return k == path.size() ? e : at(e, std::vector<uint32_t>(path.begin() + long(k), path.end()));
  }
  if (v.kind == Value::Kind::Layout && v.notCongruent && !path.empty())
    return makeError("shape " + print(v.layout.shape) + " and stride " + print(v.layout.stride) + " are not congruent");
  if (v.kind == Value::Kind::Layout && path.empty())
    return v;
  if (v.kind == Value::Kind::Layout)
    return layOr(get(v.layout, path.data(), uint32_t(path.size())));
  if (v.kind != Value::Kind::Tuple)
    return makeError(std::string("expected a layout or an int tuple but got ") + kindName(v.kind));
  TupleView t = v.tuple;
  for (uint32_t i : path) {
    if (i >= t.rank())
      return makeError("mode " + std::to_string(i) + " is out of range for " + print(t));
    t = t.child(i);
  }
  return tupleValue(IntTuple(t));
}

/// f(the first argument), or f(its part at the index arguments after it): a whole layout or
/// tuple is not copied, and no value is built for it.
template <class F> [[gnu::always_inline]] inline auto onOperand(const Args &a, F f) -> decltype(f(a[0])) {
  if (a.size() == 1 && a[0].kind != Value::Kind::Tile)
    return f(a[0]);
  Value part = CL_TRY(at(a[0], CL_TRY(a.indices(1))));
  return f(part);
}

/// The shape of a layout argument, or the tuple itself.
Expected<IntTuple> shapeOf(const Value &v) {
  if (v.kind == Value::Kind::Layout)
    return v.layout.shape;
  if (v.kind == Value::Kind::Tuple)
    return v.tuple;
  return makeError(std::string("expected a layout or an int tuple but got ") + kindName(v.kind));
}

/// LayoutLeft / GenColMajor or LayoutRight / GenRowMajor.
Expected<Major> majorOf(const Value &v) {
  if (v.kind == Value::Kind::Name && (v.name == "LayoutLeft" || v.name == "GenColMajor"))
    return Major::Left;
  if (v.kind == Value::Kind::Name && (v.name == "LayoutRight" || v.name == "GenRowMajor"))
    return Major::Right;
  return makeError("expected LayoutLeft or LayoutRight but got " + printValue(v, Style::Plain));
}

bool isMajorName(std::string_view n) {
  return n == "LayoutLeft" || n == "GenColMajor" || n == "LayoutRight" || n == "GenRowMajor";
}

} // namespace

namespace {

/// Argument 1 as a tuple whose modes [b, e) exist (take and group on int tuples).
Expected<IntTuple> modeRange(const Args &a, uint32_t b, uint32_t e) {
  IntTuple t = CL_TRY(a.tuple(0));
  if (b > e || e > t.rank())
    return makeError("range [" + std::to_string(b) + "," + std::to_string(e) + ") is out of range for " + print(t));
  return t;
}

Expected<Value> tupleArithOp(const Args &a, TupleOp op) {
  // CuTe has no arithmetic on `_` (a.shape refuses it; CuTe does not compile it).
  TupleView x = CL_TRY(a.shape(0)), y = CL_TRY(a.shape(1));
  IntTuple r = CL_TRY(tupleArith(op, x, y));
  return tupleValue(std::move(r));
}

/// The final step of a handler whose result is a layout: into(layout) writes it.
template <class Out, class F> [[gnu::always_inline]] inline Status layoutResult(Out &out, F into) {
  return finish(out, [into](Value &r) { return layoutInto(r, into); });
}

/// F(layout, tiler) where the tiler is argument 2: a tile, a shape or a layout, each as
/// the core's TilerRef (the argument's nodes are the tiler's: nothing is built).
template <Expected<bool> (*F)(const Layout &, TilerRef, Layout &), class Out>
Status withTiler(const Args &a, Out &out) {
  const Layout &layout = CL_TRY(a.layout(0));
  const Layout *l = &layout;
  if (a[1].kind == Value::Kind::Tuple) {
    TupleView shape = a[1].tuple.view();
    return layoutResult(out, [l, shape](Layout &r) { return F(*l, shape, r); });
  }
  if (a[1].kind == Value::Kind::Tile) { // a tile is a tiler already: no copy
    const Tiler *t = &a[1].tile();
    return layoutResult(out, [l, t](Layout &r) { return F(*l, *t, r); });
  }
  if (a[1].kind == Value::Kind::Layout && !a[1].notCongruent) {
    const Layout *b = &a[1].layout;
    return layoutResult(out, [l, b](Layout &r) { return F(*l, *b, r); });
  }
  if constexpr (kBinding<Out>) {
    return declineBinding(out);
  } else {
    Expected<Tiler> t = asTiler(a[1]);
    if (!t)
      return t.error();
    return layoutInto(out, [&](Layout &r) { return F(*l, *t, r); });
  }
}

template <Expected<Layout> (*F)(const Layout &)> Expected<Value> unary(const Args &a) {
  return layOr(F(CL_TRY(a.layout(0))));
}

template <Expected<bool> (*F)(const Layout &, Layout &), class Out> Status unaryInto(const Args &a, Out &out) {
  const Layout &layout = CL_TRY(a.layout(0));
  const Layout *l = &layout;
  return layoutResult(out, [l](Layout &r) { return F(*l, r); });
}

// --- The in-place handlers of the hot operations (callResolvedInto, bindResolved) -------

/// size and cosize of argument 1 or of its part at the index arguments: query(v) checks
/// the operand v and finishes. A part is a value built per call, so it does not bind.
template <class Out, class F> Status onQueriedOperand(const Args &a, Out &out, F query) {
  if constexpr (kBinding<Out>)
    if (a.size() != 1 || a[0].kind == Value::Kind::Tile)
      return declineBinding(out);
  return onOperand(a, query);
}

template <class Out> Status sizeOp(const Args &a, Out &out) {
  return onQueriedOperand(a, out, [&out](const Value &v) -> Status {
    if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Tuple)
      return shapeOf(v).error();
    TupleView s = v.kind == Value::Kind::Layout ? v.layout.shape.view() : v.tuple.view();
    if (hasUnderscore(s)) // CuTe prints artefacts here: size(_) is _, size((4,_)) _0
      return makeError(print(s) + " contains `_`, which has no size");
    return finish(out, [s](Value &r) { return intInto(r, product(s)); });
  });
}

template <class Out> Status cosizeOp(const Args &a, Out &out) {
  return onQueriedOperand(a, out, [&out](const Value &v) -> Status {
    if (v.kind != Value::Kind::Layout)
      return makeError("argument 1 must be a layout but is " + std::string(kindName(v.kind)) + " " +
                       printValue(v, Style::Plain));
    if (v.notCongruent)
      return makeError("shape " + print(v.layout.shape) + " and stride " + print(v.layout.stride) +
                       " are not congruent");
    const Layout *l = &v.layout;
    return finish(out, [l](Value &r) { return intInto(r, cosize(*l)); });
  });
}

/// crd2idxInto where the index form failed: a basis stride's coordinate, or the error.
/// Out of line, so that the common case's caller keeps a small frame.
[[gnu::noinline]] Status crd2idxOtherwise(Value &out, TupleView c, TupleView shape, TupleView stride,
                                          Expected<Int> &&index) {
  if (hasBasis(stride))
    return tupleInto(out, CL_TRY(crd2idxGeneral(c, shape, stride)));
  return index.error();
}

/// crd2idx(c, shape, stride) into out. Integer strides give an index, built in place (the
/// hot path: no intermediate tuple); scaled-basis strides, which the index form refuses,
/// a coordinate.
[[gnu::always_inline]] inline Status crd2idxInto(Value &out, TupleView c, TupleView shape, TupleView stride) {
  Expected<Int> index = crd2idx(c, shape, stride);
  if (__builtin_expect(bool(index), 1))
    return intInto(out, *index);
  return crd2idxOtherwise(out, c, shape, stride, std::move(index));
}

template <class Out> Status crd2idxOp(const Args &a, Out &out) {
  TupleView c = CL_TRY(a.tuple(0));
  if (a.size() == 2 && a.isLayout(1)) {
    const Layout &l = CL_TRY(a.layout(1));
    TupleView shape = l.shape, stride = l.stride;
    return finish(out, [c, shape, stride](Value &r) { return crd2idxInto(r, c, shape, stride); });
  }
  if (a.size() == 3) {
    // The stride is checked before the shape, as the messages have it.
    TupleView stride = CL_TRY(a.tuple(2));
    TupleView shape = CL_TRY(a.tuple(1));
    return finish(out, [c, shape, stride](Value &r) { return crd2idxInto(r, c, shape, stride); });
  }
  TupleView shape = CL_TRY(a.tuple(1));
  return finish(out, [c, shape](Value &r) -> Status { return intInto(r, CL_TRY(crd2idx(c, shape))); });
}

/// A tuple result moved once, into out (CL_TRY would move it twice more).
[[gnu::always_inline]] inline Status tupleResultInto(Value &out, Expected<IntTuple> &&r) {
  if (!r)
    return r.error();
  return tupleInto(out, std::move(*r));
}

template <class Out> Status idx2crdOp(const Args &a, Out &out) {
  TupleView i = CL_TRY(a.tuple(0));
  if (a.size() == 2) {
    TupleView shape = CL_TRY(a.tuple(1));
    return finish(out, [i, shape](Value &r) {
      r.reuseAs(Value::Kind::Tuple);
      return idx2crdInto(i, shape, r.tuple);
    });
  }
  // The stride is checked before the shape, as the messages have it.
  TupleView stride = CL_TRY(a.tuple(2));
  TupleView shape = CL_TRY(a.tuple(1));
  return finish(out, [i, shape, stride](Value &r) { return tupleResultInto(r, idx2crd(i, shape, stride)); });
}

/// coalesce(L) and filter(L) written in place, and their forms by a profile (argument 2).
template <void (*F)(const Layout &, Layout &), Expected<Layout> (*ByProfile)(const Layout &, TupleView), class Out>
Status withOptionalProfile(const Args &a, Out &out) {
  const Layout &layout = CL_TRY(a.layout(0));
  const Layout *l = &layout;
  if (a.size() == 1)
    return layoutResult(out, [l](Layout &r) -> Status {
      F(*l, r);
      return true;
    });
  TupleView profile = CL_TRY(a.tuple(1));
  return finish(out, [l, profile](Value &r) { return moveInto(r, layOr(ByProfile(*l, profile))); });
}

template <class Out> Status coalesceOp(const Args &a, Out &out) {
  if (!a.isLayout(0) && a.size() == 1) {
    TupleView shape = CL_TRY(a.tuple(0));
    return finish(out, [shape](Value &r) { return tupleInto(r, coalesceShape(shape)); });
  }
  return withOptionalProfile<coalesce, coalesce>(a, out);
}

template <class Out> Status compositionOp(const Args &a, Out &out) {
  if (a[1].kind == Value::Kind::Layout && !a[1].notCongruent) { // no tiler copy
    const Layout &layout = CL_TRY(a.layout(0));
    const Layout *l = &layout, *b = &a[1].layout;
    return layoutResult(out, [l, b](Layout &r) { return composition(*l, *b, r); });
  }
  return withTiler<composition>(a, out);
}

template <class Out> Status complementOp(const Args &a, Out &out) {
  const Layout &layout = CL_TRY(a.layout(0));
  const Layout *l = &layout;
  if (a.size() == 1)
    return layoutResult(out, [l](Layout &r) { return complement(*l, r); });
  // CuTe takes shape(cotarget), so a layout or tile means its shape.
  if (a[1].kind == Value::Kind::Layout) {
    const Layout &cotargetLayout = CL_TRY(a.layout(1));
    TupleView cotarget = cotargetLayout.shape;
    return layoutResult(out, [l, cotarget](Layout &r) { return complement(*l, cotarget, r); });
  }
  if (a[1].kind == Value::Kind::Tile) {
    const Tiler *t = &a[1].tile();
    return finish(out, [l, t](Value &r) { return moveInto(r, layOr(complement(*l, shape(*t)))); });
  }
  TupleView cotarget = CL_TRY(a.tuple(1));
  return layoutResult(out, [l, cotarget](Layout &r) { return complement(*l, cotarget, r); });
}

/// blocked_product and raked_product: B a layout (by reference, no copy) or a shape (a
/// layout built per call, so it does not bind).
template <Expected<bool> (*F)(const Layout &, const Layout &, Layout &), class Out>
Status rankSensitiveOp(const Args &a, Out &out) {
  if (a[1].kind == Value::Kind::Layout) {
    const Layout &layout = CL_TRY(a.layout(0));
    const Layout *l = &layout, *b = &a[1].layout;
    return layoutResult(out, [l, b](Layout &r) { return F(*l, *b, r); });
  }
  Layout b = CL_TRY(layoutOrShape(a[1])); // B's error first, as the messages have it
  const Layout &l = CL_TRY(a.layout(0));
  if constexpr (kBinding<Out>)
    return declineBinding(out);
  else
    return layoutInto(out, [&](Layout &r) { return F(l, b, r); });
}

template <class Out> Status tileToShapeOp(const Args &a, Out &out) {
  const Layout &block = CL_TRY(a.layout(0));
  const Layout *b = &block;
  TupleView s = CL_TRY(a.shape(1));
  if (a.size() == 2)
    return layoutResult(out, [b, s](Layout &r) { return tileToShape(*b, s, nullptr, r); });
  const IntTuple *o = &static_cast<const IntTuple &>(CL_TRY(a.shape(2)));
  return layoutResult(out, [b, s, o](Layout &r) { return tileToShape(*b, s, o, r); });
}

/// append or prepend of a layout and an int tuple, or of an int tuple and a tile: CuTe's
/// tuple append holds both as elements of a plain tuple, which is a tile here.
[[gnu::cold, gnu::noinline]] Error mixedPadError(const Args &a, const char *name) {
  return makeError("argument 2 must be " + std::string(kindName(a[0].kind)) + " like argument 1 but is " +
                   kindName(a[1].kind) + " " + describe(a[1]) + " (CuTe's " + name +
                   " of the two is a plain tuple of both: a tile here, so write argument 1 as a tile)");
}

/// append (Back) and prepend: (a, x), or with CuTe's rank N as the last argument (a, x, N),
/// x then padding a to rank N. a and x are two layouts or two int tuples; a tile a takes
/// any tiler x (CuTe's tuple append). A layout and an integer are append<N>(L), whose x is
/// CuTe's default _1:_0 (CuTe's append(L, Int<N>{}), a plain tuple, is no value here).
template <bool Back> Expected<Value> padOp(const Args &a) {
  const char *name = Back ? "append" : "prepend";
  if (a[0].kind == Value::Kind::Tile) {
    const Tiler &t = a[0].tile();
    Tiler x = CL_TRY(asTiler(a[1]));
    if (a.size() == 2)
      return Value::ofTile(Back ? append(t, x) : prepend(t, x));
    uint32_t n = CL_TRY(a.index(2));
    return Value::ofTile(CL_TRY(Back ? appendToRank(t, n, x) : prependToRank(t, n, x)));
  }
  if (a.isLayout(0)) {
    const Layout &l = CL_TRY(a.layout(0));
    if (a.size() == 2 && a[1].kind == Value::Kind::Tuple && a[1].tuple.isInt()) { // append<N>(L)
      uint32_t n = CL_TRY(a.index(1));
      Layout unit{IntTuple(kStatic1), IntTuple(kStatic0)};
      return layOr(Back ? appendToRank(l, n, unit) : prependToRank(l, n, unit));
    }
    if (a[1].kind != Value::Kind::Layout)
      return mixedPadError(a, name);
    const Layout &x = CL_TRY(a.layout(1));
    if (a.size() == 2)
      return lay(Back ? append(l, x) : prepend(l, x));
    uint32_t n = CL_TRY(a.index(2));
    return layOr(Back ? appendToRank(l, n, x) : prependToRank(l, n, x));
  }
  TupleView t = CL_TRY(a.tuple(0));
  if (a[1].kind == Value::Kind::Layout || a[1].kind == Value::Kind::Tile)
    return mixedPadError(a, name);
  TupleView x = CL_TRY(a.tuple(1));
  if (a.size() == 2)
    return tupleValue(Back ? append(t, x) : prepend(t, x));
  uint32_t n = CL_TRY(a.index(2));
  return tupleValue(CL_TRY(Back ? appendToRank(t, n, x) : prependToRank(t, n, x)));
}

/// Argument i of the shape predicates (weakly_congruent, compatible, evenly_divides): an
/// int tuple, or a layout standing for its shape (CuTe's shape(x) of a non-tuple). CuTe
/// has none of them for `_`.
Expected<const IntTuple *> shapeArg(const Args &a, size_t i) {
  if (a.isLayout(i))
    return &static_cast<const Layout &>(CL_TRY(a.layout(i))).shape;
  return &static_cast<const IntTuple &>(CL_TRY(a.shape(i)));
}

/// A CuTe boolean as the integer it prints as: _1 or _0 where static, 1 or 0 at run time.
Expected<Value> boolValue(Bool b) { return intValue(asInt(b)); }

/// zip(t0, t1, ...) of int tuples (zip of their tuple), zip(L) and zip(LA, LB) of layouts.
Expected<Value> zipOp(const Args &a) {
  if (a.isLayout(0)) {
    const Layout &l = CL_TRY(a.layout(0));
    if (a.size() == 1)
      return layOr(zip(l));
    if (a.size() > 2)
      return makeError("zip takes one or two layouts (CuTe's zip(L) and zip(LA, LB)), not " + std::to_string(a.size()));
    return layOr(zip(l, CL_TRY(a.layout(1))));
  }
  TupleView t0 = CL_TRY(a.tuple(0));
  if (a.size() == 1)
    return tupleValue(CL_TRY(zip(t0)));
  TupleBuilder b;
  b.open();
  for (size_t i = 0; i < a.size(); ++i)
    b.add(CL_TRY(a.tuple(i)));
  b.close();
  return tupleValue(CL_TRY(zip(b.finish().view())));
}

/// inner_partition or outer_partition of a layout: the tensor form's layout (TensorOps.cpp
/// moves a tensor's iterator too).
template <Expected<Layout> (*F)(const Layout &, const Tiler &, TupleView)> Expected<Value> partitionOp(const Args &a) {
  const Layout &l = CL_TRY(a.layout(0));
  Tiler t = CL_TRY(asTiler(a[1]));
  TupleView c = CL_TRY(a.tuple(2));
  return layOr(F(l, t, c));
}

/// domain_offset(coord, L): CuTe's tuple (L, L(coord)), a tile here.
Expected<Value> domainOffsetOp(const Args &a) {
  TupleView c = CL_TRY(a.tuple(0));
  LayoutAndOffset r = CL_TRY(domainOffset(c, CL_TRY(a.layout(1))));
  Tiler offset = CL_TRY(asTiler(Value::ofTuple(std::move(r.offset))));
  Tiler both[2] = {tilerFromLayout(r.layout), std::move(offset)};
  return Value::ofTile(makeTile(both, 2));
}

/// Mode i of transform_layout's tuple argument: a layout's sub-layout, a tile's element, an
/// int tuple's element (a leaf is its own mode 0, as CuTe's get<0>).
Expected<Value> modeOf(const Value &t, uint32_t i) {
  if (t.kind == Value::Kind::Tile)
    return t.tile().isTuple() ? elementValue(t.tile().child(i)) : elementValue(t.tile());
  if (t.kind == Value::Kind::Tuple)
    return tupleValue(IntTuple(t.tuple.view().child(i)));
  return at(t, {i});
}

uint32_t modeCount(const Value &t) {
  if (t.kind == Value::Kind::Tile)
    return t.tile().rank();
  return t.kind == Value::Kind::Layout ? t.layout.rank() : t.tuple.rank();
}

/// CuTe's transform_layout(t, f) and transform_layout(t0, t1, f): make_layout of f applied
/// to the modes (of both, as far as the shorter goes), then the longer one's other modes.
/// f is an operation's name; CuTe's is a callable.
Expected<Value> transformLayoutOp(const Args &a) {
  const Value &f = a[a.size() - 1];
  if (f.kind != Value::Kind::Name || !isOperationName(f.name))
    return makeError("argument " + std::to_string(a.size()) +
                     " (the function) must name an operation, as in "
                     "transform_layout(L, coalesce), but is " +
                     printValue(f, Style::Plain));
  size_t n = a.size() - 1;
  for (size_t k = 0; k < n; ++k)
    if (a[k].kind != Value::Kind::Layout && a[k].kind != Value::Kind::Tile && a[k].kind != Value::Kind::Tuple)
      return makeError("argument " + std::to_string(k + 1) + " must be a layout, a tile or an int tuple but is " +
                       std::string(kindName(a[k].kind)) + " " + printValue(a[k], Style::Plain));
  if (a[0].kind == Value::Kind::Layout)
    CL_TRY(a.layout(0));
  uint32_t r0 = modeCount(a[0]), r1 = n == 2 ? modeCount(a[1]) : r0, r = std::min(r0, r1);
  std::vector<Layout> modes;
  auto asLayout = [&](Value v, const std::string &what) -> Expected<Layout> {
    if (v.kind != Value::Kind::Layout || v.notCongruent)
      return makeError("transform_layout: " + what + " is " + kindName(v.kind) + " " + printValue(v, Style::Plain) +
                       ", not a layout (make_layout joins layouts)");
    return std::move(v.layout);
  };
  for (uint32_t i = 0; i < r; ++i) {
    Value x = CL_TRY(modeOf(a[0], i));
    std::vector<Value> call{x};
    if (n == 2)
      call.push_back(CL_TRY(modeOf(a[1], i)));
    Value y = CL_TRY(callOperationUnchecked(f.name, call));
    modes.push_back(CL_TRY(asLayout(std::move(y), f.name + " of mode " + std::to_string(i))));
  }
  for (size_t k = 0; k < n; ++k)
    for (uint32_t i = r; i < modeCount(a[k]); ++i)
      modes.push_back(CL_TRY(
          asLayout(CL_TRY(modeOf(a[k], i)), "mode " + std::to_string(i) + " of argument " + std::to_string(k + 1))));
  return lay(concat(modes.data(), uint32_t(modes.size())));
}

const std::map<std::string, Operation, std::less<>> &operations() {
  static const std::map<std::string, Operation, std::less<>> table = {
      // --- queries -------------------------------------------------------------------
      {"size", {1, 64, "size(x[, i...])", "number of elements (of mode i...) of a layout or int tuple",
                IN_PLACE(sizeOp)}},
      {"cosize", {1, 64, "cosize(L[, i...])", "size of the codomain of a layout (of mode i...)", IN_PLACE(cosizeOp)}},
      {"rank", {1, 64, "rank(x[, i...])", "number of top-level modes of a layout, int tuple or tile",
                [](const Args &a) -> Expected<Value> {
                  Value v = CL_TRY(at(a[0], CL_TRY(a.indices(1))));
                  if (v.kind == Value::Kind::Tile)
                    return intValue(Int::fixed(v.tile().rank()));
                  return intValue(Int::fixed(CL_TRY(shapeOf(v)).rank()));
                }}},
      {"depth", {1, 64, "depth(x[, i...])", "nesting depth (0 for an integer)",
                 [](const Args &a) -> Expected<Value> {
                   Value v = CL_TRY(at(a[0], CL_TRY(a.indices(1))));
                   if (v.kind == Value::Kind::Tile)
                     return intValue(Int::fixed(tileDepth(v.tile())));
                   return intValue(Int::fixed(depth(CL_TRY(shapeOf(v)).view())));
                 }}},
      {"shape", {1, 64, "shape(x[, i...])", "the shape of a layout or tile (of mode i...)",
                 [](const Args &a) -> Expected<Value> {
                   Value v = CL_TRY(at(a[0], CL_TRY(a.indices(1))));
                   if (v.kind == Value::Kind::Tile)
                     return tupleValue(shape(v.tile()));
                   return tupleValue(CL_TRY(shapeOf(v)));
                 }}},
      {"stride", {1, 64, "stride(L[, i...])", "the stride of a layout (of mode i...)",
                  [](const Args &a) {
                    return onOperand(a, [](const Value &v) -> Expected<Value> {
                      if (v.kind != Value::Kind::Layout)
                        return makeError("argument 1 must be a layout but is " + std::string(kindName(v.kind)) + " " +
                                         printValue(v, Style::Plain));
                      return tupleValue(v.layout.stride);
                    });
                  }}},
      {"get", {2, 64, "get(x, i...)", "mode i (then j, ...) of a layout, int tuple or tile: get<i,j>(x)",
               [](const Args &a) -> Expected<Value> { return at(a[0], CL_TRY(a.indices(1))); }}},
      {"layout", {1, 64, "layout(L, i...)", "sub-layout at mode i...: layout<i>(L)",
                  [](const Args &a) -> Expected<Value> {
                    CL_TRY(a.layout(0));
                    return at(a[0], CL_TRY(a.indices(1)));
                  }}},
      {"crd2idx", {2, 3, "crd2idx(c, shape[, stride]) | crd2idx(c, L)",
                   "index of coordinate c (an integer is a 1-D index)",
                   IN_PLACE(crd2idxOp)}},
      {"idx2crd", {2, 3, "idx2crd(i, shape[, stride])", "natural coordinate of index i", IN_PLACE(idx2crdOp)}},
      // --- construction --------------------------------------------------------------
      {"make_layout", {1, 64, "make_layout(shape[, stride | LayoutLeft | LayoutRight]) | make_layout(L0, L1, ...)",
                       "a layout (column-major by default), or the concatenation of layouts",
                       [](const Args &a) -> Expected<Value> {
                         if (a.isLayout(0)) {
                           std::vector<Layout> ls;
                           for (size_t i = 0; i < a.size(); ++i)
                             ls.push_back(CL_TRY(a.layout(i)));
                           return lay(concat(ls.data(), uint32_t(ls.size())));
                         }
                         IntTuple s = CL_TRY(a.tuple(0));
                         if (hasUnderscore(s))
                           return makeError("a shape cannot contain `_`");
                         if (a.size() == 1)
                           return lay(makeLayout(s));
                         if (a.size() > 2)
                           return makeError("expected a shape and a stride");
                         if (a[1].kind == Value::Kind::Name)
                           return lay(CL_TRY(majorOf(a[1])) == Major::Left ? makeLayout(s) : makeLayoutRight(s));
                         IntTuple d = CL_TRY(a.tuple(1));
                         if (hasUnderscore(d))
                           return makeError("a stride cannot contain `_`");
                         Expected<Layout> l = makeLayout(s, d);
                         if (l)
                           return lay(l.take());
                         Value raw = lay(Layout{s, d}); // as CuTe: printable, not computable
                         raw.notCongruent = true;
                         return raw;
                       }}},
      {"make_ordered_layout", {2, 2, "make_ordered_layout(shape, order)", "compact layout with strides in order",
                               [](const Args &a) -> Expected<Value> {
                                 auto shape = CL_TRY(a.shape(0)), order = CL_TRY(a.shape(1)); // one after the other (F16)
                                 return layOr(makeOrderedLayout(shape, order));
                               }}},
      {"make_identity_layout", {1, 1, "make_identity_layout(shape)",
                                "compact column-major layout: the identity on [0, size) (docs/semantics.md, R7)",
                                [](const Args &a) -> Expected<Value> { return lay(makeLayout(CL_TRY(a.shape(0)))); }}},
      {"make_layout_like", {1, 1, "make_layout_like(L)", "compact layout ordered like L's strides",
                            unary<makeLayoutLike>}},
      {"make_fragment_like", {1, 1, "make_fragment_like(L)", "register fragment layout like L",
                              [](const Args &a) -> Expected<Value> {
                                if (a[0].kind == Value::Kind::Tuple) // CuTe: make_layout(shape)
                                  return layOr(layoutOrShape(a[0]));
                                return layOr(makeFragmentLike(CL_TRY(a.layout(0))));
                              }}},
      {"compact_col_major", {1, 2, "compact_col_major(shape[, current])", "column-major strides",
                             [](const Args &a) -> Expected<Value> {
                               IntTuple cur = a.size() > 1 ? CL_TRY(a.shape(1)) : IntTuple(kStatic1);
                               return tupleValue(CL_TRY(compactMajor(CL_TRY(a.shape(0)), cur, Major::Left)));
                             }}},
      {"compact_row_major", {1, 2, "compact_row_major(shape[, current])", "row-major strides",
                             [](const Args &a) -> Expected<Value> {
                               IntTuple cur = a.size() > 1 ? CL_TRY(a.shape(1)) : IntTuple(kStatic1);
                               return tupleValue(CL_TRY(compactMajor(CL_TRY(a.shape(0)), cur, Major::Right)));
                             }}},
      {"compact_major", {2, 3, "compact_major(shape, LayoutLeft|LayoutRight[, current])",
                         "compact strides: compact_major<LayoutLeft>(shape)",
                         [](const Args &a) -> Expected<Value> {
                           // Written CuTe's way the major tag is a template argument: it comes last.
                           size_t tag = a[1].kind == Value::Kind::Name ? 1 : a.size() - 1;
                           Major m = CL_TRY(majorOf(a[tag]));
                           IntTuple cur = a.size() == 3 ? CL_TRY(a.shape(tag == 1 ? 2 : 1)) : IntTuple(kStatic1);
                           return tupleValue(CL_TRY(compactMajor(CL_TRY(a.shape(0)), cur, m)));
                         }}},
      {"make_shape", {0, 64, "make_shape(x...)", "a tuple of the arguments (also make_stride, make_coord)",
                      [](const Args &a) -> Expected<Value> {
                        TupleBuilder b;
                        b.open();
                        for (size_t i = 0; i < a.size(); ++i)
                          b.add(CL_TRY(a.tuple(i)));
                        b.close();
                        return tupleValue(b.finish());
                      }}},
      {"make_tile", {1, 64, "make_tile(T...)", "a tile: a tuple of tilers, same as <T0, T1, ...>",
                     [](const Args &a) -> Expected<Value> {
                       std::vector<Tiler> ts;
                       for (size_t i = 0; i < a.size(); ++i)
                         ts.push_back(CL_TRY(asTiler(a[i])));
                       return Value::ofTile(makeTile(ts.data(), uint32_t(ts.size())));
                     }}},
      // --- mode manipulation ---------------------------------------------------------
      {"select", {1, 64, "select(x, i...)", "the modes i... of a layout, int tuple or tile: select<1,0>(x)",
                  [](const Args &a) -> Expected<Value> {
                    std::vector<uint32_t> m = CL_TRY(a.indices(1));
                    if (a[0].kind == Value::Kind::Tile)
                      return tileOf(CL_TRY(tileModes(a[0].tile(), m)));
                    if (a.isLayout(0))
                      return layOr(select(CL_TRY(a.layout(0)), m.data(), uint32_t(m.size())));
                    IntTuple t = CL_TRY(a.tuple(0));
                    TupleBuilder b;
                    b.open();
                    for (uint32_t i : m) {
                      if (i >= t.rank())
                        return makeError("mode " + std::to_string(i) + " is out of range for " + print(t));
                      b.add(t.child(i));
                    }
                    b.close();
                    return tupleValue(b.finish());
                  }}},
      {"take", {3, 3, "take(x, b, e)", "modes [b, e) of a layout, int tuple or tile: take<b,e>(x)",
                [](const Args &a) -> Expected<Value> {
                  uint32_t b = CL_TRY(a.index(1)), e = CL_TRY(a.index(2));
                  if (a[0].kind == Value::Kind::Tile)
                    return tileOf(CL_TRY(tileModes(a[0].tile(), modeRangeOf(b, std::max(b, e)))));
                  if (a.isLayout(0))
                    return layOr(take(CL_TRY(a.layout(0)), b, e));
                  IntTuple t = CL_TRY(modeRange(a, b, e));
                  return tupleValue(take(t.view(), b, e));
                }}},
      {"group", {3, 3, "group(x, b, e)", "modes [b, e) grouped into one: group<b,e>(x) (also group_modes)",
                 [](const Args &a) -> Expected<Value> {
                   uint32_t b = CL_TRY(a.index(1)), e = CL_TRY(a.index(2));
                   if (a[0].kind == Value::Kind::Tile) {
                     const Tiler &t = a[0].tile();
                     if (b > e || e > t.rank())
                       return makeError("range [" + std::to_string(b) + "," + std::to_string(e) +
                                        ") is out of range for " + print(t));
                     std::vector<Tiler> out = CL_TRY(tileModes(t, modeRangeOf(0, b)));
                     std::vector<Tiler> grouped = CL_TRY(tileModes(t, modeRangeOf(b, e)));
                     out.push_back(makeTile(grouped.data(), uint32_t(grouped.size())));
                     for (Tiler &x : CL_TRY(tileModes(t, modeRangeOf(e, t.rank()))))
                       out.push_back(std::move(x));
                     return tileOf(out);
                   }
                   if (a.isLayout(0))
                     return layOr(group(CL_TRY(a.layout(0)), b, e));
                   IntTuple t = CL_TRY(modeRange(a, b, e));
                   return tupleValue(group(t.view(), b, e));
                 }}},
      {"append", {2, 3, "append(x, y[, N])",
                  "y as the last mode of a layout, int tuple or tile; with N, x padded with y to rank N: "
                  "append<N>(x, y), append<N>(L) pads with _1:_0",
                  padOp<true>}},
      {"prepend", {2, 3, "prepend(x, y[, N])",
                   "y as the first mode of a layout, int tuple or tile; with N, x padded in front with y to "
                   "rank N: prepend<N>(x, y), prepend<N>(L) pads with _1:_0",
                   padOp<false>}},
      {"replace", {3, 3, "replace(x, y, i)", "mode i of a layout or int tuple replaced by y: replace<i>(x, y)",
                   [](const Args &a) -> Expected<Value> {
                     uint32_t i = CL_TRY(a.index(2));
                     if (a.isLayout(0))
                       return layOr(replace(CL_TRY(a.layout(0)), i, CL_TRY(a.layout(1))));
                     return tupleValue(CL_TRY(replace(CL_TRY(a.tuple(0)), i, CL_TRY(a.tuple(1)))));
                   }}},
      {"flatten", {1, 1, "flatten(x)", "depth-1 layout, int tuple or tile (a tile's layouts stay whole)",
                   [](const Args &a) -> Expected<Value> {
                     if (a[0].kind == Value::Kind::Tile) {
                       std::vector<Tiler> out;
                       flattenTile(a[0].tile(), out);
                       return tileOf(out);
                     }
                     if (a.isLayout(0))
                       return lay(flatten(CL_TRY(a.layout(0))));
                     return tupleValue(flatten(CL_TRY(a.tuple(0)).view()));
                   }}},
      {"slice", {2, 2, "slice(coord, x)", "the modes of x where coord has `_`",
                 [](const Args &a) -> Expected<Value> {
                   IntTuple c = CL_TRY(a.tuple(0));
                   if (a[1].kind == Value::Kind::Tile)
                     return sliceOrDiceTile(c, a[1].tile(), true);
                   if (a.isLayout(1))
                     return layOr(slice(c, CL_TRY(a.layout(1))));
                   return tupleValue(CL_TRY(slice(c.view(), CL_TRY(a.tuple(1)).view())));
                 }}},
      {"dice", {2, 2, "dice(coord, x)", "the modes of x where coord has integers",
                [](const Args &a) -> Expected<Value> {
                  IntTuple c = CL_TRY(a.tuple(0));
                  if (a[1].kind == Value::Kind::Tile)
                    return sliceOrDiceTile(c, a[1].tile(), false);
                  if (a.isLayout(1))
                    return layOr(dice(c, CL_TRY(a.layout(1))));
                  return tupleValue(CL_TRY(dice(c.view(), CL_TRY(a.tuple(1)).view())));
                }}},
      // --- algebra -------------------------------------------------------------------
      {"coalesce", {1, 2, "coalesce(L[, profile]) | coalesce(shape)",
                    "merge modes without changing the function (at the leaves of profile)",
                    IN_PLACE(coalesceOp)}},
      {"filter_zeros", {1, 2, "filter_zeros(L[, profile]) | filter_zeros(a[, b])",
                        "static-0-stride (or profile-0) modes get size 1; on int tuples: b's leaves where a has _0 become _1",
                        [](const Args &a) -> Expected<Value> {
                          if (a[0].kind == Value::Kind::Tuple) {
                            TupleView x = CL_TRY(a.tuple(0));
                            TupleView y = a.size() == 1 ? x : CL_TRY(a.tuple(1)).view();
                            return tupleValue(CL_TRY(filterZeros(x, y)));
                          }
                          const Layout &l = CL_TRY(a.layout(0));
                          return lay(a.size() == 1 ? CL_TRY(filterZeros(l)) : CL_TRY(filterZeros(l, CL_TRY(a.tuple(1)))));
                        }}},
      {"filter", {1, 2, "filter(L[, profile])", "coalesce(filter_zeros(L))",
                  IN_PLACE(withOptionalProfile<filter, filter>)}},
      {"composition", {2, 2, "composition(A, B)", "A o B; B a layout, tile, shape, integer or `_`",
                       IN_PLACE(compositionOp)}},
      {"complement", {1, 2, "complement(L[, cotarget])",
                      "what L does not reach, up to cotarget (a shape, or a layout's or tile's shape)",
                      IN_PLACE(complementOp)}},
      {"right_inverse", {1, 1, "right_inverse(L)", "R with L(R(i)) == i", IN_PLACE(unaryInto<rightInverse>)}},
      {"left_inverse", {1, 1, "left_inverse(L)", "R with R(L(i)) == i", IN_PLACE(unaryInto<leftInverse>)}},
      {"max_common_layout", {2, 2, "max_common_layout(A, B)", "largest common contiguous layout",
                             [](const Args &a) -> Expected<Value> {
                               auto x = CL_TRY(a.layout(0)), y = CL_TRY(a.layout(1));
                               return layOr(maxCommonLayout(x, y));
                             }}},
      {"max_common_vector", {2, 2, "max_common_vector(A, B)", "number of common contiguous elements",
                             [](const Args &a) -> Expected<Value> {
                               auto x = CL_TRY(a.layout(0)), y = CL_TRY(a.layout(1));
                               return intValue(CL_TRY(maxCommonVector(x, y)));
                             }}},
      {"synthesize_swizzle",
       {2, 3, "synthesize_swizzle(tile, copy[, copy])",
        "the swizzle of tile with the fewest bank conflicts for the copies (cp.async writes, ldmatrix reads)",
        [](const Args &a) -> Expected<Value> {
          Layout tile = CL_TRY(a.layout(0));
          std::vector<const Value *> copies;
          for (size_t i = 1; i < a.size(); ++i)
            copies.push_back(&a[i]);
          return synthesizeSwizzleValue(tile, copies);
        }}},
      // --- divide and product --------------------------------------------------------
      {"logical_divide", {2, 2, "logical_divide(A, T)", "((tile, rest), ...) by tiler T",
                          IN_PLACE(withTiler<logicalDivide>)}},
      {"zipped_divide", {2, 2, "zipped_divide(A, T)", "((tiles...), (rests...))",
                         IN_PLACE(withTiler<zippedDivide>)}},
      {"tiled_divide", {2, 2, "tiled_divide(A, T)", "((tiles...), rests...)",
                        IN_PLACE(withTiler<tiledDivide>)}},
      {"flat_divide", {2, 2, "flat_divide(A, T)", "(tiles..., rests...)", IN_PLACE(withTiler<flatDivide>)}},
      {"logical_product", {2, 2, "logical_product(A, B)", "(A, complement(A) o B)",
                           IN_PLACE(withTiler<logicalProduct>)}},
      {"zipped_product", {2, 2, "zipped_product(A, B)", "((A modes...), (B modes...))",
                          IN_PLACE(withTiler<zippedProduct>)}},
      {"tiled_product", {2, 2, "tiled_product(A, B)", "((A modes...), B modes...)",
                         IN_PLACE(withTiler<tiledProduct>)}},
      {"flat_product", {2, 2, "flat_product(A, B)", "(A modes..., B modes...)",
                        IN_PLACE(withTiler<flatProduct>)}},
      {"blocked_product", {2, 2, "blocked_product(A, B)", "A repeated as blocks over B, like modes joined",
                           IN_PLACE(rankSensitiveOp<blockedProduct>)}},
      {"raked_product", {2, 2, "raked_product(A, B)", "A interleaved (raked) over B",
                         IN_PLACE(rankSensitiveOp<rakedProduct>)}},
      {"tile_to_shape", {2, 3, "tile_to_shape(block, shape[, order])", "repeat block to cover shape",
                         IN_PLACE(tileToShapeOp)}},
      {"local_tile", {3, 4, "local_tile(L, T, coord[, proj])", "the tile of L at coord of the rest modes",
                      [](const Args &a) -> Expected<Value> {
                        Layout l = CL_TRY(a.layout(0));
                        Tiler t = CL_TRY(asTiler(a[1]));
                        IntTuple c = CL_TRY(a.tuple(2));
                        if (a.size() == 3)
                          return layOr(localTile(l, t, c, nullptr));
                        IntTuple p = CL_TRY(a.tuple(3));
                        return layOr(localTile(l, t, c, &p));
                      }}},
      {"local_partition", {3, 4, "local_partition(L, threads, index[, proj])",
                           "the elements of L that thread index of the thread layout owns",
                           [](const Args &a) -> Expected<Value> {
                             Layout l = CL_TRY(a.layout(0));
                             Layout t = CL_TRY(layoutOrShape(a[1]));
                             IntTuple i = CL_TRY(a.tuple(2));
                             if (a.size() == 3)
                               return layOr(localPartition(l, t, i, nullptr));
                             IntTuple p = CL_TRY(a.tuple(3));
                             return layOr(localPartition(l, t, i, &p));
                           }}},
      {"stencil_divide", {2, 4, "stencil_divide(L, window[, stride[, dilation]])",
                          "sliding-window divide per mode (docs/semantics.md, R9)",
                          [](const Args &a) -> Expected<Value> {
                            Layout l = CL_TRY(a.layout(0));
                            IntTuple w = CL_TRY(a.tuple(1));
                            IntTuple s = a.size() > 2 ? CL_TRY(a.tuple(2)) : IntTuple(kStatic1);
                            IntTuple d = a.size() > 3 ? CL_TRY(a.tuple(3)) : IntTuple(kStatic1);
                            return layOr(stencilDivide(l, w, s, d));
                          }}},
      // --- int tuple arithmetic ------------------------------------------------------
      {"shape_div", {2, 2, "shape_div(a, b)", "shape division with the divisibility condition",
                     [](const Args &a) -> Expected<Value> {
                       auto x = CL_TRY(a.shape(0)), y = CL_TRY(a.shape(1));
                       IntTuple r = CL_TRY(shapeDiv(x, y));
                       return tupleValue(std::move(r));
                     }}},
      {"ceil_div", {2, 2, "ceil_div(a, b)",
                    "rounded-up division; by a layout or tile: the rest modes of dividing shape a",
                    [](const Args &a) -> Expected<Value> {
                      TupleView target = CL_TRY(a.shape(0));
                      if (a[1].kind == Value::Kind::Layout || a[1].kind == Value::Kind::Tile)
                        return tupleValue(CL_TRY(ceilDiv(target, CL_TRY(asTiler(a[1])))));
                      IntTuple r = CL_TRY(ceilDiv(target, CL_TRY(a.shape(1))));
                      return tupleValue(std::move(r));
                    }}},
      {"round_up", {2, 2, "round_up(a, b)", "a rounded up to a multiple of b",
                    [](const Args &a) -> Expected<Value> {
                      auto x = CL_TRY(a.shape(0)), y = CL_TRY(a.shape(1));
                      IntTuple r = CL_TRY(roundUp(x, y));
                      return tupleValue(std::move(r));
                    }}},
      {"increment", {2, 2, "increment(coord, shape)",
                     "the next coordinate, colexicographically (CuTe's coordinate iterator step)",
                     [](const Args &a) -> Expected<Value> {
                       auto x = CL_TRY(a.shape(0)), y = CL_TRY(a.shape(1));
                       return tupleValue(CL_TRY(increment(x, y)));
                     }}},
      {"product_each", {1, 1, "product_each(t)", "the product of each top-level mode",
                        [](const Args &a) -> Expected<Value> { return tupleValue(productEach(CL_TRY(a.shape(0)))); }}},
      {"tuple_add", {2, 2, "tuple_add(a, b)", "element-wise a + b", [](const Args &a) -> Expected<Value> { return tupleArithOp(a, TupleOp::Add); }}},
      {"tuple_sub", {2, 2, "tuple_sub(a, b)", "element-wise a - b", [](const Args &a) -> Expected<Value> { return tupleArithOp(a, TupleOp::Sub); }}},
      {"tuple_mul", {2, 2, "tuple_mul(a, b)", "element-wise a * b", [](const Args &a) -> Expected<Value> { return tupleArithOp(a, TupleOp::Mul); }}},
      {"tuple_div", {2, 2, "tuple_div(a, b)", "element-wise a / b", [](const Args &a) -> Expected<Value> { return tupleArithOp(a, TupleOp::Div); }}},
      {"tuple_mod", {2, 2, "tuple_mod(a, b)", "element-wise a % b", [](const Args &a) -> Expected<Value> { return tupleArithOp(a, TupleOp::Mod); }}},
      // --- swizzles and composed layouts (ComposedOps.cpp) ------------------------------
      {"make_composed_layout", {3, 3, "make_composed_layout(A, O, B)",
                                "the composed layout A o O o B: c -> A(O + B(c)); A a swizzle, layout or composed layout",
                                [](const Args &a) { return makeComposedLayoutOp(a.values()); }}},
      {"make_swizzle", {2, 2, "make_swizzle(Y, Z)", "the swizzle with source bits Y and target bits Z: make_swizzle<Y,Z>()",
                        [](const Args &a) { return makeSwizzleOp(a.values()); }}},
      {"get_swizzle_portion", {1, 1, "get_swizzle_portion(L)", "the swizzle of a swizzled layout (Sw<0,4,3> for a layout)",
                               [](const Args &a) { return swizzlePortionOp(a.values()); }}},
      {"get_nonswizzle_portion", {1, 1, "get_nonswizzle_portion(L)", "the layout under a swizzle (a layout itself)",
                                  [](const Args &a) { return nonSwizzlePortionOp(a.values()); }}},
      // --- Triton's LinearLayout (LinearLayout.h, docs/linear-layout.md) ----------------
      {"to_linear_layout", {1, 2, "to_linear_layout(L[, tile])",
                            "L (a swizzled or composed layout too) as Triton's LinearLayout: dim0.. -> offset, or "
                            "-> the tile's coordinates",
                            [](const Args &a) { return toLinearLayoutOp(a.values()); }}},
      {"to_linear_layout_tv", {1, 2, "to_linear_layout_tv(TV[, tile])",
                               "a (thread, value) layout as Triton's register/lane/warp LinearLayout",
                               [](const Args &a) { return toLinearLayoutTVOp(a.values()); }}},
      // --- scaled bases and tensors (Basis.h, TensorOps.cpp) ---------------------------
      {"make_basis_like", {1, 1, "make_basis_like(shape)", "the basis strides of shape: (4,(2,3)) -> (_1@0,(_1@0@1,_1@1@1))",
                           [](const Args &a) -> Expected<Value> { return tupleValue(CL_TRY(makeBasisLike(CL_TRY(a.shape(0))))); }}},
      {"basis_value", {1, 1, "basis_value(x)", "the value of a scaled basis (an integer itself): basis_value(3@1) = 3",
                       [](const Args &a) -> Expected<Value> { return intValue(basisValue(CL_TRY(a.integer(0)))); }}},
      {"basis_get", {2, 2, "basis_get(e, t)", "the element of t that basis e names: basis_get(E<1,0>{}, (5,(6,7))) = 6",
                     [](const Args &a) -> Expected<Value> {
                       auto mode = CL_TRY(a.integer(0));
                       auto basis = CL_TRY(a.tuple(1));
                       return tupleValue(CL_TRY(basisGet(mode, basis)));
                     }}},
      {"make_identity_tensor", {1, 1, "make_identity_tensor(shape)",
                                "the tensor whose element at each coordinate is that coordinate: ArithTuple(_0,_0) o (4,2):(_1@0,_1@1)",
                                [](const Args &a) { return makeIdentityTensorOp(a.values()); }}},
      {"counting_iterator", {1, 2, "counting_iterator<int>(n)", "an iterator at index n (for make_tensor)",
                             [](const Args &a) { return countingIteratorOp(a.values()); }}},
      {"make_smem_ptr", {2, 2, "make_smem_ptr<T>(address)",
                         "a shared-memory pointer to elements of T at a byte address (for make_tensor): "
                         "make_smem_ptr<half_t>(nullptr) prints smem_ptr[16b]((nil))",
                         [](const Args &a) { return smemPointerOp(a.values()); }}},
      {"make_tensor", {2, 3, "make_tensor(it, L) | make_tensor(it, shape[, stride])",
                       "a tensor over an iterator: make_tensor(counting_iterator<int>(0), L) prints counting_iter(0) o L",
                       [](const Args &a) {
                         return makeTensorOp(a.values(), [](ValueRefs rest) {
                           return callOperationUnchecked("make_layout", rest);
                         });
                       }}},
      // --- MMA atoms and tiled MMAs (AtomOps.h) ----------------------------------------
      {"make_tiled_mma", {1, 3, "make_tiled_mma(atom[, atom_layout[, tile]])",
                          "CuTe's TiledMMA: the atom repeated over a layout of atoms (M,N,K), each mode "
                          "optionally permuted",
                          [](const Args &a) { return makeTiledMmaOp(a.values()); }}},
      {"make_tiled_copy", {3, 3, "make_tiled_copy(atom, thr_layout, val_layout)",
                           "CuTe's TiledCopy: (M,N) -> thread by thr_layout, -> value by val_layout (raked)",
                           [](const Args &a) { return makeTiledCopyOp(a.values(), 0); }}},
      {"make_tiled_copy_A", {2, 2, "make_tiled_copy_A(atom, tiled_mma)", "a tiled copy of the tiled MMA's A",
                             [](const Args &a) { return makeTiledCopyOp(a.values(), 'A'); }}},
      {"make_tiled_copy_B", {2, 2, "make_tiled_copy_B(atom, tiled_mma)", "a tiled copy of the tiled MMA's B",
                             [](const Args &a) { return makeTiledCopyOp(a.values(), 'B'); }}},
      {"make_tiled_copy_C", {2, 2, "make_tiled_copy_C(atom, tiled_mma)", "a tiled copy of the tiled MMA's C",
                             [](const Args &a) { return makeTiledCopyOp(a.values(), 'C'); }}},
      {"get_layoutS_TV", {1, 1, "get_layoutS_TV(tiled_copy)", "(thread, value) -> offset in the source tile",
                          [](const Args &a) { return copyLayoutTVOp(a.values(), 'S'); }}},
      {"get_layoutD_TV", {1, 1, "get_layoutD_TV(tiled_copy)", "(thread, value) -> offset in the destination tile",
                          [](const Args &a) { return copyLayoutTVOp(a.values(), 'D'); }}},
      {"partition_S", {3, 3, "partition_S(tiled_copy, thread, L)",
                       "thread's source values: get_slice(thread).partition_S(make_tensor(counting_iterator<int>(0), L))",
                       [](const Args &a) { return copyPartitionOp(a.values(), 'S'); }}},
      {"partition_D", {3, 3, "partition_D(tiled_copy, thread, L)", "thread's destination values (as partition_S)",
                       [](const Args &a) { return copyPartitionOp(a.values(), 'D'); }}},
      {"get_layoutA_TV", {1, 1, "get_layoutA_TV(tiled_mma)", "(thread, value) -> offset in the M x K tile of A",
                          [](const Args &a) { return layoutTVOp(a.values(), 'A'); }}},
      {"get_layoutB_TV", {1, 1, "get_layoutB_TV(tiled_mma)", "(thread, value) -> offset in the N x K tile of B",
                          [](const Args &a) { return layoutTVOp(a.values(), 'B'); }}},
      {"get_layoutC_TV", {1, 1, "get_layoutC_TV(tiled_mma)", "(thread, value) -> offset in the M x N tile of C",
                          [](const Args &a) { return layoutTVOp(a.values(), 'C'); }}},
      {"tile_size", {2, 2, "tile_size<i>(x)", "a tiled MMA's extent in M (0), N (1) or K (2), a tiled copy's tile mode i",
                     [](const Args &a) { return tileSizeOp(a.values()); }}},
      {"partition_A", {3, 3, "partition_A(tiled_mma, thread, L)",
                       "thread's values of A: get_slice(thread).partition_A(make_tensor(counting_iterator<int>(0), L))",
                       [](const Args &a) { return partitionOp(a.values(), 'A'); }}},
      {"partition_B", {3, 3, "partition_B(tiled_mma, thread, L)", "thread's values of B (as partition_A)",
                       [](const Args &a) { return partitionOp(a.values(), 'B'); }}},
      {"partition_fragment_A", {3, 3, "partition_fragment_A(tiled_mma, thread, L)",
                                "the layout of thread's register fragment of A (make_fragment_like of partition_A)",
                                [](const Args &a) { return partitionFragmentOp(a.values(), 'A'); }}},
      {"partition_fragment_B", {3, 3, "partition_fragment_B(tiled_mma, thread, L)",
                                "the layout of thread's register fragment of B",
                                [](const Args &a) { return partitionFragmentOp(a.values(), 'B'); }}},
      {"partition_fragment_C", {3, 3, "partition_fragment_C(tiled_mma, thread, L)",
                                "the layout of thread's register fragment of C",
                                [](const Args &a) { return partitionFragmentOp(a.values(), 'C'); }}},
      {"partition_C", {3, 3, "partition_C(tiled_mma, thread, L)", "thread's values of C (as partition_A)",
                       [](const Args &a) { return partitionOp(a.values(), 'C'); }}},
      // --- further layout queries and int-tuple predicates (LayoutQueries.cpp) -------
      {"coshape", {1, 64, "coshape(L[, i...])", "the shape of the codomain of a layout (of mode i...)",
                   [](const Args &a) {
                     return onOperand(a, [](const Value &v) -> Expected<Value> {
                       if (v.kind != Value::Kind::Layout)
                         return makeError("argument 1 must be a layout but is " + std::string(kindName(v.kind)) +
                                          " " + printValue(v, Style::Plain));
                       return tupleValue(CL_TRY(coshape(v.layout)));
                     });
                   }}},
      {"nullspace", {1, 1, "nullspace(L)", "the layout of the coordinates L sends to 0 (its static-0-stride modes)",
                     unary<nullspace>}},
      {"max_alignment", {1, 1, "max_alignment(L)",
                         "the largest N for which upcast<N>(L) passes CuTe's static checks (of a tensor: in bits)",
                         [](const Args &a) -> Expected<Value> { return intValue(CL_TRY(maxAlignment(CL_TRY(a.layout(0))))); }}},
      {"zip", {1, 64, "zip(t...) | zip(L[, L2])", "transpose: ((a,b),(x,y)) -> ((a,x),(b,y)); of layouts, by shape and stride",
               zipOp}},
      {"unflatten", {2, 2, "unflatten(x, profile)", "the elements of a flat layout or int tuple regrouped as profile",
                     [](const Args &a) -> Expected<Value> {
                       TupleView profile = CL_TRY(a.tuple(1));
                       if (a.isLayout(0))
                         return layOr(unflatten(CL_TRY(a.layout(0)), profile));
                       return tupleValue(CL_TRY(unflatten(CL_TRY(a.tuple(0)), profile)));
                     }}},
      {"domain_offset", {2, 2, "domain_offset(coord, L)",
                         "CuTe's (L, L(coord)); of a tensor, the tensor moved to coord", domainOffsetOp}},
      {"weakly_congruent", {2, 2, "weakly_congruent(a, b)", "_1 where a's profile is a coarsening of b's, else _0",
                            [](const Args &a) -> Expected<Value> {
                              const IntTuple *x = CL_TRY(shapeArg(a, 0)), *y = CL_TRY(shapeArg(a, 1));
                              return boolValue(Bool{weaklyCongruent(*x, *y), true});
                            }}},
      {"compatible", {2, 2, "compatible(a, b)", "whether every coordinate of shape a is one of shape b (1 or 0)",
                      [](const Args &a) -> Expected<Value> {
                        const IntTuple *x = CL_TRY(shapeArg(a, 0)), *y = CL_TRY(shapeArg(a, 1));
                        return boolValue(compatibleAsCute(*x, *y));
                      }}},
      {"evenly_divides", {2, 2, "evenly_divides(shape, T)", "whether tiler T divides shape without a remainder (1 or 0)",
                          [](const Args &a) -> Expected<Value> {
                            const IntTuple *x = CL_TRY(shapeArg(a, 0));
                            if (a[1].kind == Value::Kind::Tuple)
                              return boolValue(evenlyDivides(*x, CL_TRY(a.shape(1)).view()));
                            return boolValue(CL_TRY(evenlyDivides(*x, CL_TRY(asTiler(a[1])))));
                          }}},
      {"transform_layout", {2, 3, "transform_layout(t[, t1], f)",
                            "make_layout(f(mode i of t[, mode i of t1])..., other modes): f an operation's name",
                            transformLayoutOp}},
      // --- partitions and tensors (TensorOps.cpp) -------------------------------------
      {"inner_partition", {3, 3, "inner_partition(x, T, coord)",
                           "the tile of a tensor (or layout) at coord of the rest modes (local_tile)",
                           partitionOp<innerPartition>}},
      {"outer_partition", {3, 3, "outer_partition(x, T, coord)",
                           "element coord of every tile of a tensor (or layout): the rest modes",
                           partitionOp<outerPartition>}},
      {"make_tensor_like", {1, 2, "make_tensor_like<T>(x)",
                            "a register tensor of T over make_layout_like of x's layout (T: x's element type)",
                            [](const Args &a) -> Expected<Value> {
                              // A layout: make_tensor_like<T>(L), T appended (or first, from Python).
                              size_t at = a.size() == 2 && a[0].kind == Value::Kind::Name ? 1 : 0;
                              const Layout &l = CL_TRY(a.layout(at));
                              if (a.size() == 1)
                                return makeError("make_tensor_like<T>(L) of a layout needs the element type T");
                              int64_t bits = CL_TRY(elementBits(a[1 - at]));
                              return Value::ofTensor(CL_TRY(makeTensorLike(l, bits)));
                            }}},
      {"recast", {2, 2, "recast<T>(tensor)", "a tensor over a pointer read as elements of T: recast<float>(t)",
                  [](const Args &a) -> Expected<Value> {
                    return makeError("recast<T> takes a tensor over a pointer, not " + std::string(kindName(a[0].kind)) +
                                     " " + printValue(a[0], Style::Plain) +
                                     " (for a layout, recast_layout<Old,New>(L))");
                  }}},
      // --- recast --------------------------------------------------------------------
      {"upcast", {2, 2, "upcast(L, n)", "n elements become one: upcast<n>(L)",
                  [](const Args &a) -> Expected<Value> {
                    auto l = CL_TRY(a.layout(0));
                    return layOr(upcast(l, CL_TRY(a.integer(1)).value));
                  }}},
      {"downcast", {2, 2, "downcast(L, n)", "one element becomes n: downcast<n>(L)",
                    [](const Args &a) -> Expected<Value> {
                      auto l = CL_TRY(a.layout(0));
                      return layOr(downcast(l, CL_TRY(a.integer(1)).value));
                    }}},
      {"recast_layout", {3, 3, "recast_layout(L, old, new)",
                         "from elements of `old` to `new` bits (or type names): recast_layout<uint8_t,uint16_t>(L)",
                         [](const Args &a) -> Expected<Value> {
                           auto l = CL_TRY(a.layout(0));
                           int64_t from = CL_TRY(elementBits(a[1])), to = CL_TRY(elementBits(a[2]));
                           return layOr(recastLayout(l, from, to));
                         }}},
  };
  return table;
}

/// CuTe spellings that name the same operation.
const std::map<std::string, std::string, std::less<>> &aliases() {
  static const std::map<std::string, std::string, std::less<>> table = {{"group_modes", "group"},
                                                                        {"make_stride", "make_shape"},
                                                                        {"make_coord", "make_shape"},
                                                                        {"make_step", "make_shape"},
                                                                        {"make_int_tuple", "make_shape"}};
  return table;
}

/// An operation found by name: the name it is listed under (an alias's target) and it.
struct Found {
  const std::string *key;
  const Operation *op;
};

/// Every name and alias in an open-addressing table (at most a quarter full), hashed by
/// the name's length and three of its letters: a lookup costs a probe or two, where
/// std::hash reads every byte.
class NameIndex {
public:
  NameIndex() {
    size_t count = operations().size() + aliases().size(), slots = 1;
    while (slots < 4 * count)
      slots *= 2;
    slots_.resize(slots);
    for (const auto &[name, op] : operations())
      insert(name, Found{&name, &op});
    for (const auto &[alias, name] : aliases()) {
      auto it = operations().find(name);
      insert(alias, Found{&it->first, &it->second});
    }
  }

  /// The operation listed under name or aliased by it; null for any other name.
  const Found *find(std::string_view name) const {
    for (size_t i = slotOf(name);; i = (i + 1) & mask()) {
      const Slot &s = slots_[i];
      if (!s.found.op)
        return nullptr;
      if (s.name == name)
        return &s.found;
    }
  }

  /// Every name and alias, in no particular order.
  std::vector<std::string_view> names() const {
    std::vector<std::string_view> out;
    for (const Slot &s : slots_)
      if (s.found.op)
        out.push_back(s.name);
    return out;
  }

private:
  struct Slot {
    std::string_view name;
    Found found{nullptr, nullptr}; // op null: an empty slot
  };

  size_t mask() const { return slots_.size() - 1; }
  size_t slotOf(std::string_view s) const {
    if (s.empty())
      return 0;
    size_t h = s.size() * 0x9E3779B1u ^ size_t(uint8_t(s[0])) * 0x85EBCA77u ^
               size_t(uint8_t(s[s.size() / 2])) * 0xC2B2AE3Du ^ size_t(uint8_t(s.back())) * 0x27D4EB2Fu;
    return (h ^ h >> 15) & mask();
  }
  /// @pre name is not in the table, which has an empty slot
  void insert(std::string_view name, Found found) {
    size_t i = slotOf(name);
    while (slots_[i].found.op)
      i = (i + 1) & mask();
    slots_[i] = Slot{name, found};
  }

  std::vector<Slot> slots_; // a power of two of them
};

const NameIndex &byName() {
  static const NameIndex index;
  return index;
}

constexpr unsigned kComposedKinds = 1u << unsigned(Value::Kind::Swizzle) | 1u << unsigned(Value::Kind::Composed);
constexpr unsigned kTensorKinds = 1u << unsigned(Value::Kind::Tensor) | 1u << unsigned(Value::Kind::Iterator);

/// weakly_congruent, compatible and evenly_divides read a composed layout or a tensor as
/// its shape (CuTe's shape(x) of what is not a tuple); evenly_divides its first argument
/// only (CuTe divides by no composed tiler). Null where an argument stays special.
[[gnu::noinline]] std::optional<std::vector<Value>> asShapes(const std::string &key, ValueRefs args) {
  if (key != "weakly_congruent" && key != "compatible" && key != "evenly_divides")
    return std::nullopt;
  std::vector<Value> out;
  for (size_t i = 0; i < args.size(); ++i) {
    const Value &v = args[i];
    bool byShape = i == 0 || key != "evenly_divides";
    if (byShape && v.kind == Value::Kind::Composed && !v.composed()->innerSwizzle)
      out.push_back(Value::ofTuple(v.composed()->inner.shape));
    else if (byShape && v.kind == Value::Kind::Tensor)
      out.push_back(Value::ofTuple(v.tensor()->layout.shape));
    else if (v.kind == Value::Kind::Composed || v.kind == Value::Kind::Swizzle || v.kind == Value::Kind::Tensor ||
             v.kind == Value::Kind::Iterator)
      return std::nullopt;
    else
      out.push_back(v);
  }
  return out;
}

/// The calls that do not go straight to the handler: an argument that is a non-congruent
/// make_layout (CuTe prints it, and nothing takes it further), or swizzles, composed
/// layouts and tensors, which have their own rules. Out of line: the common call is plain.
[[gnu::noinline]] Expected<Value> dispatchSpecial(const std::string &key, const Operation &op, ValueRefs args,
                                                  unsigned kinds) {
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].kind == Value::Kind::Layout && args[i].notCongruent)
      return makeError("argument " + std::to_string(i + 1) + ": shape " + print(args[i].layout.shape) + " and stride " +
                       print(args[i].layout.stride) +
                       " are not congruent (CuTe prints such a make_layout, but no operation is defined on it)");
  if (std::optional<std::vector<Value>> shapes = asShapes(key, args))
    return op.handler(Args(ValueRefs(*shapes)));
  auto plain = [&](ValueRefs a) { return op.handler(Args(a)); };
  auto lifted = [&](ValueRefs a) { return callWithComposed(key, a, plain); }; // a tensor's composed layout
  if ((kinds & kTensorKinds) && key == "make_tensor")                         // make_tensor(ptr, composition(Sw, L))
    return callWithTensor(key, args, plain, lifted);
  if (kinds & kComposedKinds)
    return callWithComposed(key, args, plain);
  if (kinds & kTensorKinds)
    return callWithTensor(key, args, plain, lifted);
  return op.handler(Args(args));
}

/// The kinds of the arguments as bits, in one pass; true when the call does not go straight
/// to the handler (dispatchSpecial: a non-congruent layout counts as special too).
[[gnu::always_inline]] inline bool specialCall(ValueRefs args, unsigned &kinds) {
  kinds = 0;
  bool notCongruent = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const Value &a = args[i];
    kinds |= 1u << unsigned(a.kind);
    notCongruent |= a.notCongruent; // false but for a Layout (make_layout's raw pair)
  }
  return __builtin_expect(notCongruent || (kinds & (kComposedKinds | kTensorKinds)) != 0, 0);
}

/// The handler's result, or the reason not to call it. Every branch returns a prvalue, so
/// the (large) result value is built in place, never moved.
inline Expected<Value> dispatch(const std::string &key, const Operation &op, ValueRefs args) {
  unsigned kinds;
  if (specialCall(args, kinds))
    return dispatchSpecial(key, op, args, kinds);
  return op.handler(Args(args));
}

/// dispatch writing into out: the in-place handler where the operation has one.
[[gnu::always_inline]] inline Status dispatchInto(const std::string &key, const Operation &op, ValueRefs args,
                                                  Value &out) {
  unsigned kinds;
  if (specialCall(args, kinds))
    return moveInto(out, dispatchSpecial(key, op, args, kinds));
  if (op.inPlace)
    return op.inPlace(Args(args), out);
  return moveInto(out, op.handler(Args(args)));
}

/// The error of a call during which an arithmetic failure was recorded, replacing r (an
/// Expected<Value> or a Status). An overflow leaves placeholder values behind, and a
/// condition checked on them later fails with a message showing them ("size 0" for 2^64):
/// the overflow is the cause, so it is reported, unless the error returned already names
/// it (or an overflow).
template <class R>
[[gnu::cold, gnu::noinline]] void reportOverflow(const ArithScope &scope, const std::string &key, R &r) {
  Error overflow = scope.error(key.c_str());
  std::string cause = overflow.message.substr(0, overflow.message.rfind(" (in "));
  if (r ||
      (r.error().message.find(cause) == std::string::npos && r.error().message.find("overflow") == std::string::npos))
    r = R(std::move(overflow));
}

/// Runs op's handler; one return of one local, so the result is not copied.
inline Expected<Value> invoke(const std::string &key, const Operation &op, ValueRefs args) {
  // Core operations report overflow themselves; this also catches queries such as size.
  ArithScope scope;
  Expected<Value> r = dispatch(key, op, args);
  if (__builtin_expect(scope.failed(), 0))
    reportOverflow(scope, key, r);
  return r;
}

/// invoke writing into out.
[[gnu::always_inline]] inline Status invokeInto(const std::string &key, const Operation &op, ValueRefs args,
                                                Value &out) {
  ArithScope scope;
  Status s = dispatchInto(key, op, args, out);
  if (__builtin_expect(scope.failed(), 0))
    reportOverflow(scope, key, s);
  return s;
}

} // namespace

bool isOperationName(std::string_view name) { return byName().find(name) != nullptr; }

bool isArgumentName(std::string_view name) {
  return isMajorName(name) || name == "X" || name == "nullptr" || typeBits(name) > 0;
}

namespace {
Error unknownOperation() { return makeError("unknown operation (see --help for the list)"); }
} // namespace

Expected<ResolvedOperation> findOperation(std::string_view name) {
  const Found *found = byName().find(name);
  if (!found)
    return unknownOperation();
  return ResolvedOperation{found->key, found->op};
}

namespace {
/// The operation of op, or why it does not take argCount arguments.
Expected<const Operation *> withArity(const ResolvedOperation &resolved, size_t argCount) {
  const Operation &op = *static_cast<const Operation *>(resolved.op);
  if (argCount < op.minArgs || argCount > op.maxArgs)
    return makeError("takes " +
                     (op.minArgs == op.maxArgs ? std::to_string(op.minArgs)
                                               : std::to_string(op.minArgs) + " to " + std::to_string(op.maxArgs)) +
                     " arguments but got " + std::to_string(argCount) + ": " + op.signature);
  return &op;
}
} // namespace

namespace {
/// The operation a name means with argCount arguments: CuTe's composition(A, O, B) builds
/// the composed layout A o O o B (make_composed_layout).
std::string_view byArity(std::string_view name, size_t argCount) {
  return argCount == 3 && name == "composition" ? std::string_view("make_composed_layout") : name;
}
} // namespace

Expected<ResolvedOperation> resolveOperation(std::string_view name, size_t argCount) {
  ResolvedOperation op = CL_TRY(findOperation(byArity(name, argCount)));
  CL_TRY(withArity(op, argCount));
  return op;
}

Expected<Value> callResolved(const ResolvedOperation &op, ValueRefs args) {
  return invoke(*op.key, *static_cast<const Operation *>(op.op), args);
}

bool writesInPlace(const ResolvedOperation &op, ValueRefs args) {
  unsigned kinds;
  return static_cast<const Operation *>(op.op)->inPlace && !specialCall(args, kinds);
}

Expected<bool> callResolvedInto(const ResolvedOperation &op, ValueRefs args, Value &out) {
  return invokeInto(*op.key, *static_cast<const Operation *>(op.op), args, out);
}

Expected<bool> bindResolved(const ResolvedOperation &op, ValueRefs args, BoundCall &call) {
  call = BoundCall();
  const Operation &o = *static_cast<const Operation *>(op.op);
  unsigned kinds;
  if (!o.bind || specialCall(args, kinds))
    return true;
  return o.bind(Args(args), call);
}

Expected<Value> callOperationUnchecked(std::string_view name, ValueRefs args) {
  return callResolved(CL_TRY(resolveOperation(name, args.size())), args);
}

namespace {
/// Writes v's static twin into out, which may be a value reused from call to call: a tuple
/// or a layout in the storage out has (one copy of the nodes, no allocation), the kinds
/// kept behind a pointer as new objects, and the kinds without integers as they are.
void staticTwinInto(const Value &v, Value &out) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    out.reuseAs(Value::Kind::Tuple);
    out.tuple.assignStaticTwin(v.tuple);
    return;
  case Value::Kind::Layout:
    out.reuseAs(Value::Kind::Layout);
    out.layout.shape.assignStaticTwin(v.layout.shape);
    out.layout.stride.assignStaticTwin(v.layout.stride);
    out.notCongruent = v.notCongruent;
    return;
  case Value::Kind::Tile:
    out = Value::ofTile(Tiler{cutelayout::staticTwin(v.tile().layout), v.tile().profile});
    return;
  case Value::Kind::Composed:
    out = Value::ofComposed(cutelayout::staticTwin(*v.composed()));
    return;
  case Value::Kind::Tensor:
    out = Value::ofTensor(cutelayout::staticTwin(*v.tensor()));
    return;
  case Value::Kind::Iterator:
    out = Value::ofIterator(cutelayout::staticTwin(*v.tensor()).iterator);
    return;
  case Value::Kind::Name:
  case Value::Kind::Swizzle:
  case Value::Kind::MmaAtom:
  case Value::Kind::TiledMma:
  case Value::Kind::CopyAtom:
  case Value::Kind::TiledCopy:
    break;
  }
  out = v;
}
} // namespace

Value staticTwin(const Value &v) {
  Value twin;
  staticTwinInto(v, twin);
  return twin;
}

namespace {
/// The static twins of one call's arguments, in values the thread keeps from call to call:
/// a call takes them for its duration and gives them back, so a call nested in it (none
/// is, today: operations call callResolved, not callOperation) finds none and makes its own.
class TwinArgs {
public:
  explicit TwinArgs(ValueRefs args) : size_(args.size()) {
    values_.swap(kept());
    if (values_.size() < size_)
      values_.resize(size_);
    for (size_t i = 0; i < size_; ++i)
      staticTwinInto(args[i], values_[i]);
  }
  ~TwinArgs() { values_.swap(kept()); }
  TwinArgs(const TwinArgs &) = delete;
  TwinArgs &operator=(const TwinArgs &) = delete;

  ValueRefs refs() const { return ValueRefs::run(values_.data(), size_); }

private:
  static std::vector<Value> &kept() {
    static thread_local std::vector<Value> values;
    return values;
  }
  std::vector<Value> values_;
  size_t size_;
};

bool hasDynamicLeaves(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Tuple:
    return !isStatic(v.tuple);
  case Value::Kind::Layout:
    return !isStatic(v.layout.shape) || !isStatic(v.layout.stride);
  case Value::Kind::Tile:
    return !isStatic(v.tile().layout.shape) || !isStatic(v.tile().layout.stride);
  case Value::Kind::Composed:
    return !isStatic(*v.composed());
  case Value::Kind::Tensor:
    return !isStatic(*v.tensor());
  case Value::Kind::Iterator:
    return !isStatic(v.tensor()->iterator.value);
  case Value::Kind::Name:
  case Value::Kind::Swizzle:
  case Value::Kind::MmaAtom:
  case Value::Kind::TiledMma:
  case Value::Kind::CopyAtom:
  case Value::Kind::TiledCopy:
    break;
  }
  return false;
}
} // namespace

namespace {
/// The layout a value computes with, or null (a tile, a name, an atom).
const Layout *layoutOf(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Layout:
    return v.notCongruent ? nullptr : &v.layout;
  case Value::Kind::Composed: // its inner layout, where the rest is the same (runtimeFormError)
    return v.composed()->innerSwizzle ? nullptr : &v.composed()->inner;
  case Value::Kind::Tensor:
    return &v.tensor()->layout;
  default:
    return nullptr;
  }
}

/// Whether v is a composed layout that computes its inner layout's function: an identity
/// swizzle (no bits) after a zero offset.
bool identityComposed(const Value &v) {
  if (v.kind != Value::Kind::Composed)
    return false;
  const ComposedLayout &c = *v.composed();
  if (c.innerSwizzle || !c.outer.isSwizzle() || c.outer.swizzle.bits != 0)
    return false;
  for (uint32_t i = 0; i < c.offset.view().span(); ++i)
    if (c.offset.view().nodes()[i].kind == NodeKind::Int && c.offset.view().nodes()[i].value != 0)
      return false;
  return true;
}

/// R19 (docs/semantics.md): where the runtime-integer answer r of `name` is not the function
/// of its static form's answer t, the error that says so, with the first failed condition
/// of CuTe's runtime path (note) where one was met. An inverse may be another inverse (of
/// another size) where the static form's is one; max_common_layout may be shorter or
/// longer where it agrees with the static form's.
std::optional<Error> runtimeFormError(const std::string &name, const Value &r, const Value &t, ValueRefs args,
                                      const char *note) {
  // filter_zeros and filter collapse static zeros only, by definition: their runtime forms
  // keep a runtime zero stride's extent (R17), so their size is not the static form's.
  // So does nullspace, which keeps the static-zero-stride modes alone (CuTe's is_constant<0>).
  if (name == "filter_zeros" || name == "filter" || name == "nullspace")
    return std::nullopt;
  bool inverse = name == "right_inverse" || name == "left_inverse" || name == "max_common_layout";
  if (inverse && (r.kind == Value::Kind::Composed || t.kind == Value::Kind::Composed))
    return std::nullopt; // CuTe's inverses of composed layouts: not compared (docs/semantics.md, R19)
  auto otherValue = [&] {
    return makeError("with runtime integers CuTe computes " + printValue(r, Style::Plain) + ", not the static form's " +
                     printValue(t, Style::Plain));
  };
  const Layout *lr = layoutOf(r), *lt = layoutOf(t);
  if (r.kind != t.kind) { // a composed layout whose outer function is the identity is its inner one
    lr = identityComposed(r) ? &r.composed()->inner : r.kind == Value::Kind::Layout ? &r.layout : nullptr;
    lt = identityComposed(t) ? &t.composed()->inner : t.kind == Value::Kind::Layout ? &t.layout : nullptr;
    if (!lr || !lt || firstDifference(*lr, *lt) >= 0)
      return otherValue();
    return std::nullopt;
  }
  if (!lr || !lt) { // an integer result is the same value; tuples keep CuTe's runtime structure (R17)
    bool integers = r.kind == Value::Kind::Tuple && t.kind == Value::Kind::Tuple && r.tuple.isInt() && t.tuple.isInt();
    int64_t x = integers ? r.tuple.asInt().value : 0, y = integers ? t.tuple.asInt().value : 0;
    // CuTe finds common vectors of runtime layouts only as far as static strides prove
    // them: a smaller one is still common (it divides the static form's).
    bool number = name == "size" || name == "cosize" || name == "crd2idx" || name == "max_common_vector";
    if (number && integers && x != y && !(name == "max_common_vector" && x > 0 && y % x == 0))
      return otherValue();
    return std::nullopt;
  }
  if (r.kind == Value::Kind::Composed) { // the same outer function and offset, then the inner layouts compare
    ComposedLayout rc = staticTwin(*r.composed()), tc = *t.composed();
    rc.inner = tc.inner = Layout();
    if (rc != tc)
      return otherValue();
  }
  std::string reason = note ? ": " + std::string(note) : "";
  int64_t at = firstDifference(*lr, *lt);
  const Layout *arg = layoutOf(args[0]);
  if ((name == "right_inverse" || name == "left_inverse") && arg && r.kind == Value::Kind::Layout) {
    // An inverse of another size or with other values where the layout does not reach is
    // still an inverse: where the static form's is one, the runtime form must be one too.
    bool left = name == "left_inverse";
    auto isInverse = [&](const Layout &inv) {
      return left ? inverts(*arg, inv, size(*arg).value) : inverts(inv, *arg, size(inv).value);
    };
    if (isInverse(*lt)) { // else the layout has no such inverse: the runtime answer must be the same function
      if (isInverse(*lr))
        return std::nullopt;
      return makeError("with runtime integers CuTe computes " + printValue(r, Style::Plain) + ", which is not a " +
                       (left ? "left" : "right") + " inverse of " + printValue(args[0], Style::Plain) +
                       " (the static form's " + printValue(t, Style::Plain) + " is)" + reason);
    }
  }
  if (name == "max_common_layout" && (at < 0 || at >= std::min(size(*lr).value, size(*lt).value)))
    return std::nullopt; // a shorter (or longer) common layout that agrees where both are defined
  if (at < 0)
    return std::nullopt;
  return makeError("with runtime integers CuTe computes " + printValue(r, Style::Plain) +
                   ", not the function of the static form's " + printValue(t, Style::Plain) +
                   " (they differ at index " + std::to_string(at) + ")" + reason);
}

bool gRefuseFailedRuntimeSplits = false;
} // namespace

void setRefuseFailedRuntimeSplits(bool on) { gRefuseFailedRuntimeSplits = on; }

Expected<Value> callOperation(const ResolvedOperation &resolved, ValueRefs args) {
  // One result object, returned on every path: GCC then builds it in the caller's slot
  // (a second returned object would cost a Value move per call).
  Expected<const Operation *> op = withArity(resolved, args.size());
  RuntimeFormScope runtimeForm;
  Expected<Value> r = op ? invoke(*resolved.key, **op, args) : Expected<Value>(op.error());
  bool dynamic = false;
  if (op)
    for (const Value &a : args)
      dynamic = dynamic || hasDynamicLeaves(a);
  if (dynamic) {
    std::string note = runtimeForm.note() ? runtimeForm.note() : "";
    TwinArgs twin(args);
    Expected<Value> t = invoke(*resolved.key, **op, twin.refs());
    if (r && !t)
      r = Expected<Value>(makeError(
          t.error().message + " (CuTe rejects these values as static integers and does not check them at run time)"));
    else if (r && t) {
      if (std::optional<Error> e = runtimeFormError(*resolved.key, *r, *t, args, note.empty() ? nullptr : note.c_str()))
        r = Expected<Value>(std::move(*e));
      else if (!note.empty() && gRefuseFailedRuntimeSplits)
        r = Expected<Value>(makeError("a runtime split's condition fails, where the lowered code's runtime checks "
                                      "stop: " +
                                      note));
    } else if (!r && t && !note.empty())
      r = Expected<Value>(makeError(r.error().message + " (as static integers these values give " +
                                    printValue(*t, Style::Plain) + ")"));
  }
  return r;
}

Expected<Value> callOperation(std::string_view name, ValueRefs args) {
  // The table's entry straight, no Expected<ResolvedOperation> made per call.
  const Found *found = byName().find(byArity(name, args.size()));
  if (!found)
    return unknownOperation();
  return callOperation(ResolvedOperation{found->key, found->op}, args);
}

std::vector<std::string> operationNames() {
  std::vector<std::string> names;
  for (std::string_view name : byName().names())
    names.emplace_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

std::string operationHelp() {
  std::string out;
  for (const auto &[name, op] : operations()) {
    std::string sig = op.signature;
    out += "  " + sig;
    out += sig.size() < 44 ? std::string(44 - sig.size(), ' ') : std::string("\n") + std::string(46, ' ');
    out += op.help;
    out += '\n';
  }
  out += "  aliases: group_modes = group; make_stride, make_coord, make_step = make_shape;\n"
         "           composition(A, O, B) = make_composed_layout(A, O, B)\n";
  return out;
}

} // namespace cutelayout::cli
