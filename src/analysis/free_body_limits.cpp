#include "src/analysis/free_body_limits.hpp"

namespace polydem {

std::string unsupported_by_free_body_integrators(const Model& model, const DeckData& deck) {
  if (!model.rigid_nodes.empty()) return "rigid nodes (their constraints need the implicit solver)";
  if (!model.prescribed.empty()) return "prescribed motion";
  for (const StepSpec& step : deck.steps)
    if (step.type != AnalysisType::Dynamic) return "static step '" + step.name + "'";
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    int constrained = 0;
    for (int k = 0; k < kDofsPerNode; ++k)
      constrained += model.dofs.is_constrained(kDofsPerNode * static_cast<int>(b) + k);
    if (constrained != 0 && constrained != kDofsPerNode)
      return "body '" + model.body_names[b] + "' with some of its DOFs held";
  }
  return {};
}

}  // namespace polydem
