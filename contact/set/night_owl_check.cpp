#include "contact/set/night_owl_check.hpp"

#include <algorithm>
#include <tuple>

#include "contact/local/penetration.hpp"

namespace polydem {

namespace {

// A point now inside the other body that was outside it at configuration i
// went through its surface during the step, deeper than the skin if need be
// (a body struck during the step can outrun the travel its inflation allowed).
bool crossed_during_step(const ContactPairElement& element, const StepContext& at_i,
                         const SubRegionPair& regions) {
  const ContactSide a = element.contact_side_a(at_i);
  const ContactSide b = element.contact_side_b(at_i);
  const auto before =
      solve_local_contact_at({a.shape, a.trial}, regions.first, {b.shape, b.trial}, regions.second);
  return before && before->status != LcpStatus::NoSolution && before->outside;
}

}  // namespace

bool NightOwlCheck::newcomers_of(const StepContext& ctx, const StepContext& at_i,
                                 const CandidateSet& found, const CandidatePair& pair,
                                 const ContactPairElement& element,
                                 std::vector<PointwiseStepData>& newcomers) const {
  newcomers.clear();
  const ContactSide a = element.contact_side_a(ctx);
  const ContactSide b = element.contact_side_b(ctx);
  const PosedBody posed_a = PosedBody::of({a.shape, a.trial});
  const PosedBody posed_b = PosedBody::of({b.shape, b.trial});
  const auto& known = element.candidates();
  for (const SubRegionPair& regions : found.regions_of(pair)) {
    const auto seen = std::lower_bound(
        known.begin(), known.end(), regions, [](const Candidate& d, const SubRegionPair& r) {
          return std::tie(d.region_a, d.region_b) < std::tie(r.first, r.second);
        });
    if (seen != known.end() && seen->region_a == regions.first && seen->region_b == regions.second)
      continue;
    const auto contact = solve_local_contact_at(posed_a, regions.first, posed_b, regions.second);
    if (!contact || !contact->valid()) continue;
    const bool inside_skin = contact->normal_gap < pair.skin;
    if ((inside_skin || (!contact->outside && crossed_during_step(element, at_i, regions))) &&
        penetrates(posed_a, posed_b, *contact))
      return false;
    if (!inside_skin) continue;
    if (!contact->outside) continue;  // behind a far face of a non-convex body, yet apart
    newcomers.push_back(source_.step_data(element, at_i, regions.first, regions.second));
  }
  return true;
}

StepVerdict NightOwlCheck::check(const StepContext& ctx, const StepContext& at_i) {
  added_elements_ = false;
  const CandidateSet& found = search_.find_candidates(ctx, false);
  const std::size_t count = found.pairs.size();
  // Elements for pairs the step did not have are made first: making one is not thread-safe.
  created_.resize(count);
  element_of_.resize(count);
  if (newcomers_.size() < count) newcomers_.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    element_of_[k] = pairs_.find(found.pairs[k].id);
    created_[k].reset();
    if (element_of_[k]) continue;
    element_of_[k] = (created_[k] = pairs_.make(found.pairs[k].id)).get();
    element_of_[k]->start_candidates(at_i, &source_);
  }
  bool penetration = false;
  newcomer_threads_.follow_threads(search_.threads());
  newcomer_threads_.run(static_cast<long>(count), [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team) reduction(|| : penetration)
    for (std::size_t k = 0; k < count; ++k)
      penetration =
          !newcomers_of(ctx, at_i, found, found.pairs[k], *element_of_[k], newcomers_[k]) ||
          penetration;
    return static_cast<long>(count);
  });
  if (penetration) return StepVerdict::Penetration;

  bool missed = false;
  for (std::size_t k = 0; k < count; ++k) {
    if (newcomers_[k].empty()) continue;
    missed = true;
    element_of_[k]->insert_candidates(newcomers_[k]);
    if (created_[k]) {
      pairs_.insert(found.pairs[k].id, std::move(created_[k]));
      added_elements_ = true;
    }
  }
  if (!missed) return StepVerdict::Accept;
  pairs_.refresh_views();
  ++count_;
  return StepVerdict::NightOwl;
}

}  // namespace polydem
