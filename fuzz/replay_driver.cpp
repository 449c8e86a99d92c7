// Runs a libFuzzer entry point without libFuzzer: every file of a corpus
// directory, then N seeded byte-level mutations of them (flip, insert, delete,
// splice). A crash or an escaped exception fails the test; the fuzz target
// itself must turn every bad input into a handled error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::string> read_corpus(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // deterministic order
  std::vector<std::string> corpus;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return corpus;
}

std::string mutate(std::string input, const std::vector<std::string>& corpus,
                   std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  const char interesting[] = ":-[]{}#&*!|>'\"\n\t 0123456789.eE+,\\\xff";
  int edits = 1 + static_cast<int>(pick(8));
  for (int k = 0; k < edits; ++k) {
    switch (pick(4)) {
      case 0:
        if (!input.empty()) input[pick(input.size())] = interesting[pick(sizeof(interesting) - 1)];
        break;
      case 1:
        input.insert(input.begin() + static_cast<long>(pick(input.size() + 1)),
                     interesting[pick(sizeof(interesting) - 1)]);
        break;
      case 2:
        if (!input.empty()) input.erase(pick(input.size()), 1 + pick(16));
        break;
      default: {
        const std::string& other = corpus[pick(corpus.size())];
        if (other.empty()) break;
        std::size_t from = pick(other.size());
        input.insert(pick(input.size() + 1), other.substr(from, 1 + pick(64)));
      }
    }
  }
  return input;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [MUTATIONS]\n", argv[0]);
    return 2;
  }
  auto corpus = read_corpus(argv[1]);
  if (corpus.empty()) {
    std::fprintf(stderr, "%s: empty corpus\n", argv[1]);
    return 2;
  }
  long mutations = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 1000;
  for (const auto& input : corpus)
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  std::mt19937_64 rng(20261122);
  for (long k = 0; k < mutations; ++k) {
    std::string input = mutate(corpus[k % static_cast<long>(corpus.size())], corpus, rng);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  }
  std::printf("replayed %zu corpus inputs and %ld mutations\n", corpus.size(), mutations);
  return 0;
}
