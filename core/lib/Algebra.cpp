// Composition, complement, inverses, common layouts and recasts (CuTe's layout.hpp).
#include "Internal.h"
#include "cutelayout/Notation.h"

#include <utility>

namespace cutelayout {
namespace {
const Int kStatic0 = Int::fixed(0);
const Int kStatic1 = Int::fixed(1);

IntTuple tupleOf(const SmallVec<Int, 16> &xs) {
  TupleBuilder b;
  b.open();
  for (Int x : xs)
    b.leaf(x);
  b.close();
  return b.finish();
}

/// CuTe's unwrap for a freshly built flat list: a single element stands alone.
IntTuple unwrapList(const SmallVec<Int, 16> &xs) {
  return xs.size() == 1 ? IntTuple(xs[0]) : tupleOf(xs);
}

/// A flat, coalesced layout as its modes, stored last first (as coalesceModesReversed
/// makes them); one mode means an integral layout.
struct FlatLayout {
  SmallVec<Int, 16> shape, stride;
  uint32_t rank() const { return shape.size(); }
  Int shapeAt(uint32_t i) const { return shape[rank() - 1 - i]; }
  Int strideAt(uint32_t i) const { return stride[rank() - 1 - i]; }
  std::string print() const {
    std::string s = rank() == 1 ? "" : "(", d = s;
    for (uint32_t i = 0; i < rank(); ++i) {
      s += (i ? "," : "") + cutelayout::print(shapeAt(i));
      d += (i ? "," : "") + cutelayout::print(strideAt(i));
    }
    return rank() == 1 ? s + ":" + d : s + "):" + d + ")";
  }
};

// A (flat, coalesced) A composed with one integral mode s:d of B.
Expected<Layout> composeMode(const FlatLayout &a, Int rshape, Int rstride) {
  if (rstride.isConstant(0))
    return Layout{IntTuple(rshape), IntTuple(rstride)};
  if (a.rank() == 1)
    return Layout{IntTuple(rshape), IntTuple(mul(rstride, a.stride[0]))};
  uint32_t r = a.rank();
  SmallVec<Int, 16> resultShape, resultStride;
  Int restShape = rshape, restStride = rstride;
  for (uint32_t i = 0; i + 1 < r; ++i) {
    Int currShape = a.shapeAt(i), currStride = a.strideAt(i);
    if (currShape.isStatic && restStride.isStatic && currShape.value != 0 &&
        !(restStride.value % currShape.value == 0 || restStride.value < currShape.value))
      return makeError("stride divisibility condition fails: stride " + print(restStride) +
                       " is neither a multiple of nor smaller than shape " + print(currShape) +
                       " in mode " + std::to_string(i) + " of " + a.print());
    Int absStride = abs(restStride);
    if (absStride.value == 0 || currShape.value == 0)
      return makeError("composition divides by zero: shape " + print(currShape) + " and stride " +
                       print(restStride) + " in mode " + std::to_string(i) + " of " + a.print());
    Int nextShape = ceilDiv(currShape, absStride);
    Int nextStride = mul(ceilDiv(absStride, currShape), signum(restStride));
    if (nextShape.isConstant(1) || restShape.isConstant(1)) {
      restStride = nextStride;
      continue;
    }
    Int newShape = min(nextShape, restShape);
    if (newShape.isStatic && restShape.isStatic && newShape.value != 0 &&
        restShape.value % newShape.value != 0)
      return makeError("shape divisibility condition fails: shape " + print(restShape) +
                       " is not a multiple of " + print(newShape) + " in mode " + std::to_string(i) +
                       " of " + a.print());
    if (newShape.value == 0)
      return makeError("composition divides by a zero shape in mode " + std::to_string(i) + " of " +
                       a.print());
    resultShape.push_back(newShape);
    resultStride.push_back(mul(restStride, currStride));
    restShape = div(restShape, newShape);
    restStride = nextStride;
  }
  Int lastStride = a.strideAt(r - 1);
  if (resultShape.empty())
    return Layout{IntTuple(restShape), IntTuple(mul(restStride, lastStride))};
  if (restShape.isConstant(1))
    return Layout{unwrapList(resultShape), unwrapList(resultStride)};
  resultShape.push_back(restShape);
  resultStride.push_back(mul(restStride, lastStride));
  return Layout{tupleOf(resultShape), tupleOf(resultStride)};
}

// B distributes over A: each mode of B composes with all of A; tuples stay tuples.
Expected<Layout> composeImpl(const FlatLayout &flatA, TupleView rshape, TupleView rstride) {
  return mapLeafModes(rshape, rstride, [&](Int s, Int d) { return composeMode(flatA, s, d); });
}
} // namespace

Expected<Layout> composition(const Layout &a, const Layout &b) {
  if (isEmpty(a) || isEmpty(b))
    return emptyLayoutError("composition");
  ArithScope scope;
  // CuTe's coalesce_x: a trailing static-1 extent seeds the walk with _2.
  SmallVec<Int, 16> shape, stride;
  leavesOf(a.shape, shape);
  leavesOf(a.stride, stride);
  FlatLayout flatA;
  coalesceModesReversed(shape, stride, shape.back().isConstant(1) ? Int::fixed(2) : shape.back(), flatA.shape,
                        flatA.stride);
  Expected<Layout> r = composeImpl(flatA, b.shape, b.stride);
  if (r && scope.failed())
    return scope.error("composition");
  return r;
}

IntTuple coalesceShape(TupleView shape) {
  IntTuple flat = flatten(shape);
  if (!flat.isTuple())
    return flat;
  SmallVec<Int, 16> leaves, out;
  leavesOf(flat, leaves);
  if (leaves.empty())
    return flat;
  out.push_back(leaves[0]);
  bool scalar = true;
  for (uint32_t i = 1; i < leaves.size(); ++i) {
    if (out.back().isStatic == leaves[i].isStatic) {
      out.back() = mul(out.back(), leaves[i]);
    } else {
      out.push_back(leaves[i]);
      scalar = false;
    }
  }
  return scalar ? IntTuple(out[0]) : tupleOf(out);
}

namespace {
Expected<Layout> complementImpl(const Layout &filtered, TupleView cotarget) {
  if (!filtered.stride.isTuple() && filtered.stride.asInt().isConstant(0))
    return makeLayout(coalesceShape(cotarget));
  SmallVec<Int, 16> shape, stride;
  leavesOf(filtered.shape, shape);
  leavesOf(filtered.stride, stride);
  uint32_t r = shape.size();
  if (r > 1 && !isStatic(filtered.stride))
    return makeError("complement of " + print(filtered) +
                     ": CuTe supports dynamic strides only for rank-1 layouts");
  SmallVec<Int, 16> resultShape, resultStride;
  resultStride.push_back(kStatic1);
  for (uint32_t i = 0; i + 1 < r; ++i) {
    // Take the smallest remaining stride (first on ties), as CuTe's min and find do.
    uint32_t minIdx = 0;
    for (uint32_t k = 1; k < stride.size(); ++k)
      if (stride[k].value < stride[minIdx].value)
        minIdx = k;
    Int minStride = stride[minIdx];
    Int newShape = div(minStride, resultStride[i]);
    if (newShape.isConstant(0))
      return makeError("complement: non-injective layout " + print(filtered));
    Int newStride = mul(minStride, shape[minIdx]);
    SmallVec<Int, 16> s2, d2;
    for (uint32_t k = 0; k < stride.size(); ++k)
      if (k != minIdx) {
        s2.push_back(shape[k]);
        d2.push_back(stride[k]);
      }
    shape = s2;
    stride = d2;
    resultShape.push_back(newShape);
    resultStride.push_back(newStride);
  }
  Int lastShape = div(stride[0], resultStride[r - 1]);
  if (lastShape.isConstant(0))
    return makeError("complement: non-injective layout " + print(filtered));
  resultShape.push_back(lastShape);
  Int newStride = mul(stride[0], shape[0]);
  if (newStride.value == 0)
    return makeError("complement: zero stride in " + print(filtered));
  // The rest: coalesce(ceil_div(cotarget, newStride)) laid out compactly from newStride;
  // then coalesce (result, rest) over its flat leaves.
  IntTuple restShape = coalesceShape(CL_TRY(ceilDiv(cotarget, IntTuple(newStride))));
  IntTuple restStride = CL_TRY(compactMajor(restShape, IntTuple(newStride), Major::Left));
  leavesOf(restShape, resultShape);
  leavesOf(restStride, resultStride);
  return coalesceLeaves(resultShape, resultStride);
}
} // namespace

Expected<Layout> complement(const Layout &l, TupleView cotarget) {
  if (isEmpty(l))
    return emptyLayoutError("complement");
  ArithScope scope;
  if (hasUnderscore(cotarget))
    return makeError("complement: the bound " + print(cotarget) + " cannot contain `_`");
  Expected<Layout> r = complementImpl(filter(l), cotarget);
  if (r && scope.failed())
    return scope.error("complement");
  return r;
}

Expected<Layout> complement(const Layout &l) {
  if (isEmpty(l))
    return emptyLayoutError("complement");
  Layout f = filter(l);
  return complement(l, IntTuple(cosize(f)));
}

namespace {
struct KeyVal {
  int64_t key;
  uint32_t val;
};

// CuTe sorts modes by stride with an exchange sort; ties keep that sort's order.
void exchangeSort(SmallVec<KeyVal, 16> &a) {
  for (uint32_t i = 0; i < a.size(); ++i)
    for (uint32_t j = i + 1; j < a.size(); ++j)
      if (a[j].key < a[i].key)
        std::swap(a[i], a[j]);
}

// Exclusive prefix products (1, s0, s0*s1, ...) with CuTe's staticness.
SmallVec<Int, 16> prefixProducts(const SmallVec<Int, 16> &shape) {
  SmallVec<Int, 16> pre;
  pre.push_back(kStatic1);
  for (Int s : shape)
    pre.push_back(mul(s, pre.back()));
  return pre;
}
} // namespace

Expected<Layout> rightInverse(const Layout &l) {
  if (isEmpty(l))
    return emptyLayoutError("right_inverse");
  ArithScope scope;
  Layout c = coalesce(l);
  SmallVec<Int, 16> shape, stride;
  leavesOf(c.shape, shape);
  leavesOf(c.stride, stride);
  SmallVec<Int, 16> pre = prefixProducts(shape);
  SmallVec<KeyVal, 16> order;
  for (uint32_t i = 0; i < stride.size(); ++i)
    if (stride[i].isStatic)
      order.push_back(KeyVal{stride[i].value, i});
  exchangeSort(order);
  SmallVec<Int, 16> rs, rd;
  rs.push_back(kStatic1);
  rd.push_back(kStatic0);
  Int curr = kStatic1;
  for (KeyVal kv : order) {
    if (curr.isStatic && curr.value == kv.key) {
      rs.push_back(shape[kv.val]);
      rd.push_back(pre[kv.val]);
      curr = mul(shape[kv.val], stride[kv.val]);
    }
  }
  Layout r = coalesce(Layout{tupleOf(rs), tupleOf(rd)});
  if (scope.failed())
    return scope.error("right_inverse");
  return r;
}

Expected<Layout> leftInverse(const Layout &l) {
  if (isEmpty(l))
    return emptyLayoutError("left_inverse");
  ArithScope scope;
  Layout c = coalesce(l);
  if (!isStatic(c.stride))
    return makeError("left_inverse of " + print(l) + ": CuTe requires static strides");
  SmallVec<Int, 16> shape, stride;
  leavesOf(c.shape, shape);
  leavesOf(c.stride, stride);
  SmallVec<Int, 16> pre = prefixProducts(shape);
  SmallVec<KeyVal, 16> order;
  for (uint32_t i = 0; i < stride.size(); ++i)
    order.push_back(KeyVal{stride[i].value, i});
  exchangeSort(order);
  SmallVec<Int, 16> rs, rd;
  rd.push_back(kStatic0);
  Int resultSize = kStatic1;
  for (KeyVal kv : order) {
    Int d = stride[kv.val];
    if (d.isConstant(0))
      continue;
    if (resultSize.value == 0 || d.value % resultSize.value != 0)
      return makeError("left_inverse divisibility condition fails: stride " + print(d) +
                       " is not a multiple of " + print(resultSize) + " in " + print(l));
    Int q = div(d, resultSize);
    rs.push_back(q);
    rd.push_back(pre[kv.val]);
    resultSize = mul(resultSize, q);
  }
  rs.push_back(shape[order.back().val]);
  Layout r = coalesce(Layout{tupleOf(rs), tupleOf(rd)});
  if (scope.failed())
    return scope.error("left_inverse");
  return r;
}

namespace {
// The leading static, stride-1 part of coalesce(a o right_inverse(b)), if any.
Expected<std::pair<Layout, bool>> commonPrefix(const Layout &a, const Layout &b, Layout &invB) {
  invB = CL_TRY(rightInverse(b));
  Layout common = coalesce(CL_TRY(composition(a, invB)));
  Layout first = common.mode(0);
  bool ok = first.shape.isInt() && first.shape.asInt().isStatic && first.stride.isInt() &&
            first.stride.asInt().isConstant(1);
  return std::make_pair(first, ok);
}
} // namespace

Expected<Layout> maxCommonLayout(const Layout &a, const Layout &b) {
  Layout invB;
  auto [first, ok] = CL_TRY(commonPrefix(a, b, invB));
  if (!ok)
    return Layout{IntTuple(kStatic1), IntTuple(kStatic0)};
  return composition(invB, first);
}

Expected<Int> maxCommonVector(const Layout &a, const Layout &b) {
  Layout invB;
  auto [first, ok] = CL_TRY(commonPrefix(a, b, invB));
  return ok ? first.shape.asInt() : kStatic1;
}

namespace {
// upcast<n> of one leaf mode sh:st.
Expected<Layout> upcastMode(Int sh, Int st, int64_t n) {
  Int nn = Int::fixed(n);
  if (st.isConstant(0))
    return Layout{IntTuple(sh), IntTuple(st)};
  if (st.isStatic) {
    if (st.value % n != 0 && n % st.value != 0)
      return makeError("upcast<" + std::to_string(n) + ">: stride " + print(st) +
                       " and " + std::to_string(n) + " do not divide each other");
    Int a = abs(st);
    return Layout{IntTuple(ceilDiv(sh, ceilDiv(nn, a))), IntTuple(mul(signum(st), ceilDiv(a, nn)))};
  }
  return Layout{IntTuple(sh), IntTuple(safeDiv(st, nn))};
}

// downcast<n> of one leaf mode sh:st.
Expected<Layout> downcastMode(Int sh, Int st, int64_t n) {
  Int nn = Int::fixed(n);
  if (st.isConstant(1) || st.isConstant(-1))
    return Layout{IntTuple(mul(sh, nn)), IntTuple(st)};
  return Layout{IntTuple(sh), IntTuple(mul(st, nn))};
}

bool hasStaticOne(TupleView t) {
  for (uint32_t i = 0; i < t.span(); ++i) {
    const Node &n = t.nodes()[i];
    if (n.kind == NodeKind::Int && n.isStatic && n.value == 1)
      return true;
  }
  return false;
}
} // namespace

Expected<Layout> upcast(const Layout &l, int64_t n) {
  if (n <= 0)
    return makeError("upcast<" + std::to_string(n) + ">: the factor must be positive");
  ArithScope scope;
  Expected<Layout> r = mapLeafModes(l.shape, l.stride, [n](Int s, Int d) { return upcastMode(s, d, n); });
  if (r && scope.failed())
    return scope.error("upcast");
  return r;
}

Expected<Layout> downcast(const Layout &l, int64_t n) {
  if (n <= 0)
    return makeError("downcast<" + std::to_string(n) + ">: the factor must be positive");
  if (!hasStaticOne(l.stride))
    return makeError("downcast<" + std::to_string(n) + "> of " + print(l) +
                     ": requires a static stride-1 mode (adjacent elements)");
  ArithScope scope;
  Expected<Layout> r = mapLeafModes(l.shape, l.stride, [n](Int s, Int d) { return downcastMode(s, d, n); });
  if (r && scope.failed())
    return scope.error("downcast");
  return r;
}

Expected<Layout> recastLayout(const Layout &l, int64_t oldBits, int64_t newBits) {
  if (oldBits <= 0 || newBits <= 0)
    return makeError("recast_layout: element widths must be positive, got " + std::to_string(oldBits) +
                     " and " + std::to_string(newBits));
  int64_t g = gcd(Int::fixed(oldBits), Int::fixed(newBits)).value;
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return l;
  if (num == 1)
    return downcast(l, den);
  if (den == 1)
    return upcast(l, num);
  return downcast(CL_TRY(upcast(l, num)), den);
}

} // namespace cutelayout
