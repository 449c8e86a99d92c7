#include "src/cli/run_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <CLI/CLI.hpp>

#include <array>
#include "solvers/mpi_launcher.hpp"
#include "solvers/parallel_runtime.hpp"

#include "src/analysis/analysis.hpp"
#include "src/analysis/body_placement.hpp"
#include "src/analysis/convex/convex_analysis.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/run_output.hpp"
#include "src/cli/finite_number.hpp"
#include "src/core/errors.hpp"
#include "src/core/state_stream.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/io/atomic_file.hpp"
#include "src/parallel/make_domain_decomposition.hpp"

namespace polydem {
namespace {

struct RunArguments {
  std::string deck;
  std::string out;
  // The cores are shared among the MPI ranks on this machine.
  int threads = std::max(
      1, static_cast<int>(std::thread::hardware_concurrency()) / mpi_launcher_local_size());
  bool quiet = false;
  double checkpoint_every = 0;
  double progress_every = 30;
  std::string restart;
};

bool needs_mpi(const DeckData& deck) {
  return std::any_of(deck.steps.begin(), deck.steps.end(),
                     [](const StepSpec& step) { return step.linear_solver.needs_mpi; });
}

// On a terminal, a line rewritten in place; elsewhere (a log file, nohup, CI), a line
// every --progress-every seconds, so that a long run is not silent until it ends.
RunOptions run_options(const RunArguments& args, bool reports, const std::filesystem::path& out,
                       const std::string& echo) {
  RunOptions options;
  options.threads = args.threads;
  const bool talks = reports && !args.quiet;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  options.progress = talks && terminal;
  options.progress_every = talks && !terminal ? args.progress_every : 0.0;
  options.checkpoint_every = args.checkpoint_every;  // every process takes part in one
  options.checkpoint_path = (out / "checkpoint.bin").string();
  options.writes_checkpoints = reports;
  options.deck_fingerprint = fingerprint(echo);
  return options;
}

// What rank 0 reports at the end, and the exit code.
int report_end(const RunArguments& args, const Model& model, const RunTotals& totals,
               const std::filesystem::path& out) {
  if (model.contact)
    for (const std::string& warning : model.contact->domain_report().warnings)
      std::cerr << "polydem: warning: " << warning << "\n";
  if (totals.gave_up) {
    std::cerr << "polydem: solver gave up: " << totals.give_up_reason
              << "\nThe last converged state is in " << out.string() << "\n";
    return 3;
  }
  for (const std::string& warning : totals.warnings)
    std::cerr << "polydem: warning: " << warning << "\n";
  if (!args.quiet)
    std::cout << "polydem: " << args.deck << " done: " << totals.accepted_steps << " steps, "
              << totals.rejected_steps << " rejected, "
              << static_cast<double>(totals.newton_iterations) /
                     static_cast<double>(std::max(totals.accepted_steps, 1L))
              << " Newton iterations per step, " << totals.total_seconds << " s"
              << (parallel::size() > 1 ? " on " + std::to_string(parallel::size()) + " MPI ranks"
                                       : "")
              << "; output in " << out.string() << "\n";
  return totals.warnings.empty() ? 0 : 4;
}

// MPI starts only when needed: under a launcher with several ranks, or for a
// deck that asks for PETSc. Every rank runs the whole (replicated) model, so
// all reach the same results; rank 0 alone writes files and reports. Nothing is
// written before a restart's checkpoint has been read and accepted.
// The convex step formulation runs on one process (src/analysis/convex/convex_analysis.hpp).
void refuse_for_convex(const DeckData& deck) {
  if (parallel::size() > 1)
    throw InputError(deck.path + ": integrator: convex does not run on several MPI ranks yet");
}

int run_deck(const RunArguments& args) {
  if (mpi_launcher_size() > 1) parallel::start();
  const DeckData deck = read_deck(args.deck);
  if (needs_mpi(deck)) parallel::start();
  const bool convex = deck.integrator == Integrator::Convex;
  if (convex) refuse_for_convex(deck);
  const bool reports = parallel::rank() == 0;
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path(args.deck).stem().string() + ".out" : args.out;
  Model model = build_model(deck, args.threads, !convex && decomposes(deck));
  const std::string echo = echo_deck(args.deck);
  SilentObserver no_output;
  std::unique_ptr<RunOutput> output;
  if (reports) output = std::make_unique<RunOutput>(out, model, deck);
  AnalysisObserver& observer =
      output ? static_cast<AnalysisObserver&>(*output) : static_cast<AnalysisObserver&>(no_output);
  std::unique_ptr<Analysis> analysis;
  std::unique_ptr<ConvexAnalysis> convex_analysis;
  const RunOptions options = run_options(args, reports, out, echo);
  if (convex) {
    ConvexSettings settings;
    settings.threads = args.threads;
    settings.run = options;
    convex_analysis = std::make_unique<ConvexAnalysis>(model, deck, settings);
    if (!args.restart.empty()) convex_analysis->resume(args.restart, observer);
  } else {
    analysis =
        std::make_unique<Analysis>(model, deck, options, make_domain_decomposition(model, deck));
    if (!args.restart.empty()) analysis->resume(args.restart, observer);
  }
  if (output && !output->restart_note().empty())
    std::cerr << "polydem: note: " << output->restart_note() << "\n";
  if (reports) {
    std::filesystem::create_directories(out);
    write_file_atomically(out / "deck.echo.yaml", echo);
  }
  const RunTotals totals =
      convex ? convex_analysis->run(observer).summary : analysis->run(observer);
  if (!reports) return totals.gave_up ? 3 : totals.warnings.empty() ? 0 : 4;
  return report_end(args, model, totals, out);
}

// A number of seconds: finite and > 0, or ≥ 0 where 0 turns the option off. (CLI11's
// PositiveNumber lets "nan" and "inf" through.)
CLI::Validator seconds_validator(bool zero_allowed) {
  return CLI::Validator(
      [zero_allowed](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < 0 ||
            (value == 0 && !zero_allowed))
          return std::string("must be a finite number of seconds ") +
                 (zero_allowed ? ">= 0 (0: off)" : "> 0") + ", not '" + text + "'";
        return std::string();
      },
      zero_allowed ? "SECONDS>=0" : "SECONDS>0");
}

}  // namespace

