// Cost of one Newton iteration for N free, spinning rigid bodies, split into
// its phases: element evaluation + assembly, numeric factorisation, solve.
// Reported per body, so the figures for 10^4 and 10^5 bodies can be compared
// directly (the tangent is block diagonal: the cost should be linear in N).
// BM_FactoriseAndSolve compares the linear-solver back ends; its PETSc case
// also runs on several ranks:
//
//   ./build/benchmarks/bench_free_bodies --benchmark_counters_tabular=true
//   mpirun -np 2 ./build/benchmarks/bench_free_bodies --benchmark_filter=petsc
#include <benchmark/benchmark.h>

#include <random>

#include "solvers/auto_linear_solver.hpp"
#include "solvers/linear_solver.hpp"
#include "solvers/umfpack_solver.hpp"
#if POLYDEM_WITH_PETSC
#include "solvers/petsc/petsc_linear_solver.hpp"
#endif
#include "solvers/parallel_runtime.hpp"
#include "src/analysis/global_system.hpp"
#include "src/analysis/model_builder.hpp"

namespace polydem {
namespace {

// The first PETSc solver starts PETSc; it ends after the benchmarks.
const parallel::Session parallel_session;

DeckData free_bodies_deck(int count) {
  DeckData deck;
  deck.gravity = Vec3(0, 0, -9.81);
  StepSpec step;
  step.end_time = 1;
  step.dt = {1e-3, 1e-9, 1e-3, 1.5, 0.5, 4};
  deck.steps.push_back(step);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int b = 0; b < count; ++b) {
    BodySpec body;
    body.name = "b" + std::to_string(b);
    body.mass = 1.0;
    body.inertia = Vec3(0.1, 0.2, 0.3).asDiagonal();
    body.centre_of_mass = 0.01 * Vec3(unit(rng), unit(rng), unit(rng));
    body.position = Vec3(b, 0, 0);
    body.rotation = Vec3(unit(rng), unit(rng), unit(rng));
    body.angular_velocity = 5 * Vec3(unit(rng), unit(rng), unit(rng));
    deck.bodies.push_back(body);
  }
  return deck;
}

struct Scene {
  explicit Scene(int count)
      : deck(free_bodies_deck(count)), model(build_model(deck)), system(model, 1) {
    StepContext context;
    context.time = 1e-3;
    context.dt = 1e-3;
    context.gravity = model.gravity;
    context.newmark = NewmarkCoefficients::make(0.3, 0.5, 1e-3);
    system.begin_step(context, 0.0);
    Eigen::VectorXd guess = Eigen::VectorXd::Constant(model.dofs.equation_count(), 1e-4);
    system.apply(guess);  // a non-trivial iterate
  }
  DeckData deck;
  Model model;
  GlobalSystem system;
};

void report_per_body(benchmark::State& state, int count) {
  state.counters["us_per_body"] = benchmark::Counter(
      static_cast<double>(count) * 1e-6,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Assembly(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Scene scene(count);
  for (auto _ : state) {
    scene.system.evaluate();
    benchmark::DoNotOptimize(scene.system.residual().data());
  }
  report_per_body(state, count);
}

void BM_Factorisation(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Scene scene(count);
  scene.system.evaluate();
  auto solver = make_umfpack_solver();
  solver->analyze(scene.system.tangent());
  for (auto _ : state) benchmark::DoNotOptimize(solver->factorize(scene.system.tangent()));
  report_per_body(state, count);
}

void BM_Solve(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Scene scene(count);
  scene.system.evaluate();
  auto solver = make_umfpack_solver();
  solver->analyze(scene.system.tangent());
  solver->factorize(scene.system.tangent());
  Eigen::VectorXd rhs = -scene.system.residual(), x;
  for (auto _ : state) benchmark::DoNotOptimize(solver->solve(rhs, x));
  report_per_body(state, count);
}

void BM_NewtonIteration(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  Scene scene(count);
  auto solver = make_auto_linear_solver();
  scene.system.evaluate();
  solver->analyze(scene.system.tangent());
  Eigen::VectorXd rhs, x;
  for (auto _ : state) {
    scene.system.evaluate();
    solver->factorize(scene.system.tangent());
    rhs = -scene.system.residual();
    solver->solve(rhs, x);
    benchmark::DoNotOptimize(x.data());
  }
  state.SetLabel(solver->name());
  report_per_body(state, count);
}

// One numeric factorisation and solve on an analysed pattern: the linear
// algebra of one Newton iteration. The first factorisation is not timed:
// PETSc (MUMPS) does its symbolic phase there, UMFPACK in analyze().
void BM_FactoriseAndSolve(benchmark::State& state, std::unique_ptr<LinearSolver> (*make)()) {
  const int count = static_cast<int>(state.range(0));
  Scene scene(count);
  scene.system.evaluate();
  auto solver = make();
  solver->analyze(scene.system.tangent());
  solver->factorize(scene.system.tangent());
  Eigen::VectorXd rhs = -scene.system.residual(), x;
  for (auto _ : state) {
    solver->factorize(scene.system.tangent());
    solver->solve(rhs, x);
    benchmark::DoNotOptimize(x.data());
  }
  state.SetLabel(solver->name() + ", " + std::to_string(parallel::size()) + " rank(s)");
  report_per_body(state, count);
}

BENCHMARK(BM_Assembly)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Factorisation)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Solve)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NewtonIteration)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_FactoriseAndSolve, umfpack, make_umfpack_solver)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
#if POLYDEM_WITH_PETSC
std::unique_ptr<LinearSolver> make_default_petsc_solver() { return make_petsc_linear_solver(""); }

// A fixed count: every iteration is a collective call, so all ranks must run the same number.
BENCHMARK_CAPTURE(BM_FactoriseAndSolve, petsc, make_default_petsc_solver)
    ->Arg(10000)
    ->Iterations(30)
    ->Unit(benchmark::kMillisecond);
#endif

}  // namespace
}  // namespace polydem

BENCHMARK_MAIN();
