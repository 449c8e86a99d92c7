#include "benchmarks/bullet/bullet_scene.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include <LinearMath/btGeometryUtil.h>
#include <btBulletDynamicsCommon.h>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/tetrapod.hpp"
#include "solvers/free_rotation_splitting.hpp"
#include "src/analysis/contact_builder.hpp"
#include "src/analysis/model_builder.hpp"

namespace polydem::bench {
namespace {

btVector3 to_bullet(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 from_bullet(const btVector3& v) { return {v.x(), v.y(), v.z()}; }
btTransform to_bullet(const Eigen::Quaterniond& q, const Vec3& origin) {
  return btTransform(btQuaternion(q.x(), q.y(), q.z(), q.w()), to_bullet(origin));
}

/// A body's principal frame in its own axes: the axes themselves when the
/// inertia is diagonal there (a box keeps its btBoxShape), else its eigenvectors.
PrincipalInertia principal_frame(const Mat3& inertia) {
  const Mat3 off_diagonal = inertia - Mat3(inertia.diagonal().asDiagonal());
  if (off_diagonal.norm() > 1e-12 * inertia.norm()) return PrincipalInertia::of(inertia);
  return {inertia.diagonal(), Eigen::Quaterniond::Identity()};
}

/// Owns the Bullet world and everything in it; bodies leave the world first.
class World {
 public:
  World(const BulletSettings& settings, const Vec3& gravity) {
    world_.setGravity(to_bullet(gravity));
    world_.getSolverInfo().m_numIterations = settings.solver_iterations;
    world_.getSolverInfo().m_splitImpulsePenetrationThreshold = settings.split_impulse_threshold;
  }
  ~World() {
    for (auto& body : bodies_) world_.removeRigidBody(body.get());
  }
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  btCollisionShape* keep(std::unique_ptr<btCollisionShape> shape) {
    shapes_.push_back(std::move(shape));
    return shapes_.back().get();
  }
  btRigidBody* add(btCollisionShape* shape, double mass, const Vec3& inertia,
                   const btTransform& pose) {
    motion_states_.push_back(std::make_unique<btDefaultMotionState>(pose));
    btRigidBody::btRigidBodyConstructionInfo info(mass, motion_states_.back().get(), shape,
                                                  to_bullet(inertia));
    bodies_.push_back(std::make_unique<btRigidBody>(info));
    bodies_.back()->setActivationState(
        DISABLE_DEACTIVATION);  // measured to the end, never put to sleep
    world_.addRigidBody(bodies_.back().get());
    return bodies_.back().get();
  }
  btDiscreteDynamicsWorld& dynamics() { return world_; }
  const std::vector<std::unique_ptr<btRigidBody>>& bodies() const { return bodies_; }

 private:
  btDefaultCollisionConfiguration configuration_;
  btCollisionDispatcher dispatcher_{&configuration_};
  btDbvtBroadphase broadphase_;
  btSequentialImpulseConstraintSolver solver_;
  btDiscreteDynamicsWorld world_{&dispatcher_, &broadphase_, &solver_, &configuration_};
  std::vector<std::unique_ptr<btCollisionShape>> shapes_;
  std::vector<std::unique_ptr<btDefaultMotionState>> motion_states_;
  std::vector<std::unique_ptr<btRigidBody>> bodies_;
};

/// The convex hull of `points` shrunk by `margin`, so that with Bullet's margin
/// around it it has the size of the points' hull. btGeometryUtil's tolerances
/// are absolute, meant for bodies of about one unit: it works in units of `size`.
std::unique_ptr<btCollisionShape> shrunk_hull(const std::vector<Vec3>& points, double margin,
                                              double size) {
  btAlignedObjectArray<btVector3> vertices, planes, shrunk;
  for (const Vec3& p : points) vertices.push_back(to_bullet(p / size));
  btGeometryUtil::getPlaneEquationsFromVertices(vertices, planes);
  for (int k = 0; k < planes.size(); ++k) planes[k][3] += margin / size;
  btGeometryUtil::getVerticesFromPlaneEquations(planes, shrunk);
  if (shrunk.size() < 4)
    throw std::invalid_argument("a convex piece too thin for the collision margin");
  for (int k = 0; k < shrunk.size(); ++k) shrunk[k] *= size;
  auto hull = std::make_unique<btConvexHullShape>(&shrunk[0][0], shrunk.size(), sizeof(btVector3));
  hull->setMargin(margin);
  hull->initializePolyhedralFeatures();
  return hull;
}

const ShapeSpec& shape_spec(const DeckData& deck, const std::string& name) {
  const auto found = std::find_if(deck.shapes.begin(), deck.shapes.end(),
                                  [&](const ShapeSpec& s) { return s.name == name; });
  if (found == deck.shapes.end()) throw std::invalid_argument("no shape '" + name + "'");
  return *found;
}

/// The convex pieces of a shape, in its body frame.
std::vector<std::vector<Vec3>> convex_pieces(const ShapeSpec& spec, const Shape& shape) {
  const ParamSet& g = spec.geometry;
  if (g.schema == "tetrapod") return tetrapod_convex_pieces(TetrapodParams::from(g));
  return {shape.mesh.vertices};
}

/// The collision shape of one body in its principal frame at the centre of mass.
btCollisionShape* body_shape(World& world, const ShapeSpec& spec, const Shape& shape,
                             const PrincipalInertia& frame, const Vec3& centre, double size,
                             double margin) {
  if (spec.geometry.schema == "box" && frame.axes.isApprox(Eigen::Quaterniond::Identity()) &&
      centre.isZero(1e-12)) {
    auto box = std::make_unique<btBoxShape>(to_bullet(spec.geometry.vec3("size") / 2));
    box->setMargin(margin);
    return world.keep(std::move(box));
  }
  const Eigen::Quaterniond to_principal = frame.axes.conjugate();
  std::vector<btCollisionShape*> hulls;
  for (std::vector<Vec3> piece : convex_pieces(spec, shape)) {
    for (Vec3& p : piece) p = to_principal * (p - centre);
    hulls.push_back(world.keep(shrunk_hull(piece, margin, size)));
  }
  if (hulls.size() == 1) return hulls.front();
  auto compound = std::make_unique<btCompoundShape>();
  for (btCollisionShape* hull : hulls) compound->addChildShape(btTransform::getIdentity(), hull);
  return world.keep(std::move(compound));
}

/// A static slab of half extents `half` centred at `centre`, axes `axes`.
void add_slab(World& world, const Eigen::Quaterniond& axes, const Vec3& centre, const Vec3& half,
              double margin, int boundary) {
  auto box = std::make_unique<btBoxShape>(to_bullet(half));
  box->setMargin(margin);
  btRigidBody* body =
      world.add(world.keep(std::move(box)), 0.0, Vec3::Zero(), to_bullet(axes, centre));
  body->setUserIndex(boundary);
}

void add_boundary(World& world, const BoundarySpec& spec, int boundary, double thickness,
                  double margin) {
  if (!spec.displacement.isZero())
    throw std::invalid_argument("moving boundaries are not supported");
  const ParamSet& s = spec.surface;
  if (s.schema == "plane") {
    const Vec3 n = s.vec3("normal").normalized();
    const Vec3 u = (s.vec3("u_direction") - n * n.dot(s.vec3("u_direction"))).normalized();
    Mat3 axes;
    axes << u, n.cross(u), n;
    add_slab(world, Eigen::Quaterniond(axes), s.vec3("center") - n * thickness / 2,
             Vec3(s.real("length_u") / 2, s.real("length_v") / 2, thickness / 2), margin, boundary);
    return;
  }
  if (s.schema != "box_container") throw std::invalid_argument("boundary kind " + s.schema);
  const Vec3 h = s.vec3("half_extents"), c = s.vec3("center");
  const double t = thickness;
  const Eigen::Quaterniond same = Eigen::Quaterniond::Identity();
  add_slab(world, same, c - Vec3(0, 0, h.z() + t / 2), Vec3(h.x() + t, h.y() + t, t / 2), margin,
           boundary);
  if (!s.boolean("open_top"))
    add_slab(world, same, c + Vec3(0, 0, h.z() + t / 2), Vec3(h.x() + t, h.y() + t, t / 2), margin,
             boundary);
  for (const double side : {-1.0, 1.0}) {
    add_slab(world, same, c + Vec3(side * (h.x() + t / 2), 0, 0), Vec3(t / 2, h.y() + t, h.z()),
             margin, boundary);
    add_slab(world, same, c + Vec3(0, side * (h.y() + t / 2), 0), Vec3(h.x(), t / 2, h.z()), margin,
             boundary);
  }
}

/// Restitution of a linear spring–dashpot with damping ratio ζ.
double restitution(double damping_ratio) {
  if (damping_ratio >= 1) return 0.0;
  return std::exp(-M_PI * damping_ratio / std::sqrt(1 - damping_ratio * damping_ratio));
}

/// The law of the boundary's group (the first interaction naming it), else the deck's first.
const InteractionSpec& law_of(const DeckData& deck, const std::string& group) {
  for (const InteractionSpec& spec : deck.contact.interactions)
    if (spec.group_a == group || spec.group_b == group) return spec;
  return deck.contact.interactions.front();
}

void set_material(btRigidBody& body, const InteractionSpec& law) {
  body.setFriction(std::sqrt(law.laws.friction.dynamic_coefficient));
  body.setRestitution(std::sqrt(restitution(law.laws.damping.critical_ratio())));
}

/// Kinetic plus gravitational energy of the dynamic bodies (J).
double mechanical_energy(const World& world, const Vec3& gravity) {
  double energy = 0;
  for (const auto& body : world.bodies()) {
    if (body->getInvMass() == 0) continue;
    const double mass = 1 / body->getInvMass();
    const Vec3 omega =
        from_bullet(body->getWorldTransform().getBasis().transpose() * body->getAngularVelocity());
    const Vec3 inertia = from_bullet(body->getLocalInertia());
    energy += 0.5 * mass * body->getLinearVelocity().length2() +
              0.5 * omega.dot(inertia.cwiseProduct(omega)) -
              mass * gravity.dot(from_bullet(body->getCenterOfMassPosition()));
  }
  return energy;
}

double kinetic_energy(const World& world) { return mechanical_energy(world, Vec3::Zero()); }

/// One step's contacts: the deepest interpenetration, and (when `reactions`)
/// what each boundary exerts on the bodies, added in.
double scan_contacts(btDiscreteDynamicsWorld& world, double dt, std::vector<Vec3>* reactions) {
  double deepest = 0;
  btDispatcher& dispatcher = *world.getDispatcher();
  for (int m = 0; m < dispatcher.getNumManifolds(); ++m) {
    const btPersistentManifold& manifold = *dispatcher.getManifoldByIndexInternal(m);
    const int boundary_a = manifold.getBody0()->getUserIndex(),
              boundary_b = manifold.getBody1()->getUserIndex();
    for (int k = 0; k < manifold.getNumContacts(); ++k) {
      const btManifoldPoint& point = manifold.getContactPoint(k);
      deepest = std::max(deepest, -point.getDistance());
      if (!reactions || (boundary_a < 0 && boundary_b < 0)) continue;
      const Vec3 on_a = from_bullet(point.m_normalWorldOnB * point.getAppliedImpulse() +
                                    point.m_lateralFrictionDir1 * point.m_appliedImpulseLateral1 +
                                    point.m_lateralFrictionDir2 * point.m_appliedImpulseLateral2) /
                        dt;
      if (boundary_a >= 0) (*reactions)[static_cast<std::size_t>(boundary_a)] -= on_a;
      if (boundary_b >= 0) (*reactions)[static_cast<std::size_t>(boundary_b)] += on_a;
    }
  }
  return deepest;
}

}  // namespace

SceneFigures run_bullet(const DeckData& deck, const BulletSettings& settings) {
  const Model model = build_model(deck);
  World world(settings, deck.gravity);
  double smallest_size = HUGE_VAL, free_mass = 0;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const RigidBody& body = *model.bodies[b];
    const Shape& shape = *model.contact->bodies()[b].shape;
    const double size = std::cbrt(mass_properties(shape.mesh).volume);
    smallest_size = std::min(smallest_size, size);
    const PrincipalInertia frame = principal_frame(body.inertia_about_com());
    const bool fixed = model.dofs.is_constrained(kDofsPerNode * static_cast<int>(b));
    const NodeState& node = model.nodes[b];
    const Vec3 centre = node.position + node.rotation * body.centre_of_mass_offset();
    btCollisionShape* collision =
        body_shape(world, shape_spec(deck, shape.name), shape, frame, body.centre_of_mass_offset(),
                   size, settings.margin_fraction * size);
    btRigidBody* added =
        world.add(collision, fixed ? 0.0 : body.mass(), fixed ? Vec3::Zero() : frame.moments,
                  to_bullet(node.rotation * frame.axes, centre));
    added->setUserIndex(-1);
    added->setLinearVelocity(
        to_bullet(node.velocity + node.angular_velocity.cross(centre - node.position)));
    added->setAngularVelocity(to_bullet(node.angular_velocity));
    set_material(*added, law_of(deck, deck.bodies.empty() ? "default" : deck.bodies.front().group));
    if (!fixed) free_mass += body.mass();
  }
  for (std::size_t s = 0; s < deck.boundaries.size(); ++s) {
    const BoundarySpec& spec = deck.boundaries[s];
    add_boundary(world, spec, static_cast<int>(s), smallest_size,
                 settings.margin_fraction * smallest_size);
  }
  for (const auto& body : world.bodies()) {
    const int boundary = body->getUserIndex();
    if (boundary < 0) continue;
    const InteractionSpec& law =
        law_of(deck, deck.boundaries[static_cast<std::size_t>(boundary)].group);
    set_material(*body, law);
    if (!settings.soft_contacts) continue;
    const double stiffness = law.normal.real("stiffness");
    const double point_mass = free_mass / (settings.contact_points_per_boundary *
                                           static_cast<double>(deck.boundaries.size()));
    body->setContactStiffnessAndDamping(
        stiffness, 2 * law.laws.damping.critical_ratio() * std::sqrt(stiffness * point_mass));
  }

