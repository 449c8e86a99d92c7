#include "src/cli/export_state_command.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "src/analysis/state_export.hpp"
#include "src/core/errors.hpp"
#include "src/io/text_format.hpp"

namespace polydem {
namespace {

struct ExportArguments {
  std::string deck;
  std::string source;
  std::string out;
  bool friction_history = false;
};

int export_reached_state(const ExportArguments& args) {
  namespace fs = std::filesystem;
  const bool folder = fs::is_directory(args.source);
  if (folder && args.friction_history)
    throw InputError(
        "export-state: --friction-history needs a checkpoint (run --checkpoint-every); "
        "an output folder holds no contact histories: " +
        args.source);
  const ReachedState state =
      folder ? read_output_state(args.deck, args.source)
             : read_checkpoint_state(args.deck, args.source, args.friction_history);
  for (const fs::path& path : export_state(args.deck, state, args.out))
    std::cout << path.string() << "\n";
  std::cout << "polydem: " << state.bodies.size()
            << " bodies at t = " << format_shortest(state.time) << " s written to " << args.out
            << "\n";
  return 0;
}

}  // namespace

void add_export_state_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExportArguments>();
  CLI::App* command = app.add_subcommand(
      "export-state",
      "Write the state a run of DECK reached as a new deck that starts there: the bodies' "
      "positions, rotations, velocities and angular velocities, start_time at the reached "
      "time and the steps still to run (the first one applying the actions of those before "
      "it). Bodies of body files and packings go to CSV files beside the new deck. Friction "
      "histories start from zero unless --friction-history");
  command->add_option("DECK", args->deck, "The deck of the run")
      ->required()
      ->check(CLI::ExistingFile);
  command
      ->add_option("SOURCE", args->source,
                   "A checkpoint of a run of DECK (run --checkpoint-every), or a run's output "
                   "folder (its final state, from summary.json; DECK may have gained steps "
                   "since)")
      ->required()
      ->check(CLI::ExistingPath);
  command->add_option("--out", args->out, "The deck to write")->required();
  command->add_flag("--friction-history", args->friction_history,
                    "Also write the contact histories (friction's elastic gaps, stick/slip, the "
                    "energy ledger's last state) to a table beside the new deck, which it names "
                    "as contact.history_file; needs a checkpoint");
  command->callback([args, &exit_code] { exit_code = export_reached_state(*args); });
}

}  // namespace polydem
