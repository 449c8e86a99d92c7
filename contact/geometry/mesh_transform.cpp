#include "contact/geometry/mesh_transform.hpp"

#include <Eigen/Geometry>
#include <cmath>

#include "src/core/errors.hpp"

namespace polydem {

Mat3 MeshTransform::rotation() const {
  const Vec3 radians = rotation_degrees * (M_PI / 180);
  return (Eigen::AngleAxisd(radians.z(), Vec3::UnitZ()) *
          Eigen::AngleAxisd(radians.y(), Vec3::UnitY()) *
          Eigen::AngleAxisd(radians.x(), Vec3::UnitX()))
      .toRotationMatrix();
}

TriangleMesh transformed(TriangleMesh mesh, const MeshTransform& transform) {
  if (!(transform.scale > 0) || !std::isfinite(transform.scale))
    throw InputError(SourceMark{"mesh transform"}, "scale", "must be positive and finite");
  const Mat3 rotation = transform.rotation();
  for (Vec3& p : mesh.vertices) p = rotation * (transform.scale * p) + transform.translation;
  return mesh;
}

}  // namespace polydem
