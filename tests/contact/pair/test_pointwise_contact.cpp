// One pointwise contact (normal barrier law, damping, Coulomb friction with or
// without a Stribeck curve) on random configurations of every degeneration: the AD tangent against
// central finite differences of the residual, the normal residual against the independent
// hand-derived route −p ∂g_n/∂d of contact/local, and the contact points
// against the local contact solution.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/pair/pointwise_contact.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/law_fixtures.hpp"
#include "tests/support/pointwise_scene.hpp"

using namespace polydem;

namespace {

using namespace polydem::testing;

InteractionParams interaction_params(double skin, double damping_ratio, double mu) {
  InteractionParams p;
  p.normal = testing::hybrid_law({skin, 1e4, 1.5, 0.4, -2.0});
  p.damping = viscous_damping(damping_ratio);
  p.friction = {mu, 0.8 * mu, 2e4, 30.0, {}};
  return p;
}

}  // namespace

TEST_CASE("pointwise contact tangent matches central differences (body-body, every law branch)",
          "[contact][tangent]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  int checked = 0, slipping = 0, sticking = 0, barrier = 0, ramped = 0, stribeck_slipping = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Scene scene = random_scene(*shape, skin);
    for (const LocalContact& c : scene.contacts) {
      ContactSide a = body_side(*shape, scene.state_a, 2.0);
      ContactSide b = body_side(*shape, scene.state_b, 3.0);
      a.trial.u_delta = random_vector(1e-3);
      a.trial.alpha_delta = random_vector(1e-3);
      b.trial.u_delta = random_vector(1e-3);
      b.trial.alpha_delta = random_vector(1e-3);
      const auto solved = solve_local_contact_at(TrialBody{shape.get(), a.trial}, c.sub_region_a,
                                                 TrialBody{shape.get(), b.trial}, c.sub_region_b);
      if (!solved || solved->status == LcpStatus::NoSolution || solved->normal_gap <= 1e-6 ||
          solved->normal_gap >= skin * 0.999)
        continue;
      const double mu = trial % 3 == 0 ? 0.0 : 0.6;
      InteractionParams params = interaction_params(skin, trial % 2 == 0 ? 0.3 : 0.0, mu);
      if (trial % 4 == 2) params.damping_ramp = 0.5;  // the dashpot fades in over g in (0.15, 0.3)
      if (trial % 7 < 3) params.friction.stribeck = {0.4, trial % 7 == 0 ? 0.0 : 0.3};
      if (trial % 7 == 2) params.friction.stribeck.transition_speed = 0;  // viscous term alone
      const Interaction interaction(params);
      PointwiseStepData step = step_data(c, trial % 4 != 0);
      if (trial % 2 == 0) {  // material points nearly coincident: small g_t, so it sticks
        const Vec3 world = scene.state_a.position + scene.state_a.rotation * step.material_point_a;
        step.material_point_b =
            scene.state_b.rotation.inverse() * (world - scene.state_b.position) +
            random_vector(1e-4);
        step.tangential_gap_i *= 1e-3;
      }
      StepContext context;
      context.type = trial % 5 == 0 ? AnalysisType::Static : AnalysisType::Dynamic;
      context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
      const PointwiseInput in{&interaction, &a, &b, &step, &context};
      const Evaluation e = evaluate(in, 12);
      const Eigen::MatrixXd fd = finite_difference_tangent(in, 12);
      INFO("trial " << trial << " stribeck " << params.friction.stribeck.transition_speed << " "
                    << params.friction.stribeck.viscous << " mu " << e.outcome.slip_coefficient);
      INFO("kind " << static_cast<int>(c.kind) << " gap " << e.outcome.gap << " pressure "
                   << e.outcome.pressure << " status " << static_cast<int>(e.outcome.status));
      CHECK(relative_error(e.tangent, fd) < 1e-6);
      CHECK((e.residual - residual_at(in, a, b, 12)).norm() <= 1e-12 * e.residual.norm());
      ++checked;
      if (mu > 0 && e.outcome.status == StickSlip::Slip) ++slipping;
      if (mu > 0 && e.outcome.status == StickSlip::Slip && trial % 7 < 3) ++stribeck_slipping;
      if (mu > 0 && e.outcome.status == StickSlip::Stick) ++sticking;
      if (e.outcome.gap < interaction.law().barrier_gap()) ++barrier;
      if (params.damping_ramp > 0 && context.dynamic() && e.outcome.gap > 0.15) ++ramped;
    }
  }
  INFO("checked " << checked << ", slipping " << slipping << ", sticking " << sticking
                  << ", barrier branch " << barrier << ", in a damping ramp " << ramped);
  CHECK(ramped > 10);
  CHECK(checked > 200);
  CHECK(slipping > 10);
  CHECK(sticking > 10);
  CHECK(barrier > 10);
  CHECK(stribeck_slipping > 10);
}

