// Pictures of layouts and atoms as SVG (cute-layout --svg FILE), in the manner of CuTe's
// print_svg / print_latex: a grid cell per element of a tile, labelled with its offset (a
// layout) or with the thread and value that hold it (`T5V2`, a tiled MMA or copy), coloured
// by thread. Plain SVG with no size limit: a 256x128 tile is as legible as a 16x8 one.
#pragma once

#include "Value.h"

#include <string>

namespace cutelayout::cli {

/// The SVG of v: a rank-1 or rank-2 layout (its offsets over its M x N grid); a tiled MMA
/// (C, with A to its left and B above, as CuTe draws them); a tiled copy (source and
/// destination side by side). Fails for any other value.
Expected<std::string> printSvg(const Value &v);

/// The same picture as a standalone LaTeX/TikZ document (cute-layout --latex FILE), the
/// form of CuTe's print_latex: the same cells, labels and colours, scaled to stay inside
/// TeX's dimension limit however large the tile. Fails where printSvg fails.
Expected<std::string> printLatex(const Value &v);

} // namespace cutelayout::cli
