#include "src/parallel/mpi/equation_partition.hpp"

#include "solvers/petsc/petsc_check.hpp"
#include "src/parallel/mpi/collectives.hpp"

namespace polydem {

void EquationPartition::renumber(const Model& model) {
  numbering_ = number_by_rank(model, ownership_);
}

std::vector<const Element*> EquationPartition::elements(const Model& model) const {
  std::vector<const Element*> list;
  for (std::size_t b = 0; b < model.bodies.size(); ++b)
    if (ownership_.owns(static_cast<int>(b))) list.push_back(model.bodies[b].get());
  if (model.contact)  // the contact set keeps this process's pairs only
    for (const Element* element : model.contact->elements()) list.push_back(element);
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    if (!ownership_.owns(rigid_node.body)) continue;
    list.push_back(rigid_node.link.get());
    if (rigid_node.loads) list.push_back(rigid_node.loads.get());
  }
  return list;
}

const DofMap& EquationPartition::number_equations(const Model& model,
                                                  std::span<const Element* const> elements) {
  std::vector<char> touched(static_cast<std::size_t>(model.dofs.dof_count()), 0);
  for (const Element* element : elements)
    for (const int dof : element->dofs()) touched[static_cast<std::size_t>(dof)] = 1;
  local_dofs_ = model.dofs;
  for (int dof = 0; dof < local_dofs_.dof_count(); ++dof)
    if (!touched[static_cast<std::size_t>(dof)] && !local_dofs_.is_constrained(dof))
      local_dofs_.constrain(dof);
  local_dofs_.number_equations();
  equations_.global_row.assign(static_cast<std::size_t>(local_dofs_.equation_count()), -1);
  for (int dof = 0; dof < local_dofs_.dof_count(); ++dof)
    if (const int local = local_dofs_.equation(dof); local >= 0)
      equations_.global_row[static_cast<std::size_t>(local)] =
          numbering_.row_of_dof[static_cast<std::size_t>(dof)];
  equations_.first_owned = numbering_.first_row[static_cast<std::size_t>(ownership_.rank)];
  equations_.owned_count = numbering_.owned_count(ownership_.rank);
  equations_.global_count = numbering_.first_row.back();
  return local_dofs_;
}

// The exchange is a collective object: every process makes it anew when any
// process's pattern changed, which the agreed pattern version tells.
const Eigen::VectorXd& EquationPartition::complete_residual(const Eigen::VectorXd& assembled,
                                                            std::uint64_t pattern_version) {
  if (!exchange_ || exchanged_pattern_ != pattern_version) {
    exchange_.emplace(equations_);
    exchanged_pattern_ = pattern_version;
  }
  const Vec owned = exchange_->owned_vector();
  exchange_->add_to_owners(assembled, owned);
  const PetscScalar* sums = nullptr;
  petsc_check(VecGetArrayRead(owned, &sums), "VecGetArrayRead");
  completed_.setZero(assembled.size());
  for (int local = 0; local < equations_.local_count(); ++local)
    if (equations_.owns(local))
      completed_[local] =
          sums[equations_.global_row[static_cast<std::size_t>(local)] - equations_.first_owned];
  petsc_check(VecRestoreArrayRead(owned, &sums), "VecRestoreArrayRead");
  return completed_;
}

double EquationPartition::max_over_processes(double value) const { return collective::max(value); }
bool EquationPartition::on_every_process(bool value) const { return collective::all(value); }
bool EquationPartition::on_any_process(bool value) const { return collective::any(value); }
std::uint64_t EquationPartition::sum_over_processes(std::uint64_t value) const {
  return collective::sum(value);
}
double EquationPartition::total_over_processes(double value) const {
  collective::sum(std::span<double>(&value, 1));
  return value;
}

void EquationPartition::share_increments(Eigen::VectorXd& increments) const {
  const int first = numbering_.first_row[static_cast<std::size_t>(ownership_.rank)];
  std::vector<double> mine(static_cast<std::size_t>(numbering_.owned_count(ownership_.rank)));
  for (std::size_t k = 0; k < mine.size(); ++k)
    mine[k] = increments[numbering_.dof_of_row[static_cast<std::size_t>(first) + k]];
  const std::vector<double> all = collective::gather(mine);
  for (std::size_t row = 0; row < all.size(); ++row)
    increments[numbering_.dof_of_row[row]] = all[row];
}

}  // namespace polydem
