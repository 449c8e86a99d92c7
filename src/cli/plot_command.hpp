// `polydem plot DIR [--sample K] [--python EXE]`: PNG figures against time from a
// run's DIR/monitor.csv (or the monitor.csv.part of a run still going, or
// killed), and a picture of one sample, written to DIR/plots/ by
// scripts/polydem_plot.py (embedded in the binary) under a Python interpreter
// that has matplotlib.
//
// The interpreter is --python, else $POLYDEM_PYTHON, else the first of
// `python3` on the PATH and /usr/bin/python3 that has matplotlib: a pyenv or
// virtualenv python3 early on the PATH often lacks Debian's python3-matplotlib.
// Exit codes: 0 done, 2 bad DIR or monitor.csv(.part), or no interpreter with
// matplotlib (the message says how to install it), 1 another failure.
#pragma once

namespace CLI {
class App;
}

namespace polydem {

/// Registers the `plot` subcommand; its callback stores the exit code in `exit_code`.
void add_plot_command(CLI::App& app, int& exit_code);

}  // namespace polydem
