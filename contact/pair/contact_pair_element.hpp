// The contact element of a pair of bodies (12 DOFs) or of a body and a boundary
// (6 DOFs): the sum over its candidate sub-region pairs of the pointwise
// contacts (eq. 37). A candidate is active when its degenerated LCP is valid
// (§2.4.4), both points lie outside the other body (side test), g_n < ḡ_n
// (eq. 49), the concave-region hierarchy of §3.6 keeps it and its normal force
// is compressive (eq. 53). The candidate list is fixed for a step (what the
// search found at configuration i, plus night-owl additions), so the element's
// DOFs and the sparsity pattern stay fixed while Newton runs.
//
// Newton works on an active set: the candidates flagged `engaged` contribute,
// with a law that continues smoothly past the skin, and no others. Switching
// contacts on and off at every iterate made Newton cycle where contacts sit at
// the skin or separate under damping (the residual has kinks there);
// update_engaged() re-decides the set, early in a solve and again after it
// has converged, until the converged state and its active set agree.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "contact/boundary_surface.hpp"
#include "contact/pair/near_crossing.hpp"
#include "contact/pair/pointwise_contact.hpp"
#include "src/model/element.hpp"

namespace polydem {

class ContactPairElement;

/// One side of the element: a body (node index) or a boundary.
struct PairSide {
  int body = -1;                              ///< node index; -1 for a boundary
  const BoundarySurface* boundary = nullptr;  ///< set for a boundary
  const Shape* shape = nullptr;
  const BodyInertia* inertia = nullptr;  ///< the body's, held elsewhere; nullptr for a boundary
};

/// A candidate sub-region pair of the step, as every Newton iterate sees it.
/// Its configuration-i data (PointwiseStepData: the LCP solution at i, the
/// friction history) is made only when the candidate comes near: most
/// candidates of a pack never do.
struct Candidate {
  SubRegion region_a;
  SubRegion region_b;
  /// The primitives' distance at i, a lower bound of any valid g_n there; 0: unknown.
  double clearance_i = 0;
  mutable int data = -1;  ///< its PointwiseStepData, once made (a cache index)
  bool engaged = false;   ///< in the active set of the current Newton solve
};

/// Makes a candidate's configuration-i data (the contact set, which holds the histories).
class CandidateSource {
 public:
  virtual ~CandidateSource() = default;
  virtual PointwiseStepData step_data(const ContactPairElement& element, const StepContext& at_i,
                                      const SubRegion& region_a,
                                      const SubRegion& region_b) const = 0;
};

/// An active pointwise contact at some iterate: its candidate and LCP solution.
struct ActiveContact {
  int candidate = 0;
  LocalContact contact;
};

class ContactPairElement final : public Element {
 public:
  /// a is always a body; b a body or a boundary.
  ContactPairElement(PairSide a, PairSide b, std::shared_ptr<const Interaction> interaction);

  std::span<const int> dofs() const override { return {dofs_.data(), dof_count_}; }
  void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                Eigen::Ref<Eigen::MatrixXd> tangent) const override;
  void evaluate_residual(const StepContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> residual) const override;

  const PairSide& side_a() const { return a_; }
  const PairSide& side_b() const { return b_; }
  bool against_boundary() const { return b_.boundary != nullptr; }
  /// Bytes the element holds: itself and its candidates (summary.json's memory).
  std::size_t own_bytes() const {
    return sizeof(*this) + candidates_.capacity() * sizeof(Candidate);
  }
  /// Bytes its candidates' configuration-i data hold.
  std::size_t data_bytes() const { return data_.capacity() * sizeof(PointwiseStepData); }
  const Interaction& interaction() const { return *interaction_; }

