// One configuration for the contact search: every body and boundary placed and
// inflated (search_object.hpp), and which pairs interact with which skin ḡ_n
// (the interaction table of their groups; a relative skin scales with the
// smaller body of the pair). Under domain decomposition a process searches a
// scene of its own bodies and its ghosts and wants only the pairs its own
// bodies head (contact/contact_partition.hpp).
#pragma once

#include <optional>
#include <span>

#include "contact/law/interaction_table.hpp"
#include "contact/search/search_object.hpp"

namespace polydem {

struct SearchScene {
  std::span<const SearchObject> bodies;  ///< shape == nullptr: no contact
  std::span<const SearchObject> boundaries;
  std::span<const int> body_groups;
  std::span<const double> body_sizes;  ///< m: cube root of the volume
  std::span<const int> boundary_groups;
  const InteractionTable* interactions = nullptr;
  /// Empty: every pair is wanted. Else per body: 1 when the pairs it heads (as
  /// the lower-numbered body, or with a boundary) are wanted.
  std::span<const char> heads_wanted_pairs;
  /// Empty: no body is held. Else per body: 1 when it is held in space; two
  /// held bodies never pair (neither can move, so their contact is no load).
  std::span<const char> body_held;

  bool wants_pairs_of(std::size_t body) const {
    return heads_wanted_pairs.empty() || heads_wanted_pairs[body] != 0;
  }

  /// The skin of the pair, or nothing when its groups do not interact.
  std::optional<double> skin(const BodyPair& pair) const;
  /// An upper bound of the skin of every body–body pair.
  double largest_body_skin() const;
};

}  // namespace polydem
