#include "src/analysis/body_placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <numbers>
#include <random>
#include <unordered_map>

#include "contact/geometry/mass_properties.hpp"
#include "src/core/rotation.hpp"
#include "src/deck/placement_schema.hpp"
#include "src/io/csv_reader.hpp"
#include "src/io/text_format.hpp"

namespace polydem {
namespace {

CsvLimits csv_limits(const PlacementLimits& limits) {
  return {limits.max_file_bytes, limits.max_line_bytes, limits.max_field_bytes};
}

// The first eight are required; the last six (pole velocity, angular velocity) come all
// together or not at all, and then replace the file's velocities for that body.
constexpr std::size_t kRequiredColumns = 8;
const std::array<std::string, 14> kColumns = {"name", "shape", "x",  "y",  "z",  "rx", "ry",
                                              "rz",   "vx",    "vy", "vz", "wx", "wy", "wz"};
constexpr std::size_t kAbsent = std::string::npos;
using ColumnPositions = std::array<std::size_t, kColumns.size()>;

BodySpec from_template(const BodyTemplate& t, std::string name, std::string shape,
                       const SourceMark& mark) {
  BodySpec body;
  body.name = std::move(name);
  body.shape = std::move(shape);
  body.density = t.density;
  body.group = t.group;
  body.velocity = t.velocity;
  body.angular_velocity = t.angular_velocity;
  body.mark = mark;
  return body;
}

/// Column index of every kColumns name in the header (kAbsent for velocities not given).
ColumnPositions column_positions(const std::vector<std::string>& header, const SourceMark& at) {
  ColumnPositions positions{};
  std::size_t velocities = 0;
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    positions[c] = csv_column(header, kColumns[c]);
    if (c >= kRequiredColumns) velocities += positions[c] != kAbsent;
    if (c < kRequiredColumns && positions[c] == kAbsent)
      throw InputError(at.str() + ": the header lacks the column '" + kColumns[c] +
                       "' (columns: name, shape, x, y, z, rx, ry, rz)");
  }
  if (velocities != 0 && velocities != kColumns.size() - kRequiredColumns)
    throw InputError(at.str() +
                     ": the velocity columns vx, vy, vz, wx, wy, wz come all six together or "
                     "not at all");
  return positions;
}

/// Uniform in [0, 1) from the generator's bits: unlike std::uniform_real_distribution,
/// the same on every standard library, so packings are reproducible everywhere.
double uniform(std::mt19937_64& engine) { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }

/// A uniformly random rotation (Shoemake's method) as a rotation vector.
Vec3 random_rotation(std::mt19937_64& engine) {
  const double u1 = uniform(engine), u2 = uniform(engine), u3 = uniform(engine);
  const double two_pi = 2 * std::numbers::pi;
  const Eigen::Quaterniond q(
      std::sqrt(u1) * std::cos(two_pi * u3), std::sqrt(1 - u1) * std::sin(two_pi * u2),
      std::sqrt(1 - u1) * std::cos(two_pi * u2), std::sqrt(u1) * std::sin(two_pi * u3));
  return quaternion_to_rotation_vector(q.normalized());
}

void check_unique_names(const std::vector<BodySpec>& bodies) {
  std::unordered_map<std::string, const BodySpec*> seen;
  for (const BodySpec& body : bodies) {
    auto [found, inserted] = seen.emplace(body.name, &body);
    if (!inserted)
      throw InputError(body.mark.str() + ": body name '" + body.name +
                       "' is used twice (first at " + found->second->mark.str() + ")");
  }
}

// One body of a body file from the fields of its line.
BodySpec body_of_line(const BodyFileSpec& spec, const ShapeLibrary& shapes,
                      const std::vector<std::string>& fields, const ColumnPositions& columns,
                      const SourceMark& at) {
  const std::string& name = columns[0] < fields.size() ? fields[columns[0]] : std::string();
  const std::string& shape = columns[1] < fields.size() ? fields[columns[1]] : std::string();
  if (name.empty()) throw InputError(at.str() + ": column 'name' is empty");
  if (!shapes.contains(shape))
    throw InputError(at.str() + ": column 'shape': no shape named " + quoted_excerpt(shape));
  BodySpec body = from_template(spec.body, name, shape, at);
  for (int k = 0; k < 3; ++k) {
    body.position[k] = csv_real(fields, columns[2 + k], kColumns[2 + k], at);
    body.rotation[k] = csv_real(fields, columns[5 + k], kColumns[5 + k], at);
  }
  if (columns[8] != kAbsent)
    for (int k = 0; k < 3; ++k) {
      body.velocity[k] = csv_real(fields, columns[8 + k], kColumns[8 + k], at);
      body.angular_velocity[k] = csv_real(fields, columns[11 + k], kColumns[11 + k], at);
    }
  return body;
}

}  // namespace

