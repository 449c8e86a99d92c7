// The critical step of central differences for the contacts a model can have:
// the reference the explicit integrator takes a safety fraction of, and the
// step the implicit solver's Δt is compared with (issue 8).
//
// Per free body with a shape, and per interaction its group has, the critical
// step 2√(m/k)(√(1+ζ²) − ζ) (critical_time_step.hpp) of:
//  - k: the tangent stiffness |df_n/dg| of the hybrid law at the barrier
//    switch g = f·ḡ_n, the largest part (i) reaches (ε1 for n1 = 1, and
//    n1 ε1 ((1 − f)ḡ_n)^(n1−1) otherwise), or the friction stiffness ε_t if
//    that is larger. Deeper, in the barrier, k grows without bound; the
//    explicit integrator limits its step there by the contacts it meets.
//  - m: the body's mass against a boundary; half of it against another body
//    (the effective mass m_a m_b/(m_a + m_b) of two equal bodies).
//  - ζ: the interaction's damping ratio (eq. 52).
// The smallest over the model. Several contacts on one body, and rocking
// modes, make the body stiffer than one contact: that is what the explicit
// integrator's safety fraction covers.
#pragma once

#include <limits>
#include <string>

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

struct CriticalStep {
  double step = std::numeric_limits<double>::infinity();  ///< s; ∞ when nothing can touch
  std::string body;                                       ///< the body that sets it
  double mass = 0;                                        ///< kg, effective
  double stiffness = 0;                                   ///< N/m
  double damping_ratio = 0;
};

CriticalStep contact_critical_step(const Model& model, const DeckData& deck);

}  // namespace polydem
