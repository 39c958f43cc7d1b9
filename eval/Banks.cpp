// Bank conflicts (Banks.h): the walk of a layout under an access pattern, wave by wave,
// into a BankReport, and the report as text and as JSON.
#include "Banks.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <set>

namespace cutelayout::cli {

const BankNames kBankOptionNames = {"--banks",  "--element-bits",       "--access-bits",
                                    "--access", "src:EXPR or dst:EXPR", "A:EXPR, B:EXPR or C:EXPR"};
const BankNames kBankArgumentNames = {"bank_conflicts",
                                      "element_bits",
                                      "access_bits",
                                      "access",
                                      "side=\"src\" or side=\"dst\"",
                                      "side=\"A\", side=\"B\" or side=\"C\""};

namespace {

constexpr int64_t kBanks = 32;
constexpr int64_t kBankBytes = 4;
constexpr int64_t kWarp = 32;
constexpr int64_t kMaxElements = 1 << 16;
constexpr int64_t kMaxReads = 1 << 20; // (thread, value) reads over all tiles of a tiled access

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

/// "3" or "0-7".
std::string span(int64_t first, int64_t last) {
  return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

/// "banks 0-3,8-11" or "bank 5" (likewise threads).
std::string counted(const char *noun, const std::vector<int64_t> &sorted) {
  return std::string(noun) + (sorted.size() == 1 ? " " : "s ") + printRuns(sorted);
}

/// "columns 8-15" or "column 8" (likewise values).
std::string plural(const char *noun, int64_t first, int64_t last) {
  return std::string(noun) + (first == last ? " " : "s ") + span(first, last);
}

/// "1.5", "8", "1.33": at most two decimals, no trailing zeros.
std::string decimal(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", x);
  std::string s = b;
  while (!s.empty() && s.back() == '0')
    s.pop_back();
  if (!s.empty() && s.back() == '.')
    s.pop_back();
  return s;
}

/// A negative extent anywhere in shape (its size can still be positive: (-2,-4)).
bool hasNegativeExtent(TupleView shape) {
  const Node *n = shape.nodes();
  for (uint32_t i = 0; i < shape.span(); ++i)
    if (n[i].kind == NodeKind::Int && n[i].value < 0)
      return true;
  return false;
}

/// What follows from the widths: the vector, the bytes a thread and the phase size.
struct Model {
  int64_t vector; // v: elements a thread accesses at once
  int64_t bytes;  // A: bytes a thread accesses at once
  int64_t phase;  // threads served together
  int64_t words;  // 4-byte words one access spans (A / 4, or 1 below a word)
};

Model modelOf(const BankOptions &o) {
  int64_t bytes = o.accessBits / 8;
  return Model{o.accessBits / o.elementBits, bytes, bytes > kBankBytes ? kWarp * kBankBytes / bytes : kWarp,
               bytes > kBankBytes ? bytes / kBankBytes : 1};
}

/// Fills in the banks, ways and conflicts of a wave whose offsets are set.
void analyse(BankWave &w, const Model &m, const BankOptions &o) {
  std::vector<std::pair<int64_t, int64_t>> touches; // (word, thread)
  for (size_t i = 0; i < w.offsets.size(); ++i) {
    int64_t byte = w.offsets[i] * o.elementBits / 8; // exact and in range: checked by the walk
    for (int64_t k = 0; k < m.words; ++k)
      touches.emplace_back(floorDiv(byte, kBankBytes) + k, w.firstThread + int64_t(i));
  }
  std::sort(touches.begin(), touches.end());
  std::array<int64_t, kBanks> load{};
  std::array<std::vector<int64_t>, kBanks> threads;
  for (size_t i = 0; i < touches.size(); ++i) {
    size_t b = size_t(floorMod(touches[i].first, kBanks));
    if (i == 0 || touches[i].first != touches[i - 1].first)
      ++load[b];
    threads[b].push_back(touches[i].second);
  }
  w.ways = std::max<int64_t>(1, *std::max_element(load.begin(), load.end()));
  for (int64_t b = 0; b < kBanks; ++b) {
    if (load[size_t(b)] > 0)
      w.banks.push_back(b);
    if (load[size_t(b)] > 1) {
      std::vector<int64_t> &t = threads[size_t(b)];
      std::sort(t.begin(), t.end());
      t.erase(std::unique(t.begin(), t.end()), t.end());
      w.conflicts.push_back(BankConflict{b, load[size_t(b)], std::move(t)});
    }
  }
}

/// The walk of one layout (plain or composed) under one access pattern.
template <class L> class BankWalk {
public:
  BankWalk(const L &l, const Layout &domain, const BankOptions &o, Style style)
      : l_(l), domain_(domain), o_(o), m_(modelOf(o)), style_(style), printed_(print(l, style)), view_(o.names->view) {}

  Expected<BankReport> run() {
    if (domain_.rank() == 0)
      return makeError(view_ + " needs a layout of rank 1 or more but " + printed_ + " has rank 0");
    if (o_.pattern != AccessPattern::ThreadValue && domain_.rank() > 2)
      return makeError(view_ + " reads rows and columns of rank-1 and rank-2 layouts; " + printed_ + " has rank " +
                       std::to_string(domain_.rank()) + " (a thread-value layout reads any rank)");
    {
      ArithScope scope;
      Int size = cutelayout::size(domain_);
      rows_ = domain_.rank() == 2 ? cutelayout::size(domain_.mode(0)).value : 1;
      cols_ = domain_.rank() == 2 ? cutelayout::size(domain_.mode(1)).value : size.value;
      for (uint32_t i = 0; i < domain_.rank(); ++i)
        extents_.push_back(cutelayout::size(domain_.mode(i)).value);
      size_ = size.value;
      if (scope.failed())
        return makeError(view_ + ": the size of " + printed_ + " overflows int64");
    }
    if (hasNegativeExtent(domain_.shape.view()))
      return makeError(view_ + ": " + printed_ + " has a negative extent");
    if (size_ == 0)
      return makeError(view_ + ": " + printed_ + " has no elements");
    BankReport r;
    if (o_.pattern != AccessPattern::ThreadValue)
      CL_TRY(gridWaves(r.waves));
    else if (o_.tiled)
      CL_TRY(tiledWaves(r.waves));
    else
      CL_TRY(threadValueWaves(r.waves, nullptr, ""));
    r.layout = printed_;
    r.model = model();
    r.elementBits = o_.elementBits;
    r.accessBits = o_.accessBits;
    r.vector = m_.vector;
    r.phase = m_.phase;
    for (BankWave &w : r.waves) {
      analyse(w, m_, o_);
      r.worst = std::max(r.worst, w.ways);
      r.wavefronts += w.ways;
      r.conflicting += w.ways > 1;
    }
    return r;
  }

private:
  /// The waves of the rows and columns patterns.
  Expected<bool> gridWaves(std::vector<BankWave> &waves) {
    if (size_ > kMaxElements)
      return makeError(view_ + ": " + printed_ + " has more than " + std::to_string(kMaxElements) + " elements");
    int64_t v = m_.vector;
    if (cols_ % v != 0)
      return makeError(view_ + ": a row of " + printed_ + " has " + std::to_string(cols_) +
                       " elements, not a multiple of the " + std::to_string(v) + " " + std::to_string(o_.elementBits) +
                       "-bit elements of a " + std::to_string(o_.accessBits) + "-bit access");
    int64_t vectors = cols_ / v;
    bool byRows = o_.pattern == AccessPattern::Rows;
    int64_t outer = byRows ? rows_ : vectors, threads = byRows ? vectors : rows_;
    for (int64_t a = 0; a < outer; ++a)
      for (int64_t t0 = 0; t0 < threads; t0 += m_.phase) {
        BankWave w;
        w.what = byRows ? "row " + std::to_string(a) : plural("column", a * v, a * v + v - 1);
        w.firstThread = t0;
        for (int64_t t = t0; t < std::min(t0 + m_.phase, threads); ++t) {
          int64_t row = byRows ? a : t, vec = byRows ? t : a;
          std::string reads = plural("column", vec * v, vec * v + v - 1) + " of row " + std::to_string(row);
          CL_TRY(addAccess(w, t, reads, [&](int64_t k) -> Expected<int64_t> {
            int64_t col = vec * v + k;
            return domain_.rank() < 2 ? col : row + rows_ * col;
          }));
        }
        waves.push_back(std::move(w));
      }
    return true;
  }

  /// The waves of a thread-value layout over the elements (tile == nullptr), or over one
  /// tile whose first element is at `corner` (per mode): warp by warp, access by access,
  /// phase by phase. `tileName` names the tile in each wave (empty where there is one).
  Expected<bool> threadValueWaves(std::vector<BankWave> &waves, const std::vector<int64_t> *corner,
                                  const std::string &tileName) {
    const Layout &tv = o_.threadValue;
    int64_t threads = cutelayout::size(tv.mode(0)).value, values = cutelayout::size(tv.mode(1)).value;
    int64_t v = m_.vector;
    for (int64_t w0 = 0; w0 < threads; w0 += kWarp) {
      int64_t warpEnd = std::min(w0 + kWarp, threads);
      for (int64_t g = 0; g < values / v; ++g) {
        std::set<std::vector<int64_t>> request; // the accesses of this request's earlier waves
        for (int64_t t0 = w0; t0 < warpEnd; t0 += m_.phase) {
          BankWave w;
          std::string values = plural("value", g * v, g * v + v - 1);
          w.what = tileName.empty() ? values : tileName + ", " + values;
          w.firstThread = t0;
          std::string reads = tileName.empty() ? values : values + " of " + tileName;
          for (int64_t t = t0; t < std::min(t0 + m_.phase, warpEnd); ++t)
            CL_TRY(addAccess(w, t, reads, [&](int64_t k) { return threadValueElement(t, g * v + k, corner); }));
          // A copy's phase whose threads all repeat earlier threads' accesses makes no wave:
          // CuTe writes the threads an ldmatrix .x1 or .x2 ignores as such repeats.
          bool repeats = o_.copySide;
          for (size_t i = 0; o_.copySide && i < w.offsets.size(); ++i) {
            auto first = w.elements.begin() + std::ptrdiff_t(i) * v;
            repeats = request.insert(std::vector<int64_t>(first, first + v)).second ? false : repeats;
          }
          if (!repeats)
            waves.push_back(std::move(w));
        }
      }
    }
    return true;
  }

  /// The waves of a tiled copy's or MMA's side: the tile laid over the layout, mode by
  /// mode, each tile read in turn (column-major order of the tiles).
  Expected<bool> tiledWaves(std::vector<BankWave> &waves) {
    const IntTuple &tile = o_.tile;
    uint32_t rank = tile.isInt() ? 1 : tile.rank();
    if (rank != domain_.rank())
      return makeError(view_ + ": the tile " + print(tile, style_) + " of " + o_.via + " has rank " +
                       std::to_string(rank) + " but " + printed_ + " has rank " + std::to_string(domain_.rank()));
    int64_t tiles = 1;
    for (uint32_t i = 0; i < rank; ++i) {
      ArithScope scope;
      int64_t e = rank == 1 && tile.isInt() ? tile.asInt().value : product(tile.child(i)).value;
      if (scope.failed() || e <= 0)
        return makeError(view_ + ": the tile " + print(tile, style_) + " of " + o_.via + " has no elements");
      if (extents_[i] % e != 0)
        return makeError(view_ + ": the tile " + print(tile, style_) + " of " + o_.via + " does not divide " +
                         printed_ + ": mode " + std::to_string(i) + " has " + std::to_string(extents_[i]) +
                         " elements, not a multiple of " + std::to_string(e));
      tileExtents_.push_back(e);
      tiles *= extents_[i] / e; // at most size_, which did not overflow
    }
    int64_t pairs = cutelayout::size(o_.threadValue).value, reads = 0;
    if (__builtin_mul_overflow(tiles, pairs, &reads) || reads > kMaxReads)
      return makeError(view_ + ": " + std::to_string(tiles) + " tiles of " + printed_ + " read by " +
                       std::to_string(pairs) + " (thread, value) pairs each: more than 2^20 reads");
    for (int64_t r = 0; r < tiles; ++r) {
      std::vector<int64_t> corner(rank);
      int64_t rest = r;
      std::string coord;
      for (uint32_t i = 0; i < rank; ++i) {
        int64_t count = extents_[i] / tileExtents_[i];
        corner[i] = (rest % count) * tileExtents_[i];
        coord += (i ? "," : "") + std::to_string(rest % count);
        rest /= count;
      }
      CL_TRY(threadValueWaves(waves, &corner, tiles == 1 ? "" : "tile " + (rank == 1 ? coord : "(" + coord + ")")));
    }
    return true;
  }

  /// The element (column-major index of the layout's domain) that thread t's value
  /// `value` names, through a tile at `corner` where tiled.
  Expected<int64_t> threadValueElement(int64_t t, int64_t value, const std::vector<int64_t> *corner) {
    const Layout &tv = o_.threadValue;
    int64_t index;
    {
      ArithScope scope;
      IntTuple c = IntTuple::makeTuple({IntTuple(Int::dynamic(t)).view(), IntTuple(Int::dynamic(value)).view()});
      index = CL_TRY(crd2idx(c, tv)).value;
      if (scope.failed())
        return scope.error(view_.c_str());
    }
    int64_t within = corner ? tileSize() : size_;
    if (index < 0 || index >= within)
      return makeError(view_ + ": the thread-value layout " + print(tv, style_) + " maps (thread " + std::to_string(t) +
                       ", value " + std::to_string(value) + ") to element " + std::to_string(index) + ", outside the " +
                       std::to_string(within) + " elements of " +
                       (corner ? "the tile " + print(o_.tile, style_) : printed_));
    if (!corner)
      return index;
    int64_t element = 0, scale = 1;
    for (size_t i = 0; i < tileExtents_.size(); ++i) {
      element += ((*corner)[i] + index % tileExtents_[i]) * scale;
      index /= tileExtents_[i];
      scale *= extents_[i];
    }
    return element;
  }

  int64_t tileSize() const {
    int64_t n = 1;
    for (int64_t e : tileExtents_)
      n *= e;
    return n;
  }

  /// The offset of an element, by its column-major index in the layout's domain.
  Expected<int64_t> offsetOf(int64_t element) {
    ArithScope scope;
    Int x;
    if (domain_.rank() == 1 || (o_.pattern == AccessPattern::ThreadValue && !o_.tiled)) {
      x = CL_TRY(crd2idx(IntTuple(Int::dynamic(element)), l_));
    } else {
      TupleBuilder b;
      b.open();
      for (int64_t e : extents_) {
        b.leaf(Int::dynamic(element % e));
        element /= e;
      }
      b.close();
      x = CL_TRY(crd2idx(b.finish(), l_));
    }
    if (scope.failed())
      return scope.error(view_.c_str());
    return x.value;
  }

  /// Adds thread t's access to the v elements elementOf(0..v-1) to w: their offsets must
  /// be consecutive, aligned to the access width and addressable in int64 bits.
  template <class ElementOf>
  Expected<bool> addAccess(BankWave &w, int64_t t, const std::string &reads, ElementOf elementOf) {
    std::string who = view_ + ": thread " + std::to_string(t) + " reads " + reads + " in one " +
                      std::to_string(o_.accessBits) + "-bit access, but ";
    int64_t start = 0, previous = 0;
    for (int64_t k = 0; k < m_.vector; ++k) {
      int64_t element = CL_TRY(elementOf(k));
      int64_t x = CL_TRY(offsetOf(element));
      if (k == 0)
        start = x;
      else if (previous == INT64_MAX || x != previous + 1)
        return makeError(who + "their offsets are not consecutive: " + std::to_string(previous) + " then " +
                         std::to_string(x));
      previous = x;
      w.elements.push_back(element);
    }
    int64_t bit;
    if (__builtin_mul_overflow(start, o_.elementBits, &bit) || bit > INT64_MAX - o_.accessBits)
      return makeError(who + "the bit address of offset " + std::to_string(start) + " overflows int64");
    if (floorMod(bit, o_.accessBits) != 0) {
      bool bytes = bit % 8 == 0;
      return makeError(who + "it starts at offset " + std::to_string(start) + ", " + (bytes ? "byte " : "bit ") +
                       std::to_string(bytes ? bit / 8 : bit) + ", not a multiple of " +
                       std::to_string(bytes ? m_.bytes : o_.accessBits));
    }
    w.offsets.push_back(start);
    return true;
  }

  /// The accesses in words: the report's second line.
  std::string model() const {
    std::string out =
        std::to_string(o_.elementBits) + "-bit elements, " + std::to_string(o_.accessBits) + "-bit accesses ";
    int64_t v = m_.vector;
    // A copy's destination side is written; everything else is read.
    std::string reads = o_.via.rfind("the destination side", 0) == 0 ? "writes " : "reads ";
    reads +=
        v == 1 ? "TV(t, g)"
               : "TV(t, " + std::to_string(v) + "g) to TV(t, " + std::to_string(v) + "g+" + std::to_string(v - 1) + ")";
    if (o_.pattern == AccessPattern::Rows)
      out += v == 1 ? "along rows: thread t reads column t"
                    : "along rows: thread t reads columns " + std::to_string(v) + "t to " + std::to_string(v) + "t+" +
                          std::to_string(v - 1);
    else if (o_.pattern == AccessPattern::Columns)
      out += "down columns: thread t reads row t";
    else if (o_.via.empty())
      out += "by the thread-value layout " + print(o_.threadValue, style_) + ": thread t " + reads + " in access g";
    else if (!o_.tiled)
      out += "by " + o_.via + ", its thread-value layout " + print(o_.threadValue, style_) + ": thread t " + reads +
             " in access g";
    else
      out += "by " + o_.via + ", its thread-value layout " + print(o_.threadValue, style_) + " over tiles of " +
             print(o_.tile, style_) + ": thread t " + reads + " in access g of each tile";
    return out + "; " + std::to_string(m_.phase) + " threads a phase, 32 banks of 4 bytes";
  }

  const L &l_;
  const Layout &domain_;
  const BankOptions &o_;
  Model m_;
  Style style_;
  std::string printed_;
  std::string view_;
  int64_t rows_ = 0, cols_ = 0, size_ = 0;
  std::vector<int64_t> extents_;     // the sizes of the domain's modes
  std::vector<int64_t> tileExtents_; // tiled: the sizes of the tile's modes
};

/// The thread-value checks of setBankAccess, on tv as `what` names it.
Expected<bool> checkThreadValue(const BankOptions &o, const Layout &tv, const std::string &what) {
  const char *access = o.names->access;
  if (tv.rank() != 2)
    return makeError(std::string(access) + ": " + what + " has rank " + std::to_string(tv.rank()) +
                     ", not 2 (thread, value)");
  ArithScope scope;
  int64_t threads = size(tv.mode(0)).value, values = size(tv.mode(1)).value;
  Int pairs = size(tv);
  if (scope.failed() || pairs.value > kMaxElements)
    return makeError(std::string(access) + ": " + what + " has more than " + std::to_string(kMaxElements) +
                     " (thread, value) pairs");
  if (hasNegativeExtent(tv.shape.view()))
    return makeError(std::string(access) + ": " + what + " has a negative extent");
  if (threads == 0 || values == 0)
    return makeError(std::string(access) + ": " + what + " has no (thread, value) pairs");
  int64_t v = o.accessBits / o.elementBits;
  if (values % v != 0)
    return makeError(std::string(access) + ": " + what + " gives each thread " + std::to_string(values) +
                     " values, not a multiple of the " + std::to_string(v) + " " + std::to_string(o.elementBits) +
                     "-bit elements of a " + std::to_string(o.accessBits) + "-bit access");
  return true;
}

/// "the source side of X", the TV layout and (tiled) its tile of side `side` of a copy or
/// MMA value.
struct Side {
  std::string via;
  Layout tv;
  bool tiled = false;
  IntTuple tile;
};

Expected<Side> sideOf(const Value &v, std::string_view side, const BankNames &names) {
  const char *access = names.access;
  std::string given(side);
  bool copy = v.kind == Value::Kind::TiledCopy || v.kind == Value::Kind::CopyAtom;
  const char *sides = copy ? "src or dst" : "A, B or C";
  if (side.empty())
    return makeError(std::string(access) + ": " + describe(v) + " has several sides: name one, " +
                     (copy ? names.copySides : names.mmaSides));
  Side s;
  if (copy) {
    if (side != "src" && side != "dst")
      return makeError(std::string(access) + ": the side of " + describe(v) + " is " + sides + ", not '" + given + "'");
    char which = side == "src" ? 'S' : 'D';
    s.via = std::string(side == "src" ? "the source side of " : "the destination side of ") + describe(v);
    const TiledCopy &c = *v.copy();
    if (v.kind == Value::Kind::CopyAtom) {
      s.tv = which == 'S' ? c.atom.layoutSrc : c.atom.layoutDst;
      return s;
    }
    s.tv = CL_TRY(layoutTV(c, which));
    s.tiled = true;
    s.tile = c.tilerMN;
    return s;
  }
  if (side != "A" && side != "B" && side != "C")
    return makeError(std::string(access) + ": the side of " + describe(v) + " is " + sides + ", not '" + given + "'");
  char which = side[0];
  TiledMma m =
      v.kind == Value::Kind::TiledMma
          ? *v.mma()
          : CL_TRY(makeTiledMma(v.mma()->atom,
                                makeLayout(IntTuple::makeTuple(
                                    {IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1)), IntTuple(Int::fixed(1))})),
                                nullptr));
  s.via = std::string("operand ") + which + " of " + describe(v);
  s.tv = CL_TRY(layoutTV(m, which));
  s.tiled = true;
  s.tile = operandTile(m, which);
  return s;
}

/// A string for JSON: quoted, with ", \ and control characters escaped.
std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      out += b;
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

std::string jsonArray(const std::vector<int64_t> &xs) {
  std::string out = "[";
  for (size_t i = 0; i < xs.size(); ++i)
    out += (i ? "," : "") + std::to_string(xs[i]);
  return out + "]";
}

/// The threads colliding in a wave, grouped by bank: "threads 0-7 in banks 0-3, ...".
std::string collisions(const BankWave &w) {
  std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> groups; // threads -> banks
  for (const BankConflict &c : w.conflicts) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto &p) { return p.first == c.threads; });
    if (g == groups.end())
      groups.emplace_back(c.threads, std::vector<int64_t>{c.bank});
    else
      g->second.push_back(c.bank);
  }
  std::string out;
  for (const auto &[threads, banks] : groups)
    out += (out.empty() ? "" : ", ") + counted("thread", threads) + " in " + counted("bank", banks);
  return out;
}

} // namespace

