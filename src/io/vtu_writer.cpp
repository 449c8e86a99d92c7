#include "src/io/vtu_writer.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "src/io/atomic_file.hpp"
#include "src/io/base64.hpp"
#include "src/io/text_format.hpp"

namespace polydem {

namespace {

static_assert(sizeof(Vec3) == 3 * sizeof(double), "points are written as one packed array");
static_assert(std::endian::native == std::endian::little ||
              std::endian::native == std::endian::big);

constexpr std::string_view byte_order =
    std::endian::native == std::endian::little ? "LittleEndian" : "BigEndian";

// Markup per array is well under this; it only sizes the single up-front reserve.
constexpr std::size_t markup_bytes_per_array = 256;

[[noreturn]] void throw_invalid(const std::string& message) {
  throw std::invalid_argument("VTU mesh: " + message);
}

void validate_arrays(const std::vector<DataArray>& arrays, std::size_t tuple_count,
                     std::string_view kind) {
  for (const DataArray& array : arrays) {
    if (array.name.empty()) throw_invalid(std::string(kind) + " array without a name");
    if (array.components <= 0) throw_invalid("array '" + array.name + "' has no components");
    if (array.values.size() != tuple_count * static_cast<std::size_t>(array.components)) {
      throw_invalid("array '" + array.name + "' has " + std::to_string(array.values.size()) +
                    " values, expected " + std::to_string(tuple_count) + " x " +
                    std::to_string(array.components));
    }
  }
}

void validate_cells(const VtuMesh& mesh) {
  if (mesh.offsets.size() != mesh.cell_types.size()) {
    throw_invalid("offsets and cell types differ in length");
  }
  std::int64_t previous_end = 0;
  for (const std::int64_t end : mesh.offsets) {
    if (end < previous_end) throw_invalid("offsets decrease");
    previous_end = end;
  }
  if (static_cast<std::size_t>(previous_end) != mesh.connectivity.size()) {
    throw_invalid("last offset does not match the connectivity length");
  }
  const auto point_count = static_cast<std::int64_t>(mesh.points.size());
  for (const std::int64_t id : mesh.connectivity) {
    if (id < 0 || id >= point_count) throw_invalid("point id out of range: " + std::to_string(id));
  }
}

template <typename T>
std::span<const std::byte> bytes_of(std::span<const T> values) {
  return std::as_bytes(values);
}

std::size_t encoded_array_size(std::size_t data_bytes) {
  return base64_encoded_size(sizeof(std::uint64_t) + data_bytes) + markup_bytes_per_array;
}

std::size_t estimate_document_size(const VtuMesh& mesh) {
  std::size_t total = 1024 + encoded_array_size(mesh.points.size() * sizeof(Vec3)) +
                      encoded_array_size(mesh.connectivity.size() * sizeof(std::int64_t)) +
                      encoded_array_size(mesh.offsets.size() * sizeof(std::int64_t)) +
                      encoded_array_size(mesh.cell_types.size());
  for (const auto* arrays : {&mesh.point_data, &mesh.cell_data}) {
    for (const DataArray& array : *arrays) {
      total += encoded_array_size(array.values.size() * sizeof(double)) + array.name.size();
    }
  }
  return total;
}

// The document goes to the sink in pieces of about this size, so that it never
// sits whole in memory (the 240-tetrapod run's surfaces: 2.1 MB at its heap peak).
constexpr std::size_t kPieceBytes = std::size_t{1} << 16;
// Binary payloads are encoded this many bytes at a time between the pieces.
constexpr std::size_t kPayloadChunkBytes = 3 * (std::size_t{1} << 14);

class VtuFormatter {
 public:
  explicit VtuFormatter(const ByteSink& sink) : sink_(sink) {
    out_.reserve(kPieceBytes + base64_encoded_size(kPayloadChunkBytes) + markup_bytes_per_array);
  }

  void text(std::string_view markup) { out_ += markup; }

  void open_array(std::string_view type, std::string_view name, int components) {
    out_ += "        <DataArray type=\"";
    out_ += type;
    out_ += '"';
    if (!name.empty()) {
      out_ += " Name=\"";
      append_xml_escaped(out_, name);
      out_ += '"';
    }
    if (components != 1) {
      out_ += " NumberOfComponents=\"";
      out_ += std::to_string(components);
      out_ += '"';
    }
    out_ += " format=\"binary\">\n          ";
  }

