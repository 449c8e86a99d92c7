// Contact laws for tests: the paper's hybrid barrier law of given parameters,
// made directly or declared through the deck's reader, and interaction laws
// from it with a damping and a friction.
#pragma once

#include <memory>

#include "contact/law/damping/hunt_crossley_damping.hpp"
#include "contact/law/damping/viscous_damping.hpp"
#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/interaction_table.hpp"
#include "tests/support/deck_fixtures.hpp"

namespace polydem::testing {

/// The hybrid barrier law of these parameters.
inline std::shared_ptr<const NormalLaw> hybrid_law(const NormalLawParams& p) {
  return std::make_shared<const HybridBarrierLaw>(p);
}

/// `normal:` of these parameters, as a deck writes it.
inline std::string hybrid_yaml(const NormalLawParams& p) {
  return "{skin: " + yaml_number(p.skin) + ", stiffness: " + yaml_number(p.stiffness) +
         ", exponent: " + yaml_number(p.exponent) +
         ", barrier_fraction: " + yaml_number(p.barrier_fraction) +
         ", barrier_exponent: " + yaml_number(p.barrier_exponent) + "}";
}

/// The recipe of that law as the deck reads it.
inline std::shared_ptr<const NormalLawRecipe> law_recipe(const NormalLawParams& p) {
  return normal_laws().build(declared("normal_law", hybrid_yaml(p)));
}

/// An interaction's laws with that normal law, no materials.
inline InteractionLaws interaction_laws(const NormalLawParams& normal,
                                        const NormalDamping& damping = {},
                                        const FrictionParams& friction = {}) {
  InteractionLaws laws;
  laws.normal = law_recipe(normal);
  laws.damping = damping;
  laws.friction = friction;
  return laws;
}

}  // namespace polydem::testing
