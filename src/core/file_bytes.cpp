#include "src/core/file_bytes.hpp"

#include <fstream>
#include <iterator>

#include "src/core/errors.hpp"

namespace polydem {

std::string read_file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceMark{path}, "", "cannot open file");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(SourceMark{path}, "", "read error");
  return bytes;
}

}  // namespace polydem
