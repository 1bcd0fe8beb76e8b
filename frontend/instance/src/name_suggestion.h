// "Did you mean" suggestions for lookup errors: the nearest known name by edit distance.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// The candidate closest to `name` when it is close enough to be a plausible typo (edit
/// distance at most a third of the name's length, and at least 1), else nullopt.
std::optional<std::string> nearestName(const std::string& name,
                                       const std::vector<std::string>& candidates);

} // namespace mocc::frontend
