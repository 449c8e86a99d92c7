#include "contact/set/search_stage.hpp"

#include "contact/search/brute_force_search.hpp"

namespace polydem {

namespace {

/// δ as set, or when the deck leaves it a tenth of the smallest body.
double chosen_verlet_margin(const SearchSettings& settings, const std::vector<double>& sizes) {
  if (settings.verlet_margin > 0) return settings.verlet_margin;
  double smallest = 0;
  for (const double size : sizes)
    if (size > 0 && (smallest == 0 || size < smallest)) smallest = size;
  return smallest > 0 ? 0.1 * smallest : 1.0;
}

}  // namespace

SearchStage::SearchStage(ContactScene& scene)
    : scene_(scene),
      body_objects_(scene.bodies().size()),
      boundary_objects_(scene.boundaries().size()),
      search_(chosen_verlet_margin(scene.settings(), scene.body_sizes()),
              scene.settings().cell_size) {}

SearchScene SearchStage::every_body(const StepContext& ctx, bool inflate) {
  scene_.place_boundaries(ctx, inflate, boundary_objects_);
  for (std::size_t b = 0; b < body_objects_.size(); ++b)
    body_objects_[b] = scene_.body_object(ctx, static_cast<int>(b), inflate);
  return {body_objects_,
          boundary_objects_,
          scene_.body_groups(),
          scene_.body_sizes(),
          scene_.boundary_groups(),
          &scene_.interactions(),
          {},
          scene_.body_held()};
}

SearchScene SearchStage::place(const StepContext& ctx, bool inflate) {
  if (!partition_) return every_body(ctx, inflate);
  scene_.place_boundaries(ctx, inflate, boundary_objects_);
  follow_partition();
  const std::span<const int> searched = partition_->searched_bodies();
  for (std::size_t k = 0; k < searched.size(); ++k)
    searched_objects_[k] = scene_.body_object(ctx, searched[k], inflate);
  return {
      searched_objects_,        boundary_objects_,      searched_groups_,          searched_sizes_,
      scene_.boundary_groups(), &scene_.interactions(), partition_->owned_flags(), searched_held_};
}

void SearchStage::set_partition(const ContactPartition* partition) {
  partition_ = partition;
  followed_revision_.reset();
  search_.invalidate();
}

// The search's lists hold positions in the partition's list: a new list needs new lists.
void SearchStage::follow_partition() {
  if (followed_revision_ == partition_->revision()) return;
  const std::span<const int> searched = partition_->searched_bodies();
  searched_objects_.resize(searched.size());
  searched_groups_.clear();
  searched_sizes_.clear();
  searched_held_.clear();
  for (const int body : searched) {
    searched_groups_.push_back(scene_.body_groups()[static_cast<std::size_t>(body)]);
    searched_sizes_.push_back(scene_.body_sizes()[static_cast<std::size_t>(body)]);
    searched_held_.push_back(scene_.body_held()[static_cast<std::size_t>(body)]);
  }
  search_.invalidate();
  followed_revision_ = partition_->revision();
}

// Positions in the partition's list ascend with the body numbers, so pairs keep their order.
BodyPair SearchStage::body_numbers(BodyPair searched) const {
  if (!partition_) return searched;
  const std::span<const int> bodies = partition_->searched_bodies();
  searched.body_a = bodies[static_cast<std::size_t>(searched.body_a)];
  if (searched.body_b >= 0) searched.body_b = bodies[static_cast<std::size_t>(searched.body_b)];
  return searched;
}

const CandidateSet& SearchStage::find_candidates(const StepContext& ctx, bool inflate) {
  const SearchScene placed = place(ctx, inflate);
  if (scene_.settings().method == SearchMethod::AllPairs)
    brute_force_candidates(placed, candidates_);
  else
    search_.find(placed, candidates_, scene_.threads());
  if (partition_)
    for (CandidatePair& pair : candidates_.pairs) pair.id = body_numbers(pair.id);
  return candidates_;
}

}  // namespace polydem
