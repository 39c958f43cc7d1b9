// Swizzle synthesis (SwizzleSynthesis.h): every candidate judged by bankConflicts, ranked.
#include "SwizzleSynthesis.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace cutelayout::cli {

namespace {

std::string printSwizzle(const Swizzle &s) {
  return "Sw<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) + ">";
}

std::string ways(int64_t w) { return w == 1 ? "conflict-free" : std::to_string(w) + "-way"; }

/// Sw o _0 o tile as the bank model takes it (the tile itself for Sw<0,0,0>).
Value swizzled(const Layout &tile, const Swizzle &s) {
  if (s.bits == 0)
    return Value::ofLayout(tile);
  return Value::ofComposed(ComposedLayout{OuterFunction::of(s), IntTuple(Int{0, true}), tile});
}

/// The bank model's verdict on one candidate; models receives each access's model line.
SwizzleCandidate judge(const Layout &tile, const Swizzle &s, const std::vector<BankOptions> &accesses,
                       std::vector<std::string> *models = nullptr) {
  SwizzleCandidate c;
  c.swizzle = s;
  Value v = swizzled(tile, s);
  for (size_t i = 0; i < accesses.size(); ++i) {
    Expected<BankReport> r = bankConflicts(v, accesses[i], Style::Plain);
    if (!r.ok()) {
      c.broken = "access " + std::to_string(i) + ": " + r.error().message;
      c.worst.clear();
      c.wavefronts.clear();
      c.vector.clear();
      return c;
    }
    if (models)
      models->push_back(r->model);
    c.worst.push_back(r->worst);
    c.wavefronts.push_back(r->wavefronts);
    c.vector.push_back(r->vector);
    c.worstWays = std::max(c.worstWays, r->worst);
    c.totalWavefronts += r->wavefronts;
  }
  return c;
}

/// The ranking key of SwizzleSynthesis.h's order (smaller is better).
auto rankKey(const SwizzleCandidate &c, int64_t preferredM) {
  const Swizzle &s = c.swizzle;
  return std::make_tuple(!c.keepsVectors(), c.worstWays, c.totalWavefronts, s.bits, s.base != preferredM,
                         std::abs(s.base - preferredM), s.shift, s.base);
}

} // namespace

int64_t preferredSwizzleBase(int64_t elementBits) {
  int64_t m = 0;
  while (m < 4 && (int64_t(1) << (m + 1)) * elementBits <= 128)
    ++m;
  return m;
}

Expected<SwizzleSynthesis> synthesizeSwizzle(const Layout &tile, int64_t elementBits,
                                             const std::vector<BankOptions> &accesses) {
  std::string name = print(tile);
  if (!isStatic(tile.shape) || !isStatic(tile.stride))
    return makeError("swizzle synthesis needs a static tile, got " + name);
  if (accesses.empty())
    return makeError("swizzle synthesis of " + name + " needs at least one access");
  for (size_t i = 0; i < accesses.size(); ++i)
    if (accesses[i].elementBits != elementBits)
      return makeError("swizzle synthesis of " + name + " with " + std::to_string(elementBits) +
                       "-bit elements: access " + std::to_string(i) + " has " +
                       std::to_string(accesses[i].elementBits) + "-bit elements");
  int64_t cosizeValue = cosize(tile).value, bits = 0;
  while ((int64_t(1) << bits) < cosizeValue)
    ++bits;
  if (cosizeValue < 2 || (int64_t(1) << bits) != cosizeValue)
    return makeError("swizzle synthesis needs a tile whose cosize is a power of two >= 2, but " + name +
                     " has cosize " + std::to_string(cosizeValue));

  SwizzleSynthesis out;
  out.tile = name;
  out.elementBits = elementBits;
  out.before = judge(tile, Swizzle{}, accesses, &out.accesses);
  if (!out.before.keepsVectors())
    return makeError("swizzle synthesis of " + name + ": the tile as given does not keep the vectors of " +
                     out.before.broken);
  out.candidates.push_back(out.before);
  for (int32_t b = 1; b <= 4; ++b)
    for (int32_t m = 0; m <= 4; ++m)
      for (int32_t s = b; b + m + s <= bits; ++s)
        out.candidates.push_back(judge(tile, Swizzle{b, m, s}, accesses));

  int64_t preferredM = preferredSwizzleBase(elementBits);
  std::stable_sort(out.candidates.begin(), out.candidates.end(),
                   [&](const SwizzleCandidate &x, const SwizzleCandidate &y) {
                     return rankKey(x, preferredM) < rankKey(y, preferredM);
                   });
  out.chosen = out.candidates.front();
  return out;
}

