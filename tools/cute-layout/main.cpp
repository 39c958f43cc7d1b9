// cute-layout: compute CuTe layouts from the command line.
//
//   cute-layout 'composition((6,2):(8,2), (4,3):(3,1))'    prints ((2,2),3):((24,2),8)
//   cute-layout --cute --dynamic 'coalesce((2,(1,6)):(1,(6,2)))'
//   cute-layout -                                          one expression per stdin line
//
// Exit status: 0 when every expression evaluated, 1 when any failed or the command line
// is wrong. Errors never crash the tool.
#include "Evaluator.h"
#include "Operations.h"
#include "Table.h"

// Expressions contain commas: keep cxxopts from splitting positional arguments on them.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <cxxopts.hpp>

#include <cstdio>
#include <iostream>
#include <string>

using namespace cutelayout;
using namespace cutelayout::cli;

namespace {

const char *kGrammar = R"(Notation:
  integers      8  -3  _8            _N is always static (CuTe Int<N>); a plain N is static,
                                     or a runtime value with --dynamic
  int tuples    (4,8)  ((2,2),_3)    coordinates may contain _ (CuTe's Underscore)
  layouts       8:1  (4,8):(1,4)  ((2,2),3):((24,2),8)   shape:stride, congruent
  tiles         <3:4, 8:2>  <3:4, (2,4):(1,8)>  <_, 4:1>  a tuple of tilers (CuTe make_tile)
  tilers        a layout (1-D), a tile or a shape such as (3,8) (by mode, each extent n is n:_1)
  calls         name(args)  name<targs>(args)   template arguments are trailing arguments:
                upcast<2>(A) = upcast(A, 2), get<0>(A) = get(A, 0), select<1,0>(A) = select(A,1,0)
                calls nest: coalesce(logical_divide((128,128):(1,128), <32:1, 16:1>))

Operations:
)";

struct Options {
  Style style = Style::Plain;
  bool table = false;
  ParseOptions parse;
};

/// Evaluates one expression and prints its result or "error: ..."; true on success.
bool runOne(const std::string &expr, const Options &opts) {
  Expected<Value> v = evaluate(expr, opts.parse);
  if (!v) {
    std::printf("error: %s\n", v.error().message.c_str());
    return false;
  }
  if (opts.table) {
    if (v->kind != Value::Kind::Layout) {
      std::printf("error: --table needs a layout but the result is %s\n", printValue(*v, opts.style).c_str());
      return false;
    }
    Expected<std::string> t = printTable(v->layout, opts.style);
    if (!t) {
      std::printf("error: %s\n", t.error().message.c_str());
      return false;
    }
    std::fputs(t->c_str(), stdout);
    return true;
  }
  std::printf("%s\n", printValue(*v, opts.style).c_str());
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cxxopts::Options cli("cute-layout", "Compute CuTe layouts: evaluate layout-algebra expressions.");
  cli.custom_help("[--cute] [--dynamic] [--table] EXPR... | -");
  cli.positional_help("");
  cli.add_options()("cute", "print CuTe's exact print() form: _N for static integers")(
      "dynamic", "plain integers are runtime values (CuTe int); _N stays static")(
      "table", "print a rank-1 or rank-2 layout as a grid of offsets (CuTe's print_layout)")(
      "h,help", "show this help")("exprs", "expressions", cxxopts::value<std::vector<std::string>>());
  cli.parse_positional({"exprs"});

  Options opts;
  std::vector<std::string> exprs;
  try {
    // cxxopts reports bad options by exception; it is the only one in the program.
    cxxopts::ParseResult r = cli.parse(argc, argv);
    if (r.count("help")) {
      std::cout << cli.help() << "\n" << kGrammar << operationHelp();
      return 0;
    }
    opts.style = r.count("cute") ? Style::Cute : Style::Plain;
    opts.table = r.count("table") > 0;
    opts.parse.plainIsDynamic = r.count("dynamic") > 0;
    if (r.count("exprs"))
      exprs = r["exprs"].as<std::vector<std::string>>();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cute-layout: %s (try --help)\n", e.what());
    return 1;
  }
  if (exprs.empty()) {
    std::fprintf(stderr, "cute-layout: no expression given (try --help)\n");
    return 1;
  }

  bool ok = true;
  if (exprs.size() == 1 && exprs[0] == "-") {
    std::string line;
    while (std::getline(std::cin, line)) {
      ok = runOne(line, opts) && ok;
      std::fflush(stdout);
    }
    return ok ? 0 : 1;
  }
  for (const std::string &e : exprs)
    ok = runOne(e, opts) && ok;
  return ok ? 0 : 1;
}
