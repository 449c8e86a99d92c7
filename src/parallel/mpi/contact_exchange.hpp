// What the processes of a domain decomposition exchange about contact: the
// whole snapshot from each process's part, one verdict and one pre-flight
// problem for all, and the friction histories of pairs that change process.
#pragma once

#include <string>

#include "contact/contact_set.hpp"
#include "src/parallel/body_ownership.hpp"

namespace polydem {

/// The snapshot of every process's contacts from each one's own: sums on every
/// process; with `with_contacts`, every contact on process 0, in pair order (as
/// one process would list them).
ContactSnapshot whole_snapshot(const ContactSnapshot& own, bool with_contacts);

/// Penetration when a process found one, else NightOwl when one did, else Accept.
StepVerdict agreed_verdict(StepVerdict own);

/// The problem of the first process that found one, or empty.
std::string first_problem(const std::string& own);

/// Moves the friction histories whose pairs' heads `ownership` gives to another process there.
void move_histories(ContactSet& contact, const BodyOwnership& ownership);

}  // namespace polydem
