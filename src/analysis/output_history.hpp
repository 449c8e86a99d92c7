// What a checkpoint records of the files a run has written, so that a run
// restarted from it into the same folder continues them as if it had never
// stopped: monitor.csv and newton.csv cut back to the rows they had at the
// checkpoint (rows a killed or finished run wrote after it are dropped, and
// written again, the same, by the restarted run), and every .pvd listing the
// samples up to it. Restarted into another folder, the run writes what follows
// the checkpoint there, and says where the output before it is.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "src/core/state_stream.hpp"
#include "src/io/atomic_file.hpp"

namespace polydem {

struct OutputHistory {
  std::filesystem::path directory;   ///< where the run wrote, absolute
  double time = 0;                   ///< of the last accepted step
  LogExtent monitor;                 ///< monitor.csv
  LogExtent newton;                  ///< newton.csv
  LogExtent bodies;                  ///< bodies.csv (empty when output.bodies is)
  std::vector<double> sample_times;  ///< one per sample: vtk/*_NNNNNN.vtu with NNNNNN its index

  void write(StateWriter& out) const;
  void read(StateReader& in);
};

/// Whether a run restarted into `directory` continues `history` there: it is
/// the folder the history was written in, or its monitor log (a killed run's
/// monitor.csv.part, a finished run's monitor.csv) begins as the history's did
/// (the folder was moved or copied). Any other folder is a new one, whose
/// files the restarted run replaces as a new run would.
bool continues_in(const std::filesystem::path& directory, const OutputHistory& history);

/// The InputError message for a restart that cannot continue `history` in
/// `directory` because of `file` (`why`: "is missing", ...).
std::string cannot_continue(const std::filesystem::path& directory, const OutputHistory& history,
                            const std::filesystem::path& file, const std::string& why);

/// The note for a restart into another folder than `history`'s.
std::string new_folder_note(const std::filesystem::path& directory, const OutputHistory& history);

}  // namespace polydem
