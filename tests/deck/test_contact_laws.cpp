// Deck keys of the contact-law library: materials and the groups made of
// them, part (i) of the normal law (normal.branch), the damping family,
// Stribeck friction and dt.energy_tolerance; what they read into and the named
// error every bad value gives.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <utility>

#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/power_law_branch.hpp"
#include "src/deck/deck_reader.hpp"

using namespace polydem;

namespace {

const std::string kFile = "deck.yaml";

const std::string kDeck = R"(steps:
  - end_time: 1.0
    dt: {initial: 0.01, energy_tolerance: 1.0e-6}
bodies:
  - {name: beam, shape: bar, mass: 20, inertia: [0.1, 1.7, 1.7, 0, 0, 0], position: [0, 0, 1], group: beam}
shapes:
  - {name: bar, geometry: {box: {size: [1, 0.2, 0.1]}}}
boundaries:
  - {name: pad, group: pads, surface: {plane: {length_u: 1, length_v: 1}}}
contact:
  materials:
    - {name: rubber, young_modulus: 1.0e7, poisson_ratio: 0.45, normal_stiffness: 2.0e5}
    - {name: steel, young_modulus: 2.1e11, poisson_ratio: 0.3}
  groups:
    - {name: beam, material: steel}
    - {name: pads, material: rubber}
  interactions:
    - group_a: beam
      group_b: pads
      normal: {skin: 0.001, branch: {hertz: {effective_radius: 0.05}}}
      damping: {restitution: {coefficient: 0.5, yield_speed: 1.0}}
      friction: {static: 0.5, stiffness: 1.0e6, transition_speed: 0.01, viscous: 0.1}
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

/// The error of `text`, which must start with "deck.yaml:line:column: 'key': ",
/// where `at` is first found in the text, and mention `words`.
void check_error(const std::string& text, const std::string& at, const std::string& key,
                 const std::string& words) {
  std::string message = "(no error)";
  try {
    read_deck_string(text, kFile);
  } catch (const InputError& error) {
    message = error.what();
  }
  const auto offset = text.find(at);
  REQUIRE(offset != std::string::npos);
  const auto line_start = text.rfind('\n', offset);
  const long line = std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n') + 1;
  const auto column = offset - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
  INFO(message);
  CHECK(message.rfind(
            kFile + ":" + std::to_string(line) + ":" + std::to_string(column) + ": '" + key + "': ",
            0) == 0);
  CHECK(message.find(words) != std::string::npos);
}

}  // namespace

/// ε1 and n1 of the hybrid law an interaction makes for its skin.
std::pair<double, double> power_law_of(const InteractionSpec& spec) {
  const InteractionLaws& laws = spec.laws;
  const auto law =
      laws.normal->make(laws.normal->skin(1.0), laws.material_a ? &*laws.material_a : nullptr,
                        laws.material_b ? &*laws.material_b : nullptr);
  const auto& branch =
      dynamic_cast<const PowerLawBranch&>(dynamic_cast<const HybridBarrierLaw&>(*law).branch());
  return {branch.coefficient(), branch.exponent()};
}

