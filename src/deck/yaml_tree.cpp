#include "src/deck/yaml_tree.hpp"

#include <map>
#include <sstream>
#include <unordered_set>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

namespace polydem {
namespace {

SourceMark to_source_mark(const YAML::Mark& mark, const std::string& file) {
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

// yaml-cpp reports "?" for plain and "!" for quoted (non-plain) untagged nodes.
bool is_untagged(const std::string& tag) { return tag.empty() || tag == "?" || tag == "!"; }

std::size_t count_nodes(const YamlNode& node) {
  std::size_t count = 1;
  for (const auto& item : node.items) count += count_nodes(item);
  for (const auto& [key, value] : node.entries) count += count_nodes(key) + count_nodes(value);
  return count;
}

// yaml-cpp lets a quoted string run on over line breaks to its closing quote, or to the end
// of the file: a missing quote swallowed the keys after it and was reported as a missing key,
// or as a syntax error lines further on. Deck strings (names, files, types) never need a line
// break, so a quoted string that does not end on its line is a missing quote, reported where
// it starts. `open` is the offset of the opening quote.
bool ends_on_its_line(std::string_view text, std::size_t open) {
  const char quote = text[open];
  for (std::size_t k = open + 1; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '\n' || c == '\r') return false;
    if (quote == '"' && c == '\\') {  // an escape: the next character is not the quote
      ++k;
      if (k < text.size() && (text[k] == '\n' || text[k] == '\r')) return false;
    } else if (c == quote) {
      if (quote == '\'' && k + 1 < text.size() && text[k + 1] == '\'') {
        ++k;  // '' stands for a single quote inside a single-quoted string
        continue;
      }
      return true;
    }
  }
  return false;
}

class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(std::string_view text, std::string file, const YamlLimits& limits)
      : text_(text), file_(std::move(file)), limits_(limits) {}

  YamlNode take_root() { return std::move(root_); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    YamlNode node;
    node.mark = source(mark);
    finish(std::move(node), anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto found = anchors_.find(anchor);
    if (found == anchors_.end())
      throw InputError(source(mark), "", "an alias may not refer to a node that contains it");
    count(mark, found->second.second);
    finish(YamlNode(found->second.first), 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    check_tag(mark, tag);
    check_quotes_end(mark, tag);
    YamlNode node;
    node.kind = YamlNode::Kind::Scalar;
    node.scalar = value;
    node.quoted = tag == "!";
    node.mark = source(mark);
    count(mark, 1);
    finish(std::move(node), anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, YamlNode::Kind::Sequence);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, YamlNode::Kind::Map);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    YamlNode node;
    std::string path;  ///< e.g. "bodies[1].loads", for messages
    YAML::anchor_t anchor = 0;
    bool has_key = false;
    YamlNode key;
    std::unordered_set<std::string> keys;
  };

  SourceMark source(const YAML::Mark& mark) const { return to_source_mark(mark, file_); }

  void check_tag(const YAML::Mark& mark, const std::string& tag) const {
    if (!is_untagged(tag))
      throw InputError(source(mark), "", "explicit YAML tags ('" + tag + "') are not supported");
  }

  // `mark` is the opening quote of a quoted scalar (where the text agrees: the check is
  // skipped where yaml-cpp counted positions otherwise, e.g. after a byte-order mark).
  void check_quotes_end(const YAML::Mark& mark, const std::string& tag) const {
    if (tag != "!" || mark.pos < 0 || static_cast<std::size_t>(mark.pos) >= text_.size()) return;
    const auto open = static_cast<std::size_t>(mark.pos);
    if (text_[open] != '"' && text_[open] != '\'') return;
    if (!ends_on_its_line(text_, open))
      throw InputError(source(mark), "",
                       "YAML syntax error: the quoted string that starts here does not end on its "
                       "line (is its closing quote missing?)");
  }

  void count(const YAML::Mark& mark, std::size_t nodes) { count(source(mark), nodes); }

  void count(const SourceMark& mark, std::size_t nodes) {
    nodes_ += nodes;
    if (nodes_ > limits_.max_nodes)
      throw InputError(mark, "",
                       "the deck expands to more than " + std::to_string(limits_.max_nodes) +
                           " YAML nodes (check anchors and aliases)");
  }

  void open(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
            YamlNode::Kind kind) {
    check_tag(mark, tag);
    if (static_cast<int>(stack_.size()) >= limits_.max_depth)
      throw InputError(source(mark), "",
                       "nesting deeper than " + std::to_string(limits_.max_depth) + " levels");
    count(mark, 1);
    Frame frame;
    frame.node.kind = kind;
    frame.node.mark = source(mark);
    frame.anchor = anchor;
    frame.path = child_path();
    stack_.push_back(std::move(frame));
  }

  // The path of the node about to be added to the innermost open container.
  std::string child_path() const {
    if (stack_.empty()) return {};
    const Frame& parent = stack_.back();
    if (parent.node.is_sequence())
      return parent.path + "[" + std::to_string(parent.node.items.size()) + "]";
    if (!parent.has_key) return parent.path;
    return parent.path.empty() ? parent.key.scalar : parent.path + "." + parent.key.scalar;
  }

  void close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    finish(std::move(frame.node), frame.anchor);
  }

