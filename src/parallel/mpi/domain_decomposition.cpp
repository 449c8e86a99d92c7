// make_domain_decomposition with PETSc and MPI.
#include "src/parallel/make_domain_decomposition.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "solvers/parallel_runtime.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/model_state.hpp"
#include "src/core/peak_resident_memory.hpp"
#include "src/parallel/mpi/collectives.hpp"
#include "src/parallel/mpi/contact_exchange.hpp"
#include "src/parallel/mpi/equation_partition.hpp"
#include "src/parallel/mpi/ghost_layer.hpp"
#include "src/parallel/mpi/load_balance.hpp"

namespace polydem {
namespace {

// Rebalancing costs a new numbering, new search lists and a new symbolic
// factorisation: only worth it once the slowest process carries 20 % more
// than the partition achieved.
constexpr double kImbalanceTolerance = 1.2;

class MpiDomainDecomposition final : public DomainDecomposition {
 public:
  /// Splits `model`, built without its initial accelerations (decomposes()), and sets them
  /// for `start_time`.
  MpiDomainDecomposition(Model& model, double start_time);
  ~MpiDomainDecomposition() override {
    if (model_.contact) model_.contact->set_partition(nullptr);
  }

  int processes() const override { return ownership_.ranks; }
  int process() const override { return ownership_.rank; }
  SystemPartition& system() override { return equations_; }
  std::unique_ptr<LinearSolver> linear_solver(const LinearSolverChoice& choice) override {
    return choice.make_distributed(equations_.equations());
  }
  void begin_analysis_step(double time) override;
  bool begin_time_step(const StepContext& ctx) override;
  void before_end_of_step_search(const StepContext& ctx) override {
    if (model_.contact) ghosts_.cover(*model_.contact, ctx, false);
  }
  StepVerdict agreed(StepVerdict own) override { return agreed_verdict(own); }
  std::string first_problem(const std::string& own) override { return polydem::first_problem(own); }
  void share_contact_snapshot(bool for_output) override;
  std::vector<std::string> gather_on_first(const std::string& mine) override {
    return collective::gather_on_first(mine);
  }
  void wait_for_all() override { collective::all(true); }
  std::string placement() override;
  void restore(std::span<const std::string> contact_states, const std::string& placement,
               const std::string& checkpoint_file) override;
  std::string report() override;

 private:
  void keep_own_histories();
  void follow_owners();
  /// Drops the friction histories of the pairs other processes head (they hold them too).
  /// The owners and balance a placement() wrote; InputError when they do not fit the model.
  void read_placement(const std::string& placement, const std::string& checkpoint_file);

