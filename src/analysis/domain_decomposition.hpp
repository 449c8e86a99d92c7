// Domain decomposition of a run over the MPI processes (docs/parallel.md):
// each process owns the bodies in its spatial region (recursive coordinate
// bisection of the poles, weighted by each body's contact candidates, redone
// when the load drifts out of balance), evaluates their elements and the
// contact pairs they head, searches contact over its bodies and its ghosts,
// and assembles into one distributed PETSc system whose rows follow the
// bodies. The model's state stays replicated: after each converged Newton
// solve every process gets every increment, so all advance the same state and
// take the same decisions.
//
// The analysis driver calls these hooks at fixed points, on every process alike.
// This is the driver's side of the contract; src/parallel implements it and
// the command line hands the implementation to the driver (make_domain_decomposition).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "contact/contact_set.hpp"
#include "solvers/linear_solver_family.hpp"
#include "src/analysis/model.hpp"
#include "src/analysis/system_partition.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

class DomainDecomposition {
 public:
  virtual ~DomainDecomposition() = default;

  /// The processes the model is split among.
  virtual int processes() const = 0;
  /// This process's index among them.
  virtual int process() const = 0;
  /// The part of each step's system this process assembles (GlobalSystem).
  virtual SystemPartition& system() = 0;
  /// A solver of that system: the step's back end for a split system.
  virtual std::unique_ptr<LinearSolver> linear_solver(const LinearSolverChoice& choice) = 0;

  /// Start of an analysis step (before its pre-flight check and initial
  /// accelerations): the contact search covers the configuration model.nodes.
  virtual void begin_analysis_step(double time) = 0;
  /// Start of a time step at configuration i: rebalances, and the contact
  /// search covers the step. True when this process's elements changed beyond
  /// its contact pairs (the system's pattern must be rebuilt).
  virtual bool begin_time_step(const StepContext& ctx) = 0;
  /// After a converged Newton solve whose increments every process has: the
  /// contact search covers the end of the step.
  virtual void before_end_of_step_search(const StepContext& ctx) = 0;

  virtual StepVerdict agreed(StepVerdict own) = 0;
  virtual std::string first_problem(const std::string& own) = 0;
  /// After a commit: the whole contact snapshot, with every contact on
  /// process 0 when `for_output`.
  virtual void share_contact_snapshot(bool for_output) = 0;

  // ---- checkpoints (collective) ----
  /// Every process's `mine` in process order on process 0 (each process's part of a
  /// checkpoint as the checkpoint lists it); empty elsewhere.
  virtual std::vector<std::string> gather_on_first(const std::string& mine) = 0;
  /// Returns once every process has called it (the checkpoint that lists the parts is written).
  virtual void wait_for_all() = 0;
  /// The bodies' owners and the load balance, for a restart on as many processes.
  virtual std::string placement() = 0;
  /// Continues from a checkpoint's contact states and placement, model.nodes read: on as many
  /// processes as wrote it, each takes its own part and the owners are restored (bitwise);
  /// on another number the bodies are partitioned afresh from their positions and each process
  /// keeps the friction histories of its own pairs, process 0 the whole ledger.
  virtual void restore(std::span<const std::string> contact_states, const std::string& placement,
                       const std::string& checkpoint_file) = 0;

  /// JSON of the decomposition and of each process's share, on process 0 (empty elsewhere).
  virtual std::string report() = 0;
};

}  // namespace polydem
