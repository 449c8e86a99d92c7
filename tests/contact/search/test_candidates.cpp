// The fast contact search (paper §2.5: linked cells, sub-region hierarchies,
// Verlet lists) against the all-pairs reference: on dense random packings of
// cubes and of tetrapods in a box container, inflated by random margins, moved
// over several steps so that the Verlet lists are reused and rebuilt, with a
// cell size far too small, with bodies far away, and on 1 and 2 threads, the
// candidates must be exactly those of brute_force_candidates, and the active
// contacts of a ContactSet exactly those of one searching all pairs. The exact
// primitive distances are checked against sampled closest points.
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>

#include "contact/contact_set.hpp"
#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/search/brute_force_search.hpp"
#include "contact/search/contact_search.hpp"
#include "contact/search/primitive_distance.hpp"
#include "contact/search/sub_region_pairs.hpp"
#include "tests/support/packed_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

TetrapodParams small_tetrapod() {
  TetrapodParams params;
  params.facets = 6;
  return params;
}

// Skins of 5 % (cubes) and 10 % (tetrapods, whose packings are looser) of the
// body size: many pairs of a packing are within them.
Packing cube_packing(int sites, unsigned seed) {
  constexpr double skin = 0.05;
  return Packing(build_shape(make_box(0.5, 0.5, 0.5), "cube"), 1.0, skin,
                 packing_options(sites, 1.35, std::sqrt(3.0), skin, seed),
                 boxes_separated(Vec3::Constant(0.5)));
}

Packing tetrapod_packing(int sites, unsigned seed) {
  const TetrapodParams params = small_tetrapod();
  constexpr double skin = 0.1;
  return Packing(build_shape(make_tetrapod(params), "tetrapod"), 1.0, skin,
                 packing_options(sites, 1.4, 2.02, skin, seed),
                 covers_separated(tetrapod_cover(params)));
}

/// Exact equality of two searches: same pairs, skins and sub-region pairs.
bool same_candidates(const CandidateSet& x, const CandidateSet& y) {
  if (x.pairs.size() != y.pairs.size()) return false;
  for (std::size_t k = 0; k < x.pairs.size(); ++k) {
    if (x.pairs[k].id != y.pairs[k].id || x.pairs[k].skin != y.pairs[k].skin) return false;
    const auto rx = x.regions_of(x.pairs[k]), ry = y.regions_of(y.pairs[k]);
    if (!std::equal(rx.begin(), rx.end(), ry.begin(), ry.end())) return false;
  }
  return true;
}

struct Counts {
  std::size_t body_pairs = 0;
  std::size_t boundary_pairs = 0;
  std::size_t regions = 0;
};

Counts counts(const CandidateSet& set) {
  Counts c;
  for (const CandidatePair& pair : set.pairs)
    (pair.id.boundary >= 0 ? c.boundary_pairs : c.body_pairs) += 1;
  c.regions = set.regions.size();
  return c;
}

struct SearchRun {
  Counts first;             ///< of the first configuration
  long builds = 0;          ///< of every body's lists, and of the outrun bodies' alone
  long partial_builds = 0;  ///< of the outrun bodies' alone
};

/// The fast search against the reference over `steps` configurations: the
/// first with inflations up to 0.1, then, after moves of up to `step` and
/// turns of up to `angle`, up to 0.02, so that the Verlet lists are reused
/// and rebuilt, in whole or for the bodies that outran their margins.
SearchRun compare_over_steps(Packing& packing, int steps, double step, double angle,
                             unsigned seed) {
  std::mt19937 rng(seed);
  ContactSearch search(0.1, 0.0);
  CandidateSet fast, reference;
  SearchRun run;
  for (int k = 0; k < steps; ++k) {
    packing.inflate(rng, k == 0 ? 0.1 : 0.02);
    search.find(packing.scene(), fast, 1);
    brute_force_candidates(packing.scene(), reference);
    INFO("configuration " << k);
    REQUIRE(same_candidates(fast, reference));
    if (k == 0) run.first = counts(reference);
    packing.move(rng, step, angle);
  }
  run.builds = search.statistics().list_builds + search.statistics().partial_builds;
  run.partial_builds = search.statistics().partial_builds;
  return run;
}

}  // namespace

