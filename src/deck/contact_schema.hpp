// Declarations of the deck's contact sections: `shapes` (particle geometry),
// `boundaries` (surfaces without DOFs, optionally moving) and `contact`
// (search settings and the interaction laws per pair of groups, paper
// §2.4.7–2.4.8). The `geometry` and `surface` families are declared with the
// meshes they build (contact/geometry/mesh_families.hpp).
#pragma once

#include "src/params/param_spec.hpp"
#include "src/params/registry.hpp"

namespace polydem {

ObjectSchema shape_params();
ObjectSchema boundary_params();
ObjectSchema motion_params();
ObjectSchema contact_params();
ObjectSchema search_domain_params();
ObjectSchema interaction_params();

/// Deck-level checks across sections: bodies name defined shapes, shapes need
/// a contact law for every pair of groups that can meet.
void check_contact_references(const ParamSet& deck);

}  // namespace polydem