std::vector<BodySpec> read_body_file(const BodyFileSpec& spec, const ShapeLibrary& shapes,
                                     const PlacementLimits& limits) {
  std::ifstream in(spec.file, std::ios::binary);
  if (!in) throw InputError(spec.mark.str() + ": cannot open the body file '" + spec.file + "'");
  CsvLineReader lines(in, csv_limits(limits));
  std::string line;
  SourceMark at{spec.file, 1, 0};
  if (!lines.next(line, at))
    throw InputError(at.str() + ": empty body file (a header line is needed)");
  const ColumnPositions columns =
      column_positions(split_csv_fields(line, at, csv_limits(limits)), at);
  std::vector<BodySpec> bodies;
  for (++at.line; lines.next(line, at); ++at.line) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (bodies.size() == static_cast<std::size_t>(limits.max_bodies))
      throw InputError(at.str() + ": more than " + std::to_string(limits.max_bodies) +
                       " bodies in one file");
    bodies.push_back(
        body_of_line(spec, shapes, split_csv_fields(line, at, csv_limits(limits)), columns, at));
  }
  return bodies;
}

double packing_gap(const DeckData& deck, const PackingSpec& spec, const Shape& shape) {
  if (spec.gap) return *spec.gap;
  // A skin relative to a pair's smaller body is largest for a pair of two of these bodies.
  const double size = std::cbrt(mass_properties(shape.mesh).volume);
  double gap = 0;
  for (const InteractionSpec& interaction : deck.contact.interactions)
    if (interaction.laws.normal &&
        (interaction.group_a == spec.body.group || interaction.group_b == spec.body.group))
      gap = std::max(gap, interaction.laws.normal->skin(size));
  return gap;
}

std::vector<BodySpec> pack_bodies(const PackingSpec& spec, const Shape& shape, double gap) {
  const double radius = shape.bounding_radius;
  const double cell = 2 * radius + gap;
  // The gap is kept from the box faces too: a boundary there must not start inside a barrier zone.
  const Vec3 room = spec.box_max - spec.box_min - Vec3::Constant(2 * (radius + gap));
  std::array<long, 3> cells{};
  for (int k = 0; k < 3; ++k)
    cells[static_cast<std::size_t>(k)] = room[k] < 0 ? 0 : static_cast<long>(room[k] / cell) + 1;
  const long capacity = cells[0] * cells[1] * cells[2];
  if (capacity < spec.count)
    throw InputError(spec.mark.str() + ": packing of '" + spec.shape +
                     "': " + std::to_string(spec.count) + " bodies of bounding diameter " +
                     format_shortest(2 * radius) +
                     " m (plus gap) do not fit "
                     "the box; at most " +
                     std::to_string(capacity));
  // The lattice is centred across the box (x, y) and starts at its bottom (z).
  Vec3 first = spec.box_min + Vec3::Constant(radius + gap);
  for (int k = 0; k < 2; ++k)
    first[k] +=
        0.5 * (room[k] - static_cast<double>(cells[static_cast<std::size_t>(k)] - 1) * cell);
  std::mt19937_64 engine(spec.seed);
  std::vector<BodySpec> bodies;
  bodies.reserve(static_cast<std::size_t>(spec.count));
  for (long n = 0; n < spec.count; ++n) {
    const long i = n % cells[0], j = (n / cells[0]) % cells[1], k = n / (cells[0] * cells[1]);
    BodySpec body =
        from_template(spec.body, spec.name_prefix + std::to_string(n + 1), spec.shape, spec.mark);
    body.position =
        first + cell * Vec3(static_cast<double>(i), static_cast<double>(j), static_cast<double>(k));
    body.rotation = random_rotation(engine);
    bodies.push_back(std::move(body));
  }
  return bodies;
}

std::vector<BodySpec> all_bodies(const DeckData& deck, const ShapeLibrary& shapes) {
  std::vector<BodySpec> bodies = deck.bodies;
  for (const BodyFileSpec& file : deck.body_files)
    for (BodySpec& body : read_body_file(file, shapes)) bodies.push_back(std::move(body));
  for (const PackingSpec& packing : deck.packings) {
    const Shape& shape = *shapes.at(packing.shape);
    for (BodySpec& body : pack_bodies(packing, shape, packing_gap(deck, packing, shape)))
      bodies.push_back(std::move(body));
  }
  for (const GroupVelocitySpec& group : deck.group_velocities)
    for (BodySpec& body : bodies)
      if (!body.shape.empty() && body.group == group.group) {
        body.velocity = group.velocity;
        body.angular_velocity = group.angular_velocity;
      }
  check_unique_names(bodies);
  return bodies;
}

std::string format_body_csv(const std::vector<BodySpec>& bodies, bool with_velocities) {
  std::string text = with_velocities ? "name,shape,x,y,z,rx,ry,rz,vx,vy,vz,wx,wy,wz\n"
                                     : "name,shape,x,y,z,rx,ry,rz\n";
  for (const BodySpec& body : bodies) {
    text += body.name + "," + body.shape;
    for (const Vec3* v : {&body.position, &body.rotation})
      for (int k = 0; k < 3; ++k) text += "," + format_shortest((*v)[k]);
    if (with_velocities)
      for (const Vec3* v : {&body.velocity, &body.angular_velocity})
        for (int k = 0; k < 3; ++k) text += "," + format_shortest((*v)[k]);
    text += "\n";
  }
  return text;
}

}  // namespace polydem
