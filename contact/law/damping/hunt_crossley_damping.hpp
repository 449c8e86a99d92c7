// The Hunt–Crossley dashpot: p = f_e (1 − (3/2) c ġ_n) with c in s/m. The
// damping scales with f_e, so p is continuous at first touch (f_e = 0 there)
// and needs no mass; c ≈ (1 − e)/v for restitution e at impact speed v.
//
// The deck's `{hunt_crossley: {coefficient: c}}`.
#pragma once

#include <memory>

#include "contact/law/normal_damping.hpp"

namespace polydem {

std::shared_ptr<const Dashpot> hunt_crossley_dashpot();

/// Coefficient c (s/m).
NormalDamping hunt_crossley_damping(double coefficient);

}  // namespace polydem
