#include "src/parallel/body_ownership.hpp"

#include <numeric>

namespace polydem {

// DOFs: six per pole, six per rigid node, then six multipliers per rigid node
// (model_builder.cpp); a rigid node belongs to the body it is tied to.
int body_of_dof(const Model& model, int dof) {
  const int bodies = static_cast<int>(model.bodies.size());
  const int rigid_nodes = static_cast<int>(model.rigid_nodes.size());
  const int node = dof / kDofsPerNode;
  if (node < bodies) return node;
  const int rigid_node = node < bodies + rigid_nodes ? node - bodies : node - bodies - rigid_nodes;
  return model.rigid_nodes[static_cast<std::size_t>(rigid_node)].body;
}

RankNumbering number_by_rank(const Model& model, const BodyOwnership& ownership) {
  const int dofs = model.dofs.dof_count();
  std::vector<int> rank_of_dof(static_cast<std::size_t>(dofs), -1);
  std::vector<int> counts(static_cast<std::size_t>(ownership.ranks), 0);
  for (int dof = 0; dof < dofs; ++dof) {
    if (model.dofs.is_constrained(dof)) continue;
    const int rank = ownership.owner[static_cast<std::size_t>(body_of_dof(model, dof))];
    rank_of_dof[static_cast<std::size_t>(dof)] = rank;
    ++counts[static_cast<std::size_t>(rank)];
  }
  RankNumbering numbering;
  numbering.first_row.assign(counts.size() + 1, 0);
  std::partial_sum(counts.begin(), counts.end(), numbering.first_row.begin() + 1);
  std::vector<int> next(numbering.first_row.begin(), numbering.first_row.end() - 1);
  numbering.row_of_dof.assign(static_cast<std::size_t>(dofs), -1);
  numbering.dof_of_row.assign(static_cast<std::size_t>(numbering.first_row.back()), -1);
  for (int dof = 0; dof < dofs; ++dof) {
    const int rank = rank_of_dof[static_cast<std::size_t>(dof)];
    if (rank < 0) continue;
    const int row = next[static_cast<std::size_t>(rank)]++;
    numbering.row_of_dof[static_cast<std::size_t>(dof)] = row;
    numbering.dof_of_row[static_cast<std::size_t>(row)] = dof;
  }
  return numbering;
}

}  // namespace polydem
