// "Did you mean" hints for misspelt keys and names.
#pragma once

#include <string>
#include <vector>

namespace polydem {

/// The candidate closest to `word` by edit distance when it is close enough to
/// be a plausible misspelling; empty otherwise.
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

/// " (did you mean 'x'?)" or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace polydem
