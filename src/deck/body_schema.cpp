#include "src/deck/body_schema.hpp"

#include "src/params/declarations.hpp"

#include <algorithm>

#include <Eigen/Eigenvalues>

#include "src/params/param_format.hpp"
#include "src/params/param_set.hpp"

namespace polydem {
namespace {

// A physical inertia tensor has positive principal moments, each at most the
// sum of the other two (equality for a plate or a rod, hence the tolerance).
void check_inertia(const ParamSet& body) {
  Eigen::SelfAdjointEigenSolver<Mat3> solver(body.tensor("inertia"), Eigen::EigenvaluesOnly);
  Vec3 moments = solver.eigenvalues();
  double tolerance = 1e-9 * moments.cwiseAbs().sum();
  if (!(moments.minCoeff() > tolerance))
    throw body.error("inertia", "must be positive definite (principal moments " +
                                    format_real(moments[0]) + ", " + format_real(moments[1]) +
                                    ", " + format_real(moments[2]) + ")");
  for (int k = 0; k < 3; ++k)
    if (moments[k] > moments.sum() - moments[k] + tolerance)
      throw body.error("inertia", "principal moments " + format_real(moments[0]) + ", " +
                                      format_real(moments[1]) + ", " + format_real(moments[2]) +
                                      " violate the triangle inequality (each must be at most "
                                      "the sum of the other two)");
}

// Mass properties come from the deck (mass, inertia) or from a shape at a density.
void check_mass_source(const ParamSet& body) {
  const bool from_shape = body.real("density") > 0;
  if (from_shape && !body.has_value("shape"))
    throw body.error("density", "needs a `shape` to compute the mass properties from");
  for (const char* key : {"mass", "inertia"}) {
    if (from_shape && body.at(key).given)
      throw body.error(key, "is computed from shape and density; give one or the other");
    if (!from_shape && !body.has_value(key))
      throw body.error(key, "required key is missing (or give `shape` and `density`)");
  }
  if (from_shape && body.at("centre_of_mass").given)
    throw body.error("centre_of_mass", "is computed from shape and density; give one or the other");
}

void check_supports(const ParamSet& body) {
  const auto& prescribed = body.objects("prescribed");
  if (body.boolean("fixed") && !prescribed.empty())
    throw body.error("prescribed", "a fixed body cannot also have prescribed DOFs");
  for (std::size_t k = 0; k < prescribed.size(); ++k)
    for (std::size_t j = 0; j < k; ++j)
      if (prescribed[k].string("dof") == prescribed[j].string("dof"))
        throw prescribed[k].error("dof", "DOF '" + prescribed[k].string("dof") +
                                             "' is prescribed twice (first at " +
                                             prescribed[j].at("dof").mark.str() + ")");
}

}  // namespace

const std::vector<std::string>& dof_names() {
  static const std::vector<std::string> names = {"ux", "uy", "uz", "rx", "ry", "rz"};
  return names;
}

ObjectSchema body_params() {
  ObjectSchema schema{"body", "A rigid body. Vectors without a frame named are global."};
  schema.add_string("name", "Unique name of the body.").make_required();
  schema.add_real("mass", "Mass.")
      .with_unit("kg")
      .with_computed_default("from shape and density, otherwise required")
      .greater_than(0);
  schema
      .add("inertia", ParamType::SymTensor,
           "Inertia tensor about the centre of mass in body axes, as [Ixx, Iyy, Izz, Ixy, Ixz, "
           "Iyz] or a symmetric 3×3 nested list. Must be positive definite with principal "
           "moments satisfying the triangle inequality.")
      .with_unit("kg·m²")
      .with_computed_default("from shape and density, otherwise required");
  schema.add_vec3("centre_of_mass", "Centre of mass relative to the pole, body axes.")
      .with_unit("m")
      .with_computed_default("from shape and density, otherwise [0, 0, 0]");
  schema.add_vec3("position", "Initial pole position.")
      .with_unit("m")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("rotation", "Initial orientation as a rotation vector θ·e.")
      .with_unit("rad")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("velocity", "Initial pole velocity.")
      .with_unit("m/s")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("angular_velocity", "Initial angular velocity, global frame.")
      .with_unit("rad/s")
      .with_default(Vec3(Vec3::Zero()));
  schema
      .add_bool("fixed",
                "Hold all six DOFs at their initial values. Two fixed bodies never form a contact "
                "pair: a base of fixed blocks may touch.")
      .with_default(false);
  schema
      .add_string("shape",
                  "Name of its shape in `shapes`; without one the body takes no part in contact.")
      .with_computed_default("none");
  schema.add_real("density", "With a shape: mass, centre of mass and inertia are computed from it.")
      .with_unit("kg/m³")
      .with_default(0.0)
      .at_least(0);
  schema.add_string("group", "Contact group (see `contact.interactions`).")
      .with_default(std::string("default"));
  schema.add_object_list("prescribed", "prescribed", "Prescribed DOFs (not with `fixed: true`).")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("loads", "load", "Applied forces and moments.")
      .with_default(std::vector<ParamSet>{});
  schema
      .add_object_list("rigid_nodes", "rigid_node",
                       "Extra nodes tied rigidly to the body, to load it and follow its motion "
                       "at given points.")
      .with_default(std::vector<ParamSet>{});
  schema.complete = [](ParamSet& body) {
    check_mass_source(body);
    if (body.has_value("inertia")) check_inertia(body);
    check_supports(body);
  };
  return schema;
}

ObjectSchema prescribed_dof_params() {
  ObjectSchema schema{"prescribed",
                      "One prescribed DOF: the pole displacement (ux, uy, uz; m) or rotation "
                      "(rx, ry, rz; rad) follows value(t) − value(t_start) in each step."};
  schema.add_enum("dof", dof_names(), "The DOF.").make_required();
  schema.add_polymorphic("value", "time_function", "Its motion (m or rad).").make_required();
  return schema;
}

POLYDEM_DECLARE_OBJECT(body_params)
POLYDEM_DECLARE_OBJECT(prescribed_dof_params)

}  // namespace polydem
