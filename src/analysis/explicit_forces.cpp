#include "src/analysis/explicit_forces.hpp"

#include <algorithm>

#include <Eigen/LU>

#include "src/core/rotation.hpp"

namespace polydem {

ExplicitForces::ExplicitForces(const Model& model, double closure)
    : residuals_(model.bodies.size()), wrenches_(model.bodies.size()), closure_(closure) {}

void ExplicitForces::evaluate(const Model& model, const StepContext& contact_ctx,
                              const StepContext& load_ctx) {
  contact_step_limit_ = smallest_gap_ = closure_step_limit_ =
      std::numeric_limits<double>::infinity();
  closed_too_fast_ = false;
  for (std::size_t b = 0; b < model.bodies.size(); ++b)
    residuals_[b] = model.bodies[b]->residual(load_ctx);
  if (model.contact) add_contacts(*model.contact, contact_ctx);
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const Vec3 alpha = load_ctx.node_increment(static_cast<int>(b)).tail<3>();
    wrenches_[b].force = -residuals_[b].head<3>();
    wrenches_[b].moment =
        -(xi_matrix<double>(alpha).transpose().inverse() * residuals_[b].tail<3>());
  }
}

void ExplicitForces::add_contacts(const ContactSet& contact, const StepContext& ctx) {
  for (const ContactPairElement* element : contact.pair_elements()) add_element(*element, ctx);
}

void ExplicitForces::add_element(const ContactPairElement& element, const StepContext& ctx) {
  element.collect_active(ctx, active_);
  if (active_.empty()) return;
  const ContactSide a = element.contact_side_a(ctx);
  const ContactSide b = element.contact_side_b(ctx);
  Eigen::Matrix<double, 12, 1> residual = Eigen::Matrix<double, 12, 1>::Zero();
  const Eigen::Ref<Eigen::VectorXd> rows =
      residual.head(b.has_dofs() ? 2 * kDofsPerNode : kDofsPerNode);
  for (const ActiveContact& c : active_) {
    const PointwiseStepData& data = element.step_data(c.candidate);
    const PointwiseInput input{&element.interaction(), &a, &b, &data, &ctx, false};
    add_pointwise_contact_residual(input, rows);
    limit_closure(element, data, c.contact.normal_gap, ctx.dt);
    smallest_gap_ = std::min(smallest_gap_, c.contact.normal_gap);
    contact_step_limit_ =
        std::min(contact_step_limit_,
                 element.interaction().critical_step(c.contact.normal_gap, effective_mass(a, b)));
  }
  residuals_[static_cast<std::size_t>(element.side_a().body)] += residual.head<6>();
  if (b.has_dofs())
    residuals_[static_cast<std::size_t>(element.side_b().body)] += residual.tail<6>();
}

// The gap at i is that of the material points of the LCP solution at i, known
// when that LCP had one (a non-zero n^i).
void ExplicitForces::limit_closure(const ContactPairElement& element, const PointwiseStepData& data,
                                   double gap, double dt) {
  if (data.normal_i.isZero() || !(gap < element.interaction().law().barrier_gap())) return;
  const double closed = data.material_gap_i.norm() - gap;
  if (!(closed > 0) || !(dt > 0)) return;
  closure_step_limit_ = std::min(closure_step_limit_, closure_ * gap / closed * dt);
  closed_too_fast_ = closed_too_fast_ || closed > 2 * closure_ * (gap + closed);
}

}  // namespace polydem
