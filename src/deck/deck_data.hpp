// The validated content of a deck: plain data with every default filled in.
// The deck reader (deck_reader.hpp) produces it; the model builder consumes it.
// Every value keeps the SourceMark of the YAML node it came from so that
// later semantic checks can still name file:line:column.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contact/law/interaction.hpp"
#include "src/core/errors.hpp"
#include "src/core/time_function.hpp"
#include "src/core/types.hpp"
#include "solvers/linear_solver_kind.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

struct LoadSpec {
  Vec3 force = Vec3::Zero();    ///< N, global frame
  Vec3 moment = Vec3::Zero();   ///< N·m, global frame
  Vec3 point = Vec3::Zero();    ///< m, application point relative to the pole, body frame (reference config)
  TimeFunction scale;           ///< multiplies force and moment
  SourceMark mark;
};

/// One prescribed DOF: the pole displacement component (0..2, m) or the
/// rotation component (3..5, rad, small increments) follows `value(t) − value(t_start)`.
struct PrescribedDofSpec {
  int component = 0;
  TimeFunction value;
  SourceMark mark;
};

/// A rigid node (paper §3.3): an extra node tied rigidly to its body, to apply
/// loads and read motion at an arbitrary point.
struct RigidNodeSpec {
  std::string name;             ///< unique in the deck
  Vec3 point = Vec3::Zero();    ///< m, relative to the pole, body frame (reference config)
  std::vector<LoadSpec> loads;  ///< applied at the node; their `point` is zero
  SourceMark mark;
};

struct BodySpec {
  std::string name;
  double mass = 0;                           ///< kg
  Mat3 inertia = Mat3::Zero();               ///< kg·m², about the centre of mass, body axes
  Vec3 centre_of_mass = Vec3::Zero();        ///< b^r: centre of mass relative to the pole, body axes (m)
  Vec3 position = Vec3::Zero();              ///< initial pole position (m)
  Vec3 rotation = Vec3::Zero();              ///< initial orientation as rotation vector θ·e (rad)
  Vec3 velocity = Vec3::Zero();              ///< initial pole velocity (m/s)
  Vec3 angular_velocity = Vec3::Zero();      ///< initial angular velocity, global frame (rad/s)
  bool fixed = false;                        ///< all six DOFs held at zero increment
  std::vector<PrescribedDofSpec> prescribed;
  std::vector<LoadSpec> loads;
  std::string shape;                         ///< name in DeckData::shapes; empty: no contact
  double density = 0;                        ///< kg/m³; > 0: mass properties from the shape
  std::string group = "default";             ///< contact group
  std::vector<RigidNodeSpec> rigid_nodes;
  SourceMark mark;
};

/// A particle shape: a generated solid or a closed mesh file, in the body frame
/// (coordinates relative to the pole).
struct ShapeSpec {
  std::string name;
  std::string kind;          ///< box | tetrahedron | octahedron | tetrapod | mesh
  Vec3 size = Vec3::Ones();  ///< box: edge lengths (m)
  double edge = 1;           ///< tetrahedron, octahedron: edge length (m)
  double leg_length = 1, base_radius = 0.3, tip_radius = 0.1, hub_distance = 0;  ///< tetrapod (m)
  int facets = 16;           ///< tetrapod
  std::string file;          ///< mesh: path as resolved against the deck's folder
  double scale = 1;          ///< mesh
  SourceMark mark;
};

/// A boundary surface and its prescribed translation x(t) = x0 + s(t)·d.
struct BoundarySpec {
  std::string name;
  std::string group = "boundary";
  std::string kind;  ///< plane | box_container | surface_mesh
  Vec3 center = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();
  Vec3 u_direction = Vec3::UnitX();
  double length_u = 1, length_v = 1;        ///< plane (m)
  Vec3 half_extents = Vec3::Ones();         ///< box_container (m)
  bool open_top = true;                     ///< box_container
  std::string file;                         ///< surface_mesh
  double scale = 1;                         ///< surface_mesh
  Vec3 displacement = Vec3::Zero();         ///< d (m)
  TimeFunction displacement_scale = TimeFunction::constant(0.0);  ///< s(t)
  SourceMark mark;
};

/// The contact law between two groups (body–body or body–boundary).
struct InteractionSpec {
  std::string group_a;
  std::string group_b;
  bool enabled = true;
  InteractionParams params;
  SourceMark mark;
};

/// An axis-aligned box (m).
struct BoxSpec {
  Vec3 min = Vec3::Zero();
  Vec3 max = Vec3::Zero();
};

struct ContactSpec {
  double travel_factor = 2.0;
  double minimum_margin = 0.0;  ///< m
  double verlet_margin = 0.0;   ///< m; 0: automatic
  double cell_size = 0.0;       ///< m; 0: automatic
  std::optional<BoxSpec> domain;
  std::vector<InteractionSpec> interactions;
};

struct NewtonSpec {
  int max_iterations = 20;
  double residual_tolerance = 1e-8;   ///< relative to the force scale
  double increment_tolerance = 1e-10; ///< on |δu|/L and |δα|
  double force_scale = 0;             ///< N; 0 = automatic from loads and inertia
};

struct TimeStepSpec {
  double initial = 0;   ///< s
  double min = 0;       ///< s
  double max = 0;       ///< s
  double grow_factor = 1.5;
  double cut_factor = 0.5;
  int easy_iterations = 4;  ///< Δt grows after a step that converged in at most this many iterations
  double error_tolerance = 0;  ///< bound on the Newmark local error estimate; 0: none
};

struct StepSpec {
  std::string name;
  AnalysisType type = AnalysisType::Dynamic;
  double end_time = 0;  ///< s, absolute (steps follow each other in time)
  TimeStepSpec dt;
  NewtonSpec newton;
  double beta = 0.3;
  double gamma = 0.5;
  LinearSolverKind linear_solver = LinearSolverKind::Auto;
  std::string petsc_options;  ///< PETSc command-line syntax; only with LinearSolverKind::Petsc
  SourceMark petsc_options_mark;
  SourceMark mark;
};

struct OutputSpec {
  double interval = 0;  ///< s between samples; 0 = only the initial and final states
  bool vtk = true;      ///< write results.pvd and the VTU samples
};

struct DeckData {
  std::string path;                   ///< the deck file, for messages
  Vec3 gravity = Vec3::Zero();        ///< m/s²
  std::vector<StepSpec> steps;        ///< at least one
  std::vector<BodySpec> bodies;       ///< at least one
  std::vector<ShapeSpec> shapes;
  std::vector<BoundarySpec> boundaries;
  ContactSpec contact;
  OutputSpec output;
};

}  // namespace polydem
