// NewtonSolver on scalar equations with known behaviour: plain Newton on
// f(x) = x³ − 2x + 2 from x = 0 cycles 0 → 1 → 0 for ever (a textbook 2-cycle);
// halving corrections that make |f| grow breaks the cycle and reaches the real
// root, which is compared with Cardano's closed form. An active set that
// alternates between two converged states ends the solve at the next one; one
// that grows over several changes does not count as a cycle; a switch that
// leaves the converged state converged settles it. Tangents are
// formed only for the factorisations.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

#include "solvers/forcing_term.hpp"
#include "solvers/newton.hpp"
#include "solvers/umfpack_solver.hpp"

using namespace polydem;

namespace {

/// A one-unknown NewtonProblem: x, f(x) and f'(x); subclasses evaluate them.
class ScalarNewtonProblem : public NewtonProblem {
 public:
  explicit ScalarNewtonProblem(double x0) : x_(x0), residual_(1), tangent_(1, 1) {
    tangent_.insert(0, 0) = 1.0;
    tangent_.makeCompressed();
  }
  void evaluate() override {
    evaluate_residual();
    prepare_tangent();
  }
  void evaluate_residual() override {
    residual_[0] = value(x_);
    evaluated_at_ = x_;
    tangent_current_ = false;
  }
  void prepare_tangent() override {
    if (tangent_current_) return;
    tangent_.coeffRef(0, 0) = slope(x_);
    tangent_current_ = true;
    ++tangents_formed_;
    if (x_ != evaluated_at_) ++tangents_away_from_residual_;
  }
  const Eigen::VectorXd& residual() const override { return residual_; }
  const SparseMatrix& tangent() const override { return tangent_; }
  std::uint64_t pattern_version() const override { return 1; }
  double residual_norm() const override { return std::abs(residual_[0]); }
  double correction_norm(const Eigen::VectorXd& correction) const override {
    return std::abs(correction[0]);
  }
  void apply(const Eigen::VectorXd& correction) override { x_ += correction[0]; }
  double x() const { return x_; }
  int tangents_formed() const { return tangents_formed_; }
  /// Tangents formed at another iterate than the residual last evaluated.
  int tangents_away_from_residual() const { return tangents_away_from_residual_; }

 protected:
  virtual double value(double x) const = 0;
  virtual double slope(double x) const = 0;
  double x_;

 private:
  Eigen::VectorXd residual_;
  SparseMatrix tangent_;
  double evaluated_at_ = 0;
  bool tangent_current_ = false;
  int tangents_formed_ = 0;
  int tangents_away_from_residual_ = 0;
};

class ScalarProblem final : public ScalarNewtonProblem {
 public:
  ScalarProblem(std::function<double(double)> f, std::function<double(double)> df, double x0)
      : ScalarNewtonProblem(x0), f_(std::move(f)), df_(std::move(df)) {}
  bool admissible(const Eigen::VectorXd& correction) override {
    return !admissible_ || admissible_(x_, correction[0]);
  }
  /// Admissibility of x + δ from x, as a contact barrier's step limiter decides it.
  std::function<bool(double, double)> admissible_;
  /// The size the problem claims, for choices made by size.
  long equations = 1;
  long equation_count() const override { return equations; }

 private:
  double value(double x) const override { return f_(x); }
  double slope(double x) const override { return df_(x); }
  std::function<double(double)> f_, df_;
};

/// f(x) = x − target + Σ_k stiffness (x − at_k) over the engaged contacts k; the
/// refresh engages the first contact not engaged with x > at_k, or releases the
/// first engaged one with x < release_k, one switch per refresh.
class ActiveSetProblem final : public ScalarNewtonProblem {
 public:
  struct Contact {
    double at, release, stiffness;
    bool engaged = false;
  };
  ActiveSetProblem(double target, std::vector<Contact> contacts)
      : ScalarNewtonProblem(0.0), target_(target), contacts_(std::move(contacts)) {}
  bool refresh_active_set(double) override {
    for (Contact& c : contacts_) {
      if (!c.engaged && x_ > c.at) return c.engaged = true;
      if (c.engaged && x_ < c.release) return !(c.engaged = false);
    }
    return false;
  }
  std::uint64_t active_set_signature() const override {
    std::uint64_t bits = 0;
    for (std::size_t k = 0; k < contacts_.size(); ++k)
      if (contacts_[k].engaged) bits |= std::uint64_t{1} << k;
    return bits;
  }
  const std::vector<Contact>& contacts() const { return contacts_; }