TEST_CASE("contact laws from materials read into the deck data", "[deck][contact]") {
  const DeckData deck = read_deck_string(kDeck, kFile);
  CHECK(deck.steps[0].dt.energy_tolerance == 1e-6);
  const InteractionSpec& spec = deck.contact.interactions.at(0);
  REQUIRE(spec.laws.material_a.has_value());
  REQUIRE(spec.laws.material_b.has_value());
  CHECK(spec.laws.material_a->name == "steel");
  CHECK(spec.laws.material_b->name == "rubber");
  CHECK(spec.laws.material_b->normal_stiffness == 2e5);
  CHECK(spec.laws.material_a->poisson_ratio == 0.3);
  // Hertz: ε1 = (4/3) E* √R*, E* of steel and rubber in series.
  const double e_star = 1 / ((1 - 0.3 * 0.3) / 2.1e11 + (1 - 0.45 * 0.45) / 1e7);
  CHECK(power_law_of(spec).first == Approx(4.0 / 3 * e_star * std::sqrt(0.05)).epsilon(1e-14));
  CHECK(power_law_of(spec).second == 1.5);
  const NormalDamping& damping = spec.laws.damping;
  REQUIRE(damping.restitution.has_value());
  CHECK(damping.restitution->coefficient == 0.5);
  CHECK(damping.restitution->yield_speed == 1.0);
  CHECK(damping.dashpot->name() == "viscous");
  CHECK(damping.share_pair_mass);
  CHECK(spec.laws.friction.stribeck.transition_speed == 0.01);
  CHECK(spec.laws.friction.stribeck.viscous == 0.1);
  // The other damping types and the linear branch.
  const DeckData viscous = read_deck_string(
      replaced(replaced(kDeck, "{restitution: {coefficient: 0.5, yield_speed: 1.0}}",
                        "{viscous: {ratio: 0.2, mass: whole}}"),
               "{hertz: {effective_radius: 0.05}}", "{linear: {contact_length: 0.02}}"),
      kFile);
  const InteractionSpec& v = viscous.contact.interactions.at(0);
  CHECK(v.laws.damping.dashpot->name() == "viscous");
  CHECK(v.laws.damping.coefficient == 0.2);
  CHECK_FALSE(v.laws.damping.share_pair_mass);
  CHECK_FALSE(v.laws.damping.restitution.has_value());
  CHECK(power_law_of(v).first == Approx(e_star * 0.02).epsilon(1e-14));
  CHECK(power_law_of(v).second == 1.0);
  const DeckData hunt =
      read_deck_string(replaced(kDeck, "{restitution: {coefficient: 0.5, yield_speed: 1.0}}",
                                "{hunt_crossley: {coefficient: 0.3}}"),
                       kFile);
  CHECK(hunt.contact.interactions.at(0).laws.damping.dashpot->name() == "hunt_crossley");
  CHECK(hunt.contact.interactions.at(0).laws.damping.coefficient == 0.3);
}

TEST_CASE("the echo of a deck with the new contact keys reads back the same",
          "[deck][contact][echo]") {
  const std::string echo = echo_deck_string(kDeck, kFile);
  INFO(echo);
  CHECK(echo_deck_string(echo, kFile) == echo);
  const DeckData again = read_deck_string(echo, kFile);
  CHECK(power_law_of(again.contact.interactions.at(0)) ==
        power_law_of(read_deck_string(kDeck, kFile).contact.interactions.at(0)));
  CHECK(again.contact.interactions.at(0).laws.damping.restitution->minimum == 0.02);
}

TEST_CASE("bad deck: materials and the groups made of them", "[deck][contact][errors]") {
  check_error(replaced(kDeck, "poisson_ratio: 0.45", "poisson_ratio: 0.5"), "0.5, normal",
              "contact.materials[0].poisson_ratio", "must be in (-1, 0.5) (got 0.5)");
  check_error(replaced(kDeck, "{name: steel, young_modulus: 2.1e11",
                       "{name: rubber, young_modulus: 2.1e11"),
              "rubber, young_modulus: 2.1e11", "contact.materials[1].name",
              "duplicate material 'rubber'");
  check_error(replaced(kDeck, "material: rubber}", "material: rubbr}"), "rubbr",
              "contact.groups[1].material",
              "no material named 'rubbr' in `contact.materials` (did you mean 'rubber'?)");
  check_error(replaced(kDeck, "{name: pads, material", "{name: padz, material"), "padz",
              "contact.groups[1].name",
              "no body with a shape and no boundary is in group 'padz' (did you mean 'pads'?)");
  check_error(
      replaced(kDeck, "    - {name: beam, material: steel}\n",
               "    - {name: beam, material: steel}\n    - {name: beam, material: rubber}\n"),
      "beam, material: rubber", "contact.groups[1].name", "duplicate group 'beam'");
}

