#include "contact/set/domain_watch.hpp"

#include <cstdio>

#include "src/model/step_context.hpp"

namespace polydem {

void DomainWatch::note_exits(const StepContext& ctx) {
  const std::optional<SearchBox>& domain = scene_.settings().domain;
  if (!domain) return;
  const std::vector<ContactBody>& bodies = scene_.bodies();
  report_.outside_now = 0;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (!bodies[b].shape) continue;
    const Vec3 position = ctx.nodes[b].position + ctx.node_increment(static_cast<int>(b)).head<3>();
    const bool outside = !domain->contains(position);
    report_.outside_now += outside ? 1 : 0;
    if (outside && !outside_[b] && ++report_.exits <= DomainReport::kMaxWarnings) {
      char where[160];
      std::snprintf(where, sizeof where,
                    " is outside contact.domain at t = %.9g s, at (%.6g, %.6g, %.6g) m", ctx.time,
                    position.x(), position.y(), position.z());
      report_.warnings.push_back(scene_.side_name(static_cast<int>(b), -1) + where);
    }
    outside_[b] = outside;
  }
}

}  // namespace polydem
