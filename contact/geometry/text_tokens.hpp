// Whitespace-separated tokens of a text file with their 1-based line and column,
// so that the ASCII mesh readers can name the exact place of a bad value.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "src/core/errors.hpp"

namespace polydem {

struct TextToken {
  std::string_view text;
  int line = 0;
  int column = 0;
};

/// Splits on spaces, tabs, carriage returns and newlines. Views point into `text`.
std::vector<TextToken> tokenize(std::string_view text);

/// Where `token` sits in `file`.
SourceMark mark_of(const std::string& file, const TextToken& token);

/// The token as a finite double; InputError naming file:line:column otherwise.
double parse_finite_double(const TextToken& token, const std::string& file, const std::string& key);

/// The parts joined by appending. Messages are built with it because GCC 12
/// reports a false -Wrestrict on "literal" + std::string at -O3.
std::string concat(std::initializer_list<std::string_view> parts);

/// A printable excerpt of a token for error messages (at most 32 characters).
std::string quote(std::string_view text);

}  // namespace polydem
