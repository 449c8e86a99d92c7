// Cost of the degenerated local contact problems (paper §2.4.2-2.4.6), per
// degeneration: one sub-region pair test (solve + validity + side test, world
// positions given), one full evaluation at a trial state with first or second
// derivatives (closed-form route), and the operator-D route (eqs. 47-48).
// Also the brute-force pair query of two cubes, reported per sub-region pair.
#include <benchmark/benchmark.h>

#include <array>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/local/local_contact.hpp"
#include "contact/local/pair_query.hpp"

namespace {

using polydem::SubRegion;
using polydem::SubRegionKind;
using polydem::Vec3;

constexpr int kScenes = 64;

/// Random poses of two octahedra (vertices, convex edges and faces of every kind).
struct Scenes {
  std::shared_ptr<const polydem::Shape> shape =
      polydem::build_shape(polydem::make_octahedron(1.0), "octahedron");
  std::vector<polydem::TrialBody> a, b;
  std::vector<std::vector<Vec3>> vertices_a, vertices_b;

  Scenes() {
    std::mt19937_64 engine(42);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const auto random_vector = [&](double scale) -> Vec3 {
      return Vec3(unit(engine), unit(engine), unit(engine)) * scale;
    };
    const auto random_body = [&](const Vec3& centre) {
      polydem::RigidTrialState s;
      s.pole_position = centre;
      s.rotation =
          Eigen::Quaterniond(
              Eigen::Vector4d(unit(engine), unit(engine), unit(engine), unit(engine)).normalized())
              .toRotationMatrix();
      s.u_delta = random_vector(0.05);
      s.alpha_delta = random_vector(0.1);
      return polydem::TrialBody{shape.get(), s};
    };
    for (int i = 0; i < kScenes; ++i) {
      a.push_back(random_body(Vec3::Zero()));
      b.push_back(random_body(Vec3(2.2, 0.0, 0.0) + random_vector(0.3)));
      vertices_a.push_back(world(a.back()));
      vertices_b.push_back(world(b.back()));
    }
  }

  std::vector<Vec3> world(const polydem::TrialBody& body) const {
    std::vector<Vec3> x;
    for (const Vec3& x_ref : shape->mesh.vertices) x.push_back(body.state.point(x_ref));
    return x;
  }
};

const Scenes& scenes() {
  static const Scenes instance;
  return instance;
}

/// Representative sub-region pair of each degeneration (benchmark argument).
std::array<SubRegion, 2> pair_of(int64_t kind) {
  switch (kind) {
    case 0:
      return {SubRegion{SubRegionKind::Vertex, 1}, SubRegion{SubRegionKind::Face, 2}};
    case 1:
      return {SubRegion{SubRegionKind::Edge, 3}, SubRegion{SubRegionKind::Edge, 7}};
    case 2:
      return {SubRegion{SubRegionKind::Vertex, 1}, SubRegion{SubRegionKind::Edge, 4}};
    default:
      return {SubRegion{SubRegionKind::Vertex, 1}, SubRegion{SubRegionKind::Vertex, 4}};
  }
}

void label(benchmark::State& state) {
  static const char* names[] = {"vertex-face", "edge-edge", "vertex-edge", "vertex-vertex"};
  state.SetLabel(names[state.range(0)]);
}

void BM_PairTest(benchmark::State& state) {
  const Scenes& s = scenes();
  const auto [region_a, region_b] = pair_of(state.range(0));
  int i = 0;
  for (auto _ : state) {
    const polydem::BodyGeometry a{s.shape.get(), s.vertices_a[static_cast<std::size_t>(i)],
                                  s.a[static_cast<std::size_t>(i)].state.current_rotation()};
    const polydem::BodyGeometry b{s.shape.get(), s.vertices_b[static_cast<std::size_t>(i)],
                                  s.b[static_cast<std::size_t>(i)].state.current_rotation()};
    benchmark::DoNotOptimize(polydem::solve_local_contact(a, region_a, b, region_b));
    i = (i + 1) % kScenes;
  }
  label(state);
}

template <polydem::DerivativeOrder Order>
void BM_Linearise(benchmark::State& state) {
  const Scenes& s = scenes();
  const auto [region_a, region_b] = pair_of(state.range(0));
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        polydem::linearise_local_contact(s.a[static_cast<std::size_t>(i)], region_a,
                                         s.b[static_cast<std::size_t>(i)], region_b, Order));
    i = (i + 1) % kScenes;
  }
  label(state);
}

void BM_LcpOperators(benchmark::State& state) {
  const Scenes& s = scenes();
  const auto [region_a, region_b] = pair_of(state.range(0));
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(polydem::lcp_operators(s.a[static_cast<std::size_t>(i)], region_a,
                                                    s.b[static_cast<std::size_t>(i)], region_b));
    i = (i + 1) % kScenes;
  }
  label(state);
}

/// What the contact element needs for its tangent: Σ_k f_k ∂²g_k/∂d² for one force f.
void BM_ContractedHessian(benchmark::State& state) {
  const Scenes& s = scenes();
  const auto [region_a, region_b] = pair_of(state.range(0));
  const Vec3 force(0.3, -1.2, 0.7);
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        polydem::contracted_gap_hessian(s.a[static_cast<std::size_t>(i)], region_a,
                                        s.b[static_cast<std::size_t>(i)], region_b, force));
    i = (i + 1) % kScenes;
  }
  label(state);
}

void BM_PairQueryCubes(benchmark::State& state) {
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const polydem::PosedShape a{cube.get(), Vec3(0.5, 0.5, -0.5)};
  const polydem::PosedShape b{cube.get(), Vec3(1.0, 0.8, 0.51)};
  polydem::PairQueryOptions options;
  options.proximity = 0.05;
  const auto pairs = static_cast<double>(polydem::contact_sub_regions(*cube).size() *
                                         polydem::contact_sub_regions(*cube).size());
  for (auto _ : state) benchmark::DoNotOptimize(polydem::query_local_contacts(a, b, options));
  state.counters["ns_per_pair"] =
      benchmark::Counter(pairs * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_PairTest)->DenseRange(0, 3);
BENCHMARK(BM_Linearise<polydem::DerivativeOrder::First>)->DenseRange(0, 3);
BENCHMARK(BM_Linearise<polydem::DerivativeOrder::Second>)->DenseRange(0, 3);
BENCHMARK(BM_LcpOperators)->DenseRange(0, 3);
BENCHMARK(BM_ContractedHessian)->DenseRange(0, 3);
BENCHMARK(BM_PairQueryCubes);

}  // namespace

BENCHMARK_MAIN();
