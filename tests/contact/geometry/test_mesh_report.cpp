// The JSON behind `polydem mesh`.
#include <catch2/catch.hpp>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_report.hpp"

using namespace polydem;

TEST_CASE("mesh report of a valid box", "[geometry][report]") {
  nlohmann::json report = mesh_report(make_box(1, 2, 3), 2.0);
  CHECK(report["checks"]["valid"] == true);
  CHECK(report["checks"]["closed"] == true);
  CHECK(report["checks"]["degenerate_triangles"].empty());
  CHECK(report["counts"]["faces"] == 12);
  CHECK(report["counts"]["edges"] == 18);
  CHECK(report["counts"]["vertices"] == 8);
  CHECK(report["counts"]["concave_edges"] == 0);
  CHECK(report["counts"]["flat_edges"] == 6);
  CHECK(report["volume"].get<double>() == Approx(48));
  CHECK(report["mass"].get<double>() == Approx(96));
  CHECK(report["inertia"][0][0].get<double>() == Approx(96.0 / 3 * 13));
  CHECK(report["inertia"][0][1].get<double>() == Approx(0).margin(1e-12));
  CHECK(report["bounding_box"]["min"] == nlohmann::json({-1.0, -2.0, -3.0}));
  CHECK(report["centre_of_mass"].size() == 3);
}

TEST_CASE("mesh report of a bad mesh still has every section", "[geometry][report]") {
  TriangleMesh box = make_box(1, 1, 1);
  box.triangles.pop_back();
  box.vertices.push_back(box.vertices[0]);
  box.triangles.push_back({0, 8, 1});  // degenerate: two corners at the same place
  nlohmann::json report = mesh_report(box);
  CHECK(report["checks"]["valid"] == false);
  CHECK(report["checks"]["closed"] == false);
  CHECK(report["checks"]["degenerate_triangles"] == nlohmann::json({11}));
  CHECK_FALSE(report["checks"]["open_edges"].empty());
  CHECK(report["checks"]["open_edges"][0].contains("triangles"));
  CHECK(report["volume"].is_null());  // an open mesh encloses no definite volume
  CHECK(report["mass"].is_null());
  CHECK(report["problem"].get<std::string>().find("not a closed") != std::string::npos);
  CHECK(report["counts"]["faces"] == 12);

  TriangleMesh inside_out = make_box(1, 2, 3);
  for (auto& triangle : inside_out.triangles) std::swap(triangle[1], triangle[2]);
  const nlohmann::json turned = mesh_report(inside_out, 2.0);
  CHECK(turned["checks"]["outward"] == false);
  CHECK(turned["checks"]["signed_volume"].get<double>() == Approx(-48));  // 2 × 4 × 6, reversed
  CHECK(turned["mass"].is_null());                                        // not −12
  CHECK(turned["problem"].get<std::string>().find("inside out") != std::string::npos);

  CHECK(mesh_report(make_tetrapod({})).at("counts").at("concave_edges").get<int>() >= 4 * 16);
}
