// BiCGSTAB (van der Vorst's, as Eigen writes it, restarts included) preconditioned by
// block Jacobi, run in one parallel region per solve. Eigen's own solver threads only its
// sparse products, each a parallel region of its own, and its vector updates and dot
// products run on one thread: waking the team twice per iteration (60–90 µs here with a
// passive wait, which polydem set then) cost more than the second thread gained, so the
// 1005-tetrapod collapse's linear solve ran no faster on two threads than on one.
//
// Here the team is woken once per solve and meets at a spinning barrier (spin_barrier.hpp)
// five times per iteration. The rows are cut into a fixed number of chunks of whole
// preconditioner blocks; each thread owns a run of chunks, and every dot product is summed
// chunk by chunk, the chunks' sums then added in chunk order by every thread alike. So the
// iterates are the same bits for any number of threads.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "solvers/block_jacobi.hpp"

namespace polydem {

class TeamBicgstab {
 public:
  using RowMatrix = BlockJacobi::RowMatrix;
  /// Chunks of the rows: enough for 16 threads to share evenly, few enough to sum quickly.
  static constexpr int kChunks = 64;

  struct Outcome {
    int iterations = 0;
    double true_residual_norm = 0;  ///< |b − A x|, formed afresh at the end
  };

  /// Fixes the chunks (of the preconditioner's blocks) and sizes the work vectors.
  void analyze(const BlockJacobi& preconditioner);

  /// x from a zero start, until |r| ≤ tolerance |b| by the recurrence or max_iterations;
  /// on `threads` threads. Allocates nothing once analysed.
  Outcome solve(const RowMatrix& matrix, const BlockJacobi& preconditioner,
                const Eigen::VectorXd& b, Eigen::VectorXd& x, double tolerance, int max_iterations,
                int threads);

 private:
  struct Team;
  struct Scalars;
  class Worker;
  void iterate(Team& team, Worker& w, Outcome& outcome);
  void restart(Team& team, Worker& w, Scalars& k);
  void one_iteration(Team& team, Worker& w, Scalars& k);
  void finish(Team& team, Worker& w, Outcome& outcome, int iterations);

  std::vector<int> chunk_block_;  ///< first block of each chunk, then the block count
  std::vector<int> chunk_row_;    ///< first row of each chunk, then the row count
  Eigen::VectorXd r_, r0_, p_, v_, y_, z_, s_, t_;
  /// Each chunk's share of the dot products at the iteration's reduction points.
  std::vector<double> sums_;
};

}  // namespace polydem
