#include "src/analysis/output_history.hpp"

#include <cstdio>
#include <system_error>

namespace polydem {
namespace {

void put(StateWriter& out, const LogExtent& extent) {
  out.put(static_cast<std::int64_t>(extent.bytes));
  out.put(static_cast<std::int64_t>(extent.fingerprint));
}

LogExtent log_extent(StateReader& in) {
  LogExtent extent;
  extent.bytes = static_cast<std::uint64_t>(in.integer());
  extent.fingerprint = static_cast<std::uint64_t>(in.integer());
  return extent;
}

std::string seconds(double t) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", t);
  return text;
}

// The same folder however it is named (relative, through links), also once it is gone.
std::filesystem::path resolved(const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::path path = std::filesystem::weakly_canonical(directory, error);
  return error ? std::filesystem::absolute(directory).lexically_normal() : path;
}

}  // namespace

void OutputHistory::write(StateWriter& out) const {
  out.put(std::filesystem::absolute(directory).lexically_normal().string());
  out.put(time);
  put(out, monitor);
  put(out, newton);
  put(out, bodies);
  out.put(static_cast<std::int64_t>(sample_times.size()));
  for (const double t : sample_times) out.put(t);
}

void OutputHistory::read(StateReader& in) {
  directory = in.text();
  time = in.real();
  monitor = log_extent(in);
  newton = log_extent(in);
  bodies = log_extent(in);
  sample_times.resize(in.count(std::size_t{1} << 32));
  for (double& t : sample_times) t = in.real();
}

bool continues_in(const std::filesystem::path& directory, const OutputHistory& history) {
  return resolved(directory) == resolved(history.directory) ||
         AppendOnlyLog::resumable(directory / "monitor.csv", history.monitor);
}

std::string cannot_continue(const std::filesystem::path& directory, const OutputHistory& history,
                            const std::filesystem::path& file, const std::string& why) {
  return "cannot continue the output in " + directory.string() +
         " from the checkpoint at t = " + seconds(history.time) + " s: " + file.string() + " " +
         why +
         "; restart into another folder (--out) to write the run from the checkpoint on there";
}

std::string new_folder_note(const std::filesystem::path& directory, const OutputHistory& history) {
  return "restarting at t = " + seconds(history.time) + " s into " + directory.string() +
         ", which holds the run from there on; its output before that (monitor.csv, "
         "newton.csv, the samples of the .pvd files) is in " +
         history.directory.string();
}

}  // namespace polydem
