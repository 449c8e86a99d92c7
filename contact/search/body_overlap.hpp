// Overlap tests between two placed shapes for the pre-flight check of an
// analysis step (the barrier law cannot start from overlapping bodies, paper
// §2.6), through the sub-region hierarchies so that a dense packing of
// detailed shapes is checked in O(log n) per pair.
//
// Where two closed surfaces cross, their intersection is a closed polygon
// whose corners lie where a non-flat edge of one surface crosses a face of the
// other (along a flat edge the polygon does not turn), so testing the contact
// sub-regions' edges against faces finds every transversal crossing.
#pragma once

#include "contact/search/search_object.hpp"

namespace polydem {

/// Whether an edge sub-region of one crosses a face of the other.
bool surfaces_cross(const SearchObject& a, const SearchObject& b);

/// Whether `inner` lies inside the closed solid `outer` (its first vertex
/// does), for shapes whose surfaces do not cross.
bool lies_inside(const SearchObject& inner, const SearchObject& outer);

}  // namespace polydem
