#include "src/cli/run_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>

#include "src/analysis/analysis.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/run_output.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/output/atomic_file.hpp"

namespace polydem {
namespace {

struct RunArguments {
  std::string deck;
  std::string out;
  int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  bool quiet = false;
};

int run_deck(const RunArguments& args) {
  const DeckData deck = read_deck(args.deck);
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path(args.deck).stem().string() + ".out" : args.out;
  Model model = build_model(deck);
  RunOutput output(out, model, deck);
  write_file_atomically(out / "deck.echo.yaml", echo_deck(args.deck));
  const bool progress = !args.quiet && isatty(STDERR_FILENO);
  Analysis analysis(model, deck, RunOptions{args.threads, progress});
  const RunTotals totals = analysis.run(output);
  if (totals.gave_up) {
    std::cerr << "polydem: solver gave up: " << totals.give_up_reason
              << "\nThe last converged state is in " << out.string() << "\n";
    return 3;
  }
  if (!args.quiet)
    std::cout << "polydem: " << args.deck << " done: " << totals.accepted_steps << " steps, "
              << totals.rejected_steps << " rejected, "
              << static_cast<double>(totals.newton_iterations) / static_cast<double>(std::max(totals.accepted_steps, 1L))
              << " Newton iterations per step, " << totals.total_seconds << " s; output in " << out.string()
              << "\n";
  return 0;
}

}  // namespace

void add_run_commands(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* run = app.add_subcommand("run", "Run the analysis of a deck");
  run->add_option("DECK", args->deck, "YAML deck")->required();
  run->add_option("--out", args->out, "Output directory (default: <deck name>.out)");
  run->add_option("--threads", args->threads, "Threads for element evaluation (default: all cores)")
      ->check(CLI::Range(1, 1024));
  run->add_flag("--quiet", args->quiet, "No progress line or final report");
  run->callback([args, &exit_code] { exit_code = run_deck(*args); });

  auto check_deck = std::make_shared<std::string>();
  CLI::App* check = app.add_subcommand("check", "Validate a deck without running it");
  check->add_option("DECK", *check_deck, "YAML deck")->required();
  check->callback([check_deck, &exit_code] {
    const DeckData deck = read_deck(*check_deck);
    build_model(deck);
    std::cout << *check_deck << ": ok (" << deck.bodies.size() << " bodies, " << deck.steps.size()
              << " steps)\n";
    exit_code = 0;
  });
}

}  // namespace polydem
