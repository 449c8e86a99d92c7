// Reading the CSV tables polydem's own tools write and read back (body files, contact
// histories): a header line, then one record per line, fields split at commas and trimmed.
// Nothing is read beyond the limits, so that a corrupt file (one line of a gigabyte, or no
// line breaks at all) costs no more memory than a good one; every problem is an InputError
// naming the file and line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "src/core/errors.hpp"

namespace polydem {

struct CsvLimits {
  std::uintmax_t max_file_bytes = 256ull << 20;
  std::size_t max_line_bytes = 4096;
  std::size_t max_field_bytes = 256;
};

/// The lines of a stream, each no longer than the limits allow.
class CsvLineReader {
 public:
  CsvLineReader(std::istream& in, const CsvLimits& limits) : in_(*in.rdbuf()), limits_(limits) {}

  /// The next line without its '\n' into `line`; false at the end of the file.
  bool next(std::string& line, const SourceMark& at);

 private:
  std::streambuf& in_;
  CsvLimits limits_;
  std::uintmax_t bytes_ = 0;
};

/// The fields of one line, trimmed of blanks.
std::vector<std::string> split_csv_fields(std::string_view line, const SourceMark& at,
                                          const CsvLimits& limits);

/// The index of `column` in a header, or npos.
std::size_t csv_column(const std::vector<std::string>& header, std::string_view column);

/// The finite number in field `position` (InputError naming the column otherwise).
double csv_real(const std::vector<std::string>& fields, std::size_t position,
                const std::string& column, const SourceMark& at);

}  // namespace polydem
