// Whole-file reads for the mesh readers, with an InputError that names the file.
#pragma once

#include <string>

namespace polydem {

/// The file's bytes; InputError when it cannot be opened or read.
std::string read_file_bytes(const std::string& path);

}  // namespace polydem
