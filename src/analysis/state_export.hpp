// A reached state written as a new deck (`polydem export-state`): the bodies where a run
// left them, with their velocities, and the steps that were still to run, starting at the
// reached time. Any later build reads it, where a checkpoint is bound to the build and the
// deck that wrote it. The new deck's Newton–Newmark run starts from the exported positions
// and velocities with accelerations made consistent with the forces there (as at any
// start), so it continues the original run closely, not bitwise. Friction histories go to a
// table beside it when asked (from a checkpoint), and otherwise start from zero.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "src/model/node_state.hpp"

namespace polydem {

/// Where a run stood: its time, the index of the analysis step it was in, the Δt it
/// would have gone on with (0: not known) and every body's pole state, in model order.
struct ReachedState {
  double time = 0;
  int step = 0;
  double next_dt = 0;
  std::vector<std::string> names;
  std::vector<NodeState> bodies;
  std::string history_table;  ///< the contact histories (history_table.hpp); empty: none
};

/// The state in a checkpoint written by a run of `deck` (InputError when it is not one), with
/// the contact histories when asked.
ReachedState read_checkpoint_state(const std::filesystem::path& deck,
                                   const std::filesystem::path& checkpoint, bool with_histories);

/// The final state of a run in its output folder (its summary.json), matched to the bodies of
/// `deck` by name: the deck may have gained steps after the run ended, as when a fill is run
/// once and collapses are studied from it.
ReachedState read_output_state(const std::filesystem::path& deck,
                               const std::filesystem::path& folder);

/// Writes `out` (a YAML deck) and, beside it, one body CSV per body file or packing of
/// `deck` (and the contact-history table, when the state has one): start_time at the reached time,
/// the steps still to run (the first one carrying the actions of the steps before it), every body
/// at its reached state, file paths relative to the new deck's folder. Written whole or not at all.
/// Returns the files written.
std::vector<std::filesystem::path> export_state(const std::filesystem::path& deck,
                                                const ReachedState& state,
                                                const std::filesystem::path& out);

}  // namespace polydem
