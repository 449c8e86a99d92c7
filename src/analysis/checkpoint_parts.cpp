#include "src/analysis/checkpoint_parts.hpp"

#include <system_error>

#include "src/core/errors.hpp"
#include "src/core/file_bytes.hpp"
#include "src/io/sealed_file.hpp"

namespace polydem {

void CheckpointPart::write(StateWriter& out) const {
  out.put(file);
  out.put(static_cast<std::int64_t>(fingerprint));
}

CheckpointPart CheckpointPart::read(StateReader& in) {
  CheckpointPart part;
  part.file = in.text();
  part.fingerprint = static_cast<std::uint64_t>(in.integer());
  // A name, not a path: a damaged or forged list must not reach outside the folder.
  if (part.file.empty() || part.file.find('/') != std::string::npos || part.file == "." ||
      part.file == "..")
    in.fail("a contact part's file name '" + part.file + "' is not a file name");
  return part;
}

CheckpointPart CheckpointParts::write(const std::filesystem::path& checkpoint, int process,
                                      std::int64_t generation, const std::string& contents) {
  const std::filesystem::path path =
      checkpoint.string() + ".part" + std::to_string(process) + "." + std::to_string(generation);
  const std::uint64_t written = write_sealed_file(path, contents, Durability::Synced);
  if (path != last_) {
    previous_ = last_;
    last_ = path;
  }
  return {path.filename().string(), written};
}

void CheckpointParts::drop_previous() {
  std::error_code ignored;  // already gone (a folder cleared by hand) is as good
  if (!previous_.empty()) std::filesystem::remove(previous_, ignored);
  previous_.clear();
  for (const std::filesystem::path& part : continued_)
    if (part != last_) std::filesystem::remove(part, ignored);
  continued_.clear();
}

void CheckpointParts::continue_from(const std::filesystem::path& checkpoint,
                                    const std::filesystem::path& own_checkpoint,
                                    const std::vector<CheckpointPart>& listed) {
  std::error_code unknown;  // a checkpoint elsewhere: its parts are another run's
  if (!std::filesystem::equivalent(checkpoint, own_checkpoint, unknown)) return;
  for (const CheckpointPart& part : listed)
    continued_.push_back(own_checkpoint.parent_path() / part.file);
}

std::string CheckpointParts::read(const std::filesystem::path& checkpoint,
                                  const CheckpointPart& part) {
  const std::filesystem::path path = checkpoint.parent_path() / part.file;
  if (!std::filesystem::exists(path))
    throw InputError(path.string() +
                     ": missing: a checkpoint written under domain decomposition keeps each "
                     "process's contact state in a file of its own beside it (" +
                     checkpoint.filename().string() + ".part*); copy them with it");
  std::string bytes = read_file_bytes(path.string());
  if (fingerprint(bytes) != part.fingerprint)
    throw InputError(path.string() + ": not the contact part the checkpoint " +
                     checkpoint.string() + " lists (damaged, or from another checkpoint)");
  return unsealed(std::move(bytes), path.string());
}

}  // namespace polydem
