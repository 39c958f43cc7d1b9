// cute-layout: compute CuTe layouts from the command line.
//
//   cute-layout 'composition((6,2):(8,2), (4,3):(3,1))'    prints ((2,2),3):((24,2),8)
//   cute-layout --cute --dynamic 'coalesce((2,(1,6)):(1,(6,2)))'
//   cute-layout -                                          one expression per stdin line
//   cute-layout --banks --access=columns 'Sw<3,3,3> o _0 o (8,64):(64,1)'   bank conflicts
//   cute-layout --banks --access='src:make_tiled_copy_B(...)' '(8,64):(64,1)'  of an ldmatrix read
//
// Exit status: 0 when every expression evaluated, 1 when any failed or the command line
// is wrong. Errors never crash the tool.
#include "Banks.h"
#include "Evaluator.h"
#include "Operations.h"
#include "Render.h"

// Expressions contain commas: keep cxxopts from splitting positional arguments on them.
#define CXXOPTS_VECTOR_DELIMITER '\0'
// cxxopts' std::regex patterns are compiled at start-up (about 2.5 million instructions,
// half of a one-expression run); its plain parser reads the same options.
#define CXXOPTS_NO_REGEX
#include <cxxopts.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include <unistd.h>

using namespace cutelayout;
using namespace cutelayout::cli;

namespace {

const char *kGrammar = R"(Notation:
  integers      8  -3  _8            _N is always static (CuTe Int<N>); a plain N is static,
                                     or a runtime value with --dynamic
  int tuples    (4,8)  ((2,2),_3)    coordinates may contain _ (CuTe's Underscore)
  layouts       8:1  (4,8):(1,4)  ((2,2),3):((24,2),8)   shape:stride, congruent
  tiles         <3:4, 8:2>  <3:4, (2,4):(1,8)>  <_, 4:1>  a tuple of tilers (CuTe make_tile)
  tilers        a layout (1-D), a tile or a shape such as (3,8) (by mode, each extent n is n:_1),
                or _ (the mode stays as it is); docs/semantics.md, R16
  calls         name(args)  name<targs>(args)   template arguments are trailing arguments:
                upcast<2>(A) = upcast(A, 2), get<0>(A) = get(A, 0), select<1,0>(A) = select(A,1,0)
                calls nest: coalesce(logical_divide((128,128):(1,128), <32:1, 16:1>))
  names         LayoutLeft  LayoutRight  uint8_t  half_t  X   arguments of the operations that
                take them, never a result: make_layout((4,2), LayoutRight)
  CuTe C++      Int<4>{}  _4{}  Layout<Shape<_4,_8>>{}  make_shape(4,8)  L(1,2)  L(_,2)  a*b+c
                pastes as it is: text with a spelling only C++ has is read as C++, its plain
                integers runtime ints: make_layout(make_shape(4,8)) is (4,8):(_1,4) with --cute
                (docs/cute-layout.md, "CuTe's C++ spellings")

Switches take an optional value: --cute, --cute=true, --cute=1; --cute=false, --cute=0.
With -, each standard-input line gives one answer line (the result or "error: ...");
with --table or --banks each answer (a table, a report, or one error line) ends with an
empty line.
Exit status: 0 when every expression evaluated, 1 otherwise.

The choices made where CuTe leaves room (tilers, static and runtime integers, the checks
of runtime values, coordinates outside their extents, swizzles) are in docs/semantics.md,
with the number (R1 to R18) of the specification's ruling each follows; docs/tutorial.md
goes from a first layout to a swizzled, partitioned tile.

Operations:
)";

struct Options {
  Style style = Style::Plain;
  bool table = false;
  bool banks = false;
  BankOptions bankOptions;
  ParseOptions parse;
  std::string svgFile;   // --svg FILE: also write the answer's picture there
  std::string latexFile; // --latex FILE: the same picture as a LaTeX/TikZ document
  bool oneLine = false;  // `cute-layout -`: a value CuTe prints on several lines gets one
};

/// A value's text on one line: each run of whitespace (the line breaks and indentation
/// of an atom's print) one space, as batch mode's one line per input line requires.
std::string joinLines(std::string text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (char c : text) {
    bool ws = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (ws) {
      space = !out.empty();
      continue;
    }
    if (space)
      out += ' ';
    space = false;
    out += c;
  }
  return out;
}

/// Buffered standard output written with write(2). On a terminal it is flushed after
/// every expression, so interactive use answers at once; into a pipe or a file it is
/// flushed when full, before the program blocks reading more input, and at exit.
class Output {
public:
  static constexpr size_t kCapacity = 64 * 1024;

