// Tetrapod particle (paper §3.4 and §3.6): four truncated-cone legs along the
// tetrahedral directions from a common centre, one leg along +z. The cones
// overlap near the centre, so instead of a Boolean union the legs are cut at
// `hub_distance` and joined by a hub, the convex hull of the four cut rings.
// Every ring is a face of that hull (checked), so removing the four ring faces
// and attaching the leg sides and tip caps gives a closed 2-manifold whose ring
// edges are concave: the non-convex shape of the paper's examples 4 and 6.
#pragma once

#include <vector>

#include "contact/geometry/triangle_mesh.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

struct TetrapodParams {
  double leg_length = 1.0;   ///< centre to tip-cap centre
  double base_radius = 0.3;  ///< cone radius at the centre
  double tip_radius = 0.1;   ///< cone radius at the tip
  int facets = 16;           ///< sides of each leg's polygonal cross-section
  /// Where the legs are cut and the hub starts, from the centre; 0 picks base_radius.
  /// The rings lie on the hub only when hub_distance > r·√2/2 (r = leg radius there).
  double hub_distance = 0;

  /// The parameters a deck's `tetrapod` geometry declares (shapes/tetrapod_shape.cpp).
  static TetrapodParams from(const ParamSet& set);
};

/// Unit leg directions: +z and three more at z = −1/3, 120° apart.
std::vector<Vec3> tetrapod_leg_directions();

/// The closed, outward tetrapod mesh; InputError for inconsistent parameters.
TriangleMesh make_tetrapod(const TetrapodParams& params);

/// The tetrapod as five convex pieces, each given by its points: the hub (the
/// four cut rings), then per leg the frustum between its cut ring and its tip
/// ring. Together they fill the tetrapod exactly, overlapping only on the ring
/// faces: what a solver that needs convex shapes (a compound of hulls) takes.
std::vector<std::vector<Vec3>> tetrapod_convex_pieces(const TetrapodParams& params);

/// The convex hub alone (the hull of the four cut rings). The tetrapod's volume
/// is the hub's plus four regular-polygon frusta from hub_distance to leg_length.
TriangleMesh make_tetrapod_hub(const TetrapodParams& params);

}  // namespace polydem
