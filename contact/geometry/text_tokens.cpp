#include "contact/geometry/text_tokens.hpp"

#include <charconv>
#include <cmath>

namespace polydem {

std::vector<TextToken> tokenize(std::string_view text) {
  std::vector<TextToken> tokens;
  int line = 1;
  int column = 1;
  std::size_t start = std::string_view::npos;
  int start_column = 0;
  auto close_token = [&](std::size_t end) {
    if (start == std::string_view::npos) return;
    tokens.push_back({text.substr(start, end - start), line, start_column});
    start = std::string_view::npos;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      close_token(i);
      if (c == '\n') {
        ++line;
        column = 0;
      }
    } else if (start == std::string_view::npos) {
      start = i;
      start_column = column;
    }
    ++column;
  }
  close_token(text.size());
  return tokens;
}

SourceMark mark_of(const std::string& file, const TextToken& token) {
  return SourceMark{file, token.line, token.column};
}

std::string concat(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view part : parts) text.append(part);
  return text;
}

std::string quote(std::string_view text) {
  std::string shown;
  for (char c : text.substr(0, 32)) shown += (c >= 32 && c < 127) ? c : '?';
  if (text.size() > 32) shown += "...";
  return concat({"'", shown, "'"});
}

double parse_finite_double(const TextToken& token, const std::string& file,
                           const std::string& key) {
  std::string_view text = token.text;
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);  // from_chars rejects '+'
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
    throw InputError(mark_of(file, token), key,
                     concat({"expected a finite number, found ", quote(token.text)}));
  return value;
}

}  // namespace polydem
