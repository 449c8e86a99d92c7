// The result of a contact search: the pairs of bodies (or body and boundary)
// with at least one candidate sub-region pair, sorted by (body a, body b,
// boundary), each with its skin and its sub-region pairs sorted by (sub-region
// a, sub-region b), stored one after another so that a search allocates
// nothing once the buffers have grown. The order fixes the assembly order, so
// results do not depend on the number of threads.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact/search/search_object.hpp"

namespace polydem {

struct CandidatePair {
  BodyPair id;
  double skin = 0;
  std::uint32_t first = 0;  ///< into CandidateSet::regions
  std::uint32_t count = 0;
};

struct CandidateSet {
  std::vector<CandidatePair> pairs;
  std::vector<SubRegionPair> regions;

  std::span<const SubRegionPair> regions_of(const CandidatePair& pair) const {
    return std::span(regions).subspan(pair.first, pair.count);
  }
  void clear() {
    pairs.clear();
    regions.clear();
  }
};

}  // namespace polydem
