#include "contact/law/interaction_table.hpp"

#include <stdexcept>
#include <string>

namespace polydem {

InteractionTable::InteractionTable(int group_count)
    : group_count_(group_count), table_(static_cast<std::size_t>(group_count * group_count)) {}

void InteractionTable::set(int group_a, int group_b, const InteractionLaws& laws) {
  auto shared = std::make_shared<Entry>();
  shared->laws = laws;
  table_[static_cast<std::size_t>(group_a * group_count_ + group_b)] = shared;
  table_[static_cast<std::size_t>(group_b * group_count_ + group_a)] = shared;
}

const InteractionTable::Entry* InteractionTable::entry(int group_a, int group_b) const {
  if (group_a < 0 || group_b < 0 || group_a >= group_count_ || group_b >= group_count_)
    return nullptr;
  return table_[static_cast<std::size_t>(group_a * group_count_ + group_b)].get();
}

const InteractionTable::Entry& InteractionTable::required_entry(int group_a, int group_b) const {
  const Entry* found = entry(group_a, group_b);
  if (found == nullptr)
    throw std::logic_error("no contact law between groups " + std::to_string(group_a) + " and " +
                           std::to_string(group_b));
  return *found;
}

double InteractionTable::skin(int group_a, int group_b, double size) const {
  return required_entry(group_a, group_b).laws.normal->skin(size);
}

std::shared_ptr<const Interaction> InteractionTable::law(int group_a, int group_b,
                                                         double size) const {
  const Entry& e = required_entry(group_a, group_b);
  const double skin = this->skin(group_a, group_b, size);
  auto& law = e.made[skin];
  if (!law) {
    const InteractionLaws& laws = e.laws;
    const ContactMaterial* a = laws.material_a ? &*laws.material_a : nullptr;
    const ContactMaterial* b = laws.material_b ? &*laws.material_b : nullptr;
    law = std::make_shared<const Interaction>(
        InteractionParams{laws.normal->make(skin, a, b), laws.damping, laws.damping_ramp,
                          e.friction_enabled ? laws.friction : FrictionParams{}});
  }
  return law;
}

void InteractionTable::set_friction_enabled(int group_a, int group_b, bool enabled) {
  auto& shared = table_[static_cast<std::size_t>(group_a * group_count_ + group_b)];
  if (!shared || shared->friction_enabled == enabled) return;
  shared->friction_enabled = enabled;
  shared->made.clear();
}

}  // namespace polydem
