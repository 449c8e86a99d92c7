// Newton evaluates residuals alone (Element::evaluate_residual) and forms the
// tangent only where it factorises, so an element's plain residual must be the
// residual of its full evaluation. Checked on the contact elements of a
// tetrapod packing at random trial increments, with their contacts engaged
// there (body–body and body–wall pairs, friction and damping on: a dynamic
// step with random velocities at i).
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

#include "contact/pair/contact_pair_element.hpp"
#include "tests/support/packed_step.hpp"

using namespace polydem;
using namespace polydem::testing;

TEST_CASE("a contact element's plain residual is the residual of its evaluation",
          "[contact][residual]") {
  PackedStep step(0.05);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : step.nodes) {
    node.velocity = Vec3(unit(rng), unit(rng), unit(rng));
    node.angular_velocity = Vec3(unit(rng), unit(rng), unit(rng));
  }
  step.contact->begin_step(step.at_i);

  long evaluated = 0, with_forces = 0, against_walls = 0;
  double worst = 0;
  for (const double scale : {1e-3, 1e-2, 0.03}) {
    Eigen::VectorXd increments(step.zero.size());
    for (long k = 0; k < increments.size(); ++k) increments[k] = scale * unit(rng);
    StepContext trial = step.at_i;
    trial.increments = &increments;
    step.contact->update_engaged(trial, 0.0);
    for (const ContactPairElement* element : step.contact->pair_elements()) {
      const auto n = static_cast<long>(element->dofs().size());
      Eigen::VectorXd full(n), plain = Eigen::VectorXd::Constant(n, 1e300);
      Eigen::MatrixXd tangent(n, n);
      element->evaluate(trial, full, tangent);
      element->evaluate_residual(trial, plain);
      ++evaluated;
      if (full.norm() == 0) {
        CHECK(plain.norm() == 0);
        continue;
      }
      ++with_forces;
      against_walls += element->against_boundary() ? 1 : 0;
      const double error = (plain - full).norm() / full.norm();
      worst = std::max(worst, error);
      CHECK(error <= 1e-12);  // rounding; a pair's contacts can cancel each other
    }
  }
  std::printf(
      "[contact] plain residuals: %ld elements, %ld with forces (%ld against walls), worst "
      "relative difference %.1e\n",
      evaluated, with_forces, against_walls, worst);
  CHECK(with_forces > 50);
  CHECK(against_walls > 5);
}
