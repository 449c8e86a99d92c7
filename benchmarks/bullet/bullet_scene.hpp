// A polydem deck rebuilt as a Bullet Physics world, for the peer comparison
// (benchmarks/README.md). The bodies come from polydem's own model (placement,
// mass, centre of mass and inertia of the same meshes), so both start alike:
//  - shapes: a box is a btBoxShape; a tetrapod a compound of five convex hulls
//    (tetrapod_convex_pieces: hub and legs); any other mesh its convex hull.
//    Each body's frame is its principal frame at the centre of mass, as Bullet
//    requires; the pieces are placed in it.
//  - collision margin: a fraction of the body size (cube root of its volume);
//    Bullet's default 0.04 is meant for bodies of about one unit. Boxes keep
//    their extents (Bullet puts the margin inside); hulls are shrunk by it.
//  - boundaries: a plane is a thin static box under its rectangle; a box
//    container five (or six) static slabs around its inside.
//  - materials: Bullet multiplies the two objects' friction and restitution,
//    so each gets √μ and √e, with μ the deck's μ_d and e the restitution of a
//    linear spring–dashpot of damping ratio ζ, exp(−πζ/√(1 − ζ²)).
//  - soft contacts (optional): each boundary's contact stiffness ε1 and a
//    damping 2ζ√(ε1 m/n) (n: the expected contact points), Bullet's
//    setContactStiffnessAndDamping, so that supports of different stiffness
//    can share a load as polydem's penalty law does.
// Everything else is Bullet's default: sequential impulses, 10 iterations,
// split impulse, one fixed step per stepSimulation call.
#pragma once

#include <memory>
#include <vector>

#include "benchmarks/support/scene_runs.hpp"

namespace polydem::bench {

struct BulletSettings {
  double time_step = 1.0 / 240;  ///< s
  int solver_iterations = 10;
  double margin_fraction = 0.04;  ///< collision margin over body size
  bool soft_contacts = false;
  int contact_points_per_boundary = 4;  ///< n of the soft contacts' damping
  /// Penetrations shallower than this (a negative distance, m) are pushed
  /// apart through the velocities (Baumgarte), deeper ones by split impulse.
  /// Bullet's default, −0.04, is meant for bodies of about one unit: at the
  /// millimetre depths of these scenes the push adds energy. 0 splits them all.
  double split_impulse_threshold = -0.04;
};

/// Runs the deck (its last end_time, its gravity; actions are not supported)
/// in Bullet and measures it as polydem's runs are (scene_runs.hpp). Bullet has
/// no contact energy or dissipation ledger: energy_balance_error is T + V at
/// the end minus T + V at the start. smallest_gap is minus the deepest
/// interpenetration. The reactions are averaged over the last tenth of the run
/// (the impulses of one step scatter).
SceneFigures run_bullet(const DeckData& deck, const BulletSettings& settings);

}  // namespace polydem::bench
