// Assembles element residuals and tangents into the global sparse system over
// the unconstrained equations, FEM style (paper §2.6.1–2.6.2).
//
// The sparsity pattern and the map from each element's local entries to the
// compressed storage are built once and reused until the element set changes,
// so assembling allocates nothing. Elements are evaluated in parallel into
// their own buffers; then each thread adds every element's contributions to its
// own run of equations (rows of the tangent), in element order: each global
// entry is summed from zero in the serial order, so results are bitwise identical
// for any thread count. Tangents go block by block of elements (kBlock), evaluated
// and then added, so that only one block's local tangents are held: a whole pack's
// (12 × 12 doubles per contact pair) were its largest single item of heap. Each of these kernels
// runs on as many of the run's threads as its timings show pay (thread_count_choice.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "solvers/assembly/row_pattern.hpp"
#include "src/core/thread_count_choice.hpp"
#include "src/model/dof_map.hpp"
#include "src/model/element.hpp"

namespace polydem {

class SparseAssembler {
 public:
  /// Builds the pattern for these elements (which must outlive the assembler's use);
  /// the elements' maps into it on `threads` threads.
  void build_pattern(const DofMap& dofs, std::span<const Element* const> elements, int threads = 1);

  /// Evaluates every element at ctx and assembles r and K. Runs the element
  /// evaluations on `threads` threads.
  void assemble(const StepContext& ctx, int threads);
  /// r alone (and the reference force), from the elements' plain residuals.
  void assemble_residual(const StepContext& ctx, int threads);
  /// K alone; r keeps the value of the last assembly.
  void assemble_tangent(const StepContext& ctx, int threads);

  const SparseMatrix& tangent() const { return tangent_; }
  const Eigen::VectorXd& residual() const { return residual_; }
  /// Largest element reference force of the last assembly (N).
  double reference_force() const { return reference_force_; }
  /// Increases whenever the pattern is rebuilt, so solvers know to re-analyse.
  std::uint64_t pattern_version() const { return pattern_version_; }
  int equation_count() const { return static_cast<int>(residual_.size()); }
  /// Bytes held besides the tangent: the elements' maps into it, their local residuals
  /// and one block's local tangents, the pattern's work arrays (summary.json's memory).
  std::size_t held_bytes() const;

 private:
  /// Local columns [first, first + length) whose equations are consecutive.
  struct Run {
    int first = 0;
    int length = 0;
  };
  /// An element's places in the flat arrays below, which hold every element's in turn
  /// (one array each, not a few small ones per element: a pack has two elements per body).
  struct Slot {
    const Element* element = nullptr;
    std::size_t first_equation = 0;  ///< into equations_ and local_residuals_: `size` each
    std::size_t first_run = 0;       ///< into runs_: `run_count`
    std::size_t first_index = 0;     ///< into value_index_: size × run_count
    int size = 0;                    ///< the element's DOFs
    int run_count = 0;
    double reference_force = 0;
  };
  static constexpr std::size_t kBlock = 2048;  ///< elements whose local tangents are held at once

  /// Evaluates the elements [first, first + count): residuals into their slots, with
  /// the tangent each into its place in block_tangents_.
  void evaluate_elements(const StepContext& ctx, int threads, bool with_tangent, std::size_t first,
                         std::size_t count);
  /// Evaluates every element with its tangent, and adds the tangents block by block.
  void evaluate_and_add_tangents(const StepContext& ctx, int threads);
  void sum_residual(int threads);
  /// Sums every residual entry's contributions on the threads `choice` picks; or adds the
  /// tangent contributions of the block of elements at `first` (the tangent zeroed first
  /// where `first` is 0).
  void sum_contributions(ThreadCountChoice& choice, bool tangent, int threads,
                         std::size_t first = 0);
  /// Cuts the equations into `parts` runs of whole rows with about equal entries.
  void split_rows(int parts);
  /// The residual's entries of the equations [first, end): zeroed, then every element's
  /// contributions to them added in element order.
  void scatter_residual(int first, int end);
  /// To the tangent's rows [first, end) (zeroed first where `block` is 0), the
  /// contributions of the block of elements at `block`, in element order.
  void scatter_tangent(int first, int end, std::size_t block);
  /// The slots of `elements` with their equations and runs, each at its place.
  void place_elements(const DofMap& dofs, std::span<const Element* const> elements);
  /// Appends the runs of `slot`'s equations to runs_.
  void find_runs(Slot& slot);
  /// Where each local row's runs lie in the tangent's values; false if the pattern lacks
  /// one of their entries.
  bool map_into_values(const Slot& slot);
  const int* equations_of(const Slot& slot) const {
    return equations_.data() + slot.first_equation;
  }

  std::vector<Slot> slots_;
  std::vector<int> equations_;  ///< per local DOF: equation or DofMap::kConstrained
  std::vector<double> local_residuals_;
  std::vector<Run> runs_;  ///< the local columns of free DOFs, in runs
  /// Per local row i and run r (at i · runs + r): where (i, the run's first column) lies
  /// in the tangent's values, the run's other entries following it; −1 for a held row.
  std::vector<int> value_index_;
  /// The local tangents of one block: element first + k's, column-major, at k · tangent_stride_.
  std::vector<double> block_tangents_;
  std::size_t tangent_stride_ = 0;  ///< the largest element's n², set with the pattern
  std::vector<int> part_bounds_;    ///< split_rows' runs: part p is [bounds[p], bounds[p + 1])
  ThreadCountChoice evaluation_threads_;           ///< residuals and tangents
  ThreadCountChoice residual_evaluation_threads_;  ///< residuals alone
  ThreadCountChoice residual_sum_threads_;
  ThreadCountChoice tangent_sum_threads_;
  RowPattern pattern_;
  std::vector<std::span<const int>> slot_equations_;  ///< per slot, for pattern_
  SparseMatrix tangent_;
  Eigen::VectorXd residual_;
  double reference_force_ = 0;
  std::uint64_t pattern_version_ = 0;
};

}  // namespace polydem
