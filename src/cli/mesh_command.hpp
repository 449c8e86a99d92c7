// `polydem mesh FILE [--density R] [--scale S] [--translate X Y Z] [--rotate RX RY RZ]`:
// prints the JSON mesh report (contact/geometry/mesh_report.hpp) of an STL or
// OBJ file after the given placement. Exit code 0 for a valid mesh, 2 for a bad
// mesh (its report is still printed) or an unreadable file.
#pragma once

#include <CLI/CLI.hpp>

namespace polydem {

/// Registers the `mesh` subcommand; its callback stores the exit code in `exit_code`.
void add_mesh_command(CLI::App& app, int& exit_code);

}  // namespace polydem
