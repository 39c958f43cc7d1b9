// The bank model's options from text (Banks.h): --element-bits, --access-bits and --access
// as the command line writes them. Apart from Banks.cpp, whose walk does not evaluate
// expressions, so that operations may call the bank model (SwizzleSynthesis.h) without a
// cycle through the evaluator.
#include "Banks.h"

#include "Evaluator.h"

#include <algorithm>
#include <cctype>

namespace cutelayout::cli {

namespace {

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

bool isName(std::string_view s) {
  return !s.empty() && std::isalpha(static_cast<unsigned char>(s[0])) && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

/// The length of a `SIDE:` prefix of an --access text (a name and one colon, not CuTe's
/// `::`), or 0. No expression starts with a name and a colon, so the prefix is unambiguous.
size_t sidePrefix(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && std::isalnum(static_cast<unsigned char>(s[i])))
    ++i;
  bool name = i > 0 && std::isalpha(static_cast<unsigned char>(s[0]));
  return name && i < s.size() && s[i] == ':' && (i + 1 == s.size() || s[i + 1] != ':') ? i + 1 : 0;
}

} // namespace

Expected<BankOptions> makeBankOptions(std::string_view elementBits, std::string_view accessBits,
                                      std::string_view access, const ParseOptions &parse) {
  int64_t e = CL_TRY(parseBits(elementBits, kBankOptionNames.elementBits));
  int64_t a = CL_TRY(parseBits(accessBits, kBankOptionNames.accessBits));
  BankOptions o = CL_TRY(makeBankOptions(e, a, kBankOptionNames));
  CL_TRY(setBankAccess(o, access, parse));
  return o;
}

Expected<bool> setBankAccess(BankOptions &o, std::string_view access, const ParseOptions &parse) {
  const char *name = o.names->access;
  if (access == "rows" || access == "columns") {
    o.pattern = access == "rows" ? AccessPattern::Rows : AccessPattern::Columns;
    o.threadValue = Layout();
    o.tiled = false;
    o.copySide = false;
    o.via.clear();
    return true;
  }
  size_t prefix = sidePrefix(access);
  std::string_view side = access.substr(0, prefix ? prefix - 1 : 0);
  if (!prefix && isName(access))
    return makeError(std::string(name) +
                     " takes rows, columns, a thread-value layout or SIDE:EXPR (src: or dst: of a tiled copy, A:, B: "
                     "or C: of a tiled MMA) but got '" +
                     std::string(access) + "'");
  // The side's letters become spaces, so an error's column counts from the start of the text.
  std::string text = std::string(prefix, ' ') + std::string(access.substr(prefix));
  Expected<Value> v = evaluate(text, parse, /*nulTerminated=*/true);
  if (!v)
    return makeError(std::string(name) + ": " + v.error().message);
  return setBankAccess(o, *v, side);
}

} // namespace cutelayout::cli
