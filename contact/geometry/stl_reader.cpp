#include "contact/geometry/stl_reader.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

#include "contact/geometry/text_tokens.hpp"
#include "src/core/errors.hpp"
#include "src/core/file_bytes.hpp"

namespace polydem {
namespace {

constexpr std::size_t kHeaderBytes = 84;    // 80-byte header + uint32 triangle count
constexpr std::size_t kTriangleBytes = 50;  // normal, 3 corners (12 floats) + uint16 attribute

std::uint32_t little_endian_u32(std::string_view bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (int k = 3; k >= 0; --k)
    value = (value << 8) | static_cast<unsigned char>(bytes[offset + static_cast<std::size_t>(k)]);
  return value;
}

float little_endian_float(std::string_view bytes, std::size_t offset) {
  return std::bit_cast<float>(little_endian_u32(bytes, offset));
}

bool is_binary(std::string_view bytes) {
  if (bytes.size() < kHeaderBytes) return false;
  std::uint64_t declared = little_endian_u32(bytes, 80);
  return kHeaderBytes + kTriangleBytes * declared == bytes.size();
}

bool starts_with_solid(std::string_view bytes) {
  std::size_t first = bytes.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && bytes.substr(first, 5) == "solid";
}

[[noreturn]] void binary_error(const std::string& file, std::size_t offset,
                               const std::string& what) {
  throw InputError(SourceMark{file}, "",
                   concat({"binary STL, byte offset ", std::to_string(offset), ": ", what}));
}

TriangleMesh parse_binary(std::string_view bytes, const std::string& file, double weld_tolerance) {
  if (bytes.size() < kHeaderBytes)
    binary_error(file, bytes.size(),
                 "file ends inside the 84-byte header (not ASCII STL either: no 'solid')");
  std::uint64_t declared = little_endian_u32(bytes, 80);
  std::uint64_t expected = kHeaderBytes + kTriangleBytes * declared;
  if (expected != bytes.size())
    binary_error(file, std::min<std::uint64_t>(expected, bytes.size()),
                 concat({"header declares ", std::to_string(declared), " triangles (",
                         std::to_string(expected), " bytes) but the file has ",
                         std::to_string(bytes.size()), " bytes"}));
  if (declared == 0) binary_error(file, 80, "no triangles");

  std::vector<Vec3> corners;
  std::vector<std::array<int, 3>> triangles;
  corners.reserve(3 * declared);
  triangles.reserve(declared);
  for (std::size_t t = 0; t < declared; ++t) {
    std::size_t record = kHeaderBytes + kTriangleBytes * t;
    for (int c = 0; c < 3; ++c) {
      Vec3 corner;
      for (int k = 0; k < 3; ++k) {
        std::size_t offset =
            record + 12 + 12 * static_cast<std::size_t>(c) + 4 * static_cast<std::size_t>(k);
        corner[k] = little_endian_float(bytes, offset);
        if (!std::isfinite(corner[k]))
          binary_error(file, offset,
                       concat({"triangle ", std::to_string(t), ": non-finite coordinate"}));
      }
      corners.push_back(corner);
    }
    int first = static_cast<int>(3 * t);
    triangles.push_back({first, first + 1, first + 2});
  }
  return weld_vertices(corners, triangles, weld_tolerance);
}

// Recursive-descent reader over the ASCII grammar
//   solid [name] { facet normal n n n outer loop vertex x y z (×3) endloop endfacet } endsolid
//   [name]
// repeated for files that concatenate several solids.
class AsciiStlParser {
 public:
  AsciiStlParser(std::string_view text, const std::string& file)
      : tokens_(tokenize(text)), file_(file) {}

  TriangleMesh parse(double weld_tolerance) {
    while (position_ < tokens_.size()) parse_solid();
    if (triangles_.empty()) throw InputError(SourceMark{file_}, "", "ASCII STL without facets");
    return weld_vertices(corners_, triangles_, weld_tolerance);
  }

 private:
  void parse_solid() {
    skip_rest_of_line(expect("solid"));  // the name may contain spaces
    while (peek_is("facet")) parse_facet();
    skip_rest_of_line(expect("endsolid"));
  }

  void parse_facet() {
    expect("facet");
    expect("normal");
    for (int k = 0; k < 3; ++k)
      parse_finite_double(next("normal component"), file_, "facet normal");
    expect("outer");
    expect("loop");
    int first = static_cast<int>(corners_.size());
    for (int c = 0; c < 3; ++c) {
      expect("vertex");
      Vec3 corner;
      for (int k = 0; k < 3; ++k)
        corner[k] = parse_finite_double(next("coordinate"), file_, "vertex");
      corners_.push_back(corner);
    }
    expect("endloop");
    expect("endfacet");
    triangles_.push_back({first, first + 1, first + 2});
  }

  const TextToken& next(const std::string& what) {
    if (position_ >= tokens_.size()) {
      int last_line = tokens_.empty() ? 1 : tokens_.back().line;
      throw InputError(SourceMark{file_, last_line, 0}, "",
                       concat({"unexpected end of file, expected ", what}));
    }
    return tokens_[position_++];
  }

  const TextToken& expect(std::string_view keyword) {
    const TextToken& token = next(concat({"'", keyword, "'"}));
    if (token.text != keyword)
      throw InputError(mark_of(file_, token), "",
                       concat({"expected '", keyword, "', found ", quote(token.text)}));
    return token;
  }

  bool peek_is(std::string_view keyword) const {
    return position_ < tokens_.size() && tokens_[position_].text == keyword;
  }

  void skip_rest_of_line(const TextToken& token) {
    while (position_ < tokens_.size() && tokens_[position_].line == token.line) ++position_;
  }

  std::vector<TextToken> tokens_;
  std::string file_;
  std::size_t position_ = 0;
  std::vector<Vec3> corners_;
  std::vector<std::array<int, 3>> triangles_;
};

}  // namespace

TriangleMesh parse_stl(std::string_view bytes, const std::string& source_name,
                       double weld_tolerance) {
  if (is_binary(bytes)) return parse_binary(bytes, source_name, weld_tolerance);
  if (starts_with_solid(bytes)) return AsciiStlParser(bytes, source_name).parse(weld_tolerance);
  return parse_binary(bytes, source_name, weld_tolerance);
}

TriangleMesh read_stl(const std::string& path, double weld_tolerance) {
  return parse_stl(read_file_bytes(path), path, weld_tolerance);
}

}  // namespace polydem
