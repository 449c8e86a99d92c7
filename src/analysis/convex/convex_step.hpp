// One time step with the bodies' velocities as unknowns (issue 31, after Drake's
// SAP: Castro, Permenter & Han 2022): with the contact geometry frozen at the
// step's start (contact/convex/frozen_contact.hpp), the velocities V = (v_G, ω)
// of the free bodies at t_{n+1} minimise
//
//   ℓ(V) = ½ (V − V*)ᵀ M (V − V*) + Σ_c ψ_c(w_c(V))
//
// where M holds each body's mass and its inertia about the centre of mass at
// t_n (world axes), V* is the velocity the step's loads alone would give, and
// ψ_c is the paper's contact law as a convex potential of the contact's
// relative velocity (frozen_contact_law.hpp). ∇ℓ = 0 is the step's momentum
// balance with the contact impulses Δt (p n − f_t) at t_{n+1}: backward Euler
// in the velocities, the positions following as x_{n+1} = x_n + Δt v.
//
// ℓ is convex, so Newton with an exact line search converges from any start
// (its Hessian, M plus positive semi-definite contact blocks, is SPD: a sparse
// Cholesky factorisation, Eigen's simplicial LLᵀ with AMD ordering; CHOLMOD's
// supernodal one took 1.2x the wall time on the flagship, spent in its BLAS's
// thread team on matrices of a few hundred rows).
// The barrier is kept feasible: no iterate closes a linearised gap by more
// than `gap_closure` of it. The line search finds the root of the directional
// derivative, monotone along the line, so ℓ itself is never formed.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "contact/convex/frozen_contact_law.hpp"
#include "contact/set/given_friction.hpp"
#include "src/core/sparse_matrix.hpp"

#include <Eigen/SparseCholesky>

namespace polydem {

using Vec6 = Eigen::Matrix<double, 6, 1>;

/// A free body of the step.
struct ConvexBody {
  int node = -1;                      ///< the model's node index
  double mass = 0;                    ///< kg
  Mat3 inertia = Mat3::Zero();        ///< J about the centre of mass, world axes at t_n
  Vec6 free_velocity = Vec6::Zero();  ///< V*: (v_G, ω) under the step's loads alone
};

struct ConvexSolveSettings {
  int max_iterations = 50;
  /// Converged when √(gᵀ M⁻¹ g) ≤ tolerance · √(VᵀMV + Σm (|g|Δt)²): the momentum
  /// residual against the bodies' motion, or what gravity gives them in one step.
  /// 1e-6 is Drake SAP's relative tolerance; on the 564 cubes it ends one Newton
  /// iteration in ten sooner than 1e-9 and the ground still carries the weight to 1e-7.
  double tolerance = 1e-6;
  double gap_closure = 0.9;  ///< largest fraction of a linearised gap one iterate closes
};

struct ConvexSolveReport {
  bool converged = false;
  int iterations = 0;
  std::string failure;  ///< why not converged
};

/// The step's energy account, from velocities V_n to the minimum V (J): ΔT of the
/// bodies is their loads' work less all of these but stored_change's sign.
struct ConvexStepWork {
  double inertia = 0;  ///< ½ (V − V_n)ᵀ M (V − V_n): backward Euler's loss on the momenta
  double barrier = 0;  ///< Σ FrozenContactWork::barrier: its loss on the normal laws
  double damping = 0;
  double friction = 0;
  double stored_change = 0;  ///< of the contacts' linearised stored energy

  double integrator() const { return inertia + barrier; }
};

class ConvexStep {
 public:
  ConvexStep();
  ~ConvexStep();

  /// The step's free bodies (node → unknown) and contacts; resets the held law state.
  void set_bodies(std::vector<ConvexBody> bodies, int node_count, const Vec3& gravity, double dt);
  std::vector<FrozenContact>& contacts() { return contacts_; }
  const std::vector<FrozenContact>& contacts() const { return contacts_; }

  /// Holds each contact's dashpot and friction bound at the velocities `velocities`
  /// (frozen_law_state): zero velocities give the state at t_n.
  void hold_law_state(const Eigen::VectorXd& velocities);
  /// Minimises ℓ from `velocities` (made feasible first), in place.
  ConvexSolveReport minimise(Eigen::VectorXd& velocities, const ConvexSolveSettings& settings);

