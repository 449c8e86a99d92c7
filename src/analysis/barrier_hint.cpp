#include "src/analysis/barrier_hint.hpp"

#include <cmath>
#include <cstdio>

namespace polydem {
namespace {

/// A contact this close to touching, in its barrier gaps, is deep in the barrier.
constexpr double kDeepFraction = 0.1;

std::string body_name(const Model& model, int body) {
  if (body >= 0 && static_cast<std::size_t>(body) < model.body_names.size())
    return "'" + model.body_names[static_cast<std::size_t>(body)] + "'";
  return "body " + std::to_string(body);
}

std::string other_side(const Model& model, const ClosestContact& contact) {
  if (contact.boundary >= 0)
    return "boundary '" +
           model.contact->boundaries()[static_cast<std::size_t>(contact.boundary)].name + "'";
  return body_name(model, contact.body_b);
}

}  // namespace

std::string barrier_hint(const Model& model) {
  if (!model.contact) return {};
  const ClosestContact& c = model.contact->snapshot().closest;
  if (!(c.gap < kDeepFraction * c.barrier_gap) || !(c.approach_energy > c.barrier_energy) ||
      !(c.barrier_energy > 0))
    return {};
  char numbers[400];
  std::snprintf(numbers, sizeof numbers,
                " is %.3g m from touching, deep in the barrier of its normal law (which starts "
                "at %.3g m): the law stores %.3g J before its barrier, and the bodies still "
                "close with %.3g J; a law that stores that before its barrier needs about %.3g "
                "times its stiffness",
                c.gap, c.barrier_gap, c.barrier_energy, c.approach_energy,
                c.approach_energy / c.barrier_energy);
  return "; the contact of " + body_name(model, c.body_a) + " with " + other_side(model, c) +
         numbers + " (docs/deck.md, \"Choosing the law and the step\")";
}

}  // namespace polydem
