// `polydem export-state DECK SOURCE --out NEW_DECK`: the state a run of DECK reached (a
// checkpoint, or the final state in a run's output folder) written as a deck that starts
// there (src/analysis/state_export.hpp).
#pragma once

#include <CLI/CLI.hpp>

namespace polydem {

void add_export_state_command(CLI::App& app, int& exit_code);

}  // namespace polydem