TEST_CASE("bad deck: part (i) of the normal law", "[deck][contact][errors]") {
  const std::string normal = "contact.interactions[0].normal.";
  check_error(replaced(kDeck, "    - {name: beam, material: steel}\n", ""),
              "{hertz:", normal + "branch",
              "group 'beam' has none: add {name: beam, material: ...}");
  check_error(replaced(kDeck, "{hertz: {effective_radius: 0.05}}", "{linear: {}}"),
              "{linear:", normal + "branch", "needs the normal_stiffness of material 'steel'");
  check_error(replaced(kDeck, "{hertz: {effective_radius: 0.05}}",
                       "{linear: {stiffness: 1.0e5, contact_length: 0.1}}"),
              "0.1}}", normal + "branch.linear.contact_length", "not both");
  check_error(replaced(kDeck, "{hertz: {effective_radius: 0.05}}", "{hertz: {}}"), "{}}",
              normal + "branch.hertz.effective_radius", "required key is missing");
  check_error(
      replaced(kDeck, "{hertz: {effective_radius: 0.05}}", "{herz: {effective_radius: 0.05}}"),
      "herz", normal + "branch", "unknown normal_branch type 'herz' (did you mean 'hertz'?)");
  check_error(replaced(kDeck, "skin: 0.001, branch", "skin: 0.001, stiffness: 1.0e5, branch"),
              "1.0e5, branch", normal + "stiffness", "is set by `branch`");
  check_error(replaced(kDeck, ", branch: {hertz: {effective_radius: 0.05}}", ""), "{skin: 0.001}",
              normal + "stiffness", "required key is missing (or give `branch`)");
}

TEST_CASE("bad deck: damping, restitution, Stribeck friction, energy tolerance",
          "[deck][contact][errors]") {
  const std::string interaction = "contact.interactions[0].";
  check_error(replaced(kDeck, "      damping: {", "      damping_ratio: 0.3\n      damping: {"),
              "{restitution", interaction + "damping",
              "give `damping` or `damping_ratio`, not both");
  check_error(replaced(kDeck, "{restitution: {coefficient: 0.5", "{restitutoin: {coefficient: 0.5"),
              "restitutoin", interaction + "damping",
              "unknown damping type 'restitutoin' (did you mean 'restitution'?)");
  check_error(replaced(kDeck, "yield_speed: 1.0}}", "yield_speed: 1.0, minimum: 0.6}}"), "0.6}}",
              interaction + "damping.restitution.minimum", "must not exceed coefficient (0.5)");
  check_error(replaced(kDeck, "coefficient: 0.5, yield_speed", "coefficient: 0.01, yield_speed"),
              "0.01, yield", interaction + "damping.restitution.coefficient",
              "must be in [0.02, 1] (got 0.01)");
  check_error(replaced(kDeck, "yield_speed: 1.0}}", "yield_speed: 1.0, dashpot: spring}}"),
              "spring", interaction + "damping.restitution.dashpot", "viscous");
  check_error(replaced(kDeck, "{restitution: {coefficient: 0.5, yield_speed: 1.0}}",
                       "{viscous: {ratio: -0.1}}"),
              "-0.1", interaction + "damping.viscous.ratio", "-0.1");
  check_error(replaced(kDeck, "static: 0.5, stiffness: 1.0e6, ", ""), "0.1}",
              interaction + "friction.viscous", "needs friction (static > 0)");
  check_error(replaced(kDeck, "transition_speed: 0.01", "transition_speed: -1"), "-1",
              interaction + "friction.transition_speed", "-1");
  check_error(replaced(kDeck, "energy_tolerance: 1.0e-6", "energy_tolerance: -1.0e-6"), "-1.0e-6",
              "steps[0].dt.energy_tolerance", "-1");
}
