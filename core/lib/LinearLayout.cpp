#include "cutelayout/LinearLayout.h"

#include "cutelayout/Basis.h"
#include "cutelayout/Notation.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "cutelayout/Config.h"

namespace cutelayout {
CUTELAYOUT_ABI_BEGIN
namespace {

constexpr int kMaxOutBits = 30; // Triton's values are int32; one spare bit keeps sums positive

bool isPowerOfTwo(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }
int log2Exact(int64_t n) { return n <= 1 ? 0 : 63 - __builtin_clzll(uint64_t(n)); }
/// The smallest power of two above v (1 for 0), as Triton infers an output's size.
int64_t sizeAbove(int64_t v) { return v <= 0 ? 1 : int64_t(1) << (64 - __builtin_clzll(uint64_t(v))); }

std::string join(const std::vector<int32_t> &v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s;
}

/// The offsets one layout gives its input bits: per top-level mode, the bits of its
/// column-major index (leaf by leaf; a leaf of extent 2^k gives stride * 2^j for j < k).
/// With scaled-basis strides (v@d), the outputs are the coordinates dim0, dim1, ...: each
/// offset then packs them, dim0 in the lowest bits (coordDims and coordShifts say how).
struct InputBits {
  std::vector<int64_t> offsets;
  std::vector<uint32_t> modeBits; // bits per top-level mode
  std::vector<std::string> labels;
  std::vector<std::string> shown; // each offset as its stride gives it ("3@1"); empty: the offset
  std::vector<LinearLayout::OutDim> coordDims;
  std::vector<int> coordShifts;
};

/// Where the offsets of two input bits share bits, CuTe's sum of them is not their XOR.
Expected<bool> checkDisjoint(const InputBits &b, const std::string &what) {
  int64_t seen = 0;
  for (size_t i = 0; i < b.offsets.size(); ++i) {
    int64_t v = b.offsets[i];
    if ((seen & v) == 0) {
      seen |= v;
      continue;
    }
    auto show = [&](size_t k) { return b.shown.empty() ? std::to_string(b.offsets[k]) : b.shown[k]; };
    for (size_t j = 0; j < i; ++j)
      if (b.offsets[j] & v)
        return makeError(what + " is not linear over GF(2): " + b.labels[j] + " gives offset " + show(j) + " and " +
                         b.labels[i] + " gives offset " + show(i) +
                         ", which share bits (CuTe adds them, a LinearLayout XORs them)");
  }
  return true;
}

/// Scaled-basis strides: output d gathers the values of the bits whose stride is v@d, and
/// each offset becomes those values packed, dim0 lowest. CuTe adds no integer to a basis,
/// so the integer strides must be 0.
Expected<bool> packCoordinates(InputBits &b, const std::vector<int> &dims, const std::string &what) {
  int count = 0;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 && b.offsets[i] != 0)
      return makeError(what + " mixes integer and scaled-basis strides: " + b.labels[i] + " gives offset " +
                       std::to_string(b.offsets[i]) + " (CuTe adds no integer to a basis)");
    count = std::max(count, dims[i] + 1);
  }
  std::vector<int64_t> all(size_t(count), 0);
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] >= 0)
      all[size_t(dims[i])] |= b.offsets[i];
  int shift = 0;
  for (int d = 0; d < count; ++d) {
    int64_t size = sizeAbove(all[size_t(d)]);
    b.coordDims.push_back({"dim" + std::to_string(d), int32_t(size)});
    b.coordShifts.push_back(shift);
    shift += log2Exact(size);
  }
  if (shift > kMaxOutBits)
    return makeError("the coordinates of " + what + " have more than 2^30 values together");
  for (size_t i = 0; i < dims.size(); ++i) {
    b.shown.push_back(dims[i] < 0 ? "0" : std::to_string(b.offsets[i]) + "@" + std::to_string(dims[i]));
    b.offsets[i] = dims[i] < 0 ? 0 : b.offsets[i] << b.coordShifts[size_t(dims[i])];
  }
  return true;
}

