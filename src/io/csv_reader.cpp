#include "src/io/csv_reader.hpp"

#include <algorithm>

#include "src/params/scalar_parse.hpp"

namespace polydem {
namespace {

std::string trimmed(std::string_view field) {
  const auto first = field.find_first_not_of(" \t\r");
  const auto last = field.find_last_not_of(" \t\r");
  return first == std::string_view::npos ? std::string()
                                         : std::string(field.substr(first, last - first + 1));
}

}  // namespace

bool CsvLineReader::next(std::string& line, const SourceMark& at) {
  line.clear();
  for (int c = in_.sbumpc(); c != std::char_traits<char>::eof(); c = in_.sbumpc()) {
    if (++bytes_ > limits_.max_file_bytes)
      throw InputError(at.str() + ": the file is larger than " +
                       std::to_string(limits_.max_file_bytes) + " bytes");
    if (c == '\n') return true;
    if (line.size() == limits_.max_line_bytes)
      throw InputError(at.str() + ": the line is longer than " +
                       std::to_string(limits_.max_line_bytes) + " bytes: " + quoted_excerpt(line));
    line.push_back(static_cast<char>(c));
  }
  return !line.empty();
}

std::vector<std::string> split_csv_fields(std::string_view line, const SourceMark& at,
                                          const CsvLimits& limits) {
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(line.find(',', start), line.size());
    if (comma - start > limits.max_field_bytes)
      throw InputError(at.str() + ": field " + std::to_string(fields.size() + 1) + " is " +
                       std::to_string(comma - start) + " bytes long, more than " +
                       std::to_string(limits.max_field_bytes) + ": " +
                       quoted_excerpt(line.substr(start, comma - start)));
    fields.push_back(trimmed(line.substr(start, comma - start)));
    if (comma == line.size()) break;
    start = comma + 1;
  }
  return fields;
}

std::size_t csv_column(const std::vector<std::string>& header, std::string_view column) {
  const auto found = std::find(header.begin(), header.end(), column);
  return found == header.end() ? std::string::npos
                               : static_cast<std::size_t>(found - header.begin());
}

double csv_real(const std::vector<std::string>& fields, std::size_t position,
                const std::string& column, const SourceMark& at) {
  const std::string& field = position < fields.size() ? fields[position] : std::string();
  const RealParse parsed = parse_real(field);
  if (parsed.issue != ScalarIssue::None)
    throw InputError(at.str() + ": column '" + column + "': expected a finite number, got " +
                     quoted_excerpt(field));
  return parsed.value;
}

}  // namespace polydem
