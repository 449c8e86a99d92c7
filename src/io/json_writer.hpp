// Atomic JSON output. Only nlohmann's forward declarations are included here; code that builds
// documents includes <nlohmann/json.hpp> itself, so this header stays cheap to include.
//
// Number and key guarantees (nlohmann 3.11, checked by tests/io/test_output_writers.cpp):
// doubles are printed in a shortest form that parses back to the identical value; keys of
// nlohmann::json come out sorted (std::map), those of ordered_json in insertion order — either
// way the same document always gives the same bytes. NaN and infinities have no JSON form
// and are printed as null.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace polydem {

/// Pretty-printed with `indent` spaces (compact on one line when indent < 0), '\n'-terminated.
/// Throws nlohmann::json::type_error for strings that are not valid UTF-8.
std::string format_json(const nlohmann::json& document, int indent = 2);
std::string format_json(const nlohmann::ordered_json& document, int indent = 2);

/// format_json + write_file_atomically.
void write_json_atomically(const std::filesystem::path& path, const nlohmann::json& document,
                           int indent = 2);
void write_json_atomically(const std::filesystem::path& path,
                           const nlohmann::ordered_json& document, int indent = 2);

}  // namespace polydem