Expected<InputBits> layoutBits(const Layout &l) {
  std::string what = print(l);
  InputBits out;
  std::vector<int> dims; // the basis mode of each bit's stride, -1 for an integer
  int64_t limit = int64_t(1) << kMaxOutBits;
  for (uint32_t m = 0; m < l.rank(); ++m) {
    Layout mode = l.mode(m);
    uint32_t bits = 0;
    for (uint32_t k = 0; k < leafCount(mode.shape); ++k) {
      TupleView s = leafAt(mode.shape, k), d = leafAt(mode.stride, k);
      std::string leaf = "leaf " + std::to_string(k) + " of mode " + std::to_string(m) + " of " + what;
      if (!s.asInt().isStatic)
        return makeError("extent " + print(s.asInt()) + " (" + leaf + ") is a runtime value: a LinearLayout is static");
      BasisPath path = basisPath(d.asInt());
      if (path.size > 1)
        return makeError("stride " + print(d) + " (" + leaf +
                         ") is a basis of a nested mode: a LinearLayout's outputs are flat coordinates");
      if (!d.asInt().isStatic)
        return makeError("stride " + print(d.asInt()) + " (" + leaf + ") is a runtime value: a LinearLayout is static");
      int64_t e = s.asInt().value, stride = d.asInt().value;
      if (!isPowerOfTwo(e))
        return makeError("extent " + std::to_string(e) + " (" + leaf +
                         ") is not a power of two: a LinearLayout's input dimensions have 2^k points");
      if (stride < 0)
        return makeError("stride " + std::to_string(stride) + " (" + leaf +
                         ") is negative: a LinearLayout's offsets are non-negative bit vectors");
      for (int j = 0; j < log2Exact(e); ++j) {
        int64_t v = stride << j;
        if (stride >= limit || v >= limit)
          return makeError("offset " + std::to_string(stride) + " * " + std::to_string(int64_t(1) << j) + " (" + leaf +
                           ") is not below 2^30: a LinearLayout's values are 32-bit");
        out.offsets.push_back(v);
        out.labels.push_back("bit " + std::to_string(bits) + " of mode " + std::to_string(m));
        dims.push_back(path.size ? int(path.modes[0]) : -1);
        ++bits;
      }
    }
    out.modeBits.push_back(bits);
  }
  if (std::any_of(dims.begin(), dims.end(), [](int d) { return d >= 0; }))
    CL_TRY(packCoordinates(out, dims, what));
  CL_TRY(checkDisjoint(out, what));
  return out;
}

Expected<InputBits> functionBits(const AnyLayout &l);

/// f(v) for an offset v of the inner layout: linear, so the XOR of f's images of v's bits.
Expected<int64_t> applyOuter(const OuterFunction &f, int64_t v, const std::vector<int64_t> &outerBits) {
  if (f.isSwizzle())
    return f.swizzle.apply(v);
  if (v >> outerBits.size())
    return makeError("offset " + std::to_string(v) + " of the inner layout is outside the domain of the outer " +
                     print(f) + " (size " + std::to_string(int64_t(1) << outerBits.size()) + ")");
  int64_t r = 0;
  for (size_t j = 0; j < outerBits.size(); ++j)
    if ((v >> j) & 1)
      r ^= outerBits[j];
  return r;
}

Expected<InputBits> composedBits(const ComposedLayout &c) {
  if (c.innerSwizzle)
    return innerSwizzleError(c, "toLinearLayout");
  if (!c.offset.isInt() || !c.offset.asInt().isStatic || c.offset.asInt().value != 0 || c.offset.asInt().basis)
    return makeError("offset " + print(c.offset) + " of " + print(c) +
                     " is not _0: the function is affine, a LinearLayout is linear");
  InputBits inner = CL_TRY(layoutBits(c.inner));
  if (!inner.coordDims.empty())
    return makeError(print(c) + " composes a function after scaled-basis strides: its inner layout gives "
                                "coordinates, not offsets");
  std::vector<int64_t> outerBits;
  if (!c.outer.isSwizzle()) {
    InputBits outer = CL_TRY(functionBits(c.outer.kind == OuterFunction::Kind::Layout ? AnyLayout(c.outer.layout)
                                                                                      : AnyLayout(*c.outer.composed)));
    if (!outer.coordDims.empty()) // the outer function's coordinates are no offsets to return
      return makeError(print(c) + " has an outer function with scaled-basis strides: it gives coordinates");
    outerBits = std::move(outer.offsets);
  }
  for (int64_t &v : inner.offsets)
    v = CL_TRY(applyOuter(c.outer, v, outerBits));
  for (int64_t v : inner.offsets)
    if (v >= (int64_t(1) << kMaxOutBits))
      return makeError("offset " + std::to_string(v) + " of " + print(c) +
                       " is not below 2^30: a LinearLayout's values are 32-bit");
  return inner;
}

