// The laws that may stand as part (i) of the hybrid barrier law
// (`normal: {branch: ...}`): a polymorphic family whose members (linear_law,
// hertz_law) each turn the two groups' materials into the paper's ε1 and n1.
#pragma once

#include <memory>
#include <string>

#include "contact/law/contact_material.hpp"
#include "contact/law/hybrid_barrier_law.hpp"
#include "src/params/family.hpp"

namespace polydem {

class BranchRecipe {
 public:
  virtual ~BranchRecipe() = default;
  /// `base` with ε1 and n1 of this branch between groups of materials a and b.
  virtual NormalLawParams resolve(NormalLawParams base, const ContactMaterial* a,
                                  const ContactMaterial* b) const = 0;
  /// What the branch needs of a group's material and does not find (null: none); empty: nothing.
  virtual std::string material_problem(const ContactMaterial* material) const = 0;
};

/// The family `normal_branch`.
Family<std::shared_ptr<const BranchRecipe>>& normal_branches();

}  // namespace polydem
