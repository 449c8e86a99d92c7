// What the integrators of free bodies (the explicit baseline, explicit_analysis.hpp;
// the convex step, convex/convex_analysis.hpp) leave to the implicit Newmark–Newton
// driver: constraints between bodies and prescribed or partly held DOFs. Each body
// is free or fixed as a whole.
#pragma once

#include <string>

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

/// Why a model cannot run under an integrator of free and fixed bodies, or empty.
std::string unsupported_by_free_body_integrators(const Model& model, const DeckData& deck);

}  // namespace polydem
