// Small text-formatting helpers shared by the CSV, PVD and VTU writers.
#pragma once

#include <string>
#include <string_view>

namespace polydem {

/// Appends the shortest decimal form of `value` that parses back to the same double
/// (std::to_chars, locale-independent). Non-finite values read "nan", "inf", "-inf".
void append_shortest(std::string& out, double value);

std::string format_shortest(double value);

/// Appends `text` escaped for an XML attribute value or element content.
void append_xml_escaped(std::string& out, std::string_view text);

}  // namespace polydem
