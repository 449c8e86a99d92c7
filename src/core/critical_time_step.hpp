// The critical step of central differences (central_difference.hpp) for a
// mass on a spring, the quantity the explicit step is a safety fraction of
// and the implicit step is compared with.
//
// For m ẍ + c ẋ + k x = 0 the scheme is stable for
//   Δt ≤ 2/ω (√(1 + ζ²) − ζ),   ω = √(k/m),  ζ = c/(2√(k m))
// (Belytschko, Liu & Moran, Nonlinear Finite Elements, §6.2): 2√(m/k)
// undamped, shorter with damping. A contact law that is not linear enters
// with its tangent stiffness k = |df_n/dg| at the gap in question.
#pragma once

namespace polydem {

/// 2√(m/k)(√(1 + ζ²) − ζ) (s); mass (kg) and stiffness (N/m) positive, ζ ≥ 0.
double critical_time_step(double mass, double stiffness, double damping_ratio = 0.0);

}  // namespace polydem