TEST_CASE("primitive distances equal the closest of densely sampled points", "[search][distance]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto random_point = [&] { return Vec3(unit(rng), unit(rng), unit(rng)); };
  constexpr int kSamples = 60;
  for (int trial = 0; trial < 40; ++trial) {
    const Vec3 p = 2 * random_point(), a = random_point(), b = random_point(), c = random_point();
    const Vec3 q = random_point();
    double segment = 1e300, triangle = 1e300, segments = 1e300;
    for (int i = 0; i <= kSamples; ++i) {
      const double s = static_cast<double>(i) / kSamples;
      segment = std::min(segment, (p - (a + s * (b - a))).squaredNorm());
      for (int j = 0; j <= kSamples; ++j) {
        const double t = static_cast<double>(j) / kSamples;
        segments = std::min(segments, ((a + s * (b - a)) - (c + t * (q - c))).squaredNorm());
        if (i + j <= kSamples)
          triangle = std::min(triangle, (p - (a + s * (b - a) + t * (c - a))).squaredNorm());
      }
    }
    // The exact value is below every sample and within the sampling resolution of the closest.
    const double resolution = 4.0 / kSamples;
    const auto agrees = [&](double exact, double sampled) {
      return exact <= sampled + 1e-12 && std::sqrt(sampled) - std::sqrt(exact) < resolution;
    };
    CHECK(agrees(squared_distance_point_segment(p, a, b), segment));
    CHECK(agrees(squared_distance_point_triangle(p, a, b, c), triangle));
    CHECK(agrees(squared_distance_segment_segment(a, b, c, q), segments));
  }
  // Degenerate cases: parallel and zero-length segments, a collinear triangle.
  CHECK(squared_distance_segment_segment(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 1, 0),
                                         Vec3(3, 1, 0)) == Approx(1.0));
  CHECK(squared_distance_segment_segment(Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(1, 1, 0),
                                         Vec3(1, 1, 0)) == Approx(2.0));
  CHECK(squared_distance_point_triangle(Vec3(3, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0),
                                        Vec3(2, 0, 0)) == Approx(2.0));
}

TEST_CASE("the sub-region hierarchies of two bodies find exactly the all-pairs candidates",
          "[search][tree]") {
  const auto tetrapod = build_shape(make_tetrapod(small_tetrapod()), "tetrapod");
  const auto cube = build_shape(make_box(0.5, 0.3, 0.2), "box");
  const SubRegionTree tetrapod_tree(*tetrapod), cube_tree(*cube);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int non_empty = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const bool cubes = trial % 2 == 0;
    const SearchObject a{cubes ? cube.get() : tetrapod.get(), cubes ? &cube_tree : &tetrapod_tree,
                         Vec3(unit(rng), unit(rng), unit(rng)),
                         random_rotation(rng).toRotationMatrix(), 0.0};
    const SearchObject b{tetrapod.get(), &tetrapod_tree,
                         Vec3(unit(rng), unit(rng), unit(rng)) * 1.5,
                         random_rotation(rng).toRotationMatrix(), 0.0};
    const double reach = 0.1 * (unit(rng) + 1);
    std::vector<PrimitivePair> fast;
    near_sub_region_pairs(a, b, reach, fast);
    std::vector<SubRegionPair> found, reference;
    for (const PrimitivePair& pair : fast) found.push_back(regions_of(a, b, pair));
    brute_force_sub_region_pairs(a, b, reach, reference);
    REQUIRE(found == reference);
    non_empty += reference.empty() ? 0 : 1;
  }
  CHECK(non_empty > 30);
}

TEST_CASE("leaf pairs listed at a long reach hold every sub-region pair of a shorter one",
          "[search][tree]") {
  const auto tetrapod = build_shape(make_tetrapod(small_tetrapod()), "tetrapod");
  const SubRegionTree tree(*tetrapod);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::size_t leaf_pairs = 0, primitive_pairs = 0;
  int non_empty = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchObject a{tetrapod.get(), &tree, Vec3(unit(rng), unit(rng), unit(rng)),
                         random_rotation(rng).toRotationMatrix(), 0.0};
    const SearchObject b{tetrapod.get(), &tree, Vec3(unit(rng), unit(rng), unit(rng)) * 1.5,
                         random_rotation(rng).toRotationMatrix(), 0.0};
    const double list_reach = 0.2 * (unit(rng) + 1);
    const double reach = list_reach * 0.5 * (unit(rng) + 1);
    std::vector<LeafPair> leaves;
    near_leaf_pairs(a, b, list_reach, leaves);
    std::vector<PrimitivePair> listed, all;
    near_sub_region_pairs_in(a, b, reach, leaves, listed);
    near_sub_region_pairs(a, b, reach, all);
    std::vector<SubRegionPair> found, reference;
    for (const PrimitivePair& pair : listed) found.push_back(regions_of(a, b, pair));
    brute_force_sub_region_pairs(a, b, reach, reference);
    REQUIRE(found == reference);
    REQUIRE(listed.size() == all.size());
    std::vector<PrimitivePair> at_list_reach;
    near_sub_region_pairs(a, b, list_reach, at_list_reach);
    REQUIRE(leaves.empty() == at_list_reach.empty());
    leaf_pairs += leaves.size();
    primitive_pairs += at_list_reach.size();
    non_empty += reference.empty() ? 0 : 1;
  }
  CHECK(non_empty > 30);
  CHECK(leaf_pairs < primitive_pairs);
  std::printf("[search] lists at the long reach: %zu leaf pairs for %zu primitive pairs\n",
              leaf_pairs, primitive_pairs);
}

