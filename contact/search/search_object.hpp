// What the contact search sees of a body or boundary (paper §2.5): its shape
// with the shape's sub-region hierarchy, its placement in the world and the
// inflation of its bounding volumes, the distance it may travel before the
// next search (§2.5.1, §2.6.3).
#pragma once

#include <compare>
#include <utility>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"
#include "contact/search/sub_region_tree.hpp"

namespace polydem {

struct SearchObject {
  const Shape* shape = nullptr;  ///< nullptr: takes no part in contact
  const SubRegionTree* tree = nullptr;
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  double margin = 0;  ///< m
};

using SubRegionPair = std::pair<SubRegion, SubRegion>;

/// A body and another body (boundary = −1) or a boundary (body_b = −1).
/// The list margin L = 1.5m + δ/2 of a body with inflation m at a Verlet-list
/// build (contact_search.hpp: room for the inflation to grow by half, plus δ/2).
double list_margin(double inflation, double verlet_margin);

struct BodyPair {
  int body_a = 0;
  int body_b = -1;
  int boundary = -1;
  auto operator<=>(const BodyPair&) const = default;
};

}  // namespace polydem
