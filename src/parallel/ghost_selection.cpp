#include "src/parallel/ghost_selection.hpp"

#include <algorithm>
#include <limits>

namespace polydem {
namespace {

// Covers the search's own tolerance on its reach, and rounding.
constexpr double kWidening = 1e-6;

struct OwnedExtent {
  Vec3 low = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 high = -Vec3::Constant(std::numeric_limits<double>::infinity());
  double radius = 0;
  bool empty = true;

  double distance(const Vec3& point) const {
    return (low - point).cwiseMax(point - high).cwiseMax(0.0).norm();
  }
};

OwnedExtent owned_extent(std::span<const SearchObject> bodies, std::span<const char> owned) {
  OwnedExtent extent;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (!bodies[b].shape || !owned[b]) continue;
    extent.low = extent.low.cwiseMin(bodies[b].position);
    extent.high = extent.high.cwiseMax(bodies[b].position);
    extent.radius = std::max(extent.radius, bodies[b].shape->bounding_radius);
    extent.empty = false;
  }
  return extent;
}

double allowance_of(std::span<const SearchObject> bodies, double verlet_margin) {
  double margin = 0;
  for (const SearchObject& body : bodies)
    if (body.shape) margin = std::max(margin, body.margin);
  return margin + verlet_margin;
}

bool is_ghost(const OwnedExtent& extent, const SearchObject& body, double skin, double allowance) {
  const double reach = extent.radius + body.shape->bounding_radius + skin + 4 * allowance;
  return !extent.empty && extent.distance(body.position) <= reach * (1 + kWidening);
}

}  // namespace

GhostChoice choose_ghosts(const SearchScene& every, std::span<const char> owned_body,
                          double verlet_margin) {
  GhostChoice choice;
  choice.allowance = allowance_of(every.bodies, verlet_margin);
  const OwnedExtent extent = owned_extent(every.bodies, owned_body);
  const double skin = every.largest_body_skin();
  for (std::size_t b = 0; b < every.bodies.size(); ++b) {
    const SearchObject& body = every.bodies[b];
    if (!body.shape || (!owned_body[b] && !is_ghost(extent, body, skin, choice.allowance)))
      continue;
    choice.searched.push_back(static_cast<int>(b));
    choice.owned.push_back(owned_body[b]);
    choice.chosen_at.push_back(body.position);
    choice.owned_count += owned_body[b] ? 1 : 0;
  }
  return choice;
}

bool keeps_to_allowance(const SearchObject& now, const Vec3& chosen_at, double verlet_margin,
                        double allowance) {
  return (now.position - chosen_at).norm() + list_margin(now.margin, verlet_margin) <=
         2 * allowance * (1 - kWidening);
}

}  // namespace polydem