  /// Empties the candidates for a step from configuration i (`at_i`: zero
  /// increments, its nodes alive for the step), whose poses bound how far the
  /// sides have moved since: a candidate whose primitives were farther apart
  /// at i (clearance_i) than the skin plus that travel cannot be in contact,
  /// and its LCP is not solved. `source` makes a candidate's data when needed.
  void start_candidates(const StepContext& at_i, const CandidateSource* source);
  /// The same candidates for a shorter attempt at the same step (`at_i` the same
  /// configuration i with the attempt's time and Δt).
  void retime_candidates(const StepContext& at_i) {
    at_i_.time = at_i.time;
    at_i_.dt = at_i.dt;
  }
  /// Appends a candidate (in sub-region order), its clearance taken at i.
  void add_candidate(const SubRegion& region_a, const SubRegion& region_b);
  /// Appends candidates (in sub-region order), the poses at i made once for all of them.
  void add_candidates(std::span<const std::pair<SubRegion, SubRegion>> regions);
  /// Adds candidates with their data made (night-owl newcomers), keeping the order.
  void insert_candidates(std::span<const PointwiseStepData> made);

  /// The step's candidates, sorted by sub-region pair.
  std::vector<Candidate>& candidates() { return candidates_; }
  const std::vector<Candidate>& candidates() const { return candidates_; }
  /// Candidate k's configuration-i data, made on first use (which may move the
  /// data of others: take no reference across calls). Not for concurrent use
  /// on one element (each element is evaluated by one thread at a time).
  const PointwiseStepData& step_data(int k) const;

  /// The sides at the iterate `ctx` (pose i and trial increments).
  ContactSide contact_side_a(const StepContext& ctx) const;
  ContactSide contact_side_b(const StepContext& ctx) const;

  /// The contacts at `ctx` that are geometrically in (valid, outside, 0 < g_n < ḡ_n,
  /// hierarchy), in candidate order.
  void collect_active(const StepContext& ctx, std::vector<ActiveContact>& active) const;

  /// The contacts of configuration i (`at_i`: zero increments, at_step_start: a boundary
  /// where the step starts) that are valid, outside and within the skin plus `reach`, after
  /// the hierarchy: what a step that freezes the contact geometry at i may meet
  /// (src/analysis/convex/). In candidate order.
  void collect_near(const StepContext& at_i, double reach, std::vector<ActiveContact>& near) const;

  /// Re-decides the engaged candidates at `ctx`: a contact that is in and pushes
  /// with more than `tolerance` (N) engages; an engaged one stays while it is
  /// valid, outside and pulls with less than `tolerance`. True when the set changed.
  bool update_engaged(const StepContext& ctx, double tolerance);

  /// True when some candidate crosses the other body between the iterates `from`
  /// and `to`: valid and outside at `from` but with reversed normal or inside at
  /// `to`; or valid, inside and within the skin at `to`; or (gap_reduction > 0)
  /// an active gap shrinking below gap_reduction times its value at `from`.
  /// With `crossing`, every such candidate's index is appended to it, not just the first found.
  bool crosses(const StepContext& from, const StepContext& to, double gap_reduction,
               std::vector<int>* crossing = nullptr) const;

  /// True when the sides' surfaces cannot meet at `ctx`: at configuration i
  /// their primitives were at least the smaller of the skin (what the search
  /// left out lay beyond it, less a boundary's motion over the step) and every
  /// candidate's clearance_i apart, and no point has travelled that far since.
  bool surfaces_apart(const StepContext& ctx) const;
  /// Whether the sides' surfaces cross at `ctx` (an edge through a face), decided
  /// from the candidates that were near enough at i to have met since
  /// (near_crossing.hpp); nullopt when the sides have travelled as far as
  /// `search_reach` since i (what the step's search left out was farther apart:
  /// ContactScene::search_reach), so that such a pair may have met as well.
  /// Assumes the surfaces did not cross at i.
  std::optional<bool> surfaces_cross_near(const StepContext& ctx, double search_reach) const;

