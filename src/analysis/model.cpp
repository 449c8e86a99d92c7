#include "src/analysis/model.hpp"

namespace polydem {

std::vector<const Element*> Model::elements() const {
  std::vector<const Element*> list;
  list.reserve(bodies.size());
  for (const auto& body : bodies) list.push_back(body.get());
  if (contact)
    for (const Element* element : contact->elements()) list.push_back(element);
  for (const RigidNode& rigid_node : rigid_nodes) {
    list.push_back(rigid_node.link.get());
    if (rigid_node.loads) list.push_back(rigid_node.loads.get());
  }
  return list;
}

}  // namespace polydem
