// VTK XML UnstructuredGrid (.vtu) output.
//
// Encoding: every array is binary, base64-encoded inline (format="binary") behind a UInt64 byte
// count (header_type="UInt64"), uncompressed. Chosen over raw appended data because the file
// stays well-formed XML — xml.etree, xmllint, grep and text-mode transfers all cope with it,
// and the writer needs no offset bookkeeping — at the price of 4/3 the raw size. Encoding runs
// at memory speed, so for 10^5 points (≈17 MB) the time is dominated by the write and fsync,
// not by base64. No zlib: it would add a dependency and halve the write speed for poorly
// compressible float64 data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

/// VTK cell type ids (vtkCellType.h) used by the writers.
enum class VtkCellType : std::uint8_t {
  vertex = 1,
  poly_vertex = 2,
  line = 3,
  poly_line = 4,
  triangle = 5,
  polygon = 7,
  quad = 9,
  tetra = 10,
};

/// A named float64 field: tuple i is values[i * components .. i * components + components - 1].
/// Typical component counts: 1 (scalar), 3 (vector), 4 (quaternion w,x,y,z), 9 (tensor).
struct DataArray {
  std::string name;
  int components = 1;
  std::vector<double> values;

  std::size_t tuple_count() const {
    return components > 0 ? values.size() / static_cast<std::size_t>(components) : 0;
  }
};

/// One piece of an unstructured grid, cells stored as in VTK (CSR): cell c uses
/// connectivity[offsets[c-1] .. offsets[c]) (with offsets[-1] = 0).
struct VtuMesh {
  std::vector<Vec3> points;
  std::vector<std::int64_t> connectivity;
  std::vector<std::int64_t> offsets;  ///< one past each cell's last connectivity entry
  std::vector<std::uint8_t> cell_types;
  std::vector<DataArray> point_data;
  std::vector<DataArray> cell_data;

  std::size_t cell_count() const { return cell_types.size(); }
  /// Moves the arrays in as point data, in order (a list of arrays would be copied: at
  /// 50 000 contacts the copies were a fifth of the run's heap at a sample).
  void take_point_data(std::initializer_list<DataArray*> arrays) {
    for (DataArray* array : arrays) point_data.push_back(std::move(*array));
  }
  void add_cell(VtkCellType type, std::span<const std::int64_t> point_ids);
  void add_cell(VtkCellType type, std::initializer_list<std::int64_t> point_ids) {
    add_cell(type, std::span<const std::int64_t>(point_ids.begin(), point_ids.size()));
  }
  /// One VTK_VERTEX cell per point, so that ParaView renders bare points (particle centres).
  void add_vertex_cells();
};

/// Throws std::invalid_argument if the arrays disagree with each other (sizes, offsets,
/// point ids out of range, empty names, non-positive component counts).
void validate_vtu_mesh(const VtuMesh& mesh);

/// The .vtu document (validates first).
std::string format_vtu(const VtuMesh& mesh);

/// Validates, formats and writes with write_file_atomically (unsynced: one file per
/// output sample, whole or absent, without an fsync each).
void write_vtu(const std::filesystem::path& path, const VtuMesh& mesh);

}  // namespace polydem