void add_run_commands(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RunArguments>();
  CLI::App* run = app.add_subcommand("run", "Run the analysis of a deck");
  run->add_option("DECK", args->deck, "YAML deck")->required();
  run->add_option("--out", args->out, "Output directory (default: <deck name>.out)");
  run->add_option("--threads", args->threads,
                  "Threads for element evaluation (default: all cores, shared among the MPI ranks)")
      ->check(CLI::Range(1, 1024));
  run->add_flag("--quiet", args->quiet,
                "No progress line, progress record or final report (warnings and notes remain)");
  run->add_option("--progress-every", args->progress_every,
                  "When stderr is not a terminal (a log file, nohup, CI): a progress record on "
                  "stderr every this many seconds of wall time (simulated time, % of the end "
                  "time, steps, rejected, Newton iterations per step, wall time); 0: none. "
                  "On a terminal a line rewritten in place instead")
      ->check(seconds_validator(true))
      ->capture_default_str();
  run->add_option(
         "--checkpoint-every", args->checkpoint_every,
         "Write DIR/checkpoint.bin (the complete state, atomically) every this many seconds of "
         "simulated time")
      ->check(seconds_validator(false));
  run->add_option(
         "--restart", args->restart,
         "Continue from a checkpoint of a run of the same deck (bitwise the same results with "
         "the same thread count). Into the checkpointed run's folder: its monitor.csv, "
         "newton.csv and .pvd files go on from the checkpoint (what it wrote after the "
         "checkpoint is dropped and written again); into another folder: the run from the "
         "checkpoint on, and a note on stderr naming the folder with the output before it")
      ->check(CLI::ExistingFile);
  run->callback([args, &exit_code] { exit_code = run_deck(*args); });

  auto pack_deck = std::make_shared<std::array<std::string, 2>>();
  CLI::App* pack = app.add_subcommand("pack",
                                      "Write the bodies with shapes of a deck (its packings, body "
                                      "files and single bodies) as a body CSV file");
  pack->add_option("DECK", (*pack_deck)[0], "YAML deck")->required();
  pack->add_option("--out", (*pack_deck)[1], "The CSV file to write")->required();
  pack->callback([pack_deck, &exit_code] {
    const DeckData deck = read_deck((*pack_deck)[0]);
    std::vector<BodySpec> bodies = all_bodies(deck, build_shapes(deck));
    std::erase_if(
        bodies, [](const BodySpec& body) { return body.shape.empty(); });  // the CSV needs a shape
    write_file_atomically((*pack_deck)[1], format_body_csv(bodies));
    std::cout << (*pack_deck)[1] << ": " << bodies.size() << " bodies\n";
    exit_code = 0;
  });

  auto check_deck = std::make_shared<std::string>();
  CLI::App* check = app.add_subcommand("check", "Validate a deck without running it");
  check->add_option("DECK", *check_deck, "YAML deck")->required();
  check->callback([check_deck, &exit_code] {
    const DeckData deck = read_deck(*check_deck);
    const Model model = build_model(deck);
    if (deck.integrator == Integrator::Convex) check_convex_model(model, deck);
    std::cout << *check_deck << ": ok (" << model.bodies.size() << " bodies, " << deck.steps.size()
              << " steps)\n";
    exit_code = 0;
  });
}

}  // namespace polydem
