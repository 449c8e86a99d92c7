// The clearance screen of the contact element (contact_pair_element.hpp): a
// candidate whose primitives were farther apart at configuration i than the
// skin plus how far the sides can have travelled since is skipped without
// solving its LCP. Checked against the same elements with the screen off
// (every clearance 0), over random trial increments from small Newton
// corrections to moves that close gaps and cross bodies: the same active
// contacts and the same crossing verdicts; a pair whose surfaces the element
// calls apart has no edge through a face (surfaces_cross). And the clearance is what it
// claims: never above a valid, positive LCP gap at i, equal to it up to rounding.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/local/local_contact.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "contact/search/body_overlap.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/packed_step.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// The element with the screen off: every candidate's LCP is solved.
ContactPairElement unscreened(const ContactPairElement& element) {
  ContactPairElement copy = element;
  for (Candidate& candidate : copy.candidates()) candidate.clearance_i = 0;
  return copy;
}

bool same_active(const std::vector<ActiveContact>& x, const std::vector<ActiveContact>& y) {
  return std::equal(
      x.begin(), x.end(), y.begin(), y.end(), [](const ActiveContact& a, const ActiveContact& b) {
        return a.candidate == b.candidate && a.contact.normal_gap == b.contact.normal_gap;
      });
}

/// A body (the container for body −1) placed at the trial state, for surfaces_cross.
SearchObject placed(const Packing& packing, const std::vector<NodeState>& nodes,
                    const Eigen::VectorXd& increments, int body) {
  if (body < 0) return packing.boundaries.front();
  SearchObject object = packing.bodies[static_cast<std::size_t>(body)];
  const auto increment = increments.segment<kDofsPerNode>(kDofsPerNode * body);
  const NodeState& node = nodes[static_cast<std::size_t>(body)];
  object.position = node.position + increment.head<3>();
  object.rotation =
      rodrigues_matrix<double>(increment.tail<3>()) * node.rotation.toRotationMatrix();
  return object;
}

/// Random increments of every body: moves of up to `scale` and turns of up to `scale` rad.
Eigen::VectorXd random_increments(std::mt19937& rng, std::size_t bodies, double scale) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Eigen::VectorXd increments(kDofsPerNode * static_cast<long>(bodies));
  for (long k = 0; k < increments.size(); ++k) increments[k] = scale * unit(rng);
  return increments;
}

}  // namespace

TEST_CASE("the clearance screen changes no active contact and no crossing verdict",
          "[contact][clearance]") {
  PackedStep step(0.05);  // margins of up to 2 × 0.05·√3 m: far candidates too
  const auto& [packing, contact, nodes, zero, at_i] = step;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : step.nodes) node.velocity = Vec3(unit(rng), unit(rng), unit(rng));
  contact->begin_step(at_i);

  long candidates = 0, far = 0, active = 0, crossing = 0, apart = 0, surfaces_crossing = 0;
  for (const double scale : {1e-4, 1e-3, 1e-2, 0.05, 0.2}) {
    for (int sample = 0; sample < 3; ++sample) {
      const Eigen::VectorXd increments = random_increments(rng, nodes.size(), scale);
      StepContext trial = at_i;
      trial.increments = &increments;
      for (const ContactPairElement* element : contact->pair_elements()) {
        const ContactPairElement reference = unscreened(*element);
        std::vector<ActiveContact> screened_active, reference_active;
        element->collect_active(trial, screened_active);
        reference.collect_active(trial, reference_active);
        CHECK(same_active(screened_active, reference_active));
        const bool crosses = element->crosses(at_i, trial, 0.1);
        CHECK(crosses == reference.crosses(at_i, trial, 0.1));
        const bool cross =
            surfaces_cross(placed(packing, nodes, increments, element->side_a().body),
                           placed(packing, nodes, increments, element->side_b().body));
        if (element->surfaces_apart(trial)) {
          ++apart;
          CHECK_FALSE(cross);
        }
        surfaces_crossing += cross ? 1 : 0;
        active += static_cast<long>(reference_active.size());
        crossing += crosses ? 1 : 0;
        if (scale == 1e-4 && sample == 0) {
          const double travel =
              2 * (std::sqrt(3.0) + std::sqrt(3.0) * packing.shape->bounding_radius) * 1e-4;
          for (const Candidate& c : element->candidates()) {
            ++candidates;
            far += c.clearance_i > element->interaction().skin() + travel ? 1 : 0;
          }
        }
      }
    }
  }
  std::printf(
      "[contact] clearance screen: %ld of %ld candidates beyond reach of 1e-4 moves, %ld "
      "active contacts and %ld crossing elements compared, %ld pairs apart, %ld with surfaces "
      "crossing\n",
      far, candidates, active, crossing, apart, surfaces_crossing);
  CHECK(far > candidates / 4);  // the screen has work to do
  CHECK(active > 100);
  CHECK(crossing > 10);
  CHECK(apart > 100);
  CHECK(surfaces_crossing > 10);
}

