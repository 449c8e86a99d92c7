// A small, owned YAML document tree built from yaml-cpp's event parser.
// We do not use YAML::Load because its node graph hides what the deck reader
// must reject or report: duplicate map keys (kept silently), aliases (shared
// nodes, so a "billion laughs" deck or a self-referencing anchor would make a
// recursive walk explode), quoted versus plain scalars, and explicit tags.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "src/core/errors.hpp"

namespace polydem {

struct YamlEntry;

struct YamlNode {
  enum class Kind { Null, Scalar, Sequence, Map };

  Kind kind = Kind::Null;
  std::string scalar;           ///< the text of a scalar
  bool quoted = false;          ///< a quoted scalar is always a string, never a number or boolean
  SourceMark mark;              ///< 1-based position of the node's first character
  std::vector<YamlNode> items;  ///< sequence items
  std::vector<YamlEntry> entries;  ///< map entries, keys are unique scalars

  bool is_map() const { return kind == Kind::Map; }
  bool is_sequence() const { return kind == Kind::Sequence; }
  bool is_scalar() const { return kind == Kind::Scalar; }
  bool is_null() const { return kind == Kind::Null; }
};

struct YamlEntry {
  YamlNode key;
  YamlNode value;
};

/// Limits that keep a hostile deck from exhausting time, memory or stack.
struct YamlLimits {
  std::size_t max_bytes = 4u << 20;
  std::size_t max_nodes = 200000;  ///< counting every copy an alias makes
  int max_depth = 64;
};

/// Parses one YAML document. Throws InputError (file:line:col) on syntax errors,
/// an empty input, more than one document, duplicate keys, non-scalar keys,
/// explicit tags, self-referencing aliases, exceeded limits, or a quoted string
/// that does not end on its line (a missing closing quote).
YamlNode parse_yaml(std::string_view text, const std::string& file_name,
                    const YamlLimits& limits = {});

/// A short human-readable name of the node's kind ("a map", "a list", ...).
std::string describe_kind(const YamlNode& node);

}  // namespace polydem
