// The text of scripts/polydem_plot.py, embedded at build time (see the top-level
// CMakeLists.txt) so that `polydem plot` works wherever the binary is.
#pragma once

#include <string_view>

namespace polydem {

std::string_view plot_script();

}  // namespace polydem