 private:
  double value(double x) const override {
    double f = x - target_;
    for (const Contact& c : contacts_)
      if (c.engaged) f += c.stiffness * (x - c.at);
    return f;
  }
  double slope(double) const override {
    double k = 1.0;
    for (const Contact& c : contacts_)
      if (c.engaged) k += c.stiffness;
    return k;
  }
  double target_;
  std::vector<Contact> contacts_;
};

double cubic(double x) { return x * x * x - 2 * x + 2; }
double cubic_slope(double x) { return 3 * x * x - 2; }

// The real root of x³ + px + q = 0 (one real root when 4p³ + 27q² > 0).
double cardano_root(double p, double q) {
  const double d = std::sqrt(q * q / 4 + p * p * p / 27);
  return std::cbrt(-q / 2 + d) + std::cbrt(-q / 2 - d);
}

NewtonSettings settings_with_backtracks(int backtracks) {
  NewtonSettings settings;
  settings.max_iterations = 60;
  settings.residual_tolerance = 1e-12;
  settings.increment_tolerance = 1e-12;
  settings.max_residual_backtracks = backtracks;
  return settings;
}

/// The active set re-decided only at converged states (none in the first iterations).
NewtonSettings converged_state_refresh_only() {
  NewtonSettings settings = settings_with_backtracks(4);
  settings.free_active_set_iterations = 0;
  return settings;
}

}  // namespace

TEST_CASE("plain Newton cycles on x^3 - 2x + 2 from 0", "[newton]") {
  ScalarProblem problem(cubic, cubic_slope, 0.0);
  auto solver = make_umfpack_solver();
  NewtonSolver newton(*solver, settings_with_backtracks(0));
  const NewtonReport report = newton.solve(problem);
  CHECK_FALSE(report.converged);
  // The cycle visits f(0) = 2 and f(1) = 1 alternately.
  REQUIRE(report.residual_norms.size() > 10);
  CHECK(report.residual_norms[8] == Approx(2.0));
  CHECK(report.residual_norms[9] == Approx(1.0));
}

TEST_CASE("halving corrections that make the residual grow breaks a Newton cycle", "[newton]") {
  ScalarProblem problem(cubic, cubic_slope, 0.0);
  auto solver = make_umfpack_solver();
  NewtonSolver newton(*solver, settings_with_backtracks(4));
  const NewtonReport report = newton.solve(problem);
  REQUIRE(report.converged);
  CHECK(report.residual_backtracks > 0);
  CHECK(problem.x() == Approx(cardano_root(-2, 2)).epsilon(1e-12));
}

TEST_CASE("a tangent is formed only where Newton factorises, at the iterate evaluated",
          "[newton]") {
  // On the cubic from 0 the residual grows after some corrections: those
  // iterates and the halved ones that still grow are never differentiated, nor
  // is the converged state.
  ScalarProblem problem(cubic, cubic_slope, 0.0);
  auto solver = make_umfpack_solver();
  const NewtonReport report = NewtonSolver(*solver, settings_with_backtracks(4)).solve(problem);
  REQUIRE(report.converged);
  REQUIRE(report.residual_backtracks > 0);
  CHECK(problem.tangents_formed() == report.iterations);
  CHECK(problem.tangents_away_from_residual() == 0);
  const auto evaluations = static_cast<int>(report.residual_norms.size());
  CHECK(evaluations - problem.tangents_formed() >= report.residual_backtracks + 1);
  CHECK(problem.x() == Approx(cardano_root(-2, 2)).epsilon(1e-12));
}

