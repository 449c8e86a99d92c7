#include "src/params/suggest.hpp"

#include <algorithm>
#include <numeric>

namespace polydem {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  // Deck keys are short; anything longer than this is not a misspelt key.
  if (word.size() > 64) return {};
  std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const auto& candidate : candidates) {
    std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string match = closest_match(word, candidates);
  return match.empty() ? std::string() : " (did you mean '" + match + "'?)";
}

}  // namespace polydem