TEST_CASE("a dense packing of 1000 cubes: the fast search finds exactly the all-pairs candidates",
          "[search][cubes]") {
  Packing packing = cube_packing(11, 11);
  REQUIRE(packing.bodies.size() >= 1000);
  const SearchRun run = compare_over_steps(packing, 9, 0.01, 0.01, 9);
  CHECK(run.first.body_pairs > 1000);
  CHECK(run.first.boundary_pairs > 50);
  CHECK(run.builds > 2);  // the inflation of the first configuration is too large to keep
  CHECK(run.builds < 9);
  std::printf("[search] 1000 cubes: %ld list builds, %ld of them partial\n", run.builds,
              run.partial_builds);
}

TEST_CASE(
    "a dense packing of 1000 tetrapods: the fast search finds exactly the all-pairs candidates",
    "[search][tetrapods]") {
  Packing packing = tetrapod_packing(11, 12);
  REQUIRE(packing.bodies.size() >= 1000);
  const SearchRun run = compare_over_steps(packing, 4, 0.03, 0.03, 10);
  CHECK(run.first.body_pairs > 1000);
  CHECK(run.first.boundary_pairs > 50);
  CHECK(run.builds >= 2);
}

namespace {

/// The active contacts of the packing at rest (contact_wrenches evaluates them).
std::vector<ContactRecord> active_contacts(const Packing& packing, SearchMethod method,
                                           int threads) {
  SearchSettings settings;
  settings.method = method;
  const auto contact = contact_set_of(packing, settings);
  contact->set_threads(threads);
  contact->contact_wrenches(nodes_of(packing), 0.0);
  return contact->snapshot().contacts;
}

bool same_records(const std::vector<ContactRecord>& x, const std::vector<ContactRecord>& y) {
  return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                    [](const ContactRecord& a, const ContactRecord& b) {
                      return a.body_a == b.body_a && a.body_b == b.body_b &&
                             a.boundary == b.boundary && a.kind == b.kind &&
                             a.outcome.gap == b.outcome.gap && a.outcome.point == b.outcome.point &&
                             a.outcome.normal_force == b.outcome.normal_force;
                    });
}

}  // namespace

TEST_CASE(
    "dense packings: the active contacts equal those of the all-pairs search, on 1 and 2 threads",
    "[search][active]") {
  for (const bool tetrapods : {false, true}) {
    const Packing packing = tetrapods ? tetrapod_packing(10, 21) : cube_packing(10, 22);
    INFO((tetrapods ? "tetrapods" : "cubes"));
    const auto reference = active_contacts(packing, SearchMethod::AllPairs, 1);
    const auto fast = active_contacts(packing, SearchMethod::Verlet, 1);
    const auto threaded = active_contacts(packing, SearchMethod::Verlet, 2);
    CHECK(reference.size() > 100);
    CHECK(std::any_of(reference.begin(), reference.end(),
                      [](const ContactRecord& c) { return c.boundary >= 0; }));
    CHECK(same_records(fast, reference));
    CHECK(same_records(threaded, reference));
  }
}

TEST_CASE("the candidates do not depend on the number of threads", "[search][threads]") {
  Packing packing = tetrapod_packing(8, 31);
  std::mt19937 rng(2);
  packing.inflate(rng, 0.05);
  ContactSearch one(0.1, 0.0), two(0.1, 0.0);
  CandidateSet x, y;
  one.find(packing.scene(), x, 1);
  two.find(packing.scene(), y, 2);
  CHECK(same_candidates(x, y));
  packing.move(rng, 0.02, 0.02);
  one.find(packing.scene(), x, 1);
  two.find(packing.scene(), y, 2);
  CHECK(same_candidates(x, y));
  CHECK(!x.pairs.empty());
}