TEST_CASE("backtracking leaves a well-behaved Newton solve quadratic", "[newton]") {
  // f(x) = x² − 2 from x = 3: the residual never grows, no correction is halved.
  ScalarProblem problem([](double x) { return x * x - 2; }, [](double x) { return 2 * x; }, 3.0);
  auto solver = make_umfpack_solver();
  NewtonSolver newton(*solver, settings_with_backtracks(4));
  const NewtonReport report = newton.solve(problem);
  REQUIRE(report.converged);
  CHECK(report.residual_backtracks == 0);
  CHECK(problem.x() == Approx(std::sqrt(2.0)).epsilon(1e-14));
  const auto& r = report.residual_norms;
  REQUIRE(r.size() >= 4);
  // Quadratic: r_{k+1} / r_k² stays bounded (→ 1/(2√2) for this f).
  CHECK(r[r.size() - 2] / (r[r.size() - 3] * r[r.size() - 3]) < 1.0);
}

// f(x) = sign(x) √|x| + εx, whose slope grows without bound at its root 0 as
// a contact's does entering its skin (eq. 52's dashpot grows like √ of the
// depth): a full Newton step from x lands at −x/(1 + 2ε√|x|), so plain Newton
// jumps across the root for ever while the residual falls by a factor of only
// 1 + 2ε√|x| per iteration, too little for a backtrack.
double root_law(double x) { return std::copysign(std::sqrt(std::abs(x)), x) + 0.01 * x; }
double root_law_slope(double x) { return 0.5 / std::sqrt(std::abs(x)) + 0.01; }

TEST_CASE("plain Newton jumps across a root where the slope grows without bound", "[newton]") {
  ScalarProblem problem(root_law, root_law_slope, 0.9);
  auto solver = make_umfpack_solver();
  NewtonSettings settings = settings_with_backtracks(4);
  settings.max_iterations = 25;
  const NewtonReport report = NewtonSolver(*solver, settings).solve(problem);
  CHECK_FALSE(report.converged);
  CHECK(report.residual_backtracks == 0);
  CHECK(std::abs(problem.x()) > 0.5);  // after 25 corrections, still more than half way out
}

TEST_CASE("the secant line search cuts an overshooting correction back to the root", "[newton]") {
  // Along δ = −2x/(1 + 2ε√x) the residual reverses; its secant root is at
  // t = 1/2 up to O(ε√x), x + δ/2 = O(ε x^{3/2}): the root 0 is reached within a few
  // corrections once the active-set iterations are over.
  ScalarProblem problem(root_law, root_law_slope, 0.9);
  auto solver = make_umfpack_solver();
  NewtonSettings settings = settings_with_backtracks(4);
  settings.max_iterations = 25;
  settings.line_search = true;
  const NewtonReport report = NewtonSolver(*solver, settings).solve(problem);
  REQUIRE(report.converged);
  CHECK(report.line_searches > 0);
  CHECK(report.iterations <= settings.free_active_set_iterations + 8);
  CHECK(std::abs(problem.x()) < 1e-20);
  CHECK(std::count(report.evaluation_kinds.begin(), report.evaluation_kinds.end(),
                   EvaluationKind::line_search) == report.line_searches);
}

TEST_CASE("the secant line search leaves a well-behaved Newton solve as it was", "[newton]") {
  // On x² − 2 from 3 and on the cubic from −3 no correction overshoots: the same iterates.
  struct Start {
    std::function<double(double)> f, df;
    double x0;
  };
  const std::vector<Start> starts = {
      {[](double x) { return x * x - 2; }, [](double x) { return 2 * x; }, 3.0},
      {cubic, cubic_slope, -3.0}};
  for (const auto& [f, df, x0] : starts) {
    for (const bool search : {false, true}) {
      ScalarProblem plain(f, df, x0), searched(f, df, x0);
      auto solver = make_umfpack_solver();
      NewtonSettings settings = settings_with_backtracks(4);
      const NewtonReport a = NewtonSolver(*solver, settings).solve(plain);
      settings.line_search = search;
      const NewtonReport b = NewtonSolver(*solver, settings).solve(searched);
      REQUIRE(a.converged);
      REQUIRE(b.converged);
      CHECK(b.line_searches == 0);
      CHECK(b.residual_norms == a.residual_norms);
      CHECK(searched.x() == plain.x());
    }
  }
}

