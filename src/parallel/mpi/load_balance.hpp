// Keeps the bodies' owners balanced: each body weighs 1 (its element) plus the
// candidate sub-region pairs of the contact pairs it heads (the pairs its
// process evaluates for it). At the start of a time step the processes compare
// their loads; past the tolerance over the balance the last partition reached,
// recursive coordinate bisection of the poles at configuration i makes new owners.
#pragma once

#include "src/analysis/model.hpp"
#include "src/core/state_stream.hpp"
#include "src/parallel/body_ownership.hpp"

namespace polydem {

class LoadBalancer {
 public:
  explicit LoadBalancer(double tolerance) : tolerance_(tolerance) {}

  /// The first owners. Before any partition every process holds every contact
  /// pair, so each computes the same weights on its own.
  void partition(BodyOwnership& ownership, const Model& model);
  /// New owners when the load is out of balance; collective. True when they changed.
  bool rebalance(BodyOwnership& ownership, const Model& model);

  long repartitions() const { return repartitions_; }
  /// What the balance remembers and every body's weight now (a checkpoint's; collective), so
  /// that a restart on as many processes repartitions when the uninterrupted run would: its
  /// contact pairs, which weigh the bodies, are made again only after the next check.
  void write_state(const BodyOwnership& ownership, const Model& model, StateWriter& out) const;
  void read_state(StateReader& in, std::size_t bodies);
  double imbalance() const { return imbalance_; }

 private:
  bool assign(BodyOwnership& ownership, const Model& model, const std::vector<double>& weights);

  double tolerance_;
  double achieved_ = 1;   ///< the imbalance the last partition reached
  double imbalance_ = 1;  ///< at the last check
  long repartitions_ = 0;
  std::vector<double> restored_weights_;  ///< per body, for the first check after a restart
};

}  // namespace polydem
