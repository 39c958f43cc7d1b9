// Pictures of layouts and atoms as SVG (cute-layout --svg FILE), in the manner of CuTe's
// print_svg / print_latex: a grid cell per element of a tile, labelled with its offset (a
// layout, plain or composed such as a swizzled tile) or with the thread and value that
// hold it (`T5V2`, a tiled MMA or copy), coloured by thread, by offset, or (with bank
// options, cute-layout --banks --svg) by the shared-memory bank of each element. Plain SVG
// with no size limit: a 256x128 tile is as legible as a 16x8 one.
//
// Labels fit their cells: the font is monospace, each character 0.6 em wide (labelWidth);
// a label wider than its cell is split before its `V` (T112 over V2) and, where a line is
// still too wide, drawn in a smaller font (fitLabel).
#pragma once

#include "Banks.h"
#include "Value.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutelayout::cli {

/// The SVG of v: a rank-1 or rank-2 layout or composed layout (its offsets over its M x N
/// grid); a tiled MMA (C, with A to its left and B above, as CuTe draws them); a tiled copy
/// (source and destination side by side). With banks, a layout's cells are coloured by the
/// bank of their element (banks->elementBits) and the first worst wave of banks' access is
/// outlined, with a legend saying so; other values are drawn as without banks.
/// Fails for any other value, saying why (runtime extents, rank 3, more than 2^16 cells).
Expected<std::string> printSvg(const Value &v, const BankOptions *banks = nullptr);

/// The same picture as a standalone LaTeX/TikZ document (cute-layout --latex FILE), the
/// form of CuTe's print_latex: the same cells, labels and colours, scaled to stay inside
/// TeX's dimension limit however large the tile. Fails where printSvg fails.
Expected<std::string> printLatex(const Value &v);

/// The pixels of a grid cell's side, and the label font's size where it fits.
constexpr int kSvgCell = 24;
constexpr double kSvgLabelFont = 7.0;

/// The width in pixels of a line of label text at fontSize (monospace: 0.6 em a character).
double labelWidth(std::string_view line, double fontSize);

/// A label as drawn: one or two lines, in one font size.
struct LabelFit {
  std::vector<std::string> lines;
  double fontSize;
};

/// How `label` is drawn in a cell: as it is at kSvgLabelFont where it fits; else split
/// before a `V` that follows its first character (T112V2: T112 over V2); then, where a
/// line is still too wide, a smaller font.
/// @post every line's labelWidth <= kSvgCell - 2, and the lines' height
///       (lines * 1.2 * fontSize) <= kSvgCell - 2
LabelFit fitLabel(const std::string &label);

} // namespace cutelayout::cli
