// polydem command line. Exit codes: 0 done, 2 bad input (deck, mesh or
// command line) or an environment problem (an output path that cannot be
// written, a full disk, a missing Python module), 3 the solver gave up (Δt
// below its minimum), 4 completed but with warnings (the energy balance
// drifted beyond checks.energy_drift), 1 anything else (a bug).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "solvers/parallel_runtime.hpp"
#include "src/cli/export_state_command.hpp"
#include "src/cli/mesh_command.hpp"
#include "src/cli/plot_command.hpp"
#include "src/cli/run_command.hpp"
#include "src/core/errors.hpp"

namespace {

// Input errors and give-ups are the same on every rank (the model is
// replicated), so rank 0 alone reports them; other errors may be one rank's
// own. One write per line, so that the ranks' lines do not interleave.
void report_from_every_rank(const std::string& kind, const char* message) {
  std::string line;
  if (polydem::parallel::size() > 1)
    line = "[rank " + std::to_string(polydem::parallel::rank()) + "] ";
  line += "polydem: " + kind + ": " + message + "\n";
  std::cerr << line << std::flush;
}

bool reports() { return polydem::parallel::rank() == 0; }

// A rank that stops alone would leave the others waiting in a collective call.
int stop_every_rank(int exit_code) {
  if (polydem::parallel::size() > 1) polydem::parallel::abort_all(exit_code);
  return exit_code;
}

// How OpenMP threads wait for work. libgomp's default spins 300000 turns (about 3 ms) before
// sleeping: on a machine shared with other processes that took the cores from the threads
// that had work. A passive wait goes through the kernel at every parallel region instead,
// 60-90 µs on the development machine, and a Newton iteration of a small pack has several
// regions: two threads ran no faster than one. A short spin, 20000 turns (about 0.2 ms), then
// sleep, takes two threads from about 0.9x to 1.3x one thread on the idle machine (45 cubes)
// and from 1.15x to 1.45x (60 tetrapods); with a busy process on every core two threads were
// slower than one with either wait, over the same scattered range (docs/performance.md, "How
// threads wait"). So the short spin is the default. libgomp reads
// the policy once, in its constructor, before main() starts, so the default takes effect only
// in a fresh image of this program: the one exec below (argv and process id unchanged, before
// MPI starts). A user's own OMP_WAIT_POLICY or GOMP_SPINCOUNT is kept (passive leaves the
// cores to other work between regions); where /proc/self/exe cannot be executed the run goes
// on with the runtime's default.
void wait_briefly_unless_told(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") != nullptr || std::getenv("GOMP_SPINCOUNT") != nullptr) return;
  if (::setenv("OMP_WAIT_POLICY", "active", 0) != 0) return;
  if (::setenv("GOMP_SPINCOUNT", "20000", 0) != 0) return;
  ::execv("/proc/self/exe", argv);
}

}  // namespace

int main(int argc, char** argv) {
  wait_briefly_unless_told(argv);
  const polydem::parallel::Session parallel_session;  // ends MPI after the messages below
  CLI::App app{"polydem: implicit multibody dynamics of rigid polyhedra"};
  app.require_subcommand(1);
  int exit_code = 0;
  polydem::add_run_commands(app, exit_code);
  polydem::add_mesh_command(app, exit_code);
  polydem::add_plot_command(app, exit_code);
  polydem::add_export_state_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  } catch (const polydem::InputError& error) {
    if (reports()) std::cerr << "polydem: error: " << error.what() << "\n";
    return 2;
  } catch (const polydem::EnvironmentError& error) {
    // Rank 0 alone writes files, so the others must be stopped too.
    report_from_every_rank("error", error.what());
    return stop_every_rank(2);
  } catch (const std::filesystem::filesystem_error& error) {  // it names the path
    report_from_every_rank("error", error.what());
    return stop_every_rank(2);
  } catch (const polydem::SolverGaveUp& error) {
    if (reports()) std::cerr << "polydem: solver gave up: " << error.what() << "\n";
    return 3;
  } catch (const polydem::LibraryError& error) {
    report_from_every_rank("error", error.what());
    return stop_every_rank(1);
  } catch (const std::exception& error) {
    report_from_every_rank("internal error", error.what());
    return stop_every_rank(1);
  }
  return exit_code;
}