Expected<InputBits> functionBits(const AnyLayout &l) {
  if (const Layout *p = std::get_if<Layout>(&l))
    return layoutBits(*p);
  return composedBits(std::get<ComposedLayout>(l));
}

/// The bases of the output dimensions: one offset, or its coordinates in a column-major tile.
struct OutputSplit {
  std::vector<LinearLayout::OutDim> dims;
  std::vector<int> shifts; // the lowest offset bit of each output
};

Expected<OutputSplit> outputSplit(const std::vector<int64_t> &offsets, const LinearLayoutNames &names) {
  OutputSplit out;
  int64_t all = 0;
  for (int64_t v : offsets)
    all |= v;
  if (!names.tile) {
    out.dims.push_back({names.outName, int32_t(sizeAbove(all))});
    out.shifts.push_back(0);
    return out;
  }
  int shift = 0;
  for (uint32_t k = 0; k < leafCount(*names.tile); ++k) {
    TupleView e = leafAt(*names.tile, k);
    if (!e.isInt() || !e.asInt().isStatic || !isPowerOfTwo(e.asInt().value) || e.asInt().value > (1 << kMaxOutBits))
      return makeError("extent " + print(e) + " (leaf " + std::to_string(k) + ") of the tile " + print(*names.tile) +
                       " is not a static power of two: a LinearLayout's outputs have 2^k values");
    out.dims.push_back({"dim" + std::to_string(k), int32_t(e.asInt().value)});
    out.shifts.push_back(shift);
    shift += log2Exact(e.asInt().value);
  }
  if (shift > kMaxOutBits)
    return makeError("the tile " + print(*names.tile) + " has more than 2^30 elements");
  if (all >> shift)
    for (int64_t v : offsets)
      if (v >> shift)
        return makeError("offset " + std::to_string(v) + " is outside the tile " + print(*names.tile) + " (size " +
                         std::to_string(int64_t(1) << shift) + ")");
  return out;
}

std::vector<int32_t> splitOffset(const OutputSplit &o, int64_t v) {
  std::vector<int32_t> r;
  for (size_t j = 0; j < o.dims.size(); ++j)
    r.push_back(int32_t((v >> o.shifts[j]) & (o.dims[j].size - 1)));
  return r;
}

} // namespace

// --- the value ------------------------------------------------------------------------------

int LinearLayout::inDimIndex(const std::string &name) const {
  for (size_t i = 0; i < inDims.size(); ++i)
    if (inDims[i].name == name)
      return int(i);
  return -1;
}

int LinearLayout::outDimIndex(const std::string &name) const {
  for (size_t i = 0; i < outDims.size(); ++i)
    if (outDims[i].name == name)
      return int(i);
  return -1;
}

uint32_t LinearLayout::totalInBits() const {
  uint32_t n = 0;
  for (const InDim &d : inDims)
    n += uint32_t(d.bases.size());
  return n;
}

bool operator==(const LinearLayout &a, const LinearLayout &b) {
  if (a.inDims.size() != b.inDims.size() || a.outDims.size() != b.outDims.size())
    return false;
  for (size_t i = 0; i < a.inDims.size(); ++i)
    if (a.inDims[i].name != b.inDims[i].name || a.inDims[i].bases != b.inDims[i].bases)
      return false;
  for (size_t i = 0; i < a.outDims.size(); ++i)
    if (a.outDims[i].name != b.outDims[i].name || a.outDims[i].size != b.outDims[i].size)
      return false;
  return true;
}

