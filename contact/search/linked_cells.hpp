// Linked cells without a domain (paper §2.5.2): space is cut into cubes of
// side `cell_size`, each point goes into the cube of its integer coordinates
// (floor(x / cell_size)), and the occupied cubes are found through a hash
// table, so bodies anywhere, however far from the others, are searched alike.
// A query visits every cube within the reach; when that is more cubes than are
// occupied (a cell size much smaller than the reach) it visits the occupied
// ones instead, so a small cell size costs time, never contacts.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

class LinkedCells {
 public:
  using Cell = std::array<std::int64_t, 3>;

  /// Sorts the points into cells; the buffers are reused by the next build.
  void build(std::span<const Vec3> points, double cell_size);

  /// Calls visit(j) for every point j whose cell may hold points within
  /// `reach` of `centre` (a superset; the caller tests the distance).
  template <class Visit>
  void for_each_near(const Vec3& centre, double reach, Visit&& visit) const;

  double cell_size() const { return cell_size_; }
  std::size_t occupied_cells() const { return occupied_.size(); }
  std::size_t memory_bytes() const;

 private:
  struct Slot {
    Cell cell{};
    std::uint32_t first = 0;  ///< into order_
    std::uint32_t count = 0;  ///< 0: empty slot
  };

  Cell cell_of(const Vec3& x) const;
  const Slot* find(const Cell& cell) const;
  template <class Visit>
  void visit_slot(const Slot& slot, Visit& visit) const;

  double cell_size_ = 1;
  std::vector<Cell> cells_;              ///< per point
  std::vector<std::uint32_t> order_;     ///< points sorted by cell, then index
  std::vector<Slot> table_;              ///< open addressing, size a power of two
  std::vector<std::uint32_t> occupied_;  ///< indices of the used slots, in cell order
};

template <class Visit>
void LinkedCells::visit_slot(const Slot& slot, Visit& visit) const {
  for (std::uint32_t k = slot.first; k < slot.first + slot.count; ++k)
    visit(static_cast<int>(order_[k]));
}

template <class Visit>
void LinkedCells::for_each_near(const Vec3& centre, double reach, Visit&& visit) const {
  if (occupied_.empty()) return;
  const Cell low = cell_of(centre - Vec3::Constant(reach));
  const Cell high = cell_of(centre + Vec3::Constant(reach));
  double volume = 1;
  for (std::size_t k = 0; k < 3; ++k) volume *= static_cast<double>(high[k] - low[k] + 1);
  if (volume > static_cast<double>(occupied_.size())) {
    for (const std::uint32_t s : occupied_) {
      const Slot& slot = table_[s];
      bool inside = true;
      for (std::size_t k = 0; k < 3; ++k)
        inside = inside && slot.cell[k] >= low[k] && slot.cell[k] <= high[k];
      if (inside) visit_slot(slot, visit);
    }
    return;
  }
  for (std::int64_t x = low[0]; x <= high[0]; ++x)
    for (std::int64_t y = low[1]; y <= high[1]; ++y)
      for (std::int64_t z = low[2]; z <= high[2]; ++z)
        if (const Slot* slot = find({x, y, z})) visit_slot(*slot, visit);
}

}  // namespace polydem
