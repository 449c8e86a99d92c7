// The candidate tests of the contact search (paper §2.5.1), shared by the fast
// search and the all-pairs reference so that both decide every pair with the
// same arithmetic:
//  * first level: the bounding spheres of two bodies, inflated by their
//    margins, come within the pair's skin;
//  * second level: a pair of sub-regions with a degeneration (§2.4.2) is a
//    candidate when its primitives (point, segment, triangle) come within the
//    skin plus both margins. This is the tightest bounding volume there is:
//    a valid LCP solution's g_n is the primitives' distance (§2.4.4), so no
//    pair outside this reach can become active before the next search.
#pragma once

#include <array>

#include "contact/search/search_object.hpp"

namespace polydem {

/// A sub-region's primitive in world coordinates, with its axis-aligned box.
struct WorldPrimitive {
  std::array<Vec3, 3> vertices{};
  int count = 0;
  Vec3 low = Vec3::Zero();  ///< the box, set by bound() from the vertices
  Vec3 high = Vec3::Zero();

  /// Sets the box from the vertices: world_primitive does, and whoever fills the
  /// vertices otherwise before primitives_within (which reads the box).
  void bound();
};

/// The world position x = position + rotation · x_body of a body-frame point.
Vec3 world_point(const SearchObject& object, const Vec3& body_point);

WorldPrimitive world_primitive(const SearchObject& object, const SubRegionBounds& bounds);

/// The squared distance between the primitives of sub-regions with a
/// degeneration (§2.4.2): the square of a lower bound of any valid LCP gap g_n
/// of the pair (equal to it when the LCP solution is valid); 0 for pairs
/// without a degeneration (edge–face, face–face).
double primitives_squared_distance(const WorldPrimitive& a, const WorldPrimitive& b);

/// Relative widening of every reach, so that a gap just below the skin
/// stays a candidate whatever the rounding of the distance.
inline constexpr double kReachTolerance = 1e-9;

/// Whether a and b (the primitives of sub-regions with a degeneration) come within `reach`;
/// both bounded (WorldPrimitive::bound).
bool primitives_within(const WorldPrimitive& a, const WorldPrimitive& b, double reach);

/// Whether the bounding spheres of a and b, inflated by their margins, come within `skin`.
bool bounding_spheres_overlap(const SearchObject& a, const SearchObject& b, double skin);

/// The second-level reach of a pair: skin plus both margins.
inline double pair_reach(const SearchObject& a, const SearchObject& b, double skin) {
  return skin + a.margin + b.margin;
}

}  // namespace polydem
