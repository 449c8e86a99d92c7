// `polydem run DECK` and `polydem check DECK`.
#pragma once

namespace CLI {
class App;
}

namespace polydem {

/// Registers the `run` and `check` subcommands; their handlers set exit_code.
void add_run_commands(CLI::App& app, int& exit_code);

}  // namespace polydem
