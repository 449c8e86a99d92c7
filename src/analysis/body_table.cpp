#include "src/analysis/body_table.hpp"

#include <algorithm>
#include <set>

#include "contact/contact_set.hpp"
#include "src/analysis/body_resultants.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

std::vector<std::string> names_in(const std::string& list) {
  std::vector<std::string> names;
  std::string name;
  for (const char c : list + " ") {
    if (c == ',' || c == ' ' || c == '\t') {
      if (!name.empty()) names.push_back(name);
      name.clear();
    } else {
      name += c;
    }
  }
  return names;
}

constexpr const char* kSuffixes[] = {"x",  "y",  "z",  "rx", "ry", "rz", "vx", "vy", "vz",
                                     "wx", "wy", "wz", "fx", "fy", "fz", "mx", "my", "mz"};

}  // namespace

std::vector<std::size_t> tracked_bodies(const Model& model, const OutputSpec& output) {
  const std::vector<std::string> names = names_in(output.bodies);
  std::vector<std::size_t> tracked;
  if (names.size() == 1 && names[0] == "all") {
    for (std::size_t b = 0; b < model.bodies.size(); ++b) tracked.push_back(b);
    return tracked;
  }
  std::set<std::size_t> chosen;
  for (const std::string& name : names) {
    const auto found = std::find(model.body_names.begin(), model.body_names.end(), name);
    if (found == model.body_names.end())
      throw InputError(output.bodies_mark, "output.bodies",
                       "no body named '" + name.substr(0, 60) +
                           "' (bodies of packings and body files are named as `polydem pack` "
                           "lists them)");
    chosen.insert(static_cast<std::size_t>(found - model.body_names.begin()));
  }
  return {chosen.begin(), chosen.end()};
}

std::vector<std::string> body_table_columns(const Model& model,
                                            const std::vector<std::size_t>& tracked) {
  std::vector<std::string> columns = {"time"};
  for (const std::size_t b : tracked)
    for (const char* suffix : kSuffixes) columns.push_back(model.body_names[b] + "_" + suffix);
  return columns;
}

std::vector<double> body_table_row(const Model& model, const std::vector<std::size_t>& tracked,
                                   double time) {
  std::vector<Wrench<double>> contact(model.bodies.size());
  if (model.contact) contact = contact_resultants(model.contact->snapshot(), model.bodies.size());
  std::vector<double> row = {time};
  row.reserve(1 + 18 * tracked.size());
  for (const std::size_t b : tracked) {
    const RigidBody& body = *model.bodies[b];
    const NodeState& state = model.nodes[static_cast<std::size_t>(body.node())];
    const Vec3 centre = body.centre_of_mass(state);
    const Vec3 velocity = body.linear_momentum(state) / body.mass();
    const Vec3 rotation = quaternion_to_rotation_vector(state.rotation);
    const Vec3 force = contact[b].force;
    const Vec3 moment = contact[b].moment - centre.cross(force);  // about the centre of mass
    for (const Vec3* v : {&centre, &rotation, &velocity, &state.angular_velocity, &force, &moment})
      row.insert(row.end(), {v->x(), v->y(), v->z()});
  }
  return row;
}

}  // namespace polydem
