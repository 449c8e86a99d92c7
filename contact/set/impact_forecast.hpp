// The energy an impact would cost a step, foreseen at configuration i.
//
// The Newmark step of average acceleration (β = 1/4, γ = 1/2) books a contact's
// work over a step by the trapezoidal rule along the gap it closes: the step's
// energy-balance error from a contact closing from g^i to g^{i+1} is
//
//   e = |Φ(g^{i+1}) − Φ(g^i) − ½ (f_n(g^i) + f_n(g^{i+1})) (g^i − g^{i+1})|
//
// (paper eq. 53's f_n, Φ its stored energy). Inside the skin the barrier's
// f_n'' is large, so a step that jumps deep into it breaks the step's energy
// test and is repeated with a smaller Δt. A contact that closes at −ġ_n^i goes
// on to g^i + ġ_n^i Δt, but no deeper than where its stored energy would take
// the relative kinetic energy ½ m* (ġ_n^i)² of the pair (its stop): the
// forecast sums e, with its sign, over the contacts closing or opening at i
// and finds a Δt that keeps the sum within a budget, so that the step that meets an impact is short
// from the start instead of rejected first.
#pragma once

#include <vector>

#include "contact/contact_partition.hpp"
#include "contact/law/normal_law.hpp"
#include "contact/pair/contact_pair_element.hpp"

namespace polydem {

/// 48 bytes: a forecast holds one per contact near closing, at the step's peak heap.
struct ClosingContact {
  const NormalLaw* law = nullptr;
  double gap = 0;       ///< g_n^i (m)
  double force = 0;     ///< f_n(g_n^i) (N)
  double stored = 0;    ///< Φ(g_n^i) (J)
  double speed = 0;     ///< −ġ_n^i: how fast it closes (m/s; < 0: opens)
  double stop_gap = 0;  ///< the gap its relative kinetic energy can reach (m)
};

class ImpactForecast {
 public:
  /// A contact that closes or opens less than this fraction of its skin in a step
  /// foretells no error worth its LCP: e ~ f_n''·(|ġ_n| Δt)³/12.
  static constexpr double kNegligibleClosure = 1e-4;

  /// A contact at gap g_n^i closing at `speed`, the pair's effective mass `mass`.
  void add(const NormalLaw& law, double gap, double speed, double mass, double dt);
  /// The contacts of `element` at configuration i (`at_i`: zero increments,
  /// at_step_start) within its skin plus `travel`, the most its sides may close
  /// in the step (m), each at its approach speed.
  void add_pair(const ContactPairElement& element, const StepContext& at_i, double travel);
  /// Room for `contacts` without growing (a doubling vector holds 1.5 times its
  /// contents while it moves them, at the step's peak heap).
  void reserve(std::size_t contacts) { closing_.reserve(contacts); }
  bool empty() const { return closing_.empty(); }
  std::size_t size() const { return closing_.size(); }
  /// The energy-balance error these contacts foretell for a step Δt (J): the size
  /// of the sum of their errors, whose signs differ between closing and opening.
  double error(double dt) const;
  /// A Δt' ≤ dt, to 1e-3 of dt, whose foretold error, summed over the processes of
  /// `partition` (none: this one's alone), stays within `budget` (J): dt itself
  /// where it does, else the bisection's between 0 and dt.
  double largest_step(double dt, double budget, const ContactPartition* partition) const;

 private:
  std::vector<ClosingContact> closing_;
};

}  // namespace polydem
