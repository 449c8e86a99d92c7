#include "src/io/csv_writer.hpp"

#include <stdexcept>
#include <utility>

#include "src/io/text_format.hpp"

namespace polydem {

namespace {

constexpr std::size_t bytes_per_value_estimate = 24;

void append_csv_field(std::string& out, std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

}  // namespace

CsvFormatter::CsvFormatter(std::vector<std::string> columns) : columns_(std::move(columns)) {
  if (columns_.empty()) throw std::invalid_argument("CSV table without columns");
  row_.reserve(bytes_per_value_estimate * columns_.size());
}

std::string CsvFormatter::header() const {
  std::string out;
  for (std::size_t column = 0; column < columns_.size(); ++column) {
    if (column > 0) out += ',';
    append_csv_field(out, columns_[column]);
  }
  out += '\n';
  return out;
}

std::string_view CsvFormatter::format_row(std::span<const double> values) {
  if (values.size() != columns_.size()) {
    throw std::invalid_argument("CSV row has " + std::to_string(values.size()) + " values for " +
                                std::to_string(columns_.size()) + " columns");
  }
  row_.clear();
  for (std::size_t column = 0; column < values.size(); ++column) {
    if (column > 0) row_ += ',';
    append_shortest(row_, values[column]);
  }
  row_ += '\n';
  return row_;
}

CsvLog::CsvLog(std::filesystem::path final_path, std::vector<std::string> columns,
               std::size_t rows_per_flush)
    : formatter_(std::move(columns)), log_(std::move(final_path), rows_per_flush) {
  log_.append_row(formatter_.header());
}

std::unique_ptr<CsvLog> CsvLog::resume(std::filesystem::path final_path,
                                       std::vector<std::string> columns, const LogExtent& extent,
                                       std::size_t rows_per_flush) {
  CsvFormatter formatter(std::move(columns));  // the header is in the bytes resumed
  std::optional<AppendOnlyLog> log =
      AppendOnlyLog::resume(std::move(final_path), extent, rows_per_flush);
  if (!log) return nullptr;
  return std::unique_ptr<CsvLog>(new CsvLog(std::move(formatter), std::move(*log)));
}

}  // namespace polydem