Expected<bool> checkLinearLayout(const LinearLayout &l) {
  for (size_t j = 0; j < l.outDims.size(); ++j) {
    const LinearLayout::OutDim &o = l.outDims[j];
    if (o.name.empty())
      return makeError("output dimension " + std::to_string(j) + " has no name");
    if (l.outDimIndex(o.name) != int(j))
      return makeError("output dimension " + o.name + " is named twice");
    if (!isPowerOfTwo(o.size) || o.size > (1 << kMaxOutBits))
      return makeError("output dimension " + o.name + " has size " + std::to_string(o.size) +
                       ", not a power of two in [1, 2^30]");
  }
  for (size_t i = 0; i < l.inDims.size(); ++i) {
    const LinearLayout::InDim &d = l.inDims[i];
    if (d.name.empty())
      return makeError("input dimension " + std::to_string(i) + " has no name");
    if (l.inDimIndex(d.name) != int(i))
      return makeError("input dimension " + d.name + " is named twice");
    if (d.bases.size() > 30)
      return makeError("input dimension " + d.name + " has " + std::to_string(d.bases.size()) +
                       " bases: more than 2^30 points");
    for (size_t k = 0; k < d.bases.size(); ++k) {
      const std::vector<int32_t> &b = d.bases[k];
      if (b.size() != l.outDims.size())
        return makeError("basis " + std::to_string(k) + " of " + d.name + " has " + std::to_string(b.size()) +
                         " values for " + std::to_string(l.outDims.size()) + " output dimensions");
      for (size_t j = 0; j < b.size(); ++j)
        if (b[j] < 0 || b[j] >= l.outDims[j].size)
          return makeError("basis " + std::to_string(k) + " of " + d.name + " has value " + std::to_string(b[j]) +
                           " in " + l.outDims[j].name + ", outside its size " + std::to_string(l.outDims[j].size));
    }
  }
  return true;
}

Expected<LinearLayout> makeLinearLayout(std::vector<LinearLayout::InDim> inDims, std::vector<std::string> outNames,
                                        std::vector<int32_t> outSizes) {
  if (!outSizes.empty() && outSizes.size() != outNames.size())
    return makeError(std::to_string(outSizes.size()) + " output sizes for " + std::to_string(outNames.size()) +
                     " output dimensions");
  LinearLayout l;
  l.inDims = std::move(inDims);
  for (size_t j = 0; j < outNames.size(); ++j) {
    int64_t size = 1;
    if (!outSizes.empty())
      size = outSizes[j];
    else
      for (const LinearLayout::InDim &d : l.inDims)
        for (const std::vector<int32_t> &b : d.bases)
          if (j < b.size() && b[j] > 0 && sizeAbove(b[j]) > size)
            size = sizeAbove(b[j]);
    l.outDims.push_back({std::move(outNames[j]), int32_t(size)});
  }
  CL_TRY(checkLinearLayout(l));
  return l;
}

Expected<std::vector<int32_t>> apply(const LinearLayout &l,
                                     const std::vector<std::pair<std::string, int32_t>> &inputs) {
  std::vector<int32_t> out(l.outDims.size(), 0);
  std::vector<bool> named(l.inDims.size(), false);
  for (const auto &[name, value] : inputs) {
    int i = l.inDimIndex(name);
    if (i < 0)
      return makeError("apply: " + name + " is not an input dimension");
    if (named[i])
      return makeError("apply: " + name + " is given twice");
    named[i] = true;
    if (value < 0 || value >= l.inDimSize(uint32_t(i)))
      return makeError("apply: " + name + "=" + std::to_string(value) + " is outside its size " +
                       std::to_string(l.inDimSize(uint32_t(i))));
    for (size_t k = 0; k < l.inDims[i].bases.size(); ++k)
      if ((value >> k) & 1)
        for (size_t j = 0; j < out.size(); ++j)
          out[j] ^= l.inDims[i].bases[k][j];
  }
  return out;
}

std::vector<int32_t> applyFlat(const LinearLayout &l, uint64_t x) {
  std::vector<int32_t> out(l.outDims.size(), 0);
  for (const LinearLayout::InDim &d : l.inDims)
    for (const std::vector<int32_t> &b : d.bases) {
      if (x & 1)
        for (size_t j = 0; j < out.size(); ++j)
          out[j] ^= b[j];
      x >>= 1;
    }
  return out;
}

int64_t applyFlatOffset(const LinearLayout &l, uint64_t x) {
  std::vector<int32_t> v = applyFlat(l, x);
  int64_t r = 0, scale = 1;
  for (size_t j = 0; j < v.size(); ++j) {
    r += v[j] * scale;
    scale *= l.outDims[j].size;
  }
  return r;
}

