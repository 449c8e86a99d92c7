#include "src/analysis/step_actions.hpp"

namespace polydem {
namespace {

void apply(Model& model, const ActionSpec& action) {
  if (action.gravity) model.gravity = *action.gravity;
  if (!model.contact) return;
  ContactSet& contact = *model.contact;
  if (!action.remove_boundary.empty())
    contact.set_boundary_active(contact.boundary_index(action.remove_boundary), false);
  if (!action.add_boundary.empty())
    contact.set_boundary_active(contact.boundary_index(action.add_boundary), true);
  if (!action.friction_group_a.empty())
    contact.set_friction_enabled(contact.group_index(action.friction_group_a),
                                 contact.group_index(action.friction_group_b),
                                 action.friction_enabled);
}

}  // namespace

void apply_step_actions(Model& model, const StepSpec& step) {
  for (const ActionSpec& action : step.actions) apply(model, action);
}

}  // namespace polydem
