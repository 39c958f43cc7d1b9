// What the command line shows of a value, shared by cute-layout and its WebAssembly
// build (web/api.cpp): the value's print, the --table grid of offsets, the --banks report
// or the --svg picture.
#pragma once

#include "Banks.h"
#include "Value.h"

#include <string>

namespace cutelayout::cli {

enum class View { Print, Table, Banks, Svg, Latex };

/// v shown as `view`: its print (no newline), its --table grid or --banks report (each
/// line ended), or its SVG picture. Fails where v has no such view, with the message
/// cute-layout prints after "error: " (naming the view: "--table needs a layout ...").
/// @pre banks is used only for View::Banks
Expected<std::string> render(const Value &v, View view, Style style, const BankOptions &banks);

} // namespace cutelayout::cli
