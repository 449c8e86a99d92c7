// The contact forces of a configuration at rest, without damping: the contact
// part of the consistent initial accelerations Newmark starts from (paper
// §2.2, §2.6). The contacts found are the first of their events: their energy
// is in the initial energy, so they go into the snapshot and, unless already
// known, into the histories (without friction history) as beginning here.
#pragma once

#include <span>
#include <vector>

#include "contact/contact_partition.hpp"
#include "contact/set/contact_history.hpp"
#include "contact/set/pair_store.hpp"
#include "src/core/wrench.hpp"

namespace polydem {

/// The wrench of the contacts of `pairs` on each body (moment about its pole)
/// at the configuration at rest `ctx` of `nodes`, their candidates set up for
/// ctx; books the contacts into `snapshot` and `histories`.
std::vector<Wrench<double>> initial_wrenches(const PairStore& pairs, const StepContext& ctx,
                                             std::span<const NodeState> nodes,
                                             ContactSnapshot& snapshot,
                                             ContactHistories& histories);

/// The wrenches of every process's pairs, on every process.
void sum_over_processes(const ContactPartition& partition, std::vector<Wrench<double>>& wrenches);

}  // namespace polydem
