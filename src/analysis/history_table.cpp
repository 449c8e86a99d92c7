#include "src/analysis/history_table.hpp"

#include <array>
#include <fstream>
#include <unordered_map>

#include "src/io/csv_reader.hpp"
#include "src/io/text_format.hpp"

namespace polydem {
namespace {

const std::array<std::string, 29> kColumns = {"body_a",
                                              "body_b",
                                              "boundary",
                                              "region_a",
                                              "index_a",
                                              "region_b",
                                              "index_b",
                                              "status",
                                              "gt_x",
                                              "gt_y",
                                              "gt_z",
                                              "n_x",
                                              "n_y",
                                              "n_z",
                                              "gap",
                                              "damping_force",
                                              "normal_velocity",
                                              "ft_x",
                                              "ft_y",
                                              "ft_z",
                                              "vt_x",
                                              "vt_y",
                                              "vt_z",
                                              "spring_energy",
                                              "event_dashpot",
                                              "stored_energy",
                                              "damping_dissipation",
                                              "friction_dissipation",
                                              "onset_speed"};
constexpr std::size_t kFirstNumber = 8;  ///< the columns from gt_x on are numbers

const std::array<std::string, 3> kRegionNames = {"vertex", "edge", "face"};

/// The numbers of a history, in kColumns' order from gt_x on.
std::vector<double*> numbers(ContactHistory& h) {
  std::vector<double*> out;
  for (Vec3* v : {&h.tangential_gap, &h.normal})
    out.insert(out.end(), {&(*v)[0], &(*v)[1], &(*v)[2]});
  out.insert(out.end(), {&h.gap, &h.damping_force, &h.normal_velocity});
  for (Vec3* v : {&h.friction, &h.slip_velocity})
    out.insert(out.end(), {&(*v)[0], &(*v)[1], &(*v)[2]});
  out.insert(out.end(), {&h.spring_energy, &h.event_dashpot, &h.ledger.stored_energy,
                         &h.ledger.damping_dissipation, &h.ledger.friction_dissipation,
                         &h.ledger.onset_speed});
  return out;
}

struct Names {
  std::unordered_map<std::string, int> bodies, boundaries;
};

int index_of(const std::unordered_map<std::string, int>& names, const std::string& name,
             const std::string& column, const SourceMark& at) {
  const auto found = names.find(name);
  if (found == names.end())
    throw InputError(at.str() + ": column '" + column + "': no such name " + quoted_excerpt(name));
  return found->second;
}

SubRegion region(const std::vector<std::string>& fields, std::size_t kind, std::size_t index,
                 const SourceMark& at) {
  for (std::size_t k = 0; k < kRegionNames.size(); ++k)
    if (fields[kind] == kRegionNames[k]) {
      const double value = csv_real(fields, index, kColumns[index], at);
      if (value != static_cast<int>(value))
        throw InputError(at.str() + ": column '" + kColumns[index] + "': expected an index");
      return {static_cast<SubRegionKind>(k), static_cast<int>(value)};
    }
  throw InputError(at.str() + ": column '" + kColumns[kind] +
                   "': expected vertex, edge or face, got " + quoted_excerpt(fields[kind]));
}

std::pair<ContactKey, ContactHistory> history_of_line(const std::vector<std::string>& fields,
                                                      const Names& names, const SourceMark& at) {
  if (fields.size() != kColumns.size())
    throw InputError(at.str() + ": expected " + std::to_string(kColumns.size()) + " fields, got " +
                     std::to_string(fields.size()));
  const bool boundary = fields[1].empty();
  if (boundary == fields[2].empty())
    throw InputError(at.str() + ": give body_b or boundary, not both and not neither");
  ContactKey key{index_of(names.bodies, fields[0], kColumns[0], at),
                 boundary ? -1 : index_of(names.bodies, fields[1], kColumns[1], at),
                 boundary ? index_of(names.boundaries, fields[2], kColumns[2], at) : -1,
                 region(fields, 3, 4, at), region(fields, 5, 6, at)};
  ContactHistory h;
  if (fields[7] != "stick" && fields[7] != "slip")
    throw InputError(at.str() + ": column 'status': expected stick or slip, got " +
                     quoted_excerpt(fields[7]));
  h.status = fields[7] == "stick" ? StickSlip::Stick : StickSlip::Slip;
  std::size_t column = kFirstNumber;
  for (double* value : numbers(h)) {
    *value = csv_real(fields, column, kColumns[column], at);
    ++column;
  }
  return {key, h};
}

}  // namespace

std::string format_history_table(const Model& model, const std::vector<std::string>& boundaries) {
  std::string text;
  for (const std::string& column : kColumns) text += (text.empty() ? "" : ",") + column;
  text += "\n";
  if (!model.contact) return text;
  for (const auto& [key, history] : model.contact->histories()) {
    ContactHistory h = history;
    text += model.body_names[static_cast<std::size_t>(key.body_a)] + ",";
    text += (key.body_b >= 0 ? model.body_names[static_cast<std::size_t>(key.body_b)] : "") + ",";
    text += (key.boundary >= 0 ? boundaries[static_cast<std::size_t>(key.boundary)] : "") + ",";
    for (const SubRegion& r : {key.region_a, key.region_b})
      text += kRegionNames[static_cast<std::size_t>(r.kind)] + "," + std::to_string(r.index) + ",";
    text += h.status == StickSlip::Stick ? "stick" : "slip";
    for (const double* value : numbers(h)) text += "," + format_shortest(*value);
    text += "\n";
  }
  return text;
}

void read_history_table(const std::string& file, Model& model,
                        const std::vector<std::string>& boundaries) {
  SourceMark at{file, 1, 0};
  if (!model.contact) throw InputError(at.str() + ": the deck has no contact to give histories to");
  Names names;
  for (std::size_t b = 0; b < model.body_names.size(); ++b)
    names.bodies.emplace(model.body_names[b], static_cast<int>(b));
  for (std::size_t b = 0; b < boundaries.size(); ++b)
    names.boundaries.emplace(boundaries[b], static_cast<int>(b));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(at.str() + ": cannot open the contact-history file");
  const CsvLimits limits;
  CsvLineReader lines(in, limits);
  std::string line;
  if (!lines.next(line, at) || split_csv_fields(line, at, limits) !=
                                   std::vector<std::string>(kColumns.begin(), kColumns.end()))
    throw InputError(at.str() + ": expected the header line of a contact-history table (" +
                     kColumns[0] + ", " + kColumns[1] + ", ...)");
  ContactHistories histories;
  for (++at.line; lines.next(line, at); ++at.line) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto [key, history] = history_of_line(split_csv_fields(line, at, limits), names, at);
    if (const std::string problem = model.contact->history_key_problem(key); !problem.empty())
      throw InputError(at.str() + ": " + problem);
    if (!histories.emplace(key, history).second)
      throw InputError(at.str() + ": the same contact appears twice");
  }
  model.contact->set_histories(std::move(histories));
}

}  // namespace polydem
