#include "solvers/team_bicgstab.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <omp.h>

#include "solvers/spin_barrier.hpp"

namespace polydem {
namespace {

/// The iteration's reduction points, each with its own chunk sums (two per chunk): a
/// thread that runs ahead writes the next point's while the others still read this one's.
enum Point { kStart, kAlpha, kOmega, kResidual, kPoints };

}  // namespace

struct TeamBicgstab::Team {
  const RowMatrix& matrix;
  const BlockJacobi& preconditioner;
  const double* b;
  double* x;
  double tolerance;
  int max_iterations;
  SpinBarrier barrier;
};

/// The scalars of the recurrence, the same bits on every thread.
struct TeamBicgstab::Scalars {
  double rho = 1, alpha = 1, omega = 1;
  double r0_sq = 0;  ///< |r0|²
  double r_sq = 0;   ///< |r|²
  double r0_r = 0;   ///< r0·r, the next iteration's ρ
};

/// One thread's part of a solve: its run of chunks (rows and blocks), its barrier sense.
class TeamBicgstab::Worker {
 public:
  Worker(TeamBicgstab& solver, Team& team, int me, int threads)
      : solver_(solver),
        team_(team),
        chunks_(static_cast<int>(solver.chunk_row_.size()) - 1),
        first_(chunks_ * me / threads),
        last_(chunks_ * (me + 1) / threads),
        threads_(threads),
        leads_(me == 0) {}

  bool leads() const { return leads_; }

  int row_begin() const { return solver_.chunk_row_[static_cast<std::size_t>(first_)]; }
  int row_end() const { return solver_.chunk_row_[static_cast<std::size_t>(last_)]; }

  /// out = P⁻¹ in on this thread's blocks.
  void precondition(const double* in, double* out) const {
    team_.preconditioner.apply_blocks(solver_.chunk_block_[static_cast<std::size_t>(first_)],
                                      solver_.chunk_block_[static_cast<std::size_t>(last_)], in,
                                      out);
  }

  /// out = A in on this thread's rows.
  void multiply(const double* in, double* out) const {
    const RowMatrix& a = team_.matrix;
    const int* outer = a.outerIndexPtr();
    const int* inner = a.innerIndexPtr();
    const double* values = a.valuePtr();
    for (int row = row_begin(); row < row_end(); ++row) {
      double sum = 0;
      for (int k = outer[row]; k < outer[row + 1]; ++k) sum += values[k] * in[inner[k]];
      out[row] = sum;
    }
  }

  /// This thread's chunks' sums of terms(row, first, second) at `point`.
  template <class Terms>
  void sum_chunks(Point point, Terms&& terms) const {
    for (int c = first_; c < last_; ++c) {
      double first = 0, second = 0;
      for (int row = solver_.chunk_row_[static_cast<std::size_t>(c)];
           row < solver_.chunk_row_[static_cast<std::size_t>(c) + 1]; ++row)
        terms(row, first, second);
      solver_.sums_[index(point, c)] = first;
      solver_.sums_[index(point, c) + 1] = second;
    }
  }

  /// The sum over all chunks in chunk order (after a barrier): the same bits on every thread.
  double total(Point point, int term) const {
    double sum = 0;
    for (int c = 0; c < chunks_; ++c) sum += solver_.sums_[index(point, c) + term];
    return sum;
  }

  void sync() { team_.barrier.wait(sense_, threads_); }

 private:
  static std::size_t index(Point point, int chunk) {
    return 2 * static_cast<std::size_t>(point * kChunks + chunk);
  }

