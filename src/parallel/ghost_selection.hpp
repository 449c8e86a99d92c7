// Ghost bodies of a process under domain decomposition: the bodies of other
// processes that its contact search must see, chosen like a Verlet list of
// bodies so that one choice holds for many steps.
//
// At the choice every body gets an allowance A = (largest search margin m) + δ,
// δ the Verlet margin. A pair the search can report, even at a list build
// (list margins L = 1.5m + δ/2, contact_search.hpp), has
// |c_a − c_b| ≤ r_a + r_b + skin + L_a + L_b. While every body keeps
// D + L ≤ 2A, D its displacement since the choice,
// the centres at the choice were at most r_a + r_b + skin + 4A apart. So the
// ghosts are the other bodies whose centre then lay within R + r_b + skin + 4A
// of the box around the process's own centres (R its largest bounding radius),
// and they hold while every body keeps to its allowance.
#pragma once

#include <span>
#include <vector>

#include "contact/search/search_scene.hpp"

namespace polydem {

struct GhostChoice {
  std::vector<int> searched;    ///< the process's bodies with a shape and its ghosts, ascending
  std::vector<char> owned;      ///< per searched body: 1 when the process owns it
  std::vector<Vec3> chosen_at;  ///< per searched body: its centre at the choice
  double allowance = 0;         ///< A (m)
  std::size_t owned_count = 0;

  std::size_t ghost_count() const { return searched.size() - owned_count; }
};

/// The choice for a process owning the bodies `owned_body` marks (per body),
/// from every body placed for a search (`every`).
GhostChoice choose_ghosts(const SearchScene& every, std::span<const char> owned_body,
                          double verlet_margin);

/// Whether a body placed as `now` keeps to the allowance, its centre having
/// been at `chosen_at` at the choice.
bool keeps_to_allowance(const SearchObject& now, const Vec3& chosen_at, double verlet_margin,
                        double allowance);

}  // namespace polydem
