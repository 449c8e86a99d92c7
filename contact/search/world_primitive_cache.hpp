// The world primitives of one placed object, each computed on first use and
// then reused: a sub-region meets several of the other body's sub-regions, and
// transforming it once per meeting would dominate the search. The values are
// those of world_primitive, bit for bit. One cache per thread.
#pragma once

#include <cstdint>
#include <vector>

#include "contact/search/sub_region_proximity.hpp"

namespace polydem {

class WorldPrimitiveCache {
 public:
  /// Forgets the previous object (O(1) unless the new tree is larger).
  void reset(const SearchObject& object) {
    object_ = &object;
    const std::size_t count = object.tree->primitives().size();
    if (stamps_.size() < count) {
      stamps_.assign(count, 0);
      primitives_.resize(count);
      generation_ = 0;
    }
    if (++generation_ == 0) {  // wrapped around: every stamp is stale again
      std::fill(stamps_.begin(), stamps_.end(), 0);
      generation_ = 1;
    }
  }

  /// The primitive of `bounds`, an element of the object's tree->primitives().
  const WorldPrimitive& of(const SubRegionBounds& bounds) {
    return (*this)[static_cast<std::uint32_t>(&bounds - object_->tree->primitives().data())];
  }

  const WorldPrimitive& operator[](std::uint32_t index) {
    if (stamps_[index] != generation_) {
      primitives_[index] = world_primitive(*object_, object_->tree->primitives()[index]);
      stamps_[index] = generation_;
    }
    return primitives_[index];
  }

 private:
  const SearchObject* object_ = nullptr;
  std::vector<WorldPrimitive> primitives_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t generation_ = 0;
};

}  // namespace polydem
