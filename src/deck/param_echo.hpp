// Writes a ParamSet tree back as a YAML deck with every default filled in.
// Sections are written in block style in declaration order, leaf values in
// flow style, so that reading the echo gives back the same tree.
#pragma once

#include <string>

#include "src/params/param_set.hpp"

namespace polydem {

std::string echo_params(const ParamSet& root);

}  // namespace polydem
