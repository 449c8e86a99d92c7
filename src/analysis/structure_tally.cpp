#include "src/analysis/structure_tally.hpp"

#include <algorithm>

namespace polydem {
namespace {

template <class T, class U>
void keep_larger(T& kept, U now) {
  kept = std::max(kept, static_cast<T>(now));
}

}  // namespace

void tally_structures(long matrix_entries, double assembly_bytes, const Model& model,
                      RunTotals& totals) {
  keep_larger(totals.largest_tangent_entries, matrix_entries);
  StructureBytes& largest = totals.largest_structures;
  keep_larger(largest.assembly, assembly_bytes);
  if (!model.contact) return;
  keep_larger(totals.largest_contact_elements, model.contact->elements().size());
  const ContactMemory memory = model.contact->memory();
  keep_larger(largest.contact_histories, memory.histories);
  keep_larger(largest.contact_pairs, memory.pair_elements);
  keep_larger(largest.candidate_data, memory.candidate_data);
  keep_larger(largest.search_lists, memory.search_lists);
}

void copy_structures(const RunTotals& from, RunTotals& to) {
  to.largest_tangent_entries = from.largest_tangent_entries;
  to.largest_contact_elements = from.largest_contact_elements;
  to.largest_structures = from.largest_structures;
}

}  // namespace polydem
