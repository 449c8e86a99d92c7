// The contact domain (SearchSettings::domain): bodies whose pole leaves it are
// reported, never dropped. The linked cells of the search (paper §2.6.2) need
// no domain, so a body outside is searched like any other; the report counts
// its exits and warns of the first ones.
#pragma once

#include <string>
#include <vector>

#include "contact/set/contact_scene.hpp"

namespace polydem {

/// Bodies that left SearchSettings::domain: one warning per exit (the first kMaxWarnings).
struct DomainReport {
  static constexpr long kMaxWarnings = 100;
  long exits = 0;       ///< times a body's pole went from inside the domain to outside
  int outside_now = 0;  ///< bodies outside at the last accepted state
  std::vector<std::string> warnings;
};

class DomainWatch {
 public:
  /// `scene` must outlive the watch.
  explicit DomainWatch(const ContactScene& scene)
      : scene_(scene), outside_(scene.bodies().size(), false) {}

  /// Reports bodies whose pole at the end of ctx's step has left the domain.
  void note_exits(const StepContext& ctx);
  const DomainReport& report() const { return report_; }

 private:
  const ContactScene& scene_;
  std::vector<bool> outside_;
  DomainReport report_;
};

}  // namespace polydem
