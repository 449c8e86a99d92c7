// Checks a YAML tree against the declarations and produces the ParamSet tree:
// unknown keys (with a "did you mean"), wrong types, missing required keys,
// out-of-range values, then each object's own `complete` checks.
#pragma once

#include <string>

#include "src/deck/yaml_tree.hpp"
#include "src/params/param_set.hpp"
#include "src/params/registry.hpp"

namespace polydem {

/// Reads `node` as an object of `schema`; `path` names it in messages ("" for the root).
ParamSet read_object(const YamlNode& node, const ObjectSchema& schema,
                     const SchemaRegistry& registry, const std::string& path);

}  // namespace polydem
