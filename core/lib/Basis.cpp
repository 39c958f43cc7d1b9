#include "cutelayout/Basis.h"

#include "Internal.h"
#include "cutelayout/IntTupleMath.h"
#include "cutelayout/Notation.h"

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {
constexpr uint16_t kBasisFlag = 1u << 12;

// The path as CuTe prints it (innermost first); a path longer than the record holds is
// shown by the modes it has.
std::string pathText(const BasisPath &p) {
  std::string s;
  for (unsigned i = p.size < kMaxBasisDepth ? p.size : kMaxBasisDepth; i-- > 0;)
    s += "@" + std::to_string(p.modes[i]);
  return s;
}

// Writes an arithmetic tuple whose mode at path[depth..] holds x (other modes `_0`).
void buildBasisTuple(TupleBuilder &b, Int x, const BasisPath &p, unsigned depth) {
  // p.size <= kMaxBasisDepth, so the second test never decides; it bounds p.modes[depth]
  // below for the compiler (-O3 unrolls the recursion and warns without it).
  if (depth >= p.size || depth >= kMaxBasisDepth) {
    b.leaf(Int{x.value, x.isStatic});
    return;
  }
  b.open();
  for (unsigned m = 0; m < p.modes[depth]; ++m)
    b.leaf(Int::fixed(0));
  buildBasisTuple(b, x, p, depth + 1);
  b.close();
}

bool isStaticZero(TupleView t) { return t.isInt() && t.asInt().isConstant(0); }

bool hasInteger(TupleView t) {
  const Node *n = t.nodes();
  for (uint32_t i = 0, e = t.span(); i < e; ++i)
    if (n[i].kind == NodeKind::Int)
      return true;
  return false;
}

Status addInto(TupleView a, TupleView b, TupleBuilder &out);

// a + b for two arithmetic tuples: mode by mode, the shorter padded with `_0`.
Status addTuples(TupleView a, TupleView b, TupleBuilder &out) {
  out.open();
  TupleView::Iterator ia = a.begin(), ea = a.end(), ib = b.begin(), eb = b.end();
  IntTuple zero(Int::fixed(0));
  while (ia != ea || ib != eb) {
    TupleView x = ia != ea ? *ia : zero.view();
    TupleView y = ib != eb ? *ib : zero.view();
    CL_CHECK(addInto(x, y, out));
    if (ia != ea)
      ++ia;
    if (ib != eb)
      ++ib;
  }
  out.close();
  return Status(true);
}

Status addInto(TupleView a, TupleView b, TupleBuilder &out) {
  if (isStaticZero(b)) {
    out.add(a);
    return Status(true);
  }
  if (isStaticZero(a)) {
    out.add(b);
    return Status(true);
  }
  bool aBasis = a.isInt() && a.asInt().isBasis(), bBasis = b.isInt() && b.asInt().isBasis();
  if (a.isInt() && b.isInt() && !aBasis && !bBasis) {
    out.leaf(add(a.asInt(), b.asInt()));
    return Status(true);
  }
  if ((a.isInt() && !aBasis) || (b.isInt() && !bBasis))
    return makeError("cannot add " + print(a) + " and " + print(b) +
                     ": an integer other than _0 plus a scaled basis or an arithmetic tuple");
  IntTuple ta = aBasis ? basisAsTuple(a.asInt()) : IntTuple(a);
  IntTuple tb = bBasis ? basisAsTuple(b.asInt()) : IntTuple(b);
  return addTuples(ta, tb, out);
}
} // namespace

bool BasisPath::operator==(const BasisPath &o) const {
  if (size != o.size)
    return false;
  for (unsigned i = 0; i < size; ++i)
    if (modes[i] != o.modes[i])
      return false;
  return true;
}

uint16_t basisCode(const BasisPath &p) {
  uint16_t code = kBasisFlag | uint16_t((p.size - 1) << 13);
  for (unsigned i = 0; i < p.size; ++i)
    code |= uint16_t(p.modes[i] << (3 * i));
  return code;
}

BasisPath basisPath(Int x) {
  BasisPath p;
  if (!x.isBasis())
    return p;
  p.size = uint8_t(((x.basis >> 13) & 3) + 1);
  for (unsigned i = 0; i < p.size; ++i)
    p.modes[i] = uint8_t((x.basis >> (3 * i)) & 7);
  return p;
}

Expected<Int> makeBasis(Int value, const BasisPath &path) {
  if (path.size == 0)
    return makeError("a scaled basis needs at least one mode (`v@d`)");
  if (path.size > kMaxBasisDepth)
    return makeError("scaled basis " + std::to_string(value.value) + pathText(path) + " names " +
                     std::to_string(path.size) + " modes; at most " + std::to_string(kMaxBasisDepth) +
                     " are supported");
  for (unsigned i = 0; i < path.size; ++i)
    if (path.modes[i] > kMaxBasisMode)
      return makeError("scaled basis " + std::to_string(value.value) + pathText(path) + " names mode " +
                       std::to_string(path.modes[i]) + "; modes 0 to " + std::to_string(kMaxBasisMode) +
                       " are supported");
  if (value.isBasis())
    return makeError("the value of a scaled basis must be an integer");
  return Int{value.value, value.isStatic, basisCode(path)};
}

void appendBasisSuffix(std::string &out, uint16_t code) {
  BasisPath p = basisPath(Int{0, true, code});
  for (unsigned i = p.size; i-- > 0;) {
    out += '@';
    out += char('0' + p.modes[i]);
  }
}

Error basisStridesUnsupported(const char *op, const std::string &layoutText) {
  return makeError(std::string(op) + " of " + layoutText + ": CuTe needs integer strides here, not scaled bases");
}