Expected<BankOptions> sharedMemoryAccess(const Value &copy, size_t argument) {
  std::string where = "argument " + std::to_string(argument) + ": ";
  if (copy.kind != Value::Kind::TiledCopy && copy.kind != Value::Kind::CopyAtom)
    return makeError(where + "an access is a tiled copy or copy atom, got " + printValue(copy, Style::Plain));
  const CopyAtom &atom = copy.copy()->atom;
  std::string side;
  int64_t accessBits = 0;
  if (atom.name.find("_LDSM_") != std::string::npos) {
    side = "src";
    accessBits = 128;
  } else if (atom.name.rfind("SM80_CP_ASYNC", 0) == 0) {
    side = "dst";
    for (int64_t bits : {32, 64, 128})
      if (atom.name.find("<uint" + std::to_string(bits) + "_t>") != std::string::npos)
        accessBits = bits;
  }
  if (accessBits == 0)
    return makeError(where + atom.name +
                     " neither reads shared memory (ldmatrix) nor writes it (cp.async): which side is the tile's "
                     "is not known");
  BankOptions o = CL_TRY(makeBankOptions(atom.valueBits, accessBits, kBankOptionNames));
  CL_TRY(setBankAccess(o, copy, side));
  return o;
}

Expected<Value> synthesizeSwizzleValue(const Layout &tile, const std::vector<const Value *> &copies) {
  std::vector<BankOptions> accesses;
  for (size_t i = 0; i < copies.size(); ++i) {
    accesses.push_back(CL_TRY(sharedMemoryAccess(*copies[i], i + 2)));
    if (accesses.back().elementBits != accesses.front().elementBits)
      return makeError("argument " + std::to_string(i + 2) + ": " + std::to_string(accesses.back().elementBits) +
                       "-bit values where argument 2 has " + std::to_string(accesses.front().elementBits) + "-bit");
  }
  if (accesses.empty())
    return makeError("synthesize_swizzle needs at least one copy");
  SwizzleSynthesis s = CL_TRY(synthesizeSwizzle(tile, accesses.front().elementBits, accesses));
  return swizzled(tile, s.chosen.swizzle);
}

std::string whyLoses(const SwizzleCandidate &c, const SwizzleSynthesis &s) {
  const SwizzleCandidate &best = s.chosen;
  if (!c.keepsVectors())
    return "splits the vectors of " + c.broken;
  if (c.worstWays != best.worstWays) {
    for (size_t i = 0; i < c.worst.size(); ++i)
      if (c.worst[i] == c.worstWays)
        return ways(c.worstWays) + " in access " + std::to_string(i) + " (chosen: " + ways(best.worstWays) + ")";
  }
  if (c.totalWavefronts != best.totalWavefronts)
    return std::to_string(c.totalWavefronts) + " wavefronts (chosen: " + std::to_string(best.totalWavefronts) + ")";
  const Swizzle &x = c.swizzle, &y = best.swizzle;
  if (x.bits != y.bits)
    return "same conflicts, B = " + std::to_string(x.bits) + " > " + std::to_string(y.bits);
  if (x.base != y.base)
    return "same conflicts and B, M = " + std::to_string(x.base) + " where " + std::to_string(y.base) +
           " keeps one 16-byte unit whole";
  if (x.shift != y.shift)
    return "same conflicts, B and M, S = " + std::to_string(x.shift) + " > " + std::to_string(y.shift);
  return "the chosen one";
}

std::string printSwizzleSynthesis(const SwizzleSynthesis &s, size_t runnersUp) {
  auto summary = [&](const SwizzleCandidate &c) {
    std::string out;
    for (size_t i = 0; i < c.worst.size(); ++i)
      out += (i ? ", access " : "access ") + std::to_string(i) + " " + ways(c.worst[i]);
    out += "; worst " + ways(c.worstWays) + ", " + std::to_string(c.totalWavefronts) + " wavefronts";
    return out;
  };
  std::string out = "tile " + s.tile + ", " + std::to_string(s.elementBits) + "-bit elements\n";
  for (size_t i = 0; i < s.accesses.size(); ++i)
    out += "access " + std::to_string(i) + ": " + s.accesses[i] + "\n";
  out += "before (no swizzle): " + summary(s.before) + "\n";
  out += "chosen: " + printSwizzle(s.chosen.swizzle) + " o _0 o " + s.tile + ": " + summary(s.chosen) + "\n";
  out += "vectors kept:";
  for (size_t i = 0; i < s.chosen.vector.size(); ++i)
    out += (i ? ", " : " ") + std::to_string(s.chosen.vector[i]) + " elements (access " + std::to_string(i) + ")";
  out += "\n";
  size_t shown = std::min(runnersUp, s.candidates.size() - 1);
  if (shown)
    out += "runners-up:\n";
  for (size_t i = 1; i <= shown; ++i)
    out += "  " + printSwizzle(s.candidates[i].swizzle) + ": " + whyLoses(s.candidates[i], s) + "\n";
  return out;
}

} // namespace cutelayout::cli
