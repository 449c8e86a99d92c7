#include "contact/geometry/mass_properties.hpp"

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "contact/geometry/mesh_edges.hpp"
#include "contact/geometry/mesh_geometry.hpp"

namespace polydem {

MassProperties mass_properties(const TriangleMesh& mesh, double density) {
  // Sums are taken about the box centre so that a mesh far from the origin
  // keeps its digits.
  const BoundingBox box = bounding_box(mesh);
  const Vec3 reference = (box.min + box.max) / 2;
  // ∫ x xᵀ dV over the unit tetrahedron (0, e1, e2, e3), divided by det = 1.
  Mat3 unit_covariance;
  unit_covariance << 2, 1, 1, 1, 2, 1, 1, 1, 2;
  unit_covariance /= 120.0;

  double volume = 0;
  Vec3 first_moment = Vec3::Zero();
  Mat3 covariance = Mat3::Zero();  // ∫ x xᵀ dV about `reference`
  for (const auto& tri : mesh.triangles) {
    if (!has_valid_indices(mesh, tri)) continue;  // reported by check_mesh
    Mat3 corners;
    for (int k = 0; k < 3; ++k) corners.col(k) = mesh.vertices[tri[k]] - reference;
    double det = corners.determinant();
    volume += det / 6;
    first_moment += det / 24 * corners.rowwise().sum();
    covariance += det * corners * unit_covariance * corners.transpose();
  }

  MassProperties result;
  result.volume = volume;
  result.mass = density * volume;
  if (volume == 0) return result;
  Vec3 centroid = first_moment / volume;
  result.centre_of_mass = reference + centroid;
  Mat3 central_covariance = covariance - volume * centroid * centroid.transpose();
  result.inertia = density * (central_covariance.trace() * Mat3::Identity() - central_covariance);
  return result;
}

}  // namespace polydem