TEST_CASE("corrections shortened in successive iterations end the solve as inadmissible",
          "[newton]") {
  // f(x) = x − 2 with a barrier at x = 1 the residual does not know (a contact
  // outside the active set): the limiter lets each correction close at most 90 %
  // of the remaining distance, so every iterate gets nearer to 1, never to the root.
  ScalarProblem problem([](double x) { return x - 2; }, [](double) { return 1.0; }, 0.0);
  problem.admissible_ = [](double x, double dx) { return 1 - (x + dx) >= 0.1 * (1 - x); };
  auto solver = make_umfpack_solver();
  NewtonSettings settings = settings_with_backtracks(4);
  const NewtonReport report = NewtonSolver(*solver, settings).solve(problem);
  CHECK_FALSE(report.converged);
  CHECK_THAT(report.failure, Catch::Contains("no admissible Newton step"));
  CHECK(report.iterations == settings.max_shortened_iterations + 1);
  CHECK(problem.x() < 1);

  // Shortened twice on the way, then free: converges to the root.
  ScalarProblem free_after_two([](double x) { return x - 2.5; }, [](double) { return 1.0; }, 0.0);
  free_after_two.admissible_ = [](double, double dx) { return std::abs(dx) <= 1.0; };
  const NewtonReport converged = NewtonSolver(*solver, settings).solve(free_after_two);
  CHECK(converged.converged);
  CHECK(free_after_two.x() == Approx(2.5).epsilon(1e-12));
}

TEST_CASE("an active set that returns to an earlier converged state's set ends the solve",
          "[newton][active_set]") {
  // Free, the root is x = 2, past the contact at 1.9: engaged, its stiffness 9
  // pulls the root to x = (2 + 9·1.9)/10 = 1.91 — below its release point 1.95,
  // so it is released again: no state satisfies the rule. The solve ends at the
  // free root, reached a second time.
  ActiveSetProblem problem(2.0, {{1.9, 1.95, 9.0}});
  auto solver = make_umfpack_solver();
  const NewtonReport report = NewtonSolver(*solver, converged_state_refresh_only()).solve(problem);
  CHECK(report.converged);
  CHECK(report.active_set_cycled);
  CHECK(report.active_set_changes == 2);
  CHECK(problem.x() == Approx(2.0).epsilon(1e-12));
  CHECK_FALSE(problem.contacts()[0].engaged);
}

TEST_CASE("an active set that grows over several changes is no cycle", "[newton][active_set]") {
  // Contacts at 1, 2 and 3 (stiffness 0.1, never released) engage one per
  // refresh: roots 5, 51/11, 53/12, 56/13.
  ActiveSetProblem problem(5.0, {{1, -1e9, 0.1}, {2, -1e9, 0.1}, {3, -1e9, 0.1}});
  auto solver = make_umfpack_solver();
  const NewtonReport report = NewtonSolver(*solver, converged_state_refresh_only()).solve(problem);
  CHECK(report.converged);
  CHECK_FALSE(report.active_set_cycled);
  CHECK(report.active_set_changes == 3);
  CHECK(problem.x() == Approx(5.6 / 1.3).epsilon(1e-12));
}

TEST_CASE("a set switched at a converged state that stays converged with it settles there",
          "[newton][active_set]") {
  // Twelve contacts that carry no force (stiffness 0) engage one per refresh,
  // each giving a set never seen before, as contacts handed from one sub-region
  // pair to its neighbour at the same point do. The root x = 2 is converged
  // with every set: the first switch settles it, rather than ten switches
  // ending the solve as "did not settle".
  std::vector<ActiveSetProblem::Contact> contacts(12, {1.0, -1e9, 0.0});
  ActiveSetProblem problem(2.0, contacts);
  auto solver = make_umfpack_solver();
  const NewtonReport report = NewtonSolver(*solver, converged_state_refresh_only()).solve(problem);
  CHECK(report.converged);
  CHECK(report.failure.empty());
  CHECK(report.active_set_changes == 1);
  CHECK_FALSE(report.active_set_cycled);
  CHECK(problem.x() == Approx(2.0).epsilon(1e-12));
}

namespace {

long count_kind(const NewtonReport& report, EvaluationKind kind) {
  return std::count(report.evaluation_kinds.begin(), report.evaluation_kinds.end(), kind);
}

}  // namespace

