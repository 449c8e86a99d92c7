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
/// The bytes write_contact_state puts for `histories` histories and `boundaries` boundaries.
std::size_t contact_state_bytes(std::size_t histories, std::size_t boundaries);
/// Empties `histories` and zeroes `snapshot`'s ledger and reactions.
void clear_contact_state(ContactHistories& histories, ContactSnapshot& snapshot,
                         std::size_t boundaries);
/// Reads what write_contact_state wrote, adding its histories to `histories` and, `with_ledger`,
/// its ledger and reactions to `snapshot`'s; returns its night-owl count (0 without the ledger).
/// Several processes' parts added together make the state of the whole run (a restart on
/// another number of processes), the ledger added on one of them only.
long add_contact_state(StateReader& in, ContactHistories& histories, ContactSnapshot& snapshot,
                       std::size_t boundaries, bool with_ledger);

/// Moves the histories of the contacts headed by the bodies `leaves` selects into `out`.
void export_histories(ContactHistories& histories, const std::function<bool(int body)>& leaves,
                      StateWriter& out);
/// Adds the histories written by export_histories.
void import_histories(ContactHistories& histories, StateReader& in);

}  // namespace polydem
