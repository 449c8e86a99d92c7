// The normal laws a deck can choose (`interactions[].normal`): a polymorphic
// family whose members declare their keys and register themselves in their own
// file. A member builds a recipe: the law of an interaction before its pair is
// known, made per skin (which may scale with the pair's smaller body) and per
// pair of group materials (from which a law may derive its stiffness).
#pragma once

#include <memory>
#include <string>

#include "contact/law/contact_material.hpp"
#include "contact/law/normal_law.hpp"
#include "src/params/family.hpp"

namespace polydem {

class NormalLawRecipe {
 public:
  virtual ~NormalLawRecipe() = default;
  /// ḡ_n for a pair whose smaller body has size `size` (m).
  virtual double skin(double size) const = 0;
  /// The law with skin ḡ_n = `skin` between groups of materials a and b (null
  /// where a group has none; material_problem() said whether that is enough).
  virtual std::shared_ptr<const NormalLaw> make(double skin, const ContactMaterial* a,
                                                const ContactMaterial* b) const = 0;
  /// What the law needs of a group's material and does not find there (null:
  /// the group has no material); empty when nothing is missing.
  virtual std::string material_problem(const ContactMaterial* /*material*/) const { return {}; }
  /// The key of the member that such a problem points at.
  virtual std::string material_key() const { return {}; }
};

/// The family `normal_law`; a map of the `hybrid_barrier` keys stands for that member.
Family<std::shared_ptr<const NormalLawRecipe>>& normal_laws();

/// A law's skin ḡ_n: given (`skin`) or a fraction of the size of the pair's
/// smaller body (`relative_skin`, the cube root of its volume), so that scaled
/// models behave alike. Every normal law declares the two keys this way.
struct SkinRule {
  double absolute = 0;  ///< m
  double relative = 0;  ///< > 0: ḡ_n = relative × size

  double of(double size) const { return relative > 0 ? relative * size : absolute; }
  /// Declares `skin` and `relative_skin` in a member's schema.
  static void declare(ObjectSchema& schema);
  /// Exactly one of them is given (for a member's complete()).
  static void check(ParamSet& set);
  static SkinRule from(const ParamSet& set);
};

}  // namespace polydem