TEST_CASE("no setting of the cells loses a contact: tiny cells, bodies far away and far apart",
          "[search][cells]") {
  Packing packing = cube_packing(4, 41);
  REQUIRE(packing.bodies.size() > 20);
  // Two touching cubes a long way off, one more farther still, and one where
  // the cell coordinates saturate.
  const Mat3 tilt = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  const auto add = [&](const Vec3& position, const Mat3& rotation) {
    packing.bodies.push_back({packing.shape.get(), packing.tree.get(), position, rotation, 0.0});
    packing.groups.push_back(0);
    packing.sizes.push_back(1.0);
  };
  add(Vec3(1e7, -3e6, 2e5), Mat3::Identity());
  add(Vec3(1e7 + 1.02, -3e6, 2e5), Mat3::Identity());
  add(Vec3(-4e9, 0, 0), tilt);
  add(Vec3(1e300, 1e300, -1e300), tilt);
  add(Vec3(1e300, 1e300 + 1.01, -1e300), tilt);
  for (const double cell : {0.0, 0.01, 0.3, 1e4}) {
    INFO("cell size " << cell);
    ContactSearch search(0.05, cell);
    CandidateSet fast, reference;
    search.find(packing.scene(), fast, 1);
    brute_force_candidates(packing.scene(), reference);
    CHECK(same_candidates(fast, reference));
    const BodyPair far{static_cast<int>(packing.bodies.size()) - 5,
                       static_cast<int>(packing.bodies.size()) - 4, -1};
    CHECK(std::any_of(fast.pairs.begin(), fast.pairs.end(),
                      [&](const CandidatePair& p) { return p.id == far; }));
  }
}

TEST_CASE(
    "the lists keep a slow body's pair with the fastest body until either has used its margin",
    "[search][verlet]") {
  // Two cubes with a vertex towards each other along x: a at rest (m = 0), b
  // the most inflated (m = 0.4). List margins L = 1.5m + δ/2: 0.05 and 0.65,
  // so the lists must keep their tips 0.668 apart (skin 0.05 + L_a + L_b =
  // 0.75). b then moves 0.6 towards a with m = 0.04: 0.6 + 0.04 ≤ L_b, the lists
  // still hold, and the tips, 0.068 apart, are within skin + m_b. The cells
  // are tiny so that only the query's reach decides which neighbours a sees.
  Packing packing = cube_packing(2, 5);
  const double half_diagonal = packing.shape->bounding_radius;
  REQUIRE(half_diagonal == Approx(std::sqrt(0.75)));
  const Vec3 diagonal = Vec3(1, 1, 1).normalized();
  const Mat3 tip_plus_x = Eigen::Quaterniond::FromTwoVectors(diagonal, Vec3::UnitX()).matrix();
  const Mat3 tip_minus_x = Eigen::Quaterniond::FromTwoVectors(diagonal, -Vec3::UnitX()).matrix();
  const Vec3 origin(40, 0, 0);
  packing.bodies = {{packing.shape.get(), packing.tree.get(), origin, tip_plus_x, 0.0},
                    {packing.shape.get(), packing.tree.get(),
                     origin + Vec3(2 * half_diagonal + 0.668, 0, 0), tip_minus_x, 0.4}};
  packing.groups.assign(2, 0);
  packing.sizes.assign(2, 1.0);
  ContactSearch search(0.1, 1e-3);
  CandidateSet fast, reference;
  search.find(packing.scene(), fast, 1);
  brute_force_candidates(packing.scene(), reference);
  CHECK(fast.pairs.empty());
  REQUIRE(same_candidates(fast, reference));

  packing.bodies[1].position.x() -= 0.6;
  packing.bodies[1].margin = 0.04;
  search.find(packing.scene(), fast, 1);
  brute_force_candidates(packing.scene(), reference);
  CHECK(search.statistics().list_builds == 1);
  REQUIRE(reference.pairs.size() == 1);
  CHECK(same_candidates(fast, reference));
}

namespace {

/// The fast search against the reference at `configurations` configurations, each inflated
/// by up to 0.02 and then moved by `move()`, on one and two threads in turn; returns the
/// pairs the first (whole) build traversed.
template <class Move>
long compare_while_moving(Packing& packing, ContactSearch& search, std::mt19937& rng,
                          int configurations, Move&& move) {
  CandidateSet fast, reference;
  long traversed_by_build = 0;
  for (int k = 0; k < configurations; ++k) {
    packing.inflate(rng, 0.02);
    search.find(packing.scene(), fast, k % 2 + 1);
    if (k == 0) traversed_by_build = search.statistics().pairs_traversed;
    brute_force_candidates(packing.scene(), reference);
    INFO("configuration " << k);
    REQUIRE(same_candidates(fast, reference));
    move();
  }
  return traversed_by_build;
}

}  // namespace

