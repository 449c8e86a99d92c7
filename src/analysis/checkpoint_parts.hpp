// Under domain decomposition each process writes its own contact state of a
// checkpoint (friction histories, its share of the energy ledger, night owls) to a
// file of its own beside the checkpoint, instead of sending it to process 0, which
// would then hold every process's contacts at once. The checkpoint itself, written
// last by process 0, lists each part's file and fingerprint: the set is whole or the
// previous checkpoint still stands. A process removes its part of a checkpoint once
// the next checkpoint is written, so a run killed in between restarts from the older
// checkpoint with its parts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "src/core/state_stream.hpp"

namespace polydem {

/// A part as the checkpoint lists it.
struct CheckpointPart {
  std::string file;               ///< its name, in the checkpoint's folder
  std::uint64_t fingerprint = 0;  ///< of its contents

  void write(StateWriter& out) const;
  static CheckpointPart read(StateReader& in);
};

class CheckpointParts {
 public:
  /// Writes `contents` (sealed, synced to disk) as process `process`'s part of the
  /// checkpoint `checkpoint` made after accepted step `generation`.
  CheckpointPart write(const std::filesystem::path& checkpoint, int process,
                       std::int64_t generation, const std::string& contents);
  /// Once the checkpoint that lists the part written last is on disk (on every process):
  /// removes the part written before it, and any parts handed over by continue_from.
  void drop_previous();
  /// The parts `listed` of the checkpoint `checkpoint` this run continues from, which the
  /// run's next checkpoint replaces where it is written in the same place (`own_checkpoint`):
  /// drop_previous removes them then. The process that removes them calls it.
  void continue_from(const std::filesystem::path& checkpoint,
                     const std::filesystem::path& own_checkpoint,
                     const std::vector<CheckpointPart>& listed);
  /// The contents of `part` of the checkpoint `checkpoint`; InputError naming the part's file
  /// when it is missing, damaged or not the one listed.
  static std::string read(const std::filesystem::path& checkpoint, const CheckpointPart& part);

 private:
  std::filesystem::path previous_;
  std::filesystem::path last_;
  std::vector<std::filesystem::path> continued_;  ///< the parts of the checkpoint continued from
};

}  // namespace polydem
