#include "src/parallel/mpi/load_balance.hpp"

#include <algorithm>
#include <utility>

#include "src/parallel/coordinate_bisection.hpp"
#include "src/parallel/mpi/collectives.hpp"

namespace polydem {
namespace {

// Per body: 1 plus the candidates of the pairs it heads among the contact set's elements.
std::vector<double> body_weights(const Model& model) {
  std::vector<double> weights(model.bodies.size(), 1.0);
  if (!model.contact) return weights;
  for (const Element* element : model.contact->elements()) {
    const auto* pair = dynamic_cast<const ContactPairElement*>(element);
    if (pair)
      weights[static_cast<std::size_t>(pair->side_a().body)] +=
          static_cast<double>(pair->candidates().size());
  }
  return weights;
}

std::vector<double> part_weights(const BodyOwnership& ownership, std::span<const double> weights) {
  std::vector<double> parts(static_cast<std::size_t>(ownership.ranks), 0.0);
  for (std::size_t b = 0; b < weights.size(); ++b)
    parts[static_cast<std::size_t>(ownership.owner[b])] += weights[b];
  return parts;
}

// Every body's weight from its owner's: (body, weight) pairs gathered from every process.
std::vector<double> gathered_weights(const BodyOwnership& ownership,
                                     const std::vector<double>& own) {
  std::vector<double> mine;
  for (std::size_t b = 0; b < own.size(); ++b)
    if (ownership.owns(static_cast<int>(b)))
      mine.insert(mine.end(), {static_cast<double>(b), own[b]});
  const std::vector<double> all = collective::gather(mine);
  std::vector<double> weights(own.size(), 1.0);
  for (std::size_t k = 0; k + 1 < all.size(); k += 2)
    weights[static_cast<std::size_t>(all[k])] = all[k + 1];
  return weights;
}

}  // namespace

bool LoadBalancer::assign(BodyOwnership& ownership, const Model& model,
                          const std::vector<double>& weights) {
  std::vector<Vec3> poles;
  poles.reserve(model.bodies.size());
  for (std::size_t b = 0; b < model.bodies.size(); ++b) poles.push_back(model.nodes[b].position);
  std::vector<int> owner = coordinate_bisection(poles, weights, ownership.ranks);
  ++repartitions_;
  achieved_ = load_imbalance(part_weights({ownership.rank, ownership.ranks, owner, 0}, weights));
  imbalance_ = achieved_;
  if (owner == ownership.owner) return false;
  ownership.owner = std::move(owner);
  ++ownership.revision;
  return true;
}

void LoadBalancer::partition(BodyOwnership& ownership, const Model& model) {
  assign(ownership, model, body_weights(model));
}

bool LoadBalancer::rebalance(BodyOwnership& ownership, const Model& model) {
  const std::vector<double> own =
      restored_weights_.empty() ? body_weights(model) : std::exchange(restored_weights_, {});
  double load = 0;
  for (std::size_t b = 0; b < own.size(); ++b)
    if (ownership.owns(static_cast<int>(b))) load += own[b];
  imbalance_ = load_imbalance(collective::gather(std::span<const double>(&load, 1)));
  if (imbalance_ <= tolerance_ * std::max(1.0, achieved_)) return false;
  return assign(ownership, model, gathered_weights(ownership, own));
}

void LoadBalancer::write_state(const BodyOwnership& ownership, const Model& model,
                               StateWriter& out) const {
  out.put(achieved_);
  out.put(imbalance_);
  out.put(static_cast<std::int64_t>(repartitions_));
  for (const double weight : gathered_weights(ownership, body_weights(model))) out.put(weight);
}

void LoadBalancer::read_state(StateReader& in, std::size_t bodies) {
  achieved_ = in.real();
  imbalance_ = in.real();
  repartitions_ = in.integer();
  restored_weights_.resize(bodies);
  for (double& weight : restored_weights_) weight = in.real();
}

}  // namespace polydem
