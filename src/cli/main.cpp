// polydem command line. Exit codes: 0 done, 2 bad input (deck, mesh or
// command line), 3 the solver gave up (Δt below its minimum), 1 anything else.
#include <iostream>

#include <CLI/CLI.hpp>

#include "src/cli/mesh_command.hpp"
#include "src/cli/plot_command.hpp"
#include "src/cli/run_command.hpp"
#include "src/core/errors.hpp"

int main(int argc, char** argv) {
  CLI::App app{"polydem: implicit multibody dynamics of rigid polyhedra"};
  app.require_subcommand(1);
  int exit_code = 0;
  polydem::add_run_commands(app, exit_code);
  polydem::add_mesh_command(app, exit_code);
  polydem::add_plot_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  } catch (const polydem::InputError& error) {
    std::cerr << "polydem: error: " << error.what() << "\n";
    return 2;
  } catch (const polydem::SolverGaveUp& error) {
    std::cerr << "polydem: solver gave up: " << error.what() << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "polydem: internal error: " << error.what() << "\n";
    return 1;
  }
  return exit_code;
}
