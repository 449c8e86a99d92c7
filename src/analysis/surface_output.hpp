// The triangulated surfaces of a configuration as one VTU piece: every body
// with a shape at its pose, and every active boundary at its position, with
// the cell array `body` (body index, or −1 − boundary index) for colouring.
#pragma once

#include "src/analysis/model.hpp"
#include "src/io/vtu_writer.hpp"

namespace polydem {

VtuMesh surfaces_mesh(const Model& model, double time);

}  // namespace polydem