  /// The pointwise outcomes of the active contacts at `ctx` (no tangent) under
  /// the paper's law: p clipped at zero (eq. 53), no force beyond the skin; with
  /// a shared pair mass each takes K over the engaged contacts and itself, as
  /// the residual and the active-set decisions do.
  void outcomes(const StepContext& ctx, std::span<const ActiveContact> active,
                std::vector<PointwiseOutcome>& outcomes) const;
  /// The engaged candidates whose LCP has a solution with g_n > 0 at `ctx`.
  void collect_engaged(const StepContext& ctx, std::vector<ActiveContact>& engaged) const;

 private:
  /// Both sides at one iterate: made once per pass over the pair (a pass asks for them
  /// in several places, and a pack's pairs make them millions of times).
  struct Sides {
    ContactSide a, b;
  };
  Sides sides_at(const StepContext& ctx) const {
    return {contact_side_a(ctx), contact_side_b(ctx)};
  }
  ContactSide make_side(const PairSide& side, const StepContext& ctx) const;
  /// `side` at configuration i, formed where needed rather than held: a pack has several
  /// pairs per body.
  RigidTrialState pose_i(const PairSide& side) const;
  void collect_active(const Sides& at, std::vector<ActiveContact>& active) const;
  /// The valid contacts outside the other body with 0 < g_n < `range`, in candidate order.
  void gather_within(const Sides& at, double range, std::vector<ActiveContact>& active) const;
  /// Drops those the hierarchy rules (§3.6) switch off among `active`.
  void keep_by_hierarchy(const Sides& at, std::vector<ActiveContact>& active) const;
  void collect_engaged(const Sides& at, std::vector<ActiveContact>& engaged) const;
  /// The step data of the engaged contacts at `at` (collect_engaged), in candidate
  /// order, in a buffer of the calling thread's.
  const std::vector<const PointwiseStepData*>& engaged_step_data(const Sides& at) const;
  /// Makes candidate k's data if it has none yet.
  void make_data(int k) const;
  /// Candidate k's data, made before.
  const PointwiseStepData& made(int k) const {
    return data_[static_cast<std::size_t>(candidates_[static_cast<std::size_t>(k)].data)];
  }
  /// Pointers to the data of every engaged candidate and of `also` (−1: none),
  /// in candidate order: the contacts that share the pair's mass.
  void sharing_with(int also, std::vector<const PointwiseStepData*>& sharing) const;
  /// The candidates whose clearance at i is within the sides' relative travel since
  /// (into `near`); false when that travel reaches `search_reach` less a boundary's
  /// move, so that a pair the search left out may have come as near.
  bool near_since_i(const Sides& at, double search_reach, std::vector<NearRegions>& near) const;
  /// How much any distance between a point of one side and a point of the other can
  /// have changed since configuration i (largest_relative_travel).
  double travel_since_i(const ContactSide& a, const ContactSide& b) const;
  bool stays_engaged(const StepContext& ctx, const Sides& at, int candidate,
                     const std::vector<ActiveContact>& in, double tolerance) const;
  /// p of the candidate evaluated as an engaged contact (unclipped, law continued).
  double engaged_pressure(const StepContext& ctx, const Sides& at, int candidate) const;

  PairSide a_;
  PairSide b_;
  std::shared_ptr<const Interaction> interaction_;
  std::array<int, 12> dofs_{};
  std::size_t dof_count_ = 0;
  std::vector<Candidate> candidates_;
  /// Made on first use; a vector keeps its capacity from step to step.
  mutable std::vector<PointwiseStepData> data_;
  const CandidateSource* source_ = nullptr;
  /// What the poses at configuration i are made from (make_side reads no more of a
  /// StepContext): 48 bytes where the whole context took 144, per pair (issue 29).
  struct PosesAtI {
    AnalysisType type = AnalysisType::Dynamic;
    double time = 0;
    double dt = 0;
    std::span<const NodeState> nodes;
    const Eigen::VectorXd* increments = nullptr;
    StepContext context() const;
  };
  PosesAtI at_i_;  ///< configuration i (start_candidates)
};

}  // namespace polydem
