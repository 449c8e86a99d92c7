// What acts on each body at an accepted state, for the outputs: the resultant
// of its contact forces, and, for a fixed body, what its supports carry (the
// reaction a fixed base reports, as a boundary does). Moments are about the
// global origin, the convention of the boundaries' reactions in monitor.csv.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "contact/set/contact_snapshot.hpp"
#include "src/analysis/model.hpp"
#include "src/core/wrench.hpp"

namespace polydem {

/// Per body: the sum of the contact forces on it and their moment.
std::vector<Wrench<double>> contact_resultants(const ContactSnapshot& snapshot, std::size_t bodies);

/// The bodies held by their supports: all six DOFs constrained, none moved by
/// a prescribed motion.
std::vector<std::size_t> fixed_bodies(const Model& model);

/// The reaction of a fixed body's supports, what they exert on it: minus the
/// contact resultant, the loads, the weight (load_factor · gravity) and what
/// its rigid nodes pass to it.
Wrench<double> support_reaction(const Model& model, std::size_t body, const Wrench<double>& contact,
                                double time, double load_factor);

/// The reactions a run reports, in this order: each boundary's (the contact
/// force it exerts on the bodies), then each fixed body's supports'.
std::vector<std::string> reaction_names(const Model& model);
/// Their values at the model's accepted state (time and load factor of that state).
std::vector<Wrench<double>> reactions(const Model& model, double time, double load_factor);

}  // namespace polydem
