// Error categories that map onto the command line's exit codes:
// InputError -> 2 (bad deck, mesh or command line), EnvironmentError -> 2 (the
// machine refused: an output path, a full disk, a missing program), SolverGaveUp
// -> 3, LibraryError -> 1 (like any other failure, but reported as the library's own).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace polydem {

/// Where a value came from in an input file (1-based line and column; 0 when unknown).
struct SourceMark {
  std::string file;
  int line = 0;
  int column = 0;

  /// "file:line:column", "file:line" without a column, or just "file" without a line.
  std::string str() const;
};

/// Bad input: deck, mesh or command line. The message names file, line and key.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  InputError(const SourceMark& where, const std::string& key, const std::string& message);
};

/// build(), with an InputError it throws prefixed by where the deck asked for
/// it and what it was ("deck.yaml:12:5: shape 'cube': ..."): mesh and generator
/// problems name the mesh, the deck names the entry.
template <class Build>
auto with_input_context(const SourceMark& mark, const std::string& what, Build build) {
  try {
    return build();
  } catch (const InputError& error) {
    throw InputError(mark.str() + ": " + what + ": " + error.what());
  }
}

/// The machine refused what a run needs: a path that cannot be created or written, a full
/// disk, a missing program or module. The message names the path (or what is missing). Not
/// a bug, and the user can fix it, hence exit code 2 like bad input.
class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `text` quoted for a message, cut to its first `limit` bytes (and its length added),
/// so that a message about a huge value (a field of a corrupt file) stays one readable line.
std::string quoted_excerpt(std::string_view text, std::size_t limit = 60);

/// The time integrator could not continue (Δt fell below its minimum).
class SolverGaveUp : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A library polydem calls (PETSc, MPI) reported an error; the message is the library's.
class LibraryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace polydem
