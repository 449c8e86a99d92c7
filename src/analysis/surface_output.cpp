#include "src/analysis/surface_output.hpp"

#include <utility>

namespace polydem {
namespace {

void append_surface(VtuMesh& mesh, DataArray& owner, const Shape& shape, const Vec3& position,
                    const Mat3& rotation, double id) {
  const auto first = static_cast<std::int64_t>(mesh.points.size());
  for (const Vec3& x : shape.mesh.vertices) mesh.points.push_back(position + rotation * x);
  for (const auto& t : shape.mesh.triangles) {
    mesh.add_cell(VtkCellType::triangle, {first + t[0], first + t[1], first + t[2]});
    owner.values.push_back(id);
  }
}

}  // namespace

VtuMesh surfaces_mesh(const Model& model, double time) {
  VtuMesh mesh;
  DataArray owner{"body", 1, {}};
  const ContactSet& contact = *model.contact;
  for (std::size_t b = 0; b < contact.bodies().size(); ++b) {
    const ContactBody& body = contact.bodies()[b];
    if (!body.shape) continue;
    const NodeState& state = model.nodes[b];
    append_surface(mesh, owner, *body.shape, state.position, state.rotation.toRotationMatrix(),
                   static_cast<double>(b));
  }
  for (std::size_t s = 0; s < contact.boundaries().size(); ++s) {
    const BoundarySurface& boundary = contact.boundaries()[s];
    if (boundary.active)
      append_surface(mesh, owner, *boundary.shape, boundary.position_at(time), boundary.rotation,
                     -1.0 - static_cast<double>(s));
  }
  mesh.cell_data.push_back(std::move(owner));
  return mesh;
}

}  // namespace polydem