bool sameFunction(const LinearLayout &a, const LinearLayout &b) {
  // Every output name of either, then each basis of each non-trivial input compared by name.
  std::vector<std::string> outs;
  for (const auto *l : {&a, &b})
    for (const LinearLayout::OutDim &o : l->outDims)
      if (std::find(outs.begin(), outs.end(), o.name) == outs.end())
        outs.push_back(o.name);
  auto value = [](const LinearLayout &l, const std::vector<int32_t> &basis, const std::string &out) {
    int j = l.outDimIndex(out);
    return j < 0 ? 0 : basis[j];
  };
  auto covered = [&](const LinearLayout &x, const LinearLayout &y) {
    for (const LinearLayout::InDim &d : x.inDims) {
      if (d.bases.empty())
        continue;
      int i = y.inDimIndex(d.name);
      if (i < 0 || y.inDims[i].bases.size() != d.bases.size())
        return false;
      for (size_t k = 0; k < d.bases.size(); ++k)
        for (const std::string &o : outs)
          if (value(x, d.bases[k], o) != value(y, y.inDims[i].bases[k], o))
            return false;
    }
    return true;
  };
  return covered(a, b) && covered(b, a);
}

Expected<LinearLayout> invert(const LinearLayout &l) {
  CL_TRY(checkLinearLayout(l));
  // Columns: the input bits as flat output offsets; Gauss-Jordan over GF(2) finds, for each
  // output bit, the set of input bits whose XOR gives it.
  uint32_t n = l.totalInBits();
  int outBits = 0;
  for (const LinearLayout::OutDim &o : l.outDims)
    outBits += log2Exact(o.size);
  if (int(n) != outBits)
    return makeError("invert: the layout has " + std::to_string(n) + " input bits and " + std::to_string(outBits) +
                     " output bits: not a bijection");
  std::vector<uint64_t> rows; // row k: image of input bit k (low outBits) | (1 << (outBits + k))
  for (uint32_t k = 0; k < n; ++k)
    rows.push_back(uint64_t(applyFlatOffset(l, uint64_t(1) << k)) | (uint64_t(1) << (outBits + k)));
  for (int bit = 0; bit < outBits; ++bit) {
    uint32_t pivot = uint32_t(bit);
    while (pivot < n && !((rows[pivot] >> bit) & 1))
      ++pivot;
    if (pivot == n)
      return makeError("invert: output bit " + std::to_string(bit) + " is reached by no input: not a bijection");
    std::swap(rows[pivot], rows[uint32_t(bit)]);
    for (uint32_t r = 0; r < n; ++r)
      if (r != uint32_t(bit) && ((rows[r] >> bit) & 1))
        rows[r] ^= rows[uint32_t(bit)];
  }
  // rows[bit] now maps output bit `bit` to the input bits in its high part.
  LinearLayout inv;
  for (const LinearLayout::InDim &d : l.inDims)
    inv.outDims.push_back({d.name, int32_t(int64_t(1) << d.bases.size())});
  int bit = 0;
  for (const LinearLayout::OutDim &o : l.outDims) {
    LinearLayout::InDim d{o.name, {}};
    for (int k = 0; k < log2Exact(o.size); ++k, ++bit) {
      uint64_t x = rows[uint32_t(bit)] >> outBits;
      std::vector<int32_t> basis;
      for (const LinearLayout::InDim &src : l.inDims) {
        basis.push_back(int32_t(x & ((uint64_t(1) << src.bases.size()) - 1)));
        x >>= src.bases.size();
      }
      d.bases.push_back(std::move(basis));
    }
    inv.inDims.push_back(std::move(d));
  }
  return inv;
}

std::string print(const LinearLayout &l) {
  std::string outs = "[";
  for (size_t j = 0; j < l.outDims.size(); ++j)
    outs += (j ? ", " : "") + l.outDims[j].name + " (size " + std::to_string(l.outDims[j].size) + ")";
  outs += "]";
  if (l.inDims.empty())
    return l.outDims.empty() ? "(empty layout)" : "(empty layout with out-dims " + outs + ")";
  std::string s;
  for (const LinearLayout::InDim &d : l.inDims) {
    if (d.bases.empty()) {
      s += " - " + d.name + " is a size 1 dimension\n";
      continue;
    }
    for (size_t k = 0; k < d.bases.size(); ++k)
      s += std::string(k ? "   " : " - ") + d.name + "=" + std::to_string(int64_t(1) << k) + " -> (" +
           join(d.bases[k]) + ")\n";
  }
  return s + "where out dims are: " + outs;
}

