// Whether two posed surfaces cross, decided from a few of their sub-regions
// (the end-of-step check of crossing_checks.hpp, without walking both
// sub-region trees).
//
// Two closed surfaces that did not meet at configuration i and meet at the end
// of a step have, at the end, an edge of one through a face of the other: an
// intersection curve runs through pairs of facets and ends where a non-flat
// edge of one pierces a facet of the other. That edge began to pierce that
// facet at some instant of the step, when one of its vertices touched the
// facet or the edge itself touched the facet's rim: a vertex–face, edge–edge,
// vertex–edge or vertex–vertex pair (§2.4.2) of the edge's closure and the
// facet's closure came to distance zero. Its distance at i was then at most how
// far the points travelled, so it is one of the step's candidates whose
// clearance_i is within that travel, provided the search found every such
// pair (the travel below the skin). The edges and facets to test are those
// candidates' stars: the edge itself or a vertex's non-flat edges on one side,
// the facet itself or the facets around an edge or a vertex on the other.
#pragma once

#include <span>

#include "contact/local/local_contact.hpp"

namespace polydem {

/// A candidate close enough at i to have met during the step.
struct NearRegions {
  SubRegion a;
  SubRegion b;
};

/// True when a non-flat edge of one side, in the star of one of `near`'s
/// sub-regions, meets a facet of the other side in the star of the paired one.
bool stars_cross(const PosedBody& a, const PosedBody& b, std::span<const NearRegions> near);

}  // namespace polydem
