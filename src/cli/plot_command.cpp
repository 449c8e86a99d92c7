#include "src/cli/plot_command.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "src/cli/plot_script.hpp"
#include "src/core/errors.hpp"

extern char** environ;

namespace polydem {
namespace {

// The script's exit code for "this interpreter has no matplotlib".
constexpr int kNoMatplotlib = 4;

struct PlotArguments {
  std::string directory;
  std::string python;
  int sample = -1;  ///< the sample configuration.png shows; -1: the last
};

// Checked here as well as in the script, so that a bad DIR is exit 2 even
// when no interpreter is usable. A run still going, or killed, has only
// monitor.csv.part: the script plots that and says so.
void check_run_directory(const std::filesystem::path& directory) {
  if (!std::filesystem::is_directory(directory))
    throw InputError(SourceMark{directory.string()}, "", "not a directory");
  const std::filesystem::path monitor = directory / "monitor.csv";
  if (!std::filesystem::is_regular_file(monitor) &&
      !std::filesystem::is_regular_file(directory / "monitor.csv.part"))
    throw InputError(SourceMark{monitor.string()}, "",
                     "no such file, nor monitor.csv.part (is it the output directory of a run?)");
}

// What `polydem plot --help` lists: the paragraphs of the script's docstring
// from its list of figures up to the blank line after it, so that the two
// cannot disagree.
std::string figures_help() {
  const std::string_view script = plot_script();
  const auto start = script.find("Writes DIR/plots/");
  if (start == std::string_view::npos) return {};
  const auto end = script.find("\n\n", start);
  return "polydem plot w" + std::string(script.substr(start + 1, end - start - 1));
}

std::vector<std::string> interpreters(const PlotArguments& args) {
  if (!args.python.empty()) return {args.python};
  if (const char* chosen = std::getenv("POLYDEM_PYTHON"); chosen != nullptr && *chosen != '\0')
    return {chosen};
  return {"python3", "/usr/bin/python3"};
}

/// Runs `python -c SCRIPT DIR` and returns its exit code, or nothing when the
/// interpreter cannot be started or dies from a signal.
std::optional<int> run_script(const std::string& python, const PlotArguments& args) {
  const std::string script(plot_script());
  std::vector<std::string> words{python, "-c", script, args.directory};
  if (args.sample >= 0) words.push_back(std::to_string(args.sample));
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, python.c_str(), nullptr, nullptr, argv.data(), environ) != 0)
    return std::nullopt;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return std::nullopt;
  return WEXITSTATUS(status);
}

int plot(const PlotArguments& args) {
  check_run_directory(args.directory);
  std::string tried;
  for (const std::string& python : interpreters(args)) {
    const std::optional<int> code = run_script(python, args);
    if (code && *code != kNoMatplotlib) {
      if (*code == 0 || *code == 2) return *code;
      std::cerr << "polydem plot: " << python << " failed with exit code " << *code << "\n";
      return 1;
    }
    tried += (tried.empty() ? "" : ", ") + python;
  }
  // The machine lacks a module, not a bug of polydem: exit 2, with what to install.
  std::cerr << "polydem plot: error: no Python interpreter with the module matplotlib (tried "
            << tried
            << "); install it (Debian or Ubuntu: apt-get install python3-matplotlib; else: "
               "python3 -m pip install matplotlib), or choose an interpreter that has it with "
               "--python or POLYDEM_PYTHON\n";
  return 2;
}

}  // namespace

void add_plot_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PlotArguments>();
  CLI::App* command = app.add_subcommand(
      "plot",
      "PNG figures against time from DIR/monitor.csv (or monitor.csv.part), and a picture of a "
      "sample configuration, written to DIR/plots/");
  command->footer(figures_help());
  command->add_option("DIR", args->directory, "Output directory of a run")->required();
  command->add_option("--python", args->python,
                      "Python interpreter with matplotlib (default: $POLYDEM_PYTHON, python3, "
                      "/usr/bin/python3)");
  command
      ->add_option("--sample", args->sample,
                   "Which sample configuration.png shows (0 = the first; default: the last)")
      ->check(CLI::NonNegativeNumber);
  command->callback([args, &exit_code] { exit_code = plot(*args); });
}

}  // namespace polydem