std::string printCompact(const LinearLayout &l) {
  std::string s = "{";
  for (size_t i = 0; i < l.inDims.size(); ++i) {
    s += (i ? ", " : "") + l.inDims[i].name + " = [";
    for (size_t k = 0; k < l.inDims[i].bases.size(); ++k)
      s += std::string(k ? ", " : "") + "[" + join(l.inDims[i].bases[k]) + "]";
    s += "]";
  }
  s += "} -> [";
  for (size_t j = 0; j < l.outDims.size(); ++j)
    s += (j ? ", " : "") + l.outDims[j].name + " (size " + std::to_string(l.outDims[j].size) + ")";
  return s + "]";
}

// --- CuTe -> LinearLayout -------------------------------------------------------------------

Expected<LinearLayout> toLinearLayout(const AnyLayout &l, const LinearLayoutNames &names) {
  InputBits bits = CL_TRY(functionBits(l));
  uint32_t rank = uint32_t(bits.modeBits.size());
  std::vector<std::string> inNames = names.inNames;
  std::vector<uint32_t> dimBits = bits.modeBits;
  if (inNames.empty())
    for (uint32_t m = 0; m < rank; ++m)
      inNames.push_back("dim" + std::to_string(m));
  else if (inNames.size() == 1 && rank > 1)
    dimBits = {uint32_t(bits.offsets.size())};
  else if (inNames.size() != rank)
    return makeError(std::to_string(inNames.size()) + " input names for " + print(l) + " of rank " +
                     std::to_string(rank) + ": one per mode, or one for its 1-D domain");
  OutputSplit split;
  if (bits.coordDims.empty())
    split = CL_TRY(outputSplit(bits.offsets, names));
  else if (names.tile)
    return makeError("a tile for " + print(l) + ", whose scaled-basis strides give coordinates already");
  else
    split = OutputSplit{bits.coordDims, bits.coordShifts};
  LinearLayout r;
  r.outDims = split.dims;
  size_t next = 0;
  for (size_t i = 0; i < inNames.size(); ++i) {
    LinearLayout::InDim d{inNames[i], {}};
    for (uint32_t k = 0; k < dimBits[i]; ++k)
      d.bases.push_back(splitOffset(split, bits.offsets[next++]));
    r.inDims.push_back(std::move(d));
  }
  CL_TRY(checkLinearLayout(r)); // names the input names given twice or empty
  return r;
}

Expected<LinearLayout> toLinearLayoutTV(const AnyLayout &tv, const IntTuple *tile, int32_t threadsPerWarp) {
  if (!isPowerOfTwo(threadsPerWarp))
    return makeError("threads per warp " + std::to_string(threadsPerWarp) + " is not a power of two");
  uint32_t rank =
      std::holds_alternative<Layout>(tv) ? std::get<Layout>(tv).rank() : std::get<ComposedLayout>(tv).inner.rank();
  if (rank != 2 || (std::holds_alternative<Layout>(tv) && !std::get<Layout>(tv).shape.isTuple()))
    return makeError("the thread-value layout " + print(tv) + " does not have rank 2: (thread, value) -> offset");
  LinearLayoutNames names;
  names.inNames = {"thread", "register"};
  names.tile = tile;
  LinearLayout byMode = CL_TRY(toLinearLayout(tv, names));
  // Triton's order: register, lane, warp; the thread bits split at log2(threadsPerWarp).
  LinearLayout r;
  r.outDims = byMode.outDims;
  std::vector<std::vector<int32_t>> &threads = byMode.inDims[0].bases;
  size_t laneBits = std::min(threads.size(), size_t(log2Exact(threadsPerWarp)));
  r.inDims.push_back({"register", byMode.inDims[1].bases});
  r.inDims.push_back({"lane", {threads.begin(), threads.begin() + laneBits}});
  r.inDims.push_back({"warp", {threads.begin() + laneBits, threads.end()}});
  return r;
}

// --- LinearLayout -> CuTe -------------------------------------------------------------------

