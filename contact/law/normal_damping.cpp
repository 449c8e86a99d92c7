#include "contact/law/normal_damping.hpp"

#include <algorithm>
#include <map>

namespace polydem {
namespace {

std::map<std::string, std::shared_ptr<const Dashpot>>& dashpots() {
  static std::map<std::string, std::shared_ptr<const Dashpot>> registered;
  return registered;
}

}  // namespace

double NormalDamping::critical_ratio() const {
  if (!dashpot) return 0.0;
  const double lowest =
      restitution ? std::min(restitution->minimum, restitution->coefficient) : 0.0;
  return dashpot->critical_ratio(coefficient, lowest);
}

Family<NormalDamping>& damping_models() {
  static Family<NormalDamping> family(PolymorphicFamily::named(
      "damping",
      "Normal damping, instead of `damping_ratio`: a map with one key naming its type."));
  return family;
}

POLYDEM_DECLARE_FAMILY(damping_models)

bool register_dashpot(std::shared_ptr<const Dashpot> dashpot) {
  const std::string name = dashpot->name();
  dashpots()[name] = std::move(dashpot);
  return true;
}

std::shared_ptr<const Dashpot> dashpot_named(const std::string& name) {
  const auto found = dashpots().find(name);
  return found == dashpots().end() ? nullptr : found->second;
}

std::vector<std::string> dashpot_names() {
  std::vector<std::string> names;
  for (const auto& [name, dashpot] : dashpots()) names.push_back(name);
  return names;
}

}  // namespace polydem
