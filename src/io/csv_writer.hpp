// CSV tables with a fixed column list (monitor.csv): header once, then numeric rows whose
// values are printed in the shortest form that parses back to the identical double.
#pragma once

#include <cstddef>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "src/io/atomic_file.hpp"

namespace polydem {

/// Formats the header and rows of a table. Column names are quoted (RFC 4180) only when they
/// contain a comma, quote or line break.
class CsvFormatter {
 public:
  /// Throws std::invalid_argument if `columns` is empty.
  explicit CsvFormatter(std::vector<std::string> columns);

  const std::vector<std::string>& columns() const { return columns_; }
  /// The header line, '\n'-terminated.
  std::string header() const;
  /// One '\n'-terminated row, formatted into a reused buffer: the view is valid until the next
  /// call. Throws std::invalid_argument if values.size() != columns().size().
  std::string_view format_row(std::span<const double> values);

 private:
  std::vector<std::string> columns_;
  std::string row_;
};

/// A CSV file written through AppendOnlyLog: "<name>.part" while running, "<name>" after
/// finish(). The header is the first row.
class CsvLog {
 public:
  CsvLog(std::filesystem::path final_path, std::vector<std::string> columns,
         std::size_t rows_per_flush = 64);
  /// Continues the table an earlier run of the same columns left at `final_path`, cut back to
  /// `extent` (AppendOnlyLog::resume); null when it is not there or does not begin with it.
  static std::unique_ptr<CsvLog> resume(std::filesystem::path final_path,
                                        std::vector<std::string> columns, const LogExtent& extent,
                                        std::size_t rows_per_flush = 64);

  void write_row(std::span<const double> values) { log_.append_row(formatter_.format_row(values)); }
  void write_row(std::initializer_list<double> values) {
    write_row(std::span<const double>(values.begin(), values.size()));
  }
  void flush() { log_.flush(); }
  void finish() { log_.finish(); }

  const CsvFormatter& formatter() const { return formatter_; }
  const AppendOnlyLog& log() const { return log_; }

 private:
  CsvLog(CsvFormatter formatter, AppendOnlyLog log)
      : formatter_(std::move(formatter)), log_(std::move(log)) {}

  CsvFormatter formatter_;
  AppendOnlyLog log_;
};

}  // namespace polydem
