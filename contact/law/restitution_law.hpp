// A coefficient of restitution that depends on the approach speed v at the
// onset of a contact event:
//
//   e(v) = e_min                         v < v_capture   (captured: the contact hardly rebounds)
//        = e0                            v_capture ≤ v ≤ v_yield
//        = max(e_min, e0 (v_yield/v)^¼)  v > v_yield     (plastic: Johnson 1985, Thornton 1997)
//
// v_capture = 0 and no v_yield give the constant e0. The interaction turns e(v)
// into the dashpot coefficient of each contact event through the impact
// calibration of its law (impact_calibration.hpp).
#pragma once

namespace polydem {

struct RestitutionParams {
  double coefficient = 1;    ///< e0, in (0, 1]
  double capture_speed = 0;  ///< v_capture (m/s)
  double yield_speed = 0;    ///< v_yield (m/s); 0: no plastic decay
  double minimum = 0.02;     ///< e_min ≤ e0, > 0
};

/// e(v) for the approach speed v ≥ 0 (a negative v counts as 0).
double restitution_at(const RestitutionParams& params, double approach_speed);

}  // namespace polydem
