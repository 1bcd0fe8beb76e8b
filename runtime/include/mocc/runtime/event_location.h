// The event location methods a simulation can use (issue 5, seeds 000, 002 and 004), by the
// names the command line knows them by (--event-locator).
#pragma once

#include <span>
#include <string_view>

namespace mocc::runtime {

/// "solver" (the integrator's own root finding where it has one, else "illinois"),
/// "bisection", "illinois", "brent", "newton", "henon", "trapezoid" (the implicit generic
/// approach of seed 000, 2.2.2): in the order the CLI lists them.
std::span<const std::string_view> availableEventLocators();

} // namespace mocc::runtime
