#include "src/analysis/run_output.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "src/analysis/body_resultants.hpp"
#include "src/analysis/body_table.hpp"
#include "src/analysis/surface_output.hpp"
#include "src/core/errors.hpp"
#include "src/core/peak_resident_memory.hpp"
#include "src/core/rotation.hpp"
#include "src/io/atomic_file.hpp"
#include "src/io/csv_writer.hpp"
#include "src/io/pvd_writer.hpp"
#include "src/io/vtu_writer.hpp"

namespace polydem {
namespace {

const std::vector<std::string> kMonitorColumns = {"time",
                                                  "dt",
                                                  "newton_iterations",
                                                  "rejected_steps",
                                                  "kinetic_energy",
                                                  "potential_energy",
                                                  "external_work",
                                                  "total_energy",
                                                  "linear_momentum_x",
                                                  "linear_momentum_y",
                                                  "linear_momentum_z",
                                                  "angular_momentum_x",
                                                  "angular_momentum_y",
                                                  "angular_momentum_z"};

/// With contact: counts, night-owl re-solves, stored energy; then the reaction
/// of each boundary and each fixed body (body_resultants.hpp).
std::vector<std::string> monitor_columns(const Model& model) {
  std::vector<std::string> columns = kMonitorColumns;
  if (model.contact)
    columns.insert(columns.end(),
                   {"contacts_body_body", "contacts_body_boundary", "night_owls", "contact_energy",
                    "damping_dissipation", "friction_dissipation", "contact_switching_energy",
                    "integrator_dissipation", "energy_balance_error", "closest_gap",
                    "explicit_critical_step"});
  for (const std::string& name : reaction_names(model))
    for (const char* axis : {"x", "y", "z", "mx", "my", "mz"})
      columns.push_back("reaction_" + name + "_" + axis);
  return columns;
}

const std::vector<std::string> kNewtonColumns = {"time",          "dt",   "evaluation",
                                                 "residual_norm", "kind", "halvings"};

const char* const kNotAsItWas =
    "does not begin as it did at the checkpoint (it is missing, cut short or changed)";

nlohmann::json to_json(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

void append(DataArray& array, const Vec3& v) {
  array.values.insert(array.values.end(), {v.x(), v.y(), v.z()});
}

// Whether any of the body's translations (DOFs x, y, z of its pole) is held or
// prescribed: then its weight is not carried by contacts alone.
bool translation_held(const Model& model, const RigidBody& body) {
  for (int k = 0; k < 3; ++k)
    if (model.dofs.is_constrained(kDofsPerNode * body.node() + k)) return true;
  return false;
}

// One point per pole, then one per rigid node (point_kind 0 and 1); a rigid
// node's body_id, mass, translation_held and centre_of_mass are those of its
// body, a pole's constraint reaction is zero.
VtuMesh bodies_as_points(const Model& model) {
  VtuMesh mesh;
  DataArray id{"body_id", 1, {}}, kind{"point_kind", 1, {}}, mass{"mass", 1, {}},
      held{"translation_held", 1, {}}, velocity{"velocity", 3, {}},
      angular{"angular_velocity", 3, {}}, quaternion{"rotation_quaternion_wxyz", 4, {}},
      rotation{"rotation_vector", 3, {}}, centre{"centre_of_mass", 3, {}},
      force{"constraint_force", 3, {}}, moment{"constraint_moment", 3, {}};
  const auto add_point = [&](int body_index, int node, double point_kind,
                             const Wrench<double>& reaction) {
    const RigidBody& body = *model.bodies[static_cast<std::size_t>(body_index)];
    const NodeState& state = model.nodes[static_cast<std::size_t>(node)];
    mesh.points.push_back(state.position);
    id.values.push_back(static_cast<double>(body_index));
    kind.values.push_back(point_kind);
    mass.values.push_back(body.mass());
    held.values.push_back(translation_held(model, body) ? 1.0 : 0.0);
    append(velocity, state.velocity);
    append(angular, state.angular_velocity);
    const auto& q = state.rotation;
    quaternion.values.insert(quaternion.values.end(), {q.w(), q.x(), q.y(), q.z()});
    append(rotation, quaternion_to_rotation_vector(q));
    append(centre, body.centre_of_mass(model.nodes[static_cast<std::size_t>(body.node())]));
    append(force, reaction.force);
    append(moment, reaction.moment);
  };
  for (std::size_t b = 0; b < model.bodies.size(); ++b)
    add_point(static_cast<int>(b), model.bodies[b]->node(), 0.0, {});
  for (const RigidNode& rigid_node : model.rigid_nodes)
    add_point(rigid_node.body, rigid_node.link->node(), 1.0, rigid_node.reaction);
  mesh.add_vertex_cells();
  mesh.take_point_data({&id, &kind, &mass, &held, &velocity, &angular, &quaternion, &rotation,
                        &centre, &force, &moment});
  return mesh;
}

/// Active contacts as points with their force vectors, for glyphs in ParaView.
VtuMesh contacts_as_points(const ContactSnapshot& snapshot) {
  VtuMesh mesh;
  DataArray normal_force{"normal_force", 3, {}}, friction_force{"friction_force", 3, {}},
      normal{"normal", 3, {}}, gap{"gap", 1, {}}, body_a{"body_a", 1, {}}, body_b{"body_b", 1, {}},
      boundary{"boundary", 1, {}}, kind{"kind", 1, {}}, slip{"slip", 1, {}};
  const std::size_t count = snapshot.contacts.size();
  mesh.points.reserve(count);
  for (DataArray* array :
       {&normal_force, &friction_force, &normal, &gap, &body_a, &body_b, &boundary, &kind, &slip})
    array->values.reserve(count * static_cast<std::size_t>(array->components));
  for (const ContactRecord& c : snapshot.contacts) {
    mesh.points.push_back(c.outcome.point);
    append(normal_force, c.outcome.normal_force);
    append(friction_force, c.outcome.friction_force);
    append(normal, c.outcome.normal);
    gap.values.push_back(c.outcome.gap);
    body_a.values.push_back(c.body_a);
    body_b.values.push_back(c.body_b);
    boundary.values.push_back(c.boundary);
    kind.values.push_back(
        static_cast<double>(c.kind));  // 0 vertex-face, 1 edge-edge, 2 vertex-edge, 3 vertex-vertex
    slip.values.push_back(c.outcome.status == StickSlip::Slip ? 1.0 : 0.0);
  }
  mesh.add_vertex_cells();
  mesh.take_point_data(
      {&normal_force, &friction_force, &normal, &gap, &body_a, &body_b, &boundary, &kind, &slip});
  return mesh;
}

// A value that may be ∞ (no contact yet): JSON has no infinity, so null.
nlohmann::ordered_json finite_or_null(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

// Each structure's largest size over the run (StructureBytes).
nlohmann::ordered_json structures_json(const StructureBytes& largest) {
  return {{"assembly", largest.assembly},
          {"contact_histories", largest.contact_histories},
          {"contact_pairs", largest.contact_pairs},
          {"candidate_data", largest.candidate_data},
          {"search_lists", largest.search_lists}};
}

// The process's peak resident memory (the kernel's high-water mark, libraries included) and
// the sizes of the structures that grow with the model, so that memory per body and per
// contact can be read off two runs of different size (issue 29).
nlohmann::ordered_json memory_json(const Model& model, const RunTotals& totals) {
  const double peak = peak_resident_bytes();
  const auto bodies = static_cast<double>(std::max<std::size_t>(model.bodies.size(), 1));
  // Compressed rows: a value and a column index per entry, a row start per row.
  const double tangent_bytes =
      static_cast<double>(totals.largest_tangent_entries) * (sizeof(double) + sizeof(int)) +
      static_cast<double>(model.dofs.equation_count() + 1) * sizeof(int);
  return {{"peak_resident_bytes", peak},
          {"peak_resident_bytes_per_body", peak / bodies},
          {"largest_tangent_entries", totals.largest_tangent_entries},
          {"largest_tangent_bytes", tangent_bytes},
          {"largest_contact_elements", totals.largest_contact_elements},
          {"contact_histories_at_end",
           model.contact ? static_cast<long>(model.contact->histories().size()) : 0L},
          {"largest_structures_bytes", structures_json(totals.largest_structures)}};
}

nlohmann::ordered_json explicit_comparison(const ExplicitStepTally& tally) {
  return {
      {"smallest_critical_step", finite_or_null(tally.smallest_critical_step())},
      {"time_of_smallest", finite_or_null(tally.time_of_smallest())},
      {"closest_gap", finite_or_null(tally.closest_gap())},
      {"mean_step", tally.mean_step()},
      {"mean_step_over_smallest_critical_step", finite_or_null(tally.mean_step_over_smallest())},
      {"steps_with_contact", tally.steps_with_contact()},
      {"explicit_steps_with_contact", tally.explicit_steps_with_contact()}};
}

// What the Verlet lists cost over the run (contact/search/contact_search.hpp): how often they
// were rebuilt in full or in part, and the time in builds against the per-step filtering.
nlohmann::ordered_json search_json(const SearchStatistics& statistics) {
  return {{"searches", statistics.searches},
          {"list_builds", statistics.list_builds},
          {"partial_builds", statistics.partial_builds},
          {"heads_remade", statistics.heads_remade},
          {"pairs_traversed", statistics.pairs_traversed},
          {"pairs_kept_together", statistics.pairs_kept_together},
          {"list_pairs", statistics.list_pairs},
          {"list_leaf_pairs", statistics.list_leaf_pairs},
          {"list_bytes", statistics.memory_bytes},
          {"build_seconds", statistics.builds_seconds},
          {"filter_seconds", statistics.filters_seconds}};
}

// The constraint force and moment are what the node passes to its body (the
// multipliers λ and, as a spatial moment, μ; see elements/rigid_node_link.hpp).
nlohmann::ordered_json rigid_nodes_json(const Model& model) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    const NodeState& state = model.nodes[static_cast<std::size_t>(rigid_node.link->node())];
    list.push_back({{"name", rigid_node.name},
                    {"body", model.body_names[static_cast<std::size_t>(rigid_node.body)]},
                    {"position", to_json(state.position)},
                    {"rotation_vector", to_json(quaternion_to_rotation_vector(state.rotation))},
                    {"velocity", to_json(state.velocity)},
                    {"angular_velocity", to_json(state.angular_velocity)},
                    {"constraint_force", to_json(rigid_node.reaction.force)},
                    {"constraint_moment", to_json(rigid_node.reaction.moment)}});
  }
  return list;
}

// At the last accepted state: force (N) and moment about the origin (N·m).
nlohmann::ordered_json reactions_json(const Model& model, const std::vector<Wrench<double>>& last) {
  nlohmann::ordered_json reactions = nlohmann::ordered_json::object();
  const std::vector<std::string> names = reaction_names(model);
  if (names.size() != last.size()) return reactions;  // no step accepted
  for (std::size_t k = 0; k < names.size(); ++k)
    reactions[names[k]] = {{"force", to_json(last[k].force)}, {"moment", to_json(last[k].moment)}};
  return reactions;
}

}  // namespace

RunOutput::RunOutput(const std::filesystem::path& directory, const Model& model,
                     const DeckData& deck)
    : directory_(directory),
      deck_(deck),
      monitor_columns_(monitor_columns(model)),
      tracked_(tracked_bodies(model, deck.output)),
      body_columns_(body_table_columns(model, tracked_)),
      reads_records_every_step_(!tracked_.empty() || !fixed_bodies(model).empty()) {}

RunOutput::~RunOutput() = default;

void RunOutput::run_started(const Model& model) {
  if (!monitor_csv_) open_new(model);  // else read_state() opened them
}

void RunOutput::open_new(const Model& model) {
  create_output_directory(directory_);
  monitor_csv_ = std::make_unique<CsvLog>(directory_ / "monitor.csv", monitor_columns_);
  newton_csv_ = std::make_unique<CsvLog>(directory_ / "newton.csv", kNewtonColumns);
  if (!tracked_.empty())
    bodies_csv_ = std::make_unique<CsvLog>(directory_ / "bodies.csv", body_columns_);
  if (deck_.output.vtk) create_output_directory(directory_ / "vtk");
  make_collections(model);
}

// Empty until their first add(), which replaces what an earlier run left.
void RunOutput::make_collections(const Model& model) {
  if (deck_.output.vtk) {
    pvd_ = std::make_unique<PvdCollection>(directory_ / "results.pvd");
    if (model.contact) contact_pvd_ = std::make_unique<PvdCollection>(directory_ / "contacts.pvd");
    if (model.contact && deck_.output.surfaces)
      surfaces_pvd_ = std::make_unique<PvdCollection>(directory_ / "surfaces.pvd");
  }
}

// Checked before any file changes, so that a refused restart leaves the folder as it was.
void RunOutput::check_history(const OutputHistory& history) const {
  const auto refuse = [&](const std::filesystem::path& file, const std::string& why) {
    throw InputError(cannot_continue(directory_, history, file, why));
  };
  if (!AppendOnlyLog::resumable(directory_ / "monitor.csv", history.monitor))
    refuse(directory_ / "monitor.csv", kNotAsItWas);
  if (!AppendOnlyLog::resumable(directory_ / "newton.csv", history.newton))
    refuse(directory_ / "newton.csv", kNotAsItWas);
  if (!tracked_.empty() && !AppendOnlyLog::resumable(directory_ / "bodies.csv", history.bodies))
    refuse(directory_ / "bodies.csv", kNotAsItWas);
  for (const Series& series : all_series())
    for (std::size_t k = 0; k < history.sample_times.size(); ++k)
      if (const auto file = sample_file(series.kind, k); !std::filesystem::exists(file))
        refuse(file, "(a sample before the checkpoint) is missing");
}

// The logs cut back to the checkpoint, the .pvd files listing the samples up to it.
void RunOutput::continue_history(const Model& model, const OutputHistory& history) {
  make_collections(model);
  check_history(history);
  monitor_csv_ = CsvLog::resume(directory_ / "monitor.csv", monitor_columns_, history.monitor);
  newton_csv_ = CsvLog::resume(directory_ / "newton.csv", kNewtonColumns, history.newton);
  if (!tracked_.empty())
    bodies_csv_ = CsvLog::resume(directory_ / "bodies.csv", body_columns_, history.bodies);
  if (!monitor_csv_ || !newton_csv_ || (!tracked_.empty() && !bodies_csv_))
    // changed since check_history() read them
    throw InputError(cannot_continue(directory_, history, directory_ / "monitor.csv", kNotAsItWas));
  for (const Series& series : all_series()) {
    std::vector<std::filesystem::path> files;
    for (std::size_t k = 0; k < history.sample_times.size(); ++k)
      files.push_back(sample_file(series.kind, k));
    series.collection->add(history.sample_times, files);
  }
}

std::vector<RunOutput::Series> RunOutput::all_series() const {
  std::vector<Series> series;
  if (pvd_) series.push_back({pvd_.get(), "bodies"});
  if (contact_pvd_) series.push_back({contact_pvd_.get(), "contacts"});
  if (surfaces_pvd_) series.push_back({surfaces_pvd_.get(), "surfaces"});
  return series;
}

std::filesystem::path RunOutput::sample_file(const char* kind, std::size_t index) const {
  char name[48];
  std::snprintf(name, sizeof name, "%s_%06zu.vtu", kind, index);
  return directory_ / "vtk" / name;
}

void RunOutput::step_accepted(const Model& model, const StepRecord& record) {
  const MonitorValues& values = record.energy;
  last_energy_ = values;
  last_time_ = record.time;
  rejected_steps_ += record.rejected_attempts;
  const Vec3& p = values.linear_momentum;
  const Vec3& h = values.angular_momentum;
  std::vector<double> row = {record.time,
                             record.dt,
                             static_cast<double>(record.newton_iterations),
                             static_cast<double>(rejected_steps_),
                             values.kinetic_energy,
                             values.potential_energy,
                             values.external_work,
                             values.total_energy(),
                             p.x(),
                             p.y(),
                             p.z(),
                             h.x(),
                             h.y(),
                             h.z()};
  if (model.contact) {
    const ContactSnapshot& contact = model.contact->snapshot();
    row.insert(
        row.end(),
        {static_cast<double>(contact.body_body), static_cast<double>(contact.body_boundary),
         static_cast<double>(record.night_owls), values.contact_energy, values.damping_dissipation,
         values.friction_dissipation, values.switching_energy, values.integrator_dissipation,
         values.energy_balance_error(), contact.closest_gap, contact.explicit_critical_step});
    explicit_steps_.add(record.time, record.dt, contact.explicit_critical_step,
                        contact.closest_gap);
  }
  last_reactions_ = reactions(model, record.time, record.load_factor);
  for (const Wrench<double>& w : last_reactions_)
    row.insert(row.end(),
               {w.force.x(), w.force.y(), w.force.z(), w.moment.x(), w.moment.y(), w.moment.z()});
  monitor_csv_->write_row(row);
  if (bodies_csv_) bodies_csv_->write_row(body_table_row(model, tracked_, record.time));
  for (std::size_t k = 0; k < record.residual_norms.size(); ++k)
    newton_csv_->write_row({record.time, record.dt, static_cast<double>(k),
                            record.residual_norms[k],
                            static_cast<double>(record.evaluation_kinds[k]),
                            static_cast<double>(record.correction_halvings[k])});
}

bool RunOutput::reads_contact_records(const Model& /*model*/, bool sample) const {
  return (sample && deck_.output.vtk) || reads_records_every_step_;
}

void RunOutput::sample(const Model& model, double time) {
  if (!pvd_) return;
  const std::size_t index = sample_times_.size();
  const std::filesystem::path bodies = sample_file("bodies", index);
  write_vtu(bodies, bodies_as_points(model));
  pvd_->add(time, bodies);
  if (contact_pvd_) {
    const std::filesystem::path contacts = sample_file("contacts", index);
    write_vtu(contacts, contacts_as_points(model.contact->snapshot()));
    contact_pvd_->add(time, contacts);
  }
  if (surfaces_pvd_) {
    const std::filesystem::path surfaces = sample_file("surfaces", index);
    write_vtu(surfaces, surfaces_mesh(model, time));
    surfaces_pvd_->add(time, surfaces);
  }
  sample_times_.push_back(time);
}

void RunOutput::persist() {
  monitor_csv_->flush();
  newton_csv_->flush();
  if (bodies_csv_) bodies_csv_->flush();
}

// persist() came first, so the logs' extents are what is on disk.
void RunOutput::write_state(StateWriter& out) const {
  out.put(static_cast<std::int64_t>(rejected_steps_));
  explicit_steps_.write_state(out);
  OutputHistory{directory_,
                last_time_,
                monitor_csv_->log().extent(),
                newton_csv_->log().extent(),
                bodies_csv_ ? bodies_csv_->log().extent() : LogExtent{},
                sample_times_}
      .write(out);
}

void RunOutput::read_state(StateReader& in, const Model& model) {
  rejected_steps_ = in.integer();
  explicit_steps_.read_state(in);
  OutputHistory history;
  history.read(in);
  last_time_ = history.time;
  sample_times_ = history.sample_times;
  if (continues_in(directory_, history)) {
    continue_history(model, history);
    return;
  }
  open_new(model);
  restart_note_ = new_folder_note(directory_, history);
}

void RunOutput::finished(const Model& model, const RunTotals& totals) {
  monitor_csv_->finish();
  newton_csv_->finish();
  if (bodies_csv_) bodies_csv_->finish();
  write_summary(model, totals);
}

void RunOutput::write_summary(const Model& model, const RunTotals& totals) const {
  nlohmann::ordered_json summary;
  summary["deck"] = deck_.path;
  summary["status"] = totals.gave_up            ? "gave_up"
                      : totals.warnings.empty() ? "completed"
                                                : "completed_with_warnings";
  if (totals.gave_up) summary["message"] = totals.give_up_reason;
  summary["warnings"] = totals.warnings;
  summary["final_time"] = totals.final_time;
  summary["gravity"] = to_json(model.gravity);
  nlohmann::ordered_json bodies = nlohmann::ordered_json::array();
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const RigidBody& body = *model.bodies[b];
    const NodeState& state = model.nodes[static_cast<std::size_t>(body.node())];
    bodies.push_back({{"name", model.body_names[b]},
                      {"mass", body.mass()},
                      {"translation_held", translation_held(model, body)},
                      {"position", to_json(state.position)},
                      {"rotation_vector", to_json(quaternion_to_rotation_vector(state.rotation))},
                      {"velocity", to_json(state.velocity)},
                      {"angular_velocity", to_json(state.angular_velocity)}});
  }
  summary["bodies"] = bodies;
  summary["rigid_nodes"] = rigid_nodes_json(model);
  summary["reactions"] = reactions_json(model, last_reactions_);
  const double steps = static_cast<double>(std::max(totals.accepted_steps, 1L));
  summary["totals"] = {
      {"accepted_steps", totals.accepted_steps},
      {"rejected_steps", totals.rejected_steps},
      {"impact_shortened_steps", totals.impact_shortened_steps},
      {"newton_iterations", totals.newton_iterations},
      {"newton_iterations_per_step", static_cast<double>(totals.newton_iterations) / steps},
      {"night_owl_resolves", totals.night_owl_resolves},
      {"crossings_frozen", totals.crossings_frozen},
      {"active_set_cycles", totals.active_set_cycles},
      {"linear_solver_fallbacks", totals.linear_solver_fallbacks},
      {"rejections_by_cause", totals.rejections}};
  summary["energy"] = {{"balance_error", last_energy_.energy_balance_error()},
                       {"moved", totals.energy_scale},
                       {"initial", last_energy_.initial_energy}};
  if (model.contact) summary["explicit_comparison"] = explicit_comparison(explicit_steps_);
  if (model.contact) summary["contact_search"] = search_json(model.contact->search_statistics());
  if (model.contact && model.contact->search_settings().domain) {
    const DomainReport& domain = model.contact->domain_report();
    summary["contact_domain"] = {{"exits", domain.exits},
                                 {"outside_now", domain.outside_now},
                                 {"warnings", domain.warnings}};
  }
  summary["memory"] = memory_json(model, totals);
  const double rest = totals.total_seconds - totals.assembly_seconds - totals.linear_solve_seconds -
                      totals.contact_seconds - totals.decomposition_seconds - totals.output_seconds;
  summary["wall_seconds"] = {
      {"assembly", totals.assembly_seconds}, {"linear_solve", totals.linear_solve_seconds},
      {"contact", totals.contact_seconds},   {"decomposition", totals.decomposition_seconds},
      {"output", totals.output_seconds},     {"rest", rest},
      {"total", totals.total_seconds}};
  write_file_atomically(directory_ / "summary.json", summary.dump(2) + "\n");
  if (!totals.decomposition_report.empty())
    write_file_atomically(directory_ / "decomposition.json", totals.decomposition_report);
}

}  // namespace polydem
