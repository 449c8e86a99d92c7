// A force and a moment about some point, both in the global frame: what a list
// of loads, a contact or a constraint reduces to at a body's pole. Templated on
// the scalar so that elements can carry derivatives through it.
#pragma once

#include "src/core/types.hpp"

namespace polydem {

template <class S>
struct Wrench {
  Vec3T<S> force = Vec3T<S>::Zero();
  Vec3T<S> moment = Vec3T<S>::Zero();  ///< about the frame's origin, global frame
};

}  // namespace polydem