TEST_CASE("the clearance at i is a valid LCP gap at i up to rounding, and never above it",
          "[contact][clearance]") {
  const PackedStep step(0.0);
  const auto& [packing, contact, nodes, zero, at_i] = step;
  contact->begin_step(at_i);
  long valid = 0;
  for (const ContactPairElement* element : contact->pair_elements()) {
    const ContactSide a = element->contact_side_a(at_i), b = element->contact_side_b(at_i);
    for (const Candidate& c : element->candidates()) {
      const auto lcp =
          solve_local_contact_at({a.shape, a.trial}, c.region_a, {b.shape, b.trial}, c.region_b);
      CHECK(c.clearance_i >= 0);
      if (!lcp || !lcp->valid() || !(lcp->normal_gap > 0)) continue;
      ++valid;
      CHECK(c.clearance_i <= lcp->normal_gap * (1 + 1e-12) + 1e-14);
      CHECK(c.clearance_i == Approx(lcp->normal_gap).epsilon(1e-9).margin(1e-12));
    }
  }
  CHECK(valid > 50);
}

TEST_CASE("the end-of-step penetration verdict is that of testing every pair in full",
          "[contact][clearance]") {
  // check_converged skips the surface-crossing test of pairs whose surfaces
  // cannot meet (found pairs by their clearances, pairs the search did not
  // find by the skin): the verdict must be that of crossing tests on every
  // element, unscreened, and of surfaces_cross on every pair of the scene.
  // The bodies' velocities inflate the search (ContactScene::search_reach),
  // which the skipping relies on in place of the bare skin.
  PackedStep step(0.01);
  const auto& [packing, contact, nodes, zero, at_i] = step;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : step.nodes) node.velocity = Vec3(unit(rng), unit(rng), unit(rng));
  int penetrations = 0, samples = 0;
  for (const double scale : {1e-4, 1e-3, 0.01, 0.03, 0.1}) {
    for (int sample = 0; sample < 4; ++sample, ++samples) {
      const Eigen::VectorXd increments = random_increments(rng, nodes.size(), scale);
      StepContext trial = at_i;
      trial.increments = &increments;
      contact->begin_step(at_i);
      bool reference = false;
      for (const ContactPairElement* element : contact->pair_elements())
        reference = reference || unscreened(*element).crosses(at_i, trial, 0.0);
      for (int a = 0; a < static_cast<int>(nodes.size()) && !reference; ++a) {
        const SearchObject body = placed(packing, nodes, increments, a);
        reference = surfaces_cross(body, placed(packing, nodes, increments, -1));
        for (int b = a + 1; b < static_cast<int>(nodes.size()) && !reference; ++b)
          reference = surfaces_cross(body, placed(packing, nodes, increments, b));
      }
      const bool penetration = contact->check_converged(trial) == StepVerdict::Penetration;
      CHECK(penetration == reference);
      penetrations += penetration ? 1 : 0;
    }
  }
  CHECK(penetrations > 2);
  CHECK(penetrations < samples - 2);
}

TEST_CASE("a body driven through one the search did not find is still a penetration",
          "[contact][clearance]") {
  // Two unit cubes 0.5 m apart: beyond the 0.05 m skin, so no pair of the
  // step, yet their bounding spheres overlap. Driven 0.8 m into the other
  // within the step, the cube's edges pass through faces: only the
  // surface-crossing test can see it, and it must not be skipped. Moved by
  // less than the skin, the two cannot meet.
  const auto cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  std::vector<ContactBody> bodies = {{"a", cube, 1.0, 0}, {"b", cube, 1.0, 0}};
  InteractionTable table(1);
  table.set(0, 0, law(0.05));
  ContactSet contact(std::move(bodies), {}, std::move(table), SearchSettings{});
  std::vector<NodeState> nodes(2);
  nodes[1].position = Vec3(1.5, 0.1, -0.2);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(2 * kDofsPerNode);
  StepContext at_i;
  at_i.time = at_i.dt = 0.01;
  at_i.nodes = nodes;
  at_i.increments = &zero;
  const auto verdict = [&](double push) {
    Eigen::VectorXd increments = zero;
    increments[0] = push;
    StepContext trial = at_i;
    trial.increments = &increments;
    contact.begin_step(at_i);
    REQUIRE(contact.pair_elements().empty());
    return contact.check_converged(trial);
  };
  CHECK(verdict(0.8) == StepVerdict::Penetration);
  CHECK(verdict(0.04) == StepVerdict::Accept);
}
