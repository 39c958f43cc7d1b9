// The specification's tiled-partition verifier (docs/atoms.md): one
// routine, in three phases and in this order, for cute.copy, cute.tiled_partition and
// cute.tiled_divide. Each op passes what it has; a phase with nothing to check is skipped.
#include "CuteInference.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::detail;

namespace {

/// A side's shape as the message prints it: a layout's shape or a tuple (both are the
/// value's first tuple), "rank N" when only the rank is known.
std::string shapeText(const TypeValue &v) {
  if (v.hasValue())
    return cutelayout::print(v.tuple(), cutelayout::Style::Type);
  return v.form() == TypeValue::Form::Rank ? "rank " + std::to_string(v.rank()) : std::string("?");
}

} // namespace

LogicalResult mlir::cute::detail::verifyTiledPartition(const Reporter &r, const PartitionCheck &c) {
  // Phase one: the rank relation 1 -> 1|2, 2 -> 2|3, 3 -> 3.
  if (c.src && c.dst && c.src->form() != TypeValue::Form::Kind && c.dst->form() != TypeValue::Form::Kind &&
      !c.src->isComposed() && !c.dst->isComposed()) {
    unsigned rs = c.src->rank(), rd = c.dst->rank();
    bool legal = (rs == 1 && (rd == 1 || rd == 2)) || (rs == 2 && (rd == 2 || rd == 3)) || (rs == 3 && rd == 3);
    if (!legal)
      return r.error() << "expects same size in rank " << rs << " but got srcShape: " << shapeText(*c.src)
                       << " and dstShape: " << shapeText(*c.dst);
  }
  // Phase two: the predicate, a memref in a memory space loads reach, with the identity swizzle.
  if (c.pred) {
    auto p = dyn_cast<CuteMemRefType>(c.pred.getType());
    if (!p)
      return r.error() << "pred must be a CuteMemRefType";
    if (p.getAddressSpace() == AddressSpace::Tmem)
      return r.error() << "pred memory space invalid";
    if (!isa<LayoutType>(p.getLayout()))
      return r.error() << "expects pred's layout to have the identity swizzle (a plain layout), but got "
                       << p.getLayout();
    if (!p.getElementType().isInteger(1))
      return r.error() << "expects pred's elements to be i1, but got " << p.getElementType();
  }
  // Phase three: each static extent of the input a multiple of the tile's in that mode
  // (input modes, tile modes and the tile's profile, where `_` skips a mode, in lockstep).
  if (c.divided) {
    const cutelayout::Layout &l = c.divided->first;
    const cutelayout::Tiler &t = c.divided->second;
    cutelayout::TupleView inShape = l.shape, tShape = t.layout.shape, tProfile = t.profile;
    auto ti = tShape.begin();
    auto pi = tProfile.begin();
    uint32_t i = 0;
    for (auto si = inShape.begin(); si != inShape.end() && ti != tShape.end() && i < c.dividedModes; ++si, ++ti, ++i) {
      bool skip = t.isTuple() && (*pi).isUnderscore();
      if (t.isTuple())
        ++pi;
      cutelayout::Int n = cutelayout::product(*si), m = cutelayout::product(*ti);
      if (!skip && n.isStatic && m.isStatic && m.value != 0 && !cutelayout::isMultiple(n.value, m.value))
        return r.error() << "expects same size in rank " << i
                         << " but got srcShape: " << cutelayout::print(l.shape, cutelayout::Style::Type)
                         << " and tileShape: " << cutelayout::print(t, cutelayout::Style::Type);
    }
  }
  return success();
}
