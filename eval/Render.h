// What the command line shows of a value, shared by cute-layout and its WebAssembly
// build (web/api.cpp): the value's print, the --table grid of offsets, the --banks report
// (as text, or as JSON for the playground) or the --svg picture (coloured by bank with
// --banks).
#pragma once

#include "Banks.h"
#include "Value.h"

#include <string>

namespace cutelayout::cli {

enum class View { Print, Table, Banks, Svg, Latex, BankJson, BankSvg };

/// v shown as `view`: its print (no newline), its --table grid or --banks report (each
/// line ended), the report as JSON (printBankJson), or its SVG picture; BankSvg colours a
/// layout's cells by bank and outlines the first worst wave (banks' widths and access),
/// and draws any other value as Svg does. Fails where v has no such view, with the message
/// cute-layout prints after "error: " (naming the view: "--table needs a layout ...").
/// @pre banks is used only for View::Banks, View::BankJson and View::BankSvg
Expected<std::string> render(const Value &v, View view, Style style, const BankOptions &banks);

} // namespace cutelayout::cli
