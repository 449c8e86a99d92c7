#include "contact/geometry/tetrapod.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "contact/geometry/convex_hull.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

[[noreturn]] void parameter_error(const std::string& key, const std::string& message) {
  throw InputError(SourceMark{"tetrapod"}, key, message);
}

double hub_distance(const TetrapodParams& p) {
  return p.hub_distance > 0 ? p.hub_distance : p.base_radius;
}

double radius_at(const TetrapodParams& p, double distance) {
  return p.base_radius + (p.tip_radius - p.base_radius) * distance / p.leg_length;
}

void validate(const TetrapodParams& p) {
  auto positive = [](double v) { return v > 0 && std::isfinite(v); };
  if (!positive(p.leg_length)) parameter_error("leg_length", "must be positive");
  if (!positive(p.base_radius)) parameter_error("base_radius", "must be positive");
  if (!positive(p.tip_radius)) parameter_error("tip_radius", "must be positive");
  if (p.facets < 3 || p.facets > 4096) parameter_error("facets", "must be between 3 and 4096");
  double hub = hub_distance(p);
  if (!std::isfinite(p.hub_distance) || p.hub_distance < 0 || hub >= p.leg_length)
    parameter_error("hub_distance", "must lie between the centre and the tip");
  // A ring's plane supports the hub when every other ring lies below it:
  // −h/3 + r·√8/3 < h, i.e. h > r/√2. Keep a margin so qhull sees a clean facet.
  if (hub < 0.75 * radius_at(p, hub))
    parameter_error("hub_distance",
                    "must exceed 0.75 × the leg radius there, or the legs' rings "
                    "are not faces of the hub");
}

// Orthonormal (u, w) with u × w = d, so that ring angles run counter-clockwise about d.
std::pair<Vec3, Vec3> ring_axes(const Vec3& d) {
  Vec3 helper = std::abs(d.z()) < 0.9 ? Vec3::UnitZ() : Vec3::UnitX();
  Vec3 u = helper.cross(d).normalized();
  return {u, d.cross(u)};
}

std::vector<Vec3> ring(const Vec3& direction, double distance, double radius, int facets) {
  auto [u, w] = ring_axes(direction);
  std::vector<Vec3> points;
  for (int k = 0; k < facets; ++k) {
    double angle = 2 * M_PI * k / facets;
    points.push_back(distance * direction + radius * (std::cos(angle) * u + std::sin(angle) * w));
  }
  return points;
}

// The four cut rings, leg after leg: point 'leg · facets + k'.
std::vector<Vec3> hub_rings(const TetrapodParams& p) {
  std::vector<Vec3> points;
  double hub = hub_distance(p);
  for (const Vec3& d : tetrapod_leg_directions()) {
    std::vector<Vec3> leg_ring = ring(d, hub, radius_at(p, hub), p.facets);
    points.insert(points.end(), leg_ring.begin(), leg_ring.end());
  }
  return points;
}

// Hull facets other than the four ring caps, fan-triangulated; checks that
// each ring survived as one cap facet with all its points.
std::vector<std::array<int, 3>> hub_side_triangles(const std::vector<Vec3>& rings, int facets) {
  std::vector<std::array<int, 3>> triangles;
  int caps = 0;
  std::vector<bool> on_hull(rings.size(), false);
  for (const auto& facet : convex_hull_facets(rings)) {
    for (int v : facet) on_hull[v] = true;
    int leg = facet.front() / facets;
    bool cap = std::all_of(facet.begin(), facet.end(), [&](int v) { return v / facets == leg; });
    if (cap) {
      if (static_cast<int>(facet.size()) != facets)
        throw std::logic_error("tetrapod: ring cap split");
      ++caps;
      continue;
    }
    for (std::size_t k = 1; k + 1 < facet.size(); ++k)
      triangles.push_back({facet[0], facet[k], facet[k + 1]});
  }
  if (caps != 4 || std::find(on_hull.begin(), on_hull.end(), false) != on_hull.end())
    throw std::logic_error("tetrapod: a leg ring is not a face of the hub");
  return triangles;
}

}  // namespace

std::vector<Vec3> tetrapod_leg_directions() {
  std::vector<Vec3> directions{Vec3::UnitZ()};
  const double horizontal = std::sqrt(8.0) / 3;
  for (int k = 0; k < 3; ++k) {
    double angle = 2 * M_PI * k / 3;
    directions.emplace_back(horizontal * std::cos(angle), horizontal * std::sin(angle), -1.0 / 3);
  }
  return directions;
}

TriangleMesh make_tetrapod_hub(const TetrapodParams& params) {
  validate(params);
  return make_convex_hull(hub_rings(params));
}

std::vector<std::vector<Vec3>> tetrapod_convex_pieces(const TetrapodParams& params) {
  validate(params);
  std::vector<std::vector<Vec3>> pieces{hub_rings(params)};
  const double hub = hub_distance(params);
  for (const Vec3& d : tetrapod_leg_directions()) {
    std::vector<Vec3> leg = ring(d, hub, radius_at(params, hub), params.facets);
    const std::vector<Vec3> tip = ring(d, params.leg_length, params.tip_radius, params.facets);
    leg.insert(leg.end(), tip.begin(), tip.end());
    pieces.push_back(std::move(leg));
  }
  return pieces;
}

TriangleMesh make_tetrapod(const TetrapodParams& params) {
  validate(params);
  const int n = params.facets;
  TriangleMesh mesh;
  mesh.vertices = hub_rings(params);
  mesh.triangles = hub_side_triangles(mesh.vertices, n);
  const std::vector<Vec3> directions = tetrapod_leg_directions();
  for (int leg = 0; leg < 4; ++leg) {
    const int base = leg * n;
    const int tip = static_cast<int>(mesh.vertices.size());
    for (const Vec3& p : ring(directions[leg], params.leg_length, params.tip_radius, n))
      mesh.vertices.push_back(p);
    for (int k = 0; k < n; ++k) {  // leg side: quad (base k, base k+1, tip k+1, tip k)
      int next = (k + 1) % n;
      mesh.triangles.push_back({base + k, base + next, tip + next});
      mesh.triangles.push_back({base + k, tip + next, tip + k});
    }
    for (int k = 1; k + 1 < n; ++k) mesh.triangles.push_back({tip, tip + k, tip + k + 1});
  }
  return mesh;
}

}  // namespace polydem
