// Whether a pair the side test calls "inside" really penetrates.
//
// The side test (§2.4.5, LocalContact::outside) judges a pair by the faces
// adjacent to its sub-regions: exact near a convex feature, but only local. On
// a non-convex body (a tetrapod's legs) a vertex can lie behind every face of a
// far edge, or a near-degenerate edge–edge pair can flip side at an unchanged
// gap, while both bodies are apart. Treating those flips as crossings refused
// every Newton correction of a large pack (no admissible step). The pair's own
// contact points settle it: a real crossing puts Γ_A inside body B or Γ_B
// inside body A. An open sheet has no inside, so against one the side test
// stands.
#pragma once

#include "contact/local/local_contact.hpp"

namespace polydem {

/// Γ_A of a solved pair (eq. 27 at its convective coordinates); Γ_B = Γ_A − g.
Vec3 contact_point_a(const PosedBody& a, const LocalContact& contact);

/// Whether the world point x lies inside the closed solid `body` (generalised
/// winding number above 1/2); false for an open sheet.
bool lies_inside(const PosedBody& body, const Vec3& x);

/// A pair that touches (g_n = 0) or that the side test calls inside and whose
/// contact point lies inside the other body; against an open sheet, inside by
/// the side test alone.
bool penetrates(const PosedBody& a, const PosedBody& b, const LocalContact& contact);

}  // namespace polydem