Expected<AnyLayout> fromLinearLayout(const LinearLayout &l, const std::vector<std::vector<std::string>> &modesIn) {
  CL_TRY(checkLinearLayout(l));
  std::vector<std::vector<std::string>> modes = modesIn;
  if (modes.empty())
    for (const LinearLayout::InDim &d : l.inDims)
      modes.push_back({d.name});
  std::vector<int> shifts;
  int outBits = 0;
  for (const LinearLayout::OutDim &o : l.outDims) {
    shifts.push_back(outBits);
    outBits += log2Exact(o.size);
  }
  if (outBits > kMaxOutBits)
    return makeError("the output dimensions have more than 2^30 values together");
  // The input bits in mode order, each basis as one column-major offset over the outputs.
  std::vector<bool> used(l.inDims.size(), false);
  InputBits bits;
  for (const std::vector<std::string> &mode : modes) {
    uint32_t count = 0;
    for (const std::string &name : mode) {
      int i = l.inDimIndex(name);
      if (i < 0)
        return makeError("mode names " + name + ", which is not an input dimension");
      if (used[i])
        return makeError("input dimension " + name + " is in two modes");
      used[i] = true;
      for (size_t k = 0; k < l.inDims[i].bases.size(); ++k, ++count) {
        int64_t v = 0;
        for (size_t j = 0; j < l.outDims.size(); ++j)
          v |= int64_t(l.inDims[i].bases[k][j]) << shifts[j];
        bits.offsets.push_back(v);
        bits.labels.push_back("basis " + std::to_string(k) + " of " + name);
      }
    }
    bits.modeBits.push_back(count);
  }
  for (size_t i = 0; i < l.inDims.size(); ++i)
    if (!used[i] && !l.inDims[i].bases.empty())
      return makeError("input dimension " + l.inDims[i].name + " is in no mode");
  // Disjoint bases are strides; otherwise look for the swizzle that makes them so.
  std::optional<Swizzle> swizzle;
  Expected<bool> disjoint = checkDisjoint(bits, "the layout");
  if (!disjoint) {
    auto works = [&](const Swizzle &s) {
      int64_t seen = 0;
      for (int64_t v : bits.offsets) {
        int64_t g = s.apply(v);
        if (seen & g)
          return false;
        seen |= g;
      }
      return true;
    };
    for (int b = 1; b <= 15 && !swizzle; ++b)
      for (int m = 0; b + m + b <= 31 && !swizzle; ++m)
        for (int a = b; b + m + a <= 31 && !swizzle; ++a)
          for (int sign : {1, -1}) {
            Swizzle s{b, m, sign * a};
            if (works(s)) {
              swizzle = s;
              break;
            }
          }
    if (!swizzle)
      return makeError("no CuTe layout gives this LinearLayout: " +
                       disjoint.error().message.substr(disjoint.error().message.find(": ") + 2) +
                       ", and no swizzle Sw<B,M,S> o layout makes its bases disjoint");
    for (int64_t &v : bits.offsets)
      v = swizzle->apply(v);
  }
  std::vector<Layout> built;
  size_t next = 0;
  for (uint32_t count : bits.modeBits) {
    TupleBuilder shape, stride;
    if (count == 0) {
      shape.leaf(Int::fixed(1));
      stride.leaf(Int::fixed(0));
    } else {
      shape.open();
      stride.open();
      for (uint32_t k = 0; k < count; ++k) {
        shape.leaf(Int::fixed(2));
        stride.leaf(Int::fixed(bits.offsets[next++]));
      }
      shape.close();
      stride.close();
    }
    built.push_back(coalesce(Layout{shape.finish(), stride.finish()}));
  }
  // One mode stays one mode: a coalesced mode of rank > 1 is wrapped, ((8,2)):((2,0)).
  Layout layout = built.empty() ? Layout{IntTuple(Int::fixed(1)), IntTuple(Int::fixed(0))}
                  : built.size() == 1 && !built[0].shape.isTuple() ? built[0]
                                                                   : concat(built.data(), uint32_t(built.size()));
  if (swizzle)
    return composition(*swizzle, layout);
  return AnyLayout(layout);
}

Expected<AnyLayout> fromLinearLayoutTV(const LinearLayout &l) {
  std::vector<std::string> threads, values;
  for (const char *name : {"lane", "warp", "block"})
    if (l.inDimIndex(name) >= 0)
      threads.push_back(name);
  if (l.inDimIndex("register") >= 0)
    values.push_back("register");
  return fromLinearLayout(l, {threads, values});
}

CUTELAYOUT_ABI_END
} // namespace cutelayout
