// Contact laws per unordered pair of groups (bodies and boundaries are in
// groups). A law's skin ḡ_n is absolute, or relative to the size of the
// smaller body of a pair (the cube root of its volume), so that scaled models
// behave alike; the laws of each distinct skin are built once.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "contact/law/interaction.hpp"
#include "contact/law/normal_law_family.hpp"

namespace polydem {

/// What an interaction declares, before the pairs it acts on are known.
struct InteractionLaws {
  std::shared_ptr<const NormalLawRecipe> normal;
  std::optional<ContactMaterial> material_a;  ///< of group_a, where it has one
  std::optional<ContactMaterial> material_b;  ///< of group_b, where it has one
  NormalDamping damping;
  double damping_ramp = 0;
  FrictionParams friction;
};

class InteractionTable {
 public:
  explicit InteractionTable(int group_count = 0);
  void set(int group_a, int group_b, const InteractionLaws& laws);
  bool interacts(int group_a, int group_b) const { return entry(group_a, group_b) != nullptr; }
  int group_count() const { return group_count_; }

  /// ḡ_n for a pair whose smaller body has size `size` (m). Precondition: interacts().
  double skin(int group_a, int group_b, double size) const;
  /// The pair's laws. Precondition: interacts(). Not thread-safe (builds on first use).
  std::shared_ptr<const Interaction> law(int group_a, int group_b, double size) const;
  /// Switches the pair's friction off or on (laws handed out before keep their friction).
  void set_friction_enabled(int group_a, int group_b, bool enabled);

 private:
  struct Entry {
    InteractionLaws laws;
    bool friction_enabled = true;
    mutable std::map<double, std::shared_ptr<const Interaction>> made;  ///< by skin
  };
  const Entry* entry(int group_a, int group_b) const;
  const Entry& required_entry(int group_a, int group_b) const;

  int group_count_;
  std::vector<std::shared_ptr<Entry>> table_;
};

}  // namespace polydem