TEST_CASE("every residual evaluation is recorded with what led to it", "[newton]") {
  auto solver = make_umfpack_solver();
  SECTION("backtracks on the cubic") {
    ScalarProblem problem(cubic, cubic_slope, 0.0);
    const NewtonReport report = NewtonSolver(*solver, settings_with_backtracks(4)).solve(problem);
    REQUIRE(report.converged);
    REQUIRE(report.evaluation_kinds.size() == report.residual_norms.size());
    CHECK(report.evaluation_kinds.front() == EvaluationKind::start);
    CHECK(count_kind(report, EvaluationKind::start) == 1);
    CHECK(count_kind(report, EvaluationKind::backtrack) == report.residual_backtracks);
    // Each correction is followed by one evaluation, each backtrack by another.
    CHECK(count_kind(report, EvaluationKind::correction) == report.iterations);
  }
  SECTION("active-set switches at converged states") {
    ActiveSetProblem problem(5.0, {{1, -1e9, 0.1}, {2, -1e9, 0.1}, {3, -1e9, 0.1}});
    const NewtonReport report =
        NewtonSolver(*solver, converged_state_refresh_only()).solve(problem);
    REQUIRE(report.converged);
    REQUIRE(report.evaluation_kinds.size() == report.residual_norms.size());
    CHECK(count_kind(report, EvaluationKind::switch_at_convergence) == 3);
    CHECK(count_kind(report, EvaluationKind::new_set) == 0);
  }
  SECTION("a set re-decided after a correction") {
    NewtonSettings settings = converged_state_refresh_only();
    settings.free_active_set_iterations = 3;
    // From x = 0 the first correction lands on the free root 5, past the contact
    // at 1: the refresh after it engages the contact.
    ActiveSetProblem problem(5.0, {{1, -1e9, 0.1}});
    const NewtonReport report = NewtonSolver(*solver, settings).solve(problem);
    REQUIRE(report.converged);
    REQUIRE(report.evaluation_kinds.size() >= 2);
    CHECK(report.evaluation_kinds[1] == EvaluationKind::new_set);
    CHECK(count_kind(report, EvaluationKind::switch_at_convergence) == 0);
    CHECK(problem.x() == Approx(5.1 / 1.1).epsilon(1e-12));
  }
  SECTION("halvings of shortened corrections") {
    ScalarProblem problem([](double x) { return x - 2.5; }, [](double) { return 1.0; }, 0.0);
    problem.admissible_ = [](double, double dx) { return std::abs(dx) <= 1.0; };
    const NewtonReport report = NewtonSolver(*solver, settings_with_backtracks(4)).solve(problem);
    REQUIRE(report.converged);
    REQUIRE(report.correction_halvings.size() == report.residual_norms.size());
    // 2.5 → halved twice to 0.625; then 1.875 → once to 0.9375; then 0.9375 in full.
    CHECK(report.correction_halvings[0] == 0);
    CHECK(report.correction_halvings[1] == 2);
    CHECK(report.correction_halvings[2] == 1);
    CHECK(report.correction_halvings[3] == 0);
    CHECK(std::accumulate(report.correction_halvings.begin(), report.correction_halvings.end(),
                          0) == report.step_halvings);
  }
}

namespace {

/// UMFPACK's exact correction made inexact on purpose: scaled by (1 − η), so
/// that its relative residual is exactly η, the tolerance it was last given
/// (or `fixed` when it was given 0).
class InexactSolver final : public LinearSolver {
 public:
  explicit InexactSolver(double fixed) : fixed_(fixed) {}
  void analyze(const SparseMatrix& m) override { exact_->analyze(m); }
  bool factorize(const SparseMatrix& m) override { return exact_->factorize(m); }
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    const double eta = requested_ > 0 ? requested_ : fixed_;
    etas.push_back(eta);
    if (!exact_->solve(rhs, solution)) return false;
    solution *= 1 - eta;
    return true;
  }
  void set_relative_tolerance(double relative) override { requested_ = relative; }
  std::string name() const override { return "inexact umfpack"; }
  std::vector<double> etas;

 private:
  std::unique_ptr<LinearSolver> exact_ = make_umfpack_solver();
  double fixed_;
  double requested_ = 0;
};

