#include "src/cli/mesh_command.hpp"

#include <array>
#include <cmath>
#include <iostream>
#include <memory>
#include <string>

#include "contact/geometry/mesh_reader.hpp"
#include "contact/geometry/mesh_report.hpp"
#include "contact/geometry/mesh_transform.hpp"
#include "src/cli/finite_number.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

struct MeshCommandOptions {
  std::string file;
  double density = 1.0;
  double scale = 1.0;
  std::array<double, 3> translate{0, 0, 0};
  std::array<double, 3> rotate{0, 0, 0};
};

int run_mesh_command(const MeshCommandOptions& options) {
  try {
    if (!(options.density > 0) || !std::isfinite(options.density))
      throw InputError(SourceMark{"command line"}, "--density", "must be positive and finite");
    if (!(options.scale > 0) || !std::isfinite(options.scale))
      throw InputError(SourceMark{"command line"}, "--scale", "must be positive and finite");
    MeshTransform placement{options.scale, Vec3(options.rotate.data()),
                            Vec3(options.translate.data())};
    TriangleMesh mesh = transformed(read_mesh(options.file), placement);
    nlohmann::json report = mesh_report(mesh, options.density);
    report["file"] = options.file;
    std::cout << report.dump(2) << '\n';
    if (report["checks"]["valid"].get<bool>()) return 0;
    std::cerr << "polydem mesh: " << options.file << ": " << report["problem"].get<std::string>()
              << "; no mass properties\n";
    return 2;
  } catch (const InputError& error) {
    std::cerr << "polydem mesh: " << error.what() << '\n';
    return 2;
  }
}

}  // namespace

void add_mesh_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MeshCommandOptions>();
  CLI::App* command =
      app.add_subcommand("mesh", "Check an STL/OBJ mesh and report its mass properties as JSON");
  command->add_option("FILE", options->file, "STL or OBJ mesh file")->required();
  command
      ->add_option("--density", options->density,
                   "Density for mass and inertia (> 0; default 1 kg/m^3, so that the mass "
                   "reads as the volume)")
      ->check(finite_number());
  command->add_option("--scale", options->scale, "Uniform scale applied first (> 0)")
      ->check(finite_number());
  command->add_option("--translate", options->translate, "Translation X Y Z applied last")
      ->check(finite_number());
  command->add_option("--rotate", options->rotate, "Rotation in degrees about x, then y, then z")
      ->check(finite_number());
  command->callback([options, &exit_code] { exit_code = run_mesh_command(*options); });
}

}  // namespace polydem
