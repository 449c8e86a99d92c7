// The state of a model at an accepted configuration, for checkpoints: every
// node (position, orientation, velocities, accelerations, bit for bit), the
// rigid-node reactions, gravity (actions may have changed it) and the contact
// histories and ledger. Everything else a model holds follows from the deck.
#pragma once

#include "src/analysis/model.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

void write_model_state(const Model& model, StateWriter& out);
/// InputError when the checkpoint does not fit the model built from the deck.
void read_model_state(Model& model, StateReader& in);

}  // namespace polydem
