// Plots of result files through gnuplot (Debian gnuplot-nox, pngcairo terminal): writes a
// gnuplot script next to the results, then runs it to render a PNG.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::cli {

struct PlotRequest {
  std::filesystem::path csv;    // the results
  std::filesystem::path script; // the gnuplot script to write
  std::filesystem::path png;    // the image to render
  std::string title;
  struct Series {
    std::string name;
    int column;                     // 1-based CSV column; time is column 1
    std::filesystem::path csv = {}; // where the series is, when not in the request's csv
  };
  std::vector<Series> series; // plotted over time
};

/// Writes the script and runs gnuplot on it. Returns an error message when the script cannot
/// be written or gnuplot fails (the script stays for the user to run by hand).
std::optional<std::string> plotResults(const PlotRequest& request);

} // namespace mocc::cli
