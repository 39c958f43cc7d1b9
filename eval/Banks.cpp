#include "Banks.h"

#include "Evaluator.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace cutelayout::cli {
namespace {

constexpr int64_t kBanks = 32;
constexpr int64_t kBankBytes = 4;
constexpr int64_t kWarp = 32;
constexpr int64_t kMaxElements = 1 << 16;

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

/// "3" or "0-7".
std::string span(int64_t first, int64_t last) {
  return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

/// Sorted distinct integers as runs: "0-3,8-11,16".
std::string runs(const std::vector<int64_t> &sorted) {
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

/// "banks 0-3,8-11" or "bank 5".
std::string banks(const std::vector<int64_t> &sorted) {
  return (sorted.size() == 1 ? "bank " : "banks ") + runs(sorted);
}

/// "columns 8-15" or "column 8" (likewise values).
std::string plural(const char *noun, int64_t first, int64_t last) {
  return std::string(noun) + (first == last ? " " : "s ") + span(first, last);
}

/// A decimal width: digits only, at most 9 of them.
Expected<int64_t> parseBits(std::string_view text, const char *option) {
  bool digits = !text.empty() && text.size() <= 9 &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  int64_t n = 0;
  for (char c : digits ? text : std::string_view())
    n = n * 10 + (c - '0');
  if (!digits || n == 0) {
    std::string shown;
    for (unsigned char c : text)
      shown += c >= 0x20 && c < 0x7F ? std::string(1, char(c)) : "?";
    return makeError(std::string(option) + " takes a positive number of bits but got '" + shown + "'");
  }
  return n;
}

/// A negative extent anywhere in shape (its size can still be positive: (-2,-4)).
bool hasNegativeExtent(TupleView shape) {
  const Node *n = shape.nodes();
  for (uint32_t i = 0; i < shape.span(); ++i)
    if (n[i].kind == NodeKind::Int && n[i].value < 0)
      return true;
  return false;
}

bool isName(std::string_view s) {
  return !s.empty() && std::isalpha(static_cast<unsigned char>(s[0])) && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
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

/// One phase of a warp's request: what it reads, its threads, and the first offset of
/// each thread's vector.
struct Wave {
  std::string what;
  int64_t firstThread = 0;
  std::vector<int64_t> starts;
};

/// The line of one wave; degree is set to its conflict degree.
std::string waveLine(size_t index, const Wave &w, const Model &m, const BankOptions &o, int64_t &degree) {
  std::vector<int64_t> words;
  for (int64_t start : w.starts) {
    int64_t byte = start * o.elementBits / 8; // exact and in range: checked by the caller
    for (int64_t k = 0; k < m.words; ++k)
      words.push_back(floorDiv(byte, kBankBytes) + k);
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::array<int64_t, kBanks> load{};
  for (int64_t word : words)
    ++load[size_t(floorMod(word, kBanks))];
  degree = *std::max_element(load.begin(), load.end());
  std::vector<int64_t> hit, worst;
  for (int64_t b = 0; b < kBanks; ++b) {
    if (load[size_t(b)] > 0)
      hit.push_back(b);
    if (degree > 1 && load[size_t(b)] == degree)
      worst.push_back(b);
  }
  int64_t last = w.firstThread + int64_t(w.starts.size()) - 1;
  std::string out = "wave " + std::to_string(index) + ": " + w.what + ", " + plural("thread", w.firstThread, last) +
                    ": " + banks(hit) + ", ";
  // "in banks ..." only where some banks hit serve fewer words than the worst.
  out += degree == 1 ? "conflict-free" : std::to_string(degree) + "-way";
  if (degree > 1 && worst.size() < hit.size())
    out += " in " + banks(worst);
  return out + "\n";
}

/// The walk of one layout (plain or composed) under one access pattern.
template <class L> class BankWalk {
public:
  BankWalk(const L &l, const Layout &domain, const BankOptions &o, Style style)
      : l_(l), domain_(domain), o_(o), m_(modelOf(o)), style_(style), printed_(print(l, style)) {}

  Expected<std::string> run() {
    if (domain_.rank() == 0)
      return makeError("--banks needs a layout of rank 1 or more but " + printed_ + " has rank 0");
    if (o_.pattern != AccessPattern::ThreadValue && domain_.rank() > 2)
      return makeError("--banks reads rows and columns of rank-1 and rank-2 layouts; " + printed_ + " has rank " +
                       std::to_string(domain_.rank()) + " (a thread-value layout reads any rank)");
    {
      ArithScope scope;
      Int size = cutelayout::size(domain_);
      rows_ = domain_.rank() == 2 ? cutelayout::size(domain_.mode(0)).value : 1;
      cols_ = domain_.rank() == 2 ? cutelayout::size(domain_.mode(1)).value : size.value;
      size_ = size.value;
      if (scope.failed())
        return makeError("--banks: the size of " + printed_ + " overflows int64");
    }
    if (hasNegativeExtent(domain_.shape.view()))
      return makeError("--banks: " + printed_ + " has a negative extent");
    if (size_ == 0)
      return makeError("--banks: " + printed_ + " has no elements");
    std::vector<Wave> waves;
    if (o_.pattern == AccessPattern::ThreadValue)
      CL_TRY(threadValueWaves(waves));
    else
      CL_TRY(gridWaves(waves));
    return report(waves);
  }

private:
  /// The waves of the rows and columns patterns.
  Expected<bool> gridWaves(std::vector<Wave> &waves) {
    if (size_ > kMaxElements)
      return makeError("--banks: " + printed_ + " has more than " + std::to_string(kMaxElements) + " elements");
    int64_t v = m_.vector;
    if (cols_ % v != 0)
      return makeError("--banks: a row of " + printed_ + " has " + std::to_string(cols_) +
                       " elements, not a multiple of the " + std::to_string(v) + " " + std::to_string(o_.elementBits) +
                       "-bit elements of a " + std::to_string(o_.accessBits) + "-bit access");
    int64_t vectors = cols_ / v;
    bool byRows = o_.pattern == AccessPattern::Rows;
    int64_t outer = byRows ? rows_ : vectors, threads = byRows ? vectors : rows_;
    for (int64_t a = 0; a < outer; ++a)
      for (int64_t t0 = 0; t0 < threads; t0 += m_.phase) {
        Wave w;
        w.what = byRows ? "row " + std::to_string(a) : plural("column", a * v, a * v + v - 1);
        w.firstThread = t0;
        for (int64_t t = t0; t < std::min(t0 + m_.phase, threads); ++t) {
          int64_t row = byRows ? a : t, vec = byRows ? t : a;
          std::string reads = plural("column", vec * v, vec * v + v - 1) + " of row " + std::to_string(row);
          w.starts.push_back(CL_TRY(vectorStart(t, reads, [&](int64_t k) { return offsetAt(row, vec * v + k); })));
        }
        waves.push_back(std::move(w));
      }
    return true;
  }

  /// The waves of a thread-value layout: warp by warp, access by access, phase by phase.
  Expected<bool> threadValueWaves(std::vector<Wave> &waves) {
    const Layout &tv = o_.threadValue;
    int64_t threads = cutelayout::size(tv.mode(0)).value, values = cutelayout::size(tv.mode(1)).value;
    int64_t v = m_.vector;
    for (int64_t w0 = 0; w0 < threads; w0 += kWarp) {
      int64_t warpEnd = std::min(w0 + kWarp, threads);
      for (int64_t g = 0; g < values / v; ++g)
        for (int64_t t0 = w0; t0 < warpEnd; t0 += m_.phase) {
          Wave w;
          w.what = plural("value", g * v, g * v + v - 1);
          w.firstThread = t0;
          for (int64_t t = t0; t < std::min(t0 + m_.phase, warpEnd); ++t)
            w.starts.push_back(
                CL_TRY(vectorStart(t, w.what, [&](int64_t k) { return threadValueOffset(t, g * v + k); })));
          waves.push_back(std::move(w));
        }
    }
    return true;
  }

  /// The offset of element (row, col) of a rank-2 layout, or col of a rank-1 one.
  Expected<int64_t> offsetAt(int64_t row, int64_t col) {
    IntTuple c = domain_.rank() < 2
                     ? IntTuple(Int::dynamic(col))
                     : IntTuple::makeTuple({IntTuple(Int::dynamic(row)).view(), IntTuple(Int::dynamic(col)).view()});
    return offsetOf(c);
  }

  /// The offset of the element thread t's value `value` names.
  Expected<int64_t> threadValueOffset(int64_t t, int64_t value) {
    const Layout &tv = o_.threadValue;
    int64_t index;
    {
      ArithScope scope;
      IntTuple c = IntTuple::makeTuple({IntTuple(Int::dynamic(t)).view(), IntTuple(Int::dynamic(value)).view()});
      index = CL_TRY(crd2idx(c, tv)).value;
      if (scope.failed())
        return scope.error("--banks");
    }
    if (index < 0 || index >= size_)
      return makeError("--banks: the thread-value layout " + print(tv, style_) + " maps (thread " + std::to_string(t) +
                       ", value " + std::to_string(value) + ") to element " + std::to_string(index) + ", outside the " +
                       std::to_string(size_) + " elements of " + printed_);
    return offsetOf(IntTuple(Int::dynamic(index)));
  }

  Expected<int64_t> offsetOf(const IntTuple &coord) {
    ArithScope scope;
    Int x = CL_TRY(crd2idx(coord, l_));
    if (scope.failed())
      return scope.error("--banks");
    return x.value;
  }

  /// The first offset of thread t's access to the v elements at offsetOf(0..v-1), which
  /// must be consecutive, aligned to the access width and addressable in int64 bits.
  template <class OffsetOf> Expected<int64_t> vectorStart(int64_t t, const std::string &reads, OffsetOf offsetOf) {
    std::string who = "--banks: thread " + std::to_string(t) + " reads " + reads + " in one " +
                      std::to_string(o_.accessBits) + "-bit access, but ";
    int64_t start = CL_TRY(offsetOf(0)), previous = start;
    for (int64_t k = 1; k < m_.vector; ++k) {
      int64_t x = CL_TRY(offsetOf(k));
      if (previous == INT64_MAX || x != previous + 1)
        return makeError(who + "their offsets are not consecutive: " + std::to_string(previous) + " then " +
                         std::to_string(x));
      previous = x;
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
    return start;
  }

  std::string header() const {
    std::string out = printed_ + "\n" + std::to_string(o_.elementBits) + "-bit elements, " +
                      std::to_string(o_.accessBits) + "-bit accesses ";
    int64_t v = m_.vector;
    if (o_.pattern == AccessPattern::Rows)
      out += v == 1 ? "along rows: thread t reads column t"
                    : "along rows: thread t reads columns " + std::to_string(v) + "t to " + std::to_string(v) + "t+" +
                          std::to_string(v - 1);
    else if (o_.pattern == AccessPattern::Columns)
      out += "down columns: thread t reads row t";
    else
      out += "by the thread-value layout " + print(o_.threadValue, style_) + ": thread t reads " +
             (v == 1 ? "TV(t, g)"
                     : "TV(t, " + std::to_string(v) + "g) to TV(t, " + std::to_string(v) + "g+" +
                           std::to_string(v - 1) + ")") +
             " in access g";
    return out + "; " + std::to_string(m_.phase) + " threads a phase, 32 banks of 4 bytes\n";
  }

  std::string report(const std::vector<Wave> &waves) const {
    std::string out = header();
    int64_t worst = 1, conflicting = 0;
    std::vector<int64_t> worstWaves;
    for (size_t i = 0; i < waves.size(); ++i) {
      int64_t degree = 1;
      out += waveLine(i, waves[i], m_, o_, degree);
      conflicting += degree > 1;
      if (degree > worst)
        worstWaves.clear();
      worst = std::max(worst, degree);
      if (degree == worst)
        worstWaves.push_back(int64_t(i));
    }
    out += "worst: ";
    out += worst == 1
               ? "conflict-free"
               : std::to_string(worst) + "-way in wave" + (worstWaves.size() > 1 ? "s " : " ") + runs(worstWaves);
    return out + "; conflicting waves: " + std::to_string(conflicting) + " of " + std::to_string(waves.size()) + "\n";
  }

  const L &l_;
  const Layout &domain_;
  const BankOptions &o_;
  Model m_;
  Style style_;
  std::string printed_;
  int64_t rows_ = 0, cols_ = 0, size_ = 0;
};

} // namespace

Expected<BankOptions> makeBankOptions(std::string_view elementBits, std::string_view accessBits,
                                      std::string_view access, const ParseOptions &parse) {
  BankOptions o;
  o.elementBits = CL_TRY(parseBits(elementBits, "--element-bits"));
  o.accessBits = CL_TRY(parseBits(accessBits, "--access-bits"));
  int64_t a = o.accessBits;
  if (a != 8 && a != 16 && a != 32 && a != 64 && a != 128)
    return makeError("--access-bits takes 8, 16, 32, 64 or 128 (the widths of a shared-memory access) but got " +
                     std::to_string(a));
  if (a % o.elementBits != 0)
    return makeError("--access-bits " + std::to_string(a) + " is not a multiple of --element-bits " +
                     std::to_string(o.elementBits));
  if (access == "rows" || access == "columns") {
    o.pattern = access == "rows" ? AccessPattern::Rows : AccessPattern::Columns;
    return o;
  }
  if (isName(access))
    return makeError("--access takes rows, columns or a thread-value layout but got '" + std::string(access) + "'");
  Expected<Value> tv = evaluate(access, parse);
  if (!tv)
    return makeError("--access: " + tv.error().message);
  std::string printed = printValue(*tv, Style::Plain);
  if (tv->kind != Value::Kind::Layout || tv->notCongruent)
    return makeError("--access takes rows, columns or a thread-value layout but " + printed +
                     (tv->kind == Value::Kind::Layout ? " is not congruent" : " is not a layout"));
  if (tv->layout.rank() != 2)
    return makeError("--access: the thread-value layout " + printed + " has rank " + std::to_string(tv->layout.rank()) +
                     ", not 2 (thread, value)");
  ArithScope scope;
  int64_t threads = size(tv->layout.mode(0)).value, values = size(tv->layout.mode(1)).value;
  Int pairs = size(tv->layout);
  if (scope.failed() || pairs.value > kMaxElements)
    return makeError("--access: the thread-value layout " + printed + " has more than " + std::to_string(kMaxElements) +
                     " (thread, value) pairs");
  if (hasNegativeExtent(tv->layout.shape.view()))
    return makeError("--access: the thread-value layout " + printed + " has a negative extent");
  if (threads == 0 || values == 0)
    return makeError("--access: the thread-value layout " + printed + " has no (thread, value) pairs");
  int64_t v = a / o.elementBits;
  if (values % v != 0)
    return makeError("--access: the thread-value layout " + printed + " gives each thread " + std::to_string(values) +
                     " values, not a multiple of the " + std::to_string(v) + " " + std::to_string(o.elementBits) +
                     "-bit elements of a " + std::to_string(a) + "-bit access");
  o.pattern = AccessPattern::ThreadValue;
  o.threadValue = tv->layout;
  return o;
}

Expected<std::string> printBanks(const Layout &l, const BankOptions &options, Style style) {
  return BankWalk<Layout>(l, l, options, style).run();
}

Expected<std::string> printBanks(const ComposedLayout &c, const BankOptions &options, Style style) {
  if (c.innerSwizzle) // its domain is not a layout's: no rows, columns or element indices
    return innerSwizzleError(c, "--banks");
  return BankWalk<ComposedLayout>(c, c.inner, options, style).run();
}

} // namespace cutelayout::cli