std::string printRuns(const std::vector<int64_t> &sorted) {
  std::string out;
  for (size_t i = 0; i < sorted.size();) {
    size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
      ++j;
    out += (out.empty() ? "" : ",") + span(sorted[i], sorted[j]);
    i = j + 1;
  }
  return out;
}

Expected<BankOptions> makeBankOptions(int64_t elementBits, int64_t accessBits, const BankNames &names) {
  BankOptions o;
  o.names = &names;
  for (auto [bits, name] :
       {std::make_pair(elementBits, names.elementBits), std::make_pair(accessBits, names.accessBits)})
    if (bits <= 0)
      return makeError(std::string(name) + " takes a positive number of bits but got " + std::to_string(bits));
  int64_t a = accessBits;
  if (a != 8 && a != 16 && a != 32 && a != 64 && a != 128)
    return makeError(std::string(names.accessBits) +
                     " takes 8, 16, 32, 64 or 128 (the widths of a shared-memory access) but got " + std::to_string(a));
  if (a % elementBits != 0)
    return makeError(std::string(names.accessBits) + " " + std::to_string(a) + " is not a multiple of " +
                     names.elementBits + " " + std::to_string(elementBits));
  o.elementBits = elementBits;
  o.accessBits = accessBits;
  return o;
}

Expected<bool> setBankAccess(BankOptions &o, const Value &access, std::string_view side) {
  const char *name = o.names->access;
  Side s;
  switch (access.kind) {
  case Value::Kind::Layout:
    if (access.notCongruent)
      return makeError(std::string(name) +
                       " takes rows, columns, a thread-value layout, a tiled copy or a tiled MMA "
                       "but " +
                       printValue(access, Style::Plain) + " is not congruent");
    if (!side.empty())
      return makeError(std::string(name) + ": " + std::string(side) +
                       ": names a side of a tiled copy or a tiled MMA, but " + printValue(access, Style::Plain) +
                       " is a thread-value layout");
    s.tv = access.layout;
    break;
  case Value::Kind::TiledCopy:
  case Value::Kind::CopyAtom:
  case Value::Kind::TiledMma:
  case Value::Kind::MmaAtom:
    s = CL_TRY(sideOf(access, side, *o.names));
    break;
  default:
    return makeError(std::string(name) +
                     " takes rows, columns, a thread-value layout, a tiled copy or a tiled MMA but " +
                     describe(access) + " is " + kindName(access.kind));
  }
  std::string what = "the thread-value layout " + print(s.tv, Style::Plain) + (s.via.empty() ? "" : " of " + s.via);
  CL_TRY(checkThreadValue(o, s.tv, what));
  o.pattern = AccessPattern::ThreadValue;
  o.threadValue = std::move(s.tv);
  o.tiled = s.tiled;
  o.tile = std::move(s.tile);
  o.via = std::move(s.via);
  o.copySide = access.kind == Value::Kind::TiledCopy || access.kind == Value::Kind::CopyAtom;
  return true;
}

