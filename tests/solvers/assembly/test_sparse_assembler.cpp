// SparseAssembler against Eigen's own assembly of the same element matrices as triplets
// (an independent sum), and bitwise against itself on one thread: on 4 threads the first
// calls run the team sizes in turn (4, 2, 1, ...), so the threaded gathers are exercised,
// and each must give the bits of the one-thread scatter.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "solvers/assembly/sparse_assembler.hpp"

using namespace polydem;

namespace {

/// An element with given DOFs (repeats and constrained ones allowed) whose residual and
/// tangent are fixed numbers of widely different magnitudes, so that the order of the
/// sums shows in the last bits.
class FixedElement final : public Element {
 public:
  FixedElement(std::vector<int> dofs, int seed) : dofs_(std::move(dofs)), seed_(seed) {}
  std::span<const int> dofs() const override { return dofs_; }
  double residual_entry(int i) const { return std::sin(seed_ + 1.3 * i) * scale(i); }
  double tangent_entry(int i, int j) const {
    return std::cos(seed_ + 3.1 * i + 7.7 * j) * scale(i + j);
  }
  void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                Eigen::Ref<Eigen::MatrixXd> tangent) const override {
    evaluate_residual(ctx, residual);
    for (int j = 0; j < tangent.cols(); ++j)
      for (int i = 0; i < tangent.rows(); ++i) tangent(i, j) = tangent_entry(i, j);
  }
  void evaluate_residual(const StepContext&, Eigen::Ref<Eigen::VectorXd> residual) const override {
    for (int i = 0; i < residual.size(); ++i) residual[i] = residual_entry(i);
  }

 private:
  double scale(int k) const { return std::pow(10.0, (seed_ + k) % 9 - 4); }
  std::vector<int> dofs_;
  int seed_;
};

struct Model {
  DofMap dofs;
  std::vector<FixedElement> elements;
  std::vector<const Element*> views;
};

Model random_model(int dof_count, int element_count, unsigned seed) {
  std::mt19937 rng(seed);
  Model model{DofMap(dof_count), {}, {}};
  for (int dof = 0; dof < dof_count; dof += 7) model.dofs.constrain(dof);
  model.dofs.number_equations();
  std::uniform_int_distribution<int> size(1, 12), dof(0, dof_count - 1);
  model.elements.reserve(static_cast<std::size_t>(element_count));
  for (int e = 0; e < element_count; ++e) {
    std::vector<int> element_dofs(static_cast<std::size_t>(size(rng)));
    for (int& d : element_dofs) d = dof(rng);
    model.elements.emplace_back(std::move(element_dofs), e);
  }
  for (const FixedElement& element : model.elements) model.views.push_back(&element);
  return model;
}

/// Eigen's sum of every element's entries over the unconstrained equations.
void assemble_as_triplets(const Model& model, Eigen::VectorXd& residual, SparseMatrix& tangent) {
  const int equations = model.dofs.equation_count();
  residual.setZero(equations);
  std::vector<Eigen::Triplet<double, int>> entries;
  for (const FixedElement& element : model.elements) {
    const auto dofs = element.dofs();
    for (std::size_t i = 0; i < dofs.size(); ++i) {
      const int row = model.dofs.equation(dofs[i]);
      if (row < 0) continue;
      residual[row] += element.residual_entry(static_cast<int>(i));
      for (std::size_t j = 0; j < dofs.size(); ++j) {
        const int col = model.dofs.equation(dofs[j]);
        if (col >= 0)
          entries.emplace_back(row, col,
                               element.tangent_entry(static_cast<int>(i), static_cast<int>(j)));
      }
    }
  }
  tangent.resize(equations, equations);
  tangent.setFromTriplets(entries.begin(), entries.end());
}

}  // namespace