  // Hands a completed node to its parent (or makes it the root).
  void finish(YamlNode node, YAML::anchor_t anchor) {
    if (anchor != 0) {
      // The stored copy costs memory too: nested anchors would otherwise copy a
      // large subtree once per level.
      std::size_t anchored = count_nodes(node);
      count(node.mark, anchored);
      anchors_[anchor] = {node, anchored};
    }
    if (stack_.empty()) {
      root_ = std::move(node);
      return;
    }
    Frame& parent = stack_.back();
    if (parent.node.kind == YamlNode::Kind::Sequence) {
      parent.node.items.push_back(std::move(node));
    } else if (!parent.has_key) {
      accept_key(parent, std::move(node));
    } else {
      // An empty value has no text of its own; point at its key instead.
      if (node.is_null()) node.mark = parent.key.mark;
      parent.node.entries.push_back({std::move(parent.key), std::move(node)});
      parent.has_key = false;
    }
  }

  void accept_key(Frame& map, YamlNode key) {
    if (!key.is_scalar())
      throw InputError(key.mark, "", "map keys must be plain names, not " + describe_kind(key));
    if (!map.keys.insert(key.scalar).second)
      throw InputError(key.mark, map.path.empty() ? key.scalar : map.path + "." + key.scalar,
                       "duplicate key in the same map");
    map.key = std::move(key);
    map.has_key = true;
  }

  std::string_view text_;
  std::string file_;
  YamlLimits limits_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, std::pair<YamlNode, std::size_t>> anchors_;
  std::size_t nodes_ = 0;
  YamlNode root_;
};

// Rejects a second document without building it.
class ExtraDocumentDetector : public YAML::EventHandler {
 public:
  explicit ExtraDocumentDetector(std::string file) : file_(std::move(file)) {}
  void OnDocumentStart(const YAML::Mark& mark) override {
    throw InputError(to_source_mark(mark, file_), "",
                     "a deck holds exactly one YAML document (found a second one)");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  std::string file_;
};

}  // namespace

std::string describe_kind(const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::Null:
      return "an empty value";
    case YamlNode::Kind::Scalar:
      return "'" + node.scalar + "'";
    case YamlNode::Kind::Sequence:
      return "a list";
    case YamlNode::Kind::Map:
      return "a map";
  }
  return "a value";
}

YamlNode parse_yaml(std::string_view text, const std::string& file_name, const YamlLimits& limits) {
  SourceMark start{file_name, 1, 1};
  if (text.size() > limits.max_bytes)
    throw InputError(start, "",
                     "the deck is larger than " + std::to_string(limits.max_bytes) + " bytes");
  std::istringstream stream{std::string(text)};
  TreeBuilder builder(text, file_name, limits);
  try {
    YAML::Parser parser(stream);
    if (!parser.HandleNextDocument(builder)) throw InputError(start, "", "the deck is empty");
    ExtraDocumentDetector extra(file_name);
    parser.HandleNextDocument(extra);
  } catch (const YAML::Exception& error) {
    throw InputError(to_source_mark(error.mark, file_name), "", "YAML syntax error: " + error.msg);
  }
  YamlNode root = builder.take_root();
  if (root.is_null()) throw InputError(start, "", "the deck is empty");
  return root;
}

}  // namespace polydem
