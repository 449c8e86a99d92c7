#include "src/model/dof_map.hpp"

namespace polydem {

void DofMap::number_equations() {
  equation_count_ = 0;
  for (int& e : equation_)
    if (e != kConstrained) e = equation_count_++;
}

}  // namespace polydem