  /// The unknown's index of node n's first velocity, or −1 for a node without one.
  int unknown_of(int node) const { return unknown_of_node_[static_cast<std::size_t>(node)]; }
  const std::vector<ConvexBody>& bodies() const { return bodies_; }
  /// w of contact c at V.
  Vec3 relative_velocity(const FrozenContact& contact, const Eigen::VectorXd& velocities) const;
  /// The held law state of contact c.
  const FrozenLawState& held(std::size_t c) const { return held_[c]; }
  double dt() const { return dt_; }

  /// Each frictional contact's elastic tangential gap and status at `velocities`
  /// (frozen_friction_state), for the contact set's histories; sorted.
  void friction_states(const Eigen::VectorXd& velocities, GivenFrictionStates& states) const;

  /// The account of the step from `start` (V_n) to `velocities` (the minimum).
  ConvexStepWork work(const Eigen::VectorXd& start, const Eigen::VectorXd& velocities) const;

  /// Stored entries of the last Hessian (summary.json's largest_tangent_entries).
  long hessian_entries() const { return hessian_.nonZeros(); }
  /// Bytes of what forms and solves it beside the Hessian: the frozen contacts and
  /// their held laws, the blocks' places and the Cholesky factor.
  double held_bytes() const;

  /// ∇ℓ at V (tests).
  void gradient(const Eigen::VectorXd& velocities, Eigen::VectorXd& gradient) const;
  /// ∇²ℓ at V (tests).
  void hessian(const Eigen::VectorXd& velocities, SparseMatrix& hessian);

 private:
  /// Where a six-by-six block's rows (its columns in the column storage) start in the values.
  using BlockRows = std::array<int, 6>;
  /// A contact's blocks: its bodies' own (aa, bb) and their couplings (ab, ba).
  struct ContactBlocks {
    BlockRows aa{}, bb{}, ab{}, ba{};
  };
  void make_pattern();
  void locate_blocks();
  BlockRows block_rows(int row, int col) const;
  void add_block(const BlockRows& rows, const Eigen::Matrix<double, 6, 6>& block);
  void hessian_at(const Eigen::VectorXd& velocities);
  Vec3 relative_rate(const FrozenContact& contact, const Eigen::VectorXd& direction) const;
  bool converged(const Eigen::VectorXd& velocities, const Eigen::VectorXd& gradient,
                 double tolerance) const;
  void make_feasible(Eigen::VectorXd& velocities, double closure) const;
  double feasible_fraction(const Eigen::VectorXd& velocities, const Eigen::VectorXd& direction,
                           double closure) const;
  double slope_along(const Eigen::VectorXd& velocities, const Eigen::VectorXd& direction,
                     double fraction) const;
  double line_search(const Eigen::VectorXd& velocities, const Eigen::VectorXd& direction,
                     double largest) const;

  std::vector<ConvexBody> bodies_;
  std::vector<int> unknown_of_node_;
  std::vector<FrozenContact> contacts_;
  std::vector<FrozenLawState> held_;
  double dt_ = 0;
  double reference_energy_ = 0;  ///< Σm (|g|Δt)²
  /// Stored by columns, what the Cholesky reads; being symmetric, it is filled by the
  /// same block code as a matrix by rows would be (each block lands transposed at the
  /// transposed place, and the blocks come in transposed pairs).
  Eigen::SparseMatrix<double, Eigen::ColMajor, int> hessian_;
  Eigen::SimplicialLLT<Eigen::SparseMatrix<double, Eigen::ColMajor, int>, Eigen::Lower> cholesky_;
  std::vector<Eigen::Triplet<double, int>> triplets_;
  long factor_entries_ = 0;             ///< the largest Cholesky factor's stored entries so far
  std::vector<BlockRows> body_blocks_;  ///< each body's diagonal block
  std::vector<ContactBlocks> contact_blocks_;  ///< per contact, in contacts_'s order
};

}  // namespace polydem
