// The closed-form solutions of the degenerated local contact problems (paper
// §2.4.2, eqs. 34–36) as the contact points Γ_A, Γ_B themselves, on any scalar
// type, so that the contact element can differentiate through them. They are
// the same projections as contact/local (which decides validity and side);
// tests check that both agree. Included only by the contact element sources.
#pragma once

#include <array>

#include <Eigen/Geometry>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"
#include "src/core/rotation.hpp"

namespace polydem {

template <class S>
struct ContactPoints {
  Vec3T<S> on_a;  ///< Γ_A(c̄)
  Vec3T<S> on_b;  ///< Γ_B(c̄)
};

/// The parametrisation vertices of a sub-region, in body-frame coordinates.
struct RegionVertices {
  std::array<Vec3, 3> reference{};
  int count = 0;
};

inline RegionVertices region_vertices(const Shape& shape, SubRegion region) {
  RegionVertices v;
  const auto vertex = [&](int id) { return shape.mesh.vertices[static_cast<std::size_t>(id)]; };
  const auto index = static_cast<std::size_t>(region.index);
  switch (region.kind) {
    case SubRegionKind::Vertex:
      v.reference[0] = vertex(region.index);
      v.count = 1;
      break;
    case SubRegionKind::Edge:
      for (int k = 0; k < 2; ++k)
        v.reference[static_cast<std::size_t>(k)] =
            vertex(shape.edges[index].vertices[static_cast<std::size_t>(k)]);
      v.count = 2;
      break;
    case SubRegionKind::Face:
      for (int k = 0; k < 3; ++k)
        v.reference[static_cast<std::size_t>(k)] =
            vertex(shape.faces[index].vertices[static_cast<std::size_t>(k)]);
      v.count = 3;
      break;
  }
  return v;
}

/// Orthogonal projection of p onto the plane of (x1, x2, x3) (vertex–face, eq. 34).
template <class S>
Vec3T<S> project_onto_plane(const Vec3T<S>& p, const Vec3T<S>& x1, const Vec3T<S>& x2,
                            const Vec3T<S>& x3) {
  const Vec3T<S> m = (x2 - x1).cross(x3 - x1);
  return p - ((p - x1).dot(m) / m.squaredNorm()) * m;
}

/// Orthogonal projection of p onto the line through (x1, x2) (vertex–edge, eq. 36).
template <class S>
Vec3T<S> project_onto_line(const Vec3T<S>& p, const Vec3T<S>& x1, const Vec3T<S>& x2) {
  const Vec3T<S> e = x2 - x1;
  return x1 + ((p - x1).dot(e) / e.squaredNorm()) * e;
}

/// Closest points of the lines through (a1, a2) and (b1, b2) (edge–edge, eq. 35).
/// Precondition: the lines are not parallel (contact/local reports that case).
template <class S>
ContactPoints<S> closest_points_of_lines(const Vec3T<S>& a1, const Vec3T<S>& a2, const Vec3T<S>& b1,
                                         const Vec3T<S>& b2) {
  const Vec3T<S> ea = a2 - a1;
  const Vec3T<S> eb = b2 - b1;
  const Vec3T<S> w = a1 - b1;
  const S aa = ea.dot(ea), ab = ea.dot(eb), bb = eb.dot(eb), aw = ea.dot(w), bw = eb.dot(w);
  const S determinant = aa * bb - ab * ab;
  const S s = (ab * bw - bb * aw) / determinant;
  const S t = (aa * bw - ab * aw) / determinant;
  return {a1 + s * ea, b1 + t * eb};
}

/// Γ_A and Γ_B of the pair, from the world positions of each region's vertices.
template <class S>
ContactPoints<S> degenerated_contact_points(SubRegionKind kind_a, const std::array<Vec3T<S>, 3>& xa,
                                            SubRegionKind kind_b,
                                            const std::array<Vec3T<S>, 3>& xb) {
  using K = SubRegionKind;
  if (kind_a == K::Vertex && kind_b == K::Face)
    return {xa[0], project_onto_plane(xa[0], xb[0], xb[1], xb[2])};
  if (kind_a == K::Face && kind_b == K::Vertex)
    return {project_onto_plane(xb[0], xa[0], xa[1], xa[2]), xb[0]};
  if (kind_a == K::Vertex && kind_b == K::Edge)
    return {xa[0], project_onto_line(xa[0], xb[0], xb[1])};
  if (kind_a == K::Edge && kind_b == K::Vertex)
    return {project_onto_line(xb[0], xa[0], xa[1]), xb[0]};
  if (kind_a == K::Edge && kind_b == K::Edge)
    return closest_points_of_lines(xa[0], xa[1], xb[0], xb[1]);
  return {xa[0], xb[0]};  // vertex–vertex
}

}  // namespace polydem