  TeamBicgstab& solver_;
  Team& team_;
  int chunks_, first_, last_, threads_;
  bool leads_;
  bool sense_ = false;
};

void TeamBicgstab::analyze(const BlockJacobi& preconditioner) {
  const int blocks = preconditioner.block_count();
  const int chunks = std::max(1, std::min(kChunks, blocks));
  chunk_block_.resize(static_cast<std::size_t>(chunks) + 1);
  chunk_row_.resize(static_cast<std::size_t>(chunks) + 1);
  for (int c = 0; c <= chunks; ++c) {
    chunk_block_[static_cast<std::size_t>(c)] = blocks * c / chunks;
    chunk_row_[static_cast<std::size_t>(c)] = preconditioner.block_row(blocks * c / chunks);
  }
  const Eigen::Index n = preconditioner.rows();
  for (Eigen::VectorXd* v : {&r_, &r0_, &p_, &v_, &y_, &z_, &s_, &t_}) v->resize(n);
  sums_.assign(2 * kPoints * kChunks, 0.0);
}

TeamBicgstab::Outcome TeamBicgstab::solve(const RowMatrix& matrix,
                                          const BlockJacobi& preconditioner,
                                          const Eigen::VectorXd& b, Eigen::VectorXd& x,
                                          double tolerance, int max_iterations, int threads) {
  x.resize(b.size());
  const int chunks = static_cast<int>(chunk_row_.size()) - 1;
  threads = std::max(1, std::min(threads, chunks));
  Team team{matrix, preconditioner, b.data(), x.data(), tolerance, max_iterations, {}};
  Outcome outcome;
  // The team may be smaller than asked for (a thread limit): each thread reads its size.
#pragma omp parallel num_threads(threads)
  {
    Worker worker(*this, team, omp_get_thread_num(), omp_get_num_threads());
    iterate(team, worker, outcome);
  }
  return outcome;
}

// Eigen's BiCGSTAB (IterativeLinearSolvers/BiCGSTAB.h) from x = 0: the same recurrence,
// restarts and stopping test, each vector update on this thread's rows.
void TeamBicgstab::iterate(Team& team, Worker& w, Outcome& outcome) {
  const double* b = team.b;
  double *x = team.x, *r = r_.data(), *r0 = r0_.data(), *p = p_.data(), *v = v_.data();
  for (int i = w.row_begin(); i < w.row_end(); ++i) {
    x[i] = p[i] = v[i] = 0;
    r[i] = r0[i] = b[i];
  }
  w.sum_chunks(kStart, [&](int i, double& bb, double&) { bb += b[i] * b[i]; });
  w.sync();
  const double rhs_sq = w.total(kStart, 0);
  Scalars k;
  k.r0_sq = k.r_sq = k.r0_r = rhs_sq;
  const double tol2 = team.tolerance * team.tolerance * rhs_sq;
  const double eps = std::numeric_limits<double>::epsilon();
  int iterations = 0, restarts = 0;
  while (rhs_sq > 0 && k.r_sq > tol2 && iterations < team.max_iterations) {
    // ρ lost to rounding (r ⟂ r0): restart from the true residual.
    if (std::abs(k.r0_r) < eps * eps * k.r0_sq) {
      restart(team, w, k);
      if (restarts++ == 0) iterations = 0;
    }
    one_iteration(team, w, k);
    ++iterations;
  }
  finish(team, w, outcome, iterations);
}

void TeamBicgstab::restart(Team& team, Worker& w, Scalars& k) {
  double *r = r_.data(), *r0 = r0_.data();
  w.multiply(team.x, t_.data());
  for (int i = w.row_begin(); i < w.row_end(); ++i) r[i] = r0[i] = team.b[i] - t_[i];
  w.sum_chunks(kStart, [&](int i, double& rr, double&) { rr += r[i] * r[i]; });
  w.sync();
  k.r0_sq = k.r_sq = k.r0_r = w.total(kStart, 0);
}

void TeamBicgstab::one_iteration(Team& team, Worker& w, Scalars& k) {
  double *r = r_.data(), *r0 = r0_.data(), *p = p_.data(), *v = v_.data();
  double *y = y_.data(), *z = z_.data(), *s = s_.data(), *t = t_.data();
  const double rho_old = k.rho;
  k.rho = k.r0_r;
  const double beta = (k.rho / rho_old) * (k.alpha / k.omega);
  for (int i = w.row_begin(); i < w.row_end(); ++i) p[i] = r[i] + beta * (p[i] - k.omega * v[i]);
  w.precondition(p, y);
  w.sync();  // y whole
  w.multiply(y, v);
  w.sum_chunks(kAlpha, [&](int i, double& r0v, double&) { r0v += r0[i] * v[i]; });
  w.sync();
  k.alpha = k.rho / w.total(kAlpha, 0);
  for (int i = w.row_begin(); i < w.row_end(); ++i) s[i] = r[i] - k.alpha * v[i];
  w.precondition(s, z);
  w.sync();  // z whole
  w.multiply(z, t);
  w.sum_chunks(kOmega, [&](int i, double& tt, double& ts) {
    tt += t[i] * t[i];
    ts += t[i] * s[i];
  });
  w.sync();
  const double tt = w.total(kOmega, 0);
  k.omega = tt > 0 ? w.total(kOmega, 1) / tt : 0;
  double* x = team.x;
  for (int i = w.row_begin(); i < w.row_end(); ++i) {
    x[i] += k.alpha * y[i] + k.omega * z[i];
    r[i] = s[i] - k.omega * t[i];
  }
  w.sum_chunks(kResidual, [&](int i, double& rr, double& r0r) {
    rr += r[i] * r[i];
    r0r += r0[i] * r[i];
  });
  w.sync();  // x whole, and the sums
  k.r_sq = w.total(kResidual, 0);
  k.r0_r = w.total(kResidual, 1);
}

void TeamBicgstab::finish(Team& team, Worker& w, Outcome& outcome, int iterations) {
  double* t = t_.data();
  w.multiply(team.x, t);
  w.sum_chunks(kAlpha, [&](int i, double& rr, double&) {
    const double residual = team.b[i] - t[i];
    rr += residual * residual;
  });
  w.sync();
  if (w.leads()) {
    outcome.iterations = iterations;
    outcome.true_residual_norm = std::sqrt(w.total(kAlpha, 0));
  }
}

}  // namespace polydem
