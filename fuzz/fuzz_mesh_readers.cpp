// Feeds arbitrary bytes to the STL and OBJ readers, then runs every check and
// builder on whatever mesh they accept. A bad file must end in InputError; any
// other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "contact/geometry/mesh_report.hpp"
#include "contact/geometry/obj_reader.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/geometry/stl_reader.hpp"
#include "src/core/errors.hpp"

namespace {

void exercise(const polydem::TriangleMesh& mesh) {
  polydem::mesh_report(mesh);
  if (polydem::check_mesh(mesh).valid()) polydem::build_shape(mesh, "fuzz");
}

template <typename Parse>
void try_reader(Parse parse, std::string_view bytes) {
  try {
    exercise(parse(bytes, "fuzz"));
  } catch (const polydem::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try_reader([](std::string_view b, const char* name) { return polydem::parse_stl(b, name); },
             bytes);
  try_reader([](std::string_view b, const char* name) { return polydem::parse_obj(b, name); },
             bytes);
  return 0;
}