  Model& model_;
  BodyOwnership ownership_;
  LoadBalancer balancer_{kImbalanceTolerance};
  EquationPartition equations_{ownership_};
  GhostLayer ghosts_{ownership_};
  long time_steps_ = 0;
  double ghost_sum_ = 0;  ///< over the time steps, for the report's averages
  double pair_sum_ = 0;
  double owned_row_sum_ = 0;
};

MpiDomainDecomposition::MpiDomainDecomposition(Model& model, double start_time) : model_(model) {
  parallel::start();
  ownership_.rank = parallel::rank();
  ownership_.ranks = parallel::size();
  balancer_.partition(ownership_, model_);
  if (model_.contact) {
    // Every process read the whole model, and any friction histories of a deck's
    // history_file; each keeps those of its own pairs. Then each finds the contacts of the
    // initial state among its own pairs only (their histories and snapshot: the sums over
    // the processes count each once), and the contact forces of the consistent
    // accelerations as their sum over the processes. Every process finding the whole
    // model's contacts here was each process's peak memory.
    keep_own_histories();
    model_.contact->set_partition(&ghosts_);
    begin_analysis_step(start_time);
  }
  set_consistent_accelerations(model_, start_time);
  // The totals only: the first sample gathers the records where an output reads them
  // (Analysis::sample).
  if (model_.contact) share_contact_snapshot(false);
  equations_.renumber(model_);
}

void MpiDomainDecomposition::keep_own_histories() {
  model_.contact->drop_histories([&](int body) { return !ownership_.owns(body); });
}

void MpiDomainDecomposition::follow_owners() {
  equations_.renumber(model_);
  if (model_.contact) move_histories(*model_.contact, ownership_);
}

void MpiDomainDecomposition::begin_analysis_step(double time) {
  if (!model_.contact) return;
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model_.dofs.dof_count());
  StepContext at_rest;
  at_rest.type = AnalysisType::Static;
  at_rest.time = time;
  at_rest.nodes = model_.nodes;
  at_rest.increments = &zero;
  ghosts_.cover(*model_.contact, at_rest, false);
}

bool MpiDomainDecomposition::begin_time_step(const StepContext& ctx) {
  const bool moved = balancer_.rebalance(ownership_, model_);
  if (moved) follow_owners();
  if (model_.contact) ghosts_.cover(*model_.contact, ctx, true);
  ++time_steps_;
  ghost_sum_ += static_cast<double>(ghosts_.ghost_count());
  pair_sum_ += model_.contact ? static_cast<double>(model_.contact->elements().size()) : 0.0;
  owned_row_sum_ += equations_.equations().owned_count;
  return moved;
}

void MpiDomainDecomposition::share_contact_snapshot(bool for_output) {
  if (!model_.contact) return;
  // Only the first process writes output: the others' observers read no records.
  const bool gather = collective::any(for_output);
  model_.contact->set_whole_snapshot(whole_snapshot(model_.contact->own_snapshot(), gather));
}

std::string MpiDomainDecomposition::placement() {
  StateWriter out;
  out.put(static_cast<std::int64_t>(ownership_.ranks));
  for (const int owner : ownership_.owner) out.put(static_cast<std::int64_t>(owner));
  balancer_.write_state(ownership_, model_, out);
  return out.bytes();
}

void MpiDomainDecomposition::read_placement(const std::string& placement,
                                            const std::string& checkpoint_file) {
  StateReader in(placement, checkpoint_file);
  if (static_cast<int>(in.integer()) != ownership_.ranks) in.fail("another number of processes");
  std::vector<int> owner(model_.bodies.size());
  for (int& o : owner) o = static_cast<int>(in.count(static_cast<std::size_t>(ownership_.ranks)));
  balancer_.read_state(in, model_.bodies.size());
  if (!in.at_end()) in.fail("the bodies' placement has trailing data");
  ownership_.owner = std::move(owner);
  ++ownership_.revision;
}

// On as many processes: each its own part and the owners as they were, so the run goes on
// bitwise. On another number (one included): every part's histories on every process, the
// ledgers on process 0 (the ledger is summed over the processes), and new owners.
void MpiDomainDecomposition::restore(std::span<const std::string> contact_states,
                                     const std::string& placement,
                                     const std::string& checkpoint_file) {
  const bool as_written =
      !placement.empty() && contact_states.size() == static_cast<std::size_t>(ownership_.ranks);
  if (as_written) {
    read_placement(placement, checkpoint_file);
    read_contact_parts(*model_.contact, contact_states.subspan(ownership_.rank, 1), true,
                       checkpoint_file);
  } else {
    read_contact_parts(*model_.contact, contact_states, ownership_.rank == 0, checkpoint_file);
    balancer_.partition(ownership_, model_);
  }
  keep_own_histories();
  equations_.renumber(model_);
}

std::string MpiDomainDecomposition::report() {
  const double steps = static_cast<double>(std::max(time_steps_, 1L));
  const long owned = std::count(ownership_.owner.begin(), ownership_.owner.end(), ownership_.rank);
  const collective::Traffic traffic = collective::traffic();
  const std::vector<double> mine = {static_cast<double>(owned),
                                    ghost_sum_ / steps,
                                    pair_sum_ / steps,
                                    owned_row_sum_ / steps,
                                    static_cast<double>(ghosts_.choices()),
                                    static_cast<double>(traffic.calls),
                                    traffic.bytes,
                                    peak_resident_bytes()};
  const std::vector<double> all = collective::gather(mine);
  if (ownership_.rank != 0) return {};
  nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
  for (std::size_t at = 0; at + mine.size() <= all.size(); at += mine.size())
    ranks.push_back({{"owned_bodies", all[at]},
                     {"ghost_bodies_per_step", all[at + 1]},
                     {"contact_pairs_per_step", all[at + 2]},
                     {"owned_rows_per_step", all[at + 3]},
                     {"ghost_choices", all[at + 4]},
                     {"collective_calls", all[at + 5]},
                     {"collective_bytes", all[at + 6]},
                     {"peak_resident_bytes", all[at + 7]}});
  nlohmann::ordered_json report = {{"ranks", ownership_.ranks},
                                   {"time_steps", time_steps_},
                                   {"repartitions", balancer_.repartitions()},
                                   {"imbalance_at_last_check", balancer_.imbalance()},
                                   {"per_rank", ranks}};
  return report.dump(2) + "\n";
}

}  // namespace

// The model is split only when every step's back end can solve a split system.
bool decomposes(const DeckData& deck) {
  return !deck.steps.empty() &&
         std::all_of(deck.steps.begin(), deck.steps.end(),
                     [](const StepSpec& s) { return bool(s.linear_solver.make_distributed); });
}

std::unique_ptr<DomainDecomposition> make_domain_decomposition(Model& model, const DeckData& deck) {
  if (!decomposes(deck)) return nullptr;
  return std::make_unique<MpiDomainDecomposition>(model, deck.start_time);
}

}  // namespace polydem