/// |r_{k+1}|/|r_k|^2 at the last correction whose residual was above `floor`.
double last_quadratic_ratio(const std::vector<double>& norms, double floor) {
  double ratio = 0;
  for (std::size_t k = 0; k + 1 < norms.size(); ++k)
    if (norms[k + 1] > floor) ratio = norms[k + 1] / (norms[k] * norms[k]);
  return ratio;
}

}  // namespace

TEST_CASE(
    "Eisenstat-Walker forcing keeps an inexact Newton quadratic, where a fixed loose one is linear",
    "[newton][forcing]") {
  // f(x) = e^x − 2 from x = 3; root ln 2. An exact Newton step from f has error
  // f''/(2f') e², so |r_{k+1}| ≈ |r_k|²/2 near the root.
  const auto f = [](double x) { return std::exp(x) - 2; };
  const auto df = [](double x) { return std::exp(x); };
  NewtonSettings settings = settings_with_backtracks(0);
  SECTION("fixed η = 0.3: the residual falls by about 0.3 per iteration") {
    InexactSolver loose(0.3);
    ScalarProblem problem(f, df, 3.0);
    const NewtonReport report = NewtonSolver(loose, settings).solve(problem);
    REQUIRE(report.converged);
    const auto& r = report.residual_norms;
    CHECK(r[r.size() - 1] / r[r.size() - 2] > 0.05);  // linear at the end
    CHECK(report.iterations > 20);
  }
  SECTION("auto, the default: Eisenstat-Walker from 1000 equations, the fixed tolerance below") {
    for (const long equations : {999L, 1000L}) {
      InexactSolver loose(0.25);
      ScalarProblem problem(f, df, 3.0);
      problem.equations = equations;
      const NewtonReport report = NewtonSolver(loose, NewtonSettings{}).solve(problem);
      REQUIRE(report.converged);
      const auto& etas = loose.etas;
      REQUIRE_FALSE(etas.empty());
      INFO(equations << " equations");
      const bool fixed = std::all_of(etas.begin(), etas.end(), [](double e) { return e == 0.25; });
      CHECK(fixed == (equations < 1000));
      CHECK((*std::min_element(etas.begin(), etas.end()) < 1e-3) == (equations >= 1000));
    }
  }
  SECTION("Eisenstat-Walker: loose at first, quadratic at the end") {
    settings.eisenstat_walker_from = 0;
    InexactSolver loose(0.3);
    ScalarProblem problem(f, df, 3.0);
    const NewtonReport report = NewtonSolver(loose, settings).solve(problem);
    INFO(report.failure);
    REQUIRE(report.converged);
    CHECK(problem.x() == Approx(std::log(2.0)).epsilon(1e-12));
    REQUIRE(loose.etas.size() >= 3);
    CHECK(loose.etas.front() == EisenstatWalker::kFirst);
    CHECK(*std::min_element(loose.etas.begin(), loose.etas.end()) < 1e-3);  // tight near the root
    CHECK(last_quadratic_ratio(report.residual_norms, 1e-10) < 5.0);
    CHECK(report.iterations < 12);
  }
}

TEST_CASE("the Eisenstat-Walker sequence: choice 2 with alpha 2, its safeguards and its bounds",
          "[newton][forcing]") {
  EisenstatWalker forcing;
  const double tolerance = 1e-12;
  CHECK(forcing.next(1.0, tolerance) == EisenstatWalker::kFirst);
  // r falls by 10: η = 0.9 · 0.1² = 9e-3; the safeguard 0.9 · 0.3² = 0.081 is below 0.1: off.
  CHECK(forcing.next(0.1, tolerance) == Approx(0.9 * 0.01));
  // The residual grew: η at most kLargest.
  CHECK(forcing.next(1.0, tolerance) == EisenstatWalker::kLargest);
  // A sudden fall: 0.9 · 0.01² = 9e-5, held up by the safeguard 0.9 · 0.5² = 0.225.
  CHECK(forcing.next(0.01, tolerance) == Approx(0.9 * 0.25));
  // Near Newton's tolerance: no tighter than what brings r below it.
  forcing.reset();
  CHECK(forcing.next(1e-6, tolerance) == EisenstatWalker::kFirst);
  CHECK(forcing.next(1e-10, tolerance) == Approx(0.5 * tolerance / 1e-10));
}