  Output() : interactive_(isatty(STDOUT_FILENO)), buf_(new char[kCapacity]) {}
  ~Output() { flush(); }
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  /// The text of s up to its first NUL (what printf's %s and fputs would write).
  void put(const std::string &s) { put(s.data(), ::strnlen(s.data(), s.size())); }
  void put(const char *p, size_t n) {
    if (size_ + n > kCapacity)
      flush();
    if (n >= kCapacity) {
      writeAll(p, n);
      return;
    }
    std::memcpy(buf_.get() + size_, p, n);
    size_ += n;
  }
  void put(const char *s) { put(s, std::strlen(s)); }
  void putChar(char c) {
    if (size_ == kCapacity)
      flush();
    buf_[size_++] = c;
  }
  /// Room for n characters in the buffer (flushed first where they do not fit), for text
  /// written in place; commit keeps what was written.
  /// @pre n <= kCapacity
  /// @post the result has room for n characters
  char *reserve(size_t n) {
    if (size_ + n > kCapacity)
      flush();
    return buf_.get() + size_;
  }
  /// Keeps the text written at reserve's result up to end.
  /// @pre end is within the room the last reserve gave
  void commit(const char *end) { size_ = size_t(end - buf_.get()); }
  /// The end of one expression's output: flushed at once on a terminal.
  void endOfItem() {
    if (interactive_)
      flush();
  }
  void flush() {
    writeAll(buf_.get(), size_);
    size_ = 0;
  }

private:
  // Write errors are ignored, as stdio's buffered printf ignored them.
  static void writeAll(const char *p, size_t n) {
    while (n > 0) {
      ssize_t w = ::write(STDOUT_FILENO, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return;
      p += w;
      n -= size_t(w);
    }
  }

  bool interactive_;
  std::unique_ptr<char[]> buf_; // kCapacity characters, the first size_ of them written
  size_t size_ = 0;
};

/// The lines of standard input, read with read(2) into one growing buffer. A line is
/// what std::getline gives: the text up to '\n' (a '\r' before it stays part of the
/// line), and a last line without '\n' counts when it is not empty. Each line is followed
/// by a NUL byte in the buffer (written over its '\n'), so the parser reads it in place.
class LineReader {
public:
  explicit LineReader(Output &out) : out_(out), buf_(kInitialCapacity) {}

  /// The next line, valid until the next call; false at the end of input.
  bool next(std::string_view &line) {
    for (;;) {
      const char *first = buf_.data() + begin_;
      if (const void *nl = std::memchr(first, '\n', end_ - begin_)) {
        size_t len = size_t(static_cast<const char *>(nl) - first);
        buf_[begin_ + len] = '\0';
        line = std::string_view(first, len);
        begin_ += len + 1;
        return true;
      }
      if (eof_) {
        if (begin_ == end_)
          return false;
        if (end_ == buf_.size()) // room for the NUL after the last line
          buf_.push_back('\0');
        buf_[end_] = '\0';
        first = buf_.data() + begin_;
        line = std::string_view(first, end_ - begin_);
        begin_ = end_;
        return true;
      }
      fill();
    }
  }

private:
  static constexpr size_t kInitialCapacity = 64 * 1024;

