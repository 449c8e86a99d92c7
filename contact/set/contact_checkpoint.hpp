// The contact set in a checkpoint, and friction histories moving between
// processes: what an accepted state holds that the next steps need and no
// search can rebuild (the histories of eqs. 57–58 and the energy ledger with
// the boundaries' reactions of §3.6); the elements are rebuilt by begin_step.
// A restarted run reads back exactly what was written, so it continues
// bitwise like the uninterrupted one.
#pragma once

#include <cstddef>
#include <functional>

#include "contact/set/contact_history.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

/// The histories, the snapshot's ledger and reactions (`boundaries` of them) and the night-owl
/// count.
void write_contact_state(StateWriter& out, const ContactHistories& histories,
                         const ContactSnapshot& snapshot, std::size_t boundaries, long night_owls);
/// Reads what write_contact_state wrote into `histories` (replaced) and
/// `snapshot`'s ledger and reactions; returns the night-owl count.
long read_contact_state(StateReader& in, ContactHistories& histories, ContactSnapshot& snapshot,
                        std::size_t boundaries);

/// Moves the histories of the contacts headed by the bodies `leaves` selects into `out`.
void export_histories(ContactHistories& histories, const std::function<bool(int body)>& leaves,
                      StateWriter& out);
/// Adds the histories written by export_histories.
void import_histories(ContactHistories& histories, StateReader& in);

}  // namespace polydem
