#include "contact/set/pair_store.hpp"

#include <algorithm>

namespace polydem {

namespace {

// splitmix64's finaliser: spreads a key's bits over the word.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t contact_key(const BodyPair& id, const Candidate& c) {
  std::uint64_t h = mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(id.body_a)));
  for (const int v : {id.body_b, id.boundary, static_cast<int>(c.region_a.kind), c.region_a.index,
                      static_cast<int>(c.region_b.kind), c.region_b.index})
    h = mix(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
  return h;
}

bool before(const PairStore::Slot& slot, const BodyPair& key) { return slot.first < key; }

PairSide body_side(int index, const ContactScene& scene) {
  return {index, nullptr, scene.bodies()[static_cast<std::size_t>(index)].shape.get(),
          &scene.inertia(index)};
}

}  // namespace

std::unique_ptr<ContactPairElement> PairStore::make(const BodyPair& id) const {
  const PairSide a = body_side(id.body_a, scene_);
  if (id.boundary >= 0) {
    const BoundarySurface& surface = scene_.boundaries()[static_cast<std::size_t>(id.boundary)];
    return std::make_unique<ContactPairElement>(a, PairSide{-1, &surface, surface.shape.get()},
                                                scene_.pair_law(id));
  }
  const PairSide b = body_side(id.body_b, scene_);
  return std::make_unique<ContactPairElement>(a, b, scene_.pair_law(id));
}

ContactPairElement* PairStore::find(const BodyPair& id) const {
  const auto found = std::lower_bound(elements_.begin(), elements_.end(), id, before);
  return found != elements_.end() && found->first == id ? found->second.get() : nullptr;
}

void PairStore::insert(const BodyPair& id, std::unique_ptr<ContactPairElement> element) {
  const auto at = std::lower_bound(elements_.begin(), elements_.end(), id, before);
  elements_.emplace(at, id, std::move(element));
}

void PairStore::clear() {
  elements_.clear();
  refresh_views();
}

void PairStore::refresh_views() {
  element_views_.clear();
  pair_views_.clear();
  for (const auto& [id, element] : elements_) {
    element_views_.push_back(element.get());
    pair_views_.push_back(element.get());
  }
}

bool PairStore::follow(const CandidateSet& found) {
  next_elements_.clear();
  bool changed = false;
  auto kept = elements_.begin();
  for (const CandidatePair& pair : found.pairs) {
    for (; kept != elements_.end() && kept->first < pair.id; ++kept)
      changed = true;  // pairs that left
    if (kept != elements_.end() && kept->first == pair.id) {
      next_elements_.emplace_back(pair.id, std::move(kept->second));
      ++kept;
    } else {
      next_elements_.emplace_back(pair.id, make(pair.id));
      changed = true;
    }
  }
  changed = changed || kept != elements_.end();
  elements_.swap(next_elements_);
  next_elements_.clear();
  return changed;
}

void PairStore::fill_candidates(const StepContext& at_i, const CandidateSet& found,
                                const CandidateSource* source) {
  const int count = static_cast<int>(elements_.size());
  candidate_threads_.follow_threads(scene_.threads());
  candidate_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team)
    for (int k = 0; k < count; ++k) {
      ContactPairElement& element = *elements_[static_cast<std::size_t>(k)].second;
      element.start_candidates(at_i, source);
      element.add_candidates(found.regions_of(found.pairs[static_cast<std::size_t>(k)]));
      element.update_engaged(at_i, 0.0);
    }
    return count;
  });
}

bool PairStore::update_engaged(const StepContext& ctx, double tolerance) {
  const int count = static_cast<int>(elements_.size());
  bool changed = false;
  engaged_threads_.follow_threads(scene_.threads());
  engaged_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team) reduction(|| : changed)
    for (int k = 0; k < count; ++k)
      changed =
          elements_[static_cast<std::size_t>(k)].second->update_engaged(ctx, tolerance) || changed;
    return count;
  });
  return changed;
}

std::uint64_t PairStore::engaged_signature() const {
  std::uint64_t signature = 0;
  for (const auto& [id, element] : elements_)
    for (const Candidate& c : element->candidates())
      if (c.engaged) signature += contact_key(id, c);
  return signature;
}

}  // namespace polydem