TEST_CASE("bodies that outran their margins get new lists alone, and nothing is lost",
          "[search][verlet]") {
  // Each configuration three bodies jump by 0.15 (more than any list margin,
  // here at most 1.5 × 0.02 + 0.05) while the rest creep by 1 mm: only the
  // pairs of the three and of their old and new neighbours are remade.
  Packing packing = cube_packing(6, 21);
  const auto bodies = static_cast<long>(packing.bodies.size());
  REQUIRE(bodies > 150);
  std::mt19937 rng(23);
  std::uniform_int_distribution<std::size_t> pick(0, packing.bodies.size() - 1);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  ContactSearch search(0.1, 0.0);
  constexpr int kConfigurations = 12;
  const long traversed_by_build = compare_while_moving(packing, search, rng, kConfigurations, [&] {
    packing.move(rng, 0.001, 0.001);
    for (int jump = 0; jump < 3; ++jump)
      packing.bodies[pick(rng)].position +=
          0.15 * Vec3(unit(rng), unit(rng), unit(rng)).normalized();
  });
  const SearchStatistics& statistics = search.statistics();
  std::printf(
      "[search] %ld cubes, 3 jumping: %ld full and %ld partial builds, %ld heads remade, %ld pairs "
      "traversed\n",
      bodies, statistics.list_builds, statistics.partial_builds, statistics.heads_remade,
      statistics.pairs_traversed);
  CHECK(statistics.list_builds == 1);
  CHECK(statistics.partial_builds == kConfigurations - 1);
  CHECK(statistics.heads_remade - bodies < (kConfigurations - 1) * bodies / 4);
  // A renewal traverses only the pairs of the three (about ten each, and a boundary or two), not
  // every pair of the heads it remakes.
  CHECK(statistics.pairs_traversed - traversed_by_build < (kConfigurations - 1) * 3 * 20);
}

TEST_CASE("a pack carried as a whole keeps its pairs' lists, and nothing is lost",
          "[search][verlet]") {
  // Each configuration the whole pack of tetrapods turns by 0.05 rad about its centre and
  // moves by 0.2 (beyond any list margin: every body outruns its own), and each body
  // creeps by up to 1 mm and 1 mrad besides, in a container that stays where it is. The
  // pairs of two bodies moved together keep their lists (pair_reference.hpp); those
  // with the container are made anew.
  Packing packing = tetrapod_packing(5, 51);
  const auto bodies = static_cast<long>(packing.bodies.size());
  REQUIRE(bodies > 80);
  std::mt19937 rng(52);
  CandidateSet initial;
  brute_force_candidates(packing.scene(), initial);
  const auto body_pairs = static_cast<long>(counts(initial).body_pairs);
  ContactSearch search(0.1, 0.0);
  constexpr int kConfigurations = 8;
  const Mat3 turn = Eigen::AngleAxisd(0.05, Vec3(1, 2, 2).normalized()).toRotationMatrix();
  const Vec3 shift(0.2, 0.0, 0.05);
  const long traversed_by_build = compare_while_moving(packing, search, rng, kConfigurations, [&] {
    Vec3 centre = Vec3::Zero();
    for (const SearchObject& body : packing.bodies) centre += body.position;
    centre /= static_cast<double>(bodies);
    for (SearchObject& body : packing.bodies) {
      body.position = centre + shift + turn * (body.position - centre);
      body.rotation = turn * body.rotation;
    }
    packing.move(rng, 0.001, 0.001);
  });
  const SearchStatistics& statistics = search.statistics();
  const long traversed_after = statistics.pairs_traversed - traversed_by_build;
  std::printf(
      "[search] %ld tetrapods carried as a whole: %ld full and %ld partial builds, %ld pairs "
      "traversed at the build and %ld after it, %ld kept together\n",
      bodies, statistics.list_builds, statistics.partial_builds, traversed_by_build,
      traversed_after, statistics.pairs_kept_together);
  CHECK(body_pairs > 30);
  CHECK(statistics.list_builds == 1);
  CHECK(statistics.partial_builds == kConfigurations - 1);
  // Every body renewed at every configuration: with each body's own motion as the bound,
  // every pair would be traversed anew each time.
  CHECK(statistics.pairs_kept_together > (kConfigurations - 1) * traversed_by_build / 2);
  CHECK(traversed_after < (kConfigurations - 1) * traversed_by_build / 3);
}
