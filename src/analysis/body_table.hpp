// bodies.csv: the state and contact resultant of chosen bodies (output.bodies)
// at every accepted step, one row per step and 18 columns per body, so that a
// user can plot a body's history with any CSV reader instead of decoding the
// VTU samples.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

/// The bodies output.bodies names, in model order: `all`, or names separated by
/// commas or spaces; empty for none. InputError at the key for an unknown name.
std::vector<std::size_t> tracked_bodies(const Model& model, const OutputSpec& output);

/// time, then per tracked body <name>_x … <name>_mz (body_table.cpp).
std::vector<std::string> body_table_columns(const Model& model,
                                            const std::vector<std::size_t>& tracked);

/// The row of the model's accepted state at `time`.
std::vector<double> body_table_row(const Model& model, const std::vector<std::size_t>& tracked,
                                   double time);

}  // namespace polydem