  // VTK reads the byte-count header and the data as one continuous base64 stream;
  // the encoder carries a partial group across chunks, so the pieces join seamlessly.
  void binary_payload(std::span<const std::byte> data) {
    const std::uint64_t byte_count = data.size();
    Base64Encoder encoder(out_);
    encoder.append(std::as_bytes(std::span(&byte_count, 1)));
    while (!data.empty()) {
      const std::size_t chunk = std::min(data.size(), kPayloadChunkBytes);
      encoder.append(data.first(chunk));
      data = data.subspan(chunk);
      if (out_.size() >= kPieceBytes) flush();
    }
    encoder.finish();
    out_ += "\n        </DataArray>\n";
  }

  void data_arrays(std::string_view section, const std::vector<DataArray>& arrays) {
    out_ += "      <";
    out_ += section;
    out_ += ">\n";
    for (const DataArray& array : arrays) {
      open_array("Float64", array.name, array.components);
      binary_payload(bytes_of(std::span(array.values)));
    }
    out_ += "      </";
    out_ += section;
    out_ += ">\n";
  }

  void flush() {
    if (out_.empty()) return;
    sink_(out_);
    out_.clear();
  }

 private:
  const ByteSink& sink_;
  std::string out_;
};

// The document of a validated mesh, in pieces.
void stream_vtu(const VtuMesh& mesh, const ByteSink& sink) {
  VtuFormatter formatter(sink);
  formatter.text(
      "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" "
      "byte_order=\"");
  formatter.text(byte_order);
  formatter.text("\" header_type=\"UInt64\">\n  <UnstructuredGrid>\n    <Piece NumberOfPoints=\"");
  formatter.text(std::to_string(mesh.points.size()));
  formatter.text("\" NumberOfCells=\"");
  formatter.text(std::to_string(mesh.cell_count()));
  formatter.text("\">\n");
  formatter.data_arrays("PointData", mesh.point_data);
  formatter.data_arrays("CellData", mesh.cell_data);
  formatter.text("      <Points>\n");
  formatter.open_array("Float64", "Points", 3);
  formatter.binary_payload(bytes_of(std::span(mesh.points)));
  formatter.text("      </Points>\n      <Cells>\n");
  formatter.open_array("Int64", "connectivity", 1);
  formatter.binary_payload(bytes_of(std::span(mesh.connectivity)));
  formatter.open_array("Int64", "offsets", 1);
  formatter.binary_payload(bytes_of(std::span(mesh.offsets)));
  formatter.open_array("UInt8", "types", 1);
  formatter.binary_payload(bytes_of(std::span(mesh.cell_types)));
  formatter.text("      </Cells>\n    </Piece>\n  </UnstructuredGrid>\n</VTKFile>\n");
  formatter.flush();
}

}  // namespace

void VtuMesh::add_cell(VtkCellType type, std::span<const std::int64_t> point_ids) {
  connectivity.insert(connectivity.end(), point_ids.begin(), point_ids.end());
  offsets.push_back(static_cast<std::int64_t>(connectivity.size()));
  cell_types.push_back(static_cast<std::uint8_t>(type));
}

void VtuMesh::add_vertex_cells() {
  const auto point_count = static_cast<std::int64_t>(points.size());
  connectivity.reserve(connectivity.size() + points.size());
  offsets.reserve(offsets.size() + points.size());
  cell_types.reserve(cell_types.size() + points.size());
  for (std::int64_t id = 0; id < point_count; ++id) add_cell(VtkCellType::vertex, {id});
}

void validate_vtu_mesh(const VtuMesh& mesh) {
  validate_cells(mesh);
  validate_arrays(mesh.point_data, mesh.points.size(), "point");
  validate_arrays(mesh.cell_data, mesh.cell_count(), "cell");
}

std::string format_vtu(const VtuMesh& mesh) {
  validate_vtu_mesh(mesh);
  std::string document;
  document.reserve(estimate_document_size(mesh));
  stream_vtu(mesh, [&document](std::string_view piece) { document += piece; });
  return document;
}

void write_vtu(const std::filesystem::path& path, const VtuMesh& mesh) {
  validate_vtu_mesh(mesh);  // before a temporary file is made
  write_file_atomically(
      path, [&mesh](const ByteSink& sink) { stream_vtu(mesh, sink); }, Durability::Unsynced);
}

}  // namespace polydem