TEST_CASE("pointwise contact against a boundary: tangent on the body's six DOFs",
          "[contact][tangent]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Scene scene = random_scene(*shape, skin);
    for (const LocalContact& c : scene.contacts) {
      ContactSide a = body_side(*shape, scene.state_a, 2.0);
      ContactSide b;
      b.shape = shape.get();
      b.trial.pole_position = scene.state_b.position;
      b.trial.rotation = scene.state_b.rotation.toRotationMatrix();
      b.trial.u_delta = random_vector(1e-3);
      b.boundary_velocity = random_vector(0.3);
      a.trial.u_delta = random_vector(1e-3);
      a.trial.alpha_delta = random_vector(1e-3);
      const auto solved = solve_local_contact_at(TrialBody{shape.get(), a.trial}, c.sub_region_a,
                                                 TrialBody{shape.get(), b.trial}, c.sub_region_b);
      if (!solved || solved->status == LcpStatus::NoSolution || solved->normal_gap <= 1e-6 ||
          solved->normal_gap >= skin * 0.999)
        continue;
      const Interaction interaction(interaction_params(skin, 0.2, 0.5));
      const PointwiseStepData step = step_data(c, true);
      StepContext context;
      context.newmark = NewmarkCoefficients::make(0.25, 0.5, 0.02);
      const PointwiseInput in{&interaction, &a, &b, &step, &context};
      const Evaluation e = evaluate(in, 6);
      CHECK(relative_error(e.tangent, finite_difference_tangent(in, 6)) < 1e-6);
      ++checked;
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("frictionless, undamped contact residual is -p dg_n/dd of the hand-derived route",
          "[contact]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  int checked = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const Scene scene = random_scene(*shape, skin);
    for (const LocalContact& c : scene.contacts) {
      ContactSide a = body_side(*shape, scene.state_a, 2.0);
      ContactSide b = body_side(*shape, scene.state_b, 3.0);
      a.trial.alpha_delta = random_vector(1e-2);
      b.trial.u_delta = random_vector(1e-2);
      const TrialBody ta{shape.get(), a.trial}, tb{shape.get(), b.trial};
      const auto linear = linearise_local_contact(ta, c.sub_region_a, tb, c.sub_region_b);
      if (!linear || linear->contact.normal_gap <= 1e-6 || linear->contact.normal_gap >= skin)
        continue;
      const Interaction interaction(interaction_params(skin, 0.0, 0.0));
      const PointwiseStepData step = step_data(c, false);
      StepContext context;
      context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
      const PointwiseInput in{&interaction, &a, &b, &step, &context};
      const Evaluation e = evaluate(in, 12);
      const double p = interaction.law().force(linear->contact.normal_gap);
      const Eigen::VectorXd expected = -p * linear->normal_gap_gradient.transpose();
      CHECK((e.residual - expected).norm() <= 1e-9 * std::max(expected.norm(), 1e-12));
      CHECK(e.outcome.gap == Approx(linear->contact.normal_gap).epsilon(1e-12));
      // The tangent of the potential part: −p ∂²g_n − f_n' ∂g_nᵀ∂g_n.
      const double slope = interaction.law().force_derivative(linear->contact.normal_gap);
      const Eigen::MatrixXd expected_tangent =
          -p * linear->normal_gap_hessian -
          slope * linear->normal_gap_gradient.transpose() * linear->normal_gap_gradient;
      CHECK(relative_error(e.tangent, expected_tangent) < 1e-8);
      ++checked;
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("a pair's contacts evaluated together: residual and tangent match central differences",
          "[contact][tangent]") {
  // add_pointwise_contacts shares the sides' motion among a pair's contacts;
  // its tangent is checked against differences of the single-contact residuals.
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  const Interaction interaction(interaction_params(skin, 0.3, 0.6));
  int checked = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const Scene scene = random_scene(*shape, skin);
    ContactSide a = body_side(*shape, scene.state_a, 2.0);
    ContactSide b = body_side(*shape, scene.state_b, 3.0);
    a.trial.alpha_delta = random_vector(1e-3);
    b.trial.u_delta = random_vector(1e-3);
    std::vector<PointwiseStepData> steps;
    for (const LocalContact& c : scene.contacts) {
      const auto solved = solve_local_contact_at(TrialBody{shape.get(), a.trial}, c.sub_region_a,
                                                 TrialBody{shape.get(), b.trial}, c.sub_region_b);
      if (solved && solved->status != LcpStatus::NoSolution && solved->normal_gap > 1e-6 &&
          solved->normal_gap < skin * 0.999)
        steps.push_back(step_data(c, true));
    }
    if (steps.size() < 2) continue;
    StepContext context;
    context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
    const PointwiseInput pair{&interaction, &a, &b, nullptr, &context};
    std::vector<const PointwiseStepData*> pointers;
    for (const PointwiseStepData& s : steps) pointers.push_back(&s);
    Eigen::VectorXd residual = Eigen::VectorXd::Zero(12);
    Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(12, 12);
    add_pointwise_contacts(pair, pointers, residual, tangent);
    Eigen::VectorXd summed = Eigen::VectorXd::Zero(12);
    Eigen::MatrixXd fd = Eigen::MatrixXd::Zero(12, 12);
    for (const PointwiseStepData& s : steps) {
      PointwiseInput single = pair;
      single.step = &s;
      summed += residual_at(single, a, b, 12);
      fd += finite_difference_tangent(single, 12);
    }
    CHECK((residual - summed).norm() <= 1e-12 * summed.norm());
    CHECK(relative_error(tangent, fd) < 1e-6);
    ++checked;
  }
  CHECK(checked > 20);
}

TEST_CASE(
    "pair contacts: viscous damping with a shared pair mass and Hunt-Crossley damping, "
    "tangent against central differences",
    "[contact][tangent][damping]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  int checked = 0, shared = 0, hunt_crossley_ramped = 0;
  for (int trial = 0; trial < 400 && checked < 120; ++trial) {
    const Scene scene = random_scene(*shape, skin);
    ContactSide a = body_side(*shape, scene.state_a, 2.0);
    ContactSide b = body_side(*shape, scene.state_b, 3.0);
    a.trial.u_delta = random_vector(1e-3);
    a.trial.alpha_delta = random_vector(1e-3);
    b.trial.u_delta = random_vector(1e-3);
    InteractionParams params = interaction_params(skin, 0.0, trial % 2 == 0 ? 0.6 : 0.0);
    const bool hunt_crossley = trial % 3 == 0;
    params.damping = hunt_crossley ? hunt_crossley_damping(0.8) : viscous_damping(0.4, true);
    if (trial % 5 == 1) params.damping.restitution = RestitutionParams{0.6, 0, 0, 0.02};
    if (trial % 2 == 1) params.damping_ramp = 0.5;  // the dashpot fades in over g in (0.15, 0.3)
    const Interaction interaction(params);
    StepContext context;
    context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
    PairContacts pair{&interaction, {}, &context};
    bool in_ramp = false;
    for (const LocalContact& c : scene.contacts) {
      const auto solved = solve_local_contact_at(TrialBody{shape.get(), a.trial}, c.sub_region_a,
                                                 TrialBody{shape.get(), b.trial}, c.sub_region_b);
      if (solved && solved->status != LcpStatus::NoSolution && solved->normal_gap > 1e-6 &&
          solved->normal_gap < skin * 0.999) {
        in_ramp = in_ramp || (params.damping_ramp > 0 && solved->normal_gap > 0.15);
        pair.steps.push_back(step_data(c, trial % 4 != 0));
        pair.steps.back().event_dashpot = 0.2 + 0.5 * std::abs(unit(engine));  // restitution's ζ
      }
    }
    if (pair.steps.empty()) continue;
    Eigen::VectorXd residual = Eigen::VectorXd::Zero(12);
    Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(12, 12);
    add_pointwise_contacts(pair.pair(a, b), pair.pointers(), residual, tangent);
    const Eigen::MatrixXd fd = finite_difference_tangent(
        a, b, 12,
        [&](const ContactSide& x, const ContactSide& y) { return pair.residual(x, y, 12); });
    INFO("contacts " << pair.steps.size() << " dashpot " << params.damping.dashpot->name());
    CHECK(relative_error(tangent, fd) < 1e-6);
    CHECK((residual - pair.residual(a, b, 12)).norm() <= 1e-12 * residual.norm());
    ++checked;
    shared += pair.steps.size() > 1 && interaction.shares_pair_mass();
    hunt_crossley_ramped += in_ramp && hunt_crossley;
  }
  INFO("pairs checked " << checked << ", with a shared mass over several contacts " << shared
                        << ", Hunt-Crossley in a damping ramp " << hunt_crossley_ramped);
  CHECK(checked >= 100);
  CHECK(shared > 20);
  CHECK(hunt_crossley_ramped > 5);
}

TEST_CASE("a shared pair mass leaves a single contact at eq. 52 and damps N equal contacts as one",
          "[contact][damping]") {
  const double elastic = 50, k = 2e4, mass = 3, velocity = -0.7, ratio = 0.3;
  const double paper = elastic - 2 * ratio * std::sqrt(k * mass) * velocity;
  const auto pressure = [&](const std::shared_ptr<const Dashpot>& dashpot, double coefficient,
                            double f, ContactStiffness<double> s, double v) {
    return damped_pressure<double>(dashpot.get(), coefficient, f, s, mass, v);
  };
  const auto viscous = viscous_dashpot(), hunt_crossley = hunt_crossley_dashpot();
  CHECK(pressure(viscous, ratio, elastic, {k, 0, false}, velocity) == paper);
  CHECK(pressure(viscous, ratio, elastic, {k, k, true, mass}, velocity) ==
        Approx(paper).epsilon(1e-15));
  // Four equal contacts whose push meets the mass m: together 2ζ√(4k m), the
  // pair's own critical damping times ζ.
  const double each = pressure(viscous, ratio, elastic, {k, 4 * k, true, mass}, velocity);
  CHECK(4 * (each - elastic) ==
        Approx(-2 * ratio * std::sqrt(4 * k * mass) * velocity).epsilon(1e-14));
  // Hunt–Crossley: continuous at first touch and never tensile.
  CHECK(pressure(hunt_crossley, 0.5, 0.0, {k, k, false}, velocity) == 0);
  CHECK(pressure(hunt_crossley, 0.5, elastic, {k, k, false}, velocity) ==
        Approx(elastic * (1 + 0.75 * 0.7)).epsilon(1e-15));
  CHECK(pressure(hunt_crossley, 0.5, elastic, {k, k, false}, 3.0) == 0);
}

TEST_CASE(
    "a body's motion remembered between evaluations is recomputed when any of its inputs "
    "changes",
    "[contact][tangent]") {
  // own_motion keeps each body's differentiated Newmark kinematics per thread; after any
  // input changes, an evaluation must give the bits one on a fresh thread (nothing remembered)
  // gives. Each change below alone is caught when its input is left out of the key.
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  const Interaction interaction(interaction_params(skin, 0.3, 0.6));
  Scene scene = random_scene(*shape, skin);
  ContactSide a = body_side(*shape, scene.state_a, 2.0);
  ContactSide b = body_side(*shape, scene.state_b, 3.0);
  a.trial.u_delta = random_vector(1e-3);
  a.trial.alpha_delta = random_vector(1e-3);
  const PointwiseStepData step = step_data(scene.contacts.front(), true);
  StepContext context;
  context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
  const PointwiseInput in{&interaction, &a, &b, &step, &context};
  // The AD route (residual and tangent) and the plain one (residual), which computes afresh.
  const auto both_routes = [&] {
    Evaluation e = evaluate(in, 12);
    return std::pair{e, residual_at(in, a, b, 12)};
  };
  const auto on_fresh_thread = [&] {
    std::pair<Evaluation, Eigen::VectorXd> fresh;
    std::thread([&] { fresh = both_routes(); }).join();
    return fresh;
  };
  const auto turned = [](const Eigen::Quaterniond& q) {
    return Eigen::Quaterniond(Eigen::AngleAxisd(1e-6, Vec3::UnitX())) * q;
  };
  NodeState& state = scene.state_a;
  const std::vector<std::pair<std::string, std::function<void()>>> changes = {
      {"u of a", [&] { a.trial.u_delta.x() += 1e-6; }},
      {"alpha of a", [&] { a.trial.alpha_delta.y() += 1e-6; }},
      {"pole of a", [&] { a.trial.pole_position.z() += 1e-6; }},
      {"rotation i of a", [&] { state.rotation = turned(state.rotation); }},
      {"velocity i of a", [&] { state.velocity.x() += 1e-6; }},
      {"acceleration i of a", [&] { state.acceleration.y() += 1e-6; }},
      {"angular velocity i of a", [&] { state.angular_velocity.z() += 1e-6; }},
      {"angular acceleration i of a", [&] { state.angular_acceleration.x() += 1e-6; }},
      {"alpha of b", [&] { b.trial.alpha_delta.x() += 1e-6; }},
      {"dt", [&] { context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.011); }},
      {"static", [&] { context.type = AnalysisType::Static; }}};
  for (const auto& [name, change] : changes) {
    both_routes();  // remembers the motions before the change
    change();
    const auto [remembered, remembered_plain] = both_routes();
    const auto [fresh, fresh_plain] = on_fresh_thread();
    INFO(name);
    CHECK(remembered.residual == fresh.residual);
    CHECK(remembered.tangent == fresh.tangent);
    CHECK(remembered_plain == fresh_plain);
  }
}