Expected<BankReport> bankConflicts(const Value &v, const BankOptions &options, Style style) {
  std::string view = options.names->view;
  if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Composed)
    return makeError(view + " needs a layout or a composed layout but the result is " +
                     (printValue(v, style).find('\n') == std::string::npos ? printValue(v, style) : describe(v)));
  if (v.notCongruent) // printable, but it has no offsets
    return makeError(view + " needs a layout whose shape and stride are congruent, got " + printValue(v, style));
  if (v.kind == Value::Kind::Layout)
    return BankWalk<Layout>(v.layout, v.layout, options, style).run();
  const ComposedLayout &c = *v.composed();
  if (c.innerSwizzle) // its domain is not a layout's: no rows, columns or element indices
    return innerSwizzleError(c, options.names->view);
  return BankWalk<ComposedLayout>(c, c.inner, options, style).run();
}

std::string printBanks(const BankReport &r) {
  std::string out = r.layout + "\n" + r.model + "\n";
  std::vector<int64_t> worstWaves;
  for (size_t i = 0; i < r.waves.size(); ++i) {
    const BankWave &w = r.waves[i];
    int64_t last = w.firstThread + int64_t(w.offsets.size()) - 1;
    out += "wave " + std::to_string(i) + ": " + w.what + ", " + plural("thread", w.firstThread, last) + ": " +
           counted("bank", w.banks) + ", ";
    out += w.ways == 1 ? "conflict-free" : std::to_string(w.ways) + "-way";
    // "in banks ..." only where some banks hit serve fewer words than the worst.
    std::vector<int64_t> worst;
    for (const BankConflict &c : w.conflicts)
      if (c.ways == w.ways)
        worst.push_back(c.bank);
    if (w.ways > 1 && worst.size() < w.banks.size())
      out += " in " + counted("bank", worst);
    out += "\n";
    if (w.ways == r.worst)
      worstWaves.push_back(int64_t(i));
  }
  out += "worst: ";
  out += r.worst == 1
             ? "conflict-free"
             : std::to_string(r.worst) + "-way in wave" + (worstWaves.size() > 1 ? "s " : " ") + printRuns(worstWaves);
  out += "; conflicting waves: " + std::to_string(r.conflicting) + " of " + std::to_string(r.waves.size()) + "\n";
  out += "wavefronts: " + std::to_string(r.wavefronts) + " for " + std::to_string(r.waves.size()) + " wave" +
         (r.waves.size() == 1 ? "" : "s") + " (average " + decimal(r.average()) + "-way)\n";
  if (r.worst > 1)
    out +=
        "colliding in wave " + std::to_string(worstWaves[0]) + ": " + collisions(r.waves[size_t(worstWaves[0])]) + "\n";
  return out;
}