TEST_CASE("the assembly equals Eigen's sum of triplets, and its bits do not depend on threads",
          "[sparse_assembler]") {
  const Model model = random_model(600, 400, 11);
  const StepContext ctx;
  Eigen::VectorXd expected_residual;
  SparseMatrix expected_tangent;
  assemble_as_triplets(model, expected_residual, expected_tangent);

  SparseAssembler alone;
  alone.build_pattern(model.dofs, model.views);
  alone.assemble(ctx, 1);
  CHECK((alone.residual() - expected_residual).norm() <= 1e-12 * expected_residual.norm());
  CHECK((alone.tangent() - expected_tangent).norm() <= 1e-12 * expected_tangent.norm());

  SparseAssembler shared;
  shared.build_pattern(model.dofs, model.views, 4);
  for (int call = 0; call < 8; ++call) {  // team sizes 4, 2, 1, 4, 2, 1, then the fastest
    INFO("call " << call);
    if (call % 2 == 0)
      shared.assemble(ctx, 4);
    else {
      shared.assemble_residual(ctx, 4);
      shared.assemble_tangent(ctx, 4);
    }
    REQUIRE(shared.tangent().nonZeros() == alone.tangent().nonZeros());
    for (Eigen::Index k = 0; k < alone.tangent().nonZeros(); ++k)
      REQUIRE(shared.tangent().valuePtr()[k] == alone.tangent().valuePtr()[k]);
    for (Eigen::Index k = 0; k < alone.residual().size(); ++k)
      REQUIRE(shared.residual()[k] == alone.residual()[k]);
  }
}

/// Every entry of the assembled tangent, on two threads and twice over, equals the plain sum
/// of the elements' entries taken in element order, each element's row by row (exactly: the
/// sums' order shows where an element lists a DOF twice).
void require_sums_in_element_order(const Model& model) {
  std::map<std::pair<int, int>, double> in_order;
  for (const FixedElement& element : model.elements) {
    const auto dofs = element.dofs();
    for (std::size_t i = 0; i < dofs.size(); ++i)
      for (std::size_t j = 0; j < dofs.size(); ++j) {
        const int row = model.dofs.equation(dofs[i]), col = model.dofs.equation(dofs[j]);
        if (row >= 0 && col >= 0)
          in_order[{row, col}] += element.tangent_entry(static_cast<int>(i), static_cast<int>(j));
      }
  }
  SparseAssembler assembler;
  assembler.build_pattern(model.dofs, model.views, 2);
  for (int call = 0; call < 2; ++call) {
    assembler.assemble(StepContext{}, 2);
    const SparseMatrix& tangent = assembler.tangent();
    REQUIRE(static_cast<std::size_t>(tangent.nonZeros()) == in_order.size());
    for (int row = 0; row < tangent.outerSize(); ++row)
      for (SparseMatrix::InnerIterator entry(tangent, row); entry; ++entry)
        REQUIRE(entry.value() == in_order.at({row, static_cast<int>(entry.col())}));
  }
}

TEST_CASE("a tangent assembled block by block sums every entry from zero in element order",
          "[sparse_assembler]") {
  // More elements than one block of local tangents (SparseAssembler::kBlock): each entry
  // must still be the plain sum over the elements in their order, and a second assembly
  // must start from zero again.
  require_sums_in_element_order(random_model(3000, 5000, 5));
}

TEST_CASE("elements of whole bodies, some DOFs held, place their runs of columns exactly",
          "[sparse_assembler]") {
  // Bodies' six consecutive DOFs, as rigid bodies and contact pairs have them: the
  // assembler places each run of consecutive equations from one position per row. Held
  // DOFs cut runs short, a pair may list its second body first, and a body may appear
  // twice in one element.
  constexpr int kBodies = 80;
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> body(0, kBodies - 1), bodies_per_element(1, 3);
  Model model{DofMap(6 * kBodies), {}, {}};
  for (int dof = 3; dof < 6 * kBodies; dof += 11) model.dofs.constrain(dof);
  model.dofs.number_equations();
  for (int e = 0; e < 700; ++e) {
    std::vector<int> dofs;
    for (int k = bodies_per_element(rng); k > 0; --k)
      for (int d = 0, b = body(rng); d < 6; ++d) dofs.push_back(6 * b + d);
    model.elements.emplace_back(std::move(dofs), e);
  }
  for (const FixedElement& element : model.elements) model.views.push_back(&element);
  require_sums_in_element_order(model);
}
