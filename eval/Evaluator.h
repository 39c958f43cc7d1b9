// The expression language of the cute-layout command:
//
//   call   := name [ '<' expr (',' expr)* '>' ] '(' [ expr (',' expr)* ] ')'
//   expr   := primary ( 'o' tuple 'o' primary )*   a composed layout A o O o B (CuTe's
//                                        print form), left to right
//   primary:= call | literal
//   literal:= tuple [ ':' tuple ]        an int tuple, or a layout shape:stride
//           | ('Swizzle' | 'Sw') '<' B ',' M ',' S '>' [ '{}' ]   a swizzle
//           | 'E' '<' mode (',' mode)* '>' [ '{}' ]    a scaled basis _1@... (Basis.h)
//           | '<' expr (',' expr)* '>'   a tile (tuple of tilers)
//           | '_'
//           | name                       only inside a call or tile, and only the names
//                                        operations take (LayoutRight, uint8_t, X)
//
// Template arguments are appended to the call's arguments: `upcast<2>(A)` is
// `upcast(A, 2)`. Every operation is looked up by its CuTe name in a table
// (Operations.cpp) with its arity and a help line.
#pragma once

#include "Value.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// Parses and evaluates one expression. With nulTerminated, text.data()[text.size()] is a
/// readable NUL byte, and the text is read in place (NotationReader).
Expected<Value> evaluate(std::string_view text, const ParseOptions &options, bool nulTerminated = false);

/// An expression split at its outermost call: the operation's name and its evaluated
/// arguments, template arguments appended, as callOperation (Operations.h) takes them.
/// For an expression that is not a call (a literal or a bare name) the name is empty and
/// there are no arguments.
struct OutermostCall {
  std::string name;
  std::vector<Value> args;
};

/// Parses text and evaluates every argument of its outermost call, but not the call
/// itself (cutelayout_bench --cases times that call alone). Fails where an argument fails
/// or the text is malformed; evaluate(text) then fails too.
Expected<OutermostCall> parseOutermostCall(std::string_view text, const ParseOptions &options);

/// One line of `--help` per operation: "name(args)  description".
std::string operationHelp();

} // namespace cutelayout::cli