std::string printBankJson(const BankReport &r) {
  std::string out = "{\"layout\":" + quoted(r.layout) + ",\"model\":" + quoted(r.model) +
                    ",\"element_bits\":" + std::to_string(r.elementBits) +
                    ",\"access_bits\":" + std::to_string(r.accessBits) + ",\"vector\":" + std::to_string(r.vector) +
                    ",\"phase\":" + std::to_string(r.phase) + ",\"worst\":" + std::to_string(r.worst) +
                    ",\"average\":" + decimal(r.average()) + ",\"wavefronts\":" + std::to_string(r.wavefronts) +
                    ",\"conflicting\":" + std::to_string(r.conflicting) + ",\"waves\":[";
  for (size_t i = 0; i < r.waves.size(); ++i) {
    const BankWave &w = r.waves[i];
    out += std::string(i ? "," : "") + "{\"what\":" + quoted(w.what) +
           ",\"first_thread\":" + std::to_string(w.firstThread) + ",\"threads\":" + std::to_string(w.offsets.size()) +
           ",\"offsets\":" + jsonArray(w.offsets) + ",\"elements\":" + jsonArray(w.elements) +
           ",\"banks\":" + jsonArray(w.banks) + ",\"ways\":" + std::to_string(w.ways) + ",\"conflicts\":[";
    for (size_t j = 0; j < w.conflicts.size(); ++j)
      out += std::string(j ? "," : "") + "{\"bank\":" + std::to_string(w.conflicts[j].bank) +
             ",\"ways\":" + std::to_string(w.conflicts[j].ways) + ",\"threads\":" + jsonArray(w.conflicts[j].threads) +
             "}";
    out += "]}";
  }
  return out + "],\"text\":" + quoted(printBanks(r)) + "}";
}

} // namespace cutelayout::cli
