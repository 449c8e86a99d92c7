// A check for every real-valued command-line option. CLI11's own numeric checks
// (PositiveNumber, Range) let NaN through, since every comparison with it is
// false, and accept infinity: `--checkpoint-every nan` would never write a
// checkpoint and say nothing.
#pragma once

#include <CLI/CLI.hpp>

namespace polydem {

/// Refuses a value that reads as NaN or infinity (also one that overflows, 1e999); text
/// that is no number at all is left to the option's own conversion to report.
const CLI::Validator& finite_number();

}  // namespace polydem
