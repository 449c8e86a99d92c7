// Contact hierarchy for concave regions (paper §3.6, discussion of Fig. 9).
// Near a concave edge one vertex can have valid vertex–face solutions with both
// faces and a valid vertex–edge solution with the edge between them (Fig. 9);
// near vertices, vertex–vertex pairs duplicate face and edge pairs. Switching
// such pairs on and off inside a Newton iteration makes it oscillate, so the
// redundant lower-order pairs are switched off:
//  1. a vertex–edge pair (v, e) is off when e is concave and v already has an
//     active vertex–face pair with both faces of e;
//  2. a vertex–vertex pair (v_A, v_B) is off when a face or edge attached to v_A
//     is active with v_B (vertex–face or vertex–edge pair), or vice versa;
//  3. a vertex–edge pair (v, e) is off when e is convex and v has an active
//     vertex–face pair with either face of e. Ours, not the paper's: a vertex
//     that projects into a face next to a convex edge also projects into the
//     edge, at a gap only slightly larger, so both pairs pushed it; when it
//     crossed the face's border the face's force vanished at once, and a
//     Newton iteration that moved it back and forth across the border never
//     settled (seen in a compacted pack of tetrapods). With the rule the edge
//     takes over exactly where the face lets go, at the same gap and normal:
//     the vertex's force is continuous (the edge's pair then stands for the
//     edge's Voronoi region, as the face's for the face's).
//  4. an edge–edge pair is off when its solution lies at an end of one of its
//     edges (to 1e-9 of the edge's range) and that end vertex is active with
//     the other edge, a face of it or one of its vertices. Ours too: the pair
//     then finds the vertex's own contact point a second time. Where a vertex
//     rests exactly on the border of a face (the flush sides of stacked cubes
//     and bricks), rounding decided which of the two counted, so mirror-image
//     corners carried one contact or two.
//  5. a contact whose points on both bodies lie within 1e-4 of each body's bounding
//     radius of another's is that contact found again, and off unless it is the nearest
//     of them; gaps equal to 1e-6 go by rank (vertex–face, vertex–edge, edge–edge,
//     vertex–vertex; then by sub-regions). Ours: blocks stacked with flush sides and
//     corners (a wall) meet corner on corner, and once they part by a micrometre each
//     corner's point is found by a vertex–face, a vertex–edge and an edge–edge pair
//     (rule 4 takes an edge's end to 1e-9 only), so the corner's force tripled between
//     one Newton iterate and the next and the active set never settled (a 3×3 wall of
//     cubes failed at t = 0 at any Δt). Corners farther apart than the tolerance are the
//     separate corners of the faces' overlap (Fig. 4c). The nearest, not the first in
//     rank: within the tolerance a body's edge that leaves a vertex standing over a face
//     can dip to the other body's edge beside that face while the vertex stays clear.
//     With the vertex's pair standing for it, the edge pair had no barrier: in a pack of
//     tetrapods its gap went to 1e-12 m beside the vertex's 2e-5, and every Newton
//     correction after crossed it (no admissible step, down to Δt = 1e-9). The nearest
//     pair's gap, and so its barrier force, is continuous where another takes over.
//     Rules 1–3 switch off only pairs at least as far apart as one that stands for them.
// "Active" means present in the given list; both rules read the list as given
// (not the list after removals), so the result does not depend on its order.
#pragma once

#include <vector>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"

namespace polydem {

/// The contacts of one body pair (A has shape_a, B has shape_b) that survive the
/// hierarchy rules, in their original order.
std::vector<LocalContact> apply_contact_hierarchy(const std::vector<LocalContact>& active,
                                                  const Shape& shape_a, const Shape& shape_b);
/// The same into `kept` (cleared first), which keeps its capacity between calls.
void apply_contact_hierarchy(const std::vector<LocalContact>& active, const Shape& shape_a,
                             const Shape& shape_b, std::vector<LocalContact>& kept);

}  // namespace polydem
