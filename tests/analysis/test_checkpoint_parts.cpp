// A process's contact part of a checkpoint under domain decomposition
// (src/analysis/checkpoint_parts.hpp): written beside the checkpoint, read back
// only as the part the checkpoint lists, and removed once the next one is written.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "src/analysis/checkpoint_parts.hpp"
#include "src/core/errors.hpp"
#include "tests/support/scratch_directory.hpp"

using namespace polydem;
using polydem::testing::ScratchDirectory;

namespace {

CheckpointPart listed_again(const CheckpointPart& part) {
  StateWriter out;
  part.write(out);
  StateReader in(out.bytes(), "checkpoint.bin");
  return CheckpointPart::read(in);
}

}  // namespace

TEST_CASE("a contact part is read back as written, named by process and step",
          "[checkpoint][parallel]") {
  ScratchDirectory dir("checkpoint_parts");
  CheckpointParts parts;
  const std::string contents("histories\0and ledger", 20);
  const CheckpointPart part = parts.write(dir / "checkpoint.bin", 1, 77, contents);
  CHECK(part.file == "checkpoint.bin.part1.77");
  CHECK(dir.names() == std::vector<std::string>{"checkpoint.bin.part1.77"});
  const CheckpointPart listed = listed_again(part);
  CHECK(listed.file == part.file);
  CHECK(listed.fingerprint == part.fingerprint);
  CHECK(CheckpointParts::read(dir / "checkpoint.bin", listed) == contents);
}

TEST_CASE("a contact part stays until the checkpoint after its own is written",
          "[checkpoint][parallel]") {
  ScratchDirectory dir("checkpoint_parts");
  CheckpointParts parts;
  parts.write(dir / "checkpoint.bin", 0, 10, "first");
  parts.drop_previous();  // nothing before the first
  parts.write(dir / "checkpoint.bin", 0, 20, "second");
  CHECK(dir.names() ==
        std::vector<std::string>{"checkpoint.bin.part0.10", "checkpoint.bin.part0.20"});
  parts.drop_previous();
  CHECK(dir.names() == std::vector<std::string>{"checkpoint.bin.part0.20"});
}

TEST_CASE("a contact part missing, damaged or of another checkpoint is refused by name",
          "[checkpoint][parallel]") {
  ScratchDirectory dir("checkpoint_parts");
  CheckpointParts parts;
  const CheckpointPart part = parts.write(dir / "checkpoint.bin", 0, 5, "state of five");
  const CheckpointPart other = parts.write(dir / "checkpoint.bin", 1, 5, "state of another");
  CheckpointPart swapped = part;
  swapped.file = other.file;  // a file of the same name from another checkpoint
  CHECK_THROWS_WITH(CheckpointParts::read(dir / "checkpoint.bin", swapped),
                    Catch::Contains("part1.5") && Catch::Contains("not the contact part"));
  {
    std::fstream file(dir / part.file, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(2);
    file.put('X');
  }
  CHECK_THROWS_WITH(CheckpointParts::read(dir / "checkpoint.bin", part),
                    Catch::Contains("part0.5"));
  std::filesystem::remove(dir / part.file);
  CHECK_THROWS_AS(CheckpointParts::read(dir / "checkpoint.bin", part), InputError);
  CHECK_THROWS_WITH(CheckpointParts::read(dir / "checkpoint.bin", part),
                    Catch::Contains("part0.5: missing"));
}

TEST_CASE("a listed contact part must be a file name, not a path", "[checkpoint][parallel]") {
  for (const std::string name : {"../elsewhere", "", "..", "folder/part"}) {
    StateWriter out;
    CheckpointPart{name, 1}.write(out);
    StateReader in(out.bytes(), "checkpoint.bin");
    CHECK_THROWS_AS(CheckpointPart::read(in), InputError);
  }
}

TEST_CASE("a run continued in its checkpoint's place drops that checkpoint's parts after its own",
          "[checkpoint][parallel]") {
  ScratchDirectory dir("checkpoint_parts");
  ScratchDirectory elsewhere("checkpoint_parts");
  CheckpointParts earlier;  // the run that wrote the checkpoint, on two processes
  const std::vector<CheckpointPart> listed = {
      earlier.write(dir / "checkpoint.bin", 0, 40, "rank 0"),
      earlier.write(dir / "checkpoint.bin", 1, 40, "rank 1")};
  std::ofstream(dir / "checkpoint.bin") << "the checkpoint";
  std::ofstream(elsewhere / "checkpoint.bin") << "another run's";

  CheckpointParts other_place;  // continued into another folder: the parts are not its own
  other_place.continue_from(dir / "checkpoint.bin", elsewhere / "checkpoint.bin", listed);
  other_place.write(elsewhere / "checkpoint.bin", 0, 50, "on one process");
  other_place.drop_previous();
  CHECK(dir.names().size() == 3);

  CheckpointParts same_place;
  same_place.continue_from(dir / "checkpoint.bin", dir / "checkpoint.bin", listed);
  same_place.write(dir / "checkpoint.bin", 0, 50, "on one process");
  CHECK(dir.names().size() == 4);  // nothing goes before the new checkpoint is written
  same_place.drop_previous();
  CHECK(dir.names() == std::vector<std::string>{"checkpoint.bin", "checkpoint.bin.part0.50"});
}