IntTuple basisAsTuple(Int x) {
  if (!x.isBasis())
    return IntTuple(x);
  TupleBuilder b;
  buildBasisTuple(b, x, basisPath(x), 0);
  return b.finish();
}

Expected<IntTuple> addCoordinates(TupleView a, TupleView b) {
  ArithScope scope;
  TupleBuilder out;
  Status s = addInto(a, b, out);
  if (!s)
    return s.error();
  if (scope.failed())
    return scope.error("an arithmetic tuple sum");
  return out.finish();
}

Expected<IntTuple> crd2idxGeneral(TupleView coord, TupleView shape, TupleView stride) {
  if (!hasBasis(stride))
    return IntTuple(CL_TRY(crd2idx(coord, shape, stride)));
  // One integer crd2idx per path, over the strides projected onto it (the other paths'
  // leaves become _0, which CuTe's sums leave out): the same case split and staticness.
  SmallVec<uint16_t, 8> codes;
  unsigned basisLeaves = 0;
  const Node *d = stride.nodes();
  for (uint32_t i = 0, e = stride.span(); i < e; ++i) {
    if (d[i].kind != NodeKind::Int)
      continue;
    Int x = d[i].asInt();
    if (!x.isBasis()) {
      if (!x.isConstant(0))
        return makeError("crd2idx: the stride " + print(stride) + " adds the integer " + print(x) +
                         " to scaled bases (CuTe adds only _0 to a basis)");
      continue;
    }
    ++basisLeaves;
    bool seen = false;
    for (uint16_t c : codes)
      seen = seen || c == x.basis;
    if (!seen)
      codes.push_back(x.basis);
  }
  IntTuple sum;
  for (uint32_t k = 0; k < codes.size(); ++k) {
    uint16_t code = codes[k];
    IntTuple projected = mapLeaves(stride, [code](Int x) {
      return x.basis == code ? Int{x.value, x.isStatic} : x.isBasis() ? Int::fixed(0) : x;
    });
    Int v = CL_TRY(crd2idx(coord, shape, projected));
    Int term{v.value, v.isStatic, code};
    if (basisLeaves == 1)
      return IntTuple(term);
    sum = k == 0 ? basisAsTuple(term) : CL_TRY(addCoordinates(sum, basisAsTuple(term)));
  }
  return sum;
}

Expected<IntTuple> sliceOffset(TupleView coord, TupleView shape, TupleView stride) {
  if (!hasInteger(coord)) // every mode kept: nothing is evaluated
    return IntTuple(Int::fixed(0));
  IntTuple at = CL_TRY(dice(coord, coord));
  IntTuple fixedShape = CL_TRY(dice(coord, shape)), fixedStride = CL_TRY(dice(coord, stride));
  return crd2idxGeneral(at, fixedShape, fixedStride);
}

Expected<Layout> makeBasisLayout(TupleView shape) {
  if (hasUnderscore(shape) || hasBasis(shape))
    return makeError("make_identity_tensor: " + print(shape) + " is not a shape");
  return Layout{IntTuple(shape), CL_TRY(makeBasisLike(shape))};
}

Expected<IntTuple> basisCoshape(TupleView shape, TupleView stride) {
  IntTuple last = mapLeaves(shape, [](Int s) { return sub(s, Int::fixed(1)); });
  IntTuple at = CL_TRY(crd2idxGeneral(last, shape, stride));
  if (at.isInt() && at.asInt().isBasis())
    at = basisAsTuple(at.asInt());
  return mapLeaves(at, [](Int x) { return add(x, Int::fixed(1)); });
}

Expected<Int> basisCosize(TupleView shape, TupleView stride) {
  ArithScope scope;
  Int n = product(CL_TRY(basisCoshape(shape, stride)));
  if (scope.failed())
    return scope.error("cosize");
  return n;
}

Int basisValue(Int x) { return Int{x.value, x.isStatic}; }

Expected<IntTuple> basisGet(Int x, TupleView t) {
  BasisPath p = basisPath(x);
  TupleView at = t;
  for (unsigned i = 0; i < p.size; ++i) {
    if (!at.isTuple() || p.modes[i] >= at.rank())
      return makeError("basis_get: " + print(x) + " names no element of " + print(t));
    at = at.child(p.modes[i]);
  }
  return IntTuple(at);
}

namespace {
Status basisLikeInto(TupleView shape, BasisPath &path, TupleBuilder &out) {
  if (!shape.isTuple()) {
    Int e = CL_TRY(makeBasis(Int::fixed(1), path));
    out.leaf(e);
    return Status(true);
  }
  if (path.size == kMaxBasisDepth)
    return makeError("make_basis_like: " + print(shape) + " nests deeper than the " + std::to_string(kMaxBasisDepth) +
                     " levels a scaled basis can name");
  out.open();
  uint8_t m = 0;
  for (TupleView c : shape) {
    if (m > kMaxBasisMode)
      return makeError("make_basis_like: a mode of rank " + std::to_string(shape.rank()) + " in " + print(shape) +
                       "; a scaled basis names modes 0 to " + std::to_string(kMaxBasisMode));
    path.modes[path.size++] = m++;
    CL_CHECK(basisLikeInto(c, path, out));
    --path.size;
  }
  out.close();
  return Status(true);
}
} // namespace

Expected<IntTuple> makeBasisLike(TupleView shape) {
  if (hasUnderscore(shape) || hasBasis(shape))
    return makeError("make_basis_like: " + print(shape) + " is not a shape");
  if (!shape.isTuple()) // CuTe: an integer shape's basis is the integer _1
    return IntTuple(Int::fixed(1));
  TupleBuilder out;
  BasisPath path;
  CL_CHECK(basisLikeInto(shape, path, out));
  return out.finish();
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
