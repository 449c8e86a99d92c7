// The contact element of a pair of bodies (12 DOFs) or of a body and a boundary
// (6 DOFs): the sum over its candidate sub-region pairs of the pointwise
// contacts (eq. 37). At every Newton iterate a candidate is active when its
// degenerated LCP is valid (§2.4.4), both points lie outside the other body
// (side test), g_n < ḡ_n (eq. 49) and the concave-region hierarchy of §3.6
// keeps it. The candidate list is fixed for a step (it is what the search
// found at configuration i, plus night-owl additions), so the element's DOFs
// and the sparsity pattern stay fixed while Newton runs.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "contact/boundary_surface.hpp"
#include "contact/pair/pointwise_contact.hpp"
#include "elements/element.hpp"

namespace polydem {

/// One side of the element: a body (node index) or a boundary.
struct PairSide {
  int body = -1;                              ///< node index; -1 for a boundary
  const BoundarySurface* boundary = nullptr;  ///< set for a boundary
  const Shape* shape = nullptr;
  double mass = 0;
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

  const PairSide& side_a() const { return a_; }
  const PairSide& side_b() const { return b_; }
  bool against_boundary() const { return b_.boundary != nullptr; }
  const Interaction& interaction() const { return *interaction_; }

  /// The step's candidates with their configuration-i data, sorted by sub-region pair.
  std::vector<PointwiseStepData>& candidates() { return candidates_; }
  const std::vector<PointwiseStepData>& candidates() const { return candidates_; }

  /// The sides at the iterate `ctx` (pose i and trial increments).
  ContactSide contact_side_a(const StepContext& ctx) const;
  ContactSide contact_side_b(const StepContext& ctx) const;

  /// The active contacts at `ctx` (valid, outside, g_n < ḡ_n, hierarchy), in candidate order.
  void collect_active(const StepContext& ctx, std::vector<ActiveContact>& active) const;

  /// True when some candidate crosses the other body between the iterates `from`
  /// and `to`: valid and outside at `from` but with reversed normal or inside at
  /// `to`; or valid, inside and within the skin at `to`; or (gap_reduction > 0)
  /// an active gap shrinking below gap_reduction times its value at `from`.
  bool crosses(const StepContext& from, const StepContext& to, double gap_reduction) const;

  /// The pointwise outcome of one candidate at `ctx` (no tangent).
  PointwiseOutcome outcome(const StepContext& ctx, int candidate) const;

 private:
  ContactSide make_side(const PairSide& side, const StepContext& ctx) const;

  PairSide a_;
  PairSide b_;
  std::shared_ptr<const Interaction> interaction_;
  std::array<int, 12> dofs_{};
  std::size_t dof_count_ = 0;
  std::vector<PointwiseStepData> candidates_;
};

}  // namespace polydem
