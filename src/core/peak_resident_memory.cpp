#include "src/core/peak_resident_memory.hpp"

#include <sys/resource.h>

namespace polydem {

double peak_resident_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return 1024.0 * static_cast<double>(usage.ru_maxrss);
}

}  // namespace polydem