  /// Keeps the partial line, grows the buffer when that line fills it, reads more.
  void fill() {
    if (begin_ > 0) {
      std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    if (end_ == buf_.size())
      buf_.resize(buf_.size() * 2);
    // A client driving us through pipes waits for its answers before it writes more.
    out_.flush();
    for (;;) {
      ssize_t n = ::read(STDIN_FILENO, buf_.data() + end_, buf_.size() - end_);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        eof_ = true; // a read error ends the input, as it ended std::getline
      else
        end_ += size_t(n);
      return;
    }
  }

  Output &out_;
  std::vector<char> buf_;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
};

/// Writes "error: message" and a newline; false.
bool putError(Output &out, const std::string &message) {
  out.put("error: ", 7);
  out.put(message);
  out.putChar('\n');
  return false;
}

/// Evaluates one expression and writes its result or "error: ..."; true on success.
/// @pre expr.data()[expr.size()] is a readable NUL (LineReader's lines, std::string's text)
bool runOne(std::string_view expr, const Options &opts, Output &out) {
  Expected<Value> v = evaluate(expr, opts.parse, /*nulTerminated=*/true);
  if (!v)
    return putError(out, v.error().message);
  if (opts.table || opts.banks) {
    Expected<std::string> t = render(*v, opts.table ? View::Table : View::Banks, opts.style, opts.bankOptions);
    if (!t)
      return putError(out, t.error().message);
    out.put(*t);
  } else {
    // A tuple or a layout prints straight into the output buffer.
    size_t bound = printBound(*v);
    if (bound != 0 && bound <= Output::kCapacity)
      out.commit(printValueTo(out.reserve(bound), *v, opts.style));
    else if (opts.oneLine)
      out.put(joinLines(printValue(*v, opts.style)));
    else
      out.put(printValue(*v, opts.style));
    out.putChar('\n');
  }
  // With --banks, the picture's cells are coloured by bank and the worst wave outlined.
  View svg = opts.banks ? View::BankSvg : View::Svg;
  for (auto [view, file, flag] :
       {std::make_tuple(svg, &opts.svgFile, "--svg"), std::make_tuple(View::Latex, &opts.latexFile, "--latex")}) {
    if (file->empty())
      continue;
    Expected<std::string> picture = render(*v, view, opts.style, opts.bankOptions);
    if (!picture)
      return putError(out, picture.error().message);
    FILE *f = std::fopen(file->c_str(), "wb");
    bool written = f && std::fwrite(picture->data(), 1, picture->size(), f) == picture->size();
    if (f)
      written = std::fclose(f) == 0 && written;
    if (!written)
      return putError(out, std::string(flag) + ": cannot write " + *file + ": " + std::strerror(errno));
  }
  return true;
}

/// s with every byte outside printable ASCII written as \xNN: command-line arguments are
/// quoted back in messages, never echoed raw.
std::string printable(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
      continue;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", c);
    out += hex;
  }
  return out;
}

/// The value of switch `name`: true, false, 1 or 0 (a bare --name is true). Anything else
/// is reported on standard error and gives false.
bool parseSwitch(const cxxopts::ParseResult &r, const char *name, bool &value) {
  std::string v = r[name].as<std::string>();
  if (v == "true" || v == "1" || v == "false" || v == "0") {
    value = v == "true" || v == "1";
    return true;
  }
  std::fprintf(stderr, "cute-layout: --%s takes true, false, 1 or 0 but got '%s' (try --help)\n", name,
               printable(v).c_str());
  return false;
}

} // namespace

int main(int argc, char **argv) {
  cxxopts::Options cli("cute-layout", "Compute CuTe layouts: evaluate layout-algebra expressions.");
  cli.custom_help("[--cute[=B]] [--dynamic[=B] [--runtime-checks[=B]]] [--table[=B] | --banks[=B] [--element-bits=N] "
                  "[--access-bits=N]\n"
                  "              [--access=rows|columns|TV|SIDE:COPY] [--svg FILE] | --svg FILE | --latex FILE] "
                  "EXPR... | -");
  cli.positional_help("");
  // The switches take an optional value, parsed here rather than by cxxopts, which would
  // also accept t, yes, on and the like: --cute, --cute=true, --cute=1, --cute=false, --cute=0.
  auto flag = [] { return cxxopts::value<std::string>()->implicit_value("true")->default_value("false"); };
  cli.add_options()("cute", "print CuTe's exact print() form: _N for static integers",
                    flag())("dynamic", "plain integers are runtime values (CuTe int); _N stays static", flag())(
      "runtime-checks",
      "--dynamic: also refuse where a runtime split's condition fails, as the lowered code's runtime "
      "checks stop, even where the answer is the static form's function (R19)",
      flag())("table", "print a rank-1 or rank-2 layout as a grid of offsets (CuTe's print_layout)", flag())(
      "banks",
      "report the shared-memory banks each access wave hits, its ways, the wavefronts and the colliding threads",
      flag())("element-bits", "--banks: bits of one element", cxxopts::value<std::string>()->default_value("16"), "N")(
      "access-bits", "--banks: bits one thread accesses at once: 8, 16, 32, 64 or 128",
      cxxopts::value<std::string>()->default_value("128"),
      "N")("access",
           "--banks: rows, columns, a thread-value layout (thread, value) -> element index, or a side of a "
           "tiled copy or copy atom (src:EXPR, dst:EXPR) or of a tiled MMA (A:EXPR, B:EXPR, C:EXPR)",
           cxxopts::value<std::string>()->default_value("rows"), "rows|columns|TV|SIDE:COPY")(
      "svg",
      "also write the answer's picture as SVG to FILE: a layout's offsets, a tiled MMA's or tiled copy's "
      "threads and values (one expression); with --banks, a layout's cells coloured by bank",
      cxxopts::value<std::string>(),
      "FILE")("latex", "also write the same picture as a LaTeX/TikZ document to FILE (CuTe's print_latex)",
              cxxopts::value<std::string>(), "FILE")("h,help", "show this help")("version", "show the version")(
      "exprs", "expressions", cxxopts::value<std::vector<std::string>>());
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
    if (r.count("version")) {
      std::cout << "cute-layout (cutelayout) " CUTELAYOUT_VERSION "\n";
      return 0;
    }
    bool cute = false, dynamic = false, runtimeChecks = false;
    if (!parseSwitch(r, "cute", cute) || !parseSwitch(r, "dynamic", dynamic) ||
        !parseSwitch(r, "runtime-checks", runtimeChecks) || !parseSwitch(r, "table", opts.table) ||
        !parseSwitch(r, "banks", opts.banks))
      return 1;
    if (opts.table && opts.banks) {
      std::fprintf(stderr, "cute-layout: --table and --banks are different views: give one (try --help)\n");
      return 1;
    }
    for (const char *name : {"element-bits", "access-bits", "access"})
      if (!opts.banks && r.count(name)) {
        std::fprintf(stderr, "cute-layout: --%s is an option of --banks (try --help)\n", name);
        return 1;
      }
    opts.style = cute ? Style::Cute : Style::Plain;
    opts.parse.plainIsDynamic = dynamic;
    setRefuseFailedRuntimeSplits(runtimeChecks);
    if (opts.banks) {
      Expected<BankOptions> b = makeBankOptions(r["element-bits"].as<std::string>(), r["access-bits"].as<std::string>(),
                                                r["access"].as<std::string>(), opts.parse);
      if (!b) {
        std::fprintf(stderr, "cute-layout: %s (try --help)\n", printable(b.error().message).c_str());
        return 1;
      }
      opts.bankOptions = b.take();
    }
    if (r.count("exprs"))
      exprs = r["exprs"].as<std::vector<std::string>>();
    for (auto [name, file] : {std::make_pair("svg", &opts.svgFile), std::make_pair("latex", &opts.latexFile)})
      if (r.count(name)) {
        *file = r[name].as<std::string>();
        if (file->empty() || exprs.size() != 1 || exprs[0] == "-" || opts.table) {
          std::fprintf(stderr, "cute-layout: --%s FILE draws the answer of one expression (try --help)\n", name);
          return 1;
        }
        if (opts.banks && std::string(name) == "latex") {
          std::fprintf(stderr, "cute-layout: --latex FILE has no bank colours: with --banks, give --svg FILE (try "
                               "--help)\n");
          return 1;
        }
      }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cute-layout: %s (try --help)\n", printable(e.what()).c_str());
    return 1;
  }
  if (exprs.empty()) {
    std::fprintf(stderr, "cute-layout: no expression given (try --help)\n");
    return 1;
  }

  bool ok = true;
  Output out;
  if (exprs.size() == 1 && exprs[0] == "-") {
    opts.oneLine = true;
    LineReader in(out);
    std::string_view line;
    while (in.next(line)) {
      ok = runOne(line, opts, out) && ok;
      // A table or a bank report has several lines: each input line's answer (or one
      // error line) ends with an empty line, so a reader can tell where it stops.
      if (opts.table || opts.banks)
        out.putChar('\n');
      out.endOfItem();
    }
    return ok ? 0 : 1;
  }
  for (size_t i = 0; i < exprs.size(); ++i) {
    if ((opts.table || opts.banks) && i > 0) // blocks of several arguments: an empty line between
      out.putChar('\n');
    ok = runOne(exprs[i], opts, out) && ok;
    out.endOfItem();
  }
  return ok ? 0 : 1;
}
