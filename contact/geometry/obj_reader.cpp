#include "contact/geometry/obj_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <set>

#include "contact/geometry/text_tokens.hpp"
#include "src/core/errors.hpp"
#include "src/core/file_bytes.hpp"

namespace polydem {
namespace {

// Statements that carry no surface geometry (texture, normals, grouping,
// materials, smoothing, polylines, points).
const std::set<std::string_view> kIgnoredStatements = {"vt", "vn", "vp", "g",      "o",
                                                       "s",  "l",  "p",  "usemtl", "mtllib"};

struct FaceCorner {
  std::int64_t index = 0;  ///< 0-based position, already resolved from negative form
  TextToken token;
};

class ObjParser {
 public:
  ObjParser(std::string_view text, const std::string& file)
      : tokens_(tokenize(text)), file_(file) {}

  TriangleMesh parse(double weld_tolerance) {
    std::size_t k = 0;
    while (k < tokens_.size()) {
      std::size_t end = k;
      while (end < tokens_.size() && tokens_[end].line == tokens_[k].line) ++end;
      std::size_t comment = k;
      while (comment < end && tokens_[comment].text.front() != '#') ++comment;
      if (comment > k) parse_statement(k, comment);
      k = end;
    }
    if (triangles_.empty()) throw InputError(SourceMark{file_}, "", "OBJ without faces");
    check_indices();
    std::vector<std::array<int, 3>> triangles;
    triangles.reserve(triangles_.size());
    for (const auto& corners : triangles_)
      triangles.push_back({static_cast<int>(corners[0].index), static_cast<int>(corners[1].index),
                           static_cast<int>(corners[2].index)});
    return weld_vertices(positions_, triangles, weld_tolerance);
  }

 private:
  void parse_statement(std::size_t begin, std::size_t end) {
    std::string_view keyword = tokens_[begin].text;
    if (keyword == "v") return parse_vertex(begin, end);
    if (keyword == "f") return parse_face(begin, end);
    if (kIgnoredStatements.count(keyword)) return;
    throw InputError(mark_of(file_, tokens_[begin]), "",
                     concat({"unsupported OBJ statement ", quote(keyword)}));
  }

  // "v x y z [w]" and the common "v x y z r g b" colour extension.
  void parse_vertex(std::size_t begin, std::size_t end) {
    std::size_t count = end - begin - 1;
    if (count < 3 || count > 7)
      throw InputError(
          mark_of(file_, tokens_[begin]), "v",
          concat({"expected 3 coordinates, found ", std::to_string(count), " values"}));
    Vec3 position;
    for (int k = 0; k < 3; ++k)
      position[k] = parse_finite_double(tokens_[begin + 1 + k], file_, "v");
    for (std::size_t k = begin + 4; k < end; ++k) parse_finite_double(tokens_[k], file_, "v");
    positions_.push_back(position);
  }

  void parse_face(std::size_t begin, std::size_t end) {
    if (end - begin - 1 < 3)
      throw InputError(mark_of(file_, tokens_[begin]), "f", "a face needs at least 3 vertices");
    std::vector<FaceCorner> corners;
    for (std::size_t k = begin + 1; k < end; ++k) corners.push_back(parse_corner(tokens_[k]));
    for (std::size_t k = 1; k + 1 < corners.size(); ++k)
      triangles_.push_back({corners[0], corners[k], corners[k + 1]});
  }

  // "i", "i/t", "i//n" or "i/t/n": only i matters.
  FaceCorner parse_corner(const TextToken& token) {
    std::string_view text = token.text;
    std::size_t slash = text.find('/');
    std::int64_t index = parse_index(token, text.substr(0, slash));
    if (slash != std::string_view::npos) check_attribute_indices(token, text.substr(slash + 1));
    if (index == 0)
      throw InputError(mark_of(file_, token), "f", "vertex index 0 (OBJ counts from 1)");
    std::int64_t resolved =
        index > 0 ? index - 1 : static_cast<std::int64_t>(positions_.size()) + index;
    if (resolved < 0)
      throw InputError(
          mark_of(file_, token), "f",
          concat({"relative index ", std::to_string(index), " reaches before the first vertex"}));
    return {resolved, token};
  }

  void check_attribute_indices(const TextToken& token, std::string_view rest) {
    std::size_t slash = rest.find('/');
    if (slash != std::string_view::npos &&
        rest.substr(slash + 1).find('/') != std::string_view::npos)
      throw InputError(mark_of(file_, token), "f", concat({"too many '/' in ", quote(token.text)}));
    std::string_view texture = rest.substr(0, slash);
    if (!texture.empty()) parse_index(token, texture);
    if (slash != std::string_view::npos) parse_index(token, rest.substr(slash + 1));
  }

  std::int64_t parse_index(const TextToken& token, std::string_view text) {
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() ||
        value > INT32_MAX || value < -INT32_MAX)
      throw InputError(mark_of(file_, token), "f",
                       concat({"expected an integer index in ", quote(token.text)}));
    return value;
  }

  // Positive indices may refer to vertices defined later in the file, so ranges
  // are checked once everything is read.
  void check_indices() const {
    for (const auto& corners : triangles_)
      for (const FaceCorner& corner : corners)
        if (corner.index >= static_cast<std::int64_t>(positions_.size()))
          throw InputError(mark_of(file_, corner.token), "f",
                           concat({"vertex index ", std::to_string(corner.index + 1), " but only ",
                                   std::to_string(positions_.size()), " vertices"}));
  }

  std::vector<TextToken> tokens_;
  std::string file_;
  std::vector<Vec3> positions_;
  std::vector<std::array<FaceCorner, 3>> triangles_;
};

}  // namespace

TriangleMesh parse_obj(std::string_view text, const std::string& source_name,
                       double weld_tolerance) {
  return ObjParser(text, source_name).parse(weld_tolerance);
}

TriangleMesh read_obj(const std::string& path, double weld_tolerance) {
  return parse_obj(read_file_bytes(path), path, weld_tolerance);
}

}  // namespace polydem
