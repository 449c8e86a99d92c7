#include "contact/geometry/convex_hull.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "contact/geometry/text_tokens.hpp"
#include "src/core/errors.hpp"

#ifdef POLYDEM_HAVE_QHULL
extern "C" {
#include <libqhull_r/qhull_ra.h>
}
#endif

namespace polydem {
namespace {

[[noreturn]] void hull_error(const std::string& message) {
  throw InputError(SourceMark{"convex hull"}, "", message);
}

#ifdef POLYDEM_HAVE_QHULL

// Owns one qhull run: qhull keeps its state in qhT and must be freed on every path.
class QhullRun {
 public:
  explicit QhullRun(std::vector<double>& coordinates) {
    errors_ = open_memstream(&error_text_, &error_size_);
    qh_zero(&qh_, errors_);
    char options[] = "qhull";  // default: merge coplanar facets ('C-0')
    exit_code_ = qh_new_qhull(&qh_, 3, static_cast<int>(coordinates.size() / 3), coordinates.data(),
                              False, options, nullptr, errors_);
  }
  ~QhullRun() {
    qh_freeqhull(&qh_, !qh_ALL);
    int current_long = 0, total_long = 0;
    qh_memfreeshort(&qh_, &current_long, &total_long);
    if (errors_) std::fclose(errors_);
    std::free(error_text_);
  }
  QhullRun(const QhullRun&) = delete;
  QhullRun& operator=(const QhullRun&) = delete;

  bool ok() const { return exit_code_ == 0; }
  std::string error_text() {
    if (errors_) std::fflush(errors_);
    std::string text = error_text_ ? std::string(error_text_, error_size_) : std::string();
    return text.substr(0, text.find('\n'));
  }
  qhT* get() { return &qh_; }

 private:
  qhT qh_{};
  FILE* errors_ = nullptr;
  char* error_text_ = nullptr;
  std::size_t error_size_ = 0;
  int exit_code_ = 0;
};

std::vector<int> ordered_facet_vertices(qhT* qh, facetT* facet, const std::vector<Vec3>& points) {
  std::vector<int> polygon;
  setT* vertices = qh_facet3vertex(qh, facet);  // ordered around the facet
  vertexT *vertex, **vertexp;
  FOREACHvertex_(vertices) polygon.push_back(qh_pointid(qh, vertex->point));
  qh_settempfree(qh, &vertices);
  // qh_facet3vertex follows the facet's own orientation; normalise to outward.
  Vec3 area = Vec3::Zero();
  for (std::size_t k = 0; k < polygon.size(); ++k)
    area += points[polygon[k]].cross(points[polygon[(k + 1) % polygon.size()]]);
  Vec3 outward(facet->normal[0], facet->normal[1], facet->normal[2]);
  if (area.dot(outward) < 0) std::reverse(polygon.begin(), polygon.end());
  return polygon;
}

#endif

}  // namespace

std::vector<std::vector<int>> convex_hull_facets(const std::vector<Vec3>& points) {
  if (points.size() < 4)
    hull_error(concat({"needs at least 4 points, got ", std::to_string(points.size())}));
  for (const Vec3& p : points)
    if (!p.allFinite()) hull_error("non-finite point");
#ifdef POLYDEM_HAVE_QHULL
  std::vector<double> coordinates;
  coordinates.reserve(3 * points.size());
  for (const Vec3& p : points) coordinates.insert(coordinates.end(), {p.x(), p.y(), p.z()});
  QhullRun run(coordinates);
  if (!run.ok())
    hull_error(concat({"qhull failed (points coplanar or degenerate?): ", run.error_text()}));
  qhT* qh = run.get();
  std::vector<std::vector<int>> facets;
  facetT* facet;
  FORALLfacets facets.push_back(ordered_facet_vertices(qh, facet, points));
  return facets;
#else
  hull_error("polydem was built without qhull");
#endif
}

TriangleMesh make_convex_hull(const std::vector<Vec3>& points) {
  std::vector<std::vector<int>> facets = convex_hull_facets(points);
  std::vector<int> used;
  for (const auto& facet : facets) used.insert(used.end(), facet.begin(), facet.end());
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());

  TriangleMesh hull;
  std::vector<int> new_index(points.size(), -1);
  for (int p : used) {
    new_index[p] = static_cast<int>(hull.vertices.size());
    hull.vertices.push_back(points[p]);
  }
  for (const auto& facet : facets)
    for (std::size_t k = 1; k + 1 < facet.size(); ++k)
      hull.triangles.push_back({new_index[facet[0]], new_index[facet[k]], new_index[facet[k + 1]]});
  return hull;
}

}  // namespace polydem
