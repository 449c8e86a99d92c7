// Declarations of the deck's bulk placement: `body_files` (bodies read from
// CSV), `packings` (generated without overlap) and `group_velocities`
// (initial velocities per contact group).
#pragma once

#include <cstddef>
#include <cstdint>

#include "src/params/param_spec.hpp"

namespace polydem {

/// What a deck may ask of bulk placement, so that a typo or a corrupt file ends in a message
/// instead of memory exhaustion: the placement of 10⁷ bodies took 11 GB before failing, and
/// a body file with a 1 GB field took 5 GB and echoed it whole. The defaults are the limits
/// of every deck (documented in docs/deck.md); tests may choose smaller ones.
struct PlacementLimits {
  /// Bodies of one packing, and of one body file: some GB of memory at 10⁶ already.
  long long max_bodies = 1000000;
  /// A body file's size: 10⁶ lines of a few numbers each fit in well under this.
  std::uintmax_t max_file_bytes = 256ull << 20;
  /// One line of a body file, and one field of it.
  std::size_t max_line_bytes = 4096;
  std::size_t max_field_bytes = 256;
};

ObjectSchema body_file_params();
ObjectSchema packing_params();
ObjectSchema group_velocity_params();

/// Shapes named by files and packings exist; there is at least one body.
void check_placement_references(const ParamSet& deck);

}  // namespace polydem