  SceneFigures figures;
  const double h = settings.time_step;
  const long steps = std::lround(deck.steps.back().end_time / h);
  const long averaged_from = steps - std::max(1L, steps / 10);
  std::vector<Vec3> reactions(deck.boundaries.size(), Vec3::Zero());
  figures.initial_energy = mechanical_energy(world, deck.gravity);
  double deepest = 0;
  for (long n = 0; n < steps; ++n) {
    const auto start = std::chrono::steady_clock::now();
    world.dynamics().stepSimulation(h, 0);
    figures.wall_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    deepest = std::max(
        deepest, scan_contacts(world.dynamics(), h, n >= averaged_from ? &reactions : nullptr));
    figures.peak_kinetic_energy = std::max(figures.peak_kinetic_energy, kinetic_energy(world));
    figures.largest_energy_error =
        std::max(figures.largest_energy_error,
                 std::abs(mechanical_energy(world, deck.gravity) - figures.initial_energy));
  }
  figures.simulated_seconds = static_cast<double>(steps) * h;
  figures.steps = steps;
  figures.mean_step = figures.smallest_step = h;
  figures.smallest_gap = -deepest;
  figures.final_kinetic_energy = kinetic_energy(world);
  figures.energy_balance_error = mechanical_energy(world, deck.gravity) - figures.initial_energy;
  figures.weight = free_mass * deck.gravity.norm();
  const Vec3 down = deck.gravity.normalized();
  for (Vec3& reaction : reactions) {
    reaction /= static_cast<double>(steps - averaged_from);
    figures.boundary_vertical_reactions.push_back(-reaction.dot(down));
    figures.vertical_reaction -= reaction.dot(down);
  }
  return figures;
}

}  // namespace polydem::bench
