// Decks with contact built in code for the contact tests: boxes on a ground
// plane, and an observer that records the contact snapshot after every step.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "contact/geometry/convex_hull.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/analysis_fixtures.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/law_fixtures.hpp"

namespace polydem::testing {

inline InteractionSpec interaction(const std::string& a, const std::string& b,
                                   const NormalLawParams& normal, double damping_ratio = 0.0,
                                   const FrictionParams& friction = {}) {
  InteractionSpec spec;
  spec.group_a = a;
  spec.group_b = b;
  spec.normal = declared("normal_law", hybrid_yaml(normal));
  spec.laws = interaction_laws(normal, viscous_damping(damping_ratio), friction);
  return spec;
}

inline ShapeSpec box_shape(const std::string& name, const Vec3& size) {
  return shape_from(name, "{box: {size: " + yaml_vector(size) + "}}");
}

/// A sphere-like polyhedron of radius r: the convex hull of an octahedron whose
/// faces are split n×n and pushed onto the sphere, written as an OBJ file into
/// the build tree. Vertices at ±r on the axes: it stands on one vertex under its centre.
inline ShapeSpec sphere_like_shape(const std::string& name, double radius, int n = 4) {
  std::vector<Vec3> points;
  for (int sx : {-1, 1})
    for (int sy : {-1, 1})
      for (int sz : {-1, 1})
        for (int i = 0; i <= n; ++i)
          for (int j = 0; i + j <= n; ++j) {
            if ((i == 0 && sx < 0) || (j == 0 && sy < 0) || (i + j == n && sz < 0)) continue;
            const Vec3 p(sx * i, sy * j, sz * (n - i - j));
            points.push_back(radius * p.normalized());
          }
  const TriangleMesh hull = make_convex_hull(points);
  const auto path = std::filesystem::path(POLYDEM_BINARY_DIR) / (name + ".obj");
  std::ofstream obj(path);
  obj.precision(17);
  for (const Vec3& v : hull.vertices) obj << "v " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  for (const auto& t : hull.triangles)
    obj << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
  obj.close();
  return shape_from(name, "{mesh: {file: '" + path.string() + "'}}");
}

inline BodySpec shaped_body(const std::string& name, const std::string& shape, double density,
                            const Vec3& position, const Vec3& rotation = Vec3::Zero()) {
  BodySpec body;
  body.name = name;
  body.shape = shape;
  body.density = density;
  body.position = position;
  body.rotation = rotation;
  return body;
}

inline BoundarySpec ground_plane(double size = 10.0) {
  return boundary_from("ground", "{plane: {length_u: " + yaml_number(size) +
                                     ", length_v: " + yaml_number(size) + "}}");
}

/// One dynamic step with the given bodies (all with shapes), a ground plane and laws.
inline DeckData contact_deck(std::vector<BodySpec> bodies, std::vector<ShapeSpec> shapes,
                             std::vector<InteractionSpec> interactions, double end_time, double dt,
                             const Vec3& gravity = Vec3(0, 0, -9.81)) {
  DeckData deck = single_step_deck(bodies.front(), end_time, dt, gravity);
  deck.bodies = std::move(bodies);
  deck.shapes = std::move(shapes);
  deck.boundaries = {ground_plane()};
  deck.contact.interactions = std::move(interactions);
  deck.steps[0].dt.min = dt * 1e-5;
  deck.steps[0].newton.residual_tolerance = 1e-9;
  deck.steps[0].newton.increment_tolerance = 1e-10;
  return deck;
}

/// Records every accepted step, with the contact snapshot after it.
class ContactRecorder final : public AnalysisObserver {
 public:
  explicit ContactRecorder(const Model& model) : inner(model) {}

  void step_accepted(const Model& model, const StepRecord& record) override {
    inner.step_accepted(model, record);
    const ContactSnapshot& s = model.contact->snapshot();
    snapshots.push_back(s);
    for (const ContactRecord& c : s.contacts) min_gap = std::min(min_gap, c.outcome.gap);
  }

  Recorder inner;
  std::vector<ContactSnapshot> snapshots;
  double min_gap = 1e300;
};

struct ContactRun {
  RunResult run;
  std::vector<ContactSnapshot> snapshots;
  double min_gap = 1e300;
};

inline ContactRun run_contact_deck(const DeckData& deck, int threads = 1) {
  ContactRun result{{build_model(deck), {}, {}, {}}, {}, 1e300};
  ContactRecorder recorder(result.run.model);
  RunOptions options;
  options.threads = threads;
  Analysis analysis(result.run.model, deck, options);
  result.run.totals = analysis.run(recorder);
  result.run.steps = std::move(recorder.inner.steps);
  result.run.monitor = std::move(recorder.inner.monitor);
  result.snapshots = std::move(recorder.snapshots);
  result.min_gap = recorder.min_gap;
  return result;
}

/// A deck given as YAML text (`name` for its messages), run without VTK output.
inline ContactRun run_deck_text(const char* text, const std::string& name) {
  DeckData deck = read_deck_string(text, name);
  deck.output.vtk = false;
  return run_contact_deck(deck);
}

}  // namespace polydem::testing
