// Deck values written as YAML in tests, read by the deck's own reader: a family
// member ("{box: {size: [1, 1, 1]}}"), and the shapes and boundaries it builds.
#pragma once

#include <cstdio>
#include <string>

#include "contact/geometry/mesh_families.hpp"
#include "src/deck/deck_data.hpp"
#include "src/deck/deck_schema.hpp"
#include "src/deck/param_reader.hpp"
#include "src/deck/yaml_tree.hpp"

namespace polydem::testing {

/// The member of `family` that the YAML value `yaml` declares, checked and
/// completed as in a deck.
inline ParamSet declared(const std::string& family, const std::string& yaml) {
  ObjectSchema holder{"holder", "a test's value"};
  holder.add_polymorphic("value", family, "the value").make_required();
  const YamlNode root = parse_yaml("value: " + yaml, "test");
  return read_object(root, holder, deck_registry(), "").object("value");
}

/// A shape named `name` with the geometry `yaml` ("{box: {size: [1, 1, 1]}}").
inline ShapeSpec shape_from(const std::string& name, const std::string& yaml) {
  ShapeSpec shape;
  shape.name = name;
  shape.geometry = declared("geometry", yaml);
  shape.mesh = shape_geometries().build(shape.geometry, MeshSource{});
  return shape;
}

/// A fixed boundary named `name` with the surface `yaml` ("{plane: {length_u: 1, length_v: 1}}").
inline BoundarySpec boundary_from(const std::string& name, const std::string& yaml) {
  BoundarySpec boundary;
  boundary.name = name;
  boundary.surface = declared("surface", yaml);
  boundary.mesh = boundary_surfaces().build(boundary.surface, MeshSource{});
  return boundary;
}

/// A number in YAML with every digit a double keeps.
inline std::string yaml_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

/// "[x, y, z]" with every digit a double keeps.
inline std::string yaml_vector(const Vec3& v) {
  return "[" + yaml_number(v.x()) + ", " + yaml_number(v.y()) + ", " + yaml_number(v.z()) + "]";
}

}  // namespace polydem::testing
