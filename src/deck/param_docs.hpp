// Markdown reference for declared deck objects and families, generated from the
// same declarations the reader checks against.
#pragma once

#include <string>

#include "src/params/registry.hpp"

namespace polydem {

/// One "## name" section with a table of the object's keys.
std::string object_markdown(const ObjectSchema& schema, const SchemaRegistry& registry);
/// One "## name" section with a subsection per type of the family.
std::string family_markdown(const PolymorphicFamily& family, const SchemaRegistry& registry);

}  // namespace polydem
