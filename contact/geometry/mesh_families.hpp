// Where meshes come from in a deck: the geometry of a particle shape
// (`shapes[].geometry`) and the surface of a boundary (`boundaries[].surface`).
// Each is a polymorphic deck family whose members (shapes/, surfaces/) declare
// their keys and build a triangle mesh in their own file, and register there.
#pragma once

#include <filesystem>
#include <string>

#include "contact/geometry/triangle_mesh.hpp"
#include "src/params/family.hpp"

namespace polydem {

/// What a member needs from where it is declared: files a deck names are
/// relative to the deck's folder.
struct MeshSource {
  std::filesystem::path folder;

  /// `file` as named in the deck, resolved against `folder` unless absolute.
  std::string resolve(const std::string& file) const;
};

/// The family `geometry`: closed, outward meshes of particle shapes, in the body frame.
Family<TriangleMesh, MeshSource>& shape_geometries();
/// The family `surface`: one-sided sheets facing the bodies (boundary_surfaces.hpp).
Family<TriangleMesh, MeshSource>& boundary_surfaces();

/// The keys of a mesh read from a file (`file`, `scale`), shared by the members that read one.
void add_mesh_file_keys(ObjectSchema& schema);
/// The mesh those keys name, scaled.
TriangleMesh read_mesh_file(const ParamSet& set, const MeshSource& source);

}  // namespace polydem
