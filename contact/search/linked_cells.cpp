#include "contact/search/linked_cells.hpp"

#include <algorithm>
#include <bit>

namespace polydem {
namespace {

// Beyond ±2^40 cells every coordinate is clamped: far-away points share the
// outermost cells, which keeps them found (and the integers exact).
constexpr double kCellLimit = 1099511627776.0;

std::uint64_t hash_of(const LinkedCells::Cell& cell) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (const std::int64_t c : cell) {
    h ^= static_cast<std::uint64_t>(c) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
  }
  return h ^ (h >> 33);
}

}  // namespace

LinkedCells::Cell LinkedCells::cell_of(const Vec3& x) const {
  Cell cell{};
  for (std::size_t k = 0; k < 3; ++k) {
    const double c = std::floor(x[static_cast<Eigen::Index>(k)] / cell_size_);
    cell[k] = std::isnan(c) ? 0 : static_cast<std::int64_t>(std::clamp(c, -kCellLimit, kCellLimit));
  }
  return cell;
}

void LinkedCells::build(std::span<const Vec3> points, double cell_size) {
  cell_size_ = cell_size;
  cells_.resize(points.size());
  order_.resize(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    cells_[i] = cell_of(points[i]);
    order_[i] = static_cast<std::uint32_t>(i);
  }
  std::sort(order_.begin(), order_.end(), [&](std::uint32_t i, std::uint32_t j) {
    return cells_[i] < cells_[j] || (cells_[i] == cells_[j] && i < j);
  });
  table_.assign(std::bit_ceil(2 * points.size() + 1), Slot{});
  occupied_.clear();
  const std::size_t mask = table_.size() - 1;
  for (std::size_t k = 0; k < order_.size();) {
    const Cell& cell = cells_[order_[k]];
    std::size_t end = k;
    while (end < order_.size() && cells_[order_[end]] == cell) ++end;
    std::size_t s = hash_of(cell) & mask;
    while (table_[s].count > 0) s = (s + 1) & mask;
    table_[s] = {cell, static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(end - k)};
    occupied_.push_back(static_cast<std::uint32_t>(s));
    k = end;
  }
}

const LinkedCells::Slot* LinkedCells::find(const Cell& cell) const {
  const std::size_t mask = table_.size() - 1;
  for (std::size_t s = hash_of(cell) & mask;; s = (s + 1) & mask) {
    if (table_[s].count == 0) return nullptr;
    if (table_[s].cell == cell) return &table_[s];
  }
}

std::size_t LinkedCells::memory_bytes() const {
  return cells_.capacity() * sizeof(Cell) + order_.capacity() * sizeof(std::uint32_t) +
         table_.capacity() * sizeof(Slot) + occupied_.capacity() * sizeof(std::uint32_t);
}

}  // namespace polydem
