// The state of a model at an accepted configuration, for checkpoints: every
// node (position, orientation, velocities, accelerations, bit for bit), the
// rigid-node reactions and gravity (actions may have changed it). The contact
// histories and ledger follow in parts, one per process that wrote the checkpoint
// (Analysis::write_contact_checkpoint). Everything else a model holds follows from the deck.
#pragma once

#include <span>
#include <string>

#include "src/analysis/model.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

void write_model_state(const Model& model, StateWriter& out);
/// InputError when the checkpoint does not fit the model built from the deck.
void read_model_state(Model& model, StateReader& in);

/// Replaces `contact`'s state by the sum of a checkpoint's parts (ContactSet::add_state): the
/// histories of all, and their ledgers when `with_ledgers`. InputError naming `source` when a
/// part is damaged.
void read_contact_parts(ContactSet& contact, std::span<const std::string> parts, bool with_ledgers,
                        const std::string& source);

}  // namespace polydem
