#include "Cases.h"

#include "Evaluator.h"
#include "Operations.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace cutelayout::bench {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::nanoseconds kRunTime = std::chrono::milliseconds(20);
constexpr std::chrono::nanoseconds kBatchTime = std::chrono::microseconds(500);
constexpr int kRuns = 5;

/// Median over kRuns runs of the time per call of f; each run repeats f until at least
/// kRunTime has passed. Calls come in batches long enough that reading the clock between
/// batches does not count.
template <class F> double medianNsPerCall(F f) {
  uint64_t batch = 1;
  for (;;) {
    Clock::time_point start = Clock::now();
    for (uint64_t i = 0; i < batch; ++i)
      f();
    if (Clock::now() - start >= kBatchTime || batch >= (uint64_t(1) << 40))
      break;
    batch *= 2;
  }
  double runs[kRuns];
  for (double &run : runs) {
    uint64_t calls = 0;
    Clock::time_point start = Clock::now();
    Clock::duration elapsed;
    do {
      for (uint64_t i = 0; i < batch; ++i)
        f();
      calls += batch;
      elapsed = Clock::now() - start;
    } while (elapsed < kRunTime);
    run = double(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count()) / double(calls);
  }
  std::sort(runs, runs + kRuns);
  return runs[kRuns / 2];
}

/// s on one line: each line break written as the two characters `\n` (an atom's print has
/// several lines; the output keeps one line per case).
std::string oneLine(std::string s) {
  for (size_t p = s.find('\n'); p != std::string::npos; p = s.find('\n', p + 2))
    s.replace(p, 1, "\\n");
  return s;
}

/// The timed loop of f, or with calls >= 0 exactly that many calls (instruction counts).
template <class F> double measure(long calls, F f) {
  if (calls < 0)
    return medianNsPerCall(f);
  for (long i = 0; i < calls; ++i)
    f();
  return 0.0;
}

// The two kinds of timed call, each in a function of its own whose calls are all inlined
// (flatten): in one function beside the other, the compiler inlined neither (+20 to +70
// instructions a call).
/// An operation writing its result into one reused value.
[[gnu::noinline, gnu::flatten]] double timeInPlace(const cli::ResolvedOperation &op,
                                                   const std::vector<cli::Value> &args, cli::Value &out, long calls) {
  return measure(calls, [&] {
    Expected<bool> s = cli::callResolvedInto(op, args, out);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(out);
  });
}
/// A bound call of the library (bindResolved): the operation alone, its arguments checked
/// once, writing into one reused value. The calls share one arithmetic scope, as a C++
/// caller of the core opens one around its loop (IntTupleMath.h): the untimed call before
/// them (cli::callOperation) reported any failure of these arguments. `failed` says
/// whether a timed call failed all the same.
[[gnu::noinline, gnu::flatten]] double timeBound(const cli::BoundCall &call, cli::Value &out, long calls,
                                                 bool &failed) {
  ArithScope scope;
  double ns = measure(calls, [&] {
    Expected<bool> s = call(out);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(out);
  });
  failed = scope.failed();
  return ns;
}
/// An operation returning a fresh value.
[[gnu::noinline, gnu::flatten]] double timeReturning(const cli::ResolvedOperation &op,
                                                     const std::vector<cli::Value> &args, long calls) {
  return measure(calls, [&] {
    Expected<cli::Value> r = cli::callResolved(op, args);
    benchmark::DoNotOptimize(r);
  });
}

bool blankOrComment(const std::string &line) {
  size_t p = line.find_first_not_of(" \t\r\v\f");
  return p == std::string::npos || line[p] == '#';
}

int usage(const char *message) {
  std::fprintf(
      stderr, "cutelayout_bench: %s\nusage: cutelayout_bench --cases FILE [--dynamic] [--cute] [--table] [--calls N]\n",
      message);
  return 1;
}

} // namespace

bool wantsCases(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--cases") == 0 || std::strncmp(argv[i], "--cases=", 8) == 0)
      return true;
  return false;
}

int runCases(int argc, char **argv) {
  const char *path = nullptr;
  ParseOptions options;
  Style style = Style::Plain;
  long calls = -1;    // --calls N: exactly N untimed calls per line (for callgrind), printed as 0
  bool table = false; // --table: time every call through the command line's operation table
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
      path = argv[++i];
    else if (std::strncmp(argv[i], "--cases=", 8) == 0)
      path = argv[i] + 8;
    else if (std::strcmp(argv[i], "--dynamic") == 0)
      options.plainIsDynamic = true;
    else if (std::strcmp(argv[i], "--cute") == 0)
      style = Style::Cute;
    else if (std::strcmp(argv[i], "--table") == 0)
      table = true;
    else if (std::strcmp(argv[i], "--calls") == 0 && i + 1 < argc)
      calls = std::strtol(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--cases") == 0)
      return usage("--cases needs a file");
    else
      return usage((std::string("unknown argument ") + argv[i]).c_str());
  }
  std::ifstream in(path);
  if (!in)
    return usage((std::string("cannot read ") + path).c_str());

  bool ok = true;
  std::string line;
  cli::Value out; // every timed call writes here, across lines and kinds of result
  while (std::getline(in, line)) {
    if (blankOrComment(line))
      continue;
    Expected<cli::OutermostCall> call = cli::parseOutermostCall(line, options);
    Expected<cli::Value> result =
        call && !call->name.empty() ? cli::callOperation(call->name, call->args) : cli::evaluate(line, options);
    if (!result) {
      // The message cute-layout prints: evaluate reports where the call is and its name.
      std::printf("error: %s\n", cli::evaluate(line, options).error().message.c_str());
      std::fflush(stdout);
      ok = false;
      continue;
    }
    double ns;
    if (call->name.empty()) {
      ns = measure(calls, [&] {
        Expected<cli::Value> r = cli::evaluate(line, options);
        benchmark::DoNotOptimize(r);
      });
    } else {
      // The operation is looked up once, like the arguments: the loop times the call. The
      // library's call is timed where the arguments bind (their kinds checked once, as a
      // C++ compiler checks them), else the call through the operation table (--table:
      // always). An operation that writes its result in place writes into one value (as a
      // caller holding its results does); the others return a fresh value.
      cli::ResolvedOperation op = *cli::resolveOperation(call->name, call->args.size());
      const std::vector<cli::Value> &args = call->args;
      bool inPlace = cli::writesInPlace(op, args);
      cli::BoundCall bound;
      if (inPlace && !table && !cli::bindResolved(op, args, bound))
        bound = cli::BoundCall();
      bool failed = false;
      ns = bound     ? timeBound(bound, out, calls, failed)
           : inPlace ? timeInPlace(op, args, out, calls)
                     : timeReturning(op, args, calls);
      if (failed) {
        std::printf("error: a timed call failed where the untimed one did not\n");
        std::fflush(stdout);
        ok = false;
        continue;
      }
      // What was timed must be the answer printed: the in-place call's result is checked
      // against the call's (when any call ran).
      if (inPlace && calls != 0 && cli::printValue(out, style) != cli::printValue(*result, style)) {
        std::printf("error: the in-place call gave %s\n", oneLine(cli::printValue(out, style)).c_str());
        std::fflush(stdout);
        ok = false;
        continue;
      }
    }
    std::printf("%.1f\t%s\n", ns, oneLine(cli::printValue(*result, style)).c_str());
    std::fflush(stdout);
  }
  return ok ? 0 : 1;
}

} // namespace cutelayout::bench
