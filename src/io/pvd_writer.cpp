#include "src/io/pvd_writer.hpp"

#include <stdexcept>
#include <utility>

#include "src/io/atomic_file.hpp"
#include "src/io/text_format.hpp"

namespace polydem {

namespace {

constexpr std::size_t bytes_per_entry_estimate = 96;

// Paths inside a .pvd are resolved against the .pvd's own directory, not the working directory.
std::filesystem::path relative_to_collection(const std::filesystem::path& pvd_path,
                                             const std::filesystem::path& dataset_file) {
  const std::filesystem::path directory = std::filesystem::absolute(pvd_path).parent_path();
  const std::filesystem::path absolute_file = std::filesystem::absolute(dataset_file);
  std::filesystem::path relative =
      absolute_file.lexically_normal().lexically_relative(directory.lexically_normal());
  return relative.empty() ? absolute_file : relative;
}

}  // namespace

std::string format_pvd(std::span<const PvdEntry> entries) {
  std::string out;
  out.reserve(256 + bytes_per_entry_estimate * entries.size());
  out += "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"1.0\">\n";
  out += "  <Collection>\n";
  for (const PvdEntry& entry : entries) {
    out += "    <DataSet timestep=\"";
    append_shortest(out, entry.time);
    out += "\" part=\"";
    out += std::to_string(entry.part);
    out += "\" file=\"";
    append_xml_escaped(out, entry.file.generic_string());
    out += "\"/>\n";
  }
  out += "  </Collection>\n</VTKFile>\n";
  return out;
}

PvdCollection::PvdCollection(std::filesystem::path pvd_path) : pvd_path_(std::move(pvd_path)) {}

void PvdCollection::add(double time, const std::filesystem::path& dataset_file, int part) {
  entries_.push_back({time, relative_to_collection(pvd_path_, dataset_file), part});
  try {
    write_file_atomically(pvd_path_, format_pvd(entries_), Durability::Unsynced);
  } catch (...) {
    entries_.pop_back();  // keep the in-memory list equal to what is on disk
    throw;
  }
}

void PvdCollection::add(std::span<const double> times,
                        std::span<const std::filesystem::path> dataset_files) {
  if (times.size() != dataset_files.size())
    throw std::invalid_argument("PvdCollection::add: " + std::to_string(times.size()) +
                                " times for " + std::to_string(dataset_files.size()) + " files");
  const std::size_t before = entries_.size();
  for (std::size_t k = 0; k < times.size(); ++k)
    entries_.push_back({times[k], relative_to_collection(pvd_path_, dataset_files[k]), 0});
  try {
    write_file_atomically(pvd_path_, format_pvd(entries_), Durability::Unsynced);
  } catch (...) {
    entries_.resize(before);  // keep the in-memory list equal to what is on disk
    throw;
  }
}

}  // namespace polydem
