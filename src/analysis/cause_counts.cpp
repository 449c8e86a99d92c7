#include "src/analysis/cause_counts.hpp"

#include <cstdint>

namespace polydem {

void write_cause_counts(const std::map<std::string, long>& counts, StateWriter& out) {
  out.put(static_cast<std::int64_t>(counts.size()));
  for (const auto& [cause, count] : counts) {
    out.put(cause);
    out.put(static_cast<std::int64_t>(count));
  }
}

void read_cause_counts(std::map<std::string, long>& counts, StateReader& in) {
  const std::size_t causes = in.count(1 << 20);
  for (std::size_t k = 0; k < causes; ++k) {
    const std::string cause = in.text();
    counts[cause] = in.integer();
  }
}

}  // namespace polydem
