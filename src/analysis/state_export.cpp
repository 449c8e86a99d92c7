#include "src/analysis/state_export.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "src/analysis/analysis.hpp"
#include "src/analysis/body_placement.hpp"
#include "src/analysis/convex/convex_analysis.hpp"
#include "src/analysis/history_table.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/core/errors.hpp"
#include "src/core/file_bytes.hpp"
#include "src/core/rotation.hpp"
#include "src/core/state_stream.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/deck/deck_schema.hpp"
#include "src/deck/param_echo.hpp"
#include "src/deck/param_reader.hpp"
#include "src/deck/yaml_tree.hpp"
#include "src/io/atomic_file.hpp"
#include "src/io/text_format.hpp"

namespace polydem {
namespace {

namespace fs = std::filesystem;

/// The first step still to run at `time`: a step that ends at the reached time is done.
int first_step_to_run(const DeckData& deck, double time, int from) {
  int step = std::max(from, 0);
  const double tolerance = 1e-12 * std::max(1.0, std::abs(time));
  while (step < static_cast<int>(deck.steps.size()) &&
         deck.steps[static_cast<std::size_t>(step)].end_time <= time + tolerance)
    ++step;
  return step;
}

// ---- reading the state of a run's output folder (summary.json) ----

const YamlNode* member(const YamlNode& map, std::string_view key) {
  for (const YamlEntry& entry : map.entries)
    if (entry.key.scalar == key) return &entry.value;
  return nullptr;
}

const YamlNode& required_member(const YamlNode& map, std::string_view key,
                                const std::string& file) {
  const YamlNode* found = map.is_map() ? member(map, key) : nullptr;
  if (found == nullptr)
    throw InputError(SourceMark{file, map.mark.line, map.mark.column}, std::string(key),
                     "missing in the run's summary");
  return *found;
}

double summary_real(const YamlNode& node, const std::string& file, std::string_view key) {
  char* end = nullptr;
  const double value = node.is_scalar() ? std::strtod(node.scalar.c_str(), &end) : NAN;
  if (!node.is_scalar() || end == node.scalar.c_str() || *end != '\0' || !std::isfinite(value))
    throw InputError(SourceMark{file, node.mark.line, node.mark.column}, std::string(key),
                     "expected a finite number");
  return value;
}

Vec3 summary_vec3(const YamlNode& map, std::string_view key, const std::string& file) {
  const YamlNode& node = required_member(map, key, file);
  if (!node.is_sequence() || node.items.size() != 3)
    throw InputError(SourceMark{file, node.mark.line, node.mark.column}, std::string(key),
                     "expected a list of three numbers");
  return {summary_real(node.items[0], file, key), summary_real(node.items[1], file, key),
          summary_real(node.items[2], file, key)};
}

NodeState summary_body(const YamlNode& body, const std::string& file) {
  NodeState state;
  state.position = summary_vec3(body, "position", file);
  state.rotation = rotation_vector_to_quaternion(summary_vec3(body, "rotation_vector", file));
  state.velocity = summary_vec3(body, "velocity", file);
  state.angular_velocity = summary_vec3(body, "angular_velocity", file);
  return state;
}

// ---- rewriting the deck ----

std::string yaml_quoted(std::string_view text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

/// A `body_files` entry for bodies of one template, read as the deck reader reads one.
ParamSet body_file_entry(const std::string& file, const BodyTemplate& body, std::size_t index) {
  const std::string text = "{file: " + yaml_quoted(file) +
                           ", density: " + format_shortest(body.density) +
                           ", group: " + yaml_quoted(body.group) + "}";
  const SchemaRegistry& registry = deck_registry();
  return read_object(parse_yaml(text, file), registry.object("body_file"), registry,
                     "body_files[" + std::to_string(index) + "]");
}

/// Every relative `file` of the tree (meshes), re-expressed relative to the new deck's folder.
void rebase_files(ParamSet& set, const fs::path& from, const fs::path& to) {
  for (Param& param : set.params) {
    if (auto* sets = std::get_if<std::vector<ParamSet>>(&param.value)) {
      for (ParamSet& child : *sets) rebase_files(child, from, to);
    } else if (auto* text = std::get_if<std::string>(&param.value);
               text && (param.name == "file" || param.name == "history_file") && !text->empty() &&
               fs::path(*text).is_relative()) {
      const fs::path target = (from / *text).lexically_normal();
      const fs::path relative = target.lexically_relative(to);
      *text = (relative.empty() ? target : relative).generic_string();
    }
  }
}

void set_body_state(ParamSet& body, const BodySpec& spec) {
  using Entry = std::pair<const char*, const Vec3*>;
  for (const auto& [key, value] :
       {Entry{"position", &spec.position}, Entry{"rotation", &spec.rotation},
        Entry{"velocity", &spec.velocity}, Entry{"angular_velocity", &spec.angular_velocity}}) {
    body.at(key).value = *value;
    body.at(key).given = true;
  }
}

/// Drops the steps before `first`; the first kept one applies their actions before its own, so
/// that what they changed (friction off, walls removed, gravity) holds from the start.
void keep_steps_from(ParamSet& deck, std::size_t first, double next_dt) {
  std::vector<ParamSet>& steps = deck.objects("steps");
  std::vector<ParamSet> actions;
  for (std::size_t k = 0; k < first; ++k)
    for (ParamSet& action : steps[k].objects("actions")) actions.push_back(std::move(action));
  steps.erase(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(first));
  std::vector<ParamSet>& own = steps.front().objects("actions");
  actions.insert(actions.end(), std::make_move_iterator(own.begin()),
                 std::make_move_iterator(own.end()));
  own = std::move(actions);
  if (next_dt > 0) {
    ParamSet& dt = steps.front().objects("dt").front();
    dt.at("initial").value = std::clamp(next_dt, dt.real("min"), dt.real("max"));
  }
}

/// The template (density, group) of each body file and packing, in all_bodies' order, with
/// how many bodies it places.
std::vector<std::pair<BodyTemplate, std::size_t>> bulk_sources(const DeckData& deck,
                                                               const ShapeLibrary& shapes) {
  std::vector<std::pair<BodyTemplate, std::size_t>> sources;
  for (const BodyFileSpec& file : deck.body_files)
    sources.emplace_back(file.body, read_body_file(file, shapes).size());
  for (const PackingSpec& packing : deck.packings)
    sources.emplace_back(packing.body, static_cast<std::size_t>(packing.count));
  return sources;
}

/// Every body of the deck (all_bodies' order) at its reached state.
std::vector<BodySpec> reached_bodies(const DeckData& data, const ShapeLibrary& shapes,
                                     const ReachedState& state) {
  std::vector<BodySpec> bodies = all_bodies(data, shapes);
  if (bodies.size() != state.bodies.size())
    throw InputError(SourceMark{data.path, 0, 0}, "bodies",
                     "the state has " + std::to_string(state.bodies.size()) + " bodies, the deck " +
                         std::to_string(bodies.size()));
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const NodeState& node = state.bodies[b];
    bodies[b].position = node.position;
    bodies[b].rotation = quaternion_to_rotation_vector(node.rotation);
    bodies[b].velocity = node.velocity;
    bodies[b].angular_velocity = node.angular_velocity;
  }
  return bodies;
}

using Files = std::vector<std::pair<fs::path, std::string>>;

/// The bodies of body files and packings, one CSV per source keeping its density and group,
/// named in the tree's body_files; the files to write.
Files bulk_body_files(ParamSet& tree, const DeckData& data, const ShapeLibrary& shapes,
                      const std::vector<BodySpec>& bodies, const fs::path& out) {
  std::vector<ParamSet> entries;
  Files files;
  std::size_t next = data.bodies.size();
  for (const auto& [body, count] : bulk_sources(data, shapes)) {
    const std::string name =
        out.stem().string() + ".bodies" + std::to_string(entries.size() + 1) + ".csv";
    const std::vector<BodySpec> part(bodies.begin() + static_cast<std::ptrdiff_t>(next),
                                     bodies.begin() + static_cast<std::ptrdiff_t>(next + count));
    next += count;
    files.emplace_back(fs::absolute(out).parent_path() / name, format_body_csv(part, true));
    entries.push_back(body_file_entry(name, body, entries.size()));
  }
  tree.objects("body_files") = std::move(entries);
  return files;
}

}  // namespace

namespace {

// The checkpoint read into `model` by the driver of the deck's integrator.
Analysis::Position resumed_position(Model& model, const DeckData& data, const RunOptions& options,
                                    const fs::path& checkpoint) {
  SilentObserver no_output;
  if (data.integrator == Integrator::Convex) {
    ConvexSettings settings;
    settings.run = options;
    ConvexAnalysis analysis(model, data, settings);
    analysis.resume(checkpoint.string(), no_output);
    return analysis.position();
  }
  Analysis analysis(model, data, options);
  analysis.resume(checkpoint.string(), no_output);
  return analysis.position();
}

}  // namespace

ReachedState read_checkpoint_state(const fs::path& deck, const fs::path& checkpoint,
                                   bool with_histories) {
  const DeckData data = read_deck(deck);
  Model model = build_model(data);
  RunOptions options;
  options.deck_fingerprint = fingerprint(echo_deck(deck));
  const Analysis::Position position = resumed_position(model, data, options, checkpoint);
  ReachedState state{position.time,
                     first_step_to_run(data, position.time, position.step),
                     position.next_dt,
                     model.body_names,
                     {},
                     {}};
  state.bodies.assign(model.nodes.begin(),
                      model.nodes.begin() + static_cast<std::ptrdiff_t>(model.bodies.size()));
  if (with_histories) state.history_table = format_history_table(model, boundary_names(data));
  return state;
}

ReachedState read_output_state(const fs::path& deck, const fs::path& folder) {
  const DeckData data = read_deck(deck);
  const std::vector<BodySpec> bodies = all_bodies(data, build_shapes(data));
  const fs::path summary_path = folder / "summary.json";
  const std::string file = summary_path.string();
  const std::string text = read_file_bytes(file);
  YamlLimits limits;
  limits.max_bytes = std::max<std::size_t>(limits.max_bytes, text.size());
  limits.max_nodes = std::max<std::size_t>(limits.max_nodes, 64 * bodies.size() + 4096);
  const YamlNode summary = parse_yaml(text, file, limits);
  const YamlNode& list = required_member(summary, "bodies", file);
  std::unordered_map<std::string, NodeState> reached;
  for (const YamlNode& body : list.items)
    reached.emplace(required_member(body, "name", file).scalar, summary_body(body, file));
  ReachedState state;
  state.time = summary_real(required_member(summary, "final_time", file), file, "final_time");
  state.step = first_step_to_run(data, state.time, 0);
  for (const BodySpec& body : bodies) {
    const auto found = reached.find(body.name);
    if (found == reached.end())
      throw InputError(body.mark, "name",
                       "the body '" + body.name + "' is not in the run's summary " + file);
    state.names.push_back(body.name);
    state.bodies.push_back(found->second);
  }
  if (reached.size() != bodies.size())
    throw InputError(SourceMark{file, 0, 0}, "bodies",
                     "the run had " + std::to_string(reached.size()) + " bodies, the deck " +
                         deck.string() + " has " + std::to_string(bodies.size()));
  return state;
}

std::vector<fs::path> export_state(const fs::path& deck, const ReachedState& state,
                                   const fs::path& out) {
  const DeckData data = read_deck(deck);
  if (state.step >= static_cast<int>(data.steps.size()))
    throw InputError(SourceMark{deck.string(), 0, 0}, "steps",
                     "the run stood at t = " + format_shortest(state.time) +
                         " s, the end of the deck's last step: nothing is left to run. Add the "
                         "steps to study after the last one, then export the run's output "
                         "folder again");
  const ShapeLibrary shapes = build_shapes(data);
  const std::vector<BodySpec> bodies = reached_bodies(data, shapes, state);

  ParamSet tree = read_deck_tree(deck);
  const fs::path out_folder = fs::absolute(out).parent_path();
  rebase_files(tree, fs::absolute(deck).parent_path(), out_folder);
  for (const auto& [key, value] :
       {std::pair<const char*, ParamValue>{"start_time", state.time}, {"reached_state", true}}) {
    tree.at(key).value = value;
    tree.at(key).given = true;
  }
  keep_steps_from(tree, static_cast<std::size_t>(state.step), state.next_dt);
  std::vector<ParamSet>& deck_bodies = tree.objects("bodies");
  for (std::size_t b = 0; b < deck_bodies.size(); ++b) set_body_state(deck_bodies[b], bodies[b]);
  tree.objects("packings").clear();
  tree.objects("group_velocities").clear();  // every velocity is explicit now
  Files written = bulk_body_files(tree, data, shapes, bodies, out);
  Param& history_file = tree.objects("contact").front().at("history_file");
  history_file.value = std::string();  // the deck's own table is history now
  if (!state.history_table.empty()) {
    const std::string name = out.stem().string() + ".history.csv";
    written.emplace_back(out_folder / name, state.history_table);
    history_file.value = name;
  }

  const std::string text = "# written by polydem export-state from " + deck.string() +
                           " at t = " + format_shortest(state.time) + " s\n" + echo_params(tree);
  read_deck_string(text, out.string());  // what it wrote must read: a bug otherwise
  written.emplace_back(out, text);       // last: the deck never names a CSV not yet written
  fs::create_directories(out_folder);
  std::vector<fs::path> paths;
  for (const auto& [path, contents] : written) {
    write_file_atomically(path, contents);
    paths.push_back(path);
  }
  return paths;
}

}  // namespace polydem
