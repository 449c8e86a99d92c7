// Volume, centre of mass and inertia of a closed, outward-oriented triangle
// mesh of uniform density, by the divergence theorem: the solid is the signed
// sum of the tetrahedra (c, a, b, d) that each triangle (a, b, d) spans with a
// reference point c, and each tetrahedron's second moments follow in closed
// form from its affine map onto the unit tetrahedron (Tonon 2004, J. Math. Stat.
// 1(1) "Explicit exact formulas for the 3-D tetrahedron inertia tensor"; the
// same integrals as Mirtich 1996 / Eberly's polyhedral mass properties).
#pragma once

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

struct MassProperties {
  double volume = 0;
  double mass = 0;
  Vec3 centre_of_mass = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();  ///< about the centre of mass, in the mesh axes
};

/// Mass properties at `density`. The mesh must be closed and outward oriented
/// (mesh_checks.hpp); an inward mesh gives a negative volume.
MassProperties mass_properties(const TriangleMesh& mesh, double density = 1.0);

}  // namespace polydem
