// A boundary: a rigid triangulated surface without DOFs (ground, box walls),
// fixed or moved by a prescribed translation x(t) = x0 + s(t)·d (paper §3: the
// boundary is triangulated like the bodies and the body-to-boundary interaction
// is treated like body-to-body). Its motion is known, so a contact with it
// couples only the body's six DOFs.
#pragma once

#include <memory>
#include <string>

#include "contact/geometry/shape.hpp"
#include "src/core/time_function.hpp"

namespace polydem {

struct BoundarySurface {
  std::string name;
  std::shared_ptr<const Shape> shape;  ///< vertices relative to `position`, axes of `rotation`
  Vec3 position = Vec3::Zero();        ///< x0 (m)
  Mat3 rotation = Mat3::Identity();
  Vec3 displacement = Vec3::Zero();  ///< d (m): the translation at s = 1
  TimeFunction displacement_scale = TimeFunction::constant(0.0);  ///< s(t)
  int group = 0;
  bool active = true;  ///< takes part in contact (actions switch it)

  Vec3 position_at(double time) const { return position + displacement_scale(time) * displacement; }
};

}  // namespace polydem
