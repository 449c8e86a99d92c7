// Contact histories as a CSV table (`polydem export-state --friction-history` writes one, a
// deck's contact.history_file reads it): one contact per line, keyed by the names of its
// bodies (or body and boundary) and its sub-region pair, with the friction history of eqs.
// 57–58 (elastic tangential gap, stick/slip, normal) and the last accepted state the energy
// ledger books the next step against. Numbers are written so that they read back exactly.
#pragma once

#include <string>
#include <vector>

#include "src/analysis/model.hpp"

namespace polydem {

/// The model's contact histories as CSV text; `boundaries`: the deck's boundary names, in order.
std::string format_history_table(const Model& model, const std::vector<std::string>& boundaries);

/// Reads a table into the model's contact set, replacing its histories. InputError naming the
/// file, line and column for a bad line, an unknown body or boundary, or a sub-region its
/// shape does not have.
void read_history_table(const std::string& file, Model& model,
                        const std::vector<std::string>& boundaries);

}  // namespace polydem
