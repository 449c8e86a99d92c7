// The process's peak resident memory: the kernel's high-water mark of its
// resident set (heap, stacks, libraries and all), what a machine must have for
// it. summary.json reports it, and under domain decomposition each rank's.
#pragma once

namespace polydem {

/// Bytes (getrusage's ru_maxrss, KiB on Linux).
double peak_resident_bytes();

}  // namespace polydem
