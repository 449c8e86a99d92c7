#include "contact/search/search_scene.hpp"

#include <algorithm>

namespace polydem {

std::optional<double> SearchScene::skin(const BodyPair& pair) const {
  const auto a = static_cast<std::size_t>(pair.body_a);
  if (pair.boundary < 0 && !body_held.empty() && body_held[a] != 0 &&
      body_held[static_cast<std::size_t>(pair.body_b)] != 0)
    return std::nullopt;
  const int group_b = pair.boundary >= 0 ? boundary_groups[static_cast<std::size_t>(pair.boundary)]
                                         : body_groups[static_cast<std::size_t>(pair.body_b)];
  if (!interactions->interacts(body_groups[a], group_b)) return std::nullopt;
  const double size =
      pair.boundary >= 0
          ? body_sizes[a]
          : std::min(body_sizes[a], body_sizes[static_cast<std::size_t>(pair.body_b)]);
  return interactions->skin(body_groups[a], group_b, size);
}

// A pair's size is that of its smaller body, and a skin grows with the size,
// so the skin at each body's own size bounds every pair it belongs to.
double SearchScene::largest_body_skin() const {
  double largest = 0;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (!bodies[b].shape) continue;
    for (int group = 0; group < interactions->group_count(); ++group)
      if (interactions->interacts(body_groups[b], group))
        largest = std::max(largest, interactions->skin(body_groups[b], group, body_sizes[b]));
  }
  return largest;
}

}  // namespace polydem
