// Every member of the contact-law families, built from the example it declares
// (so a law added in its own file is checked here without a line changed):
// each normal law's derivatives and stored energy against central differences,
// and the pointwise contact's tangent against central differences of its
// residual for each normal law × each damping model × friction off and on, at
// random configurations of every degeneration, free and engaged.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/law/coulomb_friction.hpp"
#include "contact/law/normal_law_family.hpp"
#include "src/deck/deck_schema.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/pointwise_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// The members of a family, by name, with their examples.
std::map<std::string, std::string> examples_of(const std::string& family) {
  std::map<std::string, std::string> examples;
  for (const ObjectSchema& member : deck_registry().family(family).members) {
    INFO(family << " member " << member.name << " declares no example");
    REQUIRE_FALSE(member.example.empty());
    examples[member.name] = member.example;
  }
  return examples;
}

/// Two materials, so that a law deriving its stiffness from them finds what it needs.
const ContactMaterial kSteel{"steel", 2.1e11, 0.3, 1e7};
const ContactMaterial kRubber{"rubber", 1e7, 0.45, 2e5};

std::shared_ptr<const NormalLaw> example_law(const std::string& example, double skin) {
  const auto recipe = normal_laws().build(declared("normal_law", example));
  return recipe->make(skin, &kSteel, &kRubber);
}

/// Relative difference, with a floor of `scale` for values near zero.
double difference(double a, double b, double scale) {
  return std::abs(a - b) / std::max({std::abs(a), std::abs(b), scale});
}

}  // namespace

TEST_CASE("every normal law: derivatives and stored energy match central differences",
          "[contact][law][every]") {
  const double skin = 0.01;
  for (const auto& [name, example] : examples_of("normal_law")) {
    const auto law = example_law(example, skin);
    REQUIRE(law->skin() == skin);
    const double scale = std::abs(law->force(0.5 * skin)) + 1e-300;
    int below_barrier = 0, checked = 0;
    for (int k = 1; k < 400; ++k) {
      const double g = skin * k / 400.0;  // within the skin, down to the barrier
      // The law is C¹ where its parts meet (eq. 50): no difference straddles a switch.
      if (std::abs(g - law->barrier_gap()) < 1e-4 * skin) continue;
      const auto d = [&](auto f) { return finite_derivative(g, f, {.floor = 0}); };
      INFO(name << " at g = " << g);
      const double f1 = d([&](double x) { return law->force(x); });
      const double f2 = d([&](double x) { return law->force_derivative(x); });
      const double phi = d([&](double x) { return law->energy(x); });
      CHECK(difference(law->force_derivative(g), f1, scale / skin) < 1e-6);
      CHECK(difference(law->force_second_derivative(g), f2, scale / (skin * skin)) < 1e-6);
      CHECK(difference(-law->force(g), phi, scale) < 1e-6);
      CHECK(law->engaged_force(g) == law->force(g));
      CHECK(law->force(g) >= 0);
      below_barrier += g < law->barrier_gap();
      ++checked;
    }
    // Beyond the skin: no force, and the engaged law continues with its slope at the skin.
    CHECK(law->force(1.5 * skin) == 0);
    CHECK(law->energy(1.5 * skin) == 0);
    const double slope = -law->engaged_force_derivative(skin);
    CHECK(law->engaged_force(1.5 * skin) == Approx(-slope * 0.5 * skin).margin(1e-12 * scale));
    CHECK(law->tensile_beyond_skin() == (slope > 0));
    INFO(name << ": " << checked << " gaps, " << below_barrier << " below the barrier gap");
    if (law->barrier_gap() > 0) CHECK(below_barrier > 10);
  }
}

TEST_CASE(
    "every normal law, damping model and friction law: the pointwise contact's tangent matches "
    "central differences",
    "[contact][tangent][every]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  std::map<std::string, NormalDamping> dampings;
  for (const auto& [name, example] : examples_of("damping"))
    dampings[name] = damping_models().build(declared("damping", example));
  dampings["none"] = NormalDamping{};
  std::map<std::string, FrictionParams> frictions{{"none", FrictionParams{}}};
  for (const auto& [name, example] : examples_of("friction"))
    frictions[name] = friction_laws().build(declared("friction", example));
  for (const auto& [law_name, law_example] : examples_of("normal_law"))
    for (const auto& [damping_name, damping] : dampings)
      for (const auto& [friction_name, friction] : frictions) {
        InteractionParams params{example_law(law_example, skin), damping, 0.0, friction};
        int checked = 0;
        for (int trial = 0; trial < 60 && checked < 12; ++trial) {
          params.damping_ramp = trial % 2 == 0 ? 0.0 : 0.5;
          const Interaction interaction(params);
          const Scene scene = random_scene(*shape, skin);
          ContactSide a = body_side(*shape, scene.state_a, 2.0);
          ContactSide b = body_side(*shape, scene.state_b, 3.0);
          a.trial.u_delta = random_vector(1e-3);
          a.trial.alpha_delta = random_vector(1e-3);
          b.trial.u_delta = random_vector(1e-3);
          StepContext context;
          context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
          PairContacts pair{&interaction, {}, &context};
          for (const LocalContact& c : scene.contacts) {
            const auto solved =
                solve_local_contact_at(TrialBody{shape.get(), a.trial}, c.sub_region_a,
                                       TrialBody{shape.get(), b.trial}, c.sub_region_b);
            if (!solved || solved->status == LcpStatus::NoSolution ||
                !(solved->normal_gap > 1e-6 && solved->normal_gap < skin * 0.999))
              continue;
            pair.steps.push_back(step_data(c, trial % 3 != 0));
            pair.steps.back().event_dashpot = 0.2 + 0.3 * std::abs(unit(engine));
          }
          if (pair.steps.empty()) continue;
          for (const bool engaged : {false, true}) {
            PointwiseInput in = pair.pair(a, b);
            in.engaged = engaged;
            Eigen::VectorXd residual = Eigen::VectorXd::Zero(12);
            Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(12, 12);
            add_pointwise_contacts(in, pair.pointers(), residual, tangent);
            const auto plain = [&](const ContactSide& x, const ContactSide& y) {
              PointwiseInput at = in;
              at.a = &x;
              at.b = &y;
              Eigen::VectorXd r = Eigen::VectorXd::Zero(12);
              add_pointwise_contacts_residual(at, pair.pointers(), r);
              return r;
            };
            INFO(law_name << " × " << damping_name << " × " << friction_name << ", "
                          << pair.steps.size() << " contacts, engaged " << engaged);
            CHECK((residual - plain(a, b)).norm() <= 1e-12 * std::max(residual.norm(), 1e-300));
            CHECK(relative_error(tangent, finite_difference_tangent(a, b, 12, plain)) < 1e-6);
          }
          ++checked;
        }
        INFO(law_name << " × " << damping_name << " × " << friction_name);
        CHECK(checked >= 10);
      }
}
